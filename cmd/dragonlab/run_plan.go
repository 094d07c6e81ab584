package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"dragonlab/reports/format"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

type runPlanOptions struct {
	x       execOptions
	Prepare bool
	stdout  io.Writer
	stderr  io.Writer
}

func init() {
	commands = append(commands, func(stdout, stderr io.Writer) *cobra.Command {
		o := &runPlanOptions{stdout: stdout, stderr: stderr}
		cmd := &cobra.Command{
			Use:   "run-plan PLAN.json [--shard i/n] --out DIR",
			Short: "Play a plan file (whole, or one shard of every run) and, whole, write its report",
			Long: `Play the runs of a plan written by dragonlab plan into --out. Whole, it then writes
the experiment's report there, exactly as the experiment command would. With --shard i/n
it plays slice i of n of every run into OUT/parts (auto/n reads i from
JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID); once every shard is done, dragonlab merge
OUT merges every run exactly and writes the report.

Every run checkpoints: running the same plan into the same OUT again resumes a killed or
preempted task and reuses finished runs. OUT may not hold another plan. Ctrl-C keeps
finished work.

--prepare plays nothing: it checks the plan and OUT (new, empty, or holding this very
plan) and writes OUT/plan.json, so that OUT belongs to the plan before any task starts
(what deploy/slurm-submit.sh does before it submits the array).`,
			Example: `  dragonlab plan study --games 10000000 --out study.plan.json
  dragonlab run-plan study.plan.json --shard auto/16 --workers "$SLURM_CPUS_PER_TASK" --out big
  dragonlab merge big`,
			Args: cobra.ExactArgs(1),
			RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, args[0]) },
		}
		o.x.addFlags(cmd, "")
		cmd.Flags().BoolVar(&o.Prepare, "prepare", false, "play nothing: check the plan and --out (new, empty, or holding this plan) and write OUT/plan.json")
		return cmd
	})
}

func (o *runPlanOptions) run(cmd *cobra.Command, file string) error {
	p, err := experiment.ReadPlan(file)
	if err != nil {
		return asBadInput(err)
	}
	if !cmd.Flags().Changed("out") {
		o.x.Out = experiment.Lookup(p.Kind).DefaultOut
	}
	sh, err := o.x.check(cmd)
	if err != nil {
		return err
	}
	if o.Prepare {
		if err := plan.Claim(o.x.Out, p); err != nil {
			return asPlanError(err)
		}
		fmt.Fprintf(o.stdout, "%s belongs to the plan of a %s (%s, %s); nothing played\n", o.x.Out, p.Kind, format.Plural(int64(len(p.Runs)), "run"), format.Plural(p.Games(), "game"))
		return nil
	}
	return playPlan(p, &o.x, sh, o.stdout, o.stderr)
}
