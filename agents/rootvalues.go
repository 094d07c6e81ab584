package agents

import "dragonlab/engine"

// RootValue is what a search found for one root action: how often it was visited and the
// search's estimate of the deciding seat's win share after it (in [0, 1]).
type RootValue struct {
	Action engine.Action
	Visits int
	Value  float64
}

// RootReporter is implemented by search agents that can say what their search found at
// the root of a decision, after Act: the decision value statistics (how much the chosen
// move is worth over the best alternative, how often the top two moves differ a lot) are
// read from it by the runner.
type RootReporter interface {
	// ReportsRoot reports whether RootValues gives win-share estimates in s's game: a
	// search that backs up win shares (reward=win) from rollouts played to the end
	// (depth=0). A search that backs up score margins, or cuts its rollouts off and scores
	// the leaf by a squashed evaluation, values in other units: it reports nothing.
	ReportsRoot(s engine.State) bool
	// RootValues appends to buf the root actions of the search of the last Act and
	// returns it. Ask only right after an Act on a state with more than one legal action
	// (Act returns a lone legal action without searching, and leaves the tree of an
	// earlier decision in place), and keep only the actions legal in that state (a
	// reused tree may hold others).
	RootValues(buf []RootValue) []RootValue
}

var (
	_ RootReporter = (*MCTS)(nil)
	_ RootReporter = (*Expert)(nil)
)

// ReportsRoot is true for win rewards and rollouts to the end: the root values are then
// win-share estimates (the greedy prior, a squashed evaluation, only shrinks them a
// little at the start).
func (m *MCTS) ReportsRoot(engine.State) bool { return !m.Score && m.Depth == 0 }

// RootValues reports the root's children with the value the search selects by: with the
// greedy prior (Prior > 0) the mean reward shrunk towards the action's heuristic value,
// (sum + Prior·h)/(visits + Prior), every child included (an unvisited one is valued by
// its heuristic alone); without it the mean reward of every child visited at least once.
// In a round of secret choices, the seat's own statistics (simRootValues).
func (m *MCTS) RootValues(buf []RootValue) []RootValue {
	if !m.ReportsRoot(nil) || len(m.nodes) == 0 {
		return buf
	}
	if m.rootSim {
		// A secret round: the seat's own statistics, mixed play valued as mixed.
		return m.simRootValues(buf)
	}
	nodes := m.nodes
	for ch := nodes[0].child; ch >= 0; ch = nodes[ch].sibling {
		c := &nodes[ch]
		v := RootValue{Action: c.action, Visits: int(c.visits)}
		switch {
		case m.Prior > 0:
			v.Value = (c.sum + m.Prior*float64(c.prior)) / (float64(c.visits) + m.Prior)
		case c.visits > 0:
			v.Value = c.sum / float64(c.visits)
		default:
			continue
		}
		buf = append(buf, v)
	}
	return buf
}

// ReportsRoot is the search's for the settings the expert uses in s's game (it cuts
// rollouts off in some games: expert:depth=0 plays them to the end everywhere).
func (e *Expert) ReportsRoot(s engine.State) bool {
	cfg, _, err := expertConfig(e.opts, e.table, gameName(s), s.Players())
	return err == nil && cfg.ReportsRoot(s)
}

// RootValues is the search's (see MCTS.RootValues).
func (e *Expert) RootValues(buf []RootValue) []RootValue { return e.mcts.RootValues(buf) }
