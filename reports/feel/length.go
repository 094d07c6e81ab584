package feel

import (
	"fmt"
	"math"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"dragonlab/reports/chart"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// Length is the game length of a run in decisions, from its aggregate alone (no game-feel
// metrics needed): the mean with its t interval (stats.MeanT; NaN without games) and the
// standard deviation.
type Length struct {
	Mean stats.Estimate
	SD   float64
}

// LengthOf reads the game length of a run's aggregate.
func LengthOf(agg *sim.Aggregate) Length {
	_, sd := stats.MeanStdDev(agg.Games, agg.DecisionsSum, agg.DecisionsSumSq)
	return Length{Mean: stats.MeanT(agg.Games, agg.DecisionsSum, agg.DecisionsSumSq), SD: sd}
}

// Sentence says how long games last, "" with fewer than two games.
func (l Length) Sentence() string {
	if l.Mean.N < 2 {
		return ""
	}
	return fmt.Sprintf("Games last %s decisions on average %s (standard deviation %s).",
		format.Num(l.Mean.Value, 1), format.IvNum(l.Mean, 1), format.Num(l.SD, 1))
}

// LengthChart draws the histogram of game lengths h (decisions) of games games with
// their mean; nil for an empty histogram.
func LengthChart(label string, games int64, h sim.Hist, mean stats.Estimate, name string) (*chart.Chart, error) {
	lo, hi, ok := chart.HistRange(h)
	if !ok {
		return nil, nil
	}
	w := chart.BinWidth(lo, hi, 60)
	pcts := chart.Binned(h, lo, hi, w)
	p := chart.NewPlot(label, fmt.Sprintf("game length over %s games%s", format.Count(games), chart.BinNote(w, "decisions")),
		"game length (decisions: moves chosen by the agents)", "games (%)")
	bins := make([]plotter.HistogramBin, len(pcts))
	top := 0.0
	for b, v := range pcts {
		bins[b] = plotter.HistogramBin{Min: float64(lo+int64(b)*w) - 0.5, Max: float64(lo+int64(b+1)*w) - 0.5, Weight: v}
		top = math.Max(top, v)
	}
	chart.AddHistogram(p, bins, float64(w))
	if mean.N > 0 {
		m := mean.Value
		line, err := chart.AddDashed(p, plotter.XYs{{X: m, Y: 0}, {X: m, Y: top * 1.1}}, chart.FairColor, vg.Points(2))
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", name, err)
		}
		p.Legend.Add(fmt.Sprintf("mean %s %s", format.Num(m, 1), format.IvNum(mean, 1)), line)
	}
	p.Y.Min = 0
	p.Y.Max = math.Min(top*1.3, 100)
	if span := float64(hi - lo + 1); span < 15 { // a few values: keep the bars narrow
		pad := (15 - span) / 2
		p.X.Min, p.X.Max = float64(lo)-0.5-pad, float64(hi)+0.5+pad
	}
	return chart.Render(p, name, chart.Width, chart.Height)
}
