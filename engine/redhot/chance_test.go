package redhot

import (
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// nextOutcome is the outcome the pending event is about to give: the top card of the
// deck, or (from a copy of the chance stream) the flame's throw as the listed outcome
// with its power and range, or the sum of the king's dice.
func nextOutcome(st engine.State) uint32 {
	s := st.(*State)
	rng := s.rng
	switch s.ch.Kind {
	case chCard:
		return uint32(s.deck[s.top])
	case chKing:
		return uint32(rollDie(&rng) + rollDie(&rng))
	}
	if s.anger {
		return diceCode([3]uint8{rollDie(&rng), rollDie(&rng), 0})
	}
	d := dice3[rng.IntN(216)].sorted
	for _, o := range flameOutcomes[s.powSel][s.rngSel] {
		e := dice3[int(o.d[0]-1)*36+int(o.d[1]-1)*6+int(o.d[2]-1)].sorted
		if e[s.powSel] == d[s.powSel] && e[s.rngSel] == d[s.rngSel] {
			return diceCode(o.d)
		}
	}
	return 0
}

// TestChanceLawsExact: the Dragon cards turned (the fury among the last cards, RH-6), the
// flames' dice and the king's reward follow the listed probabilities exactly.
func TestChanceLawsExact(t *testing.T) {
	for _, players := range []int{2, 4} {
		s, err := New(DefaultParams(), players)
		if err != nil {
			t.Fatal(err)
		}
		enginetest.CheckChanceCodes(t, s, 3000, nextOutcome)
	}
}
