package main

import (
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
