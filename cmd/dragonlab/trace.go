package main

import (
	"io"

	"github.com/spf13/cobra"

	"dragonlab/engine"
	"dragonlab/sim"
	"dragonlab/sim/play"
)

type traceOptions struct {
	game   gameOptions
	Agents string
	Seed   uint64
	Index  int64
	Format string
	View   int
	Replay string
	stdout io.Writer
}

func init() {
	commands = append(commands, func(stdout, _ io.Writer) *cobra.Command {
		o := &traceOptions{stdout: stdout}
		cmd := &cobra.Command{
			Use:   "trace",
			Short: "Play one game (or replay a saved one) and print the deal, every decision, every chance event and the scores",
			Long: `Play one game and print the deal (every hand, riders, piles), every decision in the
rules' text form with the seat that took it, every chance event (each card drawn, named;
dice; reshuffles) and the scores at the end: everything, so that a game can be checked by
hand against the rules.

The game is game --index of a run with --seed, played exactly as ` + "`dragonlab run`" + ` plays it
with fixed seating, so any game of a run can be replayed and inspected.

--view SEAT prints only what that seat sees: its own hand and draws, the other seats'
draws as counts, never their hidden cards or their secret choices before the reveal.

--replay FILE prints a saved game (the JSONL trace that ` + "`dragonlab play`" + ` writes, or one
written by trace --format jsonl) by replaying its seed and recorded actions exactly; a file
whose actions are not legal at their step is refused. The JSONL format carries what the
text shows: a header line (game, players, params, agents, seed, index, game seed, view,
the deal), one line per decision (seat, action, events) and an end line (scores, result,
the final state).`,
			Example: `  dragonlab trace --game dragonheart --seed 1
  dragonlab trace --game redhot --players 4 --agents random,random,greedy,random --index 17
  dragonlab trace --game draco --players 3 --view 1
  dragonlab trace --game draco --players 3 --format jsonl | jq .
  dragonlab trace --replay game.jsonl [--view 0]`,
			Args: cobra.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error { return o.run(cmd) },
		}
		o.game.addFlags(cmd)
		f := cmd.Flags()
		f.StringVarP(&o.Agents, "agents", "a", "", "one agent spec per seat (default: random in every seat)")
		f.Uint64Var(&o.Seed, "seed", 1, "run seed")
		f.Int64Var(&o.Index, "index", 0, "which game of the run to play (0 is the first)")
		f.StringVar(&o.Format, "format", "text", "output format: text or jsonl")
		f.IntVar(&o.View, "view", engine.Omniscient, "print only what this seat (0, 1 …) sees (default: everything)")
		f.StringVar(&o.Replay, "replay", "", "print the saved game in this JSONL trace (written by play or trace --format jsonl)")
		return cmd
	})
}

func (o *traceOptions) run(cmd *cobra.Command) error {
	if o.Format != "text" && o.Format != "jsonl" {
		return badInput("unknown --format %q (valid: text, jsonl)", o.Format)
	}
	if err := refuseEmpty(cmd, "replay"); err != nil {
		return err
	}
	if o.Replay != "" {
		for _, name := range []string{"game", "players", "set", "rules", "agents", "seed", "index"} {
			if cmd.Flags().Changed(name) {
				return badInput("--replay takes the game, rules, agents and seed from %s: drop --%s", o.Replay, name)
			}
		}
		return o.replay(cmd)
	}
	g, p, players, err := o.game.resolve()
	if err != nil {
		return err
	}
	fs, err := parseAgents(o.Agents, players)
	if err != nil {
		return err
	}
	if o.Index < 0 {
		return badInput("--index must be 0 or more, not %d", o.Index)
	}
	if err := checkView(cmd, o.View, players); err != nil {
		return err
	}
	cfg := sim.Config{Game: g, Params: p, Players: players, Agents: fs, Seed: o.Seed, Units: 1}
	if err := sim.CheckConfig(cfg); err != nil {
		return asBadInput(err)
	}
	probe, err := g.New(p, players)
	if err != nil {
		return asBadInput(err)
	}
	seed := sim.GameSeed(o.Seed, o.Index)
	tw := play.NewTraceWriter(o.stdout, o.Format == "jsonl")
	tw.Header(play.TraceHeader{Game: g.Name, Players: players, Params: engine.ParamsJSON(p), Agents: specs(fs),
		Seed: o.Seed, Index: o.Index, GameSeed: seed, View: play.ViewName(o.View), Deal: play.NarrateDeal(probe, seed, o.View)}, g, p)
	step := 0
	final, err := sim.Trace(cfg, o.Index, func(st sim.Step) {
		step++
		action, events := play.NarrateStep(st.Before, st.After, st.Action, o.View)
		tw.Step(play.TraceStep{Step: step, Seat: st.Seat, Action: action, Events: events})
	})
	if err != nil {
		return asBadInput(err)
	}
	tw.End(play.EndOf(final, step, o.View))
	return tw.Err()
}

// checkView validates --view: a seat of the game, or not given (everything).
func checkView(cmd *cobra.Command, view, players int) error {
	if !cmd.Flags().Changed("view") {
		return nil
	}
	if view < 0 || view >= players {
		return badInput("--view %d: want a seat from 0 to %d (leave it out to see everything)", view, players-1)
	}
	return nil
}

// replay prints the saved game of o.Replay for o.View in o.Format.
func (o *traceOptions) replay(cmd *cobra.Command) error {
	sg, err := play.ReadSavedGame(o.Replay)
	if err != nil {
		return asBadInput(err)
	}
	if err := checkView(cmd, o.View, sg.Header.Players); err != nil {
		return err
	}
	return play.WriteReplay(o.stdout, sg, o.View, o.Format == "jsonl")
}
