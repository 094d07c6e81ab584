package plan

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"dragonlab/sim"
)

// InputError marks a problem with what the user gave (a directory that belongs to another
// plan, a corrupt checkpoint, missing shards): commands report it as bad input.
type InputError struct{ Err error }

func (e InputError) Error() string { return e.Err.Error() }
func (e InputError) Unwrap() error { return e.Err }

func inputErr(format string, args ...any) error { return InputError{fmt.Errorf(format, args...)} }

// Options tell Execute where and how to play a plan.
type Options struct {
	// Dir is the output directory: plan.json, the results files (whole plan) and
	// parts/ (shard results and checkpoints).
	Dir string
	// Shard, when Count > 0, plays slice Index of Count of every run (by unit index, the
	// same split as sim.Shard), writing parts/NAME.shard-i-of-n.json.
	Shard   sim.Shard
	Workers int
	// CheckpointEvery is the least time between two checkpoints of a run (0: at every
	// block of the runner, which tests use).
	CheckpointEvery time.Duration
	// Progress, if set, is called about ten times a second while a run plays, and once
	// when each run starts.
	Progress func(Progress)
	// Log, if set, receives one line when a run resumes from its checkpoint or replaces
	// an unreadable file, and a line counting the runs reused.
	Log io.Writer
	// AfterRun and OnCheckpoint are test hooks: called after run i is written, and after
	// each checkpoint of run i (done units of its slice).
	AfterRun     func(i int)
	OnCheckpoint func(i int, done int64)
}

// Progress is the state of a plan being played.
type Progress struct {
	Run, Runs int // the run playing (0-based) and the number of runs
	Name      string
	Label     string // the run's label, control characters escaped (sim.Printable)
	// RunDone of RunUnits units of the run (of its slice, for a shard) are finished.
	RunDone, RunUnits int64
	// Done of Total is the estimated work of the plan (of this shard), weighted by the
	// agents' rough cost per decision, so that its rate predicts the time left.
	Done, Total float64
}

// Outcome is what Execute played.
type Outcome struct {
	// Results holds, by run, the whole run's results (whole plan) or this shard's part;
	// nil for a run not played (interrupted before it, or its slice is empty).
	Results []*sim.Result
	// Complete is false when the plan was interrupted (Ctrl-C, SIGTERM).
	Complete bool
	// Played, Resumed and Reused count the runs played from the start, resumed from a
	// checkpoint, and reused because their finished results were already in Dir.
	Played, Resumed, Reused int
}

// ResultPath is where the whole run i's results file goes in dir.
func (p *Plan) ResultPath(dir string, i int) string {
	return filepath.Join(dir, p.Results, p.Runs[i].File())
}

// PartPath is where shard sh of run i goes in dir.
func (p *Plan) PartPath(dir string, i int, sh sim.Shard) string {
	return filepath.Join(dir, PartsDir, fmt.Sprintf("%s.shard-%d-of-%d.json", p.Runs[i].Name, sh.Index, sh.Count))
}

// checkpointPath is the checkpoint of run i (of shard sh, when sh.Count > 0).
func (p *Plan) checkpointPath(dir string, i int, sh sim.Shard) string {
	if sh.Count == 0 {
		return filepath.Join(dir, PartsDir, p.Runs[i].Name+".ckpt.json")
	}
	return filepath.Join(dir, PartsDir, fmt.Sprintf("%s.shard-%d-of-%d.ckpt.json", p.Runs[i].Name, sh.Index, sh.Count))
}

// Check says whether dir may receive plan p: it does not exist, is empty, or belongs to
// p (its plan.json is p, claimed by this version of dragonlab; then finished work in it
// is reused). A directory that holds
// another plan is refused, and so is one with parts but no plan. Nothing is written.
func Check(dir string, p *Plan) error {
	if strings.TrimSpace(dir) == "" {
		return inputErr("the output directory must be named")
	}
	st, err := os.Stat(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return inputErr("output directory: %v", err)
	}
	if !st.IsDir() {
		return inputErr("%s is a file, not a directory", dir)
	}
	data, err := os.ReadFile(filepath.Join(dir, FileName))
	if errors.Is(err, os.ErrNotExist) {
		if _, err := os.Stat(filepath.Join(dir, PartsDir)); err == nil {
			return inputErr("%s holds %s/ but no %s: it is not the directory of this plan (choose another output directory)", dir, PartsDir, FileName)
		}
		return nil
	}
	if err != nil {
		return inputErr("read %s: %v", filepath.Join(dir, FileName), err)
	}
	have, err := Parse(data)
	if err != nil {
		return inputErr("%s belongs to something else: %s: %v", dir, FileName, err)
	}
	x, y := *have, *p
	x.Tool, y.Tool = "", "" // a plan file may come from another version: compared below
	if !Same(&x, &y) {
		return inputErr("%s belongs to another plan (%s): choose another output directory, or remove it to start again", dir, have.describe())
	}
	// Its parts and checkpoints are that version's: another one must not continue them and
	// label the merge with its own version.
	if have.Tool != sim.ToolName() {
		return inputErr("%s was started by %s and this is %s: finish it with that version, or choose another output directory", dir, have.Tool, sim.ToolName())
	}
	return nil
}

