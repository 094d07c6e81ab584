package analysis

import (
	"dragonlab/agents"
	"dragonlab/reports/format"
	"dragonlab/reports/worth"
	"dragonlab/sim/experiment"
	"fmt"
	"io"
)

func analyzeAblate(a *experiment.Analysis) ([]string, error) {
	var o experiment.AblateOptions
	if err := a.Options(&o); err != nil {
		return nil, err
	}
	var rows []worth.AblationInput
	for _, r := range o.Restrictions {
		rows = append(rows, worth.AblationInput{Forbid: r.Forbid, File: a.File(r.Run), Result: a.Result(r.Run)})
	}
	ab, err := worth.AnalyzeAblation(meta(a, o.Meta), o.Base, o.Meta.Players, o.Classes, a.Result(o.Baseline), a.File(o.Baseline), rows)
	if err != nil {
		return nil, err
	}
	printAblation(a.Stdout, ab)
	return ab.Write(a.Dir)
}

func printAblation(w io.Writer, ab *worth.Ablation) {
	if ab.Table == nil {
		fmt.Fprintf(w, "restricted play: %s, %d players, base %s: nothing played\n", ab.Meta.Game, ab.Players, agents.Short(ab.Base))
		return
	}
	fmt.Fprintf(w, "restricted play: %s, %d players, base %s, fair share %.2f%%\n", ab.Meta.Game, ab.Players, agents.Short(ab.Base), 100*ab.Table.Baseline)
	tw := newTable(w)
	fmt.Fprintln(tw, "forbidden\tdeals\twin share\tworth\t95% interval\tHolm p\t")
	for _, r := range ab.Table.Rows {
		if !r.Tested {
			fmt.Fprintf(tw, "%s\t%s\t–\t–\t–\t–\t\n", r.Class, format.Count(r.Deals))
			continue
		}
		wv := r.Worth()
		fmt.Fprintf(tw, "%s\t%s\t%.2f%%\t%+.2f pts\t[%+.2f, %+.2f]\t%.4g\t\n", r.Class, format.Count(r.Deals), 100*r.Share.Value,
			100*wv.Value, 100*wv.Lo, 100*wv.Hi, r.PHolm)
	}
	tw.Flush()
	for _, f := range ab.Findings {
		fmt.Fprintln(w, f)
	}
}
