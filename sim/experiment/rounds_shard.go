package experiment

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"dragonlab/sim"
	"dragonlab/sim/plan"
	"dragonlab/sim/text"
)

// The study's rounds as shards. A round is a plan computed from the merged results: once
// `merge OUT` has merged round 0 (or the round before), the study's command with --shard
// i/n again into OUT computes the next round on every machine — the same bytes, since
// nextRound is a pure function of the plan and the results — records it in OUT/rounds.json
// and plays slice i of n of every stage it continues (the stage's next deals, split as
// sim.Shard splits a run) into OUT/parts/round-R/. `merge OUT` then continues each stage
// by its slices in order (sim.Extend, as one machine continues it by the whole round), so
// the results, the plan and the report are those of the rounds played on one machine.
// Repeat until the shards say the rounds are over.
//
// The round's parts live in a directory of their own: they are slices of a stage's
// continuation, not shards of the plan's runs, and plan.MergeDirs must not see them. When
// a round has merged, the round-0 shards of the runs it continued describe runs of another
// size; they move to OUT/parts/superseded/ so that merging again stays harmless.

// roundPartsDir is where the shards of round r write their slices.
func roundPartsDir(dir string, r int) string {
	return filepath.Join(dir, plan.PartsDir, fmt.Sprintf("round-%d", r))
}

// sliceSchema names a round's slice file.
const sliceSchema = "dragonlab.round-slice/v1"

// roundSlice is a round's slice file: one shard's part of a stage's continuation. A
// results file without a shard covers its run from unit 0, so the slice is kept as what it
// is in the round, shard i/n of the continuation's units (counted from its start, as
// sim.Shard splits them), with the unit of the run it starts at beside it. It is no
// results file: only the merge of its round reads it.
type roundSlice struct {
	Schema string `json:"schema"`
	Round  int    `json:"round"`
	Run    string `json:"run"`
	// First is the slice's first unit in the run (the continuation's start + the shard's).
	First int64           `json:"first"`
	Part  json.RawMessage `json:"part"`
}

// writeSlice writes res, units e.From+lo.. of run e.Run, as shard sh of round r's
// continuation of the run.
func writeSlice(path string, r int, e RoundEntry, sh sim.Shard, res *sim.Result) error {
	c := *res
	c.First, c.Shard, c.TotalUnits = res.First-e.From, sh.String(), e.More
	// The per-deal outcomes count absolute units too: re-based with the part.
	c.Aggregate.Outcomes = res.Aggregate.Outcomes.Shifted(-e.From)
	if err := c.Validate(); err != nil {
		return fmt.Errorf("refusing to write an inconsistent slice %s: %v", path, err)
	}
	part, err := c.Marshal()
	if err != nil {
		return err
	}
	data, err := json.MarshalIndent(roundSlice{Schema: sliceSchema, Round: r, Run: e.Run, First: res.First, Part: part}, "", "  ")
	if err != nil {
		return err
	}
	return sim.WriteFileAtomic(path, append(data, '\n'))
}

// readSlice reads a slice file back as the result of its units of the run.
func readSlice(path string) (*sim.Result, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, inputErr("read %s: %v", path, err)
	}
	var s roundSlice
	if err := strictDecode(data, &s); err != nil || s.Schema != sliceSchema {
		return nil, inputErr("%s is not a slice of a study's round (schema %s)", path, sliceSchema)
	}
	res, err := sim.ParseResult(s.Part)
	if err != nil {
		return nil, inputErr("%s: %v", path, err)
	}
	if s.First < res.First {
		return nil, inputErr("%s: its slice starts at unit %d, before its part's %d", path, s.First, res.First)
	}
	res.Aggregate.Outcomes = res.Aggregate.Outcomes.Shifted(s.First - res.First)
	res.First, res.Shard, res.TotalUnits = s.First, "", 0
	return res, nil
}

// roundPartPath is shard sh's slice of run's continuation in round r.
func roundPartPath(dir string, r int, run string, sh sim.Shard) string {
	return filepath.Join(roundPartsDir(dir, r), fmt.Sprintf("%s.shard-%d-of-%d.json", run, sh.Index, sh.Count))
}

var roundPartRE = regexp.MustCompile(`^(.+)\.shard-(\d+)-of-(\d+)\.json$`)

