package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// Every experiment command (study, tournament, skill, ladder, sweep, ablate, luck) is the
// same pipeline: its flags → a plan (sim/plan: a deterministic list of fully specified
// runs plus the options the analysis needs) → the plan played here, whole or one shard
// of every run → the results → the experiment's analysis → its report. The experiment
// only supplies the first and the last step; this file does the rest, once:
//
//	dragonlab <command> [flags]                      the whole plan here, then the report
//	dragonlab <command> [flags] --shard i/n          one shard of every run: parts in OUT/parts
//	dragonlab <command> [flags] --from DIR           merge DIR's parts and write the report
//	dragonlab plan <command> [flags] --out plan.json the plan only
//	dragonlab run-plan plan.json [--shard i/n]       play a plan file
//	dragonlab merge DIR                              merge DIR's parts and write the report
//
// Adding an experiment is one file: an experiment value (help, flags → plan, analysis)
// passed to registerExperiment in an init function.

// experiment is one experiment command.
type experiment struct {
	name                  string // the command and the plan kind
	use, short, long, exs string
	defaultOut            string
	// flags registers the experiment's own flags on cmd (the framework adds --seed and
	// the execution flags) and returns the function that validates them into a plan.
	// Every error it returns is bad input; it must not write or play anything.
	flags func(cmd *cobra.Command, c *expCommon) func() (*plan.Plan, error)
	// analyze turns the results of a plan of this kind into its report: it prints the
	// summary on a.stdout and writes the report into a.dir, returning the files written.
	analyze func(a *analysis) ([]string, error)
}

// expCommon is what every experiment's plan shares: the seed and the command line.
type expCommon struct {
	Seed    uint64
	command string // canonical command line (the flags that define the experiment)
	cmd     *cobra.Command
}

// changed reports whether the user gave the flag (an explicit 0 is not "unset").
func (c *expCommon) changed(flag string) bool { return c.cmd.Flags().Changed(flag) }

// newPlan starts the plan of the experiment.
func (c *expCommon) newPlan(kind string) *plan.Plan { return plan.New(kind, c.command) }

var experiments = map[string]*experiment{}

// registerExperiment adds an experiment command (and its `plan` subcommand).
func registerExperiment(e *experiment) {
	experiments[e.name] = e
	commands = append(commands, func(stdout, stderr io.Writer) *cobra.Command {
		return e.command(stdout, stderr, false)
	})
}

