package why

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"dragonlab/reports"
	"dragonlab/sim"
)

// barColor is the bars' colour (sky blue, as in the report's other charts).
var barColor = color.RGBA{86, 180, 233, 255}

// IWDChart is the forest plot of the key difference (IWD: win share when seen minus never
// seen) of the top components by its size, with 95% intervals. It returns nil when no
// component was tested.
func IWDChart(s *ComponentStats, label, name string, top int) (*reports.Chart, error) {
	var rows []reports.ForestRow
	for _, c := range s.Ranked() {
		es := s.KeyStat(c)
		if !es.Diff.Tested || (top > 0 && len(rows) >= top) {
			continue
		}
		rows = append(rows, reports.ForestRow{Label: c.Name, V: 100 * es.Diff.Value, Lo: 100 * es.Diff.CI.Lo, Hi: 100 * es.Diff.CI.Hi, Sig: es.PHolm < reports.Alpha})
	}
	if len(rows) == 0 {
		return nil, nil
	}
	ev := s.KeyEvent()
	with, without := eventPhrase(ev)
	sub := fmt.Sprintf("%s: win share %s minus %s, %s, with 95%% intervals", diffName(ev), with, without, s.Agent)
	return reports.Forest(label, sub, diffName(ev)+" (percentage points of win share)", name, rows)
}

// AblationChart draws what each action class is worth: the win share the agent loses when
// it is forbidden the class, as horizontal bars with 95% intervals, most valuable at the
// top. It returns nil when no class was tested.
func AblationChart(t *AblationTable, label, name string) (*reports.Chart, error) {
	var rows []AblationRow
	for _, r := range t.Rows {
		if r.Tested {
			rows = append(rows, r)
		}
	}
	if len(rows) == 0 {
		return nil, nil
	}
	n := len(rows)
	p := reports.NewPlot(label, fmt.Sprintf("what each action is worth to %s: win share lost when forbidden, 95%% intervals", agentOr(t.Base, "the agent")),
		"win share lost when forbidden (percentage points)", "")
	p.Add(plotter.NewGrid())
	vals := make(plotter.Values, n)
	var sig, not reports.ErrXY
	names := make([]string, n)
	minX, maxX := 0.0, 0.0
	for k, r := range rows { // rows are most costly first: draw them at the top
		w := r.Worth()
		y := float64(n - 1 - k)
		vals[n-1-k] = 100 * w.Value
		names[n-1-k] = r.Class
		dst := &not
		if r.PHolm < reports.Alpha {
			dst = &sig
		}
		dst.XYs = append(dst.XYs, plotter.XY{X: 100 * w.Value, Y: y})
		dst.Lo = append(dst.Lo, 100*(w.Value-w.CI.Lo))
		dst.Hi = append(dst.Hi, 100*(w.CI.Hi-w.Value))
		minX, maxX = math.Min(minX, 100*w.CI.Lo), math.Max(maxX, 100*w.CI.Hi)
	}
	hIn := math.Max(4, 1.8+0.36*float64(n))
	bars, err := plotter.NewBarChart(vals, vg.Length(math.Min(0.3, 0.6*(hIn-1.8)/float64(n)))*vg.Inch)
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", name, err)
	}
	bars.Horizontal = true
	bars.Color = barColor
	bars.LineStyle.Width = 0
	p.Add(bars)
	for _, set := range []struct {
		e     reports.ErrXY
		col   color.Color
		label string
	}{{sig, reports.FairColor, "significant (Holm p < 0.05)"}, {not, reports.GreyColor, "not significant"}} {
		if len(set.e.XYs) == 0 {
			continue
		}
		eb, err := plotter.NewXErrorBars(set.e)
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", name, err)
		}
		eb.Color = set.col
		eb.Width = vg.Points(2)
		p.Add(eb)
		p.Legend.Add(set.label, errThumb{eb.LineStyle})
	}
	p.NominalY(names...)
	reports.SetRowsRange(p, n, hIn)
	pad := math.Max(1, 0.08*(maxX-minX))
	p.X.Min, p.X.Max = minX-pad, maxX+pad
	p.Legend.Left = false
	return reports.Render(p, name, reports.ChartWidth, vg.Length(hIn)*vg.Inch)
}

