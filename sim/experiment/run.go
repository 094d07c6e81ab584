package experiment

import (
	"errors"
	"fmt"
	"io"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/reports/runreport"
	"dragonlab/reports/stats"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// A single run is an experiment too: `dragonlab plan run [the flags of run]` writes a plan
// of one run, so that one big run goes to a cluster exactly like every other experiment
// (run-plan --shard, merge DIR, the submit scripts in deploy/). It has no top-level
// command: `dragonlab run` stays the direct way, with its own --shard, --checkpoint and
// --until. The plan's run is named RunResultsName, so its results land in OUT/results.json
// (run's default file name) and equal, outside "run", what `dragonlab run` writes.

// RunResultsName is the name of a single run's run (its results file's stem).
const RunResultsName = "results"

// SingleRun is one run: the flags of run that define its games (not where or how it
// plays).
type SingleRun struct {
	Common
	Game Game
	// Agents is one spec per seat, comma-separated ("": random in every seat).
	Agents string
	// Games; a multiple of the player count for duplicate seating.
	Games int64
	// Seating is fixed, rotate or duplicate.
	Seating string
}

// RunOptions are the plan options of a single run: nothing beyond its provenance.
type RunOptions struct {
	Meta Meta `json:"meta"`
}

func init() { register(&Kind{Name: "run", DefaultOut: "run", Analyze: analyzeRun, check: checkRun}) }

// Plan is a plan of the one run.
func (o SingleRun) Plan() (*plan.Plan, error) {
	g, params, players, err := o.Game.Resolve()
	if err != nil {
		return nil, err
	}
	fs, err := ParseAgents(o.Agents, players)
	if err != nil {
		return nil, err
	}
	if o.Games <= 0 {
		return nil, fmt.Errorf("--games must be positive, not %d", o.Games)
	}
	units := o.Games
	switch o.Seating {
	case sim.SeatFixed, sim.SeatRotate:
	case sim.SeatDuplicate:
		if units, err = dealsOf("--games", o.Games, players); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("unknown --seating %q (valid: fixed, rotate, duplicate)", o.Seating)
	}
	p := o.newPlan("run")
	p.Add(plan.Run{Name: RunResultsName, Label: fmt.Sprintf("%s %dp", g.Name, players), Players: players,
		Seating: o.Seating, Seed: o.Seed, Units: units}, g, params, fs)
	return p, p.SetOptions(RunOptions{Meta: newMeta(g, params, players, o.Seed)})
}

// analyzeRun prints run's summary table and writes the report dragonlab report writes.
func analyzeRun(a *Analysis) ([]string, error) {
	var o RunOptions
	if err := a.options(&o); err != nil {
		return nil, err
	}
	res := a.result(RunResultsName)
	if res == nil {
		return nil, errors.New("the run was not played: nothing to report")
	}
	PrintRun(a.Stdout, res)
	titles := map[string]string{}
	if g, err := engine.Lookup(res.Game); err == nil {
		titles[res.Game] = g.Title
	}
	err := runreport.Build([]*sim.Result{res}, a.Dir, runreport.Options{Sources: []string{a.file(RunResultsName)}, Titles: titles})
	if errors.As(err, new(runreport.InputError)) {
		return nil, plan.InputError{Err: err}
	}
	if err != nil {
		return nil, fmt.Errorf("write report: %w", err)
	}
	return []string{a.file(RunResultsName), doc.PDFName, doc.MDName}, nil
}

// PrintRun writes the per-seat table of a run's results for the terminal (win share per
// seat or agent with its 95% Wilson interval, wins, mean score, draws, decisions, speed)
// and each agent's cost per decision.
func PrintRun(w io.Writer, r *sim.Result) {
	status := "complete"
	if !r.Complete {
		status = fmt.Sprintf("INCOMPLETE: %s of %s requested", format.Count(r.Games), format.Count(r.Units))
	}
	fmt.Fprintf(w, "%s, %d players, %s, seed %d, seating %s (%s)\n", r.Game, r.Players, format.Plural(r.Games, "game"), r.Seed, r.Seating, status)
	tw := newTable(w)
	fmt.Fprintln(tw, "seat\tagent\twin share\t95% interval\twins alone\tmean score\t")
	rows, label := r.Seats, "seat"
	if r.Seating != sim.SeatFixed && r.Seating != sim.SeatReplay {
		rows, label = r.ByAgent, "agent"
	}
	for _, s := range rows {
		ci := stats.Wilson(s.WinShare, float64(s.Games))
		fmt.Fprintf(tw, "%d\t%s\t%.2f%%\t[%.2f, %.2f]\t%s\t%.2f\t\n", s.Seat, agents.Short(s.Agent), 100*s.WinShare/float64(max(s.Games, 1)), 100*ci.Lo, 100*ci.Hi, format.Count(s.Wins), s.ScoreMean)
	}
	tw.Flush()
	if label == "agent" {
		fmt.Fprintln(w, "(rows are agents: each agent played every seat in turn)")
	}
	fmt.Fprintf(w, "draws %s (%.2f%%), no winner %s, mean decisions per game %.1f", format.Count(r.Draws), 100*float64(r.Draws)/float64(max(r.Games, 1)), format.Count(r.NoWinner), r.DecisionsMean)
	if r.Run != nil && r.Run.Workers > 0 {
		fmt.Fprintf(w, ", %.0f games/s on %d workers", r.Run.GamesPerSec, r.Run.Workers)
	}
	fmt.Fprintln(w)
	printCost(w, r)
}

// printCost prints each agent's time (and search iterations) per decision.
func printCost(w io.Writer, r *sim.Result) {
	if r.Run == nil {
		return
	}
	for j, c := range r.Run.Cost {
		if c.Decisions == 0 {
			continue
		}
		fmt.Fprintf(w, "cost of agent %d %s: %.3g ms/decision", j, agents.Short(c.Agent), c.MsPerDecision)
		if c.Iterations > 0 {
			fmt.Fprintf(w, ", %.0f iterations/decision", c.ItersPerDecision)
		}
		fmt.Fprintf(w, " (%s timed)\n", format.Plural(c.Decisions, "decision"))
	}
}
