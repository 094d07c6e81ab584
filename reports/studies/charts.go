package studies

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"dragonlab/agents"
	"dragonlab/reports"
)

// bandColor fills 95% bands: the first series colour, translucent.
var bandColor = color.NRGBA{0, 114, 178, 55}

// newPlot makes a study chart with a two-line title. Its style is not that of the report
// charts (reports keeps its own): gonum/plot's default tick labels and grid lines in both
// directions; the typeface is the reports' (Liberation Sans), as in the text around it.
func newPlot(title, subtitle, xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	if subtitle != "" {
		p.Title.Text += "\n" + subtitle
	}
	sans(&p.Title.TextStyle.Font, 14)
	p.Title.Padding = 6
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	sans(&p.X.Label.TextStyle.Font, 12)
	sans(&p.Y.Label.TextStyle.Font, 12)
	sans(&p.X.Tick.Label.Font, 11)
	sans(&p.Y.Tick.Label.Font, 11)
	sans(&p.Legend.TextStyle.Font, 11)
	p.Legend.Top = true
	p.Legend.Padding = 3
	p.Legend.ThumbnailWidth = 0.35 * vg.Inch
	g := plotter.NewGrid()
	g.Vertical.Color = color.Gray{225}
	g.Horizontal.Color = color.Gray{225}
	p.Add(g)
	return p
}

// sans sets a chart font to Liberation Sans of the given size.
func sans(f *font.Font, size vg.Length) {
	f.Typeface, f.Variant, f.Size = "Liberation", "Sans", size
}

// series is one line of points with intervals.
type series struct {
	name   string
	x, y   []float64
	lo, hi []float64 // interval bounds (absolute), NaN for none
	color  color.Color
	dashed bool
}

// addSeries draws a line through the points, markers and error bars.
func addSeries(p *plot.Plot, s series, bars bool) error {
	xys := make(plotter.XYs, len(s.x))
	for i := range s.x {
		xys[i] = plotter.XY{X: s.x[i], Y: s.y[i]}
	}
	line, pts, err := plotter.NewLinePoints(xys)
	if err != nil {
		return err
	}
	line.Color = s.color
	line.Width = vg.Points(1.5)
	if s.dashed {
		line.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	}
	pts.Color = s.color
	pts.Shape = draw.CircleGlyph{}
	pts.Radius = vg.Points(3)
	p.Add(line, pts)
	if bars && s.lo != nil {
		e := reports.ErrXY{XYs: xys, Lo: make([]float64, len(xys)), Hi: make([]float64, len(xys))}
		for i := range xys {
			e.Lo[i] = math.Max(0, s.y[i]-s.lo[i])
			e.Hi[i] = math.Max(0, s.hi[i]-s.y[i])
		}
		eb, err := plotter.NewYErrorBars(e)
		if err != nil {
			return err
		}
		eb.Color = s.color
		eb.Width = vg.Points(1.2)
		p.Add(eb)
	}
	if s.name != "" {
		p.Legend.Add(s.name, line, pts)
	}
	return nil
}

// addBand draws the filled band between lo and hi over x.
func addBand(p *plot.Plot, x, lo, hi []float64, c color.Color) error {
	if len(x) < 2 {
		return nil
	}
	poly := make(plotter.XYs, 0, 2*len(x))
	for i := range x {
		poly = append(poly, plotter.XY{X: x[i], Y: hi[i]})
	}
	for i := len(x) - 1; i >= 0; i-- {
		poly = append(poly, plotter.XY{X: x[i], Y: lo[i]})
	}
	pg, err := plotter.NewPolygon(poly)
	if err != nil {
		return err
	}
	pg.Color = c
	pg.LineStyle.Width = 0
	p.Add(pg)
	return nil
}

// addHLine draws a horizontal reference line from x0 to x1.
func addHLine(p *plot.Plot, y, x0, x1 float64, c color.Color, name string) error {
	l, err := plotter.NewLine(plotter.XYs{{X: x0, Y: y}, {X: x1, Y: y}})
	if err != nil {
		return err
	}
	l.Color = c
	l.Width = vg.Points(1)
	l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
	p.Add(l)
	if name != "" {
		p.Legend.Add(name, l)
	}
	return nil
}

// addVLine draws a vertical reference line from y0 to y1.
func addVLine(p *plot.Plot, x, y0, y1 float64, c color.Color, name string) error {
	l, err := plotter.NewLine(plotter.XYs{{X: x, Y: y0}, {X: x, Y: y1}})
	if err != nil {
		return err
	}
	l.Color = c
	l.Width = vg.Points(1.5)
	p.Add(l)
	if name != "" {
		p.Legend.Add(name, l)
	}
	return nil
}

