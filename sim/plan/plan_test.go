package plan

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
	_ "dragonlab/engine/all"
	"dragonlab/sim"
)

// testPlan is a small plan over two games: fixed, rotate and duplicate seating, units that
// do not divide by 3 (uneven shards) and one run smaller than the shard count, with luck
// accounting.
func testPlan(t *testing.T) *Plan {
	t.Helper()
	p := New("test", "dragonlab test --flag x")
	if err := p.SetOptions(map[string]any{"levels": []string{"a", "b"}}); err != nil {
		t.Fatal(err)
	}
	add := func(name, game string, players int, specs string, seating string, units int64, set ...string) *Run {
		g, err := engine.Lookup(game)
		if err != nil {
			t.Fatal(err)
		}
		params := g.DefaultParams()
		for _, s := range set {
			if err := engine.SetParam(g, params, s); err != nil {
				t.Fatal(err)
			}
		}
		fs, err := agents.ParseList(specs)
		if err != nil {
			t.Fatal(err)
		}
		p.Add(Run{Name: name, Players: players, Seating: seating, Seed: 7, Units: units}, g, params, fs)
		return &p.Runs[len(p.Runs)-1]
	}
	add("dh-random", "dragonheart", 2, "random,random", sim.SeatFixed, 1000)
	add("draco-3p-rotate", "draco", 3, "random,greedy:samples=1,random", sim.SeatRotate, 301)
	add("draco-dup", "draco", 2, "greedy:samples=1,random", sim.SeatDuplicate, 400, "handSize=5")
	add("tiny", "dragonheart", 2, "random,random", sim.SeatFixed, 2).Luck = true
	if err := p.Resolve(); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPlanJSONRoundTrip(t *testing.T) {
	p := testPlan(t)
	a, err := p.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	q, err := Parse(a)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := q.Marshal()
	if !bytes.Equal(a, b) {
		t.Fatalf("round trip changed the plan:\n%s\n%s", a, b)
	}
	if !strings.Contains(string(a), `"schema": "dragonlab.plan/v1"`) || q.Games() != 1000+301+800+2 {
		t.Fatalf("schema or games: %d", q.Games())
	}
	// A plan written by hand with partial rules and short agent specs reads into the same
	// canonical plan.
	var m map[string]any
	json.Unmarshal(a, &m)
	runs := m["runs"].([]any)
	runs[2].(map[string]any)["params"] = map[string]any{"handSize": 5}
	runs[2].(map[string]any)["agents"] = []string{"greedy:samples=01", "random"}
	loose, _ := json.Marshal(m)
	r, err := Parse(loose)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := r.Marshal()
	if !bytes.Equal(a, c) {
		t.Fatalf("a hand-written equivalent plan is not canonicalised:\n%s", c)
	}
}

func TestBadPlansAreOneClearError(t *testing.T) {
	good, _ := testPlan(t).Marshal()
	edit := func(f func(m map[string]any)) []byte {
		var m map[string]any
		json.Unmarshal(good, &m)
		f(m)
		b, _ := json.Marshal(m)
		return b
	}
	run := func(m map[string]any, i int) map[string]any { return m["runs"].([]any)[i].(map[string]any) }
	cases := map[string]struct {
		data []byte
		want string
	}{
		"not json":        {[]byte("{"), "not a dragonlab plan"},
		"results file":    {[]byte(`{"schema":"dragonlab.result/v1"}`), "not a dragonlab plan"},
		"other schema":    {edit(func(m map[string]any) { m["schema"] = "dragonlab.plan/v9" }), "schema"},
		"unknown key":     {edit(func(m map[string]any) { m["extra"] = 1 }), "extra"},
		"no runs":         {edit(func(m map[string]any) { m["runs"] = []any{} }), "no runs"},
		"no kind":         {edit(func(m map[string]any) { m["kind"] = "" }), "kind"},
		"duplicate name":  {edit(func(m map[string]any) { run(m, 1)["name"] = "DH-random" }), "named"},
		"bad name":        {edit(func(m map[string]any) { run(m, 1)["name"] = "../x" }), "name"},
		"part-like name":  {edit(func(m map[string]any) { run(m, 1)["name"] = "a.shard-1" }), ".shard-"},
		"unknown game":    {edit(func(m map[string]any) { run(m, 0)["game"] = "chess" }), "chess"},
		"players":         {edit(func(m map[string]any) { run(m, 0)["players"] = 3 }), "player"},
		"unknown param":   {edit(func(m map[string]any) { run(m, 0)["params"] = map[string]any{"dragonBonnus": 1} }), "dragonBonnus"},
		"null params":     {edit(func(m map[string]any) { run(m, 0)["params"] = nil }), "rules"},
		"invalid param":   {edit(func(m map[string]any) { run(m, 2)["params"] = map[string]any{"handSize": 40} }), "handSize"},
		"unknown agent":   {edit(func(m map[string]any) { run(m, 0)["agents"] = []string{"random", "genius"} }), "genius"},
		"agent count":     {edit(func(m map[string]any) { run(m, 0)["agents"] = []string{"random"} }), "1 agents for 2 players"},
		"seating":         {edit(func(m map[string]any) { run(m, 0)["seating"] = "round" }), "seating"},
		"replays":         {edit(func(m map[string]any) { run(m, 0)["replays"] = 3 }), "replay"},
		"replay without":  {edit(func(m map[string]any) { run(m, 0)["seating"] = "replay" }), "replay"},
		"units zero":      {edit(func(m map[string]any) { run(m, 0)["units"] = 0 }), "units"},
		"units negative":  {edit(func(m map[string]any) { run(m, 0)["units"] = -4 }), "units"},
		"results escapes": {edit(func(m map[string]any) { m["results"] = "../elsewhere" }), "results directory"},
		"trailing data":   {append(append([]byte{}, good...), []byte(" {}")...), "trailing"},
	}
	for name, c := range cases {
		_, err := Parse(c.data)
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %q, want one line with %q", name, msg, c.want)
		}
	}
}

