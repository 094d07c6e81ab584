package draco

import (
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// TestChoiceClassesHaveTwins: declining a switch is a choice: the same card can always be
// played riding the free dragon instead (DR-8, DR-16).
func TestChoiceClassesHaveTwins(t *testing.T) {
	enginetest.ChoiceTwins(t, func(seed uint64) engine.State {
		s := newGame(t, 3)
		s.Reset(seed)
		return s
	}, 100, func(_ engine.State, a, b engine.Action) bool {
		return a&kindMask == b&kindMask && a&actDiscard == 0 && b&actDiscard == 0
	})
}
