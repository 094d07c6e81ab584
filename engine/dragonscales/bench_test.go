package dragonscales

import (
	"fmt"
	"testing"

	"dragonlab/engine"
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
			s := newTest(b, tc.players, func(p *Params) { p.DuoHand = tc.hand })
			r := engine.NewRNG(1)
			var buf [64]engine.Action
			var out [3]float64
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
				s.Result(out[:tc.players])
			}
			if decisions > 0 {
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/decision")
			}
			b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/float64(b.N), "µs/game")
		})
	}
}