// stripRun drops the "run" key of a results file: the only part allowed to differ.
func stripRun(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "run")
	b, _ := json.Marshal(m)
	return string(b)
}

// The "done when" at the package level: the plan played whole, and as 3 shards of
// which one is killed mid-run and resumed, merges to byte-identical results.
func TestShardsWithAKilledOneMergeToTheWholePlan(t *testing.T) {
	p := testPlan(t)
	whole := t.TempDir()
	out, err := Execute(context.Background(), p, Options{Dir: whole, Workers: 2})
	if err != nil || !out.Complete || out.Played != len(p.Runs) {
		t.Fatalf("whole: %v %+v", err, out)
	}
	if _, err := os.Stat(filepath.Join(whole, PartsDir)); err == nil {
		t.Error("a finished whole plan left its parts directory")
	}
	dir := t.TempDir()
	for k := 0; k < 3; k++ {
		sh := sim.Shard{Index: k, Count: 3}
		switch k {
		case 1:
			// Killed (Ctrl-C, SIGTERM) at the first checkpoint of the first run, whose slice
			// has 333 games: two blocks of the runner. Depending on when the runner sees the
			// signal, the run stops in its second block or just finishes; either way the
			// later runs are not started and the resume completes the shard.
			ctx, cancel := context.WithCancel(context.Background())
			out, err := Execute(ctx, p, Options{Dir: dir, Shard: sh, Workers: 2,
				OnCheckpoint: func(i int, done int64) {
					if i == 0 && done < 333 {
						cancel()
					}
				}})
			cancel()
			if err != nil || out.Complete || out.Results[1] != nil {
				t.Fatalf("killed shard: %v complete %v", err, out.Complete)
			}
			// A merge now names the interrupted (or missing) and the missing shard.
			_, _, err = MergeDir(dir, false)
			if err == nil || !strings.Contains(err.Error(), "shard 1/3 is") || !strings.Contains(err.Error(), "shard 2/3 is missing") {
				t.Fatalf("merge with a killed and a missing shard: %v", err)
			}
			var ie InputError
			if !errors.As(err, &ie) {
				t.Error("a missing shard is not an input error")
			}
			out, err = Execute(context.Background(), p, Options{Dir: dir, Shard: sh, Workers: 1})
			if err != nil || !out.Complete || out.Played != 3 || out.Resumed+out.Reused != 1 {
				t.Fatalf("resumed shard: %v %+v", err, out)
			}
		case 2:
			// Killed hard (kill -9) right after the first checkpoint of the first run:
			// simulated by keeping that checkpoint and removing what came after it.
			ck := p.checkpointPath(dir, 0, sh)
			var saved []byte
			out, err := Execute(context.Background(), p, Options{Dir: dir, Shard: sh, Workers: 2,
				OnCheckpoint: func(i int, done int64) {
					if i == 0 && saved == nil {
						saved, _ = os.ReadFile(ck)
					}
				}})
			if err != nil || !out.Complete || saved == nil {
				t.Fatalf("shard 2: %v, checkpoint %d bytes", err, len(saved))
			}
			for i := range p.Runs {
				os.Remove(p.PartPath(dir, i, sh))
			}
			os.WriteFile(ck, saved, 0o644)
			var log bytes.Buffer
			out, err = Execute(context.Background(), p, Options{Dir: dir, Shard: sh, Workers: 1, Log: &log})
			if err != nil || !out.Complete || out.Resumed != 1 || out.Played != 3 {
				t.Fatalf("resumed shard: %v %+v", err, out)
			}
			if !strings.Contains(log.String(), "resuming after 256 of 334") {
				t.Errorf("the resume is not logged: %q", log.String())
			}
		default:
			out, err := Execute(context.Background(), p, Options{Dir: dir, Shard: sh, Workers: 2})
			if err != nil || !out.Complete {
				t.Fatalf("shard %d: %v", k, err)
			}
			if out.Results[3] != nil {
				t.Error("shard 0/3 of a 2-game run is empty but was played")
			}
		}
	}
	q, m, err := MergeDir(dir, false)
	if err != nil || !m.Complete || m.Shards != 3 || m.Parts != 3*3+2 {
		t.Fatalf("merge: %v %+v", err, m)
	}
	for i := range q.Runs {
		if a := stripRun(t, p.ResultPath(whole, i)); q.Runs[i].Luck != strings.Contains(a, `"luck"`) {
			t.Errorf("run %s: luck accounting %v, its results say %v", q.Runs[i].Name, q.Runs[i].Luck, !q.Runs[i].Luck)
		}
		if a, b := stripRun(t, p.ResultPath(whole, i)), stripRun(t, p.ResultPath(dir, i)); a != b {
			t.Errorf("run %s: merged shards differ from the whole run\n%s\n%s", q.Runs[i].Name, a, b)
		}
	}
	// Merging again is harmless.
	if _, _, err := MergeDir(dir, false); err != nil {
		t.Fatal(err)
	}
	// Executing the same plan again reuses everything.
	out, err = Execute(context.Background(), p, Options{Dir: whole})
	if err != nil || out.Reused != len(p.Runs) || out.Played+out.Resumed != 0 {
		t.Fatalf("second execution: %v %+v", err, out)
	}
}

