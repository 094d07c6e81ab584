package dragonscales

import (
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// nextCards is the outcome code a chance event is about to give: the kind of the top card
// of its pile, or of both piles' top cards.
func nextCards(st engine.State) uint32 {
	s := st.(*State)
	kind := func(p int) uint32 { return uint32(s.r.kind[s.piles[p].top()]) }
	if s.single() {
		return kind(int(s.ch.pile))
	}
	return kind(0)<<8 | kind(1)
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
