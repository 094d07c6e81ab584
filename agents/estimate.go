package agents

// Estimate reports what the last search of Act concluded about the action it returned:
// its mean backed-up reward for the deciding seat (with reward=win, the estimated win
// share: 1 a win, 1/k a k-way shared win) and the visits behind it; ok is false when no
// search ran yet. With a single legal action Act does not search, and Estimate still
// reports the search before it: ask a fresh agent (Factory.New) for one decision. It is
// for tools that explain a choice (the hint of `dragonlab play`), not for the hot path.
func (m *MCTS) Estimate() (value float64, visits int, ok bool) {
	if len(m.nodes) == 0 {
		return 0, 0, false
	}
	nodes := m.nodes
	best := int32(-1)
	for ch := nodes[0].child; ch >= 0; ch = nodes[ch].sibling {
		if best < 0 {
			best = ch
			continue
		}
		c, b := &nodes[ch], &nodes[best]
		if c.visits > b.visits || c.visits == b.visits && c.sum*float64(b.visits) > b.sum*float64(c.visits) {
			best = ch
		}
	}
	if best < 0 || nodes[best].visits == 0 {
		return 0, 0, false
	}
	return nodes[best].sum / float64(nodes[best].visits), int(nodes[best].visits), true
}

// Estimate is the last search's estimate (see MCTS.Estimate).
func (e *Expert) Estimate() (value float64, visits int, ok bool) { return e.mcts.Estimate() }
