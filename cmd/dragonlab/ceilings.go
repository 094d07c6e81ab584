package main

import (
	"github.com/spf13/cobra"

	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

func init() {
	registerExperiment(&expCommand{
		name:  "ceilings",
		use:   "ceilings [--only draco,redhot] [--doublings 4] [--deals N]",
		short: "Trace the skill ceiling of every game and player count, as one plan",
		long: `Play the skill ceiling trace (dragonlab ceiling) of every game and every player count of
two or more, as one plan: in each cell the base agent (default: the expert) at doubled
budgets from its own budget for that game and count, each doubling alone against the one
below on duplicate deals, and each rung's self-play for the seat advantage. One plan, so
--shard, resume and merge work as for any experiment (plan it with dragonlab plan ceilings).

Writes each cell's ceiling report into OUT/<game>-<N>p/ and, in OUT, the summary: where
skill saturates in each cell and whether fairness changes with skill (the trend test of
seat 0's self-play share against log10(budget), p < 0.05). Solitaires are left out (a
doubling is judged head-to-head).`,
		exs: `  dragonlab ceilings --deals 100 --doublings 4 --out ceil
  dragonlab plan ceilings --deals 300 --doublings 5 --out ceil.plan.json
  dragonlab run-plan ceil.plan.json --shard auto/16 --out ceil`,
		flags: func(cmd *cobra.Command) func(experiment.Common) (*plan.Plan, error) {
			o := &experiment.Ceilings{}
			f := cmd.Flags()
			f.StringVar(&o.Base, "base", "expert", "the agent whose iterations are doubled, with its other options (iters is set per rung)")
			f.StringVar(&o.Only, "only", "", "only these games (comma-separated names; default: every game)")
			f.Int64Var(&o.Start, "start", 0, "iterations per decision of the first rung in every cell (default: the base's own for each game and player count)")
			f.IntVar(&o.Doublings, "doublings", 4, "rungs above the first in every cell, each with twice the iterations of the one below (2 to 12)")
			f.Int64Var(&o.Deals, "deals", 100, "duplicate deals per doubling step in every cell (a deal is one game per seat)")
			f.Int64Var(&o.SelfDeals, "self-deals", 0, "self-play deals per rung for the seat advantage (one game per seat each; default: --deals)")
			return func(c experiment.Common) (*plan.Plan, error) {
				o.Common = c
				if err := refuseZeroGiven(cmd, "start"); err != nil {
					return nil, err
				}
				if !given(cmd, "self-deals") {
					o.SelfDeals = o.Deals
				}
				return o.Plan()
			}
		},
	})
}