// isSlice reports whether res is the complete result of units first..first+units-1 of
// run i of p: a slice of the run's continuation.
func isSlice(res *sim.Result, p *plan.Plan, i int, first, units int64) bool {
	cfg, err := p.Config(i, 0)
	if err != nil {
		return false
	}
	cfg.First, cfg.Units = first, units
	want := sim.NewResult(cfg, sim.Aggregate{}, false)
	return res.Complete && res.Game == want.Game && res.Players == want.Players && res.Seed == want.Seed &&
		res.Seating == want.Seating && strings.Join(res.Agents, "\x00") == strings.Join(want.Agents, "\x00") &&
		res.First == first && res.Units == units && res.Shard == "" && res.TotalUnits == 0
}

// wholeResults is the complete results of every run of p in dir at the plan's sizes (the
// plan merged, or played on one machine); nil when a run lacks them.
func wholeResults(dir string, p *plan.Plan) []*sim.Result {
	out := make([]*sim.Result, len(p.Runs))
	for i := range p.Runs {
		res, err := sim.ReadResult(p.ResultPath(dir, i))
		if err != nil || !isSlice(res, p, i, 0, p.Runs[i].Units) {
			return nil
		}
		out[i] = res
	}
	return out
}

// pendingRound is the last recorded round if a run it continues is not yet continued in
// p: the round the shards play, or whose slices merge combines.
func pendingRound(rec *roundsRecord, p *plan.Plan) *Round {
	if len(rec.Rounds) == 0 {
		return nil
	}
	r := &rec.Rounds[len(rec.Rounds)-1]
	for _, e := range r.Entries {
		if i := p.Index(e.Run); i >= 0 && p.Runs[i].Units < e.From+e.More {
			return r
		}
	}
	return nil
}

// checkEntry checks that round r's entry e continues a run of p at its present size.
func checkEntry(dir string, p *plan.Plan, r *Round, e RoundEntry) (int, error) {
	i := p.Index(e.Run)
	if i < 0 {
		return 0, inputErr("%s: round %d continues %s, which is no run of the plan", filepath.Join(dir, RoundsFile), r.Index, e.Run)
	}
	if p.Runs[i].Units != e.From && p.Runs[i].Units < e.From+e.More {
		return 0, inputErr("%s: round %d continues %s from %d units, but it has %d", filepath.Join(dir, RoundsFile), r.Index, e.Run, e.From, p.Runs[i].Units)
	}
	return i, nil
}

// playRoundShard plays o.Shard's slice of the study's current round: the pending one, or
// the next one planned from the merged results in dir (recorded first). When the rounds
// are over it plays nothing and says so.
func playRoundShard(ctx context.Context, b *StudyRounds, dir string, p *plan.Plan, results []*sim.Result, o plan.Options, stdout io.Writer) error {
	k, err := kindOf(p, "the plan is a plan")
	if err != nil {
		return err
	}
	rec, err := roundsOf(dir, b)
	if err != nil {
		return err
	}
	r := pendingRound(rec, p)
	if r == nil {
		open, err := openFairOf(k, dir, p, results)
		if err != nil {
			return err
		}
		next, say, err := nextRound(b, p, results, open, len(rec.Rounds)+1)
		if err != nil {
			return err
		}
		if next == nil {
			fmt.Fprintf(stdout, "%sthe rounds are over: nothing to play; the report of the last merge of %s is the study's\n", say, dir)
			fmt.Fprint(stdout, roundsTail(b, dir, p, open))
			return nil
		}
		if o.Log != nil {
			fmt.Fprint(o.Log, say)
		}
		// Every shard plans the same round and writes the same bytes (atomically).
		rec.Rounds = append(rec.Rounds, *next)
		if err := writeRounds(dir, rec); err != nil {
			return err
		}
		r = &rec.Rounds[len(rec.Rounds)-1]
	}
	var played, reused int
	var total, done float64
	for _, e := range r.Entries {
		_, n := o.Shard.Range(e.More)
		total += float64(n) * float64(e.Games) / float64(e.More)
	}
	for _, e := range r.Entries {
		i, err := checkEntry(dir, p, r, e)
		if err != nil {
			return err
		}
		lo, n := o.Shard.Range(e.More)
		if p.Runs[i].Units >= e.From+e.More || n == 0 {
			continue // merged already, or an empty slice
		}
		path := roundPartPath(dir, r.Index, e.Run, o.Shard)
		if prev, err := readSlice(path); err == nil && isSlice(prev, p, i, e.From+lo, n) {
			reused++
			continue
		}
		cfg, err := p.Config(i, o.Workers)
		if err != nil {
			return plan.InputError{Err: err}
		}
		cfg.First, cfg.Units = e.From+lo, n
		gpu := float64(p.Runs[i].GamesPerUnit())
		if o.Progress != nil {
			base, label := done, sim.Printable(p.Runs[i].Label)+fmt.Sprintf(" (round %d, shard %s)", r.Index, o.Shard)
			cfg.Progress = func(d int64) {
				o.Progress(plan.Progress{Name: e.Run, Label: label, RunDone: d, RunUnits: n, Done: base + float64(d)*gpu, Total: total})
			}
		}
		res, err := sim.Run(ctx, cfg)
		if err != nil {
			return fmt.Errorf("run %s: %w", e.Run, err)
		}
		if !res.Complete {
			return ErrInterrupted // the slices finished are written; this one plays again
		}
		if err := os.MkdirAll(roundPartsDir(dir, r.Index), 0o755); err != nil {
			return err
		}
		if err := writeSlice(path, r.Index, e, o.Shard, res); err != nil {
			return err
		}
		played++
		done += float64(n) * gpu
	}
	fmt.Fprintf(stdout, "shard %s of round %d of the study: %s played, %d already done; parts in %s\n",
		o.Shard, r.Index, text.Plural(int64(played), "slice"), reused, roundPartsDir(dir, r.Index))
	fmt.Fprintf(stdout, "when every shard is done: dragonlab merge %s\n", dir)
	return nil
}