// sortedExperiments lists the experiments by name.
func sortedExperiments() []*experiment {
	var out []*experiment
	for _, e := range experiments {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// execOptions are the flags that say where and how a plan is played; they are not part
// of the plan, so every machine of a sharded run builds the same plan.
type execOptions struct {
	Out      string
	Workers  int
	Quiet    bool
	Shard    string
	From     string
	CkptEvry time.Duration
}

// execFlags are the flags excluded from the plan's command line.
var execFlags = map[string]bool{"out": true, "workers": true, "quiet": true, "shard": true, "from": true, "checkpoint-every": true}

func (x *execOptions) addFlags(cmd *cobra.Command, defaultOut string) {
	f := cmd.Flags()
	f.StringVarP(&x.Out, "out", "o", defaultOut, "output directory (results files, report.pdf, report.html, summary.md, summary.json, charts/; parts/ for shards)")
	f.IntVarP(&x.Workers, "workers", "w", 0, "parallel workers (default: all cores)")
	f.BoolVarP(&x.Quiet, "quiet", "q", false, "no progress")
	f.DurationVar(&x.CkptEvry, "checkpoint-every", 30*time.Second, "least time between two checkpoints of a run (a killed run resumes from its last one)")
	f.StringVar(&x.Shard, "shard", "", "play only shard i/n of every run (0 ≤ i < n) into OUT/parts; auto/n reads i from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID")
}

// check validates the execution flags; it returns the shard (Count 0: whole).
func (x *execOptions) check(cmd *cobra.Command) (sim.Shard, error) {
	if x.Workers < 0 {
		return sim.Shard{}, badInput("--workers must be positive (or 0 for all cores), not %d", x.Workers)
	}
	if x.CkptEvry <= 0 {
		return sim.Shard{}, badInput("--checkpoint-every must be positive, not %s", x.CkptEvry)
	}
	if x.From != "" {
		if cmd.Flags().Changed("out") {
			return sim.Shard{}, badInput("give either --from DIR (report from the parts in DIR) or --out DIR, not both")
		}
		if x.Shard != "" {
			return sim.Shard{}, badInput("--from and --shard cannot be combined: --from reports the merged shards")
		}
		x.Out = x.From
	}
	if strings.TrimSpace(x.Out) == "" {
		return sim.Shard{}, badInput("--out must name a directory")
	}
	if st, err := os.Stat(x.Out); err == nil && !st.IsDir() {
		return sim.Shard{}, badInput("--out %s is a file, not a directory", x.Out)
	}
	if x.Shard == "" {
		return sim.Shard{}, nil
	}
	sh, err := sim.ParseShard(x.Shard, os.Getenv)
	if err != nil {
		return sim.Shard{}, asBadInput(err)
	}
	return sh, nil
}

// command builds the cobra command of an experiment: the command itself, or (planOnly) its
// subcommand of `dragonlab plan`, which writes the plan instead of playing it.
func (e *experiment) command(stdout, stderr io.Writer, planOnly bool) *cobra.Command {
	c := &expCommon{}
	x := &execOptions{}
	var build func() (*plan.Plan, error)
	cmd := &cobra.Command{
		Use:     e.use,
		Short:   e.short,
		Long:    e.long + execHelp,
		Example: e.exs,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			c.command = canonicalCommand(cmd, e.name)
			p, err := build()
			if err != nil {
				return err
			}
			if err := p.Resolve(); err != nil { // what a reader of the plan file checks
				return asBadInput(err)
			}
			if planOnly {
				return writePlanFile(stdout, p, x.Out)
			}
			sh, err := x.check(cmd)
			if err != nil {
				return err
			}
			r := &planRunner{exp: e, plan: p, x: x, shard: sh, stdout: stdout, stderr: stderr}
			if x.From != "" {
				return r.reportFrom(x.From)
			}
			return r.run()
		},
	}
	c.cmd = cmd
	if planOnly {
		cmd.Short = "plan only: " + e.short
		cmd.Long = "Write the plan of this experiment (its runs, fully specified) without playing it; play it with\n" +
			"dragonlab run-plan, whole or as shards. The flags are those of `dragonlab " + e.name + "`.\n\n" + e.long
		cmd.Example = fmt.Sprintf("  dragonlab plan %s … --out %s.plan.json\n  dragonlab run-plan %s.plan.json --shard 0/4 --out %s",
			e.name, e.name, e.name, e.name)
	}
	build = e.flags(cmd, c)
	cmd.Flags().Uint64Var(&c.Seed, "seed", 1, "run seed: every run uses it, so every run plays the same deals")
	if planOnly {
		cmd.Flags().StringVarP(&x.Out, "out", "o", "plan.json", "the plan file to write")
	} else {
		x.addFlags(cmd, e.defaultOut)
		cmd.Flags().StringVar(&x.From, "from", "", "do not play: merge the parts that shards wrote into DIR and write the report there (the same flags as the shards)")
	}
	return cmd
}

const execHelp = `

Large runs: --shard i/n plays slice i of n of every run into OUT/parts (each slice a
range of deal indices, so shards are balanced whatever each run costs); once every shard
is done, dragonlab merge OUT (or this command with --from OUT) merges every run exactly
and writes the same report as one machine. Every run checkpoints (--checkpoint-every):
running the same command into the same OUT again resumes a killed or preempted task and
reuses finished runs; OUT may not hold another plan. Ctrl-C keeps finished work.`

// canonicalCommand is the command line of an experiment from the flags that define it and
// differ from their defaults, in a fixed order: the same on every machine of a sharded
// run, in `dragonlab plan`, and whether or not a default was spelled out.
func canonicalCommand(cmd *cobra.Command, name string) string {
	parts := []string{"dragonlab", name}
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if execFlags[f.Name] || f.Value.String() == f.DefValue {
			return
		}
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			for _, v := range sv.GetSlice() {
				parts = append(parts, "--"+f.Name, shellQuote(v))
			}
			return
		}
		if f.Value.Type() == "bool" {
			if f.Value.String() == "true" {
				parts = append(parts, "--"+f.Name)
			} else {
				parts = append(parts, "--"+f.Name+"=false")
			}
			return
		}
		parts = append(parts, "--"+f.Name, shellQuote(f.Value.String()))
	})
	return strings.Join(parts, " ")
}

