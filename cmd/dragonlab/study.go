package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"dragonlab/engine"
	"dragonlab/reports"
	"dragonlab/sim"
)

type studyOptions struct {
	Games   int64
	Quick   bool
	Out     string
	Seed    uint64
	Workers int
	Only    []string
	Quiet   bool
	stdout  io.Writer
	stderr  io.Writer
}

func init() {
	commands = append(commands, func(stdout, stderr io.Writer) *cobra.Command {
		o := &studyOptions{stdout: stdout, stderr: stderr}
		cmd := &cobra.Command{
			Use:   "study",
			Short: "The main job: a balance study of every game and player count, as one report",
			Long: `For every game and every supported player count, run random, greedy and MCTS
self-play, then write one combined report (report.pdf, PNG/SVG charts, summary.md,
summary.csv) whose first page ranks the findings, and every results file under
OUT/results/.

--games sets the random-play games per stage; greedy plays a tenth of that and MCTS
(mcts:iters=100) a hundredth (at least 40 games each). The default finishes in about five
minutes on two cores; --quick in well under a minute. Ctrl-C stops the study and writes the
report of the finished stages (the interrupted stage is marked incomplete).`,
			Example: `  dragonlab study                       # the default study, into ./study
  dragonlab study --quick --out /tmp/s   # a fast look
  dragonlab study --games 1000000 --only draco,redhot`,
			Args: cobra.NoArgs,
			RunE: func(*cobra.Command, []string) error { return o.run() },
		}
		f := cmd.Flags()
		f.Int64VarP(&o.Games, "games", "n", 0, "random-play games per stage (default 100000; 2000 with --quick)")
		f.BoolVar(&o.Quick, "quick", false, "small samples: a fast first look")
		f.StringVarP(&o.Out, "out", "o", "study", "output directory")
		f.Uint64Var(&o.Seed, "seed", 1, "run seed of every stage")
		f.IntVarP(&o.Workers, "workers", "w", 0, "parallel workers (default: all cores)")
		f.StringSliceVar(&o.Only, "only", nil, "study only these games (comma-separated)")
		f.BoolVarP(&o.Quiet, "quiet", "q", false, "no progress bars")
		return cmd
	})
}

// studyStage is one run of a study.
type studyStage struct {
	game    engine.Game
	players int
	agent   string
	games   int64
}

func (o *studyOptions) stages() ([]studyStage, error) {
	games := o.Games
	switch {
	case games < 0:
		return nil, badInput("--games must be positive, not %d", games)
	case games == 0 && o.Quick:
		games = 2000
	case games == 0:
		games = 100000
	}
	selected := engine.Games()
	if len(o.Only) > 0 {
		selected = nil
		for _, name := range o.Only {
			g, err := engine.Lookup(name)
			if err != nil {
				return nil, asBadInput(err)
			}
			selected = append(selected, g)
		}
	}
	var out []studyStage
	for _, g := range selected {
		for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
			out = append(out,
				studyStage{g, n, "random", games},
				studyStage{g, n, "greedy", max(games/10, 40)},
				studyStage{g, n, "mcts:iters=100", max(games/100, 40)},
			)
		}
	}
	return out, nil
}

func (o *studyOptions) run() error {
	stages, err := o.stages()
	if err != nil {
		return err
	}
	resultsDir := filepath.Join(o.Out, "results")
	if err := os.MkdirAll(resultsDir, 0o755); err != nil {
		return badInput("cannot create %s: %v", resultsDir, err)
	}
	if err := checkWritable(filepath.Join(resultsDir, "x")); err != nil {
		return err
	}
	ctx, stop := interruptible()
	defer stop()
	titles := map[string]string{}
	var results []*sim.Result
	var sources []string
	start := time.Now()
	for i, st := range stages {
		titles[st.game.Name] = st.game.Title
		res, err := o.runStage(ctx, i, len(stages), st)
		if err != nil {
			return err
		}
		name := fmt.Sprintf("%s-%dp-%s.json", st.game.Name, st.players, sanitize(st.agent))
		path := filepath.Join(resultsDir, name)
		if err := res.WriteFile(path); err != nil {
			return err
		}
		results = append(results, res)
		sources = append(sources, filepath.Join("results", name))
		if !res.Complete {
			break
		}
	}
	fmt.Fprintf(o.stderr, "writing the report of %d stages…\n", len(results))
	err = reports.Build(results, o.Out, reports.Options{Sources: sources, Titles: titles, Study: true, Title: "dragonlab balance study"})
	if errors.As(err, new(reports.InputError)) {
		return asBadInput(err)
	}
	if err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	fmt.Fprintf(o.stdout, "study of %d stages in %s: report in %s\n", len(results), time.Since(start).Round(time.Second), filepath.Join(o.Out, "report.pdf"))
	if ctx.Err() != nil {
		return errInterrupted
	}
	return nil
}

func (o *studyOptions) runStage(ctx context.Context, i, n int, st studyStage) (*sim.Result, error) {
	fs, err := parseAgents(repeatSpec(st.agent, st.players), st.players)
	if err != nil {
		return nil, err
	}
	cfg := sim.Config{Game: st.game, Params: st.game.DefaultParams(), Players: st.players, Agents: fs,
		Seed: o.Seed, Units: st.games, Workers: o.Workers}
	what := fmt.Sprintf("[%d/%d] %s %dp %s", i+1, n, st.game.Name, st.players, st.agent)
	if !o.Quiet && stderrIsTerminal() {
		bar := newBar(st.games, what, o.stderr)
		cfg.Progress = func(done int64) { bar.Set64(done) }
		defer bar.Finish()
	} else if !o.Quiet {
		fmt.Fprintln(o.stderr, what)
	}
	res, err := sim.Run(ctx, cfg)
	if errors.Is(err, context.Canceled) {
		return nil, errInterrupted
	}
	return res, err
}

func repeatSpec(spec string, n int) string {
	s := spec
	for i := 1; i < n; i++ {
		s += "," + spec
	}
	return s
}

// sanitize makes an agent spec usable in a file name.
func sanitize(spec string) string {
	b := []byte(spec)
	for i, c := range b {
		switch c {
		case ':', ',', '=', '/':
			b[i] = '_'
		}
	}
	return string(b)
}
