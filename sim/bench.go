package sim

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"time"

	"dragonlab/agents"
	"dragonlab/engine"
)

// Throughput is one measurement of random-play speed.
type Throughput struct {
	Workers       int     `json:"workers"`
	Games         int64   `json:"games"`
	Decisions     int64   `json:"decisions"`
	Seconds       float64 `json:"seconds"`
	GamesPerSec   float64 `json:"gamesPerSec"`
	NsPerDecision float64 `json:"nsPerDecision"` // wall time per decision per worker
}

// MeasureThroughput plays cfg's games on the given workers for about d and reports the
// speed. Per-game seeding is the runner's, so this measures exactly what `run` does.
func MeasureThroughput(cfg Config, workers int, d time.Duration) (Throughput, error) {
	cfg.Workers = workers
	cfg.Units = 1 << 50
	cfg.Progress = nil
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	start := time.Now()
	res, err := Run(ctx, cfg)
	if err != nil {
		return Throughput{}, err
	}
	secs := time.Since(start).Seconds()
	t := Throughput{Workers: workers, Games: res.Games, Decisions: res.Aggregate.DecisionsSum, Seconds: secs}
	t.GamesPerSec = float64(t.Games) / secs
	if t.Decisions > 0 {
		t.NsPerDecision = secs * 1e9 * float64(workers) / float64(t.Decisions)
	}
	return t, nil
}

// AllocsPerGame is the mean number of heap allocations of one game in a worker (agents
// included), after a warm-up, measured with runtime.MemStats over games games.
func AllocsPerGame(cfg Config, games int) (float64, error) {
	cfg.Units = int64(games)
	if err := cfg.check(); err != nil {
		return 0, err
	}
	w, err := newWorker(&cfg)
	if err != nil {
		return 0, err
	}
	for i := int64(0); i < 200; i++ { // warm up: histograms reach their range
		w.unit(i)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := 0; i < games; i++ {
		w.unit(int64(i % 200))
	}
	runtime.ReadMemStats(&after)
	return float64(after.Mallocs-before.Mallocs) / float64(games), nil
}

// BenchRow is the measurement of one game and player count (a line of `dragonlab bench`).
type BenchRow struct {
	Game          string     `json:"game"`
	Players       int        `json:"players"`
	One           Throughput `json:"oneWorker"`
	All           Throughput `json:"allWorkers"`
	Speedup       float64    `json:"speedup"`
	AllocsPerGame float64    `json:"allocsPerGame"`
}

// Bench measures random play of g with n players at its default rules: the throughput on
// one worker and on workers, about seconds each, and the allocations per game.
func Bench(g engine.Game, n, workers int, seconds float64) (BenchRow, error) {
	fs, err := agents.ParseList("random" + strings.Repeat(",random", n-1))
	if err != nil {
		return BenchRow{}, err
	}
	cfg := Config{Game: g, Params: g.DefaultParams(), Players: n, Agents: fs, Seed: 1}
	d := time.Duration(seconds * float64(time.Second))
	one, err := MeasureThroughput(cfg, 1, d)
	if err != nil {
		return BenchRow{}, err
	}
	all, err := MeasureThroughput(cfg, workers, d)
	if err != nil {
		return BenchRow{}, err
	}
	if one.Games == 0 || all.Games == 0 {
		return BenchRow{}, fmt.Errorf("bench %s with %d players: no game finished in %gs (the machine is busy?): give more --seconds", g.Name, n, seconds)
	}
	allocs, err := AllocsPerGame(cfg, 2000)
	if err != nil {
		return BenchRow{}, err
	}
	return BenchRow{Game: g.Name, Players: n, One: one, All: all, Speedup: all.GamesPerSec / one.GamesPerSec, AllocsPerGame: allocs}, nil
}
