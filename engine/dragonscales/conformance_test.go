package dragonscales

import (
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

func TestConformance(t *testing.T) {
	g := enginetest.Lookup(t, "dragonscales")
	for players := 1; players <= 3; players++ {
		// Only the three-player throws are secret rounds with the default rules (DS-11).
		enginetest.Run(t, g, players, nil, enginetest.Options{NoSecretRounds: players < 3})
	}
	// The two-player hand variant has secret simultaneous choices of its own (DS-16).
	p := DefaultParams()
	p.DuoHand = 3
	enginetest.Run(t, g, 2, p, enginetest.Options{})
	// The variant counting pieces regardless of adjacency.
	p = DefaultParams()
	p.DuoConnected = false
	enginetest.Run(t, g, 2, p, enginetest.Options{Games: 50, NoSecretRounds: true})
	// The secret choices asked in the reverse order.
	p = DefaultParams()
	p.SecretOrder = engine.SecretOrderReverse
	enginetest.Run(t, g, 3, p, enginetest.Options{Games: 50})
	p.DuoHand = 3
	enginetest.Run(t, g, 2, p, enginetest.Options{Games: 50})
}

// TestParams: defaults validate for every player count, every key is documented, and a
// bad value set from the command line gives one line naming the key.
func TestParams(t *testing.T) {
	g := enginetest.Lookup(t, "dragonscales")
	for players := 1; players <= 3; players++ {
		if err := DefaultParams().Validate(players); err != nil {
			t.Fatalf("defaults, %d players: %v", players, err)
		}
	}
	for _, k := range engine.ParamKeys(g) {
		if g.ParamDocs[k] == "" {
			t.Errorf("parameter %q is not documented", k)
		}
	}
	for _, tc := range []struct{ set, key string }{
		{"trioTarget=10", "trioTarget"},
		{"duoHand=9", "duoHand"},
		{`blueDeck=["net green-triangle","club"]`, "blueDeck[1]"},
		{`layout=["green-triangle"]`, "layout"},
		{"secretOrder=sideways", "secretOrder"},
	} {
		p := g.DefaultParams()
		if err := engine.SetParam(g, p, tc.set); err != nil {
			t.Fatalf("--set %s: %v", tc.set, err)
		}
		_, err := g.NewGame(p, 2, 1)
		if err == nil || !strings.Contains(err.Error(), tc.key) || strings.Contains(err.Error(), "\n") {
			t.Errorf("--set %s: error %v, want one line naming %s", tc.set, err, tc.key)
		}
	}
}
