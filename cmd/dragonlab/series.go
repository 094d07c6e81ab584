package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

// Every experiment command (study, tournament, skill, ladder, sweep, ablate, luck) is the
// same pipeline (sim/experiment): its flags → the experiment's options → a plan
// (sim/plan: a deterministic list of fully specified runs plus the options the analysis
// needs) → the plan played, whole or one shard of every run → the results → the
// experiment's analysis → its report. A command only parses its flags into the options;
// this file gives every experiment the same execution flags and terminal I/O:
//
//	dragonlab <command> [flags]                      the whole plan here, then the report
//	dragonlab <command> [flags] --shard i/n          one shard of every run: parts in OUT/parts
//	dragonlab <command> [flags] --from DIR           merge DIR's parts and write the report
//	dragonlab plan <command> [flags] --out plan.json the plan only
//	dragonlab run-plan plan.json [--shard i/n]       play a plan file
//	dragonlab merge DIR                              merge DIR's parts and write the report
//
// Adding an experiment is its options and plan in sim/experiment, its report side in
// reports/analysis (one registration line there), and here one file: an expCommand (help, flags → options) passed to registerExperiment in an init
// function.

// expCommand is one experiment command.
type expCommand struct {
	name                  string // the command and the plan kind (experiment.Lookup)
	use, short, long, exs string
	// flags registers the experiment's own flags on cmd (the framework adds --seed and
	// the execution flags) and returns the function that builds the plan from them and
	// the common options. Every error it returns is bad input; it must not write or play
	// anything.
	flags func(cmd *cobra.Command) func(c experiment.Common) (*plan.Plan, error)
}

var experiments = map[string]*expCommand{}

// registerExperiment adds an experiment command (and its `plan` subcommand).
func registerExperiment(e *expCommand) {
	experiments[e.name] = e
	commands = append(commands, func(stdout, stderr io.Writer) *cobra.Command {
		return e.command(stdout, stderr, false)
	})
}

// experimentNames are the experiment commands (those `dragonlab plan` takes), sorted.
func experimentNames() []string {
	var names []string
	for name := range experiments {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// given reports whether the user gave the flag (an explicit 0 is not "unset").
func given(cmd *cobra.Command, flag string) bool { return cmd.Flags().Changed(flag) }

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
	if err := sim.CheckWorkers(x.Workers); err != nil {
		return sim.Shard{}, badInput("--%s", err)
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
func (e *expCommand) command(stdout, stderr io.Writer, planOnly bool) *cobra.Command {
	var c experiment.Common
	x := &execOptions{}
	var build func(c experiment.Common) (*plan.Plan, error)
	cmd := &cobra.Command{
		Use:     e.use,
		Short:   e.short,
		Long:    e.long + execHelp,
		Example: e.exs,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := refuseEmpty(cmd, "from", "shard"); err != nil {
				return err
			}
			c.Command = canonicalCommand(cmd, e.name)
			p, err := build(c)
			if err != nil {
				return asBadInput(err)
			}
			if err := p.Resolve(); err != nil { // what a reader of the plan file checks
				return asBadInput(err)
			}
			if planOnly {
				return writePlanFile(stdout, p, x.Out)
			}
			if !given(cmd, "out") { // one command may build plans of two kinds (ceiling --all)
				x.Out = experiment.Lookup(p.Kind).DefaultOut
			}
			sh, err := x.check(cmd)
			if err != nil {
				return err
			}
			if x.From != "" {
				return asPlanError(experiment.ReportFrom(x.From, p, stdout, stderr))
			}
			return playPlan(p, x, sh, stdout, stderr)
		},
	}
	if planOnly {
		cmd.Short = "plan only: " + e.short
		cmd.Long = "Write the plan of this experiment (its runs, fully specified) without playing it; play it with\n" +
			"dragonlab run-plan, whole or as shards. The flags are those of `dragonlab " + e.name + "`.\n\n" + e.long
		cmd.Example = fmt.Sprintf("  dragonlab plan %s … --out %s.plan.json\n  dragonlab run-plan %s.plan.json --shard 0/4 --out %s",
			e.name, e.name, e.name, e.name)
	}
	build = e.flags(cmd)
	cmd.Flags().Uint64Var(&c.Seed, "seed", 1, "run seed: every run uses it, so every run plays the same deals")
	if planOnly {
		cmd.Flags().StringVarP(&x.Out, "out", "o", "plan.json", "the plan file to write")
	} else {
		x.addFlags(cmd, experiment.Lookup(e.name).DefaultOut)
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

func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\"'$`\\*?[]{}();&|<>") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
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

// playPlan plays the plan (or its shard) into --out, with Ctrl-C and the progress on the
// terminal, and for the whole plan writes the report.
func playPlan(p *plan.Plan, x *execOptions, sh sim.Shard, stdout, stderr io.Writer) error {
	ctx := planHooks.ctx
	if ctx == nil {
		var stop context.CancelFunc
		ctx, stop = interruptible()
		defer stop()
	}
	opts := plan.Options{Dir: x.Out, Shard: sh, Workers: x.Workers, CheckpointEvery: x.CkptEvry,
		AfterRun: planHooks.afterRun, OnCheckpoint: planHooks.onCheckpoint}
	if !x.Quiet {
		opts.Log = stderr
		finish := progressView(&opts, stderr)
		defer finish()
	}
	return asPlanError(experiment.Play(ctx, p, opts, stdout, stderr))
}

// asPlanError turns input errors (plan.InputError) into bad input and a cancelled context
// into an interruption.
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
