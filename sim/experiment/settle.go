package experiment

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"sort"

	"dragonlab/sim"
	"dragonlab/sim/plan"
	"dragonlab/sim/text"
)

// Power by design. Every question of a study has a target precision (Design.Targets,
// else designer.DefaultTarget): a seat's advantage to ±2 points at two players, ±3 at
// more, and so on. A study's report says which questions its budget did not settle and
// about how many more games of which stage would (designer.Report.Settle: an interval of
// half-width h from n games reaches the target t after about n·((h/t)² − 1) more, as
// intervals shrink like 1/√n). Settle plays exactly those games: the second stage of a
// two-stage design (Stein 1945, "A two-sample test for a linear hypothesis whose power is
// independent of the variance", Ann. Math. Statist. 16: the first stage measures the
// spread, the second is sized from it).
//
// Each stage to settle is its own run continued on its next deals (the same seed, units
// U..U+N: sim.Extend), so its results file afterwards is exactly the run of U+N units,
// and the plan in the directory is rewritten with the run's new size: `merge DIR` and
// `study --settle DIR` again work on it as on any study. The other stages keep their
// results. A study whose intervals are still wider afterwards (the spread was
// underestimated) can be settled again.

// SettleStage is one stage Settle continues.
type SettleStage struct {
	Run       string   // the plan's run
	Units     int64    // its units before
	More      int64    // units added (deals)
	Games     int64    // games added
	Questions []string // "fair", "luck", "matters"
}

