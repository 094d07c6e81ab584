package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"dragonlab/agents"
	"dragonlab/engine"
	_ "dragonlab/engine/all"
)

// cancelAgents are random agents (same spec, same decisions) that cancel the run after
// the given number of decisions over all seats and workers: an interrupt at a chosen
// point, inside a block.
func cancelAgents(t testing.TB, n int, after int64, cancel context.CancelFunc) []agents.Factory {
	t.Helper()
	var count atomic.Int64
	fs := make([]agents.Factory, n)
	for i := range fs {
		f, err := agents.Parse("random")
		if err != nil {
			t.Fatal(err)
		}
		base := f.New
		f.New = func() agents.Agent { return &cancelAgent{base(), &count, after, cancel} }
		fs[i] = f
	}
	return fs
}

type cancelAgent struct {
	agents.Agent
	count  *atomic.Int64
	after  int64
	cancel context.CancelFunc
}

func (a *cancelAgent) Act(s engine.State, rng *engine.RNG) engine.Action {
	if a.count.Add(1) == a.after {
		a.cancel()
		// Run sees the cancellation through context.AfterFunc, whose goroutine may start
		// late on a loaded machine; a toy game's remaining units can finish in that time
		// and the run would not be interrupted. Give it the time to start.
		time.Sleep(50 * time.Millisecond)
	}
	return a.Agent.Act(s, rng)
}