// grid is a heat map's cells: z[r][c] at column c, row r (row 0 drawn at the top).
type grid struct {
	z    [][]float64
	cols int
}

func (g grid) Dims() (c, r int)    { return g.cols, len(g.z) }
func (g grid) Z(c, r int) float64  { return g.z[len(g.z)-1-r][c] }
func (g grid) X(c int) float64     { return float64(c) }
func (g grid) Y(r int) float64     { return float64(r) }
func (g grid) rows() int           { return len(g.z) }
func (g grid) yOf(row int) float64 { return float64(len(g.z) - 1 - row) }

// heatMap draws cells coloured on a diverging blue–red scale centred on mid, with a text
// label in each cell. rowNames are drawn top to bottom.
func heatMap(title, subtitle, xLabel, yLabel string, z [][]float64, labels [][]string, colNames, rowNames []string, mid, span float64, name string) (*reports.Chart, error) {
	p := newPlot(title, subtitle, xLabel, yLabel)
	g := grid{z: z, cols: len(colNames)}
	cm := moreland.SmoothBlueRed()
	cm.SetMin(mid - span)
	cm.SetMax(mid + span)
	hm := plotter.NewHeatMap(g, cm.Palette(255))
	hm.Min, hm.Max = mid-span, mid+span
	hm.NaN = color.Gray{235}
	hm.Underflow = cm.Palette(255).Colors()[0]
	pal := cm.Palette(255).Colors()
	hm.Overflow = pal[len(pal)-1]
	p.Add(hm)
	var xys plotter.XYs
	var texts []string
	for r := range z {
		for c := range z[r] {
			if labels[r][c] == "" {
				continue
			}
			xys = append(xys, plotter.XY{X: float64(c), Y: g.yOf(r)})
			texts = append(texts, labels[r][c])
		}
	}
	if len(xys) > 0 {
		lb, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: texts})
		if err != nil {
			return nil, err
		}
		size := vg.Points(11)
		if len(colNames) > 5 {
			size = vg.Points(8)
		}
		for i := range lb.TextStyle {
			lb.TextStyle[i].XAlign = text.XCenter
			lb.TextStyle[i].YAlign = text.YCenter
			sans(&lb.TextStyle[i].Font, size)
		}
		p.Add(lb)
	}
	var xt, yt []plot.Tick
	for c, n := range colNames {
		xt = append(xt, plot.Tick{Value: float64(c), Label: n})
	}
	for r, n := range rowNames {
		yt = append(yt, plot.Tick{Value: g.yOf(r), Label: n})
	}
	p.X.Tick.Marker = plot.ConstantTicks(xt)
	p.Y.Tick.Marker = plot.ConstantTicks(yt)
	p.X.Min, p.X.Max = -0.5, float64(len(colNames))-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(g.rows())-0.5
	w, h := reports.ChartWidth, reports.ChartHeight
	if len(colNames) > 4 || g.rows() > 4 {
		h = 6.5 * vg.Inch
	}
	return reports.Render(p, name, w, h)
}

// shortName keeps long agent specs readable on an axis.
func shortName(s string, max int) string {
	s = agents.Short(s) // options left at their defaults are not repeated
	r := []rune(s)
	if len(r) <= max {
		return s
	}
	return string(r[:max-1]) + "…"
}

// pct formats a share as a percentage with one decimal.
func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

// pct2 formats a share as a percentage with two decimals.
func pct2(x float64) string { return fmt.Sprintf("%.2f%%", 100*x) }

// ivPct formats an interval of shares as "[52.1, 55.3]" (percent).
func ivPct(iv reports.Interval) string { return fmt.Sprintf("[%.1f, %.1f]", 100*iv.Lo, 100*iv.Hi) }

// pts formats a difference of shares in percentage points with a sign.
func pts(d float64) string { return fmt.Sprintf("%+.1f pts", 100*d) }

// ivPts formats an interval of share differences in percentage points.
func ivPts(iv reports.Interval) string { return fmt.Sprintf("[%+.1f, %+.1f]", 100*iv.Lo, 100*iv.Hi) }

// pText formats a p-value for prose.
func pText(p float64) string {
	switch {
	case math.IsNaN(p):
		return "p = n/a"
	case p < 1e-4:
		return "p < 0.0001"
	case p < 0.001:
		return fmt.Sprintf("p = %.4f", p)
	default:
		return fmt.Sprintf("p = %.3f", p)
	}
}

// headroom raises the top of the y axis by frac of its range, so the legend (drawn at the
// top) does not cover the data.
func headroom(p *plot.Plot, frac float64) {
	p.Y.Max += frac * (p.Y.Max - p.Y.Min)
}
