package analysis

import (
	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/reports/runreport"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
	"dragonlab/sim/stats"
	"errors"
	"fmt"
	"io"
)

// analyzeRun prints run's summary table and writes the report dragonlab report writes.
func analyzeRun(a *experiment.Analysis) ([]string, error) {
	var o experiment.RunOptions
	if err := a.Options(&o); err != nil {
		return nil, err
	}
	res := a.Result(experiment.RunResultsName)
	if res == nil {
		return nil, errors.New("the run was not played: nothing to report")
	}
	PrintRun(a.Stdout, res)
	titles := map[string]string{}
	if g, err := engine.Lookup(res.Game); err == nil {
		titles[res.Game] = g.Title
	}
	err := runreport.Build([]*sim.Result{res}, a.Dir, runreport.Options{Sources: []string{a.File(experiment.RunResultsName)}, Titles: titles})
	if errors.As(err, new(runreport.InputError)) {
		return nil, plan.InputError{Err: err}
	}
	if err != nil {
		return nil, fmt.Errorf("write report: %w", err)
	}
	return []string{a.File(experiment.RunResultsName), doc.PDFName, doc.MDName}, nil
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
