package dragonscales

import (
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// TestChoiceClassesHaveTwins: the Joker's operations, gestures and piles spend nothing the
// seat holds (DS-7, DS-11, DS-12, DS-17), and beside each another of them is legal; the
// hand variant's plays (DS-16) are not choices.
func TestChoiceClassesHaveTwins(t *testing.T) {
	hand := DefaultParams()
	hand.DuoHand = 3
	for _, tc := range []struct {
		players int
		p       *Params
	}{{1, nil}, {2, nil}, {2, hand}, {3, nil}} {
		enginetest.ChoiceTwins(t, func(seed uint64) engine.State {
			s := newSub(t, tc.players, tc.p)
			s.Reset(seed)
			return s
		}, 200, func(_ engine.State, a, b engine.Action) bool {
			ka, _ := split(a)
			kb, _ := split(b)
			return ka != kPlay && kb != kPlay
		})
	}
}
