package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
)

func specAgents(t testing.TB, specs ...string) []agents.Factory {
	t.Helper()
	var fs []agents.Factory
	for _, s := range specs {
		f, err := agents.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		fs = append(fs, f)
	}
	return fs
}

func run(t *testing.T, cfg Config) *Result {
	t.Helper()
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Complete {
		t.Fatal("run not complete")
	}
	return res
}

func hist(lo int64, counts ...int64) Hist { return Hist{Lo: lo, Counts: counts} }

// The game-feel metrics of scripted games, computed by hand from the definitions in
// metrics.go (positions: 0 is the deal, d is after decision d).
func TestMetricsByHand(t *testing.T) {
	scripts = []script{
		// A: the lead goes 0, 1, 0, tie, 1, 1: three changes; seat 1 wins and leads alone
		// from position 5 of 6 (16%); at mid-game (position 3: 3–2) it was behind.
		{legal: []int{3, 1, 2, 2, 4, 1}, scores: [][]float64{{0, 0}, {1, 0}, {1, 2}, {3, 2}, {3, 3}, {3, 5}, {4, 6}}, winner: 1},
		// B: seat 0 leads from the deal to the end (a tie for second does not matter).
		{legal: []int{2, 2, 2}, scores: [][]float64{{5, 0, 0}, {5, 1, 0}, {5, 4, 0}, {6, 5, 0}}, winner: 0},
		// C: nobody wins; the lead goes 1 then 0.
		{legal: []int{2, 2}, scores: [][]float64{{0, 0}, {0, 1}, {2, 1}}, winner: -1},
		// D: no decision at all; seat 0 leads at the deal and wins.
		{legal: []int{}, scores: [][]float64{{2, 1}}, winner: 0},
		// E: seat 0 wins on a tie (never alone ahead at the end).
		{legal: []int{1, 1}, scores: [][]float64{{0, 0}, {1, 0}, {1, 1}}, winner: 0},
	}
	want := []Metrics{
		{Decisions: 6, MultiChoice: 4, LegalSum: 13, LegalSumSq: 35, LegalHist: hist(1, 2, 2, 1, 1),
			LegalByDecile: [10]int64{3, 1, 0, 2, 0, 2, 4, 0, 1, 0}, DecisionsByDecile: [10]int64{1, 1, 0, 1, 0, 1, 1, 0, 1, 0},
			LeadChanges: hist(3, 1), Decided: 1, Decisive: hist(16, 1), Comebacks: 1, Margin: hist(2, 1)},
		{Decisions: 3, MultiChoice: 3, LegalSum: 6, LegalSumSq: 12, LegalHist: hist(2, 3),
			LegalByDecile: [10]int64{2, 0, 0, 2, 0, 0, 2, 0, 0, 0}, DecisionsByDecile: [10]int64{1, 0, 0, 1, 0, 0, 1, 0, 0, 0},
			LeadChanges: hist(0, 1), Decided: 1, Decisive: hist(100, 1), Margin: hist(1, 1)},
		{Decisions: 2, MultiChoice: 2, LegalSum: 4, LegalSumSq: 8, LegalHist: hist(2, 2),
			LegalByDecile: [10]int64{2, 0, 0, 0, 0, 2, 0, 0, 0, 0}, DecisionsByDecile: [10]int64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0},
			LeadChanges: hist(1, 1)},
		{LeadChanges: hist(0, 1), Decided: 1, Decisive: hist(100, 1), Margin: hist(1, 1)},
		{Decisions: 2, LegalSum: 2, LegalSumSq: 2, LegalHist: hist(1, 2),
			LegalByDecile: [10]int64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0}, DecisionsByDecile: [10]int64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0},
			LeadChanges: hist(0, 1), Decided: 1, Decisive: hist(0, 1), Margin: hist(0, 1)},
	}
	for i, sc := range scripts {
		n := len(sc.scores[0])
		fs := make([]string, n)
		for j := range fs {
			fs[j] = "random"
		}
		for _, units := range []int64{1, 3} {
			cfg := Config{Game: scriptGame, Params: &scriptParams{Script: i}, Players: n, Agents: specAgents(t, fs...), Units: units, Metrics: true}
			got := run(t, cfg).Aggregate.Metrics
			w := scaleMetrics(want[i], units)
			if !reflect.DeepEqual(*got, w) {
				t.Errorf("script %c, %d games: metrics\n got %+v\nwant %+v", 'A'+i, units, *got, w)
			}
		}
	}
}

