package redhot

import (
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

func game(t testing.TB) engine.Game {
	t.Helper()
	g, err := engine.Lookup("redhot")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestConformance(t *testing.T) {
	g := game(t)
	for players := g.MinPlayers; players <= g.MaxPlayers; players++ {
		enginetest.Run(t, g, players, nil, enginetest.Options{Games: 200, MaxDecisions: 2000})
	}
}
