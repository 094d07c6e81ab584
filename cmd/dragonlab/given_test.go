package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// A flag given with an empty value is a choice, not "unset": refused in one line, for
// every command (not read as the default levers, components, counts or file). Each
// command also has a flag checked later that refuses it (--budget 1, --games 0), so that
// the test stays fast where the empty value is let through.
func TestEmptyGivenValuesAreRefused(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	files := []string{out}
	for _, c := range []struct {
		flag string
		args []string
	}{
		{"--levers", []string{"tune", "--levers", "", "--budget", "1", "--out", out}},
		{"--target", []string{"tune", "--target", "", "--budget", "1", "--out", out}},
		{"--components", []string{"value", "--agents", "random", "--components", "", "--games", "0", "--out", out}},
		{"--player-counts", []string{"luck-model", "fit", "--player-counts", "", "--games", "0", "--out", filepath.Join(dir, "v.json")}},
		{"--file", []string{"luck-model", "show", "--file", ""}},
		{"--set", []string{"tournament", "--agents", "random,greedy", "--set", "", "--games", "0", "--out", out}},
		{"--base", []string{"ceiling", "--base", " ", "--games", "0", "--out", out}},
	} {
		refused(t, c.flag, files, c.args...)
	}
}

// An explicit 0 where 0 stands for a default ("sized from the targets", "the base's own")
// is refused, not read as that default.
func TestExplicitZeroIsNotTheDefault(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	files := []string{out}
	for _, flag := range []string{"--rounds", "--certify", "--max-changed"} {
		refused(t, flag+" 0", files, "tune", "--agents", "random", flag, "0", "--budget", "1", "--out", out)
	}
	refused(t, "--decision-iters 0", files, "value", "--agents", "mcts:iters=5", "--decision-iters", "0", "--games", "0", "--out", out)
	refused(t, "--start 0", files, "ceiling", "--start", "0", "--games", "0", "--out", out)
	refused(t, "--start 0", files, "ceiling", "--all", "--start", "0", "--deals", "0", "--out", out)
	refused(t, "--deals 0", files, "ceiling", "--all", "--deals", "0", "--out", out)
	refused(t, "--only chess", files, "ceiling", "--all", "--only", "chess", "--out", out)
}

// ceiling's two forms (one cell, or --all) each refuse the other's flags in one line.
func TestCeilingFormsRefuseEachOthersFlags(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	refused(t, "--deals needs --all", []string{out}, "ceiling", "--deals", "5", "--out", out)
	refused(t, "--only needs --all", []string{out}, "ceiling", "--only", "draco", "--out", out)
	refused(t, "--games does not go with --all", []string{out}, "ceiling", "--all", "--games", "4", "--out", out)
	refused(t, "--game does not go with --all", []string{out}, "ceiling", "--all", "--game", "draco", "--out", out)
	refused(t, "--self-games does not go with --all", []string{out}, "plan", "ceiling", "--all", "--self-games", "4", "--out", out)
}

// A time budget (ms=) does not reproduce: refused by value, its plan and luck-model fit,
// as tune refuses it.
func TestTimeBudgetsAreRefusedWhereResultsReproduce(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	files := []string{out, filepath.Join(dir, "p.json"), filepath.Join(dir, "v.json")}
	refused(t, "ms=", files, "value", "--agents", "mcts:ms=5", "--games", "0", "--out", out)
	refused(t, "ms=", files, "plan", "value", "--agents", "mcts:ms=5", "--out", filepath.Join(dir, "p.json"))
	refused(t, "ms=", files, "luck-model", "fit", "--game", "draco", "--player-counts", "2", "--agents", "mcts:iters=1,ms=1", "--games", "1", "--out", filepath.Join(dir, "v.json"))
	refused(t, "ms=", files, "tune", "--agents", "mcts:ms=5", "--out", out)
}