// scaleMetrics is m for k copies of the same game.
func scaleMetrics(m Metrics, k int64) Metrics {
	out := Metrics{}
	for i := int64(0); i < k; i++ {
		out.merge(&m)
	}
	return out
}

// The component tallies agree with an independent count of the same games, replayed one
// by one: the toy's events recomputed from the actions and totals of each step.
func TestComponentsMatchAnIndependentCount(t *testing.T) {
	const n, games = 3, 600
	cfg := Config{Game: trackToyGame, Players: n, Agents: randomAgents(t, n), Seed: 7, Units: games,
		Seating: SeatRotate, Components: true, Workers: 2}
	got := run(t, cfg).Aggregate.Components
	if want := []string{"one", "two", "bonus", "odd-start"}; !reflect.DeepEqual(got.Names, want) {
		t.Fatalf("names %v", got.Names)
	}
	if want := []string{"dealt", "drawn", "played", "seen"}; !reflect.DeepEqual(got.Events, want) {
		t.Fatalf("events %v", got.Events)
	}
	want := newComponentAgg(got.Names, got.Events, n)
	want.Stratified, want.LengthUnit = "seen", "steps"
	strata := make([]map[int64]*ComponentStratum, n) // by agent, by length
	for j := range strata {
		strata[j] = map[int64]*ComponentStratum{}
	}
	fixed := Config{Game: trackToyGame, Players: n, Agents: randomAgents(t, n), Seed: 7, Units: games}
	for i := int64(0); i < games; i++ {
		// Every agent is random and plays with its seat's stream: the fixed-seating trace
		// is the same game; the agent in seat s is (s − i) mod n.
		var first [n][4][4]int64 // [seat][event][component]: decision of the first occurrence, -1 never
		for s := range first {
			for e := range first[s] {
				for c := range first[s][e] {
					first[s][e][c] = -1
				}
			}
		}
		seed := GameSeed(cfg.Seed, i)
		note := func(seat, ev, comp int, d int64) {
			if first[seat][ev][comp] < 0 {
				first[seat][ev][comp] = d
			}
			if ev <= 1 && first[seat][3][comp] < 0 { // seen = dealt or drawn
				first[seat][3][comp] = d
			}
		}
		for s := 0; s < n; s++ {
			if toyOddStart(seed, s) {
				note(s, 0, tkOdd, 0)
			}
		}
		d := int64(0)
		final, err := Trace(fixed, i, func(st Step) {
			d++
			b, a := st.Before.(*trackToy), st.After.(*trackToy)
			note(st.Seat, 2, int(st.Action)-1, d)
			if a.totals[st.Seat]-b.totals[st.Seat] > int(st.Action) {
				note(st.Seat, 1, tkBonus, d)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		out := make([]float64, n)
		final.Result(out)
		length := int64(0)
		for _, v := range final.(*trackToy).totals[:n] {
			length += int64(v)
		}
		if length >= 64 { // buckets of 2^(⌊log2 n⌋ − 5) lengths
			w := int64(1) << (int(math.Floor(math.Log2(float64(length)))) - 5)
			length -= length % w
		}
		for s := 0; s < n; s++ {
			tl := &want.Agents[(s-int(i%n)+n)%n]
			sh := int64(out[s]*60 + 0.5)
			st := strata[(s-int(i%n)+n)%n][length]
			if st == nil {
				st = &ComponentStratum{Length: length, Count: make([]int64, 4), Win60: make([]int64, 4)}
				strata[(s-int(i%n)+n)%n][length] = st
			}
			st.Games++
			st.Share60 += sh
			for c, f := range first[s][3] {
				if f >= 0 {
					st.Count[c]++
					st.Win60[c] += sh
				}
			}
			tl.Games++
			tl.Share60 += sh
			for e := range first[s] {
				for c, f := range first[s][e] {
					if f >= 0 {
						tl.Count[e][c]++
						tl.Win60[e][c] += sh
						tl.TurnSum[e][c] += f
					}
				}
			}
		}
	}
	for j := range strata {
		lengths := make([]int64, 0, len(strata[j]))
		for l := range strata[j] {
			lengths = append(lengths, l)
		}
		slices.Sort(lengths)
		for _, l := range lengths {
			want.Agents[j].Strata = append(want.Agents[j].Strata, *strata[j][l])
		}
	}
	if len(want.Agents[0].Strata) < 3 {
		t.Fatalf("the test games have %d lengths", len(want.Agents[0].Strata))
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("component tallies differ from the independent count:\n got %+v\nwant %+v", got.Agents, want.Agents)
	}
	if got.Agents[0].Count[2][tkOne] == 0 || got.Agents[0].Count[1][tkBonus] == 0 || got.Agents[0].Count[0][tkOdd] == 0 {
		t.Fatal("the test games exercised no event")
	}
}

func TestComponentsNeedATracker(t *testing.T) {
	cfg := Config{Game: scriptGame, Players: 2, Agents: randomAgents(t, 2), Units: 10, Components: true}
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "script") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("components on a game without a tracker: %v", err)
	}
	cfg = Config{Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Units: 10, Seating: SeatReplay, Replays: 1}
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "replays") {
		t.Fatalf("replay seating with one replay: %v", err)
	}
}

