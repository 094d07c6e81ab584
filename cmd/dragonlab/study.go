package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/reports"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// studyLevel is one level of play of a study: every game and player count is played in
// self-play at every level. A level's games per stage are --games divided by Divisor, and
// at least Min.
type studyLevel struct {
	Agent   string `json:"agent"`
	Divisor int64  `json:"divisor"`
	Min     int64  `json:"min"`
}

// studyLevels are the study's levels of play, weakest first. Changing the study's content
// (issue 15: levels picked from a ladder, stages, sample sizes) is changing this table
// and, for new kinds of stages, studyStages: the plan, the shards, the merge and the
// report follow.
var studyLevels = []studyLevel{
	{Agent: "random", Divisor: 1, Min: 1},
	{Agent: "greedy", Divisor: 10, Min: 40},
	{Agent: "mcts:iters=100", Divisor: 100, Min: 40},
}

// studyPlan is the plan options of a study: its stages in order (one run each).
type studyPlan struct {
	Title  string       `json:"title"`
	Stages []studyStage `json:"stages"`
}

type studyStage struct {
	Game    string `json:"game"`
	Players int    `json:"players"`
	Agent   string `json:"agent"` // the level's agent, as written in studyLevels
	Run     string `json:"run"`
}

type studyFlags struct {
	Games int64
	Quick bool
	Only  []string
}

func init() {
	registerExperiment(&experiment{
		name:  "study",
		use:   "study",
		short: "The main job: a balance study of every game and player count, as one report",
		long: `For every game and every supported player count, run random, greedy and MCTS
self-play, then write one combined report (report.pdf, PNG/SVG charts, summary.md,
summary.csv) whose first page ranks the findings, and every results file under
OUT/results/.

--games sets the random-play games per stage; greedy plays a tenth of that and MCTS
(mcts:iters=100) a hundredth (at least 40 games each). The default finishes in about five
minutes on two cores; --quick in well under a minute. Ctrl-C stops the study and writes the
report of the finished stages (the interrupted stage is marked incomplete).`,
		exs: `  dragonlab study                       # the default study, into ./study
  dragonlab study --quick --out /tmp/s   # a fast look
  dragonlab study --games 1000000 --only draco,redhot
  dragonlab study --games 10000000 --shard auto/16 --out big   # one task of a 16-task array
  dragonlab merge big                                          # then: the report`,
		defaultOut: "study",
		flags: func(cmd *cobra.Command, c *expCommon) func() (*plan.Plan, error) {
			o := &studyFlags{}
			f := cmd.Flags()
			f.Int64VarP(&o.Games, "games", "n", 100000, "random-play games per stage (2000 with --quick)")
			f.BoolVar(&o.Quick, "quick", false, "small samples: a fast first look")
			f.StringSliceVar(&o.Only, "only", nil, "study only these games (comma-separated)")
			return func() (*plan.Plan, error) { return o.plan(c) }
		},
		analyze: analyzeStudy,
	})
}

func (o *studyFlags) plan(c *expCommon) (*plan.Plan, error) {
	games := o.Games
	switch {
	case c.changed("games") && games <= 0:
		return nil, badInput("--games must be positive, not %d", games)
	case !c.changed("games") && o.Quick:
		games = 2000
	}
	selected := engine.Games()
	if c.changed("only") {
		if len(o.Only) == 0 {
			return nil, badInput("--only names no game (valid: %s)", strings.Join(engine.Names(), ", "))
		}
		selected = nil
		seen := map[string]bool{}
		for _, name := range o.Only {
			name = strings.TrimSpace(name)
			g, err := engine.Lookup(name)
			if err != nil {
				return nil, asBadInput(err)
			}
			if seen[g.Name] {
				return nil, badInput("--only names %s twice", g.Name)
			}
			seen[g.Name] = true
			selected = append(selected, g)
		}
	}
	p := c.newPlan("study")
	p.Results = "results"
	opts := studyPlan{Title: "dragonlab balance study"}
	for _, g := range selected {
		for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
			for _, lv := range studyLevels {
				f, err := agents.Parse(lv.Agent)
				if err != nil {
					return nil, err // a bad table entry: a bug, not bad input
				}
				name := fmt.Sprintf("%s-%dp-%s", g.Name, n, sanitize(lv.Agent))
				p.Add(plan.Run{Name: name, Label: fmt.Sprintf("%s %dp %s", g.Name, n, lv.Agent), Players: n, Seating: sim.SeatFixed,
					Seed: c.Seed, Units: max(games/lv.Divisor, lv.Min)}, g, g.DefaultParams(), repeat(f, n))
				opts.Stages = append(opts.Stages, studyStage{Game: g.Name, Players: n, Agent: lv.Agent, Run: name})
			}
		}
	}
	return p, p.SetOptions(opts)
}

// analyzeStudy writes the study's combined report (reports.Build) of the stages played.
func analyzeStudy(a *analysis) ([]string, error) {
	var o studyPlan
	if err := a.options(&o); err != nil {
		return nil, err
	}
	titles := map[string]string{}
	var results []*sim.Result
	var sources []string
	for _, st := range o.Stages {
		if g, err := engine.Lookup(st.Game); err == nil {
			titles[st.Game] = g.Title
		}
		if r := a.result(st.Run); r != nil {
			results = append(results, r)
			sources = append(sources, a.file(st.Run))
		}
	}
	if len(results) == 0 {
		return nil, errors.New("no stage of the study was played: nothing to report")
	}
	fmt.Fprintf(a.stderr, "writing the report of %d stages…\n", len(results))
	err := reports.Build(results, a.dir, reports.Options{Sources: sources, Titles: titles, Study: true, Title: o.Title})
	if errors.As(err, new(reports.InputError)) {
		return nil, asBadInput(err)
	}
	if err != nil {
		return nil, fmt.Errorf("write report: %w", err)
	}
	fmt.Fprintf(a.stdout, "study of %d stages: report in %s\n", len(results), filepath.Join(a.dir, reports.PDFName))
	return []string{reports.PDFName, reports.MDName, reports.CSVName}, nil
}

// sanitize makes an agent spec usable in a file name.
func sanitize(spec string) string {
	b := []byte(spec)
	for i, c := range b {
		switch c {
		case ':', ',', '=', '/':
			b[i] = '_'
		}
	}
	return string(b)
}
