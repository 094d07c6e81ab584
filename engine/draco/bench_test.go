package draco

import (
	"fmt"
	"testing"

	"dragonlab/engine/enginetest"
)

// BenchmarkRandomGame plays one whole random game per iteration (Reset + Legal/Apply loop +
// Result) and reports ns per decision.
func BenchmarkRandomGame(b *testing.B) {
	for players := 2; players <= 5; players++ {
		b.Run(fmt.Sprintf("%dp", players), func(b *testing.B) {
			enginetest.BenchRandomGames(b, enginetest.Lookup(b, "draco"), players, nil)
		})
	}
}