// The replay aggregate agrees with a hand computation: each deal replayed K times with
// the documented agent streams, (S, Q) counted per seat.
func TestReplayByHand(t *testing.T) {
	const n, k, deals = 2, 4, 300
	cfg := Config{Game: toyGame, Players: n, Agents: randomAgents(t, n), Seed: 3, Units: deals, Seating: SeatReplay, Replays: k}
	res := run(t, cfg)
	if res.Games != k*deals || res.Aggregate.Replays.Deals() != deals || res.Aggregate.Replays.K != k {
		t.Fatalf("replay: %d games, %d deals", res.Games, res.Aggregate.Replays.Deals())
	}
	type sq struct{ s, q int64 }
	want := make([]map[sq]int64, n)
	for s := range want {
		want[s] = map[sq]int64{}
	}
	st, _ := toyGame.New(toyGame.DefaultParams(), n)
	var rngs [n]engine.RNG
	var buf [agents.MaxActions]engine.Action
	out := make([]float64, n)
	varied := false
	for i := int64(0); i < deals; i++ {
		seed := engine.DeriveSeed(cfg.Seed, uint64(i))
		var sum, sumSq [n]int64
		var firstOut []float64
		for r := 0; r < k; r++ {
			st.Reset(seed)
			for s := range rngs {
				rngs[s].Seed(engine.DeriveSeed(seed, uint64(1+s+8*r)))
			}
			for !st.Terminal() {
				s := st.ToMove()
				legal := st.Legal(buf[:0])
				st.Apply(legal[rngs[s].IntN(len(legal))])
			}
			st.Result(out)
			if r == 0 {
				firstOut = append([]float64(nil), out...)
			} else if !reflect.DeepEqual(firstOut, out) {
				varied = true
			}
			for s, v := range out {
				x := int64(v*60 + 0.5)
				sum[s] += x
				sumSq[s] += x * x
			}
		}
		for s := range want {
			want[s][sq{sum[s], sumSq[s]}]++
		}
	}
	if !varied {
		t.Fatal("replays of a deal never differ: the agent streams are not fresh")
	}
	for s, bins := range res.Aggregate.Replays.Seats {
		got := map[sq]int64{}
		for i, b := range bins {
			got[sq{b.S, b.Q}] = b.Deals
			if i > 0 && (bins[i-1].S > b.S || bins[i-1].S == b.S && bins[i-1].Q >= b.Q) {
				t.Fatalf("seat %d: bins not sorted by (S, Q): %v", s, bins)
			}
		}
		if !reflect.DeepEqual(got, want[s]) {
			t.Fatalf("seat %d: replay bins %v, want %v", s, got, want[s])
		}
	}
	// Replay 0 of deal i is game i of a fixed-seating run.
	fixed := run(t, Config{Game: toyGame, Players: n, Agents: randomAgents(t, n), Seed: 3, Units: 1})
	trace, _ := Trace(Config{Game: toyGame, Players: n, Agents: randomAgents(t, n), Seed: 3, Units: 1}, 0, func(Step) {})
	trace.Result(out)
	if float64(fixed.Seats[0].Wins) != out[0] {
		t.Fatal("fixed run and trace disagree")
	}
}

