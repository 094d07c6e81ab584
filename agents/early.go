package agents

// Early stop (the expert's option early). Most decisions of a game are not close: after a
// fraction of the iterations one root action leads the visit counts by more than the
// iterations left could make up, and the rest of the search cannot change the action
// played (the most visited one). Stopping there spends the time only on the decisions
// where it can still matter, so at the same time per decision on average the search can
// be given more iterations (a higher iters, now the most a decision may run). With a
// factor F below 1 the search stops sooner, when the lead exceeds F times the iterations
// left: a bet that the runner-up does not win almost every remaining iteration.
//
// It applies only where the action played is the most visited root child: not at a round
// of secret choices (simnode.go: the choice there is drawn from the regret-matching
// strategy), nor with a time budget or a reused root (whose children may include actions
// not legal now). The check is a function of the tree alone, so a search stays
// reproducible for its seed.

// earlyPoll is how many iterations run between two checks (a pass over the root's
// children; Red Hot's root has at most a few dozen).
const earlyPoll = 16

// settled reports whether the most visited root child of seat leads every other by more
// than Early × the iterations still to run after done (it then stays the most visited).
func (m *MCTS) settled(seat int32, done int) bool {
	left := float64(m.Iters - done)
	var first, second int32
	for ch := m.nodes[0].child; ch >= 0; ch = m.nodes[ch].sibling {
		c := &m.nodes[ch]
		if c.mover != seat {
			continue
		}
		if c.visits > first {
			first, second = c.visits, first
		} else if c.visits > second {
			second = c.visits
		}
	}
	return float64(first-second) > m.early*left
}

// earlyOn reports whether the search of this decision may stop early.
func (m *MCTS) earlyOn(reused bool) bool {
	return m.early > 0 && m.Budget == 0 && !m.rootSim && !reused && len(m.worlds) == 0
}
