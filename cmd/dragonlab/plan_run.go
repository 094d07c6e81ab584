package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"dragonlab/engine"
	"dragonlab/reports/runreport"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// A single run is an experiment too: `dragonlab plan run [the flags of run]` writes a plan
// of one run, so that one big run goes to a cluster exactly like every other experiment
// (run-plan --shard, merge DIR, the submit scripts in deploy/). It has no top-level
// command: `dragonlab run` stays the direct way, with its own --shard, --checkpoint and
// --until. The plan's run is named runResultsName, so its results land in OUT/results.json
// (run's default file name) and equal, outside "run", what `dragonlab run` writes.

const runResultsName = "results"

// singleRunFlags are the flags of run that define its games (not where or how it plays).
type singleRunFlags struct {
	game    gameOptions
	Agents  string
	Games   int64
	Seating string
}

// singleRunOptions are the plan options of a single run: nothing beyond its provenance.
type singleRunOptions struct {
	Meta expMeta `json:"meta"`
}

func init() {
	experiments["run"] = &experiment{
		name:  "run",
		use:   "run [--game G] [--players N] [--agents a,b,…] [--games N] [--seating S]",
		short: "one run (the flags of dragonlab run) as a plan: a single big run for run-plan and a cluster",
		long: `A plan of a single run, with the flags of dragonlab run that define its games (game,
players, rules, agents, games, seating, seed). Played with dragonlab run-plan (whole or as
shards) and merged with dragonlab merge DIR, it writes DIR/results.json — the results file
dragonlab run writes, identical outside its "run" key — and the report of it (report.pdf,
charts, summary.md/csv), as dragonlab report does. --until needs the whole run: use
dragonlab run for it.`,
		defaultOut: "run",
		flags: func(cmd *cobra.Command, c *expCommon) func() (*plan.Plan, error) {
			o := &singleRunFlags{}
			o.game.addFlags(cmd)
			f := cmd.Flags()
			f.StringVarP(&o.Agents, "agents", "a", "", "one agent spec per seat, comma-separated (default: random in every seat; list: dragonlab agents)")
			f.Int64VarP(&o.Games, "games", "n", 100000, "number of games (for --seating duplicate: a multiple of the player count)")
			f.StringVar(&o.Seating, "seating", sim.SeatFixed, "seat plan: fixed, rotate or duplicate (see dragonlab run --help)")
			return func() (*plan.Plan, error) { return o.plan(c) }
		},
		analyze: analyzeRun,
	}
}

func (o *singleRunFlags) plan(c *expCommon) (*plan.Plan, error) {
	g, params, players, err := o.game.resolve()
	if err != nil {
		return nil, err
	}
	fs, err := parseAgents(o.Agents, players)
	if err != nil {
		return nil, err
	}
	if o.Games <= 0 {
		return nil, badInput("--games must be positive, not %d", o.Games)
	}
	units := o.Games
	switch o.Seating {
	case sim.SeatFixed, sim.SeatRotate:
	case sim.SeatDuplicate:
		if units, err = dealsOf("--games", o.Games, players); err != nil {
			return nil, err
		}
	default:
		return nil, badInput("unknown --seating %q (valid: fixed, rotate, duplicate)", o.Seating)
	}
	p := c.newPlan("run")
	p.Add(plan.Run{Name: runResultsName, Label: fmt.Sprintf("%s %dp", g.Name, players), Players: players,
		Seating: o.Seating, Seed: c.Seed, Units: units}, g, params, fs)
	return p, p.SetOptions(singleRunOptions{Meta: newMeta(g, params, players, c.Seed)})
}

// analyzeRun prints run's summary table and writes the report dragonlab report writes.
func analyzeRun(a *analysis) ([]string, error) {
	var o singleRunOptions
	if err := a.options(&o); err != nil {
		return nil, err
	}
	res := a.result(runResultsName)
	if res == nil {
		return nil, errors.New("the run was not played: nothing to report")
	}
	printSummary(a.stdout, res)
	titles := map[string]string{}
	if g, err := engine.Lookup(res.Game); err == nil {
		titles[res.Game] = g.Title
	}
	err := runreport.Build([]*sim.Result{res}, a.dir, runreport.Options{Sources: []string{a.file(runResultsName)}, Titles: titles})
	if errors.As(err, new(runreport.InputError)) {
		return nil, asBadInput(err)
	}
	if err != nil {
		return nil, fmt.Errorf("write report: %w", err)
	}
	return []string{a.file(runResultsName), runreport.PDFName, runreport.MDName}, nil
}
