package main

import (
	"fmt"
	"io"
	"os"
	"sort"

	"dragonlab/engine"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/value"
)

// loadLuck reads the value function of --luck (the game's own, or --value FILE): nil
// without --luck; every failure is bad input.
func loadLuck(luck bool, file string, g engine.Game, p engine.Params, players int) (*value.Loaded, error) {
	if !luck {
		if file != "" {
			return nil, badInput("--value applies only with --luck")
		}
		return nil, nil
	}
	var data []byte
	if file != "" {
		var err error
		if data, err = os.ReadFile(file); err != nil {
			return nil, badInput("read value function: %v", err)
		}
	}
	l, err := sim.LoadValue(g, p, players, data)
	if err != nil {
		if file != "" {
			return nil, badInput("--value %s: %v", file, err)
		}
		return nil, asBadInput(err)
	}
	return l, nil
}

// printLuck prints a run's luck accounting: the luck share, the seats' advantages raw and
// luck-adjusted, and the kinds of chance event by their mean swing.
func printLuck(w io.Writer, r *sim.Result) {
	l := r.Aggregate.Luck
	if l == nil || r.Games == 0 {
		return
	}
	pct := func(e sim.LuckEstimate) string {
		return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*e.Value, 100*e.Lo, 100*e.Hi)
	}
	fmt.Fprintf(w, "luck: %s of the outcome's variance is carried by the chance events; the seats' own decisions %s\n", pct(l.LuckShare()), pct(l.DecisionShare()))
	agents := r.Seating != sim.SeatFixed && r.Seating != sim.SeatReplay
	label := "seat"
	if agents {
		label = "agent"
	}
	tw := newTable(w)
	fmt.Fprintf(tw, "%s\tadvantage\t95%% interval\tluck-adjusted\t95%% interval\tvariance ratio\t\n", label)
	for s := 0; s < r.Players && r.Players > 1; s++ {
		raw, adj := l.Advantage(s, agents, false), l.Advantage(s, agents, true)
		fmt.Fprintf(tw, "%d\t%+.2f\t[%+.2f, %+.2f]\t%+.2f\t[%+.2f, %+.2f]\t%.2f×\t\n", s, 100*raw.Value, 100*raw.Lo, 100*raw.Hi,
			100*adj.Value, 100*adj.Lo, 100*adj.Hi, l.VarianceRatio(s, agents))
	}
	if r.Players > 1 {
		tw.Flush()
	}
	type kind struct {
		name         string
		events       int64
		swing, share float64
	}
	var ks []kind
	for k, e := range l.Events {
		if e.Events > 0 {
			ks = append(ks, kind{l.Kinds[k], e.Events, l.MeanSwing(k), l.KindShare(k)})
		}
	}
	sort.SliceStable(ks, func(i, j int) bool { return ks[i].swing > ks[j].swing })
	tw = newTable(w)
	fmt.Fprintln(tw, "chance event\tevents\tmean swing\tshare of the spread\t")
	for _, k := range ks {
		fmt.Fprintf(tw, "%s\t%s\t%.2f points\t%.1f%%\t\n", k.name, format.Count(k.events), 100*k.swing, 100*k.share)
	}
	tw.Flush()
}