// mergeRound combines the slices the shards of the study's pending round wrote into the
// directories dirs (their parts/round-R/) with the results in dirs[0]: every run the round
// continues becomes the run of its new size, exactly as one machine plays it (results
// first, then the plan, so that a merge stopped between the two is finished by merging
// again). It returns false when no round is pending or none of its slices is there yet; a
// round partly played is an error naming the shards to run.
func mergeRound(dirs []string, p *plan.Plan) (bool, error) {
	dir := dirs[0]
	rec, err := readRounds(dir)
	if err != nil {
		return false, err
	}
	r := pendingRound(rec, p)
	if r == nil {
		return false, nil
	}
	// The slices there are, by run and shard index, with their shard count.
	type slice struct {
		path string
		k    int
	}
	found := map[string][]slice{}
	counts := map[int]bool{}
	for _, d := range dirs {
		entries, err := os.ReadDir(roundPartsDir(d, r.Index))
		if err != nil && !os.IsNotExist(err) {
			return false, inputErr("read %s: %v", roundPartsDir(d, r.Index), err)
		}
		for _, de := range entries {
			m := roundPartRE.FindStringSubmatch(de.Name())
			if m == nil || strings.HasPrefix(de.Name(), ".") {
				continue
			}
			k, _ := strconv.Atoi(m[2])
			n, _ := strconv.Atoi(m[3])
			found[m[1]] = append(found[m[1]], slice{filepath.Join(roundPartsDir(d, r.Index), de.Name()), k})
			counts[n] = true
		}
	}
	if len(counts) == 0 {
		return false, nil
	}
	if len(counts) > 1 {
		return false, inputErr("%s holds slices of round %d from different shard counts: remove the directory and play the round again with one --shard i/n", roundPartsDir(dir, r.Index), r.Index)
	}
	var n int
	for c := range counts {
		n = c
	}
	missing := map[int]bool{}
	merged := make([]*sim.Result, len(r.Entries))
	for x, e := range r.Entries {
		i, err := checkEntry(dir, p, r, e)
		if err != nil {
			return false, err
		}
		base, err := sim.ReadResult(p.ResultPath(dir, i))
		if err != nil {
			return false, inputErr("round %d continues run %s, whose results are not in %s: merge the round before it first (%v)", r.Index, e.Run, dir, err)
		}
		if isSlice(base, p, i, 0, e.From+e.More) {
			merged[x] = base // merged before a stop
			continue
		}
		if !isSlice(base, p, i, 0, e.From) {
			return false, inputErr("%s is not run %s of %d units, which round %d continues", p.ResultPath(dir, i), e.Run, e.From, r.Index)
		}
		byK := map[int]string{}
		for _, s := range found[e.Run] {
			if other, dup := byK[s.k]; dup {
				return false, inputErr("shard %d/%d of round %d of run %s is in two places (%s and %s): keep one", s.k, n, r.Index, e.Run, other, s.path)
			}
			byK[s.k] = s.path
		}
		res := base
		for k := 0; k < n; k++ {
			sh := sim.Shard{Index: k, Count: n}
			lo, cnt := sh.Range(e.More)
			if cnt == 0 {
				continue
			}
			path, ok := byK[k]
			if !ok {
				missing[k] = true
				continue
			}
			part, err := readSlice(path)
			if err != nil {
				return false, err
			}
			if !isSlice(part, p, i, e.From+lo, cnt) {
				return false, inputErr("%s is not shard %s of round %d of run %s: play it again with --shard %s", path, sh, r.Index, e.Run, sh)
			}
			if len(missing) > 0 {
				continue
			}
			if res, err = sim.Extend(res, part); err != nil {
				return false, fmt.Errorf("round %d, run %s: %w", r.Index, e.Run, err)
			}
		}
		merged[x] = res
	}
	if len(missing) > 0 {
		var ks []int
		for k := range missing {
			ks = append(ks, k)
		}
		sort.Ints(ks)
		var what []string
		for _, k := range ks {
			what = append(what, fmt.Sprintf("%d/%d", k, n))
		}
		return false, inputErr("cannot merge round %d of the study in %s: no slices from shard %s: run the study's command with --shard %s (and every shard named) again",
			r.Index, dir, strings.Join(what, ", "), what[0])
	}
	for x, e := range r.Entries {
		i := p.Index(e.Run)
		if err := merged[x].WriteFile(p.ResultPath(dir, i)); err != nil {
			return false, err
		}
	}
	for _, e := range r.Entries {
		i := p.Index(e.Run)
		p.Runs[i].Units = e.From + e.More
		retireParts(dir, e.Run)
	}
	return true, writePlan(dir, p)
}

