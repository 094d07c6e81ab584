package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunReplayMetricsAndCostThroughTheCLI(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.json")
	args := []string{"run", "--game", "dragonheart", "--games", "600", "--seed", "5", "--seating", "replay", "--replays", "3", "--metrics", "--quiet"}
	code, stdout, stderr := cli(t, append(args, "--out", out)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "ms/decision") || !strings.Contains(stdout, "600 games") {
		t.Fatalf("no cost line or wrong game count:\n%s", stdout)
	}
	body := stripRun(t, out)
	for _, key := range []string{`"metrics"`, `"replays"`, `"k":3`, `"seating":"replay"`} {
		if !strings.Contains(body, key) {
			t.Fatalf("results have no %s", key)
		}
	}
	data, _ := os.ReadFile(out)
	if !strings.Contains(string(data), `"msPerDecision"`) {
		t.Fatal("results have no cost under run")
	}
	// Shards of the same run merge to it exactly, and merge prints the summed cost.
	var parts []string
	for i := 0; i < 3; i++ {
		p := filepath.Join(dir, "part"+string(rune('0'+i))+".json")
		if code, _, stderr := cli(t, append(args, "--shard", string(rune('0'+i))+"/3", "--out", p)...); code != 0 {
			t.Fatal(stderr)
		}
		parts = append(parts, p)
	}
	merged := filepath.Join(dir, "merged.json")
	code, stdout, stderr = cli(t, append(append([]string{"merge"}, parts...), "--out", merged)...)
	if code != 0 {
		t.Fatal(stderr)
	}
	if stripRun(t, out) != stripRun(t, merged) {
		t.Fatal("merged shards differ from the single run")
	}
	if !strings.Contains(stdout, "ms/decision") || strings.Contains(stdout, "games/s") {
		t.Fatalf("merge summary:\n%s", stdout)
	}
}

func TestReplayBadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.json")
	for name, args := range map[string][]string{
		"replays zero":        {"--seating", "replay", "--replays", "0", "--games", "10"},
		"replays missing":     {"--seating", "replay", "--games", "10"},
		"replays one":         {"--seating", "replay", "--replays", "1", "--games", "10"},
		"replays not a mult":  {"--seating", "replay", "--replays", "3", "--games", "10"},
		"replays w/o seating": {"--replays", "3", "--games", "9"},
	} {
		code, stdout, stderr := cli(t, append(append([]string{"run"}, args...), "--out", out)...)
		checkRefused(t, name, code, stdout, stderr)
		if !strings.Contains(stderr, "replay") {
			t.Errorf("%s: stderr %q does not say replay", name, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%s: a results file was written", name)
		}
	}
}
