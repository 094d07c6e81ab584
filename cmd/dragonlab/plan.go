package main

import (
	"io"
	"strings"

	"github.com/spf13/cobra"
)

// `dragonlab plan <command> [flags] --out plan.json` writes the plan of any experiment
// without playing it: the same flags as the command, the same plan bytes as the command
// itself would play (the plan is a pure function of the flags).
func init() {
	commands = append(commands, func(stdout, stderr io.Writer) *cobra.Command {
		cmd := &cobra.Command{
			Use:   "plan <command> [flags] --out plan.json",
			Short: "Write the plan of an experiment (its fully specified runs) without playing it",
			Long: `Write the plan of an experiment command (study, tournament, skill, ladder, sweep,
ablate, luck) or of a single run (run: one run, to play as shards) to a JSON file
(schema dragonlab.plan/v1) without playing anything: its kind, the options its analysis
needs, and every run fully specified (name, game, players, every rules parameter, the
canonical agent spec of each seat, seating, seed, units). The flags are those of the
command; the plan is a pure function of them (the same flags give the same bytes). Play
it with dragonlab run-plan, on one machine or as shards.`,
			Example: `  dragonlab plan tournament --game draco --agents random,greedy,mcts --games 4000 --out t.json
  dragonlab run-plan t.json --shard auto/8 --out t     # on each of 8 machines (or array tasks)
  dragonlab merge t                                    # then: the tournament's report in t/
  dragonlab plan run --game draco --players 4 --games 100000000 --out r.json   # one big run`,
			Args: cobra.ArbitraryArgs,
			RunE: func(cmd *cobra.Command, args []string) error {
				if len(args) > 0 {
					return badInput("plan: unknown command %q (valid: %s)", args[0], strings.Join(experimentNames(), ", "))
				}
				return badInput("plan: name the command to plan (valid: %s); see dragonlab plan --help", strings.Join(experimentNames(), ", "))
			},
		}
		for _, name := range experimentNames() {
			cmd.AddCommand(experiments[name].command(stdout, stderr, true))
		}
		return cmd
	})
}
