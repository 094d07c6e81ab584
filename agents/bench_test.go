package agents

import (
	"testing"
	"time"

	"dragonlab/engine"
)

// benchAgent times decisions of spec on positions taken along random games of every
// registered game and player count (the opening, and positions across whole games).
// For search agents it reports iterations per second ("iters/s").
func benchAgent(b *testing.B, spec string, iters int) {
	for _, u := range setups() {
		for _, where := range []string{"opening", "game"} {
			b.Run(u.name+"/"+where, func(b *testing.B) {
				var states []engine.State
				if where == "opening" {
					states = []engine.State{u.opening(b)}
				} else {
					states = u.positions(b, []uint64{1, 2, 3, 4}, 8)
				}
				if len(states) == 0 {
					b.Skip("no position with a choice in these games")
				}
				a := mustParse(b, spec).New()
				r := engine.NewRNG(1)
				for _, s := range states {
					a.Act(s, &r)
				}
				b.ReportAllocs()
				b.ResetTimer()
				start := time.Now()
				for i := 0; i < b.N; i++ {
					a.Act(states[i%len(states)], &r)
				}
				if iters > 0 {
					b.ReportMetric(float64(iters)*float64(b.N)/time.Since(start).Seconds(), "iters/s")
				}
			})
		}
	}
}

func BenchmarkMCTS(b *testing.B)              { benchAgent(b, "mcts:iters=1000", 1000) }
func BenchmarkMCTSScore(b *testing.B)         { benchAgent(b, "mcts:iters=1000,reward=score", 1000) }
func BenchmarkMCTSGreedyRollout(b *testing.B) { benchAgent(b, "mcts:iters=100,rollout=greedy", 100) }
func BenchmarkOracle(b *testing.B)            { benchAgent(b, "oracle:iters=1000", 1000) }
func BenchmarkGreedy(b *testing.B)            { benchAgent(b, "greedy", 0) }
func BenchmarkRandom(b *testing.B)            { benchAgent(b, "random", 0) }

// opening is the first position of a game (seed 1, 2 …) where the seat to move has a choice.
func (u setup) opening(t testing.TB) engine.State {
	var buf [MaxActions]engine.Action
	for seed := uint64(1); ; seed++ {
		s := u.newGame(t, seed)
		r := engine.NewRNG(seed)
		for !s.Terminal() {
			legal := s.Legal(buf[:0])
			if len(legal) > 1 {
				return s
			}
			s.Apply(legal[r.IntN(len(legal))])
		}
	}
}
