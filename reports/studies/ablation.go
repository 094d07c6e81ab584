package studies

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"dragonlab/reports"
	"dragonlab/sim"
)

// Restricted play (Jaffe, Miller, Andersen, Liu, Karlin & Popović, "Evaluating Competitive
// Game Balance with Restricted Play", AIIDE 2012): the value of a kind of action is what a
// player loses when it may never choose it (unless nothing else is legal), against
// unrestricted copies of itself on the same deals. Each restriction is one duplicate run,
// the restricted agent alone against copies of the base agent and rotated through every
// seat; a baseline run (the base agent against copies of itself, on the same deals) gives
// the share an unrestricted player gets in that seat arrangement.

// AblationInput is one restriction's run.
type AblationInput struct {
	Forbid []string    // the forbidden action classes
	File   string      // results file (name within the output directory)
	Result *sim.Result // nil when not played
}

// AblationRow is the analysis of one restriction.
type AblationRow struct {
	Forbid   []string `json:"forbid"`
	File     string   `json:"file"`
	Games    int64    `json:"games"`
	Complete bool     `json:"complete"`
	// Paired is the restricted agent's result on the duplicate deals.
	Paired Paired `json:"paired"`
	// Delta is the change of win share per game caused by the restriction: the restricted
	// agent's share minus the baseline share, with its 95% interval, standard error, the
	// z test's p-value and Holm's adjustment over the restrictions of the report.
	Delta   float64          `json:"delta"`
	DeltaCI reports.Interval `json:"deltaCI"`
	SE      float64          `json:"se"`
	P       float64          `json:"p"`
	HolmP   float64          `json:"holmP"`
}

// AblationBaseline is the unrestricted base agent's expected share per seat.
type AblationBaseline struct {
	File     string  `json:"file"`
	Games    int64   `json:"games"`
	NoWinner int64   `json:"noWinner"`
	Share    float64 `json:"share"` // (games won by someone / games) / players
	SE       float64 `json:"se"`
	Played   bool    `json:"played"` // false: the baseline run was not played, 1/players assumed
}

// Ablation is the analysis of a restricted-play experiment.
type Ablation struct {
	Meta     Meta             `json:"meta"`
	Base     string           `json:"base"`
	Players  int              `json:"players"`
	Classes  []string         `json:"classes"` // every action class of the game
	Baseline AblationBaseline `json:"baseline"`
	Rows     []AblationRow    `json:"rows"` // in the order of the plan
	Findings []string         `json:"findings"`
	Notes    []string         `json:"notes,omitempty"`
}

// AnalyzeAblation analyses the runs of a restricted-play experiment: baseline is the base
// agent against copies of itself (nil if not played), rows the restrictions.
func AnalyzeAblation(meta Meta, base string, players int, classes []string, baseline *sim.Result, baselineFile string, rows []AblationInput) (*Ablation, error) {
	if players < 2 {
		return nil, errors.New("restricted play needs at least two players")
	}
	a := &Ablation{Meta: meta, Base: base, Players: players, Classes: classes}
	n := float64(players)
	a.Baseline = AblationBaseline{File: baselineFile, Share: 1 / n}
	if r := baseline; r != nil && r.Games > 0 {
		if r.Seating != sim.SeatDuplicate || len(r.ByAgent) != players {
			return nil, fmt.Errorf("baseline: want a duplicate-seating run of %d players", players)
		}
		q := float64(r.NoWinner) / float64(r.Games)
		a.Baseline = AblationBaseline{File: baselineFile, Games: r.Games, NoWinner: r.NoWinner, Played: true,
			Share: (1 - q) / n, SE: math.Sqrt(q*(1-q)/float64(r.Games)) / n}
	} else {
		a.Notes = append(a.Notes, fmt.Sprintf("The baseline run was not played: the baseline share is taken as the fair 1/%d.", players))
	}
	z := zTwoSided(Level)
	var ps []float64
	for _, in := range rows {
		r := in.Result
		if r == nil || r.Games == 0 {
			continue
		}
		if r.Seating != sim.SeatDuplicate || len(r.ByAgent) != players {
			return nil, fmt.Errorf("restriction %s: want a duplicate-seating run of %d players", strings.Join(in.Forbid, "+"), players)
		}
		row := AblationRow{Forbid: in.Forbid, File: in.File, Games: r.Games, Complete: r.Complete,
			Paired: AnalyzePaired(r.Aggregate.Paired, players)}
		// The restricted share's standard error from its deal-clustered interval (never
		// zero: the effective size is clamped to the number of games), combined with the
		// baseline's.
		seR := (row.Paired.CI.Hi - row.Paired.CI.Lo) / (2 * z)
		row.SE = math.Hypot(seR, a.Baseline.SE)
		row.Delta = row.Paired.Share - a.Baseline.Share
		row.DeltaCI = reports.Interval{Lo: row.Delta - z*row.SE, Hi: row.Delta + z*row.SE}
		row.P = 1
		if row.SE > 0 {
			row.P = normalP(row.Delta / row.SE)
		}
		a.Rows = append(a.Rows, row)
		ps = append(ps, row.P)
	}
	for i, p := range reports.Holm(ps) {
		a.Rows[i].HolmP = p
	}
	a.findings()
	return a, nil
}

