package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
)

// Shard is one slice i of n of a run's unit indices (0 ≤ i < n).
type Shard struct{ Index, Count int }

// ParseShard reads "i/n" (0-based i) or "auto/n", where auto takes i from
// JOB_COMPLETION_INDEX (Kubernetes Indexed Jobs) or SLURM_ARRAY_TASK_ID (Slurm arrays).
func ParseShard(spec string, getenv func(string) string) (Shard, error) {
	is, ns, ok := strings.Cut(spec, "/")
	n, err := strconv.Atoi(ns)
	if !ok || err != nil || n < 1 {
		return Shard{}, fmt.Errorf("malformed --shard %q: want i/n with 0 ≤ i < n, or auto/n", spec)
	}
	if is == "auto" {
		for _, env := range []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"} {
			if v := getenv(env); v != "" {
				is = v
				break
			}
		}
		if is == "auto" {
			return Shard{}, fmt.Errorf("--shard auto/%d: neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID is set", n)
		}
	}
	i, err := strconv.Atoi(is)
	if err != nil || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("malformed --shard %q: the index must be a whole number from 0 to %d", spec, n-1)
	}
	return Shard{Index: i, Count: n}, nil
}

// Range gives the shard's slice [first, first+count) of units 0..units-1: contiguous,
// disjoint, covering, and sized within one unit of each other.
func (s Shard) Range(units int64) (first, count int64) {
	lo := units * int64(s.Index) / int64(s.Count)
	hi := units * int64(s.Index+1) / int64(s.Count)
	return lo, hi - lo
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// Merge combines results of the same run (shards, or resumed parts) exactly. Parts must
// agree on everything that defines the run and cover disjoint unit ranges; missing ranges
// are an error unless partial, which marks the merged result incomplete.
func Merge(parts []*Result, partial bool) (*Result, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("nothing to merge")
	}
	p0 := parts[0]
	total := p0.TotalUnits
	if total == 0 {
		total = p0.Units
	}
	for _, p := range parts[1:] {
		t := p.TotalUnits
		if t == 0 {
			t = p.Units
		}
		switch {
		case p.Game != p0.Game || p.Players != p0.Players:
			return nil, fmt.Errorf("cannot merge %s with %d players and %s with %d players: parts of different runs", p0.Game, p0.Players, p.Game, p.Players)
		case !sameJSON(p.Params, p0.Params):
			return nil, fmt.Errorf("cannot merge: the parts have different rules parameters")
		case strings.Join(p.Agents, ";") != strings.Join(p0.Agents, ";"):
			return nil, fmt.Errorf("cannot merge: different agents (%s vs %s)", strings.Join(p0.Agents, ","), strings.Join(p.Agents, ","))
		case p.Seed != p0.Seed:
			return nil, fmt.Errorf("cannot merge: different seeds (%d vs %d)", p0.Seed, p.Seed)
		case p.Seating != p0.Seating:
			return nil, fmt.Errorf("cannot merge: different seating (%s vs %s)", p0.Seating, p.Seating)
		case t != total:
			return nil, fmt.Errorf("cannot merge: parts of runs of different sizes (%d vs %d units)", total, t)
		}
		if err := sameWhy(&p0.Aggregate, &p.Aggregate); err != nil {
			return nil, fmt.Errorf("cannot merge: %v", err)
		}
	}
	sorted := append([]*Result(nil), parts...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].First < sorted[j].First })
	agg := newAggregate(p0.Players)
	complete := true
	next := int64(0)
	for _, p := range sorted {
		if p.StoppedAt != 0 {
			return nil, fmt.Errorf("cannot merge a run ended by a stopping rule (--until)")
		}
		if p.First < next {
			return nil, fmt.Errorf("cannot merge: shards overlap at unit %d (shard %s)", p.First, p.Shard)
		}
		if p.First > next {
			if !partial {
				return nil, fmt.Errorf("missing units %d..%d (a shard is missing; use --partial to merge anyway, marked incomplete)", next, p.First-1)
			}
			complete = false
		}
		if !p.Complete {
			if !partial {
				return nil, fmt.Errorf("shard %s is incomplete (interrupted); use --partial to merge anyway", p.Shard)
			}
			complete = false
		}
		if len(p.Aggregate.Seats) != p0.Players || len(p.Aggregate.Agents) != p0.Players || p.checkWhy() != nil {
			return nil, fmt.Errorf("shard %s: its aggregate is inconsistent", p.Shard)
		}
		agg.Merge(p.Aggregate)
		next = p.First + p.Units
	}
	if next != total {
		if !partial {
			return nil, fmt.Errorf("missing units %d..%d (a shard is missing; use --partial to merge anyway, marked incomplete)", next, total-1)
		}
		complete = false
	}
	m := *p0
	m.First, m.Units, m.Shard, m.TotalUnits, m.Complete, m.Run = 0, total, "", 0, complete, mergeCost(parts)
	m.fill(agg)
	return &m, nil
}

// ReadCheckpoint reads a checkpoint file and checks that it belongs to cfg's run.
func ReadCheckpoint(path string, cfg Config) (*Checkpoint, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("resume: %w", err)
	}
	r, err := ReadResult(path)
	if err != nil {
		return nil, fmt.Errorf("resume: corrupt checkpoint: %w", err)
	}
	if err := cfg.check(); err != nil {
		return nil, err
	}
	want := NewResult(cfg, newAggregate(cfg.Players), false)
	if r.Game != want.Game || r.Players != want.Players || !sameJSON(r.Params, want.Params) ||
		strings.Join(r.Agents, ";") != strings.Join(want.Agents, ";") || r.Seed != want.Seed ||
		r.Seating != want.Seating || r.First != want.First || r.Units != want.Units {
		return nil, fmt.Errorf("resume: %s is a checkpoint of another run (game, players, rules, agents, seed, seating and games must be the same)", path)
	}
	if fresh := cfg.newRunAggregate(); sameWhy(&fresh, &r.Aggregate) != nil {
		return nil, fmt.Errorf("resume: %s is a checkpoint of a run with other options (--components, --metrics, --replays must be the same)", path)
	}
	if r.CheckpointDone < 0 || r.CheckpointDone > r.Units || r.Games != r.CheckpointDone*int64(unitGames(r)) {
		return nil, fmt.Errorf("resume: corrupt checkpoint %s (inconsistent game counts)", path)
	}
	return &Checkpoint{Aggregate: r.Aggregate, Done: r.CheckpointDone}, nil
}

func unitGames(r *Result) int {
	if r.Seating == SeatDuplicate {
		return r.Players
	}
	if r.Seating == SeatReplay && r.Aggregate.Replays != nil {
		return r.Aggregate.Replays.K
	}
	return 1
}

// CheckpointWriter returns a Config.Checkpoint function that writes the run's state to
// path atomically (temporary file and rename).
func CheckpointWriter(cfg Config, path string) func(Checkpoint) error {
	checkErr := cfg.check() // fills in the defaults Run uses
	return func(c Checkpoint) error {
		if checkErr != nil {
			return checkErr
		}
		r := NewResult(cfg, c.Aggregate, false)
		r.CheckpointDone = c.Done
		return r.WriteFile(path)
	}
}

// sameJSON compares two JSON texts ignoring layout (files are indented when written).
func sameJSON(a, b []byte) bool {
	var ca, cb bytes.Buffer
	if json.Compact(&ca, a) != nil || json.Compact(&cb, b) != nil {
		return false
	}
	return bytes.Equal(ca.Bytes(), cb.Bytes())
}
