// Package chart is the look of every chart of the reports: sizes, fonts, colours, tick
// labels, the two plot styles, error bars, forest plots, line series with bands, heat
// maps, and rendering to PNG and SVG (gonum/plot). The analyses draw their charts with
// it; the report model (reports/doc) embeds them.
package chart

import (
	"bytes"
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/sim"
)

// Chart sizes: 6 × 3.75 inches, rendered at DPI, so a PNG is 900 × 563 pixels. The
// width keeps the smallest text (MinFont, the tick labels) at least 9 CSS pixels tall on
// a 400-pixel phone, where a chart fills the text column (about 370 pixels):
// 11 × 370/432 ≈ 9.4.
const (
	Width  = 6 * vg.Inch
	Height = 3.75 * vg.Inch
	DPI    = 150
	// MinFont is the smallest font size of a chart, in points (= SVG user units).
	MinFont = 11
)

// Chart is one rendered chart (the report model's chart).
type Chart = doc.Chart

// Okabe–Ito colours: distinguishable with every common colour-vision deficiency.
var palette = []color.Color{
	color.RGBA{0, 114, 178, 255},   // blue
	color.RGBA{230, 159, 0, 255},   // orange
	color.RGBA{0, 158, 115, 255},   // bluish green
	color.RGBA{204, 121, 167, 255}, // reddish purple
	color.RGBA{86, 180, 233, 255},  // sky blue
	color.RGBA{213, 94, 0, 255},    // vermillion
	color.RGBA{240, 228, 66, 255},  // yellow
}

// Colours of the charts: FairColor marks what is fair (or expected), GreyColor a neutral
// reference line, BarColor the bars of bar charts and histograms (sky blue), BandColor
// the fill of 95% bands (the first series colour, translucent).
var (
	FairColor = color.RGBA{213, 94, 0, 255}
	GreyColor = color.RGBA{120, 120, 120, 255}
	BarColor  = color.RGBA{86, 180, 233, 255}
	BandColor = color.NRGBA{0, 114, 178, 55}
)

// SeriesColor is the colour of the i-th seat or series: the palette in turn.
func SeriesColor(i int) color.Color { return palette[i%len(palette)] }

// sans sets a chart font to Liberation Sans of the given size (the typeface of the text
// around the charts).
func sans(f *font.Font, size vg.Length) {
	f.Typeface, f.Variant, f.Size = "Liberation", "Sans", size
}

// newPlot makes a plot with the charts' fonts, a two-line title, the legend at the top
// and a light grid, and returns the grid too.
func newPlot(title, subtitle, xLabel, yLabel string) (*plot.Plot, *plotter.Grid) {
	p := plot.New()
	p.Title.Text = title
	if subtitle != "" {
		p.Title.Text += "\n" + subtitle
	}
	sans(&p.Title.TextStyle.Font, 13)
	sans(&p.X.Label.TextStyle.Font, 12)
	sans(&p.Y.Label.TextStyle.Font, 12)
	sans(&p.X.Tick.Label.Font, MinFont)
	sans(&p.Y.Tick.Label.Font, MinFont)
	sans(&p.Legend.TextStyle.Font, MinFont)
	p.Title.Padding = 6
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	p.Legend.Top = true
	p.Legend.Padding = 3
	p.Legend.ThumbnailWidth = 0.35 * vg.Inch
	g := plotter.NewGrid()
	g.Vertical.Color = color.Gray{225}
	g.Horizontal.Color = color.Gray{225}
	p.Add(g)
	return p, g
}

// NewPlot makes a plot in the reports' style: fonts, a two-line title, tick labels
// without trailing zeros and horizontal grid lines (a chart may add vertical ones).
func NewPlot(title, subtitle, xLabel, yLabel string) *plot.Plot {
	p, g := newPlot(title, subtitle, xLabel, yLabel)
	p.X.Tick.Marker = cleanTicks{}
	p.Y.Tick.Marker = cleanTicks{}
	g.Vertical.Width = 0 // horizontal lines only, unless a chart turns them on
	return p
}

// NewGridPlot makes a plot in the experiment reports' style (tournament, ladder, sweep):
// the same fonts and title as NewPlot, gonum/plot's default tick labels and grid lines in
// both directions.
func NewGridPlot(title, subtitle, xLabel, yLabel string) *plot.Plot {
	p, _ := newPlot(title, subtitle, xLabel, yLabel)
	return p
}

// cleanTicks are gonum/plot's default ticks labelled without trailing zeros ("75", not
// "75.00").
type cleanTicks struct{}

func (cleanTicks) Ticks(lo, hi float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(lo, hi)
	for i := range ts {
		if ts[i].Label != "" {
			ts[i].Label = format.Trim(ts[i].Value, 4)
		}
	}
	return ts
}

