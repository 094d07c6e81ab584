package redhot

import (
	"fmt"
	"testing"

	"dragonlab/engine/enginetest"
)

// BenchmarkRandomGame plays whole uniform random games (Reset, Legal/Apply to the end,
// Result) and reports ns per decision.
func BenchmarkRandomGame(b *testing.B) {
	for players := 2; players <= 5; players++ {
		b.Run(fmt.Sprintf("%dp", players), func(b *testing.B) {
			enginetest.BenchRandomGames(b, enginetest.Lookup(b, "redhot"), players, nil)
		})
	}
}