// ranked is the rows ordered by their change of win share, most costly restriction first.
func (a *Ablation) ranked() []*AblationRow {
	out := make([]*AblationRow, len(a.Rows))
	for i := range a.Rows {
		out[i] = &a.Rows[i]
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Delta < out[j].Delta })
	return out
}

func forbidText(f []string) string { return strings.Join(f, " + ") }

func (a *Ablation) findings() {
	var f []string
	var clear int
	for _, r := range a.ranked() {
		if r.HolmP >= 0.05 {
			continue
		}
		clear++
		verb := "costs"
		if r.Delta > 0 {
			verb = "gains"
		}
		f = append(f, fmt.Sprintf("Forbidding %s %s %s %.1f points of win share per game %s (Holm-adjusted %s): it is worth that much to a player who uses it as %s does.",
			forbidText(r.Forbid), verb, a.Base, 100*math.Abs(r.Delta), ivPts(r.DeltaCI), pText(r.HolmP), a.Base))
	}
	if clear == 0 && len(a.Rows) > 0 {
		f = append(f, fmt.Sprintf("No restriction changes %s's win share clearly (every Holm-adjusted p ≥ 0.05): at this sample size no action class is shown to matter.", a.Base))
	}
	a.Findings = f
}

// Charts draws the change of win share of every restriction with its 95% interval.
func (a *Ablation) Charts() ([]*reports.Chart, error) {
	rows := a.ranked()
	k := len(rows)
	if k == 0 {
		return nil, nil
	}
	p := newPlot("What each action is worth (restricted play)", fmt.Sprintf("change of %s's win share when it may not choose the action; 95%% intervals", shortName(a.Base, 40)), "change of win share per game (points)", "")
	xys := make(plotter.XYs, k)
	e := reports.ErrXY{Lo: make([]float64, k), Hi: make([]float64, k)}
	var ticks []plot.Tick
	lo, hi := 0.0, 0.0
	for pos, r := range rows {
		y := float64(k - 1 - pos)
		xys[pos] = plotter.XY{X: 100 * r.Delta, Y: y}
		e.Lo[pos], e.Hi[pos] = 100*(r.Delta-r.DeltaCI.Lo), 100*(r.DeltaCI.Hi-r.Delta)
		ticks = append(ticks, plot.Tick{Value: y, Label: shortName(forbidText(r.Forbid), 30)})
		lo, hi = math.Min(lo, 100*r.DeltaCI.Lo), math.Max(hi, 100*r.DeltaCI.Hi)
	}
	e.XYs = xys
	sc, err := plotter.NewScatter(xys)
	if err != nil {
		return nil, err
	}
	sc.Color = reports.SeriesColor(0)
	sc.Shape = draw.CircleGlyph{}
	sc.Radius = vg.Points(4)
	eb, err := plotter.NewXErrorBars(e)
	if err != nil {
		return nil, err
	}
	eb.Color = reports.SeriesColor(0)
	eb.Width = vg.Points(1.5)
	p.Add(eb, sc)
	if err := addVLine(p, 0, -0.5, float64(k)-0.5, reports.GreyColor, ""); err != nil {
		return nil, err
	}
	p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	p.Y.Min, p.Y.Max = -0.5, float64(k)-0.5
	pad := 0.06*(hi-lo) + 0.5
	p.X.Min, p.X.Max = lo-pad, hi+pad
	h := reports.ChartHeight
	if k > 6 {
		h = vg.Length(k) * 0.6 * vg.Inch
	}
	c, err := reports.Render(p, "ablation", reports.ChartWidth, h)
	if err != nil {
		return nil, err
	}
	return []*reports.Chart{c}, nil
}