// Render draws the plot as PNG (at DPI) and SVG, w × h.
func Render(p *plot.Plot, name string, w, h vg.Length) (*Chart, error) {
	img := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(DPI))
	p.Draw(draw.New(img))
	var png bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&png); err != nil {
		return nil, fmt.Errorf("chart %s: %w", name, err)
	}
	svgc := vgsvg.New(w, h)
	p.Draw(draw.New(svgc))
	var svg bytes.Buffer
	if _, err := svgc.WriteTo(&svg); err != nil {
		return nil, fmt.Errorf("chart %s: %w", name, err)
	}
	return &Chart{Name: name, Title: p.Title.Text, PNG: png.Bytes(), SVG: svg.Bytes(), Width: w, Height: h}, nil
}

// ErrXY is points with asymmetric vertical or horizontal errors, for
// plotter.NewYErrorBars and plotter.NewXErrorBars.
type ErrXY struct {
	plotter.XYs
	Lo, Hi []float64 // distances below and above (or left and right of) each point
}

// YError is the distance below and above point i.
func (e ErrXY) YError(i int) (float64, float64) { return e.Lo[i], e.Hi[i] }

// XError is the distance left and right of point i.
func (e ErrXY) XError(i int) (float64, float64) { return e.Lo[i], e.Hi[i] }

// ErrThumb is the legend thumbnail of error bars: a line with caps, vertical or
// horizontal.
type ErrThumb struct {
	Style    draw.LineStyle
	Vertical bool
}

// Thumbnail implements plot.Thumbnailer.
func (t ErrThumb) Thumbnail(c *draw.Canvas) {
	midX, midY := (c.Min.X+c.Max.X)/2, (c.Min.Y+c.Max.Y)/2
	capLen := vg.Points(4)
	if t.Vertical {
		c.StrokeLine2(t.Style, midX, c.Min.Y, midX, c.Max.Y)
		c.StrokeLine2(t.Style, midX-capLen, c.Min.Y, midX+capLen, c.Min.Y)
		c.StrokeLine2(t.Style, midX-capLen, c.Max.Y, midX+capLen, c.Max.Y)
		return
	}
	c.StrokeLine2(t.Style, c.Min.X, midY, c.Max.X, midY)
	c.StrokeLine2(t.Style, c.Min.X, midY-capLen, c.Min.X, midY+capLen)
	c.StrokeLine2(t.Style, c.Max.X, midY-capLen, c.Max.X, midY+capLen)
}

// HistRange is the smallest and largest counted value of some histograms (ok false when
// they count nothing).
func HistRange(hs ...sim.Hist) (lo, hi int64, ok bool) {
	for _, h := range hs {
		for i, c := range h.Counts {
			if c == 0 {
				continue
			}
			v := h.Lo + int64(i)
			if !ok || v < lo {
				lo = v
			}
			if !ok || v > hi {
				hi = v
			}
			ok = true
		}
	}
	return lo, hi, ok
}

// BinWidth is the smallest bin width that covers the values lo..hi in at most maxBins
// bins.
func BinWidth(lo, hi, maxBins int64) int64 {
	span := hi - lo + 1
	w := int64(1)
	for span/w > maxBins {
		w++
	}
	return w
}

// Binned sums a histogram into bins of width w starting at lo (up to hi), as percentages
// of all its values.
func Binned(h sim.Hist, lo, hi, w int64) []float64 {
	nb := (hi-lo)/w + 1
	out := make([]float64, nb)
	var total int64
	for i, c := range h.Counts {
		v := h.Lo + int64(i)
		total += c
		if v < lo || v > hi {
			continue
		}
		out[(v-lo)/w] += float64(c)
	}
	if total > 0 {
		for i := range out {
			out[i] *= 100 / float64(total)
		}
	}
	return out
}

// BinNote describes the bin width for a subtitle: ", in bins of 5 points" ("" for 1).
func BinNote(w int64, unit string) string {
	if w == 1 {
		return ""
	}
	return fmt.Sprintf(", in bins of %d %s", w, unit)
}

// AddHistogram draws histogram bins (weights in percent) of the given width as bars in
// BarColor with thin white edges, with the legend entry "games".
func AddHistogram(p *plot.Plot, bins []plotter.HistogramBin, width float64) {
	hist := &plotter.Histogram{Bins: bins, Width: width, FillColor: BarColor, LineStyle: draw.LineStyle{Color: color.White, Width: vg.Points(0.5)}}
	p.Add(hist)
	p.Legend.Add("games", hist)
}

// AddDashed draws a dashed reference line (a fair share, a mean) through xys in colour c
// and width w, and returns it for the legend.
func AddDashed(p *plot.Plot, xys plotter.XYs, c color.Color, w vg.Length) (*plotter.Line, error) {
	line, err := plotter.NewLine(xys)
	if err != nil {
		return nil, err
	}
	line.Color = c
	line.Width = w
	line.Dashes = []vg.Length{vg.Points(6), vg.Points(4)}
	p.Add(line)
	return line, nil
}
