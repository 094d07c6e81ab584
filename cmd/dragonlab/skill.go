package main

import (
	"github.com/spf13/cobra"

	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

func init() {
	registerExperiment(&expCommand{
		name:  "skill",
		use:   "skill [--budgets 10,100,1000 | --agents spec1,spec2…]",
		short: "Climb a ladder of agents: how many levels of skill, and does the seat advantage change with skill",
		long: `Play a ladder of agents, weakest first: by default IS-MCTS with the given budgets
(mcts:iters=B for each B of --budgets; --base sets the other MCTS options), or any list
of agent specs with --agents.

Each rung plays the rung below it on duplicate deals (with more than two players, alone
against copies of it): its head-to-head win share with a one-sided 90% lower bound; a
rung is a new level of skill when that bound is above 55%. Each rung also plays itself
(fixed seating) to measure the first-player advantage at that level of play, and a
chi-square test for trend says whether the advantage changes with skill.

Writes into --out: the results files (step-… and self-…), report.pdf, report.html,
summary.md, summary.json, the tables as CSV and the charts (charts/: seat-advantage,
ladder). Ctrl-C keeps finished runs.`,
		exs: `  dragonlab skill --game draco --players 2 --budgets 10,100,1000 --games 400
  dragonlab skill --game draco --agents random,greedy:samples=1,greedy,mcts:iters=100 --games 1000
  dragonlab skill --game draco --budgets 10,100,1000 --shard 2/4 --out sk   # one of 4 machines`,
		flags: func(cmd *cobra.Command) func(experiment.Common) (*plan.Plan, error) {
			o := &experiment.Skill{}
			game := &gameOptions{}
			game.addFlags(cmd)
			f := cmd.Flags()
			f.StringVar(&o.Budgets, "budgets", "10,100,1000", "MCTS iterations per decision of each rung, increasing, comma-separated")
			f.StringVar(&o.Base, "base", "mcts", "the agent the budgets apply to, with its other options (e.g. mcts:c=1 or oracle); iters is set per rung, time budgets (ms=) are refused")
			f.StringVarP(&o.Agents, "agents", "a", "", "instead of --budgets: the rungs as agent specs, weakest first")
			f.Int64VarP(&o.Games, "games", "n", 400, "games per ladder step (a multiple of the player count)")
			f.Int64Var(&o.SelfGames, "self-games", 0, "self-play games per rung for the seat advantage (default: --games)")
			return func(c experiment.Common) (*plan.Plan, error) {
				o.Common, o.Game = c, game.options()
				o.BudgetsSet, o.AgentsSet, o.SelfGamesSet = given(cmd, "budgets"), given(cmd, "agents"), given(cmd, "self-games")
				return o.Plan()
			}
		},
	})
}
