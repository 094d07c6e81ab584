package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

// The study: the designer's report (experiment.Study: its design, budgets and levers).
func init() {
	registerExperiment(&expCommand{
		name:  "study",
		use:   "study [--quick | --full | --plan design.json] [--only games] [--out DIR]",
		short: "The main job: the designer's report on every game — is it fair, does skill matter, what to change",
		long: `Answer a designer's questions about every game and player count, as one report that
puts the answers first (report.pdf, report.html, summary.md, summary.csv, summary.json and
the charts), then the detail of every stage, with every results file under OUT/results/:

  Is it fair?          each seat's advantage at each level of play (self-play), with 95% intervals,
                       luck-adjusted at the measuring level (the expert)
  Does skill matter?   a ladder of levels on one Elo scale (each level against the one below on
                       duplicate deals); whether fairness changes with skill: each seat's share
                       at each level and the trend test of it along the levels (no more games)
  How much is luck?    the share of the spread of results the chance events carry, measured along
                       the game at the expert level (luck accounting), the chance events that
                       swing games most; how often the weaker level does better on the same deals
                       and how many games the stronger needs to win 90% of matches
  What decides games?  components by IWD (win share when seen minus never seen) and what each
                       action is worth by restricted play (Jaffe et al. 2012)
  How does it feel?    length, lead changes, comebacks, decisiveness, branching
  What to change?      where a seat is significantly favoured, the starting points that make the
                       seats fair (a sweep of seatBonus) with their interval; Dragon Scales' levers

The levels of play are random, casual, greedy and expert. Every level plays the same deals
(common random numbers). Budgets: the default takes about five minutes on two cores (make
demo); --quick about a minute; --full hours (send it to a cluster: --shard, then merge).
--games N scales every stage so that the random level plays N games per stage.

--plan FILE runs a custom design (JSON, schema dragonlab.study/v1): the games (and rules
variants), player counts, levels, stage sizes, levers and target precisions; README "The
study" documents it, and dragonlab study --print-design writes a budget in this format to
start from. Ctrl-C stops the study; running it again resumes.

Every question has a target precision (±2 points of seat advantage at two players, ±3 at
more, unless the design says otherwise); where a stage's interval is wider the report says
"not settled" and about how many more games would settle it. --settle DIR plays exactly
those games for the finished study in DIR (each stage continued on its next deals, its
results and DIR/plan.json rewritten) and writes its report again.

The default study plays in rounds: after its plan (round 0, whose expert self-play is a
pilot), each round continues the stages whose Fair? answer is not settled by the games
that would settle it, until every one is or --budget (the whole study's: a CPU time such
as 10m, estimated from the games' decisions with a fixed cost model so that the rounds do
not depend on timing, or games such as 200000g) is spent. Each round is recorded in
OUT/rounds.json; page 1's seat intervals count the rounds that looked at them.

The rounds shard like round 0: after each dragonlab merge OUT, the study's command with
--shard i/n again (into the same OUT, on every machine) computes the next round from the
merged results — the same round on every machine — and plays slice i of n of it into
OUT/parts/round-R/; dragonlab merge OUT then continues the stages by the slices and
writes the report, and says whether another round follows. Repeat until the shards say
the rounds are over: the results and the report are those of the study on one machine.`,
		exs: `  dragonlab study                        # the default study, into ./study (make demo)
  dragonlab study --quick --out /tmp/s    # a fast look
  dragonlab study --only draco,redhot
  dragonlab study --print-design > my.json && dragonlab study --plan my.json
  dragonlab study --full --shard auto/64 --out big   # one task of a 64-task array
  dragonlab merge big                                # then: the report
  dragonlab study --budget 30m --out s    # rounds until settled, within 30 CPU-minutes
  dragonlab study --budget 30m --shard auto/8 --out s && dragonlab merge s   # round 0 on 8 machines;
                                          # the same two commands again play each next round, until
                                          # the shards print "the rounds are over"
  dragonlab study --settle study          # play what the report says would settle its open questions`,
		flags: func(cmd *cobra.Command) func(experiment.Common) (*plan.Plan, error) {
			o := &experiment.Study{}
			var print bool
			f := cmd.Flags()
			f.BoolVar(&o.Quick, "quick", false, "small samples: a first look in about a minute")
			f.BoolVar(&o.Full, "full", false, "large samples and the full-strength expert: hours (use a cluster)")
			f.StringVar(&o.DesignFile, "plan", "", "a study design file (JSON, schema "+experiment.DesignSchema+") instead of a budget")
			f.Int64VarP(&o.Games, "games", "n", 0, "scale every stage so that the random level plays this many games per stage")
			f.StringSliceVar(&o.Only, "only", nil, "study only these games (comma-separated)")
			f.Int64Var(&o.Tune, "tune", 0, "the tune stage: dragonlab tune with this many games for every game and player count where a seat is off at the most skilled level (0: none; default: the design's)")
			f.StringVar(&o.Budget, "budget", "", "the study's budget for its rounds, round 0 (the plan) included: a CPU time (9m, 300s) or games (200000g); after the plan, the stages whose Fair? answer is not settled play on in rounds until every one is or the budget is spent (default: "+experiment.DefaultStudyBudget+" for the default budget, none for --quick, --full and --plan)")
			f.BoolVar(&print, "print-design", false, "write the chosen design (budget) as JSON on stdout and stop: a start for --plan")
			var settle string
			f.StringVar(&settle, "settle", "", "settle the finished study in DIR: play the games its report says would settle its open questions, then report again")
			options := func() experiment.Study {
				o.DesignSet, o.GamesSet, o.OnlySet = given(cmd, "plan"), given(cmd, "games"), given(cmd, "only")
				o.TuneSet, o.BudgetSet = given(cmd, "tune"), given(cmd, "budget")
				return *o
			}
			// --print-design plays nothing: it answers before the plan is made.
			run := cmd.RunE
			cmd.RunE = func(cmd *cobra.Command, args []string) error {
				if given(cmd, "settle") {
					return settleStudy(cmd, settle)
				}
				if !print {
					return run(cmd, args)
				}
				s, _, err := options().Design()
				if err != nil {
					return asBadInput(err)
				}
				data, err := json.MarshalIndent(s, "", "  ")
				if err != nil {
					return err
				}
				_, err = fmt.Fprintf(cmd.OutOrStdout(), "%s\n", data)
				return err
			}
			return func(c experiment.Common) (*plan.Plan, error) {
				st := options()
				st.Common = c
				return st.Plan()
			}
		},
	})
}

