package reports

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"dragonlab/reports/doc"
)

// Chart sizes: 8 × 5 inches, rendered at ChartDPI, so a PNG is 1200 × 750 pixels.
const (
	ChartWidth  = 8 * vg.Inch
	ChartHeight = 5 * vg.Inch
	ChartDPI    = 150
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
// reference line.
var (
	FairColor = color.RGBA{213, 94, 0, 255}
	GreyColor = color.RGBA{120, 120, 120, 255}
	barColor  = color.RGBA{86, 180, 233, 255}
)

// SeriesColor is the colour of the i-th seat or series: the palette in turn.
func SeriesColor(i int) color.Color { return palette[i%len(palette)] }

// newPlot makes a plot with the report's fonts and a two-line title.
func newPlot(title, subtitle, xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	if subtitle != "" {
		p.Title.Text += "\n" + subtitle
	}
	sans := func(f *font.Font, size vg.Length) {
		f.Typeface, f.Variant, f.Size = "Liberation", "Sans", size
	}
	sans(&p.Title.TextStyle.Font, 14)
	sans(&p.X.Label.TextStyle.Font, 12)
	sans(&p.Y.Label.TextStyle.Font, 12)
	sans(&p.X.Tick.Label.Font, 11)
	sans(&p.Y.Tick.Label.Font, 11)
	sans(&p.Legend.TextStyle.Font, 11)
	p.X.Tick.Marker = cleanTicks{}
	p.Y.Tick.Marker = cleanTicks{}
	p.Title.Padding = 6
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	p.Legend.Top = true
	p.Legend.Padding = 3
	p.Legend.ThumbnailWidth = 0.35 * vg.Inch
	g := plotter.NewGrid()
	g.Vertical.Color = color.Gray{225}
	g.Horizontal.Color = color.Gray{225}
	g.Vertical.Width = 0 // horizontal lines only, unless a chart turns them on
	p.Add(g)
	return p
}

// cleanTicks are gonum/plot's default ticks labelled without trailing zeros ("75", not
// "75.00").
type cleanTicks struct{}

func (cleanTicks) Ticks(lo, hi float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(lo, hi)
	for i := range ts {
		if ts[i].Label != "" {
			l := strconv.FormatFloat(ts[i].Value, 'f', 4, 64)
			l = strings.TrimRight(strings.TrimRight(l, "0"), ".")
			if l == "-0" {
				l = "0"
			}
			ts[i].Label = l
		}
	}
	return ts
}

// Render draws the plot as PNG (at ChartDPI) and SVG, w × h.
func Render(p *plot.Plot, name string, w, h vg.Length) (*Chart, error) {
	img := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(ChartDPI))
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

// errThumb is the legend thumbnail of error bars: a line with caps.
type errThumb struct {
	style    draw.LineStyle
	vertical bool
}

func (t errThumb) Thumbnail(c *draw.Canvas) {
	midX, midY := (c.Min.X+c.Max.X)/2, (c.Min.Y+c.Max.Y)/2
	capLen := vg.Points(4)
	if t.vertical {
		c.StrokeLine2(t.style, midX, c.Min.Y, midX, c.Max.Y)
		c.StrokeLine2(t.style, midX-capLen, c.Min.Y, midX+capLen, c.Min.Y)
		c.StrokeLine2(t.style, midX-capLen, c.Max.Y, midX+capLen, c.Max.Y)
		return
	}
	c.StrokeLine2(t.style, c.Min.X, midY, c.Max.X, midY)
	c.StrokeLine2(t.style, c.Min.X, midY-capLen, c.Min.X, midY+capLen)
	c.StrokeLine2(t.style, c.Max.X, midY-capLen, c.Max.X, midY+capLen)
}

// SeatChart draws the seats' win shares as bars with their 95% Wilson intervals and a
// line at the fair share (for a solitaire: the success rate and its interval).
func SeatChart(a *Analysis, name string) (*Chart, error) {
	n := len(a.Seats)
	var p *plot.Plot
	if a.Solitaire() {
		p = newPlot(a.Label, fmt.Sprintf("success rate with 95%% Wilson interval, %s games", Count(a.Games)),
			"", "games won (%)")
	} else {
		p = newPlot(a.Label, fmt.Sprintf("win share by seat with 95%% Wilson intervals, %s %s", Count(a.Decisive), a.gamesWord()),
			"seat (in playing order; seat 0 moves first)", "win share (% of "+a.gamesWord()+")")
	}
	vals := make(plotter.Values, n)
	pts := ErrXY{XYs: make(plotter.XYs, n), Lo: make([]float64, n), Hi: make([]float64, n)}
	names := make([]string, n)
	top := 0.0
	for i, s := range a.Seats {
		vals[i] = 100 * s.Share
		pts.XYs[i] = plotter.XY{X: float64(i), Y: 100 * s.Share}
		pts.Lo[i] = 100 * (s.Share - s.CI.Lo)
		pts.Hi[i] = 100 * (s.CI.Hi - s.Share)
		names[i] = fmt.Sprintf("seat %d", i)
		if s.Agent != "" && !SameAgents(a.Result) {
			names[i] += "\n" + s.Agent
		}
		if a.Solitaire() {
			names[i] = a.Result.Agents[0]
		}
		top = math.Max(top, 100*s.CI.Hi)
	}
	width := vg.Length(math.Min(1.2, 4.5/float64(n))) * vg.Inch
	bars, err := plotter.NewBarChart(vals, width)
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", name, err)
	}
	bars.Color = barColor
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
	p.Legend.Add("95% interval", errThumb{eb.LineStyle, true})
	if !a.Solitaire() {
		fair := 100 * a.Fair
		line, err := plotter.NewLine(plotter.XYs{{X: -0.5, Y: fair}, {X: float64(n) - 0.5, Y: fair}})
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", name, err)
		}
		line.Color = FairColor
		line.Width = vg.Points(2)
		line.Dashes = []vg.Length{vg.Points(6), vg.Points(4)}
		p.Add(line)
		p.Legend.Add("fair share "+pctShort(a.Fair), line)
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
	return Render(p, name, ChartWidth, ChartHeight)
}

