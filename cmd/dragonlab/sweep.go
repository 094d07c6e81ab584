package main

import (
	"github.com/spf13/cobra"

	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

func init() {
	registerExperiment(&expCommand{
		name:  "sweep",
		use:   "sweep --vary key=v1,v2,… | key=lo..hi[:step] [--vary …] | --variants a.json,b.json",
		short: "Play the same run for each value of one or two rules parameters (or each rules file), and find the fair value",
		long: `Play the same run (agents, fixed seating, seed, games) for each value of one rules
parameter, or each combination of two (--vary twice), or each rules file of --variants
(with at most one --vary: every value on every variant). Every value is set on a fresh
copy of the rules (the defaults, then --rules, then the variant file, then --set, then the
varied value) and all are validated before anything is played. Every run uses the same
seed: the same deal seeds.

Values: key=v1,v2,… (JSON values; arrays allowed: cardValues=[1,2],[2,3]) or, for a
numeric parameter, key=lo..hi with an optional :step (default 1). --variants takes rules
files (JSON objects of parameters, as --rules) to compare whole rule changes side by side.

Charts: seat win shares and game length against the value with 95% intervals, seat 0's
advantage with its band (one parameter) or a heat map (two). Compensation: when the
first parameter is numeric and moves the first-player advantage, the value that makes
the seats fair, with its 95% interval — or the statement that none in the range does.

Writes into --out: one results file per value, report.pdf, report.html,
summary.md, summary.json, the tables as CSV and the charts (charts/). Ctrl-C keeps finished runs.`,
		exs: `  dragonlab sweep --game draco --players 2 --vary handSize=4..8 --games 20000
  dragonlab sweep --game dragonheart --vary dragonBonus=0..6 --games 50000
  dragonlab sweep --game draco --players 3 --vary handSize=4..8:2 --vary smallScoringMax=2,3,4
  dragonlab sweep --game draco --variants classic.json,short.json,long.json --games 50000
  dragonlab sweep --game draco --vary handSize=4..8 --variants a.json,b.json   # the fair hand size of each`,
		flags: func(cmd *cobra.Command) func(experiment.Common) (*plan.Plan, error) {
			o := &experiment.Sweep{}
			game := &gameOptions{}
			game.addFlags(cmd)
			f := cmd.Flags()
			f.StringVarP(&o.Agents, "agents", "a", "", "one agent spec per seat, comma-separated (default: random in every seat)")
			f.StringArrayVar(&o.Vary, "vary", nil, "the parameter to vary and its values: key=v1,v2,… or key=lo..hi[:step]; once or twice")
			f.StringSliceVar(&o.Variants, "variants", nil, "rules files to compare, comma-separated (each over the defaults and --rules; --set applies on top)")
			f.Int64VarP(&o.Games, "games", "n", 20000, "games per value")
			return func(c experiment.Common) (*plan.Plan, error) {
				o.Common, o.Game, o.VariantsSet = c, game.options(), given(cmd, "variants")
				return o.Plan()
			}
		},
	})
}
