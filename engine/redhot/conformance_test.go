package redhot

import (
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

func TestConformance(t *testing.T) {
	g := enginetest.Lookup(t, "redhot")
	for players := g.MinPlayers; players <= g.MaxPlayers; players++ {
		enginetest.Run(t, g, players, nil, enginetest.Options{Games: 200, MaxDecisions: 2000})
	}
	// The secret choices of RH-9 asked in the reverse order.
	p := DefaultParams()
	p.SecretOrder = engine.SecretOrderReverse
	for _, players := range []int{2, 4} {
		enginetest.Run(t, g, players, p, enginetest.Options{Games: 50, MaxDecisions: 2000})
	}
}
