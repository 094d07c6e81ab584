package luck

import (
	"fmt"
	"math"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"dragonlab/reports/chart"
	"dragonlab/reports/doc"
	"dragonlab/reports/format"
)

// ReplayCaveat says what the replay share is and is not: it depends on the bots as much
// as on the game.
const ReplayCaveat = "This is the outcome variance fixed by the deal when the same bots replay it, not the luck of the game: " +
	"a bot's own randomness counts as \"not the deal\", so it depends on how random the bot is (the luck measured along " +
	"the game, luck accounting, does not)."

// Sentence says how much of the spread of results the deal fixes when the same bots
// replay it: "When the same bots replay a deal, the deal fixes about 23% [19%, 27%] of the
// variance of a game's outcome (over 1,000 deals, 8 replays each)." It is not the luck of
// the game (ReplayCaveat).
func (l *Stats) Sentence() string {
	p := l.Pooled
	if !p.Defined {
		return fmt.Sprintf("The outcome variance fixed by the deal cannot be estimated from %s (it needs two deals and some variation in the outcome).", format.Plural(p.Deals, "deal"))
	}
	return fmt.Sprintf("When the same bots replay a deal, the deal fixes about %s of the variance of a game's outcome %s (over %s with %d replays each).",
		format.Pct(p.Share.Value), format.IvPct(p.Share.Estimate), format.Plural(p.Deals, "deal"), l.K)
}

// Table lists the variance decomposition per seat and pooled.
func (l *Stats) Table() doc.TextTable {
	t := doc.TextTable{Title: "Variance of a game's win share fixed by the deal (the same bots replaying it)",
		Header: []string{"seat", "deals", "mean win share", "variance", "deal part", "rest", "deal's share", "95% interval"},
		Note:   Method}
	row := func(name string, v VarianceParts) []string {
		ls, iv := "–", "–"
		if v.Defined {
			ls, iv = format.Pct(v.Share.Value), format.IvPct(v.Share.Estimate)
		}
		return []string{name, format.Count(v.Deals), format.Pct(v.Mean), format.Num(v.Total, 4), format.Num(v.Deal, 4), format.Num(v.Rest, 4), ls, iv}
	}
	for s, v := range l.Seats {
		t.Rows = append(t.Rows, row(fmt.Sprintf("seat %d", s), v))
	}
	if len(l.Seats) > 1 {
		t.Rows = append(t.Rows, row("all seats", l.Pooled))
	}
	return t
}

// Sentence says how often the stronger agent beats the weaker on the same deal.
func (sd *SameDeal) Sentence() string {
	if sd.Deals == 0 {
		return "No duplicate deals were played."
	}
	versus := sd.Weaker
	if sd.Players > 2 {
		versus = fmt.Sprintf("%d copies of %s", sd.Players-1, sd.Weaker)
	}
	return fmt.Sprintf("On the same deal, %s does better than %s on %s of deals %s, ties on %s and does worse on %s (%s, every seat played by each).",
		sd.Stronger, versus, format.Pct(sd.Beats.Value), format.IvPct(sd.Beats.Estimate), format.Pct(sd.TiesShare.Value),
		format.Pct(float64(sd.Worse)/float64(sd.Deals)), format.Plural(sd.Deals, "deal"))
}

// Content is what replays say: the share of the outcome variance the deal fixes when the
// same bots replay it (with ReplayCaveat), the same-deal sentence when sd is not nil, the
// table and the chart.
func Content(l *Stats, sd *SameDeal, label, name string) (*doc.Content, error) {
	c := &doc.Content{Title: "Outcome fixed by the deal (replays)", Sentences: []string{l.Sentence()}, Tables: []doc.TextTable{l.Table()}, Notes: []string{ReplayCaveat, Method}}
	if sd != nil {
		c.Sentences = append(c.Sentences, sd.Sentence())
	}
	if err := c.AddChart(Chart(l, label, name)); err != nil {
		return nil, err
	}
	return c, nil
}

// Chart draws the luck share of each seat and of the seats pooled, with 95% bootstrap
// intervals; nil when none is defined.
func Chart(l *Stats, label, name string) (*chart.Chart, error) {
	var rows []chart.ForestRow
	if l.Pooled.Defined {
		rows = append(rows, chart.ForestRow{Label: "all seats", V: 100 * l.Pooled.Share.Value, Lo: 100 * l.Pooled.Share.Lo, Hi: 100 * l.Pooled.Share.Hi})
	}
	for s, v := range l.Seats {
		if v.Defined {
			rows = append(rows, chart.ForestRow{Label: fmt.Sprintf("seat %d", s), V: 100 * v.Share.Value, Lo: 100 * v.Share.Lo, Hi: 100 * v.Share.Hi})
		}
	}
	if len(rows) == 0 {
		return nil, nil
	}
	n := len(rows)
	p := chart.NewPlot(label, fmt.Sprintf("variance fixed by the deal when the same bots replay it, %s × %d replays, 95%% bootstrap intervals",
		format.Plural(l.Pooled.Deals, "deal"), l.K), "fixed by the deal (% of the variance of a game's win share)", "")
	p.Add(plotter.NewGrid())
	var e chart.ErrXY
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
	eb.Color = chart.SeriesColor(0)
	eb.Width = vg.Points(1.5)
	sc, err := plotter.NewScatter(e.XYs)
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", name, err)
	}
	sc.GlyphStyle.Color = chart.SeriesColor(0)
	sc.GlyphStyle.Radius = vg.Points(3.5)
	sc.GlyphStyle.Shape = draw.CircleGlyph{}
	p.Add(eb, sc)
	p.NominalY(names...)
	hIn := math.Max(3, 1.8+0.32*float64(n))
	p.Y.Min, p.Y.Max = -0.7, float64(n)-0.3
	p.X.Min, p.X.Max = -2, 102
	return chart.Render(p, name, chart.Width, vg.Length(hIn)*vg.Inch)
}
