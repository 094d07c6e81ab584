package sim

import (
	"fmt"
	"runtime"
	"syscall"
	"testing"
	"unsafe"

	"dragonlab/agents"

	"dragonlab/engine"
)

// measuringLevel is the expert budget of the study's default per game (the level the
// value functions are fitted at; three-player Dragon Scales: expert:iters=60).
var measuringLevel = map[string]string{
	"dragonheart":  "expert:iters=100",
	"draco":        "expert:iters=200",
	"redhot":       "expert:iters=100",
	"dragonscales": "expert:iters=150",
}

// threadNanos is the CPU time of the calling thread in nanoseconds
// (CLOCK_THREAD_CPUTIME_ID: finer than getrusage's ticks, which a random game is shorter
// than).
func threadNanos() int64 {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3, uintptr(unsafe.Pointer(&ts)), 0)
	return ts.Nano()
}

// BenchmarkLuckOverhead measures what luck accounting costs per game at the measuring
// level (and in random play): each iteration plays one game twice on the same seed — the
// same game, the agents' streams being seeded from it — once plain and once with --luck,
// alternating which goes first, and reports the thread CPU time of each and their ratio
// (luck/plain: the target is at most 1.3 at the measuring level):
//
//	go test ./sim/ -run '^$' -bench 'LuckOverhead/.*/agents=expert' -benchtime 10x
func BenchmarkLuckOverhead(b *testing.B) {
	for _, g := range engine.Games() {
		if _, ok := measuringLevel[g.Name]; !ok {
			continue
		}
		for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
			level := measuringLevel[g.Name]
			if g.Name == "dragonscales" && n == 3 {
				level = "expert:iters=60"
			}
			for _, l := range []string{level, "random"} {
				b.Run(fmt.Sprintf("game=%s-%dp/agents=%s", g.Name, n, l), func(b *testing.B) {
					benchLuck(b, g, n, l)
				})
			}
		}
	}
}

func benchLuck(b *testing.B, g engine.Game, n int, level string) {
	var err error
	var fs []agents.Factory
	for range n {
		fs = append(fs, specAgents(b, level)...)
	}
	plain := Config{Game: g, Params: g.DefaultParams(), Players: n, Agents: fs, Seed: 3, Units: 1}
	luck := plain
	luck.Luck = fitRandom(b, g.Name, n, 1)
	var ws [2]*worker
	for i, cfg := range []*Config{&plain, &luck} {
		if err := cfg.check(); err != nil {
			b.Fatal(err)
		}
		if ws[i], err = newWorker(cfg); err != nil {
			b.Fatal(err)
		}
		ws[i].unit(0) // warm up
	}
	runtime.LockOSThread() // threadNanos measures this thread
	defer runtime.UnlockOSThread()
	var cpu [2]int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := 0; k < 2; k++ {
			j := (i + k) % 2
			c0 := threadNanos()
			ws[j].unit(int64(i + 1))
			cpu[j] += threadNanos() - c0
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(cpu[0])/float64(b.N), "plain-cpu-ns/game")
	b.ReportMetric(float64(cpu[1])/float64(b.N), "luck-cpu-ns/game")
	b.ReportMetric(float64(cpu[1])/float64(cpu[0]), "luck/plain")
}
