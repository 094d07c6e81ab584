package dragonheart

import (
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// TestChoiceClassesHaveTwins: the Princess's and the Hero's choices are choices: the same
// cards can always be played with the other choice (DH-11, DH-13, DH-22).
func TestChoiceClassesHaveTwins(t *testing.T) {
	enginetest.ChoiceTwins(t, func(seed uint64) engine.State { return newDefault(t, seed) }, 100,
		func(_ engine.State, a, b engine.Action) bool {
			const mask = 3 << choiceShift
			return a&^mask == b&^mask && a&mask != b&mask
		})
}