// Same reports whether two plans are the same experiment: the same bytes, except for the
// command line they were written from (equivalent spellings of the same flags).
func Same(a, b *Plan) bool {
	x, y := *a, *b
	x.Command, y.Command = "", ""
	ax, errx := x.Marshal()
	by, erry := y.Marshal()
	return errx == nil && erry == nil && bytes.Equal(ax, by)
}

// describe names a plan in one line for messages.
func (p *Plan) describe() string {
	s := fmt.Sprintf("a %s of %d runs made by %s", p.Kind, len(p.Runs), p.Tool)
	if p.Command != "" {
		s += ": " + p.Command
	}
	return s
}

// Claim checks dir (see Check) and then writes plan.json into it (and creates parts/):
// from then on the directory belongs to p, played by this version of dragonlab. Claiming
// it again for p is harmless.
func Claim(dir string, p *Plan) error {
	if err := Check(dir, p); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(dir, PartsDir), 0o755); err != nil {
		return inputErr("cannot create the output directory: %v", err)
	}
	file := filepath.Join(dir, FileName)
	if _, err := os.Stat(file); err == nil {
		return nil
	}
	// The directory is played by this version, whichever made the plan file.
	q := *p
	q.Tool = sim.ToolName()
	data, err := q.Marshal()
	if err != nil {
		return err
	}
	return sim.WriteFileAtomic(file, data)
}

// Execute plays the plan (or one shard of every run of it) into o.Dir, run after run in
// plan order, and writes each run's results file as soon as the run ends. Finished work
// already in o.Dir is reused and a run with a checkpoint resumes from it, so executing the
// same plan into the same directory again continues where a killed task stopped. When ctx
// is cancelled the run in progress stops, its finished games are written (marked
// incomplete; its checkpoint is kept for the resume) and the later runs are not started.
func Execute(ctx context.Context, p *Plan, o Options) (*Outcome, error) {
	if err := p.Resolve(); err != nil {
		return nil, InputError{err}
	}
	if o.Shard.Count < 0 || (o.Shard.Count > 0 && (o.Shard.Index < 0 || o.Shard.Index >= o.Shard.Count)) {
		return nil, inputErr("shard %s is not a slice of the plan", o.Shard)
	}
	if err := sim.CheckWorkers(o.Workers); err != nil {
		return nil, InputError{fmt.Errorf("--%w", err)}
	}
	if err := Claim(o.Dir, p); err != nil {
		return nil, err
	}
	if p.Results != "" {
		if err := os.MkdirAll(filepath.Join(o.Dir, p.Results), 0o755); err != nil {
			return nil, inputErr("cannot create %s: %v", filepath.Join(o.Dir, p.Results), err)
		}
	}
	out := &Outcome{Results: make([]*sim.Result, len(p.Runs)), Complete: true}
	// The work of each run's slice, weighted by a rough cost per game (see weight).
	units := make([]int64, len(p.Runs))
	w := make([]float64, len(p.Runs))
	var total, done float64
	for i := range p.Runs {
		r := &p.Runs[i]
		units[i] = r.Units
		if o.Shard.Count > 0 {
			_, units[i] = o.Shard.Range(r.Units)
		}
		w[i] = float64(r.PlayedPerUnit()) * runWeight(r)
		total += float64(units[i]) * w[i]
	}
	report := func(i int, runDone int64) {
		if o.Progress != nil {
			r := &p.Runs[i]
			o.Progress(Progress{Run: i, Runs: len(p.Runs), Name: r.Name, Label: sim.Printable(r.Label), RunDone: runDone, RunUnits: units[i],
				Done: done + float64(runDone)*w[i], Total: total})
		}
	}
	for i := range p.Runs {
		if ctx.Err() != nil {
			out.Complete = false
			break
		}
		if units[i] == 0 {
			continue
		}
		res, err := p.executeRun(ctx, i, o, out, func(d int64) { report(i, d) })
		if err != nil {
			return out, err
		}
		out.Results[i] = res
		done += float64(units[i]) * w[i]
		if !res.Complete {
			out.Complete = false
			break
		}
		if o.AfterRun != nil {
			o.AfterRun(i)
		}
	}
	if out.Reused > 0 && o.Log != nil {
		fmt.Fprintf(o.Log, "reused the finished results of %d of %d runs in %s\n", out.Reused, len(p.Runs), o.Dir)
	}
	if out.Complete {
		os.Remove(filepath.Join(o.Dir, PartsDir)) // only when empty: parts stay for merge
	}
	return out, nil
}

