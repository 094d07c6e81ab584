package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/sim/plan"
)

// cli runs the command in-process and returns its exit status, stdout and stderr.
func cli(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := execute(args, &out, &errb)
	return code, out.String(), errb.String()
}

// checkRefused checks how bad input was refused: exit status 2 and one line on stderr,
// "dragonlab: …", with no stack trace.
func checkRefused(t *testing.T, what string, code int, stdout, stderr string) {
	t.Helper()
	if code != exitBadInput {
		t.Errorf("%s: exit %d, want %d (stderr %q, stdout %q)", what, code, exitBadInput, stderr, stdout)
	}
	if strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.HasPrefix(stderr, "dragonlab: ") {
		t.Errorf("%s: want one line on stderr, got %q", what, stderr)
	}
	if strings.Contains(stderr, "panic") || strings.Contains(stderr, "goroutine") {
		t.Errorf("%s: stack trace on stderr", what)
	}
}

// stripRun drops the "run" key, the only part of a results file allowed to differ
// between two identical runs.
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

func TestBadInputIsOneLineExit2AndWritesNothing(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.json")
	rules := filepath.Join(dir, "rules.json")
	os.WriteFile(rules, []byte(`{"dragonBonus": `), 0o644)
	unknownKey := filepath.Join(dir, "unknown.json")
	os.WriteFile(unknownKey, []byte(`{"dragonBonnus": 3}`), 0o644)
	cases := map[string][]string{
		"unknown game":        {"run", "--game", "chess"},
		"unknown agent":       {"run", "--agents", "random,genius"},
		"unknown agent opt":   {"run", "--agents", "random:depth=3,random"},
		"too few agents":      {"run", "--agents", "random"},
		"too many agents":     {"run", "--agents", "random,random,random"},
		"players low":         {"run", "--players", "1"},
		"players high":        {"run", "--players", "3"},
		"games zero":          {"run", "--games", "0"},
		"games negative":      {"run", "--games", "-5"},
		"unknown parameter":   {"run", "--set", "dragonBonnus=3"},
		"malformed set":       {"run", "--set", "dragonBonus"},
		"wrong type set":      {"run", "--set", "dragonBonus=[1]"},
		"malformed rules":     {"run", "--rules", rules},
		"unknown rules key":   {"run", "--rules", unknownKey},
		"missing rules file":  {"run", "--rules", filepath.Join(dir, "nope.json")},
		"bad seating":         {"run", "--seating", "round"},
		"duplicate not mult":  {"run", "--seating", "duplicate", "--games", "3"},
		"shard out of range":  {"run", "--shard", "3/2"},
		"shard malformed":     {"run", "--shard", "x/4"},
		"bad until":           {"run", "--until", "halfwidth=2"},
		"resume missing":      {"run", "--resume", filepath.Join(dir, "none.json")},
		"unknown flag":        {"run", "--gmaes", "5"},
		"unknown command":     {"runn"},
		"trace unknown game":  {"trace", "--game", "chess"},
		"trace bad format":    {"trace", "--format", "xml"},
		"merge missing file":  {"merge", filepath.Join(dir, "none.json")},
		"merge foreign json":  {"merge", rules},
		"bench unknown game":  {"bench", "--game", "chess"},
		"unknown class":       {"run", "--game", "draco", "--agents", "restrict:base=greedy,forbid=nope,random"},
		"trace unknown class": {"trace", "--game", "draco", "--agents", "restrict:base=greedy,forbid=nope,random"},
	}
	for name, args := range cases {
		args = append(args, "--out", out, "--games", "10")
		if args[0] == "trace" || args[0] == "bench" {
			args = args[:len(args)-4]
		}
		if name == "games zero" || name == "games negative" || name == "duplicate not mult" || name == "unknown flag" {
			args = args[:len(args)-2] // their own --games
		}
		code, stdout, stderr := cli(t, args...)
		checkRefused(t, name, code, stdout, stderr)
		if args[0] == "trace" && stdout != "" {
			t.Errorf("%s: the trace printed before refusing: %q", name, stdout)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%s: a results file was written", name)
		}
	}
}