// extraConfigs covers every seating with components and metrics on.
func extraConfigs(t *testing.T) []Config {
	var cs []Config
	for _, seating := range Seatings {
		cs = append(cs, Config{Game: trackToyGame, Players: 3, Agents: specAgents(t, "random", "test-searcher", "random"), Seed: 21,
			Units: 1001, Seating: seating, Replays: 3, Components: true, Metrics: true, Workers: 2})
	}
	return cs
}

// A run and the same run as 3 merged shards are byte-identical outside "run", and so are
// 1 and 2 workers, with every optional aggregate on.
func TestExtraAggregatesMergeExactly(t *testing.T) {
	for _, cfg := range extraConfigs(t) {
		whole := run(t, cfg)
		a := withoutRun(t, whole)
		for _, key := range []string{`"components"`, `"metrics"`} {
			if !bytes.Contains(a, []byte(key)) {
				t.Fatalf("%s: results have no %s", cfg.Seating, key)
			}
		}
		if cfg.Seating == SeatReplay != bytes.Contains(a, []byte(`"replays"`)) {
			t.Fatalf("%s: replays key present: %v", cfg.Seating, !(cfg.Seating == SeatReplay))
		}
		one := cfg
		one.Workers = 1
		if !bytes.Equal(a, withoutRun(t, run(t, one))) {
			t.Fatalf("%s: 1 and 2 workers differ", cfg.Seating)
		}
		var parts []*Result
		for _, i := range []int{1, 2, 0} {
			parts = append(parts, shardRun(t, cfg, Shard{i, 3}))
		}
		merged, err := Merge(parts, false)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, withoutRun(t, merged)) {
			t.Fatalf("%s: merged shards differ from the single run", cfg.Seating)
		}
		// The merged cost sums the parts' costs.
		var dec int64
		for _, p := range parts {
			dec += p.Run.Cost[1].Decisions
		}
		if merged.Run == nil || merged.Run.Cost[1].Decisions != dec || merged.Run.Cost[1].ItersPerDecision != 7 {
			t.Fatalf("%s: merged cost %+v, want %d decisions", cfg.Seating, merged.Run, dec)
		}
		// Through files too (the reader keeps every new key).
		dir := t.TempDir()
		var read []*Result
		for i, p := range parts {
			path := filepath.Join(dir, "p"+string(rune('0'+i))+".json")
			if err := p.WriteFile(path); err != nil {
				t.Fatal(err)
			}
			r, err := ReadResult(path)
			if err != nil {
				t.Fatal(err)
			}
			read = append(read, r)
		}
		if m, err := Merge(read, false); err != nil || !bytes.Equal(a, withoutRun(t, m)) {
			t.Fatalf("%s: merge of the files: %v", cfg.Seating, err)
		}
	}
}

