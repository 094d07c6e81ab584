package main

import (
	"github.com/spf13/cobra"

	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

func init() {
	registerExperiment(&expCommand{
		name:  "ablate",
		use:   "ablate --game G [--players N] --agents BASE (--forbid class[,class…] … | --forbid-each)",
		short: "What each kind of action is worth: restricted play against unrestricted copies",
		long: `Measure what a kind of action is worth (restricted play, Jaffe et al. 2012): the base
agent, forbidden to choose the given action classes whenever another action is legal,
plays alone against unrestricted copies of itself on duplicate deals, rotated through
every seat. Each --forbid is one restriction (the classes of one --forbid are forbidden
together); --forbid-each adds one restriction per action class of the game. A baseline
run (the base agent against copies of itself, on the same deals) gives the share an
unrestricted player gets.

For each restriction: the change of win share with its 95% interval and a Holm-adjusted
p-value, as a table and a chart ("what each action is worth"). Rules-level ablation (a
card removed from the deck) is a sweep: dragonlab sweep --variants or --vary.

Writes into --out: the results files (base, forbid-…), report.pdf, report.html,
summary.md, summary.json, the table as CSV and the chart (charts/, PNG and SVG). The action classes of a game are listed when a --forbid
names an unknown one.`,
		exs: `  dragonlab ablate --game dragonheart --agents greedy --forbid-each --games 2000
  dragonlab ablate --game redhot --players 3 --agents greedy --forbid help   # lists Red Hot's action classes
  dragonlab ablate --game redhot --players 3 --agents greedy --forbid A --forbid B,C --games 3000
  dragonlab ablate --game draco --agents mcts:iters=200 --forbid-each --games 600 --shard auto/4 --out abl`,
		flags: func(cmd *cobra.Command) func(experiment.Common) (*plan.Plan, error) {
			o := &experiment.Ablate{}
			game := &gameOptions{}
			game.addFlags(cmd)
			f := cmd.Flags()
			f.StringVarP(&o.Agents, "agents", "a", "", "the base agent: one spec (list: dragonlab agents)")
			f.StringArrayVar(&o.Forbid, "forbid", nil, "action classes forbidden together, comma-separated; repeat for more restrictions")
			f.BoolVar(&o.ForbidEach, "forbid-each", false, "one restriction per action class of the game")
			f.Int64VarP(&o.Games, "games", "n", 2400, "games per restriction (a multiple of the player count: each deal is played in every rotation)")
			return func(c experiment.Common) (*plan.Plan, error) {
				o.Common, o.Game = c, game.options()
				return o.Plan()
			}
		},
	})
}
