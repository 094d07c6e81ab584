package main

import (
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/spf13/cobra"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/engine/value"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
)

// fitSeed is the default seed of value-function fits: analysed runs must use others.
const fitSeed = 20260523

// valueFitOptions are fit's flags: the fit (experiment.ValueFit checks it) and its file.
type valueFitOptions struct {
	game gameOptions
	experiment.ValueFit
	Out      string
	Add      bool
	Baseline string
	stdout   io.Writer
	stderr   io.Writer
}

type valueShowOptions struct {
	Game   string
	File   string
	stdout io.Writer
}

func init() {
	commands = append(commands, func(stdout, stderr io.Writer) *cobra.Command {
		cmd := &cobra.Command{
			Use:   "luck-model",
			Short: "Fit or show a game's value function (the model behind luck accounting, --luck)",
			Long: `A value function estimates every seat's chance of winning from a position. Luck
accounting (run --luck) weighs each chance event with it: the value after the event
less the value expected over the event's possible outcomes.

Each game's value function is fitted once on self-play at the measuring level, on seeds
disjoint from every analysed run, frozen in engine/<game>/value.json and built into
dragonlab. Refitting is this deliberate command; nothing else changes the file.`,
			// A command with subcommands and no run of its own would print its help and
			// succeed on any word: an unknown one is bad input, like plan's.
			Args: cobra.ArbitraryArgs,
			RunE: func(_ *cobra.Command, args []string) error {
				if len(args) > 0 {
					return badInput("luck-model: unknown command %q (valid: fit, show)", args[0])
				}
				return badInput("luck-model: name the command (valid: fit, show); see dragonlab luck-model --help")
			},
		}
		fo := &valueFitOptions{stdout: stdout, stderr: stderr}
		fit := &cobra.Command{
			Use:   "fit",
			Short: "Fit a game's value function on self-play and write it (then rebuild dragonlab to embed it)",
			Example: `  dragonlab luck-model fit --game dragonheart --agents expert --games 2000 --out engine/dragonheart/value.json
  dragonlab luck-model fit --game draco --player-counts 2,3,4,5 --games 800 --workers 1 --out engine/draco/value.json
  dragonlab luck-model fit --game dragonscales --player-counts 3 --agents expert:iters=60 --add --out engine/dragonscales/value.json`,
			Args: cobra.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error { return fo.run() },
		}
		fo.game.addFlags(fit)
		f := fit.Flags()
		f.StringVar(&fo.PlayerCounts, "player-counts", "", "player counts to fit, comma-separated (default: every count of the game)")
		f.StringVarP(&fo.Agent, "agents", "a", "expert", "the measuring level: the agent spec in every seat")
		f.Int64VarP(&fo.Games, "games", "n", 1000, "self-play games per player count")
		f.Uint64Var(&fo.Seed, "seed", fitSeed, "fit seed: game i is seeded from (seed, i); runs analysed with the value function must use other seeds")
		f.IntVarP(&fo.Workers, "workers", "w", 0, "parallel workers (default: all cores); the fit is the same for any number")
		f.Float64Var(&fo.Ridge, "ridge", 1e-4, "ridge penalty per sample on the feature weights (the linear model)")
		f.StringVar(&fo.Forms, "forms", sim.DefaultForms, "learned forms tried beside the linear model, the one of lowest validation log-loss kept: glm, glm+pairs, mlp:H; \"linear\" for the linear model alone")
		f.Int64Var(&fo.HeldOut, "held-out", 400, "held-out games per player count, on which every candidate's fit is measured and recorded")
		f.Uint64Var(&fo.HeldOutSeed, "held-out-seed", fitSeed+1, "seed of the held-out games (not the fit's)")
		f.StringVar(&fo.Baseline, "baseline", "", "value-function file measured beside the new one on the held-out games (default: the game's built-in one; \"none\")")
		f.StringVarP(&fo.Out, "out", "o", "", "value-function file to write (required), e.g. engine/dragonheart/value.json")
		f.BoolVar(&fo.Add, "add", false, "add the fitted player counts to the models already in --out (same seed, rules and ridge), replacing those fitted again")
		so := &valueShowOptions{stdout: stdout}
		show := &cobra.Command{
			Use:     "show",
			Short:   "Show a game's value function: how it was fitted and how much of the outcome it explains",
			Example: "  dragonlab luck-model show --game redhot\n  dragonlab luck-model show --game redhot --file my-value.json",
			Args:    cobra.NoArgs,
			RunE:    func(*cobra.Command, []string) error { return so.run() },
		}
		show.Flags().StringVarP(&so.Game, "game", "g", "dragonheart", "game (list: dragonlab games)")
		show.Flags().StringVar(&so.File, "file", "", "a value-function file instead of the game's own")
		cmd.AddCommand(fit, show)
		return cmd
	})
}

