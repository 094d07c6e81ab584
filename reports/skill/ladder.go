package skill

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"dragonlab/reports/chart"
	"dragonlab/reports/doc"
	"dragonlab/reports/fairness"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"dragonlab/sim/stats"
)

// LadderLevel is the level of the one-sided lower bound used by the skill ladder, and
// SkillThreshold the head-to-head win share that a rung's lower bound must exceed to
// count as a level of skill.
const (
	LadderLevel    = 0.90
	SkillThreshold = 0.55
)

// SkillStep is one rung against the one below it, on duplicate deals.
type SkillStep struct {
	Upper    int          `json:"upper"` // rung index of the agent alone (the stronger candidate)
	Lower    int          `json:"lower"` // rung index of its opponent
	File     string       `json:"file"`
	Games    int64        `json:"games"`
	Complete bool         `json:"complete"`
	Paired   stats.Paired `json:"paired"`
	// HeadToHead is the upper rung's win share converted to a two-player game (Luce's
	// model; equal to the share for two players), with its 95% interval and its one-sided
	// 90% lower bound.
	HeadToHead float64        `json:"headToHead"`
	CI         stats.Estimate `json:"ci"`
	Lower90    float64        `json:"lower90"`
	// IsLevel: the lower bound is above SkillThreshold, so the upper rung is a new level
	// of skill.
	IsLevel bool `json:"isLevel"`
	// WeakerBetter is the share of deals on which the lower rung does better than the
	// upper (Wilson interval over deals): how often luck lets the weaker win on the same
	// cards.
	WeakerBetter stats.Estimate `json:"weakerBetter"`
	// MatchGames is how many games (odd, the majority winning) the upper rung needs to win
	// a match against the lower in 90% of matches, from its head-to-head share (Duersch,
	// Lambrecht & Oechssler 2020), with the range its interval allows (Lo from the
	// interval's top, Hi from its bottom); 0 means no match length up to
	// stats.MaxMatchGames does (the share may be 50% or less).
	MatchGames   int `json:"matchGames"`
	MatchGamesLo int `json:"matchGamesLo"`
	MatchGamesHi int `json:"matchGamesHi"`
}

// MatchTarget is the share of matches the stronger rung must win (MatchGames).
const MatchTarget = 0.9

// SelfPlay is one rung playing itself: the first-player advantage at that level.
type SelfPlay struct {
	Rung     int             `json:"rung"`
	File     string          `json:"file"`
	Games    int64           `json:"games"`
	Complete bool            `json:"complete"`
	Seats    []fairness.Seat `json:"seats"`
	// Advantage is seat 0's win share minus the fair share 1/players, with its 95% interval
	// (the Wilson interval of seat 0's share, shifted) and the score test's p-value
	// (fairness.FirstSeatOf).
	Advantage     float64        `json:"advantage"`
	CI            stats.Estimate `json:"ci"`
	P             float64        `json:"p"`
	MeanDecisions float64        `json:"meanDecisions"`
}

// Skill is the analysis of a skill ladder.
type Skill struct {
	Meta    doc.Meta          `json:"meta"`
	Rungs   []experiment.Rung `json:"rungs"`
	Players int               `json:"players"`
	Fair    float64           `json:"fair"`
	Steps   []SkillStep       `json:"steps"`
	Self    []SelfPlay        `json:"selfPlay"`
	// Levels is the number of distinct levels of skill: 1 plus the steps that count.
	Levels int `json:"levels"`
	// ScoreName says what the trend test's score is: "log10(budget)" or "rung".
	ScoreName string `json:"scoreName"`
	// Trend tests whether seat 0's share moves steadily with the score (Cochran–Armitage),
	// Homogeneity whether it differs at all between rungs (Pearson chi-square).
	Trend       stats.ChiSquare `json:"trend"`
	Homogeneity stats.ChiSquare `json:"homogeneity"`
	Findings    []string        `json:"findings"`
	// Ceiling is set when the ladder is a skill ceiling trace (TraceCeiling).
	Ceiling *Ceiling `json:"ceiling,omitempty"`
	// fairness is the trend test behind Trend, Homogeneity and its finding.
	fairness *FairnessTrend
	charts   []*chart.Chart
}

// FairnessChanges says whether the first-player advantage changes with skill along the
// ladder (its trend test, FairnessTrend).
func (s *Skill) FairnessChanges() bool { return s.fairness != nil && s.fairness.Changes }