func TestExtraAggregatesCheckpointResume(t *testing.T) {
	for _, cfg := range extraConfigs(t) {
		cfg.Units = 3000
		dir := t.TempDir()
		path := filepath.Join(dir, "ck.json")
		whole := run(t, cfg)
		ck := checkpointAt(t, cfg, path, 1000)
		if ck.Done >= cfg.Units {
			t.Fatalf("%s: the checkpoint holds the whole run", cfg.Seating)
		}
		resumed := cfg
		resumed.Resume = ck
		if !bytes.Equal(withoutRun(t, whole), withoutRun(t, run(t, resumed))) {
			t.Fatalf("%s: resumed run differs", cfg.Seating)
		}
		// A checkpoint of the same run with other options is refused.
		other := cfg
		other.Metrics = false
		if _, err := ReadCheckpoint(path, other); err == nil || !strings.Contains(err.Error(), "options") {
			t.Fatalf("%s: checkpoint with metrics resumed without: %v", cfg.Seating, err)
		}
	}
}

func TestMergeRefusesMixedOptions(t *testing.T) {
	cfg := Config{Game: trackToyGame, Players: 2, Agents: randomAgents(t, 2), Seed: 1, Units: 100, Components: true}
	a := shardRun(t, cfg, Shard{0, 2})
	plain := cfg
	plain.Components = false
	b := shardRun(t, plain, Shard{1, 2})
	if _, err := Merge([]*Result{a, b}, false); err == nil || !strings.Contains(err.Error(), "--components") {
		t.Fatalf("parts with and without components merged: %v", err)
	}
	met := plain
	met.Metrics = true
	c := shardRun(t, met, Shard{1, 2})
	if _, err := Merge([]*Result{shardRun(t, plain, Shard{0, 2}), c}, false); err == nil || !strings.Contains(err.Error(), "--metrics") {
		t.Fatalf("parts with and without metrics merged: %v", err)
	}
	rep := Config{Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Seed: 1, Units: 100, Seating: SeatReplay, Replays: 2}
	rep3 := rep
	rep3.Replays = 3
	if _, err := Merge([]*Result{shardRun(t, rep, Shard{0, 2}), shardRun(t, rep3, Shard{1, 2})}, false); err == nil {
		t.Fatal("parts with different replay counts merged")
	}
}

// Old results files (no optional keys, no cost) still read and merge; a damaged optional
// part is an error, never a panic.
func TestOldAndDamagedResultsFiles(t *testing.T) {
	dir := t.TempDir()
	cfg := Config{Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Seed: 1, Units: 100}
	res := shardRun(t, cfg, Shard{0, 1})
	b := withoutRun(t, res)
	for _, key := range []string{"components", "metrics", "replays", "cost", "long"} {
		if bytes.Contains(b, []byte(`"`+key+`"`)) {
			t.Fatalf("a plain run writes the key %q", key)
		}
	}
	old := filepath.Join(dir, "old.json")
	os.WriteFile(old, b, 0o644)
	r, err := ReadResult(old)
	if err != nil {
		t.Fatal(err)
	}
	if m, err := Merge([]*Result{r}, false); err != nil || m.Run != nil {
		t.Fatalf("merge of an old file: %v, run %v", err, m.Run)
	}

	comp := cfg
	comp.Game, comp.Components = trackToyGame, true
	var doc map[string]any
	data, _ := run(t, comp).Marshal()
	json.Unmarshal(data, &doc)
	agg := doc["aggregate"].(map[string]any)["components"].(map[string]any)
	agg["names"] = []string{"one"} // rows no longer match
	data, _ = json.Marshal(doc)
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, data, 0o644)
	if _, err := ReadResult(bad); err == nil || !strings.Contains(err.Error(), "inconsistent") {
		t.Fatalf("damaged components read: %v", err)
	}
}

