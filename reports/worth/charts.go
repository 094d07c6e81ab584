package worth

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"dragonlab/reports/chart"
	"dragonlab/sim/stats"
)

// IWDChart is the forest plot of the key difference (IWD: win share when seen minus never
// seen) of the top components by its size, with 95% intervals. It returns nil when no
// component was tested.
func IWDChart(s *ComponentStats, label, name string, top int) (*chart.Chart, error) {
	var rows []chart.ForestRow
	for _, c := range s.Ranked() {
		es := s.KeyStat(c)
		if !es.Diff.HasInterval() || (top > 0 && len(rows) >= top) {
			continue
		}
		rows = append(rows, chart.ForestRow{Label: c.Name, V: 100 * es.Diff.Value, Lo: 100 * es.Diff.Lo, Hi: 100 * es.Diff.Hi, Sig: es.PHolm < stats.Alpha})
	}
	if len(rows) == 0 {
		return nil, nil
	}
	ev := s.KeyEvent()
	with, without := eventPhrase(ev)
	sub := fmt.Sprintf("%s: win share %s minus %s, %s, with 95%% intervals", diffName(ev), with, without, s.Agent)
	return chart.Forest(label, sub, diffName(ev)+" (percentage points of win share)", name, rows)
}

// AblationChart draws what each action class is worth: the win share the agent loses when
// it is forbidden the class, as horizontal bars with 95% intervals, most valuable at the
// top. It returns nil when no class was tested.
func AblationChart(t *AblationTable, label, name string) (*chart.Chart, error) {
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
	base := t.Base
	if base == "" {
		base = "the agent"
	}
	p := chart.NewPlot(label, fmt.Sprintf("win share %s loses when one is forbidden; 95%% intervals", base),
		"win share lost when forbidden (percentage points)", "")
	p.Add(plotter.NewGrid())
	vals := make(plotter.Values, n)
	var sig, not chart.ErrXY
	names := make([]string, n)
	minX, maxX := 0.0, 0.0
	for k, r := range rows { // rows are most costly first: draw them at the top
		w := r.Worth()
		y := float64(n - 1 - k)
		vals[n-1-k] = 100 * w.Value
		names[n-1-k] = r.Class
		dst := &not
		if r.PHolm < stats.Alpha {
			dst = &sig
		}
		dst.XYs = append(dst.XYs, plotter.XY{X: 100 * w.Value, Y: y})
		dst.Lo = append(dst.Lo, 100*(w.Value-w.Lo))
		dst.Hi = append(dst.Hi, 100*(w.Hi-w.Value))
		minX, maxX = math.Min(minX, 100*w.Lo), math.Max(maxX, 100*w.Hi)
	}
	hIn := math.Max(4, 1.8+0.36*float64(n))
	bars, err := plotter.NewBarChart(vals, vg.Length(math.Min(0.3, 0.6*(hIn-1.8)/float64(n)))*vg.Inch)
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", name, err)
	}
	bars.Horizontal = true
	bars.Color = chart.BarColor
	bars.LineStyle.Width = 0
	p.Add(bars)
	for _, set := range []struct {
		e     chart.ErrXY
		col   color.Color
		label string
	}{{sig, chart.FairColor, "significant (Holm p < 0.05)"}, {not, chart.GreyColor, "not significant"}} {
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
		p.Legend.Add(set.label, chart.ErrThumb{Style: eb.LineStyle})
	}
	p.NominalY(names...)
	chart.SetRowsRange(p, n, hIn)
	pad := math.Max(1, 0.08*(maxX-minX))
	p.X.Min, p.X.Max = minX-pad, maxX+pad
	p.Legend.Left = false
	return chart.Render(p, name, chart.Width, vg.Length(hIn)*vg.Inch)
}
