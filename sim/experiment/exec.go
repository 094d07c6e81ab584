package experiment

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"dragonlab/sim"
	"dragonlab/sim/plan"
	"dragonlab/sim/text"
)

// Playing a plan into an output directory, on top of sim/plan (which plays, checkpoints,
// resumes and merges the runs): the experiment's report once every run is there. The
// summary goes to stdout, notes to stderr; progress is the caller's (plan.Options).
//
//	Play        the whole plan here, then the report; or one shard of every run into OUT/parts
//	ReportFrom  --from DIR: merge DIR's parts (of this very plan) and write the report
//	MergeDir    merge DIR: the same for whatever plan DIR holds
//
// Errors: plan.InputError is bad input, ErrInterrupted an interruption (what finished is
// written, and reported marked incomplete); anything else failed while working.

// Play plays the plan (or, with o.Shard, its shard of every run) into o.Dir, resuming
// what o.Dir holds, and for the whole plan writes the experiment's report there.
func Play(ctx context.Context, p *plan.Plan, o plan.Options, stdout, stderr io.Writer) error {
	k, err := kindOf(p, "the plan is a plan")
	if err != nil {
		return err
	}
	if err := CheckPlan(p); err != nil {
		return plan.InputError{Err: err}
	}
	dir := o.Dir
	if have, err := plan.ReadDir(dir); err == nil && p.Kind == "study" && grownFrom(have, p) {
		// A study whose rounds or --settle continued stages: its runs at their new sizes.
		have.Command = p.Command
		p = have
	}
	if err := plan.Check(dir, p); err != nil {
		return err
	}
	if err := prepareDir(dir); err != nil {
		return err
	}
	lock, err := plan.LockDir(dir, o.Shard)
	if err != nil {
		return err
	}
	defer lock.Release()
	if rb := studyRounds(p); rb != nil && o.Shard.Count > 0 {
		if results := wholeResults(dir, p); results != nil {
			// Round 0 is merged: this shard plays its slice of the next round.
			return interrupted(playRoundShard(ctx, rb, dir, p, results, o, stdout))
		}
	}
	out, err := plan.Execute(ctx, p, o)
	if err != nil {
		return interrupted(err)
	}
	if o.Shard.Count > 0 {
		fmt.Fprintf(stdout, "shard %s of a %s of %s: %d played, %d resumed, %d already done; parts in %s\n",
			o.Shard, p.Kind, text.Plural(int64(len(p.Runs)), "run"), out.Played, out.Resumed, out.Reused, filepath.Join(dir, plan.PartsDir))
		if !out.Complete {
			return ErrInterrupted
		}
		fmt.Fprintf(stdout, "when every shard is done: dragonlab merge %s\n", dir)
		return nil
	}
	tail := ""
	if rb := studyRounds(p); rb != nil && out.Complete {
		if tail, err = playRounds(ctx, k, rb, dir, p, out.Results, o, stdout, stderr); err != nil {
			return interrupted(err)
		}
	}
	if err := report(ctx, o.Workers, k, p, out.Results, out.Complete, false, dir, stdout, stderr); err != nil {
		return err
	}
	fmt.Fprint(stdout, tail)
	return nil
}

// studyRounds is the budget of a study's rounds; nil for any other plan and for a study
// without rounds.
func studyRounds(p *plan.Plan) *StudyRounds {
	if p.Kind != "study" {
		return nil
	}
	var o StudyOptions
	if p.DecodeOptions(&o) != nil {
		return nil
	}
	return o.Rounds
}

// ReportFrom merges the parts in dir, which must hold this very plan, and writes the
// experiment's report there (the experiment's --from DIR).
func ReportFrom(dir string, p *plan.Plan, stdout, stderr io.Writer) error {
	have, err := plan.ReadDir(dir)
	if err != nil {
		return err
	}
	if !plan.Same(have, p) {
		return inputErr("%s holds another plan (a %s of %d runs: %s): give the flags of the sharded run", dir, have.Kind, len(have.Runs), have.Command)
	}
	return MergeDir(dir, false, stdout, stderr)
}

// MergeDir merges the parts of every run of the plan in dir (plan.MergeDir) and writes
// the experiment's report there. With partial, missing or interrupted shards are left
// out and the report is marked incomplete (not an interruption).
func MergeDir(dir string, partial bool, stdout, stderr io.Writer) error {
	return MergeDirs([]string{dir}, partial, stdout, stderr)
}

