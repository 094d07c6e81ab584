package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"dragonlab/sim"
)

type mergeOptions struct {
	Out     string
	Partial bool
	stdout  io.Writer
}

func init() {
	commands = append(commands, func(stdout, _ io.Writer) *cobra.Command {
		o := &mergeOptions{stdout: stdout}
		cmd := &cobra.Command{
			Use:   "merge PART.json [PART.json …] --out ALL.json",
			Short: "Merge the results of the shards of one run exactly",
			Long: `Merge results files of the shards of one run (dragonlab run --shard i/n) into the
results the whole run would have given on one machine: the parts must share game,
players, rules, agents, seating and seed, and cover disjoint games. Missing shards are an
error unless --partial, which marks the merged result incomplete.`,
			Example: `  dragonlab run --game draco --players 4 --games 1000000 --shard 0/4 --out part0.json
  ...
  dragonlab merge part*.json --out all.json`,
			Args: cobra.MinimumNArgs(1),
			RunE: func(cmd *cobra.Command, args []string) error {
				if strings.TrimSpace(o.Out) == "" {
					return badInput("--out must name the merged results file")
				}
				return o.run(args)
			},
		}
		cmd.Flags().StringVarP(&o.Out, "out", "o", "merged.json", "merged results file")
		cmd.Flags().BoolVar(&o.Partial, "partial", false, "merge even if shards are missing or interrupted (marked incomplete)")
		return cmd
	})
}

func (o *mergeOptions) run(args []string) error {
	if err := checkWritable(o.Out); err != nil {
		return err
	}
	_, parts, err := readResults(args)
	if err != nil {
		return err
	}
	m, err := sim.Merge(parts, o.Partial)
	if err != nil {
		return asBadInput(err)
	}
	printSummary(o.stdout, m)
	if err := m.WriteFile(o.Out); err != nil {
		return err
	}
	fmt.Fprintf(o.stdout, "merged %d parts into %s\n", len(parts), o.Out)
	return nil
}