func mustRun(t testing.TB, ctx context.Context, cfg Config) *Result {
	t.Helper()
	res, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func marshal(t testing.TB, r *Result) []byte {
	t.Helper()
	b, err := r.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sampleResults are real results files of every kind: fixed, rotate and duplicate
// seating, a real game, a shard, a stopped run, checkpoints (at a block boundary, inside
// an interrupted block, of a stopped run) and a partial merge.
func sampleResults(t testing.TB) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	toy := Config{Game: toyGame, Players: 3, Agents: randomAgents(t, 3), Seed: 5, Units: 300, Workers: 2}
	for _, seating := range Seatings {
		c := toy
		c.Seating, c.Replays = seating, 2
		out[seating] = marshal(t, mustRun(t, context.Background(), c))
	}
	dh, _ := engine.Lookup("dragonheart")
	real := Config{Game: dh, Players: 2, Agents: randomAgents(t, 2), Seed: 2, Units: 200, Seating: SeatDuplicate}
	out["dragonheart duplicate"] = marshal(t, mustRun(t, context.Background(), real))
	restricted, err := agents.ParseList("restrict:base=(random),forbid=fill,random")
	if err != nil {
		t.Fatal(err)
	}
	ablate := real
	ablate.Agents = restricted
	out["restricted"] = marshal(t, mustRun(t, context.Background(), ablate))
	ds, _ := engine.Lookup("dragonscales")
	solo := Config{Game: ds, Players: 1, Agents: randomAgents(t, 1), Seed: 2, Units: 100}
	out["dragonscales solitaire"] = marshal(t, mustRun(t, context.Background(), solo))

	shard := toy
	shard.Shard, shard.TotalUnits = Shard{1, 3}, 1000
	shard.First, shard.Units = shard.Shard.Range(1000)
	part := mustRun(t, context.Background(), shard)
	out["shard"] = marshal(t, part)
	merged, err := Merge([]*Result{part}, true)
	if err != nil {
		t.Fatal(err)
	}
	out["partial merge"] = marshal(t, merged)

	rule, _ := ParseStopRule("halfwidth=0.05")
	until := Config{Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Seed: 1, Units: 5000, Until: rule.Reached, UntilSpec: rule.String(), CheckpointEvery: 0}
	var cks []Checkpoint
	until.Checkpoint = func(c Checkpoint) error { cks = append(cks, c); return nil }
	stopped := mustRun(t, context.Background(), until)
	if stopped.StoppedAt == 0 {
		t.Fatal("the stopping rule did not stop the sample run")
	}
	if len(cks) < 2 {
		t.Fatalf("the sample run stopped at its first block")
	}
	out["stopped"] = marshal(t, stopped)
	out["checkpoint"] = checkpointBytes(t, until, cks[0])
	out["stopped checkpoint"] = checkpointBytes(t, until, cks[len(cks)-1])

	ctx, cancel := context.WithCancel(context.Background())
	inter := toy
	inter.Units = 5000
	inter.Agents = cancelAgents(t, 3, 3000, cancel)
	inter.Checkpoint = func(c Checkpoint) error { cks = append(cks, c); return nil }
	interrupted := mustRun(t, ctx, inter)
	out["interrupted"] = marshal(t, interrupted)
	out["interrupted checkpoint"] = checkpointBytes(t, inter, cks[len(cks)-1])
	// The optional aggregates of extras.go, from real runs of the tracking toy.
	withWhy := mustRun(t, context.Background(), Config{Game: trackToyGame, Players: 2, Agents: randomAgents(t, 2), Seed: 3, Units: 300,
		Components: true, Metrics: true})
	out["components, metrics, cost"] = marshal(t, withWhy)
	replay := mustRun(t, context.Background(), Config{Game: trackToyGame, Players: 2, Agents: randomAgents(t, 2), Seed: 3, Units: 150,
		Seating: SeatReplay, Replays: 2})
	out["replay"] = marshal(t, replay)
	// Empty lists where the writer omits the key: they must read back the same.
	out["empty lists"] = bytes.Replace(out["fixed"], []byte(`"goVersion"`), []byte(`"cost": [], "goVersion"`), 1)
	out["empty extra"] = bytes.Replace(out["checkpoint"], []byte(`"checkpointDone"`), []byte(`"checkpointExtra": [], "checkpointDone"`), 1)
	for _, k := range []string{"empty lists", "empty extra"} {
		if !bytes.Contains(out[k], []byte(": [],")) {
			t.Fatalf("%s: the sample was not edited", k)
		}
	}
	return out
}

func checkpointBytes(t testing.TB, cfg Config, c Checkpoint) []byte {
	t.Helper()
	if err := cfg.check(); err != nil {
		t.Fatal(err)
	}
	return marshal(t, c.result(cfg))
}

// readBack is the fuzz property: whatever ParseResult accepts is consistent enough to be
// merged, written, and read back to the same value.
func readBack(t *testing.T, data []byte) {
	r, err := ParseResult(data)
	if err != nil {
		if r != nil {
			t.Fatal("an error with a result")
		}
		return
	}
	b, err := r.Marshal()
	if err != nil {
		t.Fatalf("accepted but not writable: %v", err)
	}
	back, err := ParseResult(b)
	if err != nil {
		t.Fatalf("accepted, written, then refused: %v\n%s", err, b)
	}
	if !reflect.DeepEqual(r, back) {
		t.Fatalf("read back differently:\n%s", b)
	}
	// A merge of what was accepted is valid too (merge never writes what report refuses).
	if r.CheckpointDone == 0 && len(r.CheckpointExtra) == 0 && r.StoppedAt == 0 {
		m, err := Merge([]*Result{r}, true)
		if err != nil {
			t.Fatalf("accepted but not mergeable: %v", err)
		}
		if _, err := ParseResult(marshal(t, m)); err != nil {
			t.Fatalf("merged into a file the reader refuses: %v", err)
		}
	}
}

// FuzzReadResults reads results files from outside (readBack). An input is an edit of a
// real results file (sample which: the bytes from at to at+cut replaced by insert), or
// with which past the samples, insert alone: the fuzzer minimises every input that finds
// new coverage, trying on the order of len² candidates of a []byte argument, and a whole
// results file as the argument kept the one worker minimising for its full minute per
// input (a few dozen executions a minute); the edit's short insert keeps that brief.
func FuzzReadResults(f *testing.F) {
	samples := sampleResults(f)
	var seeds [][]byte
	for _, name := range slices.Sorted(maps.Keys(samples)) {
		f.Add(uint8(len(seeds)), uint32(0), uint16(0), []byte(nil))
		seeds = append(seeds, samples[name])
	}
	f.Add(uint8(255), uint32(0), uint16(0), []byte(`null`))
	f.Add(uint8(255), uint32(0), uint16(0), []byte(`{"schema":"dragonlab.result/v1"}`))
	f.Fuzz(func(t *testing.T, which uint8, at uint32, cut uint16, insert []byte) {
		data := insert
		if int(which) < len(seeds) {
			s := seeds[which]
			i := int(at % uint32(len(s)+1))
			j := min(len(s), i+int(cut))
			data = slices.Concat(s[:i], insert, s[j:])
		}
		readBack(t, data)
	})
}

func TestSampleResultsAreValidAndRoundTrip(t *testing.T) {
	for name, data := range sampleResults(t) {
		if _, err := ParseResult(data); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		t.Run(name, func(t *testing.T) { readBack(t, data) })
	}
}

// A clone (checkpoints, resume) is the aggregate again, every optional part included,
// in storage of its own: merging into it leaves the original as it was.
func TestAggregateCloneIsADeepCopy(t *testing.T) {
	for name, data := range sampleResults(t) {
		r, err := ParseResult(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		before, _ := json.Marshal(r.Aggregate)
		c := r.Aggregate.clone()
		if got, _ := json.Marshal(c); !bytes.Equal(got, before) {
			t.Fatalf("%s: the clone differs:\n%s\n%s", name, got, before)
		}
		c.Merge(r.Aggregate)
		if after, _ := json.Marshal(r.Aggregate); !bytes.Equal(after, before) {
			t.Fatalf("%s: merging into the clone changed the original", name)
		}
	}
}

// Each corruption of a valid file is refused with an error (never a panic, never
// accepted): one per class the reader checks.
func TestCorruptResultsAreRefused(t *testing.T) {
	samples := sampleResults(t)
	cases := []struct {
		sample, name string
		edit         func(m map[string]any)
	}{
		{"fixed", "agents shorter than players", func(m map[string]any) { m["agents"] = []any{"random"} }},
		{"fixed", "5 agents for 3 players", func(m map[string]any) {
			m["agents"] = []any{"random", "random", "random", "random", "random"}
		}},
		{"fixed", "empty agent", func(m map[string]any) { m["agents"].([]any)[1] = " " }},
		{"fixed", "histogram lo near 2^63", func(m map[string]any) { agg(m)["decisionsHist"].(map[string]any)["lo"] = int64(math.MaxInt64 - 2) }},
		{"fixed", "score histogram lo near -2^63", func(m map[string]any) { seat(m, "seats", 0)["scoreHist"].(map[string]any)["lo"] = int64(math.MinInt64) }},
		{"fixed", "histogram too long", func(m map[string]any) {
			agg(m)["paired"] = map[string]any{"lo": HistLimit - 1, "counts": []any{0, 0, 0}}
		}},
		{"fixed", "negative seat games", func(m map[string]any) { seat(m, "seats", 1)["games"] = -1 }},
		{"fixed", "wins above games", func(m map[string]any) { seat(m, "seats", 0)["wins"] = 301 }},
		{"fixed", "one win too many", func(m map[string]any) {
			s0, a0 := seat(m, "seats", 0), seat(m, "agents", 0)
			s0["wins"], a0["wins"] = num(s0["wins"])+1, num(a0["wins"])+1
		}},
		{"fixed", "negative count", func(m map[string]any) { agg(m)["decisionsHist"].(map[string]any)["counts"].([]any)[0] = -1 }},
		{"fixed", "score sum", func(m map[string]any) { seat(m, "seats", 2)["scoreSum"] = num(seat(m, "seats", 2)["scoreSum"]) + 1 }},
		{"fixed", "shared 7 ways", func(m map[string]any) { seat(m, "seats", 0)["sharedWins"] = []any{0, 0, 0, 0, 0, 3} }},
		{"fixed", "more games than units", func(m map[string]any) { m["units"] = 299 }},
		{"fixed", "unknown seating", func(m map[string]any) { m["seating"] = "round" }},
		{"fixed", "no seating", func(m map[string]any) { m["seating"] = "" }},
		{"fixed", "unregistered game", func(m map[string]any) { m["game"] = "chess" }},
		{"fixed", "players out of range", func(m map[string]any) { m["players"] = 9 }},
		{"fixed", "invalid rules", func(m map[string]any) { m["params"] = map[string]any{"target": 0} }},
		{"fixed", "unknown rule", func(m map[string]any) { m["params"] = map[string]any{"tagret": 3} }},
		{"fixed", "null rules", func(m map[string]any) { m["params"] = nil }},
		{"fixed", "schema", func(m map[string]any) { m["schema"] = "dragonlab.result/v2" }},
		{"fixed", "unknown key", func(m map[string]any) { m["gmaes"] = 3 }},
		{"fixed", "summary contradicts aggregate", func(m map[string]any) { m["seats"].([]any)[0].(map[string]any)["winShare"] = 1.5 }},
		{"fixed", "summary games", func(m map[string]any) { m["games"] = 3 }},
		{"fixed", "seat and agent differ with fixed seating", func(m map[string]any) {
			a := agg(m)["agents"].([]any)
			a[0], a[1] = a[1], a[0]
		}},
		{"fixed", "stopped but incomplete", func(m map[string]any) { m["stoppedAt"] = 5; m["complete"] = false }},
		{"fixed", "checkpoint marked complete", func(m map[string]any) { m["checkpointDone"] = 300 }},
		{"fixed", "negative first", func(m map[string]any) { m["first"] = -1 }},
		{"fixed", "first without shard", func(m map[string]any) { m["first"] = 1 }},
		{"fixed", "malformed until", func(m map[string]any) { m["until"] = "halfwidth=NaN" }},
		{"fixed", "negative run seconds", func(m map[string]any) { m["run"].(map[string]any)["seconds"] = -1 }},
		{"fixed", "resumed more games than played", func(m map[string]any) { m["run"].(map[string]any)["resumedGames"] = 301 }},
		{"fixed", "components of a game without", func(m map[string]any) {
			agg(m)["components"] = map[string]any{"names": []any{"a"}, "events": []any{"dealt"}, "agents": []any{}}
		}},
		{"fixed", "metrics that count other games", func(m map[string]any) { agg(m)["metrics"] = map[string]any{"decisions": 1} }},
		{"fixed", "replays with fixed seating", func(m map[string]any) { agg(m)["replays"] = map[string]any{"k": 2} }},
		{"fixed", "cost of another agent", func(m map[string]any) {
			m["run"].(map[string]any)["cost"] = []any{map[string]any{"agent": "mcts"}}
		}},
		{"duplicate", "paired deals", func(m map[string]any) { agg(m)["paired"].(map[string]any)["counts"] = []any{1} }},
		{"restricted", "restricted decisions above the decisions", func(m map[string]any) {
			agg(m)["restrict"].([]any)[0].(map[string]any)["bound"] = agg(m)["decisionsSum"]
		}},
		{"restricted", "negative restricted count", func(m map[string]any) { agg(m)["restrict"].([]any)[0].(map[string]any)["unkept"] = -1 }},
		{"restricted", "restricted counts of one agent of two", func(m map[string]any) { agg(m)["restrict"] = agg(m)["restrict"].([]any)[:1] }},
		{"duplicate", "games not a multiple of the seats", func(m map[string]any) { agg(m)["games"] = 899 }},
		{"rotate", "outcomes differ between seats and agents", func(m map[string]any) {
			a := seat(m, "agents", 0)
			a["wins"] = num(a["wins"]) - 1
			a["sharedWins"] = []any{0, 0, 2, 0, 0, 0}
		}},
		{"shard", "shard range", func(m map[string]any) { m["first"] = num(m["first"]) + 1 }},
		{"shard", "shard total", func(m map[string]any) { m["totalUnits"] = 0 }},
		{"shard", "shard malformed", func(m map[string]any) { m["shard"] = "01/3" }},
		{"shard", "shard index", func(m map[string]any) { m["shard"] = "3/3" }},
		{"stopped", "stopped beyond the units", func(m map[string]any) { m["stoppedAt"] = m["units"] }},
		{"stopped", "stopped shard", func(m map[string]any) { m["shard"] = "0/1"; m["totalUnits"] = m["units"] }},
		{"checkpoint", "checkpoint games", func(m map[string]any) { m["checkpointDone"] = num(m["checkpointDone"]) + 1 }},
		{"checkpoint", "checkpoint beyond the units", func(m map[string]any) { m["checkpointDone"] = num(m["units"]) + 1 }},
		{"interrupted checkpoint", "extra ranges out of order", func(m map[string]any) {
			m["checkpointExtra"] = []any{[]any{4000, 4001}, []any{3990, 3991}}
		}},
		{"components, metrics, cost", "component names not the game's", func(m map[string]any) {
			agg(m)["components"].(map[string]any)["names"] = []any{"two", "one"}
		}},
		{"components, metrics, cost", "component count above games", func(m map[string]any) {
			agg(m)["components"].(map[string]any)["agents"].([]any)[0].(map[string]any)["count"] = []any{[]any{301, 0}}
		}},
		{"components, metrics, cost", "component matrix shape", func(m map[string]any) {
			agg(m)["components"].(map[string]any)["agents"].([]any)[1].(map[string]any)["win60"] = []any{[]any{0}}
		}},
		{"components, metrics, cost", "component share", func(m map[string]any) {
			agg(m)["components"].(map[string]any)["agents"].([]any)[1].(map[string]any)["share60"] = 1
		}},
		{"components, metrics, cost", "metrics multi-choice", func(m map[string]any) {
			agg(m)["metrics"].(map[string]any)["multiChoice"] = 0
		}},
		{"components, metrics, cost", "metrics deciles", func(m map[string]any) {
			agg(m)["metrics"].(map[string]any)["decisionsByDecile"] = []any{0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
		}},
		{"components, metrics, cost", "metrics decided", func(m map[string]any) {
			agg(m)["metrics"].(map[string]any)["decided"] = 0
		}},
		{"components, metrics, cost", "metrics decisive above 100%", func(m map[string]any) {
			agg(m)["metrics"].(map[string]any)["decisive"].(map[string]any)["lo"] = 101
		}},
		{"components, metrics, cost", "metrics lead changes", func(m map[string]any) {
			agg(m)["metrics"].(map[string]any)["leadChanges"] = map[string]any{"lo": 0, "counts": []any{1}}
		}},
		{"components, metrics, cost", "length of one game", func(m map[string]any) {
			mt := agg(m)["metrics"].(map[string]any)
			mt["length"], mt["lengthUnit"] = map[string]any{"lo": 4, "counts": []any{1}}, "turns"
		}},
		{"components, metrics, cost", "length in no unit", func(m map[string]any) {
			mt := agg(m)["metrics"].(map[string]any)
			mt["length"] = map[string]any{"lo": 4, "counts": []any{300}}
			delete(mt, "lengthUnit")
		}},
		{"components, metrics, cost", "length in another unit", func(m map[string]any) {
			mt := agg(m)["metrics"].(map[string]any)
			mt["length"], mt["lengthUnit"] = map[string]any{"lo": 4, "counts": []any{300}}, "fortnights"
		}},
		{"components, metrics, cost", "negative length", func(m map[string]any) {
			mt := agg(m)["metrics"].(map[string]any)
			mt["length"], mt["lengthUnit"] = map[string]any{"lo": -1, "counts": []any{300}}, "turns"
		}},
		{"components, metrics, cost", "negative cost", func(m map[string]any) {
			m["run"].(map[string]any)["cost"].([]any)[0].(map[string]any)["nanos"] = -1
		}},
		{"replay", "replay without its counts", func(m map[string]any) { delete(agg(m), "replays") }},
		{"replay", "one replay per deal", func(m map[string]any) { agg(m)["replays"].(map[string]any)["k"] = 1 }},
		{"replay", "replay deals", func(m map[string]any) {
			seats := agg(m)["replays"].(map[string]any)["seats"].([]any)
			seats[0] = seats[0].([]any)[1:]
		}},
		{"replay", "impossible replay bin", func(m map[string]any) {
			bins := agg(m)["replays"].(map[string]any)["seats"].([]any)[0].([]any)
			bins[len(bins)-1].(map[string]any)["q"] = 7300
		}},
		{"replay", "replay share", func(m map[string]any) {
			seats := agg(m)["replays"].(map[string]any)["seats"].([]any)
			seats[0], seats[1] = seats[1], seats[0]
		}},
		{"interrupted checkpoint", "extra range touching the prefix", func(m map[string]any) {
			d := num(m["checkpointDone"])
			m["checkpointExtra"] = []any{[]any{d, d + 1}}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var m map[string]any
			dec := json.NewDecoder(bytes.NewReader(samples[c.sample]))
			dec.UseNumber()
			if err := dec.Decode(&m); err != nil {
				t.Fatal(err)
			}
			c.edit(m)
			data, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			if r, err := ParseResult(data); err == nil {
				t.Fatalf("accepted: %+v", r.Aggregate)
			} else if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of several lines: %v", err)
			} else {
				t.Log(err)
			}
		})
	}
}

func agg(m map[string]any) map[string]any { return m["aggregate"].(map[string]any) }

func seat(m map[string]any, key string, i int) map[string]any {
	return agg(m)[key].([]any)[i].(map[string]any)
}

func num(v any) int64 {
	switch x := v.(type) {
	case json.Number:
		n, _ := x.Int64()
		return n
	case int:
		return int64(x)
	case int64:
		return x
	}
	panic("not a number")
}

// Merge refuses parts that would make an invalid file, and a merge it writes validates.
func TestMergeWritesOnlyValidResults(t *testing.T) {
	cfg := Config{Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Seed: 1, Units: 100}
	a := shardRun(t, cfg, Shard{0, 2})
	b := shardRun(t, cfg, Shard{1, 2})
	bad := *b
	bad.Agents = []string{"random", "random", "random", "random", "random"}
	if _, err := Merge([]*Result{a, &bad}, false); err == nil {
		t.Fatal("5 agents for 2 players merged")
	}
	bad = *b
	bad.Aggregate.Seats = append([]Tally(nil), b.Aggregate.Seats...)
	bad.Aggregate.Seats[0].Games = -1
	if _, err := Merge([]*Result{a, &bad}, false); err == nil {
		t.Fatal("negative seat games merged")
	}
	m, err := Merge([]*Result{a, b}, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
}
