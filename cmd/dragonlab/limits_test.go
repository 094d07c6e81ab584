package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/sim"
)

// Issue 27, item 8: --workers beyond 4× the CPUs is refused up front, nothing written.
func TestTooManyWorkersAreRefused(t *testing.T) {
	dir := t.TempDir()
	res := filepath.Join(dir, "r.json")
	for _, n := range []string{fmt.Sprint(sim.MaxWorkers() + 1), "2147483647"} {
		refused(t, "at most", []string{res}, "run", "--workers", n, "--out", res)
		out := filepath.Join(dir, "t")
		code, _, stderr := cli(t, "tournament", "--agents", "random,greedy", "--games", "10", "--workers", n, "--out", out)
		if code != exitBadInput || !strings.Contains(stderr, "--workers") {
			t.Fatalf("tournament --workers %s: exit %d, %q", n, code, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("tournament --workers %s created its output directory", n)
		}
	}
}

// Issue 27, item 10: bench --json with an empty value is a value given (refused, not "no
// file"), and --seconds too short to finish a game (1e-300 printed +Inf and NaN) is
// refused.
func TestBenchRefusesEmptyJSONAndTooShortMeasurements(t *testing.T) {
	refused(t, "--replay is empty", nil, "trace", "--replay", "")
	dir := t.TempDir()
	js := filepath.Join(dir, "b.json")
	refused(t, "--json is empty", []string{js}, "bench", "--game", "dragonheart", "--seconds", "0.2", "--json", "")
	for _, secs := range []string{"1e-300", "0.01", "5e-324"} {
		refused(t, "--seconds", []string{js}, "bench", "--game", "dragonheart", "--seconds", secs, "--json", js)
	}
}

// Issue 27, item 10: control characters in a plan file (a hand-edited label or command
// line) never reach the terminal raw: not in the progress lines, not in error messages.
func TestControlCharactersFromPlansAreEscaped(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "p.json")
	mustCLI(t, "plan", "tournament", "--agents", "random,greedy", "--games", "20", "--out", file)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var p map[string]any
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatal(err)
	}
	const evil = "\x1b[2J\x1b]0;owned\a\u202e"
	p["runs"].([]any)[0].(map[string]any)["label"] = "random vs greedy" + evil
	p["command"] = "dragonlab tournament" + evil
	data, _ = json.Marshal(p)
	os.WriteFile(file, data, 0o644)
	out := filepath.Join(dir, "out")
	code, stdout, stderr := cli(t, "run-plan", file, "--out", out)
	if code != 0 {
		t.Fatalf("run-plan: exit %d, %s", code, stderr)
	}
	if !strings.Contains(stderr, `random vs greedy\x1b[2J`) {
		t.Errorf("the progress does not show the escaped label: %q", stderr)
	}
	// The directory now holds that plan: another plan is refused with a message that
	// quotes the command line.
	other := filepath.Join(dir, "other.json")
	mustCLI(t, "plan", "tournament", "--agents", "random,greedy", "--games", "40", "--out", other)
	_, _, refusal := cli(t, "run-plan", other, "--out", out)
	if !strings.Contains(refusal, "another plan") {
		t.Fatalf("run-plan into the directory of another plan: %q", refusal)
	}
	for what, text := range map[string]string{"stdout": stdout, "stderr": stderr, "the refusal": refusal} {
		if strings.ContainsAny(text, "\x1b\a\u202e") {
			t.Errorf("%s holds raw control characters: %q", what, text)
		}
	}
}