// Doc builds the report.
func (a *Ablation) Doc() (*Doc, error) {
	charts, err := a.Charts()
	if err != nil {
		return nil, err
	}
	d := &Doc{Title: fmt.Sprintf("Restricted play: %s, %s, %d players", a.Base, a.Meta.Game, a.Players)}
	var games int64
	for _, r := range a.Rows {
		games += r.Games
	}
	d.Provenance = a.Meta.provenance(
		[2]string{"Base agent", a.Base},
		[2]string{"Design", fmt.Sprintf("the restricted agent alone against %d unrestricted copies, rotated through every seat of each deal (duplicate); every run on the same deals", a.Players-1)},
		[2]string{"Games", fmt.Sprintf("%s in %d restrictions, %s in the baseline", reports.Count(games), len(a.Rows), reports.Count(a.Baseline.Games))},
	)
	d.Blocks = append(d.Blocks, Block{Heading: "Findings", Bullets: a.Findings})
	if len(a.Notes) > 0 {
		d.Blocks = append(d.Blocks, Block{Bullets: a.Notes})
	}
	tb := &Table{Left: 1, Header: []string{"forbidden", "games", "win share", "95% interval", "change", "95% interval", "p", "Holm p"}}
	for _, r := range a.ranked() {
		status := ""
		if !r.Complete {
			status = " (incomplete)"
		}
		tb.Rows = append(tb.Rows, []string{forbidText(r.Forbid) + status, reports.Count(r.Games), pct(r.Paired.Share), ivPct(r.Paired.CI),
			pts(r.Delta), ivPts(r.DeltaCI), pText(r.P), pText(r.HolmP)})
	}
	d.Blocks = append(d.Blocks, Block{Heading: "What each action is worth", Table: tb,
		Text: fmt.Sprintf("Baseline: %s gets %s of the wins per seat against copies of itself. \"change\" is the restricted agent's win share minus the baseline: negative when the forbidden actions were worth something to it.", a.Base, pct(a.Baseline.Share))})
	for _, c := range charts {
		d.Blocks = append(d.Blocks, Block{Chart: c})
	}
	d.Blocks = append(d.Blocks, Block{Heading: "Methods", NewPage: true, Bullets: []string{
		"Restricted play (Jaffe et al., AIIDE 2012): the restricted agent never chooses an action of a forbidden class when another action is legal; otherwise it is the base agent. Its value is causal: the same opponents, the same deals, only the restriction differs.",
		"Duplicate deals: each deal in every rotation of the seats, so the restricted agent plays every seat of every deal; the deal is the independent unit. Its win share's 95% interval is the Wilson interval at the effective number of games (Kish 1965).",
		"Baseline: the base agent against copies of itself on the same deals; its expected share per seat is (1 − share of games nobody won)/players (exactly 1/players when every game has a winner).",
		"Change of win share: restricted share minus baseline, standard errors combined in quadrature (conservative: the runs share their deals), normal 95% interval and two-sided z test; Holm's step-down adjustment (Holm 1979) over the restrictions of the report.",
	}})
	return d, nil
}

// Write renders the report into dir.
func (a *Ablation) Write(dir string) ([]string, error) {
	d, err := a.Doc()
	if err != nil {
		return nil, err
	}
	return WriteReport(dir, d, a)
}
