package main

import (
	"github.com/spf13/cobra"

	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

// roundRobinFlags adds the flags of a round robin between agents (tournament, ladder).
func roundRobinFlags(cmd *cobra.Command, defaultGames int64) (*experiment.RoundRobin, *gameOptions) {
	o, game := &experiment.RoundRobin{}, &gameOptions{}
	game.addFlags(cmd)
	f := cmd.Flags()
	f.StringVarP(&o.Agents, "agents", "a", "", "the agents, comma-separated specs (at least two; list: dragonlab agents)")
	f.Int64VarP(&o.Games, "games", "n", defaultGames, "games per pairing (a multiple of the player count: each deal is played in every rotation)")
	return o, game
}

func init() {
	registerExperiment(&expCommand{
		name:  "tournament",
		use:   "tournament --agents a,b,c… [--games M] [--out DIR]",
		short: "Play every pair of agents on duplicate deals and rate them (Bradley–Terry / Elo)",
		long: `Play a round-robin between the agents: every pair meets on the same deals, each deal
played in every rotation of the seats (duplicate games), so the luck of the deal cancels.
With two players each pairing plays both seat orders; with more, each agent sits alone
against copies of each other agent and is rotated through every seat.

Writes into --out: one results file per pairing (the standard results format),
report.pdf, report.html, summary.md, summary.json, the tables as CSV and the charts
(charts/: matrix and ratings, PNG and SVG).
Reports the pairwise win-share matrix with 95% intervals, a sign test on the duplicate
deals of each pairing (Holm-adjusted), Bradley–Terry ratings on the Elo scale with 95%
intervals, and the ranking. Ctrl-C stops: finished pairings are kept and reported.`,
		exs: `  dragonlab tournament --game draco --players 2 --agents random,greedy,mcts:iters=200 --games 2000
  dragonlab tournament --game draco --players 4 --agents random,greedy --games 400 --out t4
  dragonlab tournament --game draco --agents random,greedy,mcts --games 2000 --shard auto/8 --out t   # one task of 8
  dragonlab merge t                                                                                 # then: the report`,
		flags: func(cmd *cobra.Command) func(experiment.Common) (*plan.Plan, error) {
			o, game := roundRobinFlags(cmd, 2000)
			return func(c experiment.Common) (*plan.Plan, error) {
				o.Common, o.Game = c, game.options()
				return o.TournamentPlan()
			}
		},
	})
}
