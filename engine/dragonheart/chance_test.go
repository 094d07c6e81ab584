package dragonheart

import (
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// TestChanceLawsExact: the cards drawn (DH-4, DH-8) and the card taken by DH-14 follow the
// listed probabilities exactly.
func TestChanceLawsExact(t *testing.T) {
	s, err := New(DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	enginetest.CheckChanceCodes(t, s, 3000, func(st engine.State) uint32 {
		s := st.(*State)
		p := int(s.ch.Arg)
		if s.ch.Kind == chTheft {
			c := *s // the same stream: the card randomCard is about to pick
			return uint32(c.randomCard(p))
		}
		return uint32(s.pile[p][s.pileN[p]-1])
	})
}