func TestErrorsNameTheValidChoices(t *testing.T) {
	_, _, stderr := cli(t, "run", "--game", "chess")
	if !strings.Contains(stderr, "dragonheart") {
		t.Errorf("unknown game does not list the games: %q", stderr)
	}
	_, _, stderr = cli(t, "run", "--set", "dragonBonnus=3")
	if !strings.Contains(stderr, "dragonBonus") {
		t.Errorf("unknown parameter does not list the keys: %q", stderr)
	}
	_, _, stderr = cli(t, "run", "--agents", "random,genius")
	if !strings.Contains(stderr, "random") {
		t.Errorf("unknown agent does not list the agents: %q", stderr)
	}
}

// Results do not depend on the number of workers (the "done when").
func TestRunIsIdenticalForOneAndTwoWorkers(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	for _, c := range []struct{ workers, out string }{{"1", a}, {"2", b}} {
		code, stdout, stderr := cli(t, "run", "--game", "dragonheart", "--games", "3000", "--seed", "7", "--workers", c.workers, "--out", c.out, "--quiet")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if !strings.Contains(stdout, "95% interval") {
			t.Fatalf("no summary table: %s", stdout)
		}
	}
	if stripRun(t, a) != stripRun(t, b) {
		t.Fatal("results differ between 1 and 2 workers")
	}
	var r struct {
		Schema   string
		Games    int64
		Complete bool
		Seats    []struct{ WinShare float64 }
	}
	data, _ := os.ReadFile(a)
	json.Unmarshal(data, &r)
	if r.Schema != "dragonlab.result/v1" || r.Games != 3000 || !r.Complete || len(r.Seats) != 2 {
		t.Fatalf("results file: %+v", r)
	}
}

func TestRunWithSetAndRulesChangesParams(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "rules.json")
	os.WriteFile(rules, []byte(`{"handSize": 4}`), 0o644)
	out := filepath.Join(dir, "r.json")
	code, _, stderr := cli(t, "run", "--games", "200", "--set", "dragonBonus=5", "--rules", rules, "--out", out, "--quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, _ := os.ReadFile(out)
	var r struct{ Params map[string]any }
	json.Unmarshal(data, &r)
	if r.Params["dragonBonus"] != 5.0 || r.Params["handSize"] != 4.0 {
		t.Fatalf("params not applied: %v", r.Params)
	}
}

func TestShardsMergeToTheSingleRunThroughTheCLI(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.json")
	args := []string{"run", "--game", "dragonheart", "--games", "2000", "--seed", "3", "--quiet"}
	if code, _, stderr := cli(t, append(args, "--out", whole)...); code != 0 {
		t.Fatal(stderr)
	}
	var parts []string
	for i := 0; i < 4; i++ {
		p := filepath.Join(dir, "part"+string(rune('0'+i))+".json")
		if code, _, stderr := cli(t, append(args, "--shard", string(rune('0'+i))+"/4", "--out", p)...); code != 0 {
			t.Fatal(stderr)
		}
		parts = append(parts, p)
	}
	merged := filepath.Join(dir, "merged.json")
	if code, _, stderr := cli(t, append(append([]string{"merge"}, parts...), "--out", merged)...); code != 0 {
		t.Fatal(stderr)
	}
	if stripRun(t, whole) != stripRun(t, merged) {
		t.Fatal("merged shards differ from the single run")
	}
	// A missing shard is an error and overwrites nothing.
	os.WriteFile(merged, []byte("keep"), 0o644)
	if code, _, _ := cli(t, "merge", parts[0], parts[1], parts[3], "--out", merged); code != exitBadInput {
		t.Fatalf("missing shard: exit %d", code)
	}
	if data, _ := os.ReadFile(merged); string(data) != "keep" {
		t.Fatal("a failed merge overwrote its output")
	}
}

