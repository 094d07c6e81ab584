package redhot

import (
	"fmt"
	"testing"

	"dragonlab/engine"
)

// BenchmarkRandomGame plays whole uniform random games (Reset, Legal/Apply to the end,
// Result) and reports ns per decision.
func BenchmarkRandomGame(b *testing.B) {
	for players := 2; players <= 5; players++ {
		b.Run(fmt.Sprintf("%dp", players), func(b *testing.B) {
			s := newTest(b, players, nil)
			var buf [64]engine.Action
			var out [5]float64
			r := engine.NewRNG(1)
			decisions := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s.Reset(uint64(i))
				for !s.Terminal() {
					l := s.Legal(buf[:0])
					s.Apply(l[r.IntN(len(l))])
					decisions++
				}
				s.Result(out[:players])
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/decision")
			b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
		})
	}
}
