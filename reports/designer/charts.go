package designer

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"dragonlab/reports/chart"
	"dragonlab/reports/format"
)

// chartSlug is a chart's file stem for a game: "draco-fairness".
func (g *Game) chartSlug(kind string) string {
	s := g.Game
	if g.Variant != "" {
		s += "-" + g.Variant
	}
	return s + "-" + kind
}

func (g *Game) label() string {
	t := g.Title
	if g.Variant != "" {
		t += " — variant " + g.Variant
	}
	return t
}

// FairnessChart is the forest plot of every seat's advantage over the fair share at every
// level and player count (points of win share, 95% intervals), the most skilled level of
// each player count first: each seat has its own mark, coloured by its own test (Holm
// p < 0.05), seat 0 at the top of each row. nil when no game had two or more players.
func (g *Game) FairnessChart() (*chart.Chart, error) {
	rows := g.fairnessRows()
	if len(rows) == 0 {
		return nil, nil
	}
	sub := "win share minus the fair share; 95% intervals"
	for _, r := range rows {
		if len(r.Seats) > 2 {
			sub = "each seat, seat 0 on top of its row; 95% intervals"
		}
	}
	return chart.SeatForest(g.label()+": is it fair?", sub,
		"advantage (percentage points of win share)", g.chartSlug("fairness"), rows,
		chart.ForestStyle{SigLabel: "this seat: significant (Holm p < 0.05)", NotLabel: "no significant difference", MinHalfRange: 1, Compact: true})
}

