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
