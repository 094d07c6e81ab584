package sim

import (
	"bytes"
	"context"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine/enginetest"
)

func randomAgents(t testing.TB, n int) []agents.Factory {
	t.Helper()
	var fs []agents.Factory
	for i := 0; i < n; i++ {
		f, err := agents.Parse("random")
		if err != nil {
			t.Fatal(err)
		}
		fs = append(fs, f)
	}
	return fs
}

func runBytes(t *testing.T, cfg Config) []byte {
	t.Helper()
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Complete {
		t.Fatal("run not complete")
	}
	res.Run = nil
	b, err := res.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestToyConformance(t *testing.T) {
	enginetest.Run(t, toyGame, 3, nil, enginetest.Options{Games: 40})
}

// Results must not depend on the number of workers (DESIGN: game i's seed is a pure
// function of the run seed and i).
func TestWorkersDoNotChangeResults(t *testing.T) {
	for _, seating := range Seatings {
		cfg := Config{Game: toyGame, Players: 3, Agents: randomAgents(t, 3), Seed: 42, Units: 3000, Seating: seating, Replays: 3}
		cfg.Workers = 1
		one := runBytes(t, cfg)
		cfg.Workers = 2
		two := runBytes(t, cfg)
		cfg.Workers = 7
		seven := runBytes(t, cfg)
		if !bytes.Equal(one, two) || !bytes.Equal(one, seven) {
			t.Fatalf("seating %s: results differ between 1, 2 and 7 workers", seating)
		}
	}
}

func TestDifferentSeedsDiffer(t *testing.T) {
	cfg := Config{Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Seed: 1, Units: 500}
	a := runBytes(t, cfg)
	cfg.Seed = 2
	if bytes.Equal(a, runBytes(t, cfg)) {
		t.Fatal("seeds 1 and 2 gave identical results")
	}
}

// The aggregate must agree with an independent count of the same games.
func TestAggregateCountsEveryGame(t *testing.T) {
	cfg := Config{Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Seed: 5, Units: 2000, Workers: 2}
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var share, games float64
	for _, s := range res.Seats {
		share += s.WinShare
		games += float64(s.Games)
	}
	if res.Games != 2000 || games != 4000 {
		t.Fatalf("games %d, seat games %v", res.Games, games)
	}
	if d := share + float64(res.NoWinner) - 2000; d > 1e-9 || d < -1e-9 {
		t.Fatalf("win shares sum to %v, want 2000", share)
	}
	if res.Aggregate.DecisionsHist.Total() != 2000 {
		t.Fatalf("decision histogram counts %d games", res.Aggregate.DecisionsHist.Total())
	}
	// Replay each game alone and recount seat 0's wins.
	var wins int64
	for i := int64(0); i < 2000; i++ {
		st, err := Trace(cfg, i, func(Step) {})
		if err != nil {
			t.Fatal(err)
		}
		out := make([]float64, 2)
		st.Result(out)
		if out[0] == 1 {
			wins++
		}
	}
	if wins != res.Seats[0].Wins {
		t.Fatalf("replayed games give %d wins for seat 0, the run counted %d", wins, res.Seats[0].Wins)
	}
}

func TestDuplicateSeatingPlaysEveryRotation(t *testing.T) {
	cfg := Config{Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Seed: 9, Units: 100, Seating: SeatDuplicate}
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 200 || res.Aggregate.Paired.Total() != 100 {
		t.Fatalf("duplicate: %d games, %d pairs", res.Games, res.Aggregate.Paired.Total())
	}
	for _, a := range res.ByAgent {
		if a.Games != 200 {
			t.Fatalf("agent %d played %d games, want 200", a.Seat, a.Games)
		}
	}
}

func TestInterruptKeepsFinishedGames(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cfg := Config{Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Seed: 3, Units: 1 << 40, Workers: 2}
	cfg.Progress = func(done int64) {
		if done > 1000 {
			cancel()
		}
	}
	res, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete || res.Games < 1000 || res.Run.Interrupted == "" {
		t.Fatalf("interrupted run: complete=%v games=%d", res.Complete, res.Games)
	}
}

func TestBadConfig(t *testing.T) {
	for name, cfg := range map[string]Config{
		"players": {Game: toyGame, Players: 5, Agents: randomAgents(t, 5), Units: 1},
		"agents":  {Game: toyGame, Players: 2, Agents: randomAgents(t, 3), Units: 1},
		"games":   {Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Units: 0},
		"seating": {Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Units: 1, Seating: "round"},
		"params":  {Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Units: 1, Params: &toyParams{Target: 0}},
	} {
		if _, err := Run(context.Background(), cfg); err == nil {
			t.Errorf("%s: bad config accepted", name)
		}
	}
}

func TestHistMerge(t *testing.T) {
	var a, b Hist
	for _, v := range []int64{5, 3, 9} {
		a.Add(v)
	}
	for _, v := range []int64{-2, 5} {
		b.Add(v)
	}
	a.Merge(b)
	if a.Lo != -2 || a.Total() != 5 || a.Counts[5+2] != 2 || a.Counts[0] != 1 {
		t.Fatalf("merged hist %+v", a)
	}
}

// The hot loop (one game in a worker, agents included) allocates nothing.
func TestWorkerGameAllocatesNothing(t *testing.T) {
	cfg := Config{Game: toyGame, Params: toyGame.DefaultParams(), Players: 3, Agents: randomAgents(t, 3), Seed: 1, Units: 10}
	w, err := newWorker(&cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i := int64(0); i < 100; i++ { // warm up: histograms reach their range
		w.unit(i)
	}
	i := int64(0)
	if n := testing.AllocsPerRun(200, func() { i++; w.unit(i % 50) }); n != 0 {
		t.Fatalf("one game in a worker allocates %.1f times, want 0", n)
	}
}
