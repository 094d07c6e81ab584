package dragonheart

import (
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

func TestConformance(t *testing.T) {
	g, err := engine.Lookup("dragonheart")
	if err != nil {
		t.Fatal(err)
	}
	enginetest.Run(t, g, 2, nil, enginetest.Options{Games: 200, MaxDecisions: 400})
}
