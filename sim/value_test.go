package sim

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/sim/valuetest"
)

// clusterInterval is the ratio mean of c with a normal 95% interval, in units of unit
// (the reports' estimator, with Student's t, is sim/stats.ClusterRatio).
func clusterInterval(c ClusterSums, unit float64) (mean, lo, hi float64) {
	r, se := c.Mean(), c.SE()
	return r / unit, (r - 1.96*se) / unit, (r + 1.96*se) / unit
}

// TestClusterSumsByHand: Mean and SE of three clusters computed by hand.
func TestClusterSumsByHand(t *testing.T) {
	var c ClusterSums
	c.Add(3, 2) // observations e.g. 1 and 2
	c.Add(0, 0)
	c.Add(-1, 1)
	// r = 2/3; residuals t − r·m: 3 − 4/3 = 5/3, 0, −1 − 2/3 = −5/3; Σ² = 50/9;
	// SE = sqrt(3/2 · 50/9) / 3 = sqrt(25/3)/3.
	if c.Mean() != 2.0/3 || math.Abs(c.SE()-math.Sqrt(25.0/3)/3) > 1e-12 {
		t.Fatalf("mean %v, se %v", c.Mean(), c.SE())
	}
	if (ClusterSums{}).SE() != 0 || (ClusterSums{}).Mean() != 0 {
		t.Fatal("empty sums")
	}
}

func cardToyConfig(t *testing.T, players int, units int64, seed uint64, comps ...string) Config {
	specs := make([]string, players)
	for i := range specs {
		specs[i] = "random"
	}
	return Config{Game: valuetest.CardGame, Players: players, Agents: specAgents(t, specs...), Seed: seed, Units: units,
		Substitute: &Substitution{Components: comps, Fewer: true}, Workers: 1}
}

