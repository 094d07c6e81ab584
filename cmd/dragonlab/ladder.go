package main

import (
	"github.com/spf13/cobra"

	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

func init() {
	registerExperiment(&expCommand{
		name:  "ladder",
		use:   "ladder --game G [--players N] --agents a,b,c… [--games M]",
		short: "Rate agents on one Elo scale per game and player count, with their cost per decision",
		long: `Rate the agents on one Elo scale for one game and player count: a round robin on
duplicate deals (as dragonlab tournament: every pair on the same deals, each deal in every
rotation of the seats), Bradley–Terry ratings with 95% intervals, and beside each rating
the agent's measured time per decision (and MCTS iterations per decision), so that levels
of play can be chosen by measured strength per CPU second rather than by name.

Writes into --out: the tournament's results files and report (report.pdf, report.html,
summary.md, summary.json, charts/) and ladder.json (ratings, intervals and cost per agent). Use
iteration budgets (mcts:iters=…), not time budgets, for ratings that reproduce.`,
		exs: `  dragonlab ladder --game dragonheart --agents random,greedy,mcts:iters=100,mcts:iters=1000 --games 400
  dragonlab ladder --game draco --players 3 --agents random,greedy,mcts --games 300 --out ladder-draco3`,
		flags: func(cmd *cobra.Command) func(experiment.Common) (*plan.Plan, error) {
			o, game := roundRobinFlags(cmd, 1200)
			return func(c experiment.Common) (*plan.Plan, error) {
				o.Common, o.Game = c, game.options()
				return o.LadderPlan()
			}
		},
	})
}
