package feel

import (
	"fmt"
	"math"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"dragonlab/reports/chart"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// histChart draws an integer histogram as bars (percent of the total), with the mean as
// a dashed line; nil for an empty histogram.
func histChart(h sim.Hist, mean stats.Estimate, scale float64, title, subtitle, xLabel, unit, name string) (*chart.Chart, error) {
	lo, hi, ok := chart.HistRange(h)
	if !ok {
		return nil, nil
	}
	w := chart.BinWidth(lo, hi, 60)
	nb := (hi-lo)/w + 1
	pcts := make([]float64, nb)
	total := float64(h.Total())
	for i, c := range h.Counts {
		if v := h.Lo + int64(i); c > 0 {
			pcts[(v-lo)/w] += 100 * float64(c) / total
		}
	}
	if w > 1 {
		subtitle += fmt.Sprintf(", in bins of %d %s", w, unit)
	}
	p := chart.NewPlot(title, subtitle, xLabel, "games (%)")
	bins := make([]plotter.HistogramBin, nb)
	top := 0.0
	for b, v := range pcts {
		bins[b] = plotter.HistogramBin{Min: scale * (float64(lo+int64(b)*w) - 0.5), Max: scale * (float64(lo+int64(b+1)*w) - 0.5), Weight: v}
		top = math.Max(top, v)
	}
	chart.AddHistogram(p, bins, scale*float64(w))
	if mean.N > 0 {
		line, err := chart.AddDashed(p, plotter.XYs{{X: mean.Value * scale, Y: 0}, {X: mean.Value * scale, Y: top * 1.1}}, chart.FairColor, vg.Points(2))
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", name, err)
		}
		lab := "mean " + format.Num(mean.Value*scale, 1)
		if mean.HasInterval() {
			lab += " " + format.IvNum(mean.Scale(scale), 1)
		}
		p.Legend.Add(lab, line)
	}
	p.Y.Min = 0
	p.Y.Max = math.Min(top*1.3, 100)
	span := float64(hi - lo + 1)
	pad := math.Max(0.03*span, (15-span)/2) // a few values: keep the bars narrow
	xMin, xMax := float64(lo)-0.5-pad, float64(hi)+0.5+pad
	if lo >= 0 && xMin < -0.5 { // counts are never negative: pad on the right instead
		xMin, xMax = -0.5, xMax+(-0.5-xMin)
	}
	p.X.Min, p.X.Max = scale*xMin, scale*xMax
	return chart.Render(p, name, chart.Width, chart.Height)
}

// DurationChart is the histogram of game lengths in decisions.
func DurationChart(f *Analysis, label, name string) (*chart.Chart, error) {
	return histChart(f.lengthHist, f.Duration, 1, label, fmt.Sprintf("game length over %s", format.Plural(f.Games, "game")),
		"game length (decisions)", "decisions", name)
}

// LeadChangeChart is the histogram of lead changes per game.
func LeadChangeChart(f *Analysis, label, name string) (*chart.Chart, error) {
	return histChart(f.leadHist, f.LeadChanges, 1, label, fmt.Sprintf("changes of the strict score leader per game, %s", format.Plural(f.Games, "game")),
		"lead changes in a game", "changes", name)
}

// MarginChart is the histogram of the winner's final margin over decided games.
func MarginChart(f *Analysis, label, name string) (*chart.Chart, error) {
	return histChart(f.marginHist, f.Margin, 1, label, fmt.Sprintf("winner's final score minus the best other score, %s", format.Plural(f.Decided, "decided game")),
		"final margin (points)", "points", name)
}

// BranchingChart draws the mean number of legal actions per decision in each tenth of
// the game; nil when there were no decisions.
func BranchingChart(f *Analysis, label, name string) (*chart.Chart, error) {
	var xys plotter.XYs
	top := 0.0
	for d, v := range f.ByDecile {
		if f.DecileDecisions[d] > 0 {
			xys = append(xys, plotter.XY{X: 10*float64(d) + 5, Y: v})
			top = math.Max(top, v)
		}
	}
	if len(xys) == 0 {
		return nil, nil
	}
	p := chart.NewPlot(label, fmt.Sprintf("branching factor over the course of the game, %s", format.Plural(f.Decisions, "decision")),
		"part of the game (% of its decisions)", "legal actions per decision (mean)")
	line, pts, err := plotter.NewLinePoints(xys)
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", name, err)
	}
	line.Color = chart.SeriesColor(0)
	line.Width = vg.Points(2)
	pts.Color = chart.SeriesColor(0)
	pts.Shape = draw.CircleGlyph{}
	pts.Radius = vg.Points(3)
	p.Add(line, pts)
	mean, err := chart.AddDashed(p, plotter.XYs{{X: 0, Y: f.Branching.Mean}, {X: 100, Y: f.Branching.Mean}}, chart.GreyColor, vg.Points(1.5))
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", name, err)
	}
	p.Legend.Add("mean in each tenth of the game", line, pts)
	p.Legend.Add("mean over all decisions "+format.Num(f.Branching.Mean, 1), mean)
	p.X.Min, p.X.Max = 0, 100
	p.Y.Min, p.Y.Max = 0, math.Max(top, f.Branching.Mean)*1.35+0.5
	return chart.Render(p, name, chart.Width, chart.Height)
}