// TestSubstitutionPairs: every deal adds one cluster to every cell, every seat whose deal
// changed one observation; the changed deals are not the run's games; the same worth
// gives exactly 0 when every card is alike; the baseline is the run's own games.
func TestSubstitutionPairs(t *testing.T) {
	cfg := cardToyConfig(t, 2, 500, 3, "c", "a")
	res := run(t, cfg)
	sa := res.Aggregate.Substitutions
	if res.Games != 500 || len(sa.Cells) != 4 || sa.Components[0] != "c" {
		t.Fatalf("%d games, cells %d, components %v", res.Games, len(sa.Cells), sa.Components)
	}
	for i, cell := range sa.Cells {
		if cell.Diff.Clusters != 500 || cell.Diff.N != 1000 || cell.Diff.NSq != 2000 {
			t.Fatalf("cell %d: %+v", i, cell.Diff)
		}
	}
	// Every kind alike: no change can change anything.
	same := cfg
	same.Params = &valuetest.CardParams{Values: []int{40, 40, 40}, Counts: []int{1, 2, 2}}
	res = run(t, same)
	for i, cell := range res.Aggregate.Substitutions.Cells {
		if cell.Diff.Sum != 0 || cell.Diff.SumSq != 0 {
			t.Fatalf("cell %d: kinds of the same worth give %+v", i, cell.Diff)
		}
	}
	// The deals as dealt are the plain run's games.
	plain := cfg
	plain.Substitute = nil
	pr := run(t, plain)
	if !bytes.Equal(mustJSON(t, pr.Aggregate.Seats), mustJSON(t, run(t, cfg).Aggregate.Seats)) {
		t.Fatal("the deals as dealt differ from the run without substitutions")
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDecisionValuesKnown: on the toy of known decision values the search plays "first"
// (0.9) at every decision, which is worth about 0.9 − 0.5 over the best other; every
// decision is critical; "rest" and "last" are available but never chosen; "never" is
// never available.
func TestDecisionValuesKnown(t *testing.T) {
	cfg := Config{Game: valuetest.ChoiceGame, Players: 2, Agents: specAgents(t, "mcts:iters=2000", "random"), Seed: 5, Units: 200, Decisions: true, Workers: 2}
	res := run(t, cfg)
	d := res.Aggregate.Decisions
	t0 := d.Agents[0]
	if t0.Decisions != 200 || t0.Critical != 200 || d.Agents[1].Decisions != 0 {
		t.Fatalf("decisions %d (critical %d), seat 1 %d", t0.Decisions, t0.Critical, d.Agents[1].Decisions)
	}
	first, rest, last, never := t0.Classes[0], t0.Classes[1], t0.Classes[2], t0.Classes[3]
	if first.Chosen != 200 || rest.Chosen != 0 || rest.Available != 200 || last.Available != 200 || never.Available != 0 {
		t.Fatalf("classes %+v", t0.Classes)
	}
	// The search's values: the alternative it leaves early has few visits and a value
	// biased low (it stopped being tried after bad outcomes), so the loss reads a little
	// above the true 0.4.
	mean, lo, hi := clusterInterval(first.Loss, 1000)
	if first.Loss.N != 200 || math.Abs(mean-0.4) > 0.1 || hi-lo > 0.05 {
		t.Fatalf("first is worth %.3f [%.3f, %.3f] over the best other, want about 0.4", mean, lo, hi)
	}
	if m, _, _ := clusterInterval(t0.Loss, 1000); math.Abs(m-0.4) > 0.1 {
		t.Fatalf("the action played is worth %.3f over the best other, want about 0.4", m)
	}
	if t0.Loss.Clusters != 200 || first.LossHist.Total() != 200 {
		t.Fatalf("loss clusters %d, histogram %d", t0.Loss.Clusters, first.LossHist.Total())
	}
}

func valueConfigs(t *testing.T) []Config {
	return []Config{
		{Game: valuetest.CardGame, Players: 3, Agents: specAgents(t, "mcts:iters=20", "random", "mcts:iters=30"), Seed: 4, Units: 901,
			Substitute: &Substitution{Components: []string{"b", "a"}, Fewer: true}, Workers: 2, Metrics: true},
		{Game: valuetest.ChoiceGame, Players: 2, Agents: specAgents(t, "mcts:iters=40", "random"), Seed: 2, Units: 1201, Decisions: true, Workers: 2},
		{Game: valuetest.ChoiceGame, Players: 2, Agents: specAgents(t, "expert:iters=30,depth=0", "random"), Seed: 2, Units: 700, Decisions: true, Seating: SeatDuplicate, Workers: 2},
	}
}

// TestValueAggregatesMergeExactly: with substitutions or decision values, one and two
// workers, three merged shards, the shards through files, and a run resumed from a
// checkpoint all give the single run's bytes (outside "run").
func TestValueAggregatesMergeExactly(t *testing.T) {
	for i, cfg := range valueConfigs(t) {
		whole := withoutRun(t, run(t, cfg))
		key := `"substitutions"`
		if cfg.Decisions {
			key = `"decisions"`
		}
		if !bytes.Contains(whole, []byte(key)) {
			t.Fatalf("config %d: no %s", i, key)
		}
		one := cfg
		one.Workers = 1
		if !bytes.Equal(whole, withoutRun(t, run(t, one))) {
			t.Fatalf("config %d: 1 and 2 workers differ", i)
		}
		dir := t.TempDir()
		var read []*Result
		for _, k := range []int{2, 0, 1} {
			path := filepath.Join(dir, "p.json")
			if err := shardRun(t, cfg, Shard{k, 3}).WriteFile(path); err != nil {
				t.Fatal(err)
			}
			r, err := ReadResult(path)
			if err != nil {
				t.Fatal(err)
			}
			read = append(read, r)
		}
		if m, err := Merge(read, false); err != nil || !bytes.Equal(whole, withoutRun(t, m)) {
			t.Fatalf("config %d: merged shards differ (%v)", i, err)
		}
		// Interrupted at a checkpoint and resumed.
		ck := filepath.Join(dir, "ck.json")
		cp := checkpointAt(t, cfg, ck, 256)
		resumed := cfg
		resumed.Resume = cp
		if !bytes.Equal(whole, withoutRun(t, run(t, resumed))) {
			t.Fatalf("config %d: the resumed run differs", i)
		}
		other := cfg
		other.Substitute, other.Decisions = nil, false
		if _, err := ReadCheckpoint(ck, other); err == nil || !strings.Contains(err.Error(), "options") {
			t.Fatalf("config %d: a checkpoint resumed by a run without its value options: %v", i, err)
		}
	}
}

// TestValueRefusals: bad value options are refused before anything is played, in one
// line naming the problem (and the valid choices).
func TestValueRefusals(t *testing.T) {
	base := cardToyConfig(t, 2, 10, 1, "a")
	for _, tc := range []struct {
		name string
		mod  func(*Config)
		want string
	}{
		{"unknown component", func(c *Config) { c.Substitute.Components = []string{"a", "zz"} }, `unknown component "zz" of cardtoy (valid: a, b, c)`},
		{"no component", func(c *Config) { c.Substitute.Components = nil }, "valid: a, b, c"},
		{"twice", func(c *Config) { c.Substitute.Components = []string{"b", "b"} }, "twice"},
		{"rotate", func(c *Config) { c.Seating = SeatRotate }, "fixed seating"},
		{"no substituter", func(c *Config) { c.Game = toyGame; c.Params = nil }, "nothing of their own"},
		{"no search", func(c *Config) { c.Substitute = nil; c.Game = valuetest.ChoiceGame; c.Params = nil; c.Decisions = true }, "no agent of random"},
		{"no classes", func(c *Config) {
			c.Substitute = nil
			c.Decisions = true
			c.Agents = specAgents(t, "mcts:iters=5", "random")
		}, "does not sort its actions into classes"},
		{"score reward", func(c *Config) {
			c.Substitute, c.Game, c.Params, c.Decisions = nil, valuetest.ChoiceGame, nil, true
			c.Agents = specAgents(t, "mcts:iters=5,reward=score", "greedy")
		}, "no agent of"},
	} {
		cfg := base
		sub := *base.Substitute
		cfg.Substitute = &sub
		tc.mod(&cfg)
		err := CheckConfig(cfg)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want one line with %q", tc.name, err, tc.want)
		}
	}
}

// TestDamagedValueAggregates: a results file whose value aggregate contradicts itself or
// its game is refused in one line.
func TestDamagedValueAggregates(t *testing.T) {
	dir := t.TempDir()
	for i, cfg := range valueConfigs(t)[:2] {
		cfg.Units = 50
		res := run(t, cfg)
		good, err := res.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		var damages []func(a *Aggregate)
		if cfg.Substitute != nil {
			damages = []func(a *Aggregate){
				func(a *Aggregate) { a.Substitutions.Cells[0].Diff.Clusters++ },
				func(a *Aggregate) { a.Substitutions.Cells[1].Diff.Sum = 61 * a.Substitutions.Cells[1].Diff.N },
				func(a *Aggregate) { a.Substitutions.Cells[0].Diff.SumSq = -1 },
				func(a *Aggregate) { a.Substitutions.Cells[2].Share60 = -5 },
				func(a *Aggregate) { a.Substitutions.Components[1] = "zz" },
				func(a *Aggregate) { a.Substitutions.Deltas = []int{-1, 1} },
			}
		} else {
			damages = []func(a *Aggregate){
				func(a *Aggregate) { a.Decisions.Agents[0].Critical++ },
				func(a *Aggregate) { a.Decisions.Agents[0].Classes[0].Chosen = a.Decisions.Agents[0].Decisions + 1 },
				func(a *Aggregate) { a.Decisions.Agents[0].Classes[0].LossHist.Add(3) },
				func(a *Aggregate) { a.Decisions.Agents[0].Loss.Clusters = 7 },
				func(a *Aggregate) { a.Decisions.Classes[0] = "other" },
			}
		}
		for k, damage := range damages {
			var r Result
			if err := json.Unmarshal(good, &r); err != nil {
				t.Fatal(err)
			}
			damage(&r.Aggregate)
			b, err := r.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "bad.json")
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := ReadResult(path); err == nil || strings.Contains(err.Error(), "\n") {
				t.Errorf("config %d, damage %d: read as %v", i, k, err)
			}
		}
	}
}

