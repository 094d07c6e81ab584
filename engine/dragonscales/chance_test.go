package dragonscales

import (
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// nextCards is the outcome code a chance event is about to give: the kind of the top card
// of its pile, or the listed outcome whose combat does what both piles' top cards do.
func nextCards(st engine.State) uint32 {
	s := st.(*State)
	kind := func(p int) uint8 { return s.r.kind[s.piles[p].top()] }
	if s.single() {
		return uint32(kind(int(s.ch.Arg)))
	}
	g := s.combatGroup(kind(0), kind(1))
	for _, o := range s.ChanceOutcomes(nil) {
		if s.combatGroup(uint8(o.Code>>8), uint8(o.Code)) == g {
			return o.Code
		}
	}
	return 1 << 31
}

// TestChanceLawsExact: in every mode, the cards turned follow the listed probabilities
// exactly (the two players' first piles draw on shared pools; the three-player piles on
// one pool of each back colour).
func TestChanceLawsExact(t *testing.T) {
	for _, tc := range []struct {
		players, hand int
		games         int
	}{{1, 0, 3000}, {2, 0, 1500}, {2, 3, 1500}, {3, 0, 3000}} {
		p := DefaultParams()
		p.DuoHand = tc.hand
		s, err := enginetest.Lookup(t, "dragonscales").NewGame(p, tc.players, 1)
		if err != nil {
			t.Fatal(err)
		}
		enginetest.CheckChanceCodes(t, s, tc.games, nextCards)
	}
}
