package agents

import "dragonlab/engine"

// SecretPolicy reports, after Act decided at a decision of a round of secret simultaneous
// choices (engine.SecretRound), the seat's mixed policy over legal (the average strategy
// the search plays from, purified as simPolicy says; it sums to 1) and the round's value
// for the seat under that policy (the policy-weighted mean reward, a win share in [0, 1]).
// ok is false when the last search did not treat the decision as a secret round. It is
// for tools that explain a choice (the hint of `dragonlab play`), never the hot path.
func (m *MCTS) SecretPolicy(seat int, legal []engine.Action) (policy []float64, value float64, ok bool) {
	if len(m.nodes) == 0 || len(legal) == 0 {
		return nil, 0, false
	}
	policy = make([]float64, len(legal))
	if !m.simPolicy(int32(seat), legal, policy) {
		return nil, 0, false
	}
	holder := m.holder(0, int32(seat), false)
	gen := m.mark(legal)
	for ch := m.nodes[holder].child; ch >= 0; ch = m.nodes[ch].sibling {
		c := &m.nodes[ch]
		if i := m.lookup(c.action, gen); i >= 0 && c.visits > 0 {
			value += policy[i] * m.statValue(c)
		}
	}
	return policy, value, true
}

// SecretPolicy is the last search's mixed policy at a secret round (see MCTS.SecretPolicy).
func (e *Expert) SecretPolicy(seat int, legal []engine.Action) ([]float64, float64, bool) {
	return e.mcts.SecretPolicy(seat, legal)
}
