package analysis

import (
	"dragonlab/reports/change"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"fmt"
	"io"
	"strings"
)

func analyzeSweep(a *experiment.Analysis) ([]string, error) {
	var o experiment.SweepOptions
	if err := a.Options(&o); err != nil {
		return nil, err
	}
	results, files := make([]*sim.Result, len(o.Runs)), make([]string, len(o.Runs))
	for i, name := range o.Runs {
		results[i], files[i] = a.Result(name), a.File(name)
	}
	sw, err := change.AnalyzeSweep(meta(a, o.Meta), o.Agents, o.Meta.Players, o.Vary, results, files)
	if err != nil {
		return nil, err
	}
	printSweep(a.Stdout, sw)
	return sw.Write(a.Dir)
}

func printSweep(w io.Writer, s *change.Sweep) {
	var keys []string
	for _, v := range s.Vary {
		keys = append(keys, v.Key)
	}
	fmt.Fprintf(w, "sweep of %s: %s, %d players, %d runs\n", strings.Join(keys, " × "), s.Meta.Game, s.Players, len(s.Cells))
	tw := newTable(w)
	hdr := strings.Join(keys, "\t") + "\tgames"
	for seat := 0; seat < s.Players; seat++ {
		hdr += fmt.Sprintf("\tseat %d", seat)
	}
	fmt.Fprintln(tw, hdr+"\tseat 0 advantage\t95% interval\tdecisions\t")
	for _, c := range s.Cells {
		row := strings.Join(c.Values, "\t") + "\t" + format.Count(c.Games)
		for _, sh := range c.Seats {
			row += fmt.Sprintf("\t%.2f%%", 100*sh.Share.Value)
		}
		fmt.Fprintf(tw, "%s\t%+.2f pts\t[%+.2f, %+.2f]\t%.1f\t\n", row, 100*c.Advantage, 100*c.AdvCI.Lo, 100*c.AdvCI.Hi, c.Length.Value)
	}
	tw.Flush()
	for _, c := range s.Compensation {
		fmt.Fprintln(w, c.Text)
	}
}