// AnalyzeSkill analyses a ladder: steps[i] is rung i+1 alone against rung i (nil when not
// played), self[i] is rung i in every seat with fixed seating (nil when not played).
func AnalyzeSkill(meta doc.Meta, rungs []experiment.Rung, players int, steps, self []*sim.Result, stepFiles, selfFiles []string) (*Skill, error) {
	if len(rungs) < 2 {
		return nil, errors.New("a skill ladder needs at least two rungs")
	}
	s := &Skill{Meta: meta, Rungs: rungs, Players: players, Fair: 1 / float64(players), Levels: 1}
	for i, r := range steps {
		if r == nil || r.Games == 0 {
			continue
		}
		st := SkillStep{Upper: i + 1, Lower: i, File: stepFiles[i], Games: r.Games, Complete: r.Complete}
		st.Paired = stats.AnalyzePaired(r.Aggregate.Paired, players)
		st.HeadToHead = stats.HeadToHead(st.Paired.Share, players-1)
		st.CI = stats.Estimate{Value: st.HeadToHead, Lo: stats.HeadToHead(st.Paired.CI.Lo, players-1), Hi: stats.HeadToHead(st.Paired.CI.Hi, players-1),
			N: st.Paired.Deals, Method: st.Paired.CI.Method}
		st.Lower90 = stats.HeadToHead(st.Paired.LowerBound(LadderLevel), players-1)
		st.IsLevel = st.Lower90 > SkillThreshold
		st.WeakerBetter = stats.Share(float64(st.Paired.Worse), st.Paired.Deals, 1)
		st.MatchGames = stats.MatchGames(st.HeadToHead, MatchTarget)
		st.MatchGamesLo, st.MatchGamesHi = stats.MatchGames(st.CI.Hi, MatchTarget), stats.MatchGames(st.CI.Lo, MatchTarget)
		if st.IsLevel {
			s.Levels++
		}
		s.Steps = append(s.Steps, st)
	}
	budgets := true
	for _, r := range rungs {
		budgets = budgets && r.Budget > 0
	}
	s.ScoreName = "rung"
	if budgets {
		s.ScoreName = "log10(budget)"
	}
	var levels []TrendLevel
	for i, r := range self {
		if r == nil || r.Games == 0 {
			continue
		}
		sp := SelfPlay{Rung: i, File: selfFiles[i], Games: r.Games, Complete: r.Complete, MeanDecisions: r.DecisionsMean}
		fs := fairness.FirstSeatOf(r, s.Fair)
		sp.Seats, sp.Advantage, sp.CI, sp.P = fs.Seats, fs.Advantage.Value, fs.Advantage, fs.P
		s0 := sp.Seats[0]
		s.Self = append(s.Self, sp)
		lv := TrendLevel{Name: s.rungName(i), Score: float64(i + 1), Wins: []float64{s0.Wins}, Games: s0.Share.N, Deff: 1}
		if budgets {
			lv.Score = math.Log10(rungs[i].Budget)
		}
		levels = append(levels, lv)
	}
	// The first-player advantage: seat 0 alone, its games independent (fixed seating).
	s.fairness = NewFairnessTrend(s.ScoreName, levels, true, 1)
	if s.fairness != nil {
		s.Trend, s.Homogeneity = s.fairness.Seats[0].Trend, s.fairness.Seats[0].Homogeneity
	} else {
		// Fewer than two rungs played: nothing to test (p 1).
		s.Trend, s.Homogeneity = stats.ChiSquare{DF: 1, P: 1}, stats.ChiSquare{DF: len(levels) - 1, P: 1}
	}
	s.findings()
	return s, nil
}

func (s *Skill) rungName(i int) string {
	if s.Rungs[i].Budget > 0 {
		return fmt.Sprintf("budget %s", format.Amount(s.Rungs[i].Budget))
	}
	return s.Rungs[i].Spec
}

