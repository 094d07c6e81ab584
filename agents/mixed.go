package agents

import "dragonlab/engine"

// Mixed is implemented by agents that can say from which distribution their last
// decision was drawn. Luck accounting (sim) reads it at the decisions of a round of secret
// simultaneous choices (engine.SecretRound): there a drawn action less the value of the
// policy it was drawn from is a term of mean zero (AIVAT's correction at a decision whose
// policy is known), the guessing of the round, not the seat's skill.
type Mixed interface {
	// LastMixed writes into out (len(legal)) the probabilities with which the last Act
	// drew its action from legal, the legal actions of that decision in the engine's
	// order, and reports true; it reports false when the last action was not drawn from
	// a known mixed policy (a pure choice, or another decision's policy). It allocates
	// nothing.
	LastMixed(legal []engine.Action, out []float64) bool
}

// LastMixed: Random draws uniformly from the legal actions.
func (r *Random) LastMixed(legal []engine.Action, out []float64) bool {
	for i := range out {
		out[i] = 1 / float64(len(legal))
	}
	return len(legal) > 0
}

// LastMixed: at a secret round whose action was drawn from the purified average strategy
// (simChoice, not the safe best reply), that purified strategy, exactly as sampleMixed
// draws from it.
func (m *MCTS) LastMixed(legal []engine.Action, out []float64) bool {
	if !m.lastDrawn || m.rootN != len(legal) {
		return false
	}
	for i, a := range legal {
		if m.rootLegal[i] != a {
			return false
		}
	}
	purified(m.rootPol[:m.rootN], out)
	return true
}

// LastMixed is the expert's search's (MCTS.LastMixed).
func (e *Expert) LastMixed(legal []engine.Action, out []float64) bool {
	return e.mcts.LastMixed(legal, out)
}

// purified writes the distribution sampleMixed draws from p: the entries below
// purifyBelow dropped and the rest renormalized, or all on the first largest entry when
// every entry is below.
func purified(p, out []float64) {
	kept, top := purifiedMass(p)
	for i, x := range p {
		switch {
		case kept <= 0 && i == top:
			out[i] = 1
		case kept > 0 && x >= purifyBelow:
			out[i] = x / kept
		default:
			out[i] = 0
		}
	}
}
