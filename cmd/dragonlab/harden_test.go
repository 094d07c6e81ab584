package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"dragonlab/sim"
)

// refused runs a command that must be refused up front: exit 2, one line on stderr
// naming want, no stack trace, and none of the files in untouched created or changed.
func refused(t *testing.T, want string, untouched []string, args ...string) {
	t.Helper()
	before := map[string]string{}
	for _, p := range untouched {
		if fi, err := os.Lstat(p); err == nil {
			before[p] = fmt.Sprint(fi.Mode(), fi.Size(), fi.ModTime())
		}
	}
	code, stdout, stderr := cli(t, args...)
	checkRefused(t, fmt.Sprint(args), code, stdout, stderr)
	if !strings.Contains(stderr, want) {
		t.Errorf("%v: stderr %q does not say %q", args, stderr, want)
	}
	for _, p := range untouched {
		now := ""
		if fi, err := os.Lstat(p); err == nil {
			now = fmt.Sprint(fi.Mode(), fi.Size(), fi.ModTime())
		}
		if now != before[p] {
			t.Errorf("%v: %s was written", args, p)
		}
	}
}

// An explicit zero or empty value that is not a valid choice is refused, not read as
// "unset"; for every command that shares the game flags.
func TestExplicitZeroAndEmptyValuesAreRefused(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	res := filepath.Join(dir, "r.json")
	files := []string{out, res}
	for _, args := range [][]string{
		{"run", "--out", res},
		{"trace"},
		{"tournament", "--agents", "random,greedy", "--out", out},
		{"skill", "--out", out},
		{"sweep", "--vary", "dragonBonus=1,2", "--out", out},
	} {
		refused(t, "--players 0", files, append(args, "--players", "0")...)
		refused(t, "--rules", files, append(args, "--rules", "")...)
	}
	for _, flag := range []string{"agents", "shard", "checkpoint", "resume", "until"} {
		refused(t, "--"+flag+" is empty", files, "run", "--out", res, "--"+flag, "")
	}
	refused(t, "--out", files, "merge", res, "--out", "")
	// Flags that would have no effect.
	refused(t, "--max-games", files, "run", "--out", res, "--max-games", "100")
	refused(t, "--games and --until", files, "run", "--out", res, "--games", "100", "--until", "halfwidth=0.1")
	refused(t, "--checkpoint-every", files, "run", "--out", res, "--checkpoint-every", "1s")
	refused(t, "less than one deal", files, "run", "--out", res, "--players", "2", "--seating", "duplicate", "--until", "halfwidth=0.1", "--max-games", "1")
}

// JSON null is not "nothing": refused with the parameter's name.
func TestNullRulesAreRefusedByName(t *testing.T) {
	dir := t.TempDir()
	res := filepath.Join(dir, "r.json")
	nullFile := filepath.Join(dir, "null.json")
	os.WriteFile(nullFile, []byte("null"), 0o644)
	nullKey := filepath.Join(dir, "nullkey.json")
	os.WriteFile(nullKey, []byte(`{"handSize": 4, "deck": null}`), 0o644)
	files := []string{res}
	refused(t, `"deck"`, files, "run", "--out", res, "--set", "deck=null")
	refused(t, `"dragonBonus"`, files, "run", "--out", res, "--set", "dragonBonus=null")
	refused(t, "null", files, "run", "--out", res, "--rules", nullFile)
	refused(t, `"deck"`, files, "run", "--out", res, "--rules", nullKey)
	refused(t, `"deck"`, files, "trace", "--set", "deck=null")
}

// NaN and ±Inf pass range checks written as x <= 0 || x >= 0.5: every float from a user
// is refused unless finite.
func TestNonFiniteNumbersAreRefused(t *testing.T) {
	dir := t.TempDir()
	res, js := filepath.Join(dir, "r.json"), filepath.Join(dir, "b.json")
	files := []string{res, js}
	for _, until := range []string{"halfwidth=NaN", "halfwidth=Inf", "halfwidth=0.1,alpha=NaN", "halfwidth=0.1,alpha=-Inf", "halfwidth=nan"} {
		refused(t, "finite", files, "run", "--out", res, "--until", until)
	}
	for _, secs := range []string{"NaN", "Inf", "-Inf", "+Inf"} {
		refused(t, "--seconds", files, "bench", "--game", "dragonheart", "--seconds", secs, "--json", js)
	}
}

