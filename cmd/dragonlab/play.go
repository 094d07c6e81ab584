package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"dragonlab/agents"
	"dragonlab/sim/play"
)

// hintAgentSpec is the agent behind the `hint` command of play: the strongest honest
// agent (it sees only the human's view, through Determinize; never the oracle). One place
// to change it.
var hintAgentSpec = "expert"

// stdin is what play reads the players' answers from (tests replace it).
var stdin io.Reader = os.Stdin

type playOptions struct {
	game    gameOptions
	Agents  string
	Seed    uint64
	Save    string
	NoSave  bool
	Resume  string
	Fast    bool
	Step    bool
	Hint    string
	Workers int
	stdout  io.Writer
	stderr  io.Writer
	stdin   io.Reader
}

func init() {
	commands = append(commands, func(stdout, stderr io.Writer) *cobra.Command {
		o := &playOptions{stdout: stdout, stderr: stderr}
		cmd := &cobra.Command{
			Use:   "play",
			Short: "Play a game in the terminal against the bots (or hot-seat with other people)",
			Long: `Play one game yourself: any seat given as "human" in --agents is played by a person at
this terminal, the others by the agents named. Several humans play hot-seat: before each
human's turn the screen asks the others to look away, and each human sees only his own
seat's view (his hand, his draws; the other seats' hidden cards and secret choices never).

At your turn one screen shows what happened since your last turn, the board in the game's
own terms (Dragonheart's spaces and how full they are, Draco's track ahead of the dragons,
Red Hot's lair, Dragon Scales' layout), one line per seat, and the legal actions,
numbered, each with what it will do as far as you can know it (the points it takes, the
square a dragon lands on, the chance an adventurer burns). The screen is laid out for the
terminal's size (80×24 at least; COLUMNS and LINES when the output is not a terminal).
Answer with a number or the action's full text; a part of a name ("h", "sh") plays
nothing: it is answered with the actions it fits. Commands:
  help      what you can type
  rules     the rules the current choice depends on, in full; rules DH-13 one rule;
            rules all lists them
  ? N       what choice N does, from the engine's rules for this position (any choice,
            however long the list)
  hint      what ` + hintAgentSpec + ` (honest: it sees only your view) would play, with its
            estimated chance of winning; at a secret choice, the mix it plays (each
            choice's probability) and the round's value
  log       what happened since your last turn, in full
  history   everything your seat has seen since the deal
  show      the board and the choices again
  reveal    show the whole game now (asks first); the save records it
  quit      stop (asks to confirm); the game so far is saved, nothing hidden is shown

At a terminal the bots' moves (and Dragon Scales' combats) are shown one at a time: Enter
goes on, f runs on to your turn; --fast runs them without stopping. Ctrl-C or Ctrl-D asks
before stopping (pressed again, it stops and saves).

At the end every hand is revealed, with each score's parts and the rule that decided the
result; a stop (quit, Ctrl-C or Ctrl-D twice, a hang-up, SIGTERM) shows nothing hidden, so
that the game resumes as it was. The game is saved as it goes, as a JSONL trace (the seed
and every action, with the narration): the file is created when the game starts under a
new name (an existing file is never taken, even by a game started at the same moment) and
every decision is appended and flushed to disk, so that after a crash or kill -9
` + "`dragonlab play --resume FILE`" + ` continues from the last decision (with the same bots,
playing exactly as they would have) and ` + "`dragonlab trace --replay FILE`" + ` prints and replays it
exactly. If the save fails the game is kept in the temporary directory and the command
exits with status 1. Colours and screen clearing are used only when the output is a
terminal (and NO_COLOR is not set); with a pipe the game plays as plain text.`,
			Example: `  dragonlab play --game dragonheart --agents human,mcts:iters=2000
  dragonlab play --game draco --players 3 --agents human,mcts:iters=2000,greedy --seed 7
  dragonlab play --game redhot --players 3 --agents human,human,mcts   # hot-seat
  dragonlab play --game dragonscales --players 1 --agents human
  dragonlab play --resume dragonlab-draco-seed7.jsonl
  dragonlab trace --replay dragonlab-draco-seed7.jsonl`,
			Args: cobra.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error { return o.run(cmd) },
		}
		o.game.addFlags(cmd)
		f := cmd.Flags()
		f.StringVarP(&o.Agents, "agents", "a", "", `one spec per seat, "human" for a person (default: human in seat 0, `+hintAgentSpec+` in the others)`)
		f.Uint64Var(&o.Seed, "seed", 0, "seed of the deal (default: from the clock; the saved game records it)")
		f.StringVar(&o.Save, "save", "", "where to save the game as a JSONL trace; must not exist (default: dragonlab-<game>-seed<seed>.jsonl, or -2, -3 … if taken)")
		f.BoolVar(&o.NoSave, "no-save", false, "do not save the game")
		f.StringVar(&o.Resume, "resume", "", "continue the unfinished game saved in this file (saved back to it unless --save is given)")
		f.BoolVar(&o.Fast, "fast", false, "run the bots' moves without stopping after each (at a terminal they stop for Enter)")
		f.BoolVar(&o.Step, "step", false, "stop after each bot move even when the input is not a terminal (for scripts)")
		f.StringVar(&o.Hint, "hint-agent", hintAgentSpec, "agent behind the hint command (honest agents only)")
		f.IntVar(&o.Workers, "workers", 0, "not used: play runs one game")
		f.MarkHidden("hint-agent")
		f.MarkHidden("workers")
		f.MarkHidden("step")
		return cmd
	})
}