// settleStudy is study --settle DIR: the study in DIR settled (experiment.Settle). Only
// --workers, --quiet and --checkpoint-every go with it: the study is DIR's.
func settleStudy(cmd *cobra.Command, dir string) error {
	if strings.TrimSpace(dir) == "" {
		return badInput("--settle is empty: name the directory of a finished study")
	}
	var other []string
	cmd.Flags().Visit(func(f *pflag.Flag) {
		switch f.Name {
		case "settle", "workers", "quiet", "checkpoint-every":
		default:
			other = append(other, "--"+f.Name)
		}
	})
	if len(other) > 0 {
		return badInput("--settle DIR takes the study from DIR: %s cannot go with it (only --workers and --quiet)", strings.Join(other, ", "))
	}
	workers, _ := cmd.Flags().GetInt("workers")
	quiet, _ := cmd.Flags().GetBool("quiet")
	if err := sim.CheckWorkers(workers); err != nil {
		return badInput("--%s", err)
	}
	ctx := planHooks.ctx
	if ctx == nil {
		var stop context.CancelFunc
		ctx, stop = interruptible()
		defer stop()
	}
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	opts := plan.Options{Dir: dir, Workers: workers}
	if !quiet {
		opts.Log = stderr
		finish := progressView(&opts, stderr)
		defer finish()
	}
	return asPlanError(experiment.Settle(ctx, dir, opts, stdout, stderr))
}
