package redhot

import (
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// TestChoiceClassesHaveTwins: taking or rescuing (RH-15) and the spot (RH-11) are choices:
// the other answer, or another free spot, is always legal beside them.
func TestChoiceClassesHaveTwins(t *testing.T) {
	for _, players := range []int{2, 5} {
		enginetest.ChoiceTwins(t, func(seed uint64) engine.State {
			s := newTest(t, players, nil)
			s.Reset(seed)
			return s
		}, 100, func(_ engine.State, a, b engine.Action) bool {
			princess := func(x engine.Action) bool { return x == actTake || x == actRescue }
			return a&kindMask == kindSpot && b&kindMask == kindSpot || princess(a) && princess(b)
		})
	}
}