// writePlanFile writes the plan to file (atomically); nothing else.
func writePlanFile(stdout io.Writer, p *plan.Plan, file string) error {
	if strings.TrimSpace(file) == "" {
		return badInput("--out must name the plan file")
	}
	if st, err := os.Stat(file); err == nil && !st.Mode().IsRegular() {
		return badInput("--out %s is not a regular file", file)
	}
	if err := checkWritable(file); err != nil {
		return err
	}
	data, err := p.Marshal()
	if err != nil {
		return err
	}
	if err := sim.WriteFileAtomic(file, data); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "plan of a %s: %s, %s, written to %s\n", p.Kind, format.Plural(int64(len(p.Runs)), "run"), format.Plural(p.Games(), "game"), file)
	return nil
}

// planHooks are test hooks: a context replacing Ctrl-C, and the executor's callbacks.
var planHooks struct {
	ctx          context.Context
	afterRun     func(i int)
	onCheckpoint func(i int, done int64)
}

// planRunner plays a plan of an experiment and reports it.
type planRunner struct {
	exp            *experiment
	plan           *plan.Plan
	x              *execOptions
	shard          sim.Shard
	stdout, stderr io.Writer
}

// run plays the plan (or its shard) into --out and, for the whole plan, writes the report.
func (r *planRunner) run() error {
	dir := r.x.Out
	if err := plan.Check(dir, r.plan); err != nil {
		return asBadInput(err)
	}
	if err := prepareDir(dir); err != nil {
		return err
	}
	ctx := planHooks.ctx
	if ctx == nil {
		var stop context.CancelFunc
		ctx, stop = interruptible()
		defer stop()
	}
	opts := plan.Options{Dir: dir, Shard: r.shard, Workers: r.x.Workers, CheckpointEvery: r.x.CkptEvry,
		AfterRun: planHooks.afterRun, OnCheckpoint: planHooks.onCheckpoint}
	if !r.x.Quiet {
		opts.Log = r.stderr
		finish := progressView(&opts, r.stderr)
		defer finish()
	}
	out, err := plan.Execute(ctx, r.plan, opts)
	if err != nil {
		return asPlanError(err)
	}
	if r.shard.Count > 0 {
		fmt.Fprintf(r.stdout, "shard %s of a %s of %s: %d played, %d resumed, %d already done; parts in %s\n",
			r.shard, r.plan.Kind, format.Plural(int64(len(r.plan.Runs)), "run"), out.Played, out.Resumed, out.Reused, filepath.Join(dir, plan.PartsDir))
		if !out.Complete {
			return errInterrupted
		}
		fmt.Fprintf(r.stdout, "when every shard is done: dragonlab merge %s\n", dir)
		return nil
	}
	return r.report(out.Results, out.Complete, false, dir)
}

// reportFrom merges the parts in dir (which must hold this very plan) and reports.
func (r *planRunner) reportFrom(dir string) error {
	have, err := plan.ReadDir(dir)
	if err != nil {
		return asPlanError(err)
	}
	if !plan.Same(have, r.plan) {
		return badInput("%s holds another plan (a %s of %d runs: %s): give the flags of the sharded run", dir, have.Kind, len(have.Runs), have.Command)
	}
	return mergeAndReport(dir, false, r.stdout, r.stderr)
}