// Output paths are checked before any game is played: a directory, FIFO or device at
// --out or --checkpoint fails at once (the 10^12 games below would never end), and is
// never replaced.
func TestOutputPathsAreCheckedBeforePlaying(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	dev := filepath.Join(dir, "full")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|7); err != nil { // /dev/full's numbers
		t.Logf("no device node test: %v", err)
		dev = "" // not permitted here
	}
	huge := []string{"run", "--games", "1000000000000", "--quiet"}
	res := filepath.Join(dir, "r.json")
	targets := map[string]string{"directory": sub, "fifo": fifo, "missing directory": filepath.Join(dir, "none", "r.json")}
	if dev != "" {
		targets["device"] = dev
	}
	for name, target := range targets {
		start := time.Now()
		refused(t, target, []string{target, res}, append(huge, "--out", target)...)
		refused(t, target, []string{target, res}, append(huge, "--out", res, "--checkpoint", target)...)
		refused(t, target, []string{target}, "merge", res, "--out", target)
		refused(t, target, []string{target}, "bench", "--game", "dragonheart", "--seconds", "100", "--json", target)
		if time.Since(start) > 20*time.Second {
			t.Errorf("%s: the refusals took %v: games were played first", name, time.Since(start))
		}
	}
	if dev != "" {
		if fi, err := os.Lstat(dev); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
			t.Fatal("the device node was replaced")
		}
	}
	plain := filepath.Join(dir, "plain")
	os.WriteFile(plain, []byte("x"), 0o644)
	refused(t, "not a directory", []string{plain}, "report", plain, "--out", plain)
	refused(t, "same file", []string{res}, append(huge, "--out", res, "--checkpoint", res)...)
}

// Results and checkpoints are created 0644 minus the umask; a symbolic link is written
// through (its target replaced, the link kept).
func TestOutputFileModesAndSymlinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.json")
	link := filepath.Join(dir, "link.json")
	os.WriteFile(target, []byte("old"), 0o600)
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	ck := filepath.Join(dir, "ck.json")
	if code, _, stderr := cli(t, "run", "--games", "500", "--out", link, "--checkpoint", ck, "--quiet"); code != 0 {
		t.Fatal(stderr)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link was replaced by a file")
	}
	if _, err := sim.ReadResult(target); err != nil {
		t.Fatalf("the link's target does not hold the results: %v", err)
	}
	m := syscall.Umask(0)
	syscall.Umask(m)
	want := os.FileMode(0o644 &^ m)
	for _, p := range []string{target, ck} {
		if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", p, fi.Mode().Perm(), want)
		}
	}
	merged := filepath.Join(dir, "m.json")
	if code, _, stderr := cli(t, "merge", target, "--out", merged); code != 0 {
		t.Fatal(stderr)
	}
	if fi, _ := os.Stat(merged); fi.Mode().Perm() != want {
		t.Errorf("merged results: mode %v, want %v", fi.Mode().Perm(), want)
	}
}

// Shards of the largest runs split without overflow (the config, not the games).
func TestShardOfTheLargestRuns(t *testing.T) {
	for _, c := range []struct {
		games        int64
		shard        string
		first, count int64
	}{
		{math.MaxInt64, "2/3", 6148914691236517204, 3074457345618258603},
		{math.MaxInt64, "0/3", 0, 3074457345618258602},
		{100000000000000000, "95/100", 95000000000000000, 1000000000000000},
	} {
		o := &runOptions{game: gameOptions{Game: "dragonheart"}}
		o.Games, o.Seating, o.Shard = c.games, sim.SeatFixed, c.shard
		cfg, err := o.config()
		if err != nil {
			t.Fatal(err)
		}
		if cfg.First != c.first || cfg.Units != c.count || cfg.TotalUnits != c.games {
			t.Errorf("--games %d --shard %s: units %d..+%d of %d, want %d..+%d", c.games, c.shard, cfg.First, cfg.Units, cfg.TotalUnits, c.first, c.count)
		}
	}
}