func TestTraceShowsDecisionsAndScores(t *testing.T) {
	code, stdout, stderr := cli(t, "trace", "--game", "dragonheart", "--seed", "5")
	if code != 0 {
		t.Fatal(stderr)
	}
	if !strings.Contains(stdout, "seat 0: ") || !strings.Contains(stdout, "seat 1: ") || !strings.Contains(stdout, "scores") {
		t.Fatalf("trace lacks decisions or scores:\n%s", stdout)
	}
	code, jsonl, _ := cli(t, "trace", "--game", "dragonheart", "--seed", "5", "--format", "jsonl")
	if code != 0 {
		t.Fatal("jsonl trace failed")
	}
	lines := strings.Split(strings.TrimSpace(jsonl), "\n")
	var last map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil || last["end"] != true {
		t.Fatalf("last jsonl line: %s", lines[len(lines)-1])
	}
}

func TestGamesListsEveryParameter(t *testing.T) {
	code, stdout, _ := cli(t, "games")
	if code != 0 {
		t.Fatal("games failed")
	}
	for _, want := range []string{"dragonheart", "dragonBonus", "handSize", "tieBreakFigurine"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("games output lacks %q", want)
		}
	}
}

func TestReportFromRunResults(t *testing.T) {
	dir := t.TempDir()
	res := filepath.Join(dir, "r.json")
	if code, _, stderr := cli(t, "run", "--game", "draco", "--players", "3", "--games", "500", "--out", res, "--quiet"); code != 0 {
		t.Fatal(stderr)
	}
	out := filepath.Join(dir, "report")
	if code, _, stderr := cli(t, "report", res, "--out", out); code != 0 {
		t.Fatal(stderr)
	}
	for _, f := range []string{"report.pdf", "summary.md", "summary.csv"} {
		if st, err := os.Stat(filepath.Join(out, f)); err != nil || st.Size() == 0 {
			t.Fatalf("%s missing or empty", f)
		}
	}
	// Foreign JSON, a missing file, an unwritable directory: exit 2, one line.
	foreign := filepath.Join(dir, "foreign.json")
	os.WriteFile(foreign, []byte(`{"hello": 1}`), 0o644)
	blocker := filepath.Join(dir, "file")
	os.WriteFile(blocker, []byte("x"), 0o644)
	for name, args := range map[string][]string{
		"foreign":    {"report", foreign, "--out", filepath.Join(dir, "x")},
		"missing":    {"report", filepath.Join(dir, "none.json"), "--out", filepath.Join(dir, "y")},
		"unwritable": {"report", res, "--out", filepath.Join(blocker, "sub")},
	} {
		if code, _, stderr := cli(t, args...); code != exitBadInput || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%s: exit %d, stderr %q", name, code, stderr)
		}
	}
}

func TestQuickStudyWritesOneReport(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := cli(t, "study", "--quick", "--games", "200", "--only", "dragonscales", "--out", dir, "--quiet")
	if code != 0 {
		t.Fatal(stderr)
	}
	if !strings.Contains(stdout, "Dragon Scales") || !strings.Contains(stdout, "solitaire") {
		t.Fatalf("no answer for Dragon Scales: %s", stdout)
	}
	md, err := os.ReadFile(filepath.Join(dir, "summary.md"))
	if err != nil || !strings.Contains(string(md), "At a glance") || !strings.Contains(string(md), "Is it fair?") {
		t.Fatalf("summary.md lacks the answers: %v", err)
	}
	p, err := plan.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	results, _ := filepath.Glob(filepath.Join(dir, "results", "*.json"))
	if len(results) != len(p.Runs) {
		t.Fatalf("%d results files for %d runs", len(results), len(p.Runs))
	}
	if code, _, _ := cli(t, "study", "--only", "chess", "--out", dir); code != exitBadInput {
		t.Fatalf("unknown game in a study: exit %d", code)
	}
}

