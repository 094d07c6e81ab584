package redhot

import (
	"testing"

	"dragonlab/engine/enginetest"
)

func TestConformance(t *testing.T) {
	g := enginetest.Lookup(t, "redhot")
	for players := g.MinPlayers; players <= g.MaxPlayers; players++ {
		enginetest.Run(t, g, players, nil, enginetest.Options{Games: 200, MaxDecisions: 2000})
	}
}
