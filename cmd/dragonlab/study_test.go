package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tinyStudyDesign is a small study design of cheap levels (sim/experiment's test
// design): Dragonheart, Draco with 3 players and the Dragon Scales solitaire; its first
// run plays 900 deals (more than 256 per shard of three).
func tinyStudyDesign(t *testing.T, _ string) string {
	t.Helper()
	file, err := filepath.Abs(filepath.Join("..", "..", "reports", "analysis", "testdata", "tiny-study.json"))
	if err != nil {
		t.Fatal(err)
	}
	return file
}

// The budgets and a printed design: --print-design writes the budget as a design that
// --plan reads back into the same runs.
func TestStudyPrintDesignRoundTrip(t *testing.T) {
	for _, budget := range []string{"--quick", "--full"} {
		out := mustCLI(t, "study", budget, "--print-design")
		file := filepath.Join(t.TempDir(), "design.json")
		os.WriteFile(file, []byte(out), 0o644)
		p1, err := buildPlan(t, "study", budget)
		if err != nil {
			t.Fatal(err)
		}
		p2, err := buildPlan(t, "study", "--plan", file)
		if err != nil {
			t.Fatalf("%s: the printed design does not read back: %v", budget, err)
		}
		a, _ := json.Marshal(p1.Runs)
		b, _ := json.Marshal(p2.Runs)
		if string(a) != string(b) {
			t.Errorf("%s: the printed design plays other runs", budget)
		}
	}
}

// Bad designs and flags: one line, exit 2, nothing written.
func TestStudyBadInput(t *testing.T) {
	dir := t.TempDir()
	design := func(body string) string {
		f, _ := os.CreateTemp(dir, "design-*.json")
		f.WriteString(body)
		f.Close()
		return f.Name()
	}
	levels := `"levels": [{"name": "random", "agent": "random", "deals": 10}, {"name": "greedy", "agent": "greedy", "deals": 10}]`
	out := filepath.Join(dir, "out")
	for name, c := range map[string]struct {
		args []string
		want string
	}{
		"quick and full":   {[]string{"study", "--quick", "--full"}, "one of --quick, --full and --plan"},
		"plan and quick":   {[]string{"study", "--quick", "--plan", design(`{}`)}, "one of --quick"},
		"games zero":       {[]string{"study", "--games", "0"}, "--games must be positive"},
		"only unknown":     {[]string{"study", "--only", "chess"}, "chess"},
		"only twice":       {[]string{"study", "--only", "draco,draco"}, "twice"},
		"no such file":     {[]string{"study", "--plan", filepath.Join(dir, "none.json")}, "--plan"},
		"empty plan":       {[]string{"study", "--plan", ""}, "--plan is empty"},
		"not json":         {[]string{"study", "--plan", design("{\n\"schema\": \"dragonlab.study/v1\",\n  levels: []}")}, "line 3"},
		"schema":           {[]string{"study", "--plan", design(`{"schema": "x", ` + levels + `}`)}, "schema"},
		"unknown field":    {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "levls": [], ` + levels + `}`)}, "levls"},
		"one level":        {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "random", "agent": "random", "deals": 10}]}`)}, "at least two levels"},
		"level name":       {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "Random!", "agent": "random", "deals": 10}, {"name": "g", "agent": "greedy"}]}`)}, "name"},
		"same names":       {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "a", "agent": "random"}, {"name": "a", "agent": "greedy"}]}`)}, "two levels are named a"},
		"bad agent":        {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "a", "agent": "random"}, {"name": "b", "agent": "mcts:iters=0"}]}`)}, "levels[1]"},
		"cheating level":   {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "a", "agent": "random"}, {"name": "b", "agent": "oracle"}]}`)}, "cheats"},
		"negative deals":   {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "a", "agent": "random", "deals": -1}, {"name": "b", "agent": "greedy"}]}`)}, "-1 deals"},
		"bad key":          {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "a", "agent": "random", "deals": {"chess": 4}}, {"name": "b", "agent": "greedy"}]}`)}, `unknown key "chess"`},
		"unknown level":    {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", ` + levels + `, "ablation": [{"level": "expert", "deals": 5}]}`)}, `unknown level "expert"`},
		"unknown game":     {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "games": [{"game": "chess"}], ` + levels + `}`)}, "chess"},
		"players":          {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "games": [{"game": "dragonheart", "players": [3]}], ` + levels + `}`)}, "3"},
		"variant no rules": {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "games": [{"game": "draco", "variant": "x"}], ` + levels + `}`)}, "variant"},
		"bad rules":        {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "games": [{"game": "draco", "variant": "x", "rules": {"handSize": -3}}], ` + levels + `}`)}, "handSize"},
		"bad lever":        {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", ` + levels + `, "compensation": [{"level": "greedy", "deals": 5, "lever": {"key": "nope", "values": [1]}}]}`)}, "nope"},
		"budget zero":      {[]string{"study", "--quick", "--budget", "0"}, "--budget \"0\": a budget must be positive"},
		"budget negative":  {[]string{"study", "--budget", "-5m"}, "must be positive"},
		"budget no games":  {[]string{"study", "--budget", "0g"}, "--budget \"0g\""},
		"budget junk":      {[]string{"study", "--budget", "five minutes"}, "not a duration"},
		"settle empty":     {[]string{"study", "--settle", ""}, "--settle is empty"},
		"settle and quick": {[]string{"study", "--settle", dir, "--quick"}, "--quick cannot go with it"},
		"nothing played":   {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "a", "agent": "random"}, {"name": "b", "agent": "greedy"}]}`)}, "plays nothing"},
	} {
		code, stdout, stderr := cli(t, append(c.args, "--out", out, "--quiet")...)
		checkRefused(t, name, code, stdout, stderr)
		if !strings.Contains(stderr, c.want) {
			t.Errorf("%s: stderr %q does not say %q", name, stderr, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%s: wrote %s", name, out)
		}
	}
}

// study --settle DIR plays what the study's report asks for and reports again; a
// directory without a study is refused as bad input.
func TestStudySettleThroughTheCLI(t *testing.T) {
	dir := t.TempDir()
	design := filepath.Join(dir, "design.json")
	os.WriteFile(design, []byte(`{"schema": "dragonlab.study/v1", "games": [{"game": "dragonheart"}],
  "levels": [{"name": "random", "agent": "random", "deals": 300}, {"name": "greedy", "agent": "greedy:samples=1", "deals": 50}],
  "targets": {"seat": 0.07, "luck": 0.4}}`), 0o644)
	out := filepath.Join(dir, "s")
	mustCLI(t, "study", "--plan", design, "--out", out, "--quiet", "--workers", "2")
	code, stdout, stderr := cli(t, "study", "--settle", out, "--quiet", "--workers", "2")
	if code != 0 || !strings.Contains(stdout, "settling 1 stage") || !strings.Contains(stdout, "report in") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, _, stderr = cli(t, "study", "--settle", dir, "--quiet")
	checkRefused(t, "no study", code, "", stderr)
}

// The study's rounds through the CLI: a study whose greedy self-play (its most skilled
// level) leaves the Fair? question open plays rounds within --budget; one and two workers
// give the same rounds and report; a study stopped within a round finishes exactly that
// round when run again, and reports the same bytes; the end names the command that
// settles what is left.
func TestStudyRoundsThroughTheCLI(t *testing.T) {
	dir := t.TempDir()
	design := filepath.Join(dir, "design.json")
	os.WriteFile(design, []byte(`{"schema": "dragonlab.study/v1", "games": [{"game": "dragonheart"}],
  "levels": [{"name": "random", "agent": "random", "deals": 200}, {"name": "greedy", "agent": "greedy:samples=1", "deals": 40}],
  "targets": {"seat": 0.06, "luck": 0.4}}`), 0o644)
	args := []string{"study", "--plan", design, "--budget", "2500g", "--quiet"}
	run := func(out string, workers string) (string, string) {
		t.Helper()
		code, stdout, stderr := cli(t, append(args, "--out", out, "--workers", workers)...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		return stdout, stderr
	}
	read := func(file string) string { return readText(t, file) }
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	stdout, _ := run(a, "1")
	run(b, "2")
	var rec struct {
		Budget string `json:"budget"`
		Rounds []struct {
			Runs []struct {
				Run  string `json:"run"`
				More int64  `json:"more"`
			} `json:"runs"`
		} `json:"rounds"`
	}
	if err := json.Unmarshal([]byte(read(filepath.Join(a, "rounds.json"))), &rec); err != nil || len(rec.Rounds) == 0 {
		t.Fatalf("no round recorded (%v): the test measures nothing adaptive", err)
	}
	if r := rec.Rounds[0].Runs; len(r) != 1 || r[0].Run != "dragonheart-2p-self-greedy" || r[0].More < 1 {
		t.Errorf("round 1 continues %+v, want the greedy self-play", r)
	}
	for _, f := range []string{"rounds.json", "plan.json", "summary.json", "summary.md"} {
		if read(filepath.Join(a, f)) != read(filepath.Join(b, f)) {
			t.Errorf("%s differs between one and two workers", f)
		}
	}
	if strings.Contains(stdout, "not settled within the budget") && !strings.Contains(stdout, "study --settle "+a) {
		t.Errorf("the end does not name the command that settles the rest: %q", stdout)
	}
	// Again into the same directory: nothing more is played, the same report.
	run(a, "2")
	if read(filepath.Join(a, "summary.json")) != read(filepath.Join(b, "summary.json")) {
		t.Error("a study run again into its directory reports other numbers")
	}
	// Stopped when round 0 is done: round 1 is recorded but not played; run again, it
	// finishes as planned.
	c := filepath.Join(dir, "c")
	ctx, cancel := context.WithCancel(context.Background())
	withHooks(t, ctx, func(i int) {
		if i == 1 { // the last run of round 0
			cancel()
		}
	}, nil)
	code, _, stderr := cli(t, append(args, "--out", c, "--workers", "2")...)
	planHooks.ctx, planHooks.afterRun = nil, nil
	cancel()
	if code != exitInterrupted {
		t.Fatalf("stopped study: exit %d: %s", code, stderr)
	}
	run(c, "1")
	for _, f := range []string{"rounds.json", "plan.json", "summary.json"} {
		if read(filepath.Join(a, f)) != read(filepath.Join(c, f)) {
			t.Errorf("%s of a study stopped within its rounds and resumed differs", f)
		}
	}
}

// The rounds as shards: the study's command with --shard i/n plays round 0's shards; after
// each merge the same command plays every shard's slice of the next round, computed from
// the merged results on every shard, and merge combines them. The outcome is the one-
// machine study's, byte for byte: the rounds, the plan, the summaries and every results
// file (outside its run key, which holds the machine's time).
func TestStudyRoundsShardedThroughTheCLI(t *testing.T) {
	dir := t.TempDir()
	design := filepath.Join(dir, "design.json")
	os.WriteFile(design, []byte(`{"schema": "dragonlab.study/v1", "games": [{"game": "dragonheart"}],
  "levels": [{"name": "random", "agent": "random", "deals": 200}, {"name": "greedy", "agent": "greedy:samples=1", "deals": 40}],
  "targets": {"seat": 0.05, "luck": 0.4}}`), 0o644)
	args := []string{"study", "--plan", design, "--budget", "4000g", "--quiet"}
	must := func(args ...string) string {
		t.Helper()
		code, stdout, stderr := cli(t, args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", strings.Join(args, " "), code, stderr)
		}
		return stdout
	}
	read := func(file string) string { return readText(t, file) }
	one, sh := filepath.Join(dir, "one"), filepath.Join(dir, "sharded")
	must(append(args, "--out", one, "--workers", "1")...)
	rounds := 0
	for step := 0; ; step++ {
		if step > 8 {
			t.Fatal("the sharded rounds do not end")
		}
		out0 := must(append(args, "--out", sh, "--shard", "0/2", "--workers", "1")...)
		if step == 1 {
			// Round 1 with one shard played: merge names the other and writes nothing;
			// shard 0 again reuses its slice.
			code, _, stderr := cli(t, "merge", sh)
			if code != 2 || !strings.Contains(stderr, "--shard 1/2") {
				t.Errorf("merge of a round without shard 1/2: exit %d: %s", code, stderr)
			}
			if again := must(append(args, "--out", sh, "--shard", "0/2", "--workers", "1")...); !strings.Contains(again, "0 slices played, 1 already done") {
				t.Errorf("shard 0/2 again: %s", again)
			}
		}
		out1 := must(append(args, "--out", sh, "--shard", "1/2", "--workers", "2")...)
		if strings.Contains(out0, "the rounds are over") != strings.Contains(out1, "the rounds are over") {
			t.Fatalf("the shards disagree on whether the rounds are over:\n%s\n%s", out0, out1)
		}
		if strings.Contains(out0, "the rounds are over") {
			break
		}
		if strings.Contains(out0, "of round ") {
			rounds++
		}
		merged := must("merge", sh)
		if step > 0 && !strings.Contains(merged, "merged the round's slices") {
			t.Fatalf("merge after round %d's shards: %s", step, merged)
		}
		// Merging again changes nothing and is no error.
		must("merge", sh)
	}
	var rec struct {
		Rounds []json.RawMessage `json:"rounds"`
	}
	if err := json.Unmarshal([]byte(read(filepath.Join(one, "rounds.json"))), &rec); err != nil || len(rec.Rounds) < 1 {
		t.Fatalf("one machine played no round (%v): the test measures nothing adaptive", err)
	}
	if rounds != len(rec.Rounds) {
		t.Errorf("the shards played %d rounds, one machine %d", rounds, len(rec.Rounds))
	}
	for _, f := range []string{"rounds.json", "plan.json", "summary.json", "summary.md", "summary.csv"} {
		if read(filepath.Join(one, f)) != read(filepath.Join(sh, f)) {
			t.Errorf("%s differs between one machine and two shards", f)
		}
	}
	files, _ := filepath.Glob(filepath.Join(one, "results", "*.json"))
	if len(files) == 0 {
		t.Fatal("no results files")
	}
	withoutRun := func(file string) string {
		t.Helper()
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(read(file)), &m); err != nil {
			t.Fatal(err)
		}
		delete(m, "run")
		data, _ := json.Marshal(m)
		return string(data)
	}
	for _, f := range files {
		if withoutRun(f) != withoutRun(filepath.Join(sh, "results", filepath.Base(f))) {
			t.Errorf("results/%s differs between one machine and two shards", filepath.Base(f))
		}
	}
}

// readText is a file's text, the test failing where it cannot be read.
func readText(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