// mergeAndReport merges a plan directory and writes the experiment's report into it.
func mergeAndReport(dir string, partial bool, stdout, stderr io.Writer) error {
	p, m, err := plan.MergeDir(dir, partial)
	if err != nil {
		return asPlanError(err)
	}
	e := experiments[p.Kind]
	if e == nil {
		return badInput("%s holds a plan of a %q, which this dragonlab cannot report (known: %s)", dir, p.Kind, strings.Join(experimentNames(), ", "))
	}
	if m.Parts > 0 {
		fmt.Fprintf(stdout, "merged %s of %s in %s\n", format.Plural(int64(m.Parts), "part"), format.Plural(int64(len(p.Runs)), "run"), dir)
	}
	r := &planRunner{exp: e, plan: p, stdout: stdout, stderr: stderr}
	return r.report(m.Results, m.Complete, partial, dir)
}

func experimentNames() []string {
	var names []string
	for _, e := range sortedExperiments() {
		names = append(names, e.name)
	}
	return names
}

// report runs the experiment's analysis on the results and writes its report into dir.
// An incomplete report is an interruption (exit 130), unless it was asked for: a merge
// with --partial.
func (r *planRunner) report(results []*sim.Result, complete, partial bool, dir string) error {
	a := &analysis{plan: r.plan, results: results, complete: complete, dir: dir, stdout: r.stdout, stderr: r.stderr}
	written, err := r.exp.analyze(a)
	if err != nil {
		return err
	}
	n := 0
	for _, res := range results {
		if res != nil {
			n++
		}
	}
	fmt.Fprintf(r.stdout, "wrote %s and the report (%s) to %s\n", format.Plural(int64(n), "results file"), strings.Join(written[:min(3, len(written))], ", "), dir)
	if !complete && partial {
		fmt.Fprintln(r.stdout, "partial merge: the report covers only the parts that were there, marked incomplete")
		return nil
	}
	if !complete {
		return errInterrupted
	}
	return nil
}

// prepareDir creates the output directory (after every input was validated) and checks
// that it can be written.
func prepareDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return badInput("cannot create the output directory: %v", err)
	}
	return checkWritable(filepath.Join(dir, "x"))
}

// asPlanError turns the plan package's input errors into bad input.
func asPlanError(err error) error {
	var ie plan.InputError
	if errors.As(err, &ie) {
		return asBadInput(err)
	}
	if errors.Is(err, context.Canceled) {
		return errInterrupted
	}
	return err
}

// progressView shows the plan's progress on w: one bar (current run, estimated time left)
// on a terminal, else one line per run started.
func progressView(o *plan.Options, w io.Writer) (finish func()) {
	if !stderrIsTerminal() {
		last := -1
		o.Progress = func(p plan.Progress) {
			if p.Run != last {
				last = p.Run
				fmt.Fprintf(w, "[%d/%d] %s\n", p.Run+1, p.Runs, runText(p))
			}
		}
		return func() {}
	}
	const steps = 10000
	bar := progressbar.NewOptions64(steps,
		progressbar.OptionSetWriter(w),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionShowElapsedTimeOnFinish(),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionFullWidth(),
	)
	o.Progress = func(p plan.Progress) {
		bar.Describe(fmt.Sprintf("[%d/%d] %s %d/%d", p.Run+1, p.Runs, runText(p), p.RunDone, p.RunUnits))
		if p.Total > 0 {
			bar.Set64(int64(steps * p.Done / p.Total))
		}
	}
	return func() { bar.Finish() }
}

func runText(p plan.Progress) string {
	if p.Label != "" {
		return p.Label
	}
	return p.Name
}

// analysis is what an experiment's analysis gets: the plan, the results by run (nil for
// runs not played), whether everything was played, and where to write.
type analysis struct {
	plan           *plan.Plan
	results        []*sim.Result
	complete       bool
	dir            string
	stdout, stderr io.Writer
}