func TestDirectoryOfAnotherPlanIsRefused(t *testing.T) {
	p := testPlan(t)
	dir := t.TempDir()
	if _, err := Execute(context.Background(), p, Options{Dir: dir, Shard: sim.Shard{Index: 2, Count: 2}}); err == nil {
		t.Fatal("shard 2/2 accepted")
	}
	if _, err := Execute(context.Background(), p, Options{Dir: dir, Shard: sim.Shard{Index: 0, Count: 2}}); err != nil {
		t.Fatal(err)
	}
	// The same experiment written from another spelling of its flags is welcome.
	same := testPlan(t)
	same.Command = "dragonlab test --flag=x"
	if err := Check(dir, same); err != nil {
		t.Fatalf("the same plan from another command line: %v", err)
	}
	other := testPlan(t)
	other.Runs[0].Seed = 8
	err := Check(dir, other)
	var ie InputError
	if err == nil || !errors.As(err, &ie) || !strings.Contains(err.Error(), "belongs to another plan") {
		t.Fatalf("another plan's directory: %v", err)
	}
	// Parts without a plan.
	os.Remove(filepath.Join(dir, FileName))
	if err := Check(dir, p); err == nil || !strings.Contains(err.Error(), "parts") {
		t.Fatalf("parts without a plan: %v", err)
	}
	// A file, not a directory.
	file := filepath.Join(t.TempDir(), "f")
	os.WriteFile(file, []byte("x"), 0o644)
	if err := Check(file, p); err == nil {
		t.Fatal("a file accepted as the output directory")
	}
	// A directory with other files but no plan is taken (it belongs to nobody).
	legacy := t.TempDir()
	os.WriteFile(filepath.Join(legacy, "notes.txt"), []byte("x"), 0o644)
	if err := Check(legacy, p); err != nil {
		t.Fatal(err)
	}
}

