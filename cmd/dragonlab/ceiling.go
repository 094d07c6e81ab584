package main

import (
	"github.com/spf13/cobra"

	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

func init() {
	registerExperiment(&expCommand{
		name:  "ceiling",
		use:   "ceiling [--game G --players N --games N | --all [--only draco,redhot] --deals N] [--doublings 5]",
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
Writes into --out what dragonlab skill writes.

--all traces every game (or the --only games) at every player count of two or more, as
one plan: sized in --deals (a deal is one game per seat) instead of --games, with 4
doublings unless --doublings says otherwise, into OUT (default ceilings) with each cell's
report in OUT/<game>-<N>p/. Its summary says where skill saturates in each cell and
whether fairness changes with skill (the trend test of seat 0's self-play share against
log10(budget), p < 0.05). Solitaires are left out (a doubling is judged head-to-head).
Ctrl-C keeps finished runs.`,
		exs: `  dragonlab ceiling --game redhot --players 2 --games 600
  dragonlab ceiling --game draco --players 3 --start 100 --doublings 6 --games 300
  dragonlab ceiling --all --only draco,redhot --deals 100 --out ceil
  dragonlab plan ceiling --all --deals 300 --doublings 5 --out ceil.plan.json
  dragonlab run-plan ceil.plan.json --shard auto/16 --out ceil   # one of 16 machines`,
		flags: func(cmd *cobra.Command) func(experiment.Common) (*plan.Plan, error) {
			o := &experiment.Ceiling{}
			all := &experiment.Ceilings{}
			game := &gameOptions{}
			game.addFlags(cmd)
			f := cmd.Flags()
			f.StringVar(&o.Base, "base", "expert", "the agent whose iterations are doubled, with its other options (iters is set per rung)")
			f.Int64Var(&o.Start, "start", 0, "iterations per decision of the first rung (default: the base's own for the game and player count)")
			f.IntVar(&o.Doublings, "doublings", 5, "rungs above the first, each with twice the iterations of the one below (2 to 12; default 4 with --all)")
			f.Int64VarP(&o.Games, "games", "n", 400, "games per doubling step (a multiple of the player count)")
			f.Int64Var(&o.SelfGames, "self-games", 0, "self-play games per rung for the seat advantage (default: --games)")
			allFlag := f.Bool("all", false, "trace every game and player count of two or more, as one plan")
			f.StringVar(&all.Only, "only", "", "with --all: only these games (comma-separated names; default: every game)")
			f.Int64Var(&all.Deals, "deals", 100, "with --all: duplicate deals per doubling step in every cell")
			f.Int64Var(&all.SelfDeals, "self-deals", 0, "with --all: self-play deals per rung for the seat advantage (default: --deals)")
			return func(c experiment.Common) (*plan.Plan, error) {
				if err := refuseZeroGiven(cmd, "start"); err != nil {
					return nil, err
				}
				if !*allFlag {
					if err := refuseGiven(cmd, "needs --all (every game and player count)", "only", "deals", "self-deals"); err != nil {
						return nil, err
					}
					o.Common, o.Game = c, game.options()
					o.SelfGamesSet = given(cmd, "self-games")
					return o.Plan()
				}
				if err := refuseGiven(cmd, "does not go with --all (choose games with --only, size cells with --deals)", "game", "players", "set", "rules", "games", "self-games"); err != nil {
					return nil, err
				}
				all.Common, all.Base, all.Start, all.Doublings = c, o.Base, o.Start, o.Doublings
				if !given(cmd, "doublings") {
					all.Doublings = 4
				}
				if !given(cmd, "self-deals") {
					all.SelfDeals = all.Deals
				}
				return all.Plan()
			}
		},
	})
}