// retireParts moves run's round-0 shards in dir/parts (and their checkpoints) to
// parts/superseded/: the run was continued, so they are no longer shards of the plan's
// run, and a merge must not read them as such.
func retireParts(dir, run string) {
	parts := filepath.Join(dir, plan.PartsDir)
	entries, err := os.ReadDir(parts)
	if err != nil {
		return
	}
	for _, de := range entries {
		name := de.Name()
		if !strings.HasPrefix(name, run+".shard-") || de.IsDir() {
			continue
		}
		to := filepath.Join(parts, "superseded")
		if os.MkdirAll(to, 0o755) == nil {
			os.Rename(filepath.Join(parts, name), filepath.Join(to, name))
		}
	}
}

// roundsNext says, after a merge of a study with rounds, what comes next: the round the
// shards play now (planned, not recorded: the shards record it), or that the rounds are
// over and what is still open.
func roundsNext(k *Kind, b *StudyRounds, dir string, p *plan.Plan, results []*sim.Result, stdout io.Writer) error {
	rec, err := roundsOf(dir, b)
	if err != nil {
		return err
	}
	if r := pendingRound(rec, p); r != nil {
		fmt.Fprintf(stdout, "round %d is planned and not played: run the study's command (or dragonlab run-plan %s) with --shard i/n again on every machine, then dragonlab merge %s\n", r.Index, filepath.Join(dir, plan.FileName), dir)
		return nil
	}
	open, err := openFairOf(k, dir, p, results)
	if err != nil {
		return err
	}
	next, say, err := nextRound(b, p, results, open, len(rec.Rounds)+1)
	if err != nil {
		return err
	}
	fmt.Fprint(stdout, say)
	if next != nil {
		fmt.Fprintf(stdout, "next: round %d — the study's command (or dragonlab run-plan %s) with --shard i/n again on every machine, then dragonlab merge %s (on Slurm: deploy/slurm-submit.sh --resume --out %s); or without --shard, the rounds left on one machine\n",
			next.Index, filepath.Join(dir, plan.FileName), dir, dir)
		return nil
	}
	fmt.Fprint(stdout, roundsTail(b, dir, p, open))
	return nil
}
