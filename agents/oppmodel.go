package agents

import (
	"fmt"
	"slices"

	"dragonlab/engine"
)

// Opponent modelling inside the tree (the expert's option opp).
//
// SO-ISMCTS keeps one node per action of another seat, whatever that seat holds in the
// iteration's determinization, and selects among those nodes by UCB on statistics pooled
// over every determinization: the modelled opponent plays as if it did not know its own
// hand (strategy fusion; Cowling, Powley & Whitehouse 2012, section on MO-ISMCTS). In a
// game whose turns play a card from a hidden hand (Draco) the searching seat then meets,
// in its tree, an opponent much weaker than a real one, who plays what is good for the
// cards it holds.
//
// With opp=greedy the other seats' moves inside the tree are chosen by a policy that
// looks at the determinized state (so at the hand the iteration dealt them): the greedy
// one-move lookahead (the evaluation the greedy agent and the prior use), with probability
// oppeps a uniform legal move instead. With opp=prior they keep UCB over the pooled
// statistics, but the prior term is recomputed on each determinization (the squashed
// one-move evaluation of each legal move of that hand, weighted as oppw virtual visits):
// a stronger, hand-aware prior at the other seats' nodes only. The searching seat's own
// nodes are unchanged. Both use only the iteration's own determinization (re-dealt from
// what the searching seat sees), never the true hidden state.
const (
	oppTree   = iota // the other seats select by UCB on pooled statistics (SO-ISMCTS; the default)
	oppGreedy        // epsilon-greedy on the determinized state
	oppPrior         // UCB with the prior recomputed on each determinization
)

var oppModes = []string{"tree", "greedy", "prior"}

// oppModel is the expert's opponent model (options opp, oppeps, oppw).
type oppModel struct {
	mode int
	eps  float64 // oppGreedy: probability of a uniform move
	w    float64 // oppPrior: virtual visits of the per-determinization prior
}

// oppOptions are the expert's options of the opponent model.
func oppOptions() []Option {
	return []Option{
		{Name: "opp", Default: "tree", Doc: "the other seats' moves inside the search tree: tree (UCB on statistics pooled over " +
			"determinizations, as before), greedy (the greedy one-move lookahead on the iteration's determinization, i.e. " +
			"on the hand it dealt them; oppeps uniform) or prior (UCB with a prior recomputed on each determinization, " +
			"weight oppw)"},
		{Name: "oppeps", Default: "0", Doc: "with opp=greedy: probability of a uniform random move instead of the greedy one, 0 to 1"},
		{Name: "oppw", Default: "2", Doc: "with opp=prior: virtual visits of the per-determinization prior at the other seats' nodes, 0.01 to 1e6"},
	}
}

// parseOpp reads the opponent-model options; at their defaults they are dropped from the
// canonical spec (the expert every earlier result names keeps its spec text).
func parseOpp(opts map[string]string) (oppModel, error) {
	mode, err := ChoiceOption(opts, "opp", oppModes...)
	if err != nil {
		return oppModel{}, err
	}
	eps, err := FloatOption(opts, "oppeps", 0, 1)
	if err != nil {
		return oppModel{}, err
	}
	w, err := FloatOption(opts, "oppw", 0.01, 1e6)
	if err != nil {
		return oppModel{}, err
	}
	var o oppModel
	switch mode {
	case "tree":
		if eps != 0 || w != 2 {
			return oppModel{}, fmt.Errorf("options oppeps and oppw need opp=greedy or opp=prior")
		}
		delete(opts, "opp")
		delete(opts, "oppeps")
		delete(opts, "oppw")
		return o, nil
	case "greedy":
		if w != 2 {
			return oppModel{}, fmt.Errorf("option oppw needs opp=prior")
		}
		o = oppModel{mode: oppGreedy, eps: eps}
		canonFloat(opts, "oppeps", eps)
		delete(opts, "oppw")
	case "prior":
		if eps != 0 {
			return oppModel{}, fmt.Errorf("option oppeps needs opp=greedy")
		}
		o = oppModel{mode: oppPrior, w: w}
		canonFloat(opts, "oppw", w)
		delete(opts, "oppeps")
	}
	return o, nil
}

// descendOpp handles the visit of node cur by another seat than the searching one (mover,
// with the given legal actions in st, the iteration's determinization) under the opponent
// model. It returns the chosen child and whether it was just created (or, when the arena is
// full and the move has no node, -(index in legal)-1), as descend does.
func (m *MCTS) descendOpp(st engine.State, cur int32, legal []engine.Action, mover int32, rng *engine.RNG) (int32, bool) {
	if m.Opp == oppPrior {
		return m.descendPrior(st, cur, legal, mover, rng, m.OppW, true)
	}
	i := 0
	switch {
	case len(legal) == 1:
	case m.OppEps > 0 && rng.Float64() < m.OppEps:
		i = rng.IntN(len(legal))
	default:
		// Greedy on the iteration's determinization: the hand it dealt the mover.
		i = slices.Index(legal, m.policy.choose(st, legal, rng))
	}
	a := legal[i]
	for ch := m.nodes[cur].child; ch >= 0; ch = m.nodes[ch].sibling {
		if c := &m.nodes[ch]; c.mover == mover && c.action == a {
			c.avail++
			return ch, c.visits == 0
		}
	}
	if len(m.nodes) >= m.limit {
		return int32(-i - 1), false
	}
	id := int32(len(m.nodes))
	m.nodes = append(m.nodes, node{action: a, parent: cur, child: -1,
		sibling: m.nodes[cur].child, avail: 1, mover: mover})
	m.nodes[cur].child = id
	return id, true
}