// Checked before playing: an infinite ridge, an unknown luck-model command, a --start
// whose doublings overflow (named as --start, the flag given).
func TestCheckedBeforeAnythingPlays(t *testing.T) {
	dir := t.TempDir()
	vf := filepath.Join(dir, "v.json")
	refused(t, "--ridge", []string{vf}, "luck-model", "fit", "--game", "draco", "--player-counts", "2", "--agents", "random", "--games", "2", "--ridge", "Inf", "--out", vf)
	refused(t, `unknown command "bogus"`, nil, "luck-model", "bogus")
	out := filepath.Join(dir, "c")
	refused(t, "--start 4611686018427387904", []string{out}, "ceiling", "--start", strconv.FormatInt(1<<62, 10), "--out", out)
	code, _, stderr := cli(t, "ceiling", "--start", strconv.FormatInt(1<<62, 10), "--out", out)
	if code != exitBadInput || strings.Contains(stderr, "--budgets") {
		t.Errorf("ceiling --start 2^62: exit %d, %q names a flag not given", code, stderr)
	}
}

// A tune whose CPU budget its pilot shows too small is refused and leaves the output
// directory as it found it, so that the corrected command can start there.
func TestRefusedTuneLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "T")
	code, stdout, stderr := cli(t, "tune", "--game", "draco", "--players", "2", "--agents", "random", "--budget", "1ns", "--out", out, "--quiet", "--workers", "1")
	checkRefused(t, "tune --budget 1ns", code, stdout, stderr)
	if _, err := os.Stat(out); err == nil {
		entries, _ := os.ReadDir(out)
		t.Errorf("the refused tune left %s with %d entries", out, len(entries))
	}
	empty := filepath.Join(dir, "E")
	os.Mkdir(empty, 0o755)
	cli(t, "tune", "--game", "draco", "--players", "2", "--agents", "random", "--budget", "1ns", "--out", empty, "--quiet", "--workers", "1")
	if entries, err := os.ReadDir(empty); err != nil || len(entries) != 0 {
		t.Errorf("the refused tune did not leave its empty directory empty: %v %d", err, len(entries))
	}
}

// One writer per output directory: a second writer (the experiment again, a merge, a
// settle) is refused in one line naming the holder; a shard shares the directory with
// the other shards, not with a copy of itself; a lock its process let go (a dead process)
// blocks nothing.
func TestOneWriterPerOutputDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "t")
	args := []string{"tournament", "--game", "draco", "--agents", "random,studytest-first", "--games", "20", "--out", dir, "--quiet", "--workers", "1"}
	mustCLI(t, args...)
	// The holder as the lock names it (the test binary's own flags would read as a
	// panic to checkRefused).
	args0 := os.Args
	os.Args = []string{"dragonlab-test-holder"}
	lock, err := plan.LockDir(dir, sim.Shard{})
	os.Args = args0
	if err != nil {
		t.Fatal(err)
	}
	holder := "pid " + strconv.Itoa(os.Getpid())
	for _, a := range [][]string{args, {"merge", dir}, append(args, "--shard", "0/2")} {
		code, stdout, stderr := cli(t, a...)
		checkRefused(t, strings.Join(a, " "), code, stdout, stderr)
		if !strings.Contains(stderr, "being written") || !strings.Contains(stderr, holder) {
			t.Errorf("%v: %q does not name the holder (%s)", a, stderr, holder)
		}
	}
	lock.Release()
	// Shards share the directory; a second copy of a shard is refused.
	os.Args = []string{"dragonlab-test-holder"}
	sh, err := plan.LockDir(dir, sim.Shard{Index: 1, Count: 2})
	os.Args = args0
	if err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := cli(t, append(args, "--shard", "0/2")...); code != 0 {
		t.Errorf("shard 0/2 beside shard 1/2: exit %d, %s", code, stderr)
	}
	code, stdout, stderr := cli(t, append(args, "--shard", "1/2")...)
	checkRefused(t, "a second shard 1/2", code, stdout, stderr)
	code, stdout, stderr = cli(t, "merge", dir)
	checkRefused(t, "merge while a shard writes", code, stdout, stderr)
	sh.Release()
	// A lock file left by a process that ended blocks nothing.
	os.WriteFile(filepath.Join(dir, plan.LockFile), []byte("pid 1 on nowhere: dragonlab gone\n"), 0o644)
	if code, _, stderr := cli(t, args...); code != 0 {
		t.Errorf("a stale lock file blocks the writer: exit %d, %s", code, stderr)
	}
}