// TestValueUnitsAllocateNothing: a unit with substitutions, and one with decision
// values, allocate nothing once the histograms have their range.
func TestValueUnitsAllocateNothing(t *testing.T) {
	for i, cfg := range valueConfigs(t)[:2] {
		if err := cfg.check(); err != nil {
			t.Fatal(err)
		}
		w, err := newWorker(&cfg)
		if err != nil {
			t.Fatal(err)
		}
		w.agg = cfg.newRunAggregate()
		for u := int64(0); u < 300; u++ {
			w.unit(u)
		}
		u := int64(0)
		if n := testing.AllocsPerRun(100, func() { u++; w.unit(u % 100) }); n != 0 {
			t.Fatalf("config %d: a unit allocates %.1f times, want 0", i, n)
		}
	}
}

// TestLengthStratum: exact below 64, then the six leading bits (buckets of 2, 4, … lengths).
func TestLengthStratum(t *testing.T) {
	for n, want := range map[int64]int64{-3: 0, 0: 0, 63: 63, 64: 64, 65: 64, 127: 126, 128: 128, 129: 128, 131: 128, 132: 132, 1000: 992, 1023: 1008} {
		if got := LengthStratum(n); got != want {
			t.Errorf("LengthStratum(%d) = %d, want %d", n, got, want)
		}
	}
}