func TestBenchMeasuresOneGame(t *testing.T) {
	dir := t.TempDir()
	js := filepath.Join(dir, "bench.json")
	code, stdout, stderr := cli(t, "bench", "--game", "dragonheart", "--seconds", "0.2", "--json", js)
	if code != 0 {
		t.Fatal(stderr)
	}
	if !strings.Contains(stdout, "dragonheart") || !strings.Contains(stdout, "allocs/game") {
		t.Fatalf("bench table: %s", stdout)
	}
	var b struct {
		Rows []struct {
			Game          string
			AllocsPerGame float64
			OneWorker     struct{ GamesPerSec float64 }
		}
	}
	data, _ := os.ReadFile(js)
	if err := json.Unmarshal(data, &b); err != nil || len(b.Rows) != 1 || b.Rows[0].OneWorker.GamesPerSec <= 0 {
		t.Fatalf("bench json: %v %s", err, data)
	}
	if b.Rows[0].AllocsPerGame != 0 {
		t.Fatalf("a random dragonheart game allocates %.2f times in the runner", b.Rows[0].AllocsPerGame)
	}
}

// Issue 9's bad input: a corrupt checkpoint, overlapping shards and parts of different
// runs — one line, exit 2, nothing overwritten.
func TestCorruptCheckpointAndForeignShardsAreRefused(t *testing.T) {
	dir := t.TempDir()
	ck := filepath.Join(dir, "ck.json")
	os.WriteFile(ck, []byte(`{"schema":"dragonlab.result/v1","players":2,"seats":[`), 0o644)
	out := filepath.Join(dir, "r.json")
	code, _, stderr := cli(t, "run", "--games", "100", "--resume", ck, "--out", out, "--quiet")
	if code != exitBadInput || !strings.Contains(stderr, "corrupt") {
		t.Fatalf("corrupt checkpoint: exit %d, %q", code, stderr)
	}
	if data, _ := os.ReadFile(ck); !strings.HasSuffix(string(data), `"seats":[`) {
		t.Fatal("the corrupt checkpoint was overwritten")
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatal("a results file was written")
	}
	a, b, c := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json"), filepath.Join(dir, "c.json")
	base := []string{"run", "--games", "400", "--quiet"}
	cli(t, append(base, "--shard", "0/2", "--out", a)...)
	cli(t, append(base, "--shard", "1/2", "--seed", "9", "--out", b)...)
	merged := filepath.Join(dir, "m.json")
	if code, _, stderr := cli(t, "merge", a, b, "--out", merged); code != exitBadInput || !strings.Contains(stderr, "seed") {
		t.Fatalf("parts of different runs: exit %d, %q", code, stderr)
	}
	cli(t, append(base, "--shard", "0/2", "--out", c)...)
	if code, _, stderr := cli(t, "merge", a, c, "--out", merged); code != exitBadInput || !strings.Contains(stderr, "overlap") {
		t.Fatalf("overlapping shards: exit %d, %q", code, stderr)
	}
	if _, err := os.Stat(merged); err == nil {
		t.Fatal("a refused merge wrote its output")
	}
}

// --checkpoint then --resume through the CLI ends with the same results as one run.
func TestResumeThroughTheCLI(t *testing.T) {
	dir := t.TempDir()
	whole, resumed, ck := filepath.Join(dir, "w.json"), filepath.Join(dir, "r.json"), filepath.Join(dir, "ck.json")
	args := []string{"run", "--game", "redhot", "--players", "3", "--games", "30000", "--seed", "5", "--quiet"}
	if code, _, stderr := cli(t, append(args, "--out", whole)...); code != 0 {
		t.Fatal(stderr)
	}
	// A finished run's checkpoint holds every game; resuming from it plays none and
	// reproduces the results file.
	if code, _, stderr := cli(t, append(args, "--checkpoint", ck, "--out", filepath.Join(dir, "x.json"))...); code != 0 {
		t.Fatal(stderr)
	}
	if code, _, stderr := cli(t, append(args, "--resume", ck, "--out", resumed)...); code != 0 {
		t.Fatal(stderr)
	}
	if stripRun(t, whole) != stripRun(t, resumed) {
		t.Fatal("resumed results differ from the uninterrupted run")
	}
}