func (s *Skill) findings() {
	var f []string
	var lv []string
	for _, st := range s.Steps {
		if st.IsLevel {
			lv = append(lv, s.rungName(st.Upper))
		}
	}
	played := len(s.Steps)
	switch {
	case played == 0:
		f = append(f, "No step of the ladder was played.")
	case len(lv) == 0:
		f = append(f, fmt.Sprintf("The ladder shows 1 level of skill: no rung beats the one below it with a %.0f%% lower bound above %.0f%% (%d of %d steps played).",
			100*LadderLevel, 100*SkillThreshold, played, len(s.Rungs)-1))
	default:
		verb := "each beat"
		if len(lv) == 1 {
			verb = "beats"
		}
		f = append(f, fmt.Sprintf("The ladder shows %d levels of skill: %s %s the rung below with a %.0f%% lower bound above %.0f%%.",
			s.Levels, format.JoinAnd(lv), verb, 100*LadderLevel, 100*SkillThreshold))
	}
	for _, st := range s.Steps {
		verdict := "not a new level"
		if st.IsLevel {
			verdict = "a new level"
		}
		conv := ""
		if s.Players > 2 {
			conv = fmt.Sprintf(" (its share alone against %d copies is %s, fair %s)", s.Players-1, format.Pct(st.Paired.Share), format.Pct(s.Fair))
		}
		f = append(f, fmt.Sprintf("%s against %s: head-to-head win share %s %s, %.0f%% lower bound %s%s over %s games: %s.",
			s.rungName(st.Upper), s.rungName(st.Lower), format.Pct(st.HeadToHead), format.IvPct(st.CI), 100*LadderLevel, format.Pct(st.Lower90), conv, format.Count(st.Games), verdict))
		f = append(f, st.luckSentence(s.rungName(st.Upper), s.rungName(st.Lower)))
	}
	for _, sp := range s.Self {
		f = append(f, fmt.Sprintf("At %s, seat 0 wins %s of %s self-play games: first-player advantage %s %s (%s).",
			s.rungName(sp.Rung), format.PctIv(sp.Seats[0].Share), format.Count(sp.Games), format.PtsUnit(sp.Advantage), format.IvPtsRaw(sp.CI), format.PTextFine(sp.P)))
	}
	if s.fairness != nil {
		f = append(f, s.fairness.Sentence)
	}
	s.Findings = f
}

// luckSentence says how often the weaker rung does better on the same deals and how many
// games the stronger needs to win 90% of matches.
func (st *SkillStep) luckSentence(upper, lower string) string {
	games := func(n int) string {
		if n == 0 {
			return "∞"
		}
		return format.Count(int64(n))
	}
	match := fmt.Sprintf("no match length makes %s win %.0f%% of matches (its share is not above 50%%)", upper, 100*MatchTarget)
	if st.MatchGames > 0 {
		match = fmt.Sprintf("%s wins %.0f%% of matches of %s games [%s, %s] (a majority of fresh deals)",
			upper, 100*MatchTarget, games(st.MatchGames), games(st.MatchGamesLo), games(st.MatchGamesHi))
	}
	return fmt.Sprintf("Luck against skill: on the same deals %s does better than %s on %s of them; %s.",
		lower, upper, format.PctIv(st.WeakerBetter), match)
}

// xOf gives the chart position of a rung: its budget, or its index.
func (s *Skill) xOf(i int) float64 {
	if s.ScoreName == "log10(budget)" {
		return s.Rungs[i].Budget
	}
	return float64(i)
}

