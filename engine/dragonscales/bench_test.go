package dragonscales

import (
	"fmt"
	"testing"

	"dragonlab/engine/enginetest"
)

// BenchmarkRandomGame plays whole random games (Reset, Legal/Apply loop, Result) and
// reports ns/decision and decisions/game besides ns/op (one game).
func BenchmarkRandomGame(b *testing.B) {
	for _, tc := range []struct {
		players int
		hand    int
	}{{1, 0}, {2, 0}, {2, 3}, {3, 0}} {
		name := fmt.Sprintf("%dp", tc.players)
		if tc.hand > 0 {
			name += fmt.Sprintf("_hand%d", tc.hand)
		}
		b.Run(name, func(b *testing.B) {
			p := DefaultParams()
			p.DuoHand = tc.hand
			enginetest.BenchRandomGames(b, enginetest.Lookup(b, "dragonscales"), tc.players, p)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/float64(b.N), "µs/game")
		})
	}
}
