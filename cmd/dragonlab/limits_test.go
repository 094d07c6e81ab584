package main

import (
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
		if _, err := os.Stat(filepath.Join(out, "plan.json")); err == nil {
			t.Fatalf("tournament --workers %s wrote its plan", n)
		}
	}
}

// Issue 27, item 10: bench --json with an empty value is a value given (refused, not "no
// file"), and --seconds too short to finish a game (1e-300 printed +Inf and NaN) is
// refused.
func TestBenchRefusesEmptyJSONAndTooShortMeasurements(t *testing.T) {
	dir := t.TempDir()
	js := filepath.Join(dir, "b.json")
	refused(t, "--json is empty", []string{js}, "bench", "--game", "dragonheart", "--seconds", "0.2", "--json", "")
	for _, secs := range []string{"1e-300", "0.01", "5e-324"} {
		refused(t, "--seconds", []string{js}, "bench", "--game", "dragonheart", "--seconds", secs, "--json", js)
	}
}
