package fairness

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"dragonlab/reports/chart"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// SeatChart draws the seats' win shares as bars with their 95% Wilson intervals and a
// line at the fair share (for a solitaire: the success rate and its interval).
func SeatChart(a *Analysis, name string) (*chart.Chart, error) {
	n := len(a.Seats)
	var p *plot.Plot
	if a.Solitaire() {
		p = chart.NewPlot(a.Label, fmt.Sprintf("success rate with 95%% Wilson interval, %s games", format.Count(a.Games)),
			"", "games won (%)")
	} else {
		p = chart.NewPlot(a.Label, fmt.Sprintf("win share by seat with 95%% Wilson intervals, %s %s", format.Count(a.Decisive), a.GamesWord()),
			"seat (in playing order; seat 0 moves first)", "win share (% of "+a.GamesWord()+")")
	}
	vals := make(plotter.Values, n)
	pts := chart.ErrXY{XYs: make(plotter.XYs, n), Lo: make([]float64, n), Hi: make([]float64, n)}
	names := make([]string, n)
	top := 0.0
	for i, s := range a.Seats {
		vals[i] = 100 * s.Share.Value
		pts.XYs[i] = plotter.XY{X: float64(i), Y: 100 * s.Share.Value}
		pts.Lo[i] = 100 * (s.Share.Value - s.Share.Lo)
		pts.Hi[i] = 100 * (s.Share.Hi - s.Share.Value)
		names[i] = fmt.Sprintf("seat %d", i)
		if s.Agent != "" && !SameAgents(a.Result) {
			names[i] += "\n" + s.Agent
		}
		if a.Solitaire() {
			names[i] = a.Result.Agents[0]
		}
		top = math.Max(top, 100*s.Share.Hi)
	}
	width := vg.Length(math.Min(1.2, 4.5/float64(n))) * vg.Inch
	bars, err := plotter.NewBarChart(vals, width)
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", name, err)
	}
	bars.Color = chart.BarColor
	bars.LineStyle.Width = 0
	eb, err := plotter.NewYErrorBars(pts)
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", name, err)
	}
	eb.LineStyle.Width = vg.Points(1.5)
	eb.CapWidth = width / 3
	p.Add(bars, eb)
	if a.Solitaire() {
		p.Legend.Add("success rate", bars)
	} else {
		p.Legend.Add("win share", bars)
	}
	p.Legend.Add("95% interval", chart.ErrThumb{Style: eb.LineStyle, Vertical: true})
	if !a.Solitaire() {
		fair := 100 * a.Fair
		line, err := chart.AddDashed(p, plotter.XYs{{X: -0.5, Y: fair}, {X: float64(n) - 0.5, Y: fair}}, chart.FairColor, vg.Points(2))
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", name, err)
		}
		p.Legend.Add("fair share "+format.PctShort(a.Fair), line)
		top = math.Max(top, fair)
	}
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.6, float64(n)-0.4
	p.Y.Min = 0
	p.Y.Max = math.Min(100, top*1.3+1) // room for the legend above the bars
	if top*1.3+1 > 100 {
		p.Y.Max = 100
		p.Legend.Top = false
	}
	return chart.Render(p, name, chart.Width, chart.Height)
}

// ScoreChart draws each seat's distribution of final scores as a step line.
func ScoreChart(a *Analysis, name string) (*chart.Chart, error) {
	hs := make([]sim.Hist, len(a.Result.Aggregate.Seats))
	for i, t := range a.Result.Aggregate.Seats {
		hs[i] = t.ScoreHist
	}
	lo, hi, ok := chart.HistRange(hs...)
	if !ok {
		return nil, nil
	}
	w := chart.BinWidth(lo, hi, 60)
	p := chart.NewPlot(a.Label, "distribution of final scores by seat"+chart.BinNote(w, "points"), "final score (points)", "games (% of the seat's games)")
	for i, h := range hs {
		pcts := chart.Binned(h, lo, hi, w)
		xys := make(plotter.XYs, 0, len(pcts)+2)
		// Step lines centred on each bin; a zero bin at each end closes the outline.
		xys = append(xys, plotter.XY{X: float64(lo) - float64(w), Y: 0})
		for b, v := range pcts {
			xys = append(xys, plotter.XY{X: float64(lo + int64(b)*w), Y: v})
		}
		xys = append(xys, plotter.XY{X: float64(lo + int64(len(pcts))*w), Y: 0})
		for k := range xys {
			xys[k].X += float64(w-1) / 2
		}
		line, err := plotter.NewLine(xys)
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", name, err)
		}
		line.StepStyle = plotter.MidStep
		line.Color = chart.SeriesColor(i)
		line.Width = vg.Points(2)
		if i%2 == 1 {
			line.Dashes = []vg.Length{vg.Points(5), vg.Points(2)}
		}
		p.Add(line)
		lab := fmt.Sprintf("seat %d", i)
		if a.Solitaire() {
			lab = a.Result.Agents[0]
		}
		if sa := a.Seats[i]; !math.IsNaN(sa.Score.Value) {
			lab += fmt.Sprintf(": mean %s", format.Num(sa.Score.Value, 1))
		}
		p.Legend.Add(lab, line)
	}
	p.Y.Min = 0
	p.Y.Max *= 1.25 // room for the legend
	return chart.Render(p, name, chart.Width, chart.Height)
}

// shortLabelsOf names results briefly for a chart axis: "Draco 5p mcts", "Dragonheart 2p
// mcts/random" (titles cut at their first parenthesis, agents at their options).
func shortLabelsOf(as []*Analysis) map[*Analysis]string {
	out := map[*Analysis]string{}
	seen := map[string]int{}
	for _, a := range as {
		t := a.Title
		if i := strings.Index(t, " ("); i > 0 {
			t = t[:i]
		}
		var agents []string
		for _, s := range a.Result.Agents {
			name, _, _ := strings.Cut(s, ":")
			if len(agents) == 0 || agents[len(agents)-1] != name {
				agents = append(agents, name)
			}
		}
		if SameAgents(a.Result) {
			agents = agents[:1]
		}
		l := fmt.Sprintf("%s %dp %s", t, a.Players, strings.Join(agents, "/"))
		seen[l]++
		if seen[l] > 1 {
			l += fmt.Sprintf(" (%d)", seen[l])
		}
		out[a] = l
	}
	return out
}

// AdvantageChart compares the first-player advantage (seat 0's share minus the fair
// share, in percentage points, with 95% intervals) across the results of a study. It
// returns nil when no result has two or more players.
func AdvantageChart(as []*Analysis, name string) (*chart.Chart, error) {
	var rows []*Analysis
	for _, a := range as {
		if !a.Solitaire() && a.Decisive > 0 {
			rows = append(rows, a)
		}
	}
	if len(rows) == 0 {
		return nil, nil
	}
	shortLabels := shortLabelsOf(rows)
	fr := make([]chart.ForestRow, len(rows))
	for k, a := range rows {
		fr[k] = chart.ForestRow{Label: shortLabels[a], V: 100 * a.FPA.Value, Lo: 100 * a.FPA.Lo, Hi: 100 * a.FPA.Hi, Sig: a.Seats[0].PHolm < stats.Alpha}
	}
	return chart.Forest("First-player advantage across the study", "seat 0's win share minus the fair share, with 95% intervals",
		"first-player advantage (percentage points)", name, fr)
}