// Charts renders the seat-advantage and ladder charts.
func (s *Skill) Charts() ([]*chart.Chart, error) {
	if s.charts != nil {
		return s.charts, nil
	}
	budgets := s.ScoreName == "log10(budget)"
	if len(s.Self) > 0 {
		xl := "rung"
		if budgets {
			xl = "MCTS budget (iterations per decision, log scale)"
		}
		p := chart.NewGridPlot("First-player advantage against skill", "seat 0's win share minus the fair share, self-play, 95% band", xl, "advantage (percentage points)")
		var x, y, lo, hi []float64
		for _, sp := range s.Self {
			x = append(x, s.xOf(sp.Rung))
			y = append(y, 100*sp.Advantage)
			lo = append(lo, 100*sp.CI.Lo)
			hi = append(hi, 100*sp.CI.Hi)
		}
		if err := chart.AddBand(p, x, lo, hi, chart.BandColor); err != nil {
			return nil, err
		}
		if err := chart.AddSeries(p, chart.Series{Name: "seat 0 advantage", X: x, Y: y, Lo: lo, Hi: hi, Color: chart.SeriesColor(0)}, true); err != nil {
			return nil, err
		}
		if err := chart.AddHLine(p, 0, x[0], x[len(x)-1], chart.FairColor, "fair"); err != nil {
			return nil, err
		}
		s.setRungAxis(p, budgets)
		chart.Headroom(p, 0.2)
		c, err := chart.Render(p, "seat-advantage", chart.Width, chart.Height)
		if err != nil {
			return nil, err
		}
		s.charts = append(s.charts, c)
	}
	if len(s.Steps) > 0 {
		p := chart.NewGridPlot("Skill ladder: each rung against the one below", fmt.Sprintf("head-to-head win share; bars down to the %.0f%% lower bound, up to the 95%% upper bound", 100*LadderLevel), "step", "win share of the upper rung (%)")
		var ticks []plot.Tick
		ymin, ymax := 50.0, 55.0
		for k, st := range s.Steps {
			ymin, ymax = math.Min(ymin, 100*st.Lower90), math.Max(ymax, 100*st.CI.Hi)
			xys := plotter.XYs{{X: float64(k), Y: 100 * st.HeadToHead}}
			e := chart.ErrXY{XYs: xys, Lo: []float64{100 * (st.HeadToHead - st.Lower90)}, Hi: []float64{100 * (st.CI.Hi - st.HeadToHead)}}
			var col color.Color = chart.GreyColor
			if st.IsLevel {
				col = chart.SeriesColor(2)
			}
			sc, err := plotter.NewScatter(xys)
			if err != nil {
				return nil, err
			}
			sc.Color = col
			sc.Shape = draw.CircleGlyph{}
			sc.Radius = vg.Points(5)
			eb, err := plotter.NewYErrorBars(e)
			if err != nil {
				return nil, err
			}
			eb.Color = col
			eb.Width = vg.Points(2)
			p.Add(eb, sc)
			ticks = append(ticks, plot.Tick{Value: float64(k), Label: chart.ShortName(s.rungName(st.Upper), 18) + "\nvs " + chart.ShortName(s.rungName(st.Lower), 18)})
		}
		n := float64(len(s.Steps))
		if err := chart.AddHLine(p, 100*SkillThreshold, -0.5, n-0.5, chart.SeriesColor(2), fmt.Sprintf("%.0f%%: a level of skill when the lower bound clears it", 100*SkillThreshold)); err != nil {
			return nil, err
		}
		if err := chart.AddHLine(p, 50, -0.5, n-0.5, chart.FairColor, "50%: equal"); err != nil {
			return nil, err
		}
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
		p.X.Min, p.X.Max = -0.5, n-0.5
		p.Y.Min, p.Y.Max = ymin-3, ymax+0.25*(ymax-ymin)
		p.Legend.Left = true
		c, err := chart.Render(p, "ladder", chart.Width, chart.Height)
		if err != nil {
			return nil, err
		}
		s.charts = append(s.charts, c)
	}
	return s.charts, nil
}

