package chart

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"dragonlab/agents"
)

// Series is one line of points with intervals.
type Series struct {
	Name   string
	X, Y   []float64
	Lo, Hi []float64 // interval bounds (absolute); nil for none
	Color  color.Color
	Dashed bool
}

// AddSeries draws a line through the points, markers and, with bars, error bars.
func AddSeries(p *plot.Plot, s Series, bars bool) error {
	xys := make(plotter.XYs, len(s.X))
	for i := range s.X {
		xys[i] = plotter.XY{X: s.X[i], Y: s.Y[i]}
	}
	line, pts, err := plotter.NewLinePoints(xys)
	if err != nil {
		return err
	}
	line.Color = s.Color
	line.Width = vg.Points(1.5)
	if s.Dashed {
		line.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	}
	pts.Color = s.Color
	pts.Shape = draw.CircleGlyph{}
	pts.Radius = vg.Points(3)
	p.Add(line, pts)
	if bars && s.Lo != nil {
		e := ErrXY{XYs: xys, Lo: make([]float64, len(xys)), Hi: make([]float64, len(xys))}
		for i := range xys {
			e.Lo[i] = math.Max(0, s.Y[i]-s.Lo[i])
			e.Hi[i] = math.Max(0, s.Hi[i]-s.Y[i])
		}
		eb, err := plotter.NewYErrorBars(e)
		if err != nil {
			return err
		}
		eb.Color = s.Color
		eb.Width = vg.Points(1.2)
		p.Add(eb)
	}
	if s.Name != "" {
		p.Legend.Add(s.Name, line, pts)
	}
	return nil
}

// AddBand draws the filled band between lo and hi over x.
func AddBand(p *plot.Plot, x, lo, hi []float64, c color.Color) error {
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

// AddHLine draws a horizontal reference line from x0 to x1.
func AddHLine(p *plot.Plot, y, x0, x1 float64, c color.Color, name string) error {
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

// AddVLine draws a vertical reference line from y0 to y1.
func AddVLine(p *plot.Plot, x, y0, y1 float64, c color.Color, name string) error {
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

// HeatMap draws cells z[row][column] coloured on a diverging blue–red scale centred on
// mid (Moreland 2009), with a text label in each cell, in the experiment reports' style
// (NewGridPlot). rowNames are drawn top to bottom.
func HeatMap(title, subtitle, xLabel, yLabel string, z [][]float64, labels [][]string, colNames, rowNames []string, mid, span float64, name string) (*Chart, error) {
	p := NewGridPlot(title, subtitle, xLabel, yLabel)
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
	w, h := Width, Height
	if len(colNames) > 4 || g.rows() > 4 {
		h = 6.5 * vg.Inch
	}
	return Render(p, name, w, h)
}

// ShortName keeps a long agent spec readable on an axis: agents.Short, cut to max runes
// with an ellipsis.
func ShortName(s string, max int) string {
	s = agents.Short(s) // options left at their defaults are not repeated
	r := []rune(s)
	if len(r) <= max {
		return s
	}
	return string(r[:max-1]) + "…"
}

// Headroom raises the top of the y axis by frac of its range, so the legend (drawn at the
// top) does not cover the data.
func Headroom(p *plot.Plot, frac float64) {
	p.Y.Max += frac * (p.Y.Max - p.Y.Min)
}