// MergeDirs is MergeDir over several output directories of one plan (plan.MergeDirs: the
// shards of a cluster job that each wrote into a directory of its own): the merged
// results and the report go into the first.
func MergeDirs(dirs []string, partial bool, stdout, stderr io.Writer) error {
	if len(dirs) == 0 {
		return inputErr("no directory to merge")
	}
	dir := dirs[0]
	p, err := plan.ReadDir(dir)
	if err != nil {
		return err
	}
	k, err := kindOf(p, dir+" holds a plan")
	if err != nil {
		return err
	}
	if err := CheckPlan(p); err != nil {
		return inputErr("%s: %v", filepath.Join(dir, plan.FileName), err)
	}
	lock, err := plan.LockDir(dir, sim.Shard{})
	if err != nil {
		return err
	}
	defer lock.Release()
	rb := studyRounds(p)
	if rb != nil {
		merged, err := mergeRound(dirs, p)
		if err != nil {
			return err
		}
		if merged {
			fmt.Fprintf(stdout, "merged the round's slices into %s\n", dir)
		}
		if rec, err := readRounds(dir); err == nil && len(rec.Rounds) > 0 {
			dirs = dirs[:1] // round 0 is merged into dir already; the rounds' plan is dir's
		}
	}
	p, m, err := plan.MergeDirs(dirs, partial)
	if err != nil {
		return interrupted(err)
	}
	if m.Parts > 0 {
		fmt.Fprintf(stdout, "merged %s of %s in %s\n", text.Plural(int64(m.Parts), "part"), text.Plural(int64(len(p.Runs)), "run"), dir)
	}
	if err := report(context.Background(), 0, k, p, m.Results, m.Complete, partial, dir, stdout, stderr); err != nil {
		return err
	}
	if rb != nil && m.Complete {
		return roundsNext(k, rb, dir, p, m.Results, stdout)
	}
	return nil
}

// kindOf is the plan's experiment kind; what says where the plan is ("DIR holds a plan").
func kindOf(p *plan.Plan, what string) (*Kind, error) {
	k := Lookup(p.Kind)
	if k == nil {
		return nil, inputErr("%s of a %q, which this dragonlab cannot report (known: %s)", what, p.Kind, strings.Join(Names(), ", "))
	}
	return k, nil
}

// report runs the experiment's analysis on the results and writes its report into dir.
// An incomplete report is an interruption, unless it was asked for: a merge with partial.
func report(ctx context.Context, workers int, k *Kind, p *plan.Plan, results []*sim.Result, complete, partial bool, dir string, stdout, stderr io.Writer) error {
	a := &Analysis{Plan: p, Results: results, Complete: complete, Dir: dir, Stdout: stdout, Stderr: stderr, ctx: ctx, workers: workers}
	if k.Analyze == nil {
		return fmt.Errorf("no report writer is registered for a %s (link in reports/analysis)", k.Name)
	}
	written, err := k.Analyze(a)
	if err != nil {
		return err
	}
	n := 0
	for _, res := range results {
		if res != nil {
			n++
		}
	}
	fmt.Fprintf(stdout, "wrote %s and the report (%s) to %s\n", text.Plural(int64(n), "results file"), strings.Join(written[:min(3, len(written))], ", "), dir)
	if !complete && partial {
		fmt.Fprintln(stdout, "partial merge: the report covers only the parts that were there, marked incomplete")
		return nil
	}
	if !complete {
		return ErrInterrupted
	}
	return nil
}

// prepareDir creates the output directory (after every input was validated) and checks
// that it can be written.
func prepareDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return inputErr("cannot create the output directory: %v", err)
	}
	if err := sim.CheckOutput(filepath.Join(dir, "x")); err != nil {
		return plan.InputError{Err: err}
	}
	return nil
}

// interrupted turns a cancelled context into ErrInterrupted.
func interrupted(err error) error {
	if errors.Is(err, context.Canceled) && !errors.As(err, new(plan.InputError)) {
		return ErrInterrupted
	}
	return err
}

func inputErr(format string, args ...any) error {
	return plan.InputError{Err: fmt.Errorf(format, args...)}
}