func (s *Skill) setRungAxis(p *plot.Plot, budgets bool) {
	if budgets {
		p.X.Scale = plot.LogScale{}
		var ticks []plot.Tick
		for _, r := range s.Rungs {
			ticks = append(ticks, plot.Tick{Value: r.Budget, Label: format.Amount(r.Budget)})
		}
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
		lo, hi := s.Rungs[0].Budget, s.Rungs[len(s.Rungs)-1].Budget
		p.X.Min, p.X.Max = lo/1.5, hi*1.5
		return
	}
	var ticks []plot.Tick
	for i := range s.Rungs {
		ticks = append(ticks, plot.Tick{Value: float64(i), Label: chart.ShortName(s.Rungs[i].Spec, 20)})
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	p.X.Min, p.X.Max = -0.5, float64(len(s.Rungs))-0.5
}

// Doc builds the report.
func (s *Skill) Doc() (*doc.Doc, error) {
	charts, err := s.Charts()
	if err != nil {
		return nil, err
	}
	var specs []string
	for _, r := range s.Rungs {
		specs = append(specs, r.Spec)
	}
	var games int64
	for _, st := range s.Steps {
		games += st.Games
	}
	for _, sp := range s.Self {
		games += sp.Games
	}
	title := "Skill ladder"
	if s.Ceiling != nil {
		title = "Skill ceiling trace"
	}
	d := s.Meta.NewDoc(fmt.Sprintf("%s: %s, %d players", title, s.Meta.Game, s.Players),
		doc.KV{Key: "Rungs", Value: strings.Join(specs, "; ")},
		doc.KV{Key: "Games", Value: format.Count(games)},
	)
	d.AddSection("Verdict").Add(doc.Bullets(s.Findings...))
	s.ceilingSection(d)
	right := func(head, key string) doc.Column { return doc.Column{Head: head, Key: key, Align: doc.Right} }
	if len(s.Steps) > 0 {
		tb := doc.NewTable("ladder", doc.Column{Head: "rung", Key: "rung"}, doc.Column{Head: "against", Key: "against"},
			right("games", "games"), right("head-to-head", "head_to_head"), right("95% interval", "head_to_head_ci"),
			right(fmt.Sprintf("%.0f%% lower", 100*LadderLevel), "lower"), right("sign p", "sign_p"), right("level", "level"))
		for _, st := range s.Steps {
			lvl := "no"
			if st.IsLevel {
				lvl = "yes"
			}
			tb.Row(doc.Text(s.rungName(st.Upper)), doc.Text(s.rungName(st.Lower)), doc.Int(format.Count(st.Games), st.Games),
				doc.Num(format.Pct(st.HeadToHead), st.HeadToHead), doc.Span(format.IvPct(st.CI), st.CI.Lo, st.CI.Hi), doc.Num(format.Pct(st.Lower90), st.Lower90),
				doc.Num(format.PTextFine(st.Paired.SignP), st.Paired.SignP), doc.Cell{Text: lvl, Value: st.IsLevel})
		}
		d.AddSection("Ladder").Add(doc.Para(fmt.Sprintf("Each rung plays the rung below on duplicate deals. A rung is a new level of skill when the one-sided %.0f%% lower bound of its head-to-head win share is above %.0f%%.", 100*LadderLevel, 100*SkillThreshold)), tb)
	}
	if len(s.Self) > 0 {
		tb := doc.NewTable("first-player", doc.Column{Head: "rung", Key: "rung"}, right("games", "games"), right("seat 0 share", "seat0_share"),
			right("95% interval", "seat0_share_ci"), right("advantage", "advantage"), right("p", "p"), right("decisions", "decisions"))
		for _, sp := range s.Self {
			s0 := sp.Seats[0]
			tb.Row(doc.Text(s.rungName(sp.Rung)), doc.Int(format.Count(sp.Games), sp.Games), doc.Num(format.Pct(s0.Share.Value), s0.Share.Value),
				doc.Span(format.IvPct(s0.Share), s0.Share.Lo, s0.Share.Hi), doc.Num(format.PtsUnit(sp.Advantage), sp.Advantage), doc.Num(format.PTextFine(sp.P), sp.P),
				doc.Num(fmt.Sprintf("%.1f", sp.MeanDecisions), sp.MeanDecisions))
		}
		d.AddSection("First-player advantage by level").Add(doc.Para("Each rung plays itself in every seat (fixed seating, independent deals)."), tb)
	}
	cs := d.AddSection("Charts")
	for _, c := range charts {
		cs.Add(doc.Fig(c))
	}
	m := d.AddSection("Methods").Add(doc.Bullets(
		"Ladder steps: duplicate deals (every deal in every rotation of the seats); for more than two players the upper rung sits alone against copies of the lower one, and its share is converted to a head-to-head share with Luce's choice model (Luce 1959): h = (n−1)q/((n−1)q + 1 − q).",
		"Intervals of the ladder: Wilson score interval (Wilson 1927) at the effective number of games of the duplicate deals (Kish 1965), two-sided 95% and one-sided "+fmt.Sprintf("%.0f%%", 100*LadderLevel)+" lower bound.",
		"Seat advantage: Wilson 95% interval of seat 0's win share in self-play, minus the fair share; score test against the fair share (R: prop.test(x, n, p, correct = FALSE)).",
		"Does the advantage change with skill: chi-square test for trend in proportions (Cochran 1954, Armitage 1955; R: prop.trend.test) of seat 0's share against "+s.ScoreName+", and Pearson's chi-square test of homogeneity (R: prop.test(x, n, correct = FALSE)).",
	))
	m.NewPage = true
	return d, nil
}

// Write renders the report into dir.
func (s *Skill) Write(dir string) ([]string, error) {
	return doc.Write(dir, s.Doc, s)
}
