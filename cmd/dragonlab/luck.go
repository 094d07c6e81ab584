package main

import (
	"github.com/spf13/cobra"

	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

func init() {
	registerExperiment(&expCommand{
		name:  "luck",
		use:   "luck --game G [--players N] --agents a[,b…] [--replays K] [--deals D]",
		short: "How much of the outcome luck decides, per level of play: luck along the game, luck against skill",
		long: `Measure how much luck decides a game, per level of play (--agents, weakest first).
Each level plays every deal --replays times in self-play with luck accounting (as run
--luck; games whose chance events and value function dragonlab has): the share of the
spread of results the chance events carry (luckShare, with its 95% interval), the chance
events that swing games most, and how much more precise the luck-adjusted seat
advantages are (varianceRatio). Consecutive levels also play each other on duplicate
deals: how often the weaker does better on the same deals, and how many games the
stronger needs to win 90% of matches (Duersch, Lambrecht & Oechssler 2020).

The replays also give the older number, in the report's appendix: the outcome variance
fixed by the deal when the same bots replay it (the deal and every chance draw fixed,
the agents' random streams fresh). It is not the luck of the game: a bot's own
randomness counts as "not the deal", so it depends on how random the bot is.

The seed the value functions were fitted on (20260523) is refused.

Writes into --out: the results files (replay-…, duel-…), report.pdf, report.html,
summary.md, summary.json (per level luckShare {estimate, lo, hi} and varianceRatio), the
tables as CSV and the charts (charts/, PNG and SVG).`,
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
