package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"dragonlab/reports/experiment"
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

  Is it fair?          each seat's advantage at each level of play (self-play), with 95% intervals
  Does skill matter?   a ladder of levels on one Elo scale (each level against the one below on
                       duplicate deals) and the luck share (each deal played twice)
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
variants), player counts, levels, stage sizes and levers; README "The study" documents it,
and dragonlab study --print-design writes a budget in this format to start from.
Ctrl-C stops the study; running it again resumes.`,
		exs: `  dragonlab study                        # the default study, into ./study (make demo)
  dragonlab study --quick --out /tmp/s    # a fast look
  dragonlab study --only draco,redhot
  dragonlab study --print-design > my.json && dragonlab study --plan my.json
  dragonlab study --full --shard auto/64 --out big   # one task of a 64-task array
  dragonlab merge big                                # then: the report`,
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
			f.BoolVar(&print, "print-design", false, "write the chosen design (budget) as JSON on stdout and stop: a start for --plan")
			options := func() experiment.Study {
				o.DesignSet, o.GamesSet, o.OnlySet = given(cmd, "plan"), given(cmd, "games"), given(cmd, "only")
				o.TuneSet = given(cmd, "tune")
				return *o
			}
			// --print-design plays nothing: it answers before the plan is made.
			run := cmd.RunE
			cmd.RunE = func(cmd *cobra.Command, args []string) error {
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