// executeRun plays run i (its slice), reusing or resuming what o.Dir holds.
func (p *Plan) executeRun(ctx context.Context, i int, o Options, out *Outcome, progress func(int64)) (*sim.Result, error) {
	r := &p.Runs[i]
	cfg, err := p.Config(i, o.Workers)
	if err != nil {
		return nil, InputError{err}
	}
	target := p.ResultPath(o.Dir, i)
	if o.Shard.Count > 0 {
		target = p.PartPath(o.Dir, i, o.Shard)
		cfg.Shard, cfg.TotalUnits = o.Shard, r.Units
		cfg.First, cfg.Units = o.Shard.Range(r.Units)
	}
	ckpt := p.checkpointPath(o.Dir, i, o.Shard)
	prev, err := sim.ReadResult(target)
	switch {
	case err == nil && prev.Complete && sameRun(prev, cfg):
		out.Reused++
		progress(cfg.Units)
		os.Remove(ckpt)
		return prev, nil
	case o.Log == nil:
	case err == nil && !sameRun(prev, cfg):
		fmt.Fprintf(o.Log, "%s is not a result of run %s of this plan: playing the run again\n", target, r.Name)
	case err != nil && exists(target):
		fmt.Fprintf(o.Log, "%s is unreadable (%v): playing the run again\n", target, err)
	}
	if _, err := os.Stat(ckpt); err == nil {
		ck, err := sim.ReadCheckpoint(ckpt, cfg)
		if err != nil {
			return nil, inputErr("run %s: %v (remove it to play the run from the start)", r.Name, err)
		}
		cfg.Resume = ck
		out.Resumed++
		if o.Log != nil {
			fmt.Fprintf(o.Log, "run %s%s: resuming after %d of %d %s (checkpoint %s)\n", r.Name, shardText(o.Shard), ck.Done, cfg.Units, unitWord(r), ckpt)
		}
	} else {
		out.Played++
	}
	writer := sim.CheckpointWriter(cfg, ckpt)
	cfg.Checkpoint = func(c sim.Checkpoint) error {
		if err := writer(c); err != nil {
			return err
		}
		if o.OnCheckpoint != nil {
			o.OnCheckpoint(i, c.Done)
		}
		return nil
	}
	cfg.CheckpointEvery = o.CheckpointEvery
	start := int64(0)
	if cfg.Resume != nil {
		start = cfg.Resume.Done
	}
	progress(start)
	cfg.Progress = progress
	res, err := sim.Run(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("run %s: %w", r.Name, err)
	}
	if err := res.WriteFile(target); err != nil {
		return nil, err
	}
	if res.Complete {
		os.Remove(ckpt)
	}
	return res, nil
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func shardText(sh sim.Shard) string {
	if sh.Count == 0 {
		return ""
	}
	return " (shard " + sh.String() + ")"
}

func unitWord(r *Run) string {
	if r.GamesPerUnit() > 1 {
		return "deals"
	}
	return "games"
}

// sameRun reports whether a results file is of the run (or slice) cfg describes.
func sameRun(r *sim.Result, cfg sim.Config) bool {
	want := sim.NewResult(cfg, sim.Aggregate{}, false)
	return r.Game == want.Game && r.Players == want.Players && sameJSON(r.Params, want.Params) &&
		strings.Join(r.Agents, "\x00") == strings.Join(want.Agents, "\x00") && r.Seed == want.Seed &&
		r.Seating == want.Seating && r.First == want.First && r.Units == want.Units &&
		r.Shard == want.Shard && r.TotalUnits == want.TotalUnits && (r.Aggregate.Outcomes != nil) == cfg.Outcomes
}

func sameJSON(a, b []byte) bool {
	var ca, cb bytes.Buffer
	if json.Compact(&ca, a) != nil || json.Compact(&cb, b) != nil {
		return false
	}
	return bytes.Equal(ca.Bytes(), cb.Bytes())
}

// runWeight is a rough cost of one game of the run, relative to a game between random
// agents: the mean over seats of a per-decision cost guessed from the agent spec. It only
// spreads the progress bar's estimate of the time left over runs of very different cost.
func runWeight(r *Run) float64 {
	sum := 0.0
	for _, spec := range r.Agents {
		sum += specWeight(spec)
	}
	return sum / float64(max(len(r.Agents), 1))
}

// specWeight guesses the cost of one decision of an agent from its spec: search
// iterations and samples dominate; a wrapper costs what its base costs.
func specWeight(spec string) float64 {
	if i := strings.Index(spec, "base=("); i >= 0 {
		// A wrapper: the base spec is between the matching parentheses.
		depth, j := 0, i+len("base=(")
		for k := j; k < len(spec); k++ {
			switch spec[k] {
			case '(':
				depth++
			case ')':
				if depth == 0 {
					return specWeight(spec[j:k])
				}
				depth--
			}
		}
	}
	kind, opts, _ := strings.Cut(spec, ":")
	num := func(key string) float64 {
		for _, kv := range strings.Split(opts, ",") {
			if k, v, ok := strings.Cut(kv, "="); ok && k == key {
				if f, err := strconv.ParseFloat(v, 64); err == nil && f > 0 {
					return f
				}
			}
		}
		return 0
	}
	switch {
	case kind == "random":
		return 1
	case kind == "greedy":
		return 20 * max(num("samples"), 1)
	case num("iters") > 0:
		w := 30 * num("iters")
		if strings.Contains(opts, "rollout=greedy") {
			w *= 4
		}
		if k := num("k"); k > 0 {
			w *= k
		}
		return w
	}
	return 100
}