// binning chooses a bin width so that a histogram over [lo, hi] has at most maxBins bins.
func binning(lo, hi int64, maxBins int64) int64 {
	span := hi - lo + 1
	w := int64(1)
	for span/w > maxBins {
		w++
	}
	return w
}

// histRange is the smallest and largest counted value of some histograms.
func histRange(hs ...histView) (lo, hi int64, ok bool) {
	for _, h := range hs {
		for i, c := range h.counts {
			if c == 0 {
				continue
			}
			v := h.lo + int64(i)
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

// histView is the part of sim.Hist the charts need.
type histView struct {
	lo     int64
	counts []int64
}

// binned sums the histogram into bins of width w starting at lo, as percentages.
func binned(h histView, lo, hi, w int64) []float64 {
	nb := (hi-lo)/w + 1
	out := make([]float64, nb)
	var total int64
	for i, c := range h.counts {
		v := h.lo + int64(i)
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

// binLabel describes the bin width for a subtitle.
func binNote(w int64, unit string) string {
	if w == 1 {
		return ""
	}
	return fmt.Sprintf(", in bins of %d %s", w, unit)
}

// ScoreChart draws each seat's distribution of final scores as a step line.
func ScoreChart(a *Analysis, name string) (*Chart, error) {
	hs := make([]histView, len(a.Result.Aggregate.Seats))
	for i, t := range a.Result.Aggregate.Seats {
		hs[i] = histView{t.ScoreHist.Lo, t.ScoreHist.Counts}
	}
	lo, hi, ok := histRange(hs...)
	if !ok {
		return nil, nil
	}
	w := binning(lo, hi, 60)
	p := newPlot(a.Label, "distribution of final scores by seat"+binNote(w, "points"), "final score (points)", "games (% of the seat's games)")
	for i, h := range hs {
		pcts := binned(h, lo, hi, w)
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
		line.Color = SeriesColor(i)
		line.Width = vg.Points(2)
		if i%2 == 1 {
			line.Dashes = []vg.Length{vg.Points(5), vg.Points(2)}
		}
		p.Add(line)
		lab := fmt.Sprintf("seat %d", i)
		if a.Solitaire() {
			lab = a.Result.Agents[0]
		}
		if sa := a.Seats[i]; !math.IsNaN(sa.Score.Mean) {
			lab += fmt.Sprintf(": mean %s", num(sa.Score.Mean, 1))
		}
		p.Legend.Add(lab, line)
	}
	p.Y.Min = 0
	p.Y.Max *= 1.25 // room for the legend
	return Render(p, name, ChartWidth, ChartHeight)
}

// LengthChart draws the histogram of game lengths in decisions.
func LengthChart(a *Analysis, name string) (*Chart, error) {
	h := histView{a.Result.Aggregate.DecisionsHist.Lo, a.Result.Aggregate.DecisionsHist.Counts}
	lo, hi, ok := histRange(h)
	if !ok {
		return nil, nil
	}
	w := binning(lo, hi, 60)
	pcts := binned(h, lo, hi, w)
	p := newPlot(a.Label, fmt.Sprintf("game length over %s games%s", Count(a.Games), binNote(w, "decisions")),
		"game length (decisions: moves chosen by the agents)", "games (%)")
	bins := make([]plotter.HistogramBin, len(pcts))
	for b, v := range pcts {
		bins[b] = plotter.HistogramBin{Min: float64(lo+int64(b)*w) - 0.5, Max: float64(lo+int64(b+1)*w) - 0.5, Weight: v}
	}
	hist := &plotter.Histogram{Bins: bins, Width: float64(w), FillColor: barColor, LineStyle: draw.LineStyle{Color: color.White, Width: vg.Points(0.5)}}
	p.Add(hist)
	p.Legend.Add("games", hist)
	if a.Length.N > 0 {
		m := a.Length.Mean
		mean, err := plotter.NewLine(plotter.XYs{{X: m, Y: 0}, {X: m, Y: maxOf(pcts) * 1.1}})
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", name, err)
		}
		mean.Color = FairColor
		mean.Width = vg.Points(2)
		mean.Dashes = []vg.Length{vg.Points(6), vg.Points(4)}
		p.Add(mean)
		p.Legend.Add(fmt.Sprintf("mean %s %s", num(m, 1), ivNum(a.Length.CI, 1)), mean)
	}
	p.Y.Min = 0
	p.Y.Max = math.Min(maxOf(pcts)*1.3, 100)
	if span := float64(hi - lo + 1); span < 15 { // a few values: keep the bars narrow
		pad := (15 - span) / 2
		p.X.Min, p.X.Max = float64(lo)-0.5-pad, float64(hi)+0.5+pad
	}
	return Render(p, name, ChartWidth, ChartHeight)
}

func maxOf(xs []float64) float64 {
	m := 0.0
	for _, x := range xs {
		m = math.Max(m, x)
	}
	return m
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
func AdvantageChart(as []*Analysis, name string) (*Chart, error) {
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
	fr := make([]ForestRow, len(rows))
	for k, a := range rows {
		fr[k] = ForestRow{Label: shortLabels[a], V: 100 * a.FPA, Lo: 100 * a.FPACI.Lo, Hi: 100 * a.FPACI.Hi, Sig: a.Seats[0].PHolm < Alpha}
	}
	return Forest("First-player advantage across the study", "seat 0's win share minus the fair share, with 95% intervals",
		"first-player advantage (percentage points)", name, fr)
}