func TestCostPerAgent(t *testing.T) {
	// A searching agent is timed on every decision and its iterations counted.
	cfg := Config{Game: toyGame, Players: 2, Agents: specAgents(t, "test-searcher", "random"), Seed: 1, Units: 2000, Workers: 2}
	res := run(t, cfg)
	c := res.Run.Cost
	if len(c) != 2 || c[0].Agent != "test-searcher" || c[1].Agent != "random" {
		t.Fatalf("cost %+v", c)
	}
	if c[0].Decisions+c[1].Decisions != res.Aggregate.DecisionsSum || c[0].ItersPerDecision != 7 || c[1].Iterations != 0 || c[0].MsPerDecision <= 0 {
		t.Fatalf("cost %+v, %d decisions", c, res.Aggregate.DecisionsSum)
	}
	// Random agents alone: one game in costSample per worker is timed.
	cfg.Agents = randomAgents(t, 2)
	res = run(t, cfg)
	c = res.Run.Cost
	if c[0].Decisions == 0 || c[0].Decisions+c[1].Decisions > res.Aggregate.DecisionsSum/costSample*2 {
		t.Fatalf("random cost %+v of %d decisions", c, res.Aggregate.DecisionsSum)
	}
}

// With every option on (cost timing, components, metrics, replays) a game allocates
// nothing.
func TestObservedGameAllocatesNothing(t *testing.T) {
	for _, cfg := range extraConfigs(t) {
		if err := cfg.check(); err != nil {
			t.Fatal(err)
		}
		w, err := newWorker(&cfg)
		if err != nil {
			t.Fatal(err)
		}
		for i := int64(0); i < 300; i++ { // warm up: histograms and replay bins reach their range
			w.unit(i)
		}
		i := int64(0)
		if n := testing.AllocsPerRun(200, func() { i++; w.unit(i % 100) }); n != 0 {
			t.Fatalf("%s: one observed unit allocates %.1f times, want 0", cfg.Seating, n)
		}
	}
}

// A game longer than the trace buffer counts in every metric but the by-decile sums and
// the comebacks, and says so in Long.
func TestMetricsOfAVeryLongGame(t *testing.T) {
	const d = MetricsTraceCap + 1000
	sc := script{legal: make([]int, d), scores: make([][]float64, d+1), winner: 1}
	for i := range sc.legal {
		sc.legal[i] = 2
	}
	for i := range sc.scores {
		sc.scores[i] = []float64{float64(i % 3), 1}
	}
	sc.scores[d] = []float64{0, 1}
	scripts = []script{sc}
	cfg := Config{Game: scriptGame, Params: &scriptParams{}, Players: 2, Agents: randomAgents(t, 2), Units: 1, Metrics: true}
	m := run(t, cfg).Aggregate.Metrics
	if m.Decisions != d || m.LegalSum != 2*d || m.Decided != 1 || m.Long != 1 || m.Comebacks != 0 ||
		m.DecisionsByDecile != [10]int64{} || m.Decisive.Total() != 1 || m.Margin.Total() != 1 {
		t.Fatalf("long game metrics %+v", m)
	}
	// Positions p ≡ 0 (mod 3) have leader 1, p ≡ 2 leader 0, p ≡ 1 a tie, so every
	// untied position after the deal changes the leader — except the last (d ≡ 2, made a
	// lead of seat 1 again after the tie at d−1 and seat 1's lead at d−2).
	var changes int64
	for p := 1; p < d; p++ {
		if p%3 != 1 {
			changes++
		}
	}
	if d%3 != 2 || !reflect.DeepEqual(m.LeadChanges, hist(changes, 1)) || !reflect.DeepEqual(m.Decisive, hist(0, 1)) || !reflect.DeepEqual(m.Margin, hist(1, 1)) {
		t.Fatalf("lead changes %v (want %d), decisive %v, margin %v", m.LeadChanges, changes, m.Decisive, m.Margin)
	}
}
