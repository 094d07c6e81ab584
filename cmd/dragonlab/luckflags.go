package main

import (
	"fmt"
	"io"

	"dragonlab/reports/format"
	"dragonlab/reports/luck"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// printLuck prints a run's luck accounting: the luck share, the seats' advantages raw and
// luck-adjusted, and the kinds of chance event by their mean swing.
func printLuck(w io.Writer, r *sim.Result) {
	if r.Aggregate.Luck == nil || r.Games == 0 {
		return
	}
	acc, err := luck.Account(r)
	if err != nil {
		return
	}
	pct := func(e stats.Estimate) string {
		return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*e.Value, 100*e.Lo, 100*e.Hi)
	}
	fmt.Fprintf(w, "luck: %s of the outcome's variance is carried by the chance events; the seats' own decisions %s\n",
		pct(acc.LuckShare.Estimate), pct(acc.DecisionShare.Estimate))
	if g := acc.Guessing; g != nil {
		fmt.Fprintf(w, "guessing: %s is carried by the draws of %s rounds of secret simultaneous choices (%.1f points of winning chance per round)\n",
			pct(g.Share.Estimate), format.Count(g.Rounds), 100*float64(g.MeanSwing))
	}
	if len(acc.Seats) > 0 {
		label := "seat"
		if acc.ByAgent {
			label = "agent"
		}
		tw := newTable(w)
		fmt.Fprintf(tw, "%s\tadvantage\t95%% interval\tluck-adjusted\t95%% interval\t\n", label)
		for _, s := range acc.Seats {
			fmt.Fprintf(tw, "%d\t%+.2f\t[%+.2f, %+.2f]\t%+.2f\t[%+.2f, %+.2f]\t\n", s.Seat, 100*s.Raw.Value, 100*s.Raw.Lo, 100*s.Raw.Hi,
				100*s.Adjusted.Value, 100*s.Adjusted.Lo, 100*s.Adjusted.Hi)
		}
		tw.Flush()
		fmt.Fprintln(w, acc.PrecisionSentence())
	}
	tw := newTable(w)
	fmt.Fprintln(tw, "chance event\tevents\tmean swing\tshare of the spread\t")
	for _, k := range acc.Kinds {
		fmt.Fprintf(tw, "%s\t%s\t%.2f points\t%.1f%%\t\n", k.Kind, format.Count(k.Events), 100*float64(k.MeanSwing), 100*float64(k.Share))
	}
	tw.Flush()
}