// Corrupt results files make merge and report refuse (exit 2, one line), never panic;
// a merge never writes what report refuses.
func TestCorruptResultsAreRefusedByMergeAndReport(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	if code, _, stderr := cli(t, "run", "--games", "300", "--out", good, "--quiet", "--shard", "0/2"); code != 0 {
		t.Fatal(stderr)
	}
	data, _ := os.ReadFile(good)
	edits := map[string]func(m map[string]any){
		"agents shorter than players": func(m map[string]any) { m["agents"] = []any{"random"} },
		"5 agents for 2 players":      func(m map[string]any) { m["agents"] = []any{"random", "random", "random", "random", "random"} },
		"histogram lo near 2^63": func(m map[string]any) {
			m["aggregate"].(map[string]any)["decisionsHist"].(map[string]any)["lo"] = int64(math.MaxInt64 - 5)
		},
		"negative seat games": func(m map[string]any) {
			m["aggregate"].(map[string]any)["seats"].([]any)[0].(map[string]any)["games"] = -1
		},
		"wins above games": func(m map[string]any) {
			m["aggregate"].(map[string]any)["seats"].([]any)[0].(map[string]any)["wins"] = 1000
		},
		"unknown seating": func(m map[string]any) { m["seating"] = "round" },
	}
	for name, edit := range edits {
		var m map[string]any
		dec := json.NewDecoder(strings.NewReader(string(data)))
		dec.UseNumber()
		dec.Decode(&m)
		edit(m)
		bad := filepath.Join(dir, "bad.json")
		b, _ := json.Marshal(m)
		os.WriteFile(bad, b, 0o644)
		merged, report := filepath.Join(dir, "merged.json"), filepath.Join(dir, "report")
		t.Run(name, func(t *testing.T) {
			refused(t, "bad.json", []string{merged}, "merge", bad, "--partial", "--out", merged)
			refused(t, "bad.json", []string{report}, "report", bad, "--out", report)
			refused(t, "bad.json", []string{merged}, "run", "--games", "300", "--shard", "0/2", "--resume", bad, "--out", merged)
		})
	}
}

// --until with a checkpoint: resuming from the checkpoint a finished run left behind
// plays nothing more (the rule's stop is recorded), and says it resumed.
func TestUntilResumeThroughTheCLI(t *testing.T) {
	dir := t.TempDir()
	whole, again, ck := filepath.Join(dir, "w.json"), filepath.Join(dir, "a.json"), filepath.Join(dir, "ck.json")
	args := []string{"run", "--game", "redhot", "--players", "3", "--until", "halfwidth=0.03", "--max-games", "200000", "--seed", "3", "--quiet"}
	if code, stdout, stderr := cli(t, append(args, "--out", whole, "--checkpoint", ck, "--checkpoint-every", "1ns")...); code != 0 || !strings.Contains(stdout, "stopped by --until") {
		t.Fatalf("exit %d: %s %s", code, stdout, stderr)
	}
	code, _, stderr := cli(t, append(args, "--out", again, "--resume", ck)...)
	if code != 0 || !strings.Contains(stderr, "resuming from "+ck) {
		t.Fatalf("exit %d: %q", code, stderr)
	}
	if stripRun(t, whole) != stripRun(t, again) {
		t.Fatal("resuming a stopped run played more games")
	}
	r, err := sim.ReadResult(again)
	if err != nil {
		t.Fatal(err)
	}
	if r.Run.ResumedFrom != ck || r.Run.ResumedGames != r.Games || r.Until != "halfwidth=0.03,alpha=0.05" {
		t.Fatalf("the results do not say they resumed: %+v, until %q", r.Run, r.Until)
	}
	// Another stopping rule is another run.
	refused(t, "another run", nil, "run", "--game", "redhot", "--players", "3", "--until", "halfwidth=0.02", "--max-games", "200000", "--seed", "3", "--resume", ck, "--out", filepath.Join(dir, "x.json"))
}