// readOnly makes dir unwritable, also for root (chmod, else the immutable attribute), or
// skips the test.
func readOnly(t *testing.T, dir string) {
	t.Helper()
	os.Chmod(dir, 0o555)
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	probe := filepath.Join(dir, ".probe")
	if f, err := os.Create(probe); err == nil {
		f.Close()
		os.Remove(probe)
		if err := exec.Command("chattr", "+i", dir).Run(); err != nil {
			t.Skipf("cannot make %s read-only here (root without chattr): %v", dir, err)
		}
		t.Cleanup(func() { exec.Command("chattr", "-i", dir).Run() })
		if f, err := os.Create(probe); err == nil {
			f.Close()
			os.Remove(probe)
			t.Skipf("cannot make %s read-only here", dir)
		}
	}
}

// A read-only output directory is bad input for merge and study --settle (exit 2), found
// before anything is merged or played.
func TestReadOnlyDirectoryIsBadInput(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "t")
	mustCLI(t, "tournament", "--game", "draco", "--agents", "random,studytest-first", "--games", "20", "--out", dir, "--quiet", "--workers", "1")
	design := filepath.Join(t.TempDir(), "design.json")
	os.WriteFile(design, []byte(`{"schema": "dragonlab.study/v1", "games": [{"game": "dragonheart"}],
  "levels": [{"name": "random", "agent": "random", "deals": 40}, {"name": "first", "agent": "studytest-first", "deals": 20}],
  "targets": {"seat": 0.05}}`), 0o644)
	study := filepath.Join(t.TempDir(), "s")
	mustCLI(t, "study", "--plan", design, "--out", study, "--quiet", "--workers", "1")
	readOnly(t, dir)
	readOnly(t, study)
	code, stdout, stderr := cli(t, "merge", dir)
	checkRefused(t, "merge into a read-only directory", code, stdout, stderr)
	code, stdout, stderr = cli(t, "study", "--settle", study, "--quiet", "--workers", "1")
	checkRefused(t, "study --settle of a read-only directory", code, stdout, stderr)
}

// `plan ceiling --all` writes the all-cells plan (kind ceilings, 4 doublings unless
// given), its command line the one a shard would rebuild; without --all, one cell's.
func TestPlanCeilingAllIsTheAllCellsPlan(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args       []string
		kind, line string
		runs       int
	}{
		{[]string{"--all", "--only", "dragonheart", "--deals", "2"}, "ceilings", "dragonlab ceiling --all --deals 2 --only dragonheart", 5 + 4},
		{[]string{"--game", "redhot", "--players", "2", "--games", "2", "--doublings", "4"}, "ceiling", "dragonlab ceiling --doublings 4 --game redhot --games 2 --players 2", 5 + 4},
	} {
		file := filepath.Join(dir, c.kind+".json")
		if code, _, stderr := cli(t, append(append([]string{"plan", "ceiling"}, c.args...), "--out", file)...); code != 0 {
			t.Fatalf("plan ceiling %v: exit %d: %s", c.args, code, stderr)
		}
		p, err := plan.Read(file)
		if err != nil {
			t.Fatal(err)
		}
		if p.Kind != c.kind || p.Command != c.line || len(p.Runs) != c.runs {
			t.Errorf("plan ceiling %v: kind %q, command %q, %d runs; want %q, %q, %d", c.args, p.Kind, p.Command, len(p.Runs), c.kind, c.line, c.runs)
		}
	}
}
