package dragonheart

import (
	"testing"

	"dragonlab/engine/enginetest"
)

func TestConformance(t *testing.T) {
	enginetest.Run(t, enginetest.Lookup(t, "dragonheart"), 2, nil, enginetest.Options{Games: 200, MaxDecisions: 400})
}
