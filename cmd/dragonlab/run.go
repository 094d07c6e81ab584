package main

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"dragonlab/reports/analysis"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
)

// runOptions are run's flags: the run itself (experiment.Direct, which validates it into
// the runner's configuration) and how it is shown.
type runOptions struct {
	game gameOptions
	experiment.Direct
	Quiet    bool
	progress bool // show a bar (stderr is a terminal and not --quiet)
	stdout   io.Writer
	stderr   io.Writer
}

func init() {
	commands = append(commands, func(stdout, stderr io.Writer) *cobra.Command {
		o := &runOptions{stdout: stdout, stderr: stderr}
		cmd := &cobra.Command{
			Use:   "run",
			Short: "Play many games between agents and summarise who wins",
			Long: `Play --games games of one game between the given agents on all cores, print a
summary table (win share per seat with its 95% Wilson interval, draws, mean score, mean
decisions per game, games/s) and write the results file (JSON, see the README).

Game i is seeded from (--seed, i), so the same command gives byte-identical results
(outside the "run" key) whatever --workers is. Ctrl-C, SIGTERM or SIGHUP stops the run
(within a second, also inside a long search): the games finished so far are written,
marked incomplete, and with --checkpoint a final checkpoint holds every one of them, so
--resume replays nothing. A closed stdout or stderr only stops the printing.`,
			Example: `  dragonlab run --game dragonheart --players 2 --agents random,random --games 1000000 --seed 1
  dragonlab run --game draco --players 4 --seating rotate --out draco4.json
  dragonlab run --game dragonheart --set dragonBonus=5 --games 100000`,
			Args: cobra.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error {
				if err := refuseEmpty(cmd, "agents", "shard", "checkpoint", "resume", "until"); err != nil {
					return err
				}
				o.progress = !o.Quiet && stderrIsTerminal()
				return o.run()
			},
		}
		o.game.addFlags(cmd)
		f := cmd.Flags()
		f.StringVarP(&o.Agents, "agents", "a", "", "one agent spec per seat, comma-separated (default: random in every seat; list: dragonlab agents)")
		f.Int64VarP(&o.Games, "games", "n", 100000, "number of games (for --seating duplicate: a multiple of the player count)")
		f.Uint64Var(&o.Seed, "seed", 1, "run seed: game i is seeded from (seed, i)")
		f.IntVarP(&o.Workers, "workers", "w", 0, "parallel workers (default: all cores)")
		f.StringVar(&o.Seating, "seating", sim.SeatFixed, "seat plan: fixed (agent j in seat j), rotate (agents rotate through the seats), duplicate (each deal in every rotation), replay (each deal --replays times, agents fixed)")
		f.StringVarP(&o.Out, "out", "o", "results.json", "results file to write (\"\" for none)")
		f.BoolVarP(&o.Quiet, "quiet", "q", false, "no progress bar")
		f.StringVar(&o.Shard, "shard", "", "play only shard i/n of the games (0 ≤ i < n); auto/n reads i from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID")
		f.StringVar(&o.Checkpoint, "checkpoint", "", "save progress to this file (atomically) every --checkpoint-every")
		f.DurationVar(&o.CheckpointEvery, "checkpoint-every", 30*time.Second, "interval between checkpoints")
		f.StringVar(&o.Resume, "resume", "", "continue the run saved in this checkpoint file (same command otherwise); keeps checkpointing to it")
		f.BoolVar(&o.ResumeIfExists, "resume-if-exists", false, "with --checkpoint: continue from the checkpoint file if it exists (for restarted cluster jobs)")
		f.BoolVar(&o.ForceResume, "force-resume", false, "resume from a checkpoint written by another dragonlab version (its games and the new ones are then mixed)")
		f.StringVar(&o.Until, "until", "", "stop when every seat's 95% interval is narrower than ±H: halfwidth=H[,alpha=A] (anytime-valid confidence sequence)")
		f.Int64Var(&o.MaxGames, "max-games", 10_000_000, "with --until: the most games to play")
		f.BoolVar(&o.Components, "components", false, "record per-component statistics (dealt, drawn, played … and win share) into the results")
		f.BoolVar(&o.Metrics, "metrics", false, "record game-feel metrics (branching, lead changes, decisiveness, comebacks, margins) into the results")
		f.IntVar(&o.Replays, "replays", 0, "with --seating replay: plays of each deal, K ≥ 2 (--games must be a multiple of K)")
		f.BoolVar(&o.Luck, "luck", false, "luck accounting: split every game's outcome into the luck of its chance events and the decisions, with the game's value function (see dragonlab value)")
		f.StringVar(&o.Value, "value", "", "with --luck: a value-function file instead of the game's own")
		return cmd
	})
}

// config validates the options into a runner configuration; every error is bad input.
func (o *runOptions) config() (sim.Config, error) {
	o.Game, o.Given = o.game.options(), o.game.given
	cfg, err := o.Direct.Config()
	return cfg, asBadInput(err)
}

func (o *runOptions) run() error {
	// Every output path is checked before anything else, and again once --resume may
	// have named the checkpoint: nothing is played that could not be written.
	for _, path := range []string{o.Out, o.Checkpoint, o.Resume} {
		if err := checkWritable(path); err != nil {
			return err
		}
	}
	cfg, err := o.config()
	if err != nil {
		return err
	}
	if err := checkWritable(o.Checkpoint); err != nil {
		return err
	}
	if ck := cfg.Resume; ck != nil {
		fmt.Fprintf(o.stderr, "resuming from %s: %s of %s already played (checkpoint of %s)\n", ck.From,
			format.Plural(ck.Aggregate.Games, "game"), format.Count(cfg.Units*int64(o.GamesPerUnit(cfg.Players))), ck.Tool)
	}
	ctx, stop := interruptible()
	defer stop()
	if o.progress {
		bar := newBar(cfg.Units, fmt.Sprintf("%s %dp", cfg.Game.Name, cfg.Players), o.stderr)
		cfg.Progress = func(done int64) { bar.Set64(done) }
		defer bar.Finish()
	}
	res, err := sim.Run(ctx, cfg)
	if err != nil {
		return err
	}
	if cfg.Shard.Count > 0 {
		fmt.Fprintf(o.stdout, "shard %s: games %s..%s of %s\n", cfg.Shard, format.Count(cfg.First), format.Count(cfg.First+cfg.Units-1), format.Count(cfg.TotalUnits))
	}
	analysis.PrintRun(o.stdout, res)
	printLuck(o.stdout, res)
	if res.StoppedAt > 0 {
		fmt.Fprintf(o.stdout, "stopped by --until %s after %s: every seat's interval is within the target\n", o.Until, format.Plural(res.Games, "game"))
	}
	if o.Out != "" {
		if err := res.WriteFile(o.Out); err != nil {
			return err
		}
		fmt.Fprintf(o.stdout, "results written to %s\n", o.Out)
	}
	if !res.Complete {
		if o.Checkpoint != "" {
			fmt.Fprintf(o.stdout, "checkpoint %s holds every finished game: continue with the same command and --resume %s\n", o.Checkpoint, o.Checkpoint)
		}
		return errInterrupted
	}
	return nil
}

func newBar(total int64, what string, w io.Writer) *progressbar.ProgressBar {
	return progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("games"),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionClearOnFinish(),
	)
}

// newTable starts a terminal table of the commands' summaries: tab-separated cells, each
// ending in a tab, right-aligned in columns two spaces apart (Flush prints it).
func newTable(w io.Writer) *tabwriter.Writer {
	return tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
}