// SettlePlan lists the stages a study's report says are not settled (its kind's
// Unsettled), with the units that would settle them (the largest need over the questions a
// stage answers), in plan order.
func SettlePlan(p *plan.Plan, needs []Need) ([]SettleStage, error) {
	byFile := map[string]int{}
	for i := range p.Runs {
		byFile[filepath.ToSlash(filepath.Join(p.Results, p.Runs[i].File()))] = i
	}
	stages := map[int]*SettleStage{}
	for _, s := range needs {
		i, ok := byFile[s.File]
		if !ok {
			return nil, fmt.Errorf("the report asks to settle %s, which is no run of the plan", s.File)
		}
		r := &p.Runs[i]
		gpu := int64(r.GamesPerUnit())
		units := (s.Games + gpu - 1) / gpu
		st := stages[i]
		if st == nil {
			st = &SettleStage{Run: r.Name, Units: r.Units}
			stages[i] = st
		}
		if units > st.More {
			st.More, st.Games = units, units*gpu
		}
		st.Questions = append(st.Questions, s.Question)
	}
	idx := make([]int, 0, len(stages))
	for i := range stages {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	out := make([]SettleStage, 0, len(idx))
	for _, i := range idx {
		out = append(out, *stages[i])
	}
	return out, nil
}

// Settle settles the study in dir: it plays, for every stage whose question is not
// settled, the games that would settle it, rewrites those stages' results and the plan,
// then writes the report again (study --settle DIR). o gives the workers, the log and the
// progress; o.Dir is dir. Interrupted, it keeps every stage already continued (its results
// and the plan agree) and returns ErrInterrupted.
func Settle(ctx context.Context, dir string, o plan.Options, stdout, stderr io.Writer) error {
	p, err := plan.ReadDir(dir)
	if err != nil {
		return err
	}
	if p.Kind != "study" {
		return inputErr("--settle: %s holds a %s, not a study", dir, p.Kind)
	}
	if err := CheckPlan(p); err != nil {
		return inputErr("%s: %v", filepath.Join(dir, plan.FileName), err)
	}
	if err := plan.Check(dir, p); err != nil {
		return err
	}
	if err := sim.CheckWorkers(o.Workers); err != nil {
		return plan.InputError{Err: fmt.Errorf("--%w", err)}
	}
	lock, err := plan.LockDir(dir, sim.Shard{})
	if err != nil {
		return err
	}
	defer lock.Release()
	q, m, err := plan.MergeDirs([]string{dir}, false)
	if err != nil {
		return interrupted(err)
	}
	if !m.Complete {
		return inputErr("--settle: the study in %s is not finished: run its command again first", dir)
	}
	k, err := kindOf(q, "--settle")
	if err != nil {
		return err
	}
	if k.Unsettled == nil {
		return inputErr("--settle: a %s cannot be settled", q.Kind)
	}
	a := &Analysis{Plan: q, Results: m.Results, Complete: true, Dir: dir, Stdout: stdout, Stderr: stderr}
	needs, err := k.Unsettled(a)
	if err != nil {
		return err
	}
	more, err := a.questionNeeds()
	if err != nil {
		return err
	}
	needs = append(needs, more...)
	stages, err := SettlePlan(q, needs)
	if err != nil {
		return err
	}
	var total, done float64
	for _, st := range stages {
		total += float64(st.Games)
	}
	if len(stages) == 0 {
		fmt.Fprintln(stdout, "every question is settled: nothing to play")
	} else {
		fmt.Fprintf(stdout, "settling %s: %s more games\n", text.Plural(int64(len(stages)), "stage"), text.Count(int64(total)))
	}
	if err := recordSettle(dir, q, stages); err != nil {
		return err
	}
	for k, st := range stages {
		if err := extendRun(ctx, dir, q, m.Results, st, o, " (settling)", k, len(stages), done, total); err != nil {
			return err
		}
		done += float64(st.Games)
	}
	return report(ctx, o.Workers, k, q, m.Results, true, false, dir, stdout, stderr)
}

// extendRun continues one stage of the study in dir on its next deals (st.More units
// after its st.Units): the plan first, then the results, so that a directory interrupted
// between the two holds a result the plan does not name, which merge and a resumed study
// play again. q and results are updated. k of n, base of total: the progress.
func extendRun(ctx context.Context, dir string, q *plan.Plan, results []*sim.Result, st SettleStage, o plan.Options, what string, k, n int, base, total float64) error {
	i := q.Index(st.Run)
	r := &q.Runs[i]
	cfg, err := q.Config(i, o.Workers)
	if err != nil {
		return plan.InputError{Err: err}
	}
	cfg.First, cfg.Units = r.Units, st.More
	if o.Progress != nil {
		gpu := float64(r.GamesPerUnit())
		cfg.Progress = func(d int64) {
			o.Progress(plan.Progress{Run: k, Runs: n, Name: r.Name, Label: sim.Printable(r.Label) + what,
				RunDone: d, RunUnits: st.More, Done: base + float64(d)*gpu, Total: total})
		}
	}
	more, err := sim.Run(ctx, cfg)
	if err != nil {
		return fmt.Errorf("run %s: %w", r.Name, err)
	}
	if !more.Complete {
		return ErrInterrupted // this stage keeps its results; the ones before are extended
	}
	res, err := sim.Extend(results[i], more)
	if err != nil {
		return fmt.Errorf("run %s: %w", r.Name, err)
	}
	r.Units += st.More
	if err := writePlan(dir, q); err != nil {
		return err
	}
	if err := res.WriteFile(q.ResultPath(dir, i)); err != nil {
		return err
	}
	results[i] = res
	retireParts(dir, r.Name) // its round-0 shards are of the run's old size
	if o.Log != nil {
		fmt.Fprintf(o.Log, "run %s: %s more %s (%s in all)\n", r.Name, text.Count(st.More), unitsWord(r), text.Count(r.Units))
	}
	return nil
}

// writePlan replaces the plan file of dir.
func writePlan(dir string, p *plan.Plan) error {
	data, err := p.Marshal()
	if err != nil {
		return err
	}
	return sim.WriteFileAtomic(filepath.Join(dir, plan.FileName), data)
}

func unitsWord(r *plan.Run) string {
	if r.Seating == sim.SeatDuplicate || r.Seating == sim.SeatReplay {
		return "deals"
	}
	return "games"
}
