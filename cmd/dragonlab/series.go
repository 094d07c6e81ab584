package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/reports/studies"
	"dragonlab/sim"
)

// multiOptions are the flags and plumbing shared by the tournament, skill and sweep
// commands, which each play a series of runs with the shared runner.
type multiOptions struct {
	Seed     uint64
	Workers  int
	Out      string
	Quiet    bool
	progress bool
	command  string
	stdout   io.Writer
	stderr   io.Writer
	// ctx replaces the Ctrl-C context (tests); afterRun is called after each run (tests).
	ctx      context.Context
	afterRun func(i int)
}

func (o *multiOptions) addFlags(cmd *cobra.Command, defaultOut string) {
	f := cmd.Flags()
	f.Uint64Var(&o.Seed, "seed", 1, "run seed: every run uses it, so every run plays the same deals")
	f.IntVarP(&o.Workers, "workers", "w", 0, "parallel workers (default: all cores)")
	f.StringVarP(&o.Out, "out", "o", defaultOut, "output directory (results files, report.pdf, summary.md, summary.json, charts)")
	f.BoolVarP(&o.Quiet, "quiet", "q", false, "no progress bar")
}

// begin is the start of every series command: it keeps the command line for the
// provenance and shows a progress bar when stderr is a terminal and not --quiet.
func (o *multiOptions) begin(cmd *cobra.Command) {
	o.command = invocation(cmd)
	o.progress = !o.Quiet && stderrIsTerminal()
}

// check validates the shared flags.
func (o *multiOptions) check() error {
	if o.Workers < 0 {
		return badInput("--workers must be positive (or 0 for all cores), not %d", o.Workers)
	}
	if strings.TrimSpace(o.Out) == "" {
		return badInput("--out must name a directory")
	}
	if st, err := os.Stat(o.Out); err == nil && !st.IsDir() {
		return badInput("--out %s is a file, not a directory", o.Out)
	}
	return nil
}

// prepareOut creates the output directory (after every input has been validated) and
// checks that it can be written.
func (o *multiOptions) prepareOut() error {
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return badInput("cannot create the output directory: %v", err)
	}
	return checkWritable(filepath.Join(o.Out, "x"))
}

// multiRun is one run of a series.
type multiRun struct {
	file  string // results file name within the output directory
	label string // progress bar description
	cfg   sim.Config
}

func (r multiRun) games() int64 {
	if r.cfg.Seating == sim.SeatDuplicate {
		return r.cfg.Units * int64(r.cfg.Players)
	}
	return r.cfg.Units
}

// play plays the runs in order, writing each results file as soon as its run ends. On
// Ctrl-C the run in progress stops, its finished games are written (marked incomplete)
// and the remaining runs are skipped (nil results); complete is then false.
func (o *multiOptions) play(runs []multiRun) (results []*sim.Result, complete bool, err error) {
	ctx := o.ctx
	if ctx == nil {
		var stop context.CancelFunc
		ctx, stop = interruptible()
		defer stop()
	}
	var total int64
	for _, r := range runs {
		total += r.games()
	}
	results = make([]*sim.Result, len(runs))
	var bar *progressbar.ProgressBar
	if o.progress {
		bar = newBar(total, "", o.stderr)
		defer bar.Finish()
	}
	var offset int64
	for i, r := range runs {
		if ctx.Err() != nil {
			return results, false, nil
		}
		cfg := r.cfg
		per := r.games() / cfg.Units
		if bar != nil {
			bar.Describe(fmt.Sprintf("%d/%d %s", i+1, len(runs), r.label))
			base := offset
			cfg.Progress = func(done int64) { bar.Set64(base + done*per) }
		}
		res, err := sim.Run(ctx, cfg)
		if err != nil {
			return results, false, err
		}
		if err := res.WriteFile(filepath.Join(o.Out, r.file)); err != nil {
			return results, false, err
		}
		results[i] = res
		offset += r.games()
		if o.afterRun != nil {
			o.afterRun(i)
		}
		if !res.Complete {
			return results, false, nil
		}
	}
	return results, true, nil
}

// studyReport is the analysis of a series of runs, which writes its report (report.pdf,
// summary.md, summary.json and the charts) into a directory and names what it wrote.
type studyReport interface {
	Write(dir string) ([]string, error)
}

// playStudy is the part every series command shares once its runs are planned and
// validated: it creates --out, plays the runs into it (see play), hands their results (nil
// for runs not played) with the provenance to analyze, which prints its summary on stdout,
// and writes the report analyze returns. After an interruption the report of the finished
// runs is written and errInterrupted returned.
func (o *multiOptions) playStudy(runs []multiRun, g engine.Game, p engine.Params, players int,
	analyze func(meta studies.Meta, results []*sim.Result) (studyReport, error)) error {
	if err := o.prepareOut(); err != nil {
		return err
	}
	results, complete, err := o.play(runs)
	if err != nil {
		return err
	}
	report, err := analyze(o.meta(g, p, players, complete), results)
	if err != nil {
		return err
	}
	written, err := report.Write(o.Out)
	if err != nil {
		return err
	}
	played := 0
	for _, r := range results {
		if r != nil {
			played++
		}
	}
	return o.finish(written, played, complete)
}

// meta is the provenance shared by the study reports.
func (o *multiOptions) meta(g engine.Game, p engine.Params, players int, complete bool) studies.Meta {
	return studies.Meta{Tool: "dragonlab " + sim.Version, Command: o.command, Game: g.Name, Title: g.Title,
		Players: players, Params: engine.ParamsJSON(p), Seed: o.Seed, Complete: complete}
}

// finish prints where everything went and turns an interruption into its exit status.
func (o *multiOptions) finish(written []string, nResults int, complete bool) error {
	fmt.Fprintf(o.stdout, "wrote %d results files and the report (%s) to %s\n", nResults, strings.Join(written[:min(3, len(written))], ", "), o.Out)
	if !complete {
		return errInterrupted
	}
	return nil
}

// invocation rebuilds the command line from the flags the user set, for the provenance.
func invocation(cmd *cobra.Command) string {
	parts := []string{cmd.CommandPath()}
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			for _, v := range sv.GetSlice() {
				parts = append(parts, "--"+f.Name, shellQuote(v))
			}
			return
		}
		if f.Value.Type() == "bool" {
			parts = append(parts, "--"+f.Name)
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
	out := strings.TrimRight(b.String(), "-")
	if len(out) > 40 {
		out = out[:40]
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
	seen := map[string]bool{}
	for _, f := range fs {
		if seen[f.Spec] {
			return nil, badInput("agent %s is listed twice", f.Spec)
		}
		seen[f.Spec] = true
	}
	return fs, nil
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