// A checkpoint of another version is refused unless --force-resume.
func TestResumeOfAnotherVersionNeedsForce(t *testing.T) {
	dir := t.TempDir()
	ck, out := filepath.Join(dir, "ck.json"), filepath.Join(dir, "r.json")
	args := []string{"run", "--games", "2000", "--seed", "4", "--quiet"}
	if code, _, stderr := cli(t, append(args, "--out", filepath.Join(dir, "first.json"), "--checkpoint", ck)...); code != 0 {
		t.Fatal(stderr)
	}
	data, _ := os.ReadFile(ck)
	old := strings.Replace(string(data), `"tool": "`+sim.ToolName()+`"`, `"tool": "dragonlab 0.0.1"`, 1)
	if old == string(data) {
		t.Fatal("no tool key in the checkpoint")
	}
	os.WriteFile(ck, []byte(old), 0o644)
	refused(t, "--force-resume", []string{ck, out}, append(args, "--resume", ck, "--out", out)...)
	refused(t, "--force-resume needs --resume", []string{ck, out}, append(args, "--force-resume", "--out", out)...)
	code, _, stderr := cli(t, append(args, "--resume", ck, "--force-resume", "--out", out)...)
	if code != 0 || !strings.Contains(stderr, "dragonlab 0.0.1") {
		t.Fatalf("exit %d: %q", code, stderr)
	}
	r, err := sim.ReadResult(out)
	if err != nil || r.Run.ResumedTool != "dragonlab 0.0.1" {
		t.Fatalf("a forced resume does not record the version it continued: %v %+v", err, r)
	}
}

// TestHelperProcess runs dragonlab in a child process for the signal test.
func TestHelperProcess(t *testing.T) {
	if os.Getenv("DRAGONLAB_HELPER") != "1" {
		t.Skip("only as a child process")
	}
	os.Exit(execute(strings.Split(os.Getenv("DRAGONLAB_ARGS"), "\x1f"), os.Stdout, os.Stderr))
}

// SIGTERM (Slurm, Kubernetes) stops the run with a final checkpoint of every finished
// game: the interrupted results and the checkpoint hold the same games, and resuming
// replays nothing and ends with the uninterrupted result.
func TestSIGTERMWritesAFinalCheckpoint(t *testing.T) {
	dir := t.TempDir()
	base := []string{"run", "--game", "redhot", "--players", "3", "--seed", "9", "--quiet"}
	for _, games := range []string{"100000", "1000000", "10000000"} {
		ck, part := filepath.Join(dir, "ck"+games+".json"), filepath.Join(dir, "part"+games+".json")
		args := append(append([]string{}, base...), "--games", games, "--out", part, "--checkpoint", ck, "--checkpoint-every", "1ns")
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
		cmd.Env = append(os.Environ(), "DRAGONLAB_HELPER=1", "DRAGONLAB_ARGS="+strings.Join(args, "\x1f"))
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			if _, err := os.Stat(ck); err == nil {
				break
			}
		}
		cmd.Process.Signal(syscall.SIGTERM)
		err := cmd.Wait()
		var exit *exec.ExitError
		if err == nil {
			t.Logf("%s games finished before the signal; trying a longer run", games)
			continue
		}
		if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted {
			t.Fatalf("SIGTERM: %v, stderr %q", err, stderr.String())
		}
		r, err := sim.ReadResult(part)
		if err != nil {
			t.Fatal(err)
		}
		c, err := sim.ReadResult(ck)
		if err != nil {
			t.Fatal(err)
		}
		if r.Complete || c.Games != r.Games {
			t.Fatalf("the final checkpoint holds %d games, the interrupted run played %d", c.Games, r.Games)
		}
		if games != "100000" {
			return // the resume below is checked once, on the short run
		}
		resumed, whole := filepath.Join(dir, "resumed.json"), filepath.Join(dir, "whole.json")
		code, _, errs := cli(t, append(append([]string{}, base...), "--games", games, "--out", resumed, "--resume", ck)...)
		if code != 0 {
			t.Fatal(errs)
		}
		if code, _, errs := cli(t, append(append([]string{}, base...), "--games", games, "--out", whole)...); code != 0 {
			t.Fatal(errs)
		}
		if stripRun(t, whole) != stripRun(t, resumed) {
			t.Fatal("the run resumed after SIGTERM differs from the uninterrupted run")
		}
		return
	}
	t.Fatal("every run finished before SIGTERM arrived")
}
