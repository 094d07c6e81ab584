package sim

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseShard(t *testing.T) {
	env := func(vals map[string]string) func(string) string {
		return func(k string) string { return vals[k] }
	}
	for spec, want := range map[string]Shard{"0/1": {0, 1}, "3/4": {3, 4}} {
		got, err := ParseShard(spec, env(nil))
		if err != nil || got != want {
			t.Errorf("%s: got %v, %v", spec, got, err)
		}
	}
	if got, err := ParseShard("auto/8", env(map[string]string{"JOB_COMPLETION_INDEX": "5"})); err != nil || got != (Shard{5, 8}) {
		t.Errorf("auto from Kubernetes: %v %v", got, err)
	}
	if got, err := ParseShard("auto/8", env(map[string]string{"SLURM_ARRAY_TASK_ID": "7"})); err != nil || got != (Shard{7, 8}) {
		t.Errorf("auto from Slurm: %v %v", got, err)
	}
	for _, bad := range []string{"3/2", "x/4", "1/0", "-1/3", "2", "auto/3", "1/x"} {
		if _, err := ParseShard(bad, env(nil)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

func TestShardRangesCover(t *testing.T) {
	for _, n := range []int{1, 3, 4, 7} {
		next := int64(0)
		for i := 0; i < n; i++ {
			first, count := Shard{i, n}.Range(1001)
			if first != next {
				t.Fatalf("%d/%d starts at %d, want %d", i, n, first, next)
			}
			next = first + count
		}
		if next != 1001 {
			t.Fatalf("%d shards cover %d units", n, next)
		}
	}
}

func shardRun(t *testing.T, cfg Config, sh Shard) *Result {
	t.Helper()
	total := cfg.Units
	cfg.First, cfg.Units = sh.Range(total)
	cfg.Shard, cfg.TotalUnits = sh, total
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func withoutRun(t *testing.T, r *Result) []byte {
	t.Helper()
	c := *r
	c.Run = nil
	b, err := c.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Four merged shards are byte-identical (outside "run") to the single-machine run.
func TestFourShardsMergeToTheSingleRun(t *testing.T) {
	for _, seating := range Seatings {
		cfg := Config{Game: toyGame, Players: 3, Agents: randomAgents(t, 3), Seed: 11, Units: 2001, Seating: seating, Workers: 2, Replays: 3}
		whole, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		var parts []*Result
		for _, i := range []int{2, 0, 3, 1} { // any order
			parts = append(parts, shardRun(t, cfg, Shard{i, 4}))
		}
		merged, err := Merge(parts, false)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(withoutRun(t, whole), withoutRun(t, merged)) {
			t.Fatalf("seating %s: merged shards differ from the single run", seating)
		}
		if _, err := Merge(parts[:3], false); err == nil || !strings.Contains(err.Error(), "missing") {
			t.Fatalf("a missing shard was not reported: %v", err)
		}
		part, err := Merge(parts[:3], true)
		if err != nil || part.Complete {
			t.Fatalf("--partial merge: %v, complete=%v", err, part != nil && part.Complete)
		}
		if _, err := Merge([]*Result{parts[1], parts[1]}, false); err == nil || !strings.Contains(err.Error(), "overlap") {
			t.Fatalf("overlapping shards were not reported: %v", err)
		}
	}
}

func TestMergeRefusesPartsOfDifferentRuns(t *testing.T) {
	cfg := Config{Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Seed: 1, Units: 100}
	a := shardRun(t, cfg, Shard{0, 2})
	other := cfg
	other.Seed = 2
	b := shardRun(t, other, Shard{1, 2})
	if _, err := Merge([]*Result{a, b}, false); err == nil || !strings.Contains(err.Error(), "seed") {
		t.Fatalf("different seeds merged: %v", err)
	}
	other = cfg
	other.Params = &toyParams{Target: 20}
	c := shardRun(t, other, Shard{1, 2})
	if _, err := Merge([]*Result{a, c}, false); err == nil {
		t.Fatal("different rules merged")
	}
}

// An interrupted run resumed from its checkpoint ends with the same result as an
// uninterrupted run.
func TestCheckpointResumeGivesTheSameResult(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ck.json")
	cfg := Config{Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Seed: 4, Units: 50000, Workers: 2}
	whole, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	first := cfg
	first.Checkpoint = func(c Checkpoint) error {
		if err := CheckpointWriter(cfg, path)(c); err != nil {
			return err
		}
		if c.Done >= 20000 {
			cancel() // interrupt once a checkpoint beyond 20,000 games is on disk
		}
		return nil
	}
	part, err := Run(ctx, first)
	if err != nil {
		t.Fatal(err)
	}
	if part.Complete {
		t.Fatal("the interrupted run says it is complete")
	}
	ck, err := ReadCheckpoint(path, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if ck.Done < 20000 || ck.Done >= 50000 {
		t.Fatalf("checkpoint holds %d units", ck.Done)
	}
	resumed := cfg
	resumed.Resume = ck
	res, err := Run(context.Background(), resumed)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(withoutRun(t, whole), withoutRun(t, res)) {
		t.Fatal("resumed run differs from the uninterrupted run")
	}
	// A checkpoint of another run, or a corrupt one, is refused.
	other := cfg
	other.Seed = 5
	if _, err := ReadCheckpoint(path, other); err == nil {
		t.Fatal("checkpoint of another run accepted")
	}
	os.WriteFile(path, []byte(`{"schema":"dragonlab.result/v1","players":2`), 0o644)
	if _, err := ReadCheckpoint(path, cfg); err == nil || !strings.Contains(err.Error(), "corrupt") {
		t.Fatalf("corrupt checkpoint: %v", err)
	}
}

// A run extended by the next units is the run of both sizes, byte for byte outside its
// run key, for every seating and with every optional aggregate; an extension that does
// not start where the run ends, or is another run, is refused.
func TestExtendIsTheLongerRun(t *testing.T) {
	for _, cfg := range extraConfigs(t) {
		whole := run(t, cfg)
		head := cfg
		head.Units = 700
		base := run(t, head)
		tail := cfg
		tail.First, tail.Units = 700, cfg.Units-700
		more := run(t, tail)
		got, err := Extend(base, more)
		if err != nil {
			t.Fatalf("%s: %v", cfg.Seating, err)
		}
		if !bytes.Equal(withoutRun(t, got), withoutRun(t, whole)) {
			t.Errorf("%s: the extended run differs from the run of %d units", cfg.Seating, cfg.Units)
		}
		gap := cfg
		gap.First, gap.Units = 701, 10
		if _, err := Extend(base, run(t, gap)); err == nil {
			t.Errorf("%s: an extension leaving a gap was accepted", cfg.Seating)
		}
		other := tail
		other.Seed++
		if _, err := Extend(base, run(t, other)); err == nil {
			t.Errorf("%s: an extension with another seed was accepted", cfg.Seating)
		}
	}
}
