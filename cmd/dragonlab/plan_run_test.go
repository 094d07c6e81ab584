package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// A single run as a plan (`plan run`): played as 3 shards, one of them killed at its first
// checkpoint and run again, then merged, it gives the results file `dragonlab run` writes
// (outside "run"), and the same report as run-plan of the whole plan.
func TestPlanRunShardsMergeToTheSingleRun(t *testing.T) {
	runArgs := []string{"--game", "draco", "--players", "3", "--agents", "random,greedy:samples=1,random", "--seating", "rotate", "--games", "1500", "--seed", "7"}
	dir := t.TempDir()
	single := filepath.Join(dir, "single.json")
	mustCLI(t, append(append([]string{"run"}, runArgs...), "--out", single, "--quiet")...)
	file := writePlan(t, append([]string{"run"}, runArgs...)...)

	sharded := filepath.Join(dir, "sharded")
	mustCLI(t, "run-plan", file, "--prepare", "--out", sharded)
	if entries, _ := os.ReadDir(filepath.Join(sharded, "parts")); len(entries) != 0 {
		t.Fatalf("--prepare played something: %v", entries)
	}
	for k := 0; k < 3; k++ {
		shard := []string{"run-plan", filepath.Join(sharded, "plan.json"), "--shard", fmt.Sprintf("%d/3", k), "--out", sharded, "--workers", "2"}
		if k == 1 {
			killAtFirstCheckpoint(t, append(shard, "--quiet")...)
			// Run again, it says that it resumes.
			code, _, stderr := cli(t, shard...)
			if code != 0 || !strings.Contains(stderr, "resuming after") {
				t.Fatalf("resumed shard: exit %d: %s", code, stderr)
			}
			continue
		}
		mustCLI(t, append(shard, "--quiet")...)
	}
	out := mustCLI(t, "merge", sharded)
	if !strings.Contains(out, "win share") {
		t.Errorf("merge printed no summary table:\n%s", out)
	}
	if a, b := stripRun(t, single), stripRun(t, filepath.Join(sharded, "results.json")); a != b {
		t.Error("the merged shards differ from dragonlab run")
	}
	whole := filepath.Join(dir, "whole")
	mustCLI(t, "run-plan", file, "--out", whole, "--quiet")
	x, y := outputs(t, whole), outputs(t, sharded)
	if len(x) != len(y) || x["results.json"] == "" || x["summary.md"] == "" {
		t.Fatalf("different or missing files: %v %v", keys(x), keys(y))
	}
	for _, k := range keys(x) {
		if x[k] != y[k] {
			t.Errorf("%s differs between the whole plan and the merged shards", k)
		}
	}
	// Merging again is harmless.
	mustCLI(t, "merge", sharded)
	if a, b := stripRun(t, single), stripRun(t, filepath.Join(sharded, "results.json")); a != b {
		t.Error("merging again changed the results")
	}
}

// run-plan --prepare claims an output directory for a plan and refuses one that holds
// another plan (what the Slurm submit script relies on), writing nothing there.
func TestRunPlanPrepareClaimsTheDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	a := writePlan(t, "run", "--game", "draco", "--games", "100")
	b := writePlan(t, "run", "--game", "draco", "--games", "100", "--seed", "2")
	mustCLI(t, "run-plan", a, "--prepare", "--out", dir)
	before, _ := os.ReadFile(filepath.Join(dir, "plan.json"))
	want, _ := os.ReadFile(a)
	if string(before) != string(want) {
		t.Fatal("--prepare did not write the plan into the directory")
	}
	mustCLI(t, "run-plan", a, "--prepare", "--out", dir) // the same plan again: harmless
	code, _, stderr := cli(t, "run-plan", b, "--prepare", "--out", dir)
	if code != exitBadInput || !strings.Contains(stderr, "belongs to another plan") || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Fatalf("another plan: exit %d: %q", code, stderr)
	}
	after, _ := os.ReadFile(filepath.Join(dir, "plan.json"))
	if string(after) != string(before) {
		t.Error("a refused plan replaced the directory's plan")
	}
	// A plan of a single run refuses what needs the whole run.
	code, _, stderr = cli(t, "plan", "run", "--game", "draco", "--until", "halfwidth=0.01", "--out", filepath.Join(t.TempDir(), "p.json"))
	if code != exitBadInput || !strings.Contains(stderr, "until") {
		t.Fatalf("plan run --until: exit %d: %q", code, stderr)
	}
}

// A directory is continued only by the version of dragonlab that started it (its parts
// and checkpoints are that version's), even from the very plan file it holds; a plan file
// from another version starts a new directory, which then belongs to this version.
func TestPlanDirectoryBelongsToOneVersion(t *testing.T) {
	file := writePlan(t, "run", "--game", "draco", "--games", "100")
	dir := filepath.Join(t.TempDir(), "out")
	mustCLI(t, "run-plan", file, "--shard", "0/2", "--out", dir, "--quiet")
	saved := sim.Version
	sim.Version = "9.9.9-test"
	t.Cleanup(func() { sim.Version = saved })
	for _, args := range [][]string{
		{"run-plan", file, "--shard", "1/2", "--out", dir, "--quiet"},
		{"run-plan", filepath.Join(dir, "plan.json"), "--prepare", "--out", dir},
	} {
		code, _, stderr := cli(t, args...)
		if code != exitBadInput || !strings.Contains(stderr, "was started by dragonlab "+saved+" and this is dragonlab 9.9.9-test") {
			t.Fatalf("%v: exit %d: %q", args, code, stderr)
		}
	}
	fresh := filepath.Join(t.TempDir(), "fresh")
	mustCLI(t, "run-plan", file, "--shard", "1/2", "--out", fresh, "--quiet")
	p, err := plan.ReadDir(fresh)
	if err != nil || p.Tool != "dragonlab 9.9.9-test" {
		t.Fatalf("a new directory from an older plan file: %v, tool %q", err, p.Tool)
	}
}