// errThumb is the legend thumbnail of horizontal error bars: a line with caps.
type errThumb struct{ style draw.LineStyle }

func (t errThumb) Thumbnail(c *draw.Canvas) {
	midY, capLen := (c.Min.Y+c.Max.Y)/2, vg.Points(4)
	c.StrokeLine2(t.style, c.Min.X, midY, c.Max.X, midY)
	c.StrokeLine2(t.style, c.Min.X, midY-capLen, c.Min.X, midY+capLen)
	c.StrokeLine2(t.style, c.Max.X, midY-capLen, c.Max.X, midY+capLen)
}

func agentOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// histChart draws an integer histogram as bars (percent of the total), with the mean as
// a dashed line; nil for an empty histogram.
func histChart(h sim.Hist, mean Estimate, scale float64, title, subtitle, xLabel, unit, name string) (*reports.Chart, error) {
	lo, hi, ok := histRange(h)
	if !ok {
		return nil, nil
	}
	w := int64(1)
	for (hi-lo+1)/w > 60 {
		w++
	}
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
	p := reports.NewPlot(title, subtitle, xLabel, "games (%)")
	bins := make([]plotter.HistogramBin, nb)
	top := 0.0
	for b, v := range pcts {
		bins[b] = plotter.HistogramBin{Min: scale * (float64(lo+int64(b)*w) - 0.5), Max: scale * (float64(lo+int64(b+1)*w) - 0.5), Weight: v}
		top = math.Max(top, v)
	}
	hist := &plotter.Histogram{Bins: bins, Width: scale * float64(w), FillColor: barColor, LineStyle: draw.LineStyle{Color: color.White, Width: vg.Points(0.5)}}
	p.Add(hist)
	p.Legend.Add("games", hist)
	if mean.N > 0 {
		line, err := plotter.NewLine(plotter.XYs{{X: mean.Value * scale, Y: 0}, {X: mean.Value * scale, Y: top * 1.1}})
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", name, err)
		}
		line.Color = reports.FairColor
		line.Width = vg.Points(2)
		line.Dashes = []vg.Length{vg.Points(6), vg.Points(4)}
		p.Add(line)
		lab := "mean " + reports.Num(mean.Value*scale, 1)
		if mean.HasCI {
			lab += " " + reports.IvNum(reports.Interval{Lo: mean.CI.Lo * scale, Hi: mean.CI.Hi * scale}, 1)
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
	return reports.Render(p, name, reports.ChartWidth, reports.ChartHeight)
}

// histRange is the smallest and largest counted value of a histogram.
func histRange(h sim.Hist) (lo, hi int64, ok bool) {
	for i, c := range h.Counts {
		if c == 0 {
			continue
		}
		v := h.Lo + int64(i)
		if !ok {
			lo = v
		}
		hi, ok = v, true
	}
	return lo, hi, ok
}

// DurationChart is the histogram of game lengths in decisions.
func DurationChart(f *Feel, label, name string) (*reports.Chart, error) {
	return histChart(f.lengthHist, f.Duration, 1, label, fmt.Sprintf("game length over %s", reports.Plural(f.Games, "game")),
		"game length (decisions)", "decisions", name)
}

// LeadChangeChart is the histogram of lead changes per game.
func LeadChangeChart(f *Feel, label, name string) (*reports.Chart, error) {
	return histChart(f.leadHist, f.LeadChanges, 1, label, fmt.Sprintf("changes of the strict score leader per game, %s", reports.Plural(f.Games, "game")),
		"lead changes in a game", "changes", name)
}

// MarginChart is the histogram of the winner's final margin over decided games.
func MarginChart(f *Feel, label, name string) (*reports.Chart, error) {
	return histChart(f.marginHist, f.Margin, 1, label, fmt.Sprintf("winner's final score minus the best other score, %s", reports.Plural(f.Decided, "decided game")),
		"final margin (points)", "points", name)
}

// BranchingChart draws the mean number of legal actions per decision in each tenth of
// the game; nil when there were no decisions.
func BranchingChart(f *Feel, label, name string) (*reports.Chart, error) {
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
	p := reports.NewPlot(label, fmt.Sprintf("branching factor over the course of the game, %s", reports.Plural(f.Decisions, "decision")),
		"part of the game (% of its decisions)", "legal actions per decision (mean)")
	line, pts, err := plotter.NewLinePoints(xys)
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", name, err)
	}
	line.Color = reports.SeriesColor(0)
	line.Width = vg.Points(2)
	pts.Color = reports.SeriesColor(0)
	pts.Shape = draw.CircleGlyph{}
	pts.Radius = vg.Points(3)
	p.Add(line, pts)
	mean, err := plotter.NewLine(plotter.XYs{{X: 0, Y: f.Branching.Mean}, {X: 100, Y: f.Branching.Mean}})
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", name, err)
	}
	mean.Color = reports.GreyColor
	mean.Width = vg.Points(1.5)
	mean.Dashes = []vg.Length{vg.Points(6), vg.Points(4)}
	p.Add(mean)
	p.Legend.Add("mean in each tenth of the game", line, pts)
	p.Legend.Add("mean over all decisions "+reports.Num(f.Branching.Mean, 1), mean)
	p.X.Min, p.X.Max = 0, 100
	p.Y.Min, p.Y.Max = 0, math.Max(top, f.Branching.Mean)*1.35+0.5
	return reports.Render(p, name, reports.ChartWidth, reports.ChartHeight)
}

