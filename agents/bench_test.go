package agents

import (
	"flag"
	"runtime"
	"strings"
	"testing"
	"time"

	"dragonlab/engine"
)

// benchAgent times decisions of spec on positions taken along random games of every
// registered game and player count (the opening, and positions across whole games).
// For search agents (Searcher) it reports iterations per second ("iters/s").
func benchAgent(b *testing.B, spec string) {
	for _, u := range setups() {
		if *benchOnly != "" && !strings.HasPrefix(u.name, *benchOnly) {
			continue
		}
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
				srch, searches := a.(Searcher)
				var before int64
				if searches {
					before = srch.Iterations()
				}
				// The thread's CPU time per decision too: on a shared machine wall time also
				// counts the waits for a core.
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				b.ReportAllocs()
				b.ResetTimer()
				start, cpu := time.Now(), threadCPU()
				for i := 0; i < b.N; i++ {
					a.Act(states[i%len(states)], &r)
				}
				if cpu >= 0 {
					b.ReportMetric(float64(threadCPU()-cpu)/float64(b.N), "cpu-ns/op")
				}
				if searches {
					b.ReportMetric(float64(srch.Iterations()-before)/time.Since(start).Seconds(), "iters/s")
				}
			})
		}
	}
}

// -spec and -only select what BenchmarkSpec times:
//
//	go test -run '^$' -bench Spec ./agents/ -args -spec 'pimc:k=10' -only dragonheart
var (
	benchSpec = flag.String("spec", "", "agent spec timed by BenchmarkSpec")
	benchOnly = flag.String("only", "", "benchmark only the setups whose name starts with this (e.g. draco/2p)")
)

func BenchmarkMCTS(b *testing.B)              { benchAgent(b, "mcts:iters=1000") }
func BenchmarkMCTSScore(b *testing.B)         { benchAgent(b, "mcts:iters=1000,reward=score") }
func BenchmarkMCTSGreedyRollout(b *testing.B) { benchAgent(b, "mcts:iters=100,rollout=greedy") }
func BenchmarkOracle(b *testing.B)            { benchAgent(b, "oracle:iters=1000") }
func BenchmarkGreedy(b *testing.B)            { benchAgent(b, "greedy") }
func BenchmarkRandom(b *testing.B)            { benchAgent(b, "random") }

// BenchmarkSpec times the agent given by -spec (skipped without it).
func BenchmarkSpec(b *testing.B) {
	if *benchSpec == "" {
		b.Skip("no -spec given")
	}
	benchAgent(b, *benchSpec)
}

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

// BenchmarkSpecInGame times the agent given by -spec at seat 0 of whole games against
// greedy (op = one decision of seat 0, in order, so an agent that remembers the game, e.g.
// the expert's infer, does its work as in a match); cpu-ns/op is the thread's CPU time of
// those decisions alone.
//
//	go test -run '^$' -bench SpecInGame ./agents/ -args -spec 'expert:infer=0.3' -only draco/2p
func BenchmarkSpecInGame(b *testing.B) {
	if *benchSpec == "" {
		b.Skip("no -spec given")
	}
	for _, u := range setups() {
		if *benchOnly != "" && !strings.HasPrefix(u.name, *benchOnly) {
			continue
		}
		b.Run(u.name, func(b *testing.B) {
			a, g := mustParse(b, *benchSpec).New(), mustParse(b, "greedy").New()
			r, rg := engine.NewRNG(1), engine.NewRNG(2)
			s := u.newGame(b, 1)
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.ReportAllocs()
			b.ResetTimer()
			var cpu int64
			seed := uint64(1)
			for i := 0; i < b.N; {
				if s.Terminal() {
					seed++
					s.Reset(seed)
					continue
				}
				if s.ToMove() != 0 {
					s.Apply(g.Act(s, &rg))
					continue
				}
				c := threadCPU()
				act := a.Act(s, &r)
				cpu += threadCPU() - c
				s.Apply(act)
				i++
			}
			if cpu >= 0 {
				b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