// LadderChart draws each level's Elo rating relative to the weakest level, one line per
// player count, with 95% intervals; nil without ratings.
func (g *Game) LadderChart() (*chart.Chart, error) {
	var series []*Answer
	var levels []string
	for _, a := range g.Configs {
		if a.Ladder != nil && len(a.Ladder.Elo) == len(a.Levels) {
			series = append(series, a)
			if len(levels) == 0 {
				for _, lv := range a.Levels {
					levels = append(levels, lv.Level)
				}
			}
		}
	}
	if len(series) == 0 {
		return nil, nil
	}
	name := g.chartSlug("ladder")
	p := chart.NewPlot(g.label()+": does skill matter?", fmt.Sprintf("Bradley–Terry ratings relative to %s; 95%% intervals", levels[0]),
		"level of play", "Elo above "+levels[0])
	lo, hi := 0.0, 0.0
	for k, a := range series {
		off := 0.12 * (float64(k) - float64(len(series)-1)/2)
		var e chart.ErrXY
		for i, el := range a.Ladder.Elo {
			if el == nil || math.IsNaN(el.Value) {
				continue
			}
			e.XYs = append(e.XYs, plotter.XY{X: float64(i) + off, Y: el.Value})
			e.Lo = append(e.Lo, el.Value-el.Lo)
			e.Hi = append(e.Hi, el.Hi-el.Value)
			lo, hi = math.Min(lo, el.Lo), math.Max(hi, el.Hi)
		}
		if len(e.XYs) == 0 {
			continue
		}
		col := chart.SeriesColor(k)
		line, pts, err := plotter.NewLinePoints(e.XYs)
		if err != nil {
			return nil, err
		}
		line.Color, line.Width = col, vg.Points(1.5)
		pts.Color, pts.Shape, pts.Radius = col, draw.CircleGlyph{}, vg.Points(3)
		eb, err := plotter.NewYErrorBars(e)
		if err != nil {
			return nil, err
		}
		eb.Color, eb.Width = col, vg.Points(1.5)
		p.Add(line, pts, eb)
		p.Legend.Add(fmt.Sprintf("%d players", a.Players), line, pts)
	}
	var ticks []plot.Tick
	for i, l := range levels {
		ticks = append(ticks, plot.Tick{Value: float64(i), Label: l})
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	p.X.Min, p.X.Max = -0.4, float64(len(levels))-0.6
	pad := 0.08 * (hi - lo)
	p.Y.Min, p.Y.Max = lo-pad, hi+3*pad+40
	p.Legend.Left = true
	return chart.Render(p, name, chart.Width, 3.4*vg.Inch)
}

// LeverChart draws seat 0's advantage against the seat lever (points of win share, 95%
// intervals), with the fair value and its interval; nil for a lever without seats.
func (a *Answer) LeverChart(g *Game, l *SweepAnswer, name string) (*chart.Chart, error) {
	if !l.Lever.Family() {
		return nil, nil
	}
	var e chart.ErrXY
	lo, hi := 0.0, 0.0
	for _, pt := range l.Points {
		if pt.Edge == nil {
			continue
		}
		v := 100 * pt.Edge.Value
		e.XYs = append(e.XYs, plotter.XY{X: pt.X, Y: v})
		e.Lo = append(e.Lo, v-100*pt.Edge.Lo)
		e.Hi = append(e.Hi, 100*pt.Edge.Hi-v)
		lo, hi = math.Min(lo, 100*pt.Edge.Lo), math.Max(hi, 100*pt.Edge.Hi)
	}
	if len(e.XYs) < 2 {
		return nil, nil
	}
	what := "seat 1's starting points"
	if a.Players > 2 {
		what = "each seat's starting points more than the seat before"
	}
	p := chart.NewPlot(fmt.Sprintf("%s, %d players: what to change?", g.label(), a.Players),
		fmt.Sprintf("seat 0's advantage under %s play; 95%% intervals", l.Level), what, "seat 0's advantage (points)")
	p.Add(plotter.NewGrid())
	x0, x1 := e.XYs[0].X, e.XYs[len(e.XYs)-1].X
	zero, err := plotter.NewLine(plotter.XYs{{X: x0 - 0.5, Y: 0}, {X: x1 + 0.5, Y: 0}})
	if err != nil {
		return nil, err
	}
	zero.Color, zero.Width = chart.GreyColor, vg.Points(1.5)
	p.Add(zero)
	if c := l.Compensation; c != nil && c.Found && c.Moves {
		ci := c.Value.Estimate
		band, err := plotter.NewPolygon(plotter.XYs{{X: math.Max(ci.Lo, x0-0.5), Y: lo - 100}, {X: math.Min(ci.Hi, x1+0.5), Y: lo - 100},
			{X: math.Min(ci.Hi, x1+0.5), Y: hi + 100}, {X: math.Max(ci.Lo, x0-0.5), Y: hi + 100}})
		if err != nil {
			return nil, err
		}
		band.Color = color.NRGBA{213, 94, 0, 40}
		band.LineStyle.Width = 0
		p.Add(band)
		fl, err := plotter.NewLine(plotter.XYs{{X: c.Value.Value, Y: lo - 100}, {X: c.Value.Value, Y: hi + 100}})
		if err != nil {
			return nil, err
		}
		fl.Color, fl.Width = chart.FairColor, vg.Points(1.5)
		fl.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		p.Add(fl)
		p.Legend.Add(fmt.Sprintf("fair at %s %s", format.Trim(c.Value.Value, 2), format.IvTrim(ci, 2)), fl)
	}
	line, pts, err := plotter.NewLinePoints(e.XYs)
	if err != nil {
		return nil, err
	}
	line.Color, line.Width = chart.SeriesColor(0), vg.Points(1.5)
	pts.Color, pts.Shape, pts.Radius = chart.SeriesColor(0), draw.CircleGlyph{}, vg.Points(3.5)
	eb, err := plotter.NewYErrorBars(e)
	if err != nil {
		return nil, err
	}
	eb.Color, eb.Width = chart.SeriesColor(0), vg.Points(1.5)
	p.Add(line, pts, eb)
	p.Legend.Add("seat 0's advantage", line, pts)
	p.X.Min, p.X.Max = x0-0.5, x1+0.5
	pad := 0.1 * (hi - lo)
	p.Y.Min, p.Y.Max = lo-pad, hi+3*pad
	// The advantage falls as later seats get more: the lower left is free for the legend
	// (and the upper right when it rises).
	p.Legend.Top, p.Legend.Left = false, true
	if e.XYs[len(e.XYs)-1].Y > e.XYs[0].Y {
		p.Legend.Top, p.Legend.Left = true, false
	}
	return chart.Render(p, name, chart.Width, 3.3*vg.Inch)
}
