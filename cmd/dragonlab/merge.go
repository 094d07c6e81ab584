package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"dragonlab/reports/analysis"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

type mergeOptions struct {
	Out     string
	Partial bool
	stdout  io.Writer
	stderr  io.Writer
}

func init() {
	commands = append(commands, func(stdout, stderr io.Writer) *cobra.Command {
		o := &mergeOptions{stdout: stdout, stderr: stderr}
		cmd := &cobra.Command{
			Use:   "merge PART.json [PART.json …] --out ALL.json | merge DIR [DIR …]",
			Short: "Merge the results of the shards of one run, or of every run of an experiment, exactly",
			Long: `Merge results files of the shards of one run (dragonlab run --shard i/n) into the
results the whole run would have given on one machine: the parts must share game,
players, rules, agents, seating and seed, and cover disjoint games. Missing shards are an
error unless --partial, which marks the merged result incomplete.

merge DIR merges the output directory of an experiment played as shards (any experiment
command or run-plan with --shard): every run's parts in DIR/parts are merged exactly into
its results file, then the experiment's report is written into DIR — the same results
and summary.json as one machine. Missing or interrupted shards are named with the
--shard to run again. Merging again is harmless. merge DIR DIR … takes the parts of
several directories of one plan (shards that each wrote into a directory of their own
node, copied back) and writes the results and the report into the first. merge DIR of a
tune (dragonlab tune --shard i/n) merges its current round: the report once the
certification is merged, otherwise the command that plays the next round.`,
			Example: `  dragonlab run --game draco --players 4 --games 1000000 --shard 0/4 --out part0.json
  ...
  dragonlab merge part*.json --out all.json
  dragonlab merge tournament-dir                 # after tournament … --shard i/n --out tournament-dir
  dragonlab merge node0/t node1/t node2/t        # the shards' directories of one plan: into node0/t`,
			Args: cobra.MinimumNArgs(1),
			RunE: func(cmd *cobra.Command, args []string) error {
				if len(args) == 1 && experiment.IsTuneDir(args[0]) {
					if cmd.Flags().Changed("out") {
						return badInput("merge %s writes into %s: --out is for merging results files", args[0], args[0])
					}
					return asPlanError(experiment.MergeTune(args[0], o.Partial, o.stdout, o.stderr))
				}
				if allPlanDirs(args) {
					if cmd.Flags().Changed("out") {
						return badInput("merge %s writes into %s: --out is for merging results files", strings.Join(args, " "), args[0])
					}
					return asPlanError(experiment.MergeDirs(args, o.Partial, o.stdout, o.stderr))
				}
				for _, a := range args {
					if plan.IsDir(a) {
						return badInput("merge takes results files, or the output directories of one plan's shards; %s is a plan's directory but not every argument is one", a)
					}
				}
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
	analysis.PrintRun(o.stdout, m)
	if err := m.WriteFile(o.Out); err != nil {
		return err
	}
	fmt.Fprintf(o.stdout, "merged %s into %s\n", format.Plural(int64(len(parts)), "part"), o.Out)
	return nil
}

// allPlanDirs reports whether every argument is the output directory of a plan.
func allPlanDirs(args []string) bool {
	for _, a := range args {
		if !plan.IsDir(a) {
			return false
		}
	}
	return len(args) > 0
}
