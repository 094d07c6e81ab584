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

// SeatMark is one seat's estimate in a row of a seat forest plot, in points; Sig is the
// seat's own test (Holm p < 0.05).
type SeatMark struct {
	Seat      int
	V, Lo, Hi float64
	Sig       bool
}

// SeatRow is one row of a seat forest plot: every seat of one player count and level.
type SeatRow struct {
	Label string
	Seats []SeatMark
}

// seatShapes tell the seats apart (filled glyphs first); the colour says the test.
var seatShapes = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.PyramidGlyph{}, draw.BoxGlyph{}, draw.CrossGlyph{}, draw.PlusGlyph{}, draw.RingGlyph{}}

// SeatShape is the glyph of seat s in a seat forest plot.
func SeatShape(s int) draw.GlyphDrawer { return seatShapes[s%len(seatShapes)] }

// SeatForest draws rows (first at the top) of every seat's advantage with its 95%
// interval and a line at zero: each seat's mark has its own shape (SeatShape), seat 0
// at the top of its row and the others below in order, and its own colour — the
// highlight colour when its own test is significant — so the colours agree with a legend
// that speaks of a seat. Say in the subtitle that seat 0 is on top.
func SeatForest(title, subtitle, xLabel, name string, rows []SeatRow, style ...ForestStyle) (*Chart, error) {
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
	p.Add(plotter.NewGrid())
	n := len(rows)
	maxSeats := 1
	for _, r := range rows {
		maxSeats = max(maxSeats, len(r.Seats))
	}
	names := make([]string, n)
	minX, maxX := -st.MinHalfRange, st.MinHalfRange
	zero, err := plotter.NewLine(plotter.XYs{{X: 0, Y: -0.5}, {X: 0, Y: float64(n) - 0.5}})
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", name, err)
	}
	zero.Color, zero.Width = GreyColor, vg.Points(1.5)
	p.Add(zero)
	var sigThumb, notThumb *plotter.XErrorBars
	for k, r := range rows {
		y := float64(n - 1 - k)
		names[n-1-k] = r.Label
		m := len(r.Seats)
		for i, sm := range r.Seats {
			off := 0.0
			if m > 1 {
				off = 0.62 * (float64(m-1)/2 - float64(i)) / float64(m-1) // seat 0 on top
			}
			e := ErrXY{XYs: plotter.XYs{{X: sm.V, Y: y + off}}, Lo: []float64{sm.V - sm.Lo}, Hi: []float64{sm.Hi - sm.V}}
			col := color.Color(SeriesColor(0))
			if sm.Sig {
				col = FairColor
			}
			eb, err := plotter.NewXErrorBars(e)
			if err != nil {
				return nil, fmt.Errorf("chart %s: %w", name, err)
			}
			eb.Color, eb.Width, eb.CapWidth = col, vg.Points(1.2), vg.Points(3)
			sc, err := plotter.NewScatter(e.XYs)
			if err != nil {
				return nil, fmt.Errorf("chart %s: %w", name, err)
			}
			sc.GlyphStyle.Color, sc.GlyphStyle.Radius, sc.GlyphStyle.Shape = col, vg.Points(3), SeatShape(sm.Seat)
			p.Add(eb, sc)
			if sm.Sig && sigThumb == nil {
				sigThumb = eb
			}
			if !sm.Sig && notThumb == nil {
				notThumb = eb
			}
			minX, maxX = math.Min(minX, sm.Lo), math.Max(maxX, sm.Hi)
		}
	}
	if sigThumb != nil {
		p.Legend.Add(st.SigLabel, ErrThumb{sigThumb.LineStyle, false})
	}
	if notThumb != nil {
		p.Legend.Add(st.NotLabel, ErrThumb{notThumb.LineStyle, false})
	}
	// Light lines between the rows: the marks of one row stay together.
	for k := 1; k < n; k++ {
		sep, err := plotter.NewLine(plotter.XYs{{X: -1e6, Y: float64(k) - 0.5}, {X: 1e6, Y: float64(k) - 0.5}})
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", name, err)
		}
		sep.Color, sep.Width = color.Gray{200}, vg.Points(0.6)
		p.Add(sep)
	}
	p.NominalY(names...)
	per := 0.12 + 0.05*float64(maxSeats)
	hIn := math.Max(3, 1.5+per*float64(n))
	rowsRange(p, n, hIn, 0.45)
	pad := math.Max(1, 0.08*(maxX-minX))
	p.X.Min, p.X.Max = minX-pad, maxX+pad
	p.Legend.Left = false
	return Render(p, name, Width, vg.Length(hIn)*vg.Inch)
}
