package main

import (
	"github.com/spf13/cobra"

	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

func init() {
	registerExperiment(&expCommand{
		name:  "value",
		use:   "value --game G [--players N] --agents LEVEL [--games N] [--components c,c…|all] [--fewer]",
		short: "What each card and each decision is worth: substitutions on paired deals, and the search's values",
		long: `Measure what each component and each decision of a game is worth, at a level of play.

Components, by substitution: every deal is played as dealt and again with one seat's start
changed — one more copy of the component in place of an average one (and with --fewer,
one fewer, replaced by an average one) — on the same game seed and agent streams (common
random numbers), the changed seat taking every seat in turn. A component is each card type
(and with --components all, each card type and value) in Dragonheart, each card value in
Draco, each item, the stone and each adventurer in Red Hot, the Joker and the red and blue
cards in two-player Dragon Scales; "starts with" is each game's own setup (README, "What a
card is worth"). The value is the change of the changed seat's win share with its 95%
interval over deals and a Holm-adjusted p-value.

Decisions, by the search's own values: the level, with its rollouts played to the end so
that its values are win probabilities and at least --decision-iters iterations a
decision, plays --decision-games games against itself; at each decision with a choice its
root values say, per action class, how often the class is played, how much the move played
is worth over the best move of another class (mean and 90th percentile), and how often the
decision is critical (the best two moves more than 10 points of win probability apart).

Writes into --out: the results files (substitution, decisions), report.pdf, report.html,
summary.md and summary.json (its components and decisions lists: name, estimate {value,
lo, hi}, p Holm-adjusted), the tables as CSV and the charts. Plant a card with --set or
--rules (a rules file) and see it rank.`,
		exs: `  dragonlab value --game dragonheart --agents expert --games 200
  dragonlab value --game redhot --agents expert:iters=100 --games 400 --fewer
  dragonlab value --game draco --agents expert --set 'cardValues=[1,3,3,3,3,3,3,3,3,3,26]' --components 'card 1,card 26'
  dragonlab value --game dragonscales --players 2 --agents expert --games 3000 --fewer --shard auto/4 --out v`,
		flags: func(cmd *cobra.Command) func(experiment.Common) (*plan.Plan, error) {
			o := &experiment.Value{}
			game := &gameOptions{}
			game.addFlags(cmd)
			f := cmd.Flags()
			f.StringVarP(&o.Agents, "agents", "a", "", "the measuring level: one spec, played in every seat (list: dragonlab agents)")
			f.StringSliceVar(&o.Components, "components", nil, "components to substitute, comma-separated, or all (default: the game's coarsest: Dragonheart's card types)")
			f.BoolVar(&o.Fewer, "fewer", false, "also one fewer copy of each component (replaced by an average one)")
			f.Int64VarP(&o.Games, "games", "n", 200, "deals of the substitution run (each also played once per component, direction and seat changed)")
			f.Int64Var(&o.DecisionGames, "decision-games", 0, "games of the decision run (default: --games/5, at least 10)")
			f.IntVar(&o.DecisionIters, "decision-iters", 0, "search iterations a decision in the decision run (default 1000, or the level's own when more)")
			return func(c experiment.Common) (*plan.Plan, error) {
				o.Common, o.Game = c, game.options()
				if cmd.Flags().Changed("decision-games") && o.DecisionGames <= 0 {
					return nil, errDecisionGames(o.DecisionGames)
				}
				if err := refuseZeroGiven(cmd, "decision-iters"); err != nil {
					return nil, err
				}
				return o.Plan()
			}
		},
	})
}

func errDecisionGames(n int64) error {
	return badInput("--decision-games must be positive, not %d", n)
}
