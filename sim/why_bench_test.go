package sim

import (
	"fmt"
	"math"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
	_ "dragonlab/engine/all"
)

// BenchmarkObserved measures random play in a worker (one game per iteration, every game
// and player count) with each instrumentation: "untimed" is the plain loop with no cost
// sampling at all (the speed before cost existed), "sampled" the default policy for
// random agents (one game in costSample timed), "timed" every decision timed (the policy
// when an agent is not random), "metrics" and "components" the optional aggregates.
//
//	go test ./sim/ -run '^$' -bench Observed -benchtime 2s -count 5 > new.txt; benchstat new.txt
func BenchmarkObserved(b *testing.B) {
	for _, g := range engine.Games() {
		for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
			for _, mode := range []string{"untimed", "sampled", "timed", "metrics", "components"} {
				b.Run(fmt.Sprintf("%s-%dp/%s", g.Name, n, mode), func(b *testing.B) {
					benchObserved(b, g, n, mode)
				})
			}
		}
	}
}

func benchObserved(b *testing.B, g engine.Game, n int, mode string) {
	var fs []agents.Factory
	for range n {
		f, _ := agents.Parse("random")
		fs = append(fs, f)
	}
	cfg := Config{Game: g, Params: g.DefaultParams(), Players: n, Agents: fs, Seed: 1, Units: 1,
		Metrics: mode == "metrics", Components: mode == "components"}
	if err := cfg.check(); err != nil {
		b.Skip(err)
	}
	w, err := newWorker(&cfg)
	if err != nil {
		b.Fatal(err)
	}
	switch mode {
	case "untimed":
		w.obs.every, w.obs.games = math.MaxInt64, 1
	case "timed":
		w.obs.every = 1
	}
	for i := int64(0); i < 200; i++ {
		w.unit(i)
	}
	d0 := w.agg.DecisionsSum
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w.unit(int64(i))
	}
	b.StopTimer()
	if d := w.agg.DecisionsSum - d0; d > 0 {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(d), "ns/decision")
	}
}
