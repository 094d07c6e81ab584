package sim

import (
	"bytes"
	"context"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// resumeFrom writes c as a checkpoint file of cfg's run, reads it back and resumes.
func resumeFrom(t *testing.T, cfg Config, c Checkpoint) *Result {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ck.json")
	if err := CheckpointWriter(cfg, path)(c); err != nil {
		t.Fatal(err)
	}
	ck, err := ReadCheckpoint(path, cfg)
	if err != nil {
		t.Fatal(err)
	}
	resumed := cfg
	resumed.Resume = ck
	return mustRun(t, context.Background(), resumed)
}

// checkpointAt plays cfg with checkpoints written to path, stops it once a checkpoint
// has at least after units done (as Ctrl-C would), and reads back the checkpoint it left.
func checkpointAt(t *testing.T, cfg Config, path string, after int64) *Checkpoint {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first := cfg
	first.Checkpoint = func(c Checkpoint) error {
		if err := CheckpointWriter(cfg, path)(c); err != nil {
			return err
		}
		if c.Done >= after {
			cancel()
		}
		return nil
	}
	if _, err := Run(ctx, first); err != nil {
		t.Fatal(err)
	}
	ck, err := ReadCheckpoint(path, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return ck
}

// A run with --until and checkpoints, killed at every block boundary (the checkpoint
// written there is all that survives) and resumed, ends with the uninterrupted result
// byte for byte (outside "run"), including the boundary where the rule stopped it: the
// rule is checked before the checkpoint is written and the checkpoint records the stop.
func TestUntilResumedFromEveryBlockBoundaryGivesTheSameResult(t *testing.T) {
	rule, err := ParseStopRule("halfwidth=0.04")
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Seed: 21, Units: 16384, Workers: 2,
		Until: rule.Reached, UntilSpec: rule.String()}
	whole := mustRun(t, context.Background(), cfg)
	if whole.StoppedAt == 0 || whole.StoppedAt < 4*blockSize(cfg.Units) {
		t.Fatalf("the rule stopped at %d units: want several blocks", whole.StoppedAt)
	}
	want := withoutRun(t, whole)
	var cks []Checkpoint
	logged := cfg
	logged.CheckpointEvery = 0 // a checkpoint at every block boundary
	logged.Checkpoint = func(c Checkpoint) error { cks = append(cks, c); return nil }
	if got := withoutRun(t, mustRun(t, context.Background(), logged)); !bytes.Equal(got, want) {
		t.Fatal("checkpointing changed the result")
	}
	if n := int64(len(cks)); n != whole.StoppedAt/blockSize(cfg.Units) || !cks[n-1].Stopped {
		t.Fatalf("%d checkpoints for a stop at %d, last stopped=%v", n, whole.StoppedAt, cks[n-1].Stopped)
	}
	for _, c := range cks {
		res := resumeFrom(t, cfg, c)
		if got := withoutRun(t, res); !bytes.Equal(got, want) {
			t.Fatalf("resumed from unit %d: stopped at %d, want %d", c.Done, res.StoppedAt, whole.StoppedAt)
		}
		if res.Run.ResumedGames != c.Aggregate.Games || !strings.HasSuffix(res.Run.ResumedFrom, "ck.json") || res.Run.ResumedTool != ToolName() {
			t.Fatalf("the resumed run does not say so: %+v", res.Run)
		}
	}
}

// An interrupt inside a block (Ctrl-C, SIGTERM) writes a final checkpoint holding every
// finished game, including those beyond the finished prefix, and resuming from it gives
// the uninterrupted result; for every seating and with a stopping rule.
func TestInterruptedInsideABlockResumesToTheSameResult(t *testing.T) {
	rule, _ := ParseStopRule("halfwidth=0.04")
	for _, seating := range Seatings {
		for _, until := range []bool{false, true} {
			cfg := Config{Game: toyGame, Players: 3, Agents: randomAgents(t, 3), Seed: 17, Units: 6000, Workers: 2, Seating: seating, Replays: 3}
			if until {
				cfg.Until, cfg.UntilSpec = rule.Reached, rule.String()
			}
			want := withoutRun(t, mustRun(t, context.Background(), cfg))
			for _, after := range []int64{1, 500, 7000, 40000} { // decisions before the interrupt
				ctx, cancel := context.WithCancel(context.Background())
				first := cfg
				first.Agents = cancelAgents(t, 3, after, cancel)
				first.CheckpointEvery = time.Hour
				var last *Checkpoint
				first.Checkpoint = func(c Checkpoint) error { last = &c; return nil }
				part := mustRun(t, ctx, first)
				cancel()
				if part.Complete {
					continue // finished before the interrupt
				}
				if last == nil || last.Aggregate.Games != part.Games {
					t.Fatalf("%s, interrupt after %d decisions: the final checkpoint does not hold the %d finished games", seating, after, part.Games)
				}
				t.Logf("%s until=%v after %d: done %d extra %v", seating, until, after, last.Done, last.Extra)
				res := resumeFrom(t, cfg, *last)
				if got := withoutRun(t, res); !bytes.Equal(got, want) {
					t.Fatalf("%s (until %v), interrupt after %d decisions at unit %d (+%d ranges): resumed result differs", seating, until, after, last.Done, len(last.Extra))
				}
			}
		}
	}
}

// A checkpoint written by another version is refused unless ForceResume.
func TestCheckpointOfAnotherVersionIsRefused(t *testing.T) {
	cfg := Config{Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Seed: 4, Units: 3000}
	path := filepath.Join(t.TempDir(), "ck.json")
	var c Checkpoint
	logged := cfg
	logged.Checkpoint = func(x Checkpoint) error { c = x; return nil }
	logged.CheckpointEvery = 0
	ctx, cancel := context.WithCancel(context.Background())
	logged.Agents = cancelAgents(t, 2, 20000, cancel)
	mustRun(t, ctx, logged)
	old := Version
	Version = "0.0.1"
	err := CheckpointWriter(cfg, path)(c)
	Version = old
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ReadCheckpoint(path, cfg); err == nil || !strings.Contains(err.Error(), "--force-resume") || !strings.Contains(err.Error(), "dragonlab 0.0.1") {
		t.Fatalf("another version's checkpoint: %v", err)
	}
	force := cfg
	force.ForceResume = true
	ck, err := ReadCheckpoint(path, force)
	if err != nil {
		t.Fatal(err)
	}
	force.Resume = ck
	res := mustRun(t, context.Background(), force)
	if res.Run.ResumedTool != "dragonlab 0.0.1" || res.Tool != ToolName() {
		t.Fatalf("a forced resume does not record the version it continued: %+v", res.Run)
	}
	if !bytes.Equal(withoutRun(t, res), withoutRun(t, mustRun(t, context.Background(), cfg))) {
		t.Fatal("forced resume differs")
	}
	// A checkpoint of another stopping rule, or a results file, is not a checkpoint of
	// this run.
	other := cfg
	rule, _ := ParseStopRule("halfwidth=0.01")
	other.Until, other.UntilSpec = rule.Reached, rule.String()
	if _, err := ReadCheckpoint(path, other); err == nil || !strings.Contains(err.Error(), "another run") {
		t.Fatalf("a checkpoint without --until resumed a run with one: %v", err)
	}
	results := filepath.Join(t.TempDir(), "r.json")
	if err := res.WriteFile(results); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadCheckpoint(results, cfg); err == nil || !strings.Contains(err.Error(), "not a checkpoint") {
		t.Fatalf("a results file resumed: %v", err)
	}
}

// Shard ranges are exact at the extremes of int64: no overflow, contiguous, covering.
func TestShardRangeAtTheExtremes(t *testing.T) {
	first, count := Shard{2, 3}.Range(math.MaxInt64)
	if first != 6148914691236517204 || count != 3074457345618258603 || first+count != math.MaxInt64 {
		t.Fatalf("2/3 of 2^63-1: %d + %d", first, count)
	}
	first, count = Shard{95, 100}.Range(100000000000000000)
	if first != 95000000000000000 || count != 1000000000000000 {
		t.Fatalf("95/100 of 1e17: %d + %d", first, count)
	}
	for _, units := range []int64{0, 1, 7, 1 << 62, math.MaxInt64 - 1, math.MaxInt64} {
		for _, n := range []int{1, 2, 3, 7, 100, 1 << 20} {
			next := int64(0)
			for _, i := range []int{0, 1, n / 2, n - 2, n - 1} {
				if i < 0 || i >= n {
					continue
				}
				f, c := Shard{i, n}.Range(units)
				if i == 0 && f != 0 || c < 0 || f < next && i > 0 && f < 0 {
					t.Fatalf("%d/%d of %d: %d + %d", i, n, units, f, c)
				}
				if i == n-1 && f+c != units {
					t.Fatalf("the last shard of %d/%d ends at %d", n, units, f+c)
				}
				// Neighbours touch: shard i ends where shard i+1 starts.
				if i+1 < n {
					f2, _ := Shard{i + 1, n}.Range(units)
					if f+c != f2 {
						t.Fatalf("%d/%d of %d ends at %d, %d/%d starts at %d", i, n, units, f+c, i+1, n, f2)
					}
				}
				next = f + c
			}
		}
	}
	for _, bad := range []Shard{{0, 0}, {-1, 2}, {2, 2}} {
		if f, c := bad.Range(10); f != 0 || c != 0 {
			t.Fatalf("invalid shard %v: %d + %d", bad, f, c)
		}
	}
}