func (o *playOptions) run(cmd *cobra.Command) error {
	if cmd.Flags().Changed("workers") {
		return badInput("play has no --workers: it plays one game, one decision at a time (use dragonlab run for many games)")
	}
	if o.Fast && o.Step {
		return badInput("--fast and --step contradict each other: give one")
	}
	hint, err := agents.Parse(o.Hint)
	if err != nil {
		return badInput("--hint-agent: %v", err)
	}
	if hint.Cheats {
		return badInput("--hint-agent %s cheats (it sees hidden cards): the hint must be an honest agent", hint.Spec)
	}
	in := o.stdin
	if in == nil {
		in = stdin
	}
	con := play.NewTerminal(in, o.stdout)
	cfg := play.Config{Hint: hint, Step: o.Step || !o.Fast && con.Terminal() && con.Interactive()}
	var ps *play.Session
	if cmd.Flags().Changed("resume") {
		if ps, err = o.resume(cmd, cfg, con); err != nil {
			return err
		}
	} else {
		if ps, err = o.start(cmd, cfg, con); err != nil {
			return err
		}
	}
	if in == io.Reader(os.Stdin) {
		// The real terminal: Ctrl-C asks first (a second press stops and saves);
		// SIGTERM and a hang-up stop and save at once.
		ch := make(chan os.Signal, 2)
		signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
		defer signal.Stop(ch)
		go func() {
			for sig := range ch {
				note := "interrupted"
				if sig == os.Interrupt {
					if !ps.Interrupt() {
						continue
					}
				} else if sig == syscall.SIGHUP {
					note = "hung up"
				}
				con.Print("\n")
				if err := ps.Finish(note); err != nil {
					fmt.Fprintln(o.stderr, "dragonlab:", err)
					os.Exit(exitFailure)
				}
				os.Exit(exitInterrupted)
			}
		}()
	}
	return ps.Play()
}

// start checks the flags of a new game and deals it.
func (o *playOptions) start(cmd *cobra.Command, cfg play.Config, con play.Console) (*play.Session, error) {
	g, p, players, err := o.game.resolve()
	if err != nil {
		return nil, err
	}
	list := o.Agents
	if !cmd.Flags().Changed("agents") {
		list = play.Human + strings.Repeat(","+hintAgentSpec, players-1)
	}
	specs, fs, err := play.ParseSeats(list, players)
	if err != nil {
		return nil, asBadInput(err)
	}
	seed := o.Seed
	if !cmd.Flags().Changed("seed") {
		seed = uint64(time.Now().UnixNano()/1000) % 1_000_000 // short enough to type again
	}
	save, err := o.savePath(cmd, fmt.Sprintf("dragonlab-%s-seed%d", g.Name, seed))
	if err != nil {
		return nil, err
	}
	cfg.Game, cfg.Params, cfg.Players, cfg.Seed, cfg.Specs, cfg.Factories = g, p, players, seed, specs, fs
	cfg.Save, cfg.SaveFile = play.SaveName(save), save
	cfg.Offer = len(o.game.Sets) == 0 && o.game.Rules == ""
	ps, err := play.New(cfg, con)
	if err != nil {
		play.DropSave(save)
		return nil, asBadInput(err)
	}
	return ps, nil
}

// resume reads a saved game and continues it.
func (o *playOptions) resume(cmd *cobra.Command, cfg play.Config, con play.Console) (*play.Session, error) {
	if err := refuseEmpty(cmd, "resume"); err != nil {
		return nil, err
	}
	for _, name := range []string{"game", "players", "set", "rules", "agents", "seed"} {
		if cmd.Flags().Changed(name) {
			return nil, badInput("--resume takes the game, rules, seats and seed from %s: drop --%s", o.Resume, name)
		}
	}
	sg, err := play.ReadSavedGame(o.Resume)
	if err != nil {
		return nil, asBadInput(err)
	}
	cfg.Save = o.Resume // the same game, continued: saved back where it was
	if cmd.Flags().Changed("save") || o.NoSave {
		if cfg.SaveFile, err = o.savePath(cmd, ""); err != nil {
			return nil, err
		}
		cfg.Save = play.SaveName(cfg.SaveFile)
	} else if err := play.CheckSavePath(cfg.Save); err != nil {
		return nil, asBadInput(err)
	}
	ps, err := play.Resume(sg, cfg, con)
	if err != nil {
		play.DropSave(cfg.SaveFile)
		return nil, badInput("--resume %s: %v", o.Resume, err)
	}
	return ps, nil
}

// savePath creates the save of the game, empty and exclusively (a save never overwrites,
// and two games started at the same moment never share a file): nil with --no-save;
// --save, which must not exist; else base.jsonl, or base-2.jsonl, base-3.jsonl … for the
// first name free.
func (o *playOptions) savePath(cmd *cobra.Command, base string) (*os.File, error) {
	if o.NoSave {
		if cmd.Flags().Changed("save") {
			return nil, badInput("--save and --no-save contradict each other: give one")
		}
		return nil, nil
	}
	exact := cmd.Flags().Changed("save")
	if exact {
		if o.Save == "" {
			return nil, badInput("--save needs a file name (or give --no-save)")
		}
		if err := play.CheckSavePath(o.Save); err != nil {
			return nil, asBadInput(err)
		}
		base = o.Save
	} else if err := play.CheckSavePath(base + ".jsonl"); err != nil {
		return nil, asBadInput(err)
	}
	f, err := play.CreateSave(base, exact)
	switch {
	case errors.Is(err, os.ErrExist):
		return nil, badInput("--save %s: the file exists (a save never overwrites a game): give another name, or continue it with --resume %s", o.Save, o.Save)
	case err != nil:
		return nil, badInput("cannot create the save: %v", err)
	}
	return f, nil
}
