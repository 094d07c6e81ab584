package main

import (
	"github.com/spf13/cobra"

	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

func init() {
	registerExperiment(&expCommand{
		name:  "ceiling",
		use:   "ceiling [--base expert] [--doublings 5] [--games N]",
		short: "Trace the skill ceiling: the expert at doubled budgets, until doubling stops paying",
		long: `Play the skill ceiling trace of a game and player count: the base agent (default: the
expert) at doubled budgets, 1×, 2×, 4×, … of its own iterations per decision for the game
(--start sets 1× instead), each doubling alone against the budget below it on duplicate
deals (with more than two players, against copies of it), and each playing itself for the
seat advantage at that level.

A doubling is significantly stronger when the sign test over the duplicate deals says so
(two-sided, 5%, in its favour). Skill saturates at the first budget above which two
consecutive doublings are not significantly stronger: the report says where (or that the
trace did not reach it within --doublings), and how the first-player advantage moves along
the way. It is the skill ladder's analysis (dragonlab skill) with the ceiling on top.

Writes into --out what dragonlab skill writes. Ctrl-C keeps finished runs.`,
		exs: `  dragonlab ceiling --game redhot --players 2 --games 600
  dragonlab ceiling --game draco --players 3 --start 100 --doublings 6 --games 300
  dragonlab ceiling --game dragonheart --shard auto/8 --out ceil   # one of 8 machines`,
		flags: func(cmd *cobra.Command) func(experiment.Common) (*plan.Plan, error) {
			o := &experiment.Ceiling{}
			game := &gameOptions{}
			game.addFlags(cmd)
			f := cmd.Flags()
			f.StringVar(&o.Base, "base", "expert", "the agent whose iterations are doubled, with its other options (iters is set per rung)")
			f.Int64Var(&o.Start, "start", 0, "iterations per decision of the first rung (default: the base's own for the game and player count)")
			f.IntVar(&o.Doublings, "doublings", 5, "rungs above the first, each with twice the iterations of the one below (2 to 12)")
			f.Int64VarP(&o.Games, "games", "n", 400, "games per doubling step (a multiple of the player count)")
			f.Int64Var(&o.SelfGames, "self-games", 0, "self-play games per rung for the seat advantage (default: --games)")
			return func(c experiment.Common) (*plan.Plan, error) {
				o.Common, o.Game = c, game.options()
				o.SelfGamesSet = given(cmd, "self-games")
				if err := refuseZeroGiven(cmd, "start"); err != nil {
					return nil, err
				}
				return o.Plan()
			}
		},
	})
}
