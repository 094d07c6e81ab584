package main

import (
	"github.com/spf13/cobra"

	"dragonlab/reports/experiment"
	"dragonlab/sim/plan"
)

func init() {
	registerExperiment(&expCommand{
		name:  "luck",
		use:   "luck --game G [--players N] --agents a[,b…] [--replays K] [--deals D]",
		short: "How much of the outcome the deal decides: replayed deals per level of play",
		long: `Measure the luck share of a game (Duersch, Lambrecht & Oechssler 2020; Goodman,
Perez-Liebana & Lucas 2025): each level of play (--agents, weakest first) plays every deal
--replays times in self-play, the deal and every chance draw fixed (what "the deal" is in
each game: hands and draw piles are fixed at setup), the agents' random streams fresh in
each replay (sim seating replay). The variance of the outcome splits into the part fixed
by the deal and the rest (law of total variance), with bootstrap intervals over deals.
Consecutive levels also play each other on duplicate deals: how often the stronger agent
beats the weaker on the same deal.

Writes into --out: the results files (replay-…, duel-…), report.pdf, report.html,
summary.md, summary.json, the tables as CSV and the charts (charts/, PNG and SVG).`,
		exs: `  dragonlab luck --game dragonheart --agents random,greedy --replays 8 --deals 2000
  dragonlab luck --game draco --players 3 --agents greedy,mcts:iters=200 --replays 4 --deals 500`,
		flags: func(cmd *cobra.Command) func(experiment.Common) (*plan.Plan, error) {
			o := &experiment.Luck{}
			game := &gameOptions{}
			game.addFlags(cmd)
			f := cmd.Flags()
			f.StringVarP(&o.Agents, "agents", "a", "", "the levels of play, weakest first: agent specs, comma-separated (one or more)")
			f.IntVar(&o.Replays, "replays", 4, "times each deal is played per level (at least 2)")
			f.Int64Var(&o.Deals, "deals", 1000, "deals per level (and per duel)")
			return func(c experiment.Common) (*plan.Plan, error) {
				o.Common, o.Game = c, game.options()
				return o.Plan()
			}
		},
	})
}