// LuckChart draws the luck share of each seat and of the seats pooled, with 95%
// bootstrap intervals; nil when none is defined.
func LuckChart(l *LuckStats, label, name string) (*reports.Chart, error) {
	var rows []reports.ForestRow
	if l.Pooled.Defined {
		rows = append(rows, reports.ForestRow{Label: "all seats", V: 100 * l.Pooled.Share.Value, Lo: 100 * l.Pooled.Share.CI.Lo, Hi: 100 * l.Pooled.Share.CI.Hi})
	}
	for s, v := range l.Seats {
		if v.Defined {
			rows = append(rows, reports.ForestRow{Label: fmt.Sprintf("seat %d", s), V: 100 * v.Share.Value, Lo: 100 * v.Share.CI.Lo, Hi: 100 * v.Share.CI.Hi})
		}
	}
	if len(rows) == 0 {
		return nil, nil
	}
	n := len(rows)
	p := reports.NewPlot(label, fmt.Sprintf("luck share: variance fixed by the deal, %s × %d replays, 95%% bootstrap intervals",
		reports.Plural(l.Pooled.Deals, "deal"), l.K), "luck share (% of the variance of a game's win share)", "")
	p.Add(plotter.NewGrid())
	var e reports.ErrXY
	names := make([]string, n)
	for k, r := range rows {
		names[n-1-k] = r.Label
		e.XYs = append(e.XYs, plotter.XY{X: r.V, Y: float64(n - 1 - k)})
		e.Lo = append(e.Lo, r.V-r.Lo)
		e.Hi = append(e.Hi, r.Hi-r.V)
	}
	eb, err := plotter.NewXErrorBars(e)
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", name, err)
	}
	eb.Color = reports.SeriesColor(0)
	eb.Width = vg.Points(1.5)
	sc, err := plotter.NewScatter(e.XYs)
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", name, err)
	}
	sc.GlyphStyle.Color = reports.SeriesColor(0)
	sc.GlyphStyle.Radius = vg.Points(3.5)
	sc.GlyphStyle.Shape = draw.CircleGlyph{}
	p.Add(eb, sc)
	p.NominalY(names...)
	hIn := math.Max(3, 1.8+0.32*float64(n))
	p.Y.Min, p.Y.Max = -0.7, float64(n)-0.3
	p.X.Min, p.X.Max = -2, 102
	return reports.Render(p, name, reports.ChartWidth, vg.Length(hIn)*vg.Inch)
}