func TestMergeRefusesForeignParts(t *testing.T) {
	p := testPlan(t)
	dir := t.TempDir()
	for k := 0; k < 2; k++ {
		if _, err := Execute(context.Background(), p, Options{Dir: dir, Shard: sim.Shard{Index: k, Count: 2}}); err != nil {
			t.Fatal(err)
		}
	}
	// A part of a run that is not in the plan.
	stray := filepath.Join(dir, PartsDir, "nosuch.shard-0-of-2.json")
	os.WriteFile(stray, []byte("{}"), 0o644)
	if _, _, err := MergeDir(dir, false); err == nil || !strings.Contains(err.Error(), "nosuch") {
		t.Fatalf("stray part: %v", err)
	}
	os.Remove(stray)
	// A part whose content belongs to another run.
	a, b := p.PartPath(dir, 0, sim.Shard{Index: 0, Count: 2}), p.PartPath(dir, 3, sim.Shard{Index: 0, Count: 2})
	data, _ := os.ReadFile(a)
	os.WriteFile(b, data, 0o644)
	if _, _, err := MergeDir(dir, false); err == nil || !strings.Contains(err.Error(), "is not shard 0/2 of run tiny") {
		t.Fatalf("swapped part: %v", err)
	}
	if _, err := os.Stat(p.ResultPath(dir, 0)); err == nil {
		t.Fatal("a failed merge wrote results")
	}
}

func TestReplaySeatingNeedsARunnerThatHasIt(t *testing.T) {
	p := New("luck", "")
	g, _ := engine.Lookup("dragonheart")
	fs, _ := agents.ParseList("random,random")
	p.Add(Run{Name: "r", Players: 2, Seating: sim.SeatReplay, Replays: 3, Seed: 1, Units: 10}, g, g.DefaultParams(), fs)
	err := p.Resolve()
	if _, has := reflect.TypeOf(sim.Config{}).FieldByName("Replays"); has {
		if err != nil {
			t.Fatalf("replay seating with a runner that has it: %v", err)
		}
		return
	}
	if err == nil || !strings.Contains(err.Error(), "no Replays") {
		t.Fatalf("replay seating without a runner that has it: %v", err)
	}
}

func TestSpecWeights(t *testing.T) {
	for _, c := range []struct {
		spec string
		min  float64
	}{{"random", 1}, {"greedy:samples=4", 80}, {"mcts:c=0.7,iters=1000,ms=0", 30000}, {"restrict:base=(mcts:iters=100,c=1),forbid=a+b", 3000}} {
		if w := specWeight(c.spec); w < c.min {
			t.Errorf("%s: weight %g", c.spec, w)
		}
	}
	if specWeight("mcts:iters=1000") <= specWeight("mcts:iters=10") {
		t.Error("weights do not grow with iterations")
	}
}

// A worker count beyond sim.MaxWorkers is refused before the directory is claimed.
func TestExecuteRefusesTooManyWorkers(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "d")
	_, err := Execute(context.Background(), testPlan(t), Options{Dir: dir, Workers: sim.MaxWorkers() + 1})
	var ie InputError
	if !errors.As(err, &ie) || !strings.Contains(err.Error(), "--workers") {
		t.Fatalf("too many workers: %v", err)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Fatal("the directory was created")
	}
}
