package analysis

import (
	"dragonlab/engine"
	"dragonlab/reports/format"
	"dragonlab/reports/worth"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
	"fmt"
	"io"
)

func analyzeValue(a *experiment.Analysis) ([]string, error) {
	var o experiment.ValueOptions
	if err := a.Options(&o); err != nil {
		return nil, err
	}
	g, err := engine.Lookup(o.Meta.Game)
	if err != nil {
		return nil, plan.InputError{Err: err}
	}
	r, err := worth.Analyze(meta(a, o.Meta), g,
		worth.Input{File: a.File(o.Substitution), Result: a.Result(o.Substitution)},
		worth.Input{File: a.File(o.Decisions), Result: a.Result(o.Decisions)})
	if err != nil {
		return nil, err
	}
	printValue(a.Stdout, r)
	return r.Write(a.Dir)
}

func printValue(w io.Writer, r *worth.Report) {
	if s := r.Substitutions(); s != nil {
		fmt.Fprintf(w, "component values: %s, %d players, %s, %s deals (change of the changed seat's win share)\n",
			r.Meta.Game, r.Meta.Players, r.Agent, format.Count(r.Deals))
		tw := newTable(w)
		fmt.Fprintln(tw, "component\tchange\twith\twithout\tpoints\t95% interval\tHolm p\t")
		for _, v := range s.Rows {
			dir := "one more"
			if v.Delta < 0 {
				dir = "one fewer"
			}
			if !v.Change.HasInterval() {
				fmt.Fprintf(tw, "%s\t%s\t–\t–\t–\t–\t–\t\n", v.Component, dir)
				continue
			}
			fmt.Fprintf(tw, "%s\t%s\t%.1f%%\t%.1f%%\t%+.1f\t[%+.1f, %+.1f]\t%.3g\t\n", v.Component, dir, 100*v.With, 100*v.Without,
				100*v.Change.Value, 100*v.Change.Lo, 100*v.Change.Hi, v.PHolm)
		}
		tw.Flush()
	}
	if d := r.DecisionTable(); d != nil {
		fmt.Fprintf(w, "decision values: %s, %s games, %.0f iterations a decision; %s\n", r.DecisionAgent, format.Count(d.Games), d.Iterations, d.Summary())
		tw := newTable(w)
		fmt.Fprintln(tw, "class\tkind\tplayed\tloss (points)\t95% interval\t90th pct\tcritical\t")
		for _, c := range d.Classes {
			kind := "holding"
			if c.Choice {
				kind = "choice"
			}
			if !c.Loss.HasInterval() {
				fmt.Fprintf(tw, "%s\t%s\t%s\t–\t–\t–\t–\t\n", c.Class, kind, format.Count(c.Chosen))
				continue
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%.1f\t[%.1f, %.1f]\t%.1f\t%.1f%%\t\n", c.Class, kind, format.Count(c.Chosen),
				100*c.Loss.Value, 100*c.Loss.Lo, 100*c.Loss.Hi, 100*c.P90, 100*c.Critical.Value)
		}
		tw.Flush()
	}
	for _, f := range r.Findings {
		fmt.Fprintln(w, f)
	}
}
