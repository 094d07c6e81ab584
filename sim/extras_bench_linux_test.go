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
// It reports CPU time per decision of the benchmark's thread (cpu_linux_test.go), steadier
// than wall time on a shared machine:
//
//	go test ./sim/ -run '^$' -bench Observed -benchtime 0.3s -count 10 > obs.txt; benchstat -col /mode obs.txt
func BenchmarkObserved(b *testing.B) {
	// Every registered game: the four and the tests' toys (the tracking toy shows the
	// runner's own part of the components cost), but not the scripted game, which plays
	// only the script a test sets.
	for _, g := range engine.Games() {
		if g.Name == scriptGame.Name {
			continue
		}
		for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
			for _, mode := range []string{"untimed", "sampled", "timed", "metrics", "components"} {
				b.Run(fmt.Sprintf("game=%s-%dp/mode=%s", g.Name, n, mode), func(b *testing.B) {
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
	cpuLoop(b, func(i int) { w.unit(int64(i)) }, func() int64 { return w.agg.DecisionsSum }, "decision")
}