func (o *valueFitOptions) run() error {
	if o.Out == "" {
		return badInput("--out FILE is required: where to write the value function (the game's own is engine/<game>/value.json)")
	}
	if err := checkWritable(o.Out); err != nil {
		return err
	}
	o.Game = o.game.options()
	fit, counts, err := o.Fit()
	if err != nil {
		return asBadInput(err)
	}
	g := fit.Game
	if o.Add {
		old, err := o.existing(fit)
		if err != nil {
			return err
		}
		fit.Keep(old, counts)
	}
	if len(fit.Forms) > 0 {
		b, warn, err := sim.BaselineValueFile(g, fit.Params, o.Baseline)
		if err != nil {
			return badInput("--baseline %s: %v", o.Baseline, err)
		}
		if warn != nil {
			fmt.Fprintf(o.stderr, "the built-in value function is not measured beside the new one: %v\n", warn)
		}
		fit.Baseline = b
	}
	ctx, stop := interruptible()
	defer stop()
	for _, n := range counts {
		cfg, err := fit.Config(n)
		if err != nil {
			return asBadInput(err)
		}
		if stderrIsTerminal() {
			bar := newBar(o.Games, fmt.Sprintf("fit %s %dp", g.Name, n), o.stderr)
			cfg.Progress = func(done int64) { bar.Set64(done) }
			defer bar.Finish()
		}
		m, err := fit.Add(ctx, cfg)
		if err != nil {
			return err
		}
		fmt.Fprintf(o.stdout, "%s %dp: %s positions×seats, R² %.3f\n", g.Name, n, strconv.FormatInt(m.Samples, 10), m.R2)
		m.WriteCompared(o.stdout)
	}
	data, err := fit.File.Marshal()
	if err != nil {
		return err
	}
	if err := sim.WriteFileAtomic(o.Out, data); err != nil {
		return err
	}
	fmt.Fprintf(o.stdout, "value function written to %s (rebuild dragonlab to embed it)\n", o.Out)
	return nil
}

// existing reads the file that --add adds to: the same game, features, seed, rules and
// ridge (a model fitted otherwise would not be one value function).
func (o *valueFitOptions) existing(fit *sim.FileFit) (*value.Loaded, error) {
	data, err := os.ReadFile(o.Out)
	if err != nil {
		return nil, badInput("--add: read %s: %v", o.Out, err)
	}
	l, err := value.ParseFor(fit.Game, fit.Params, data)
	if err != nil {
		return nil, badInput("--add: %s: %v", o.Out, err)
	}
	if !fit.Matches(l) {
		return nil, badInput("--add: %s was fitted with another seed, rules or ridge", o.Out)
	}
	return l, nil
}

func (o *valueShowOptions) run() error {
	g, err := engine.Lookup(o.Game)
	if err != nil {
		return asBadInput(err)
	}
	var data []byte
	if o.File != "" {
		if data, err = os.ReadFile(o.File); err != nil {
			return asBadInput(fmt.Errorf("read value function: %w", err))
		}
	}
	l, err := sim.LoadValue(g, nil, max(g.MinPlayers, min(2, g.MaxPlayers)), data)
	if err != nil {
		return asBadInput(err)
	}
	l.Describe(o.stdout, g.Name, agents.Short)
	return nil
}
