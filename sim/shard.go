package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/bits"
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
// The products units·i are computed in 128 bits (math/bits), so any unit count up to
// 2^63−1 and any shard count split exactly (units·i/n < units always fits again).
// An invalid shard (not 0 ≤ i < n) or a negative unit count gives an empty range.
func (s Shard) Range(units int64) (first, count int64) {
	if s.Count < 1 || s.Index < 0 || s.Index >= s.Count || units < 0 {
		return 0, 0
	}
	at := func(i int) int64 {
		hi, lo := bits.Mul64(uint64(units), uint64(i))
		q, _ := bits.Div64(hi, lo, uint64(s.Count)) // hi < Count since i ≤ Count and units < 2^63
		return int64(q)
	}
	lo, hi := at(s.Index), at(s.Index+1)
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
	for _, p := range parts {
		// Parts come from ReadResult (validated); a part built in memory is checked here,
		// so that nothing below can index out of range or overflow.
		if err := p.Validate(); err != nil {
			return nil, fmt.Errorf("cannot merge an inconsistent part (shard %q): %v", p.Shard, err)
		}
		if p.CheckpointDone != 0 || len(p.CheckpointExtra) > 0 {
			return nil, fmt.Errorf("cannot merge a checkpoint (shard %q): resume it with --resume, then merge its results", p.Shard)
		}
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
		case p.Until != p0.Until:
			return nil, fmt.Errorf("cannot merge: different stopping rules (%q vs %q)", p0.Until, p.Until)
		case p.Tool != p0.Tool:
			return nil, fmt.Errorf("cannot merge: parts written by different versions (%s vs %s)", p0.Tool, p.Tool)
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
	m.StoppedAt, m.CheckpointDone, m.CheckpointExtra = 0, 0, nil
	m.fill(agg)
	// What merge writes, report must read: the merged result passes the same validation.
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("cannot merge: the merged result would be inconsistent: %v", err)
	}
	return &m, nil
}

// sameJSON compares two JSON texts ignoring layout (files are indented when written).
func sameJSON(a, b []byte) bool {
	var ca, cb bytes.Buffer
	if json.Compact(&ca, a) != nil || json.Compact(&cb, b) != nil {
		return false
	}
	return bytes.Equal(ca.Bytes(), cb.Bytes())
}

// Extend is base continued by more: the same run (game, rules, agents, seating, seed,
// optional aggregates) played on the next units, more.First = base.First + base.Units.
// The result is the run of base.Units + more.Units units, exactly as one run of that size
// writes it (outside its run key); it is how a study settles a question by playing more
// of a stage (experiment.Settle). Both parts must be whole (no shard) and complete.
func Extend(base, more *Result) (*Result, error) {
	if err := base.Validate(); err != nil {
		return nil, fmt.Errorf("cannot extend an inconsistent result: %v", err)
	}
	switch {
	case base.Shard != "" || more.Shard != "" || base.First != 0:
		return nil, fmt.Errorf("cannot extend a shard: merge the shards first")
	case !base.Complete || !more.Complete:
		return nil, fmt.Errorf("cannot extend with an incomplete part")
	case base.StoppedAt != 0 || more.StoppedAt != 0 || base.Until != "" || more.Until != "":
		return nil, fmt.Errorf("cannot extend a run ended by a stopping rule (--until)")
	case more.First != base.Units || more.Units < 1:
		return nil, fmt.Errorf("the extension plays units %d.. of a run of %d units: it must start where the run ends", more.First, base.Units)
	case more.Game != base.Game || more.Players != base.Players || !sameJSON(more.Params, base.Params) ||
		strings.Join(more.Agents, ";") != strings.Join(base.Agents, ";") || more.Seed != base.Seed || more.Seating != base.Seating ||
		more.Tool != base.Tool:
		return nil, fmt.Errorf("the extension is not the same run (game, rules, agents, seed, seating and version must agree)")
	case len(more.Aggregate.Seats) != len(base.Aggregate.Seats):
		return nil, fmt.Errorf("the extension has %d seats, the run %d", len(more.Aggregate.Seats), len(base.Aggregate.Seats))
	}
	if err := sameWhy(&base.Aggregate, &more.Aggregate); err != nil {
		return nil, fmt.Errorf("cannot extend: %v", err)
	}
	agg := newAggregate(base.Players)
	agg.Merge(base.Aggregate)
	agg.Merge(more.Aggregate)
	m := *base
	m.Units = base.Units + more.Units
	m.Run = mergeCost([]*Result{base, more})
	m.fill(agg)
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("cannot extend: the result would be inconsistent: %v", err)
	}
	return &m, nil
}
