package draco

import (
	"fmt"
	"testing"

	"dragonlab/engine"
)

// BenchmarkRandomGame plays one whole random game per iteration (Reset + Legal/Apply loop +
// Result) and reports ns per decision.
func BenchmarkRandomGame(b *testing.B) {
	for players := 2; players <= 5; players++ {
		b.Run(fmt.Sprintf("%dp", players), func(b *testing.B) {
			s := newGame(b, players)
			r := engine.NewRNG(1)
			var buf [64]engine.Action
			var out [MaxPlayers]float64
			decisions := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s.Reset(uint64(i))
				decisions += randomGame(s, &r, buf[:])
				s.Result(out[:players])
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/decision")
			b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
		})
	}
}