// result is the results of the run with the given name (nil if not played).
func (a *analysis) result(name string) *sim.Result {
	i := a.plan.Index(name)
	if i < 0 {
		return nil
	}
	return a.results[i]
}

// file is the results file of the run with the given name, relative to the report.
func (a *analysis) file(name string) string {
	return filepath.ToSlash(filepath.Join(a.plan.Results, name+".json"))
}

// options decodes the plan's options.
func (a *analysis) options(v any) error {
	if err := a.plan.DecodeOptions(v); err != nil {
		return badInput("%v", err)
	}
	return nil
}

// expMeta is the provenance an experiment keeps in its plan options.
type expMeta struct {
	Game    string          `json:"game"`
	Players int             `json:"players"`
	Params  json.RawMessage `json:"params"`
	Seed    uint64          `json:"seed"`
}

func newMeta(g engine.Game, p engine.Params, players int, seed uint64) expMeta {
	return expMeta{Game: g.Name, Players: players, Params: engine.ParamsJSON(p), Seed: seed}
}

// meta is the experiment provenance of the plan's results.
func (a *analysis) meta(m expMeta) doc.Meta {
	title := m.Game
	if g, err := engine.Lookup(m.Game); err == nil {
		title = g.Title
	}
	return doc.Meta{Tool: "dragonlab " + sim.Version, Command: a.plan.Command, Game: m.Game, Title: title,
		Players: m.Players, Params: m.Params, Seed: m.Seed, Complete: a.complete}
}

func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\"'$`\\*?[]{}();&|<>") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// fileSlug makes an agent spec or a parameter value safe in a file name.
func fileSlug(s string) string {
	var b strings.Builder
	dash := false
	for _, c := range s {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.'
		if ok {
			b.WriteRune(c)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.Trim(b.String(), "-.")
	if len(out) > 40 {
		out = strings.TrimRight(out[:40], "-.")
	}
	if out == "" {
		out = "x"
	}
	return out
}

// specs are the specs of the agents, in order.
func specs(fs []agents.Factory) []string {
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.Spec
	}
	return names
}

// parseAgentSet reads a list of distinct agent specs (at least two).
func parseAgentSet(list, what string) ([]agents.Factory, error) {
	if strings.TrimSpace(list) == "" {
		return nil, badInput("--agents is required: give at least two agent specs, comma-separated (see `dragonlab agents`)")
	}
	fs, err := agents.ParseList(list)
	if err != nil {
		return nil, asBadInput(err)
	}
	if len(fs) < 2 {
		return nil, badInput("%s needs at least two agents, got %d (%s)", what, len(fs), list)
	}
	return fs, distinct(fs)
}

// distinct refuses an agent listed twice (by canonical spec).
func distinct(fs []agents.Factory) error {
	seen := map[string]bool{}
	for _, f := range fs {
		if seen[f.Spec] {
			return badInput("agent %s is listed twice", f.Spec)
		}
		seen[f.Spec] = true
	}
	return nil
}

// dealsOf checks that games is a positive multiple of the player count and returns the
// number of duplicate deals.
func dealsOf(flag string, games int64, players int) (int64, error) {
	if games <= 0 {
		return 0, badInput("%s must be positive, not %d", flag, games)
	}
	if games%int64(players) != 0 {
		return 0, badInput("%s %d: each deal is played in all %d rotations, so it must be a multiple of %d", flag, games, players, players)
	}
	return games / int64(players), nil
}

// repeat is n copies of f (one per seat).
func repeat(f agents.Factory, n int) []agents.Factory {
	out := make([]agents.Factory, n)
	for i := range out {
		out[i] = f
	}
	return out
}

// aloneAgainst is agent a in seat 0 and copies of b in the other seats.
func aloneAgainst(a, b agents.Factory, players int) []agents.Factory {
	return append([]agents.Factory{a}, repeat(b, players-1)...)
}
