package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"dragonlab/engine"
	"dragonlab/sim"
)

type traceOptions struct {
	game   gameOptions
	Agents string
	Seed   uint64
	Index  int64
	Format string
	stdout io.Writer
}

func init() {
	commands = append(commands, func(stdout, _ io.Writer) *cobra.Command {
		o := &traceOptions{stdout: stdout}
		cmd := &cobra.Command{
			Use:   "trace",
			Short: "Play one game and print every decision, chance event and the final scores",
			Long: `Play one game and print every decision in the rules' text form with the seat that
took it, the chance events (cards drawn, dice) and the scores at the end.

The game is game --index of a run with --seed, played exactly as ` + "`dragonlab run`" + ` plays it
with fixed seating, so any game of a run can be replayed and inspected.`,
			Example: `  dragonlab trace --game dragonheart --seed 1
  dragonlab trace --game redhot --players 4 --agents random,random,greedy,random --index 17
  dragonlab trace --game draco --players 3 --format jsonl | jq .`,
			Args: cobra.NoArgs,
			RunE: func(*cobra.Command, []string) error { return o.run() },
		}
		o.game.addFlags(cmd)
		f := cmd.Flags()
		f.StringVarP(&o.Agents, "agents", "a", "", "one agent spec per seat (default: random in every seat)")
		f.Uint64Var(&o.Seed, "seed", 1, "run seed")
		f.Int64Var(&o.Index, "index", 0, "which game of the run to play (0 is the first)")
		f.StringVar(&o.Format, "format", "text", "output format: text or jsonl")
		return cmd
	})
}

type traceLine struct {
	Step   int       `json:"step,omitempty"`
	Seat   *int      `json:"seat,omitempty"`
	Action string    `json:"action,omitempty"`
	Events []string  `json:"events,omitempty"`
	End    bool      `json:"end,omitempty"`
	Scores []float64 `json:"scores,omitempty"`
	Result []float64 `json:"result,omitempty"`
}

func (o *traceOptions) run() error {
	g, p, players, err := o.game.resolve()
	if err != nil {
		return err
	}
	fs, err := parseAgents(o.Agents, players)
	if err != nil {
		return err
	}
	if o.Format != "text" && o.Format != "jsonl" {
		return badInput("unknown --format %q (valid: text, jsonl)", o.Format)
	}
	if o.Index < 0 {
		return badInput("--index must be 0 or more, not %d", o.Index)
	}
	cfg := sim.Config{Game: g, Params: p, Players: players, Agents: fs, Seed: o.Seed, Units: 1}
	probe, err := g.New(p, players)
	if err != nil {
		return asBadInput(err)
	}
	enc := json.NewEncoder(o.stdout)
	if o.Format == "text" {
		names := make([]string, len(fs))
		for i, f := range fs {
			names[i] = fmt.Sprintf("seat %d: %s", i, f.Spec)
		}
		fmt.Fprintf(o.stdout, "%s, %d players, seed %d, game %d (game seed %d)\n%s\n", g.Name, players, o.Seed, o.Index, sim.GameSeed(o.Seed, o.Index), strings.Join(names, ", "))
	}
	if sn, ok := probe.(engine.SetupNarrator); ok {
		if events := sn.NarrateReset(sim.GameSeed(o.Seed, o.Index)); len(events) > 0 {
			if o.Format == "jsonl" {
				enc.Encode(traceLine{Events: events})
			} else {
				for _, e := range events {
					fmt.Fprintf(o.stdout, "        %s\n", e)
				}
			}
		}
	}
	step := 0
	final, err := sim.Trace(cfg, o.Index, func(st sim.Step) {
		step++
		var events []string
		if n, ok := st.After.(engine.Narrator); ok {
			events = n.Narrate(st.Before, st.Action)
		}
		text := st.Before.ActionText(st.Action)
		if o.Format == "jsonl" {
			seat := st.Seat
			enc.Encode(traceLine{Step: step, Seat: &seat, Action: text, Events: events})
			return
		}
		fmt.Fprintf(o.stdout, "%4d  seat %d: %s\n", step, st.Seat, text)
		for _, e := range events {
			fmt.Fprintf(o.stdout, "        %s\n", e)
		}
	})
	if err != nil {
		return asBadInput(err)
	}
	scores := make([]float64, players)
	result := make([]float64, players)
	for i := range scores {
		scores[i] = final.Score(i)
	}
	final.Result(result)
	if o.Format == "jsonl" {
		return enc.Encode(traceLine{End: true, Scores: scores, Result: result})
	}
	if d, ok := final.(engine.Describer); ok {
		fmt.Fprintln(o.stdout, d.Describe())
	}
	fmt.Fprintf(o.stdout, "end after %d decisions: scores %v, result %v\n", step, scores, result)
	return nil
}
