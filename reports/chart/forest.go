package chart

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// ForestRow is one line of a forest plot: a point estimate with its interval, in points.
type ForestRow struct {
	Label     string
	V, Lo, Hi float64
	Sig       bool
}

// ForestStyle adjusts a forest plot; the zero value is the default look.
type ForestStyle struct {
	SigLabel, NotLabel string  // legend entries (default: "significant (Holm p < 0.05)", "not significant")
	MinHalfRange       float64 // the x axis spans at least [-MinHalfRange, MinHalfRange]
	Compact            bool    // less height per row (pages with several charts)
}

// Forest draws rows (first at the top) as points with horizontal 95% intervals and a
// line at zero; significant rows (Holm p < 0.05) in the report's highlight colour.
func Forest(title, subtitle, xLabel, name string, rows []ForestRow, style ...ForestStyle) (*Chart, error) {
	var st ForestStyle
	if len(style) > 0 {
		st = style[0]
	}
	if st.SigLabel == "" {
		st.SigLabel = "significant (Holm p < 0.05)"
	}
	if st.NotLabel == "" {
		st.NotLabel = "not significant"
	}
	p := NewPlot(title, subtitle, xLabel, "")
	p.Add(plotter.NewGrid()) // vertical lines too
	n := len(rows)
	var sig, not ErrXY
	names := make([]string, n)
	minX, maxX := -st.MinHalfRange, st.MinHalfRange
	for k, r := range rows {
		y := float64(n - 1 - k)
		names[n-1-k] = r.Label
		dst := &not
		if r.Sig {
			dst = &sig
		}
		dst.XYs = append(dst.XYs, plotter.XY{X: r.V, Y: y})
		dst.Lo = append(dst.Lo, r.V-r.Lo)
		dst.Hi = append(dst.Hi, r.Hi-r.V)
		minX, maxX = math.Min(minX, r.Lo), math.Max(maxX, r.Hi)
	}
	zero, err := plotter.NewLine(plotter.XYs{{X: 0, Y: -0.5}, {X: 0, Y: float64(n) - 0.5}})
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", name, err)
	}
	zero.Color = GreyColor
	zero.Width = vg.Points(1.5)
	p.Add(zero)
	for _, set := range []struct {
		e     ErrXY
		col   color.Color
		label string
	}{{sig, FairColor, st.SigLabel}, {not, SeriesColor(0), st.NotLabel}} {
		if len(set.e.XYs) == 0 {
			continue
		}
		eb, err := plotter.NewXErrorBars(set.e)
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", name, err)
		}
		eb.Color = set.col
		eb.Width = vg.Points(1.5)
		sc, err := plotter.NewScatter(set.e.XYs)
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", name, err)
		}
		sc.GlyphStyle.Color = set.col
		sc.GlyphStyle.Radius = vg.Points(3.5)
		sc.GlyphStyle.Shape = draw.CircleGlyph{}
		p.Add(eb, sc)
		p.Legend.Add(set.label, ErrThumb{eb.LineStyle, false}, sc)
	}
	p.NominalY(names...)
	hIn, legend := math.Max(4, 1.8+0.32*float64(n)), 0.55
	if st.Compact {
		hIn, legend = math.Max(3, 1.5+0.2*float64(n)), 0.45
	}
	rowsRange(p, n, hIn, legend)
	pad := math.Max(1, 0.08*(maxX-minX))
	p.X.Min, p.X.Max = minX-pad, maxX+pad
	p.Legend.Left = false
	return Render(p, name, Width, vg.Length(hIn)*vg.Inch)
}

// SetRowsRange leaves room above n nominal rows for the legend (about half an inch) in
// a chart hIn inches high.
func SetRowsRange(p *plot.Plot, n int, hIn float64) { rowsRange(p, n, hIn, 0.55) }

// rowsRange leaves legend inches above n nominal rows in a chart hIn inches high.
func rowsRange(p *plot.Plot, n int, hIn, legend float64) {
	area := hIn - 1.3 // less the title and the x axis
	nRows := float64(n) + 0.4
	p.Y.Min, p.Y.Max = -0.7, float64(n)-0.3+legend*nRows/(area-legend)
}
