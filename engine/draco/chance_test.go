package draco

import (
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// nextCard is the card the pending event is about to give, read from a copy of the
// chance stream: the riding card of DR-5 (the colour order so far is rebuilt from the
// colours ridden) or the card drawn.
func nextCard(st engine.State) uint32 {
	s := st.(*State)
	rng := s.rng
	if s.ch.Kind != chRider {
		return uint32(s.pile[rng.IntN(int(s.pileLen))])
	}
	var cols [NumDragons]uint8
	for c := range cols {
		cols[c] = uint8(c)
	}
	i := int(s.ch.Arg)
	for k := 0; k < i; k++ {
		for j := k; j < NumDragons; j++ {
			if cols[j] == s.ride[k] {
				cols[k], cols[j] = cols[j], cols[k]
			}
		}
	}
	j := i + rng.IntN(NumDragons-i)
	return uint32(s.r.deck[int(cols[j])*s.r.perColour+rng.IntN(s.r.perColour)])
}

// TestChanceLawsExact: the riding cards, the opening hands and the cards drawn follow the
// listed probabilities exactly.
func TestChanceLawsExact(t *testing.T) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		s, err := New(DefaultParams(), players)
		if err != nil {
			t.Fatal(err)
		}
		enginetest.CheckChanceCodes(t, s, 600, nextCard)
	}
}
