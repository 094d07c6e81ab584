package main

import (
	"github.com/spf13/cobra"

	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

// A single run is an experiment too (experiment.SingleRun): `dragonlab plan run [the
// flags of run]` writes a plan of one run for run-plan, merge DIR and a cluster. It has no
// top-level command: `dragonlab run` stays the direct way, with its own --shard,
// --checkpoint and --until.
func init() {
	experiments["run"] = &expCommand{
		name:  "run",
		use:   "run [--game G] [--players N] [--agents a,b,…] [--games N] [--seating S]",
		short: "one run (the flags of dragonlab run) as a plan: a single big run for run-plan and a cluster",
		long: `A plan of a single run, with the flags of dragonlab run that define its games (game,
players, rules, agents, games, seating, seed). Played with dragonlab run-plan (whole or as
shards) and merged with dragonlab merge DIR, it writes DIR/results.json — the results file
dragonlab run writes, identical outside its "run" key — and the report of it (report.pdf,
charts, summary.md/csv), as dragonlab report does. --until needs the whole run: use
dragonlab run for it.`,
		flags: func(cmd *cobra.Command) func(experiment.Common) (*plan.Plan, error) {
			o := &experiment.SingleRun{}
			game := &gameOptions{}
			game.addFlags(cmd)
			f := cmd.Flags()
			f.StringVarP(&o.Agents, "agents", "a", "", "one agent spec per seat, comma-separated (default: random in every seat; list: dragonlab agents)")
			f.Int64VarP(&o.Games, "games", "n", 100000, "number of games (for --seating duplicate: a multiple of the player count)")
			f.StringVar(&o.Seating, "seating", sim.SeatFixed, "seat plan: fixed, rotate or duplicate (see dragonlab run --help)")
			return func(c experiment.Common) (*plan.Plan, error) {
				o.Common, o.Game = c, game.options()
				return o.Plan()
			}
		},
	}
}
