package designer

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"

	"dragonlab/reports/fairness"
	"dragonlab/reports/format"
	"dragonlab/reports/luck"
	"dragonlab/reports/stats"
	"dragonlab/reports/worth"
)

// Page 1: one row per game and player count, five answers — Fair? Skill? Luck? What
// matters? What to change? — each at most MaxCellWords words with one number and its 95%
// interval, at the measuring level. Where a question is not settled (its interval wider
// than the target) the cell says so and about how many more games would settle it.

// MaxCellWords bounds a page-1 cell; MaxAnswerWords a game's own answer.
const (
	MaxCellWords   = 12
	MaxAnswerWords = 100
)

// Cell is one answer of page 1.
type Cell struct {
	Text string `json:"text"`
	// Value is the cell's number with its interval (nil for a cell without one: "–",
	// "nothing: the seats are fair").
	Value *Est `json:"value,omitempty"`
	// Verdict is the answer in one word or two: "favoured", "fair", "not settled", "yes",
	// "partly", "no", "low", "moderate", "high", "nothing", "change", "–".
	Verdict string `json:"verdict"`
	// From names the analysis that answered: "self-play", "ladder", "replays",
	// "restricted play", "components", "substitution", "decision values", "luck events",
	// "sweep", "tune".
	From string `json:"from,omitempty"`
	// More is about how many more games (of the stage that answered) would settle the
	// question; 0 when settled.
	More int64 `json:"moreGames,omitempty"`
}

// GlanceRow is page 1's row of one game and player count.
type GlanceRow struct {
	Level   string `json:"level"` // the measuring level
	Fair    Cell   `json:"fair"`
	Skill   Cell   `json:"skill"`
	Luck    Cell   `json:"luck"`
	Matters Cell   `json:"matters"`
	Change  Cell   `json:"change"`
}

// Cells lists the row's cells in the order of page 1's columns.
func (r *GlanceRow) Cells() []Cell { return []Cell{r.Fair, r.Skill, r.Luck, r.Matters, r.Change} }

// glanceColumns are page 1's column headings, in the order of Cells.
var glanceColumns = []string{"Fair?", "Skill?", "Luck?", "What matters?", "What to change?"}

// notSettled is the tail of a cell whose question is not settled: "; ~1,300 more games".
func notSettled(more int64) string { return "; ~" + countWord(more) + " more games" }

// ruleID is a rule ID in brackets after a name: " (DR-9)".
var ruleID = regexp.MustCompile(` \([A-Z]{2}-[0-9]+\)`)

// fit keeps a cell within MaxCellWords: a name's rule ID goes first (the detail below
// has it).
func fit(c Cell) Cell {
	if wordCount(c.Text) > MaxCellWords {
		c.Text = ruleID.ReplaceAllString(c.Text, "")
	}
	return c
}

// glance computes page 1's row of a configuration.
func (a *Answer) glance() GlanceRow {
	r := GlanceRow{Fair: fit(a.fairCell()), Skill: fit(a.skillCell()), Luck: fit(a.luckCell()), Matters: fit(a.mattersCell()), Change: fit(a.changeCell())}
	if a.Measure >= 0 {
		r.Level = a.Levels[a.Measure].Level
	}
	return r
}

// seatsAt are the seat advantages at the measuring level (the luck-adjusted ones where
// the level had luck accounting: luckAdjust puts them in the level's seats).
func (a *Answer) seatsAt() ([]SeatRow, string) {
	return a.Levels[a.Measure].Seats, "self-play"
}

// fairSeat is the seat an answer about fairness names: the significant seat with the
// largest advantage (favoured or not), else the seat with the largest advantage; on a tie
// (two players: the same size) the earlier seat.
func fairSeat(seats []SeatRow) (SeatRow, bool) {
	best, sig := seats[0], seats[0].PHolm < stats.Alpha
	for _, s := range seats[1:] {
		ss := s.PHolm < stats.Alpha
		switch {
		case ss && !sig, ss == sig && math.Abs(s.Advantage.Value) > math.Abs(best.Advantage.Value)+1e-12:
			best, sig = s, ss
		}
	}
	return best, sig
}

// maxHalf is the widest seat interval's half-width.
func maxHalf(seats []SeatRow) float64 {
	m := 0.0
	for _, s := range seats {
		m = math.Max(m, s.Advantage.HalfWidth())
	}
	return m
}

func (a *Answer) fairCell() Cell {
	if a.Measure < 0 {
		return Cell{Text: "not played", Verdict: "–"}
	}
	la := a.Levels[a.Measure]
	tg := a.cfg.target()
	if la.Success != nil {
		e := *la.Success
		c := Cell{Text: "solitaire: won " + pctIv(e), Value: &e, Verdict: "solitaire", From: "self-play"}
		if m := stats.MoreGames(la.Games, e.HalfWidth(), tg.Seat); m > 0 {
			c.Text, c.Verdict, c.More = "not settled: won "+pctIv(e)+notSettled(m), "not settled", m
		}
		return c
	}
	if len(la.Seats) == 0 {
		return Cell{Text: "–", Verdict: "–"}
	}
	seats, from := a.seatsAt()
	s, sig := fairSeat(seats)
	e := s.Advantage
	c := Cell{Value: &e, From: from}
	who := fmt.Sprintf("seat %d", s.Seat)
	m := stats.MoreGames(la.Games, maxHalf(seats), tg.Seat)
	c.Verdict = fairness.Verdict(sig, e.Value, m == 0)
	switch c.Verdict {
	case fairness.Favoured, fairness.Disfavoured:
		// The verdict stands; its size is not settled until the interval is within the
		// target (what to change depends on it).
		c.Text = who + " " + c.Verdict + ": " + ptsWithUnit(e)
		if m > 0 {
			c.Text, c.More = c.Text+notSettled(m), m
		}
	case fairness.NotSettled:
		c.Text, c.More = c.Verdict+": "+who+" "+ptsWithUnit(e)+notSettled(m), m
	default:
		c.Text = c.Verdict + ": " + who + " " + ptsWithUnit(e)
	}
	return c
}

func (a *Answer) skillCell() Cell {
	n := len(a.Levels)
	if la := a.Ladder; la != nil && len(la.Steps) > 0 && len(la.Elo) == n && n > 1 {
		top := n - 1
		for top > 0 && (la.Elo[top] == nil || math.IsNaN(la.Elo[top].Value)) {
			top--
		}
		d := la.Distinguishable
		verdict := "partly"
		switch {
		case d == n:
			verdict = "yes"
		case d <= 1:
			verdict = "no"
		}
		c := Cell{Verdict: verdict, From: "ladder"}
		c.Text = fmt.Sprintf("%s: %d of %d levels told apart", verdict, d, n)
		if top > 0 {
			e := *la.Elo[top]
			c.Value = &e
			c.Text = fmt.Sprintf("%s: %d of %d levels; %s %s Elo %s", verdict, d, n, a.Levels[top].Level, format.Elo(e.Value), format.IvElo(e.Estimate))
		}
		return c
	}
	if a.Players == 1 {
		// The solitaire: the most skilled level's success rate over the weakest's.
		order := a.levelOrder()
		if len(order) >= 2 {
			hi, lo := a.Levels[order[0]], a.Levels[order[len(order)-1]]
			if hi.Success != nil && lo.Success != nil {
				d := diffEst(*hi.Success, *lo.Success)
				verdict := "no"
				if d.Lo > 0 {
					verdict = "yes"
				}
				return Cell{Text: fmt.Sprintf("%s: %s wins %s more than %s", verdict, hi.Level, ptsWithUnit(d), lo.Level),
					Value: &d, Verdict: verdict, From: "self-play"}
			}
		}
	}
	return Cell{Text: "–", Verdict: "–"}
}

// diffEst is a − b for two independent shares, with Newcombe's hybrid interval from their
// own (stats.NewcombeDiff); levels played on the same deals are positively correlated,
// so the interval is conservative.
func diffEst(a, b Est) Est {
	v := a.Value - b.Value
	lo := v - math.Hypot(a.Value-a.Lo, b.Hi-b.Value)
	hi := v + math.Hypot(a.Hi-a.Value, b.Value-b.Lo)
	return Est{Estimate: stats.Estimate{Value: v, Lo: math.Max(lo, -1), Hi: math.Min(hi, 1), Method: "newcombe"}}
}

func (a *Answer) luckCell() Cell {
	if a.Measure < 0 {
		return Cell{Text: "–", Verdict: "–"}
	}
	la := a.Levels[a.Measure]
	tg := a.cfg.target()
	if al, ok := a.luckAlong(); ok {
		e := al.share
		c := Cell{Value: &e, Verdict: luck.Word(e.Value), From: "luck events"}
		c.Text = fmt.Sprintf("%s: chance %s %s", c.Verdict, al.verb, pctIv(e))
		if al.event != "" {
			if t := c.Text + ", mostly " + al.event + " (" + format.Pct(al.eventShare) + ")"; wordCount(t) <= MaxCellWords {
				c.Text = t
			}
		}
		if m := stats.MoreGames(al.games, e.HalfWidth(), tg.Luck); m > 0 {
			c.Text, c.Verdict, c.More = "not settled: chance "+al.verb+" "+pctIv(e)+notSettled(m), "not settled", m
		}
		return c
	}
	if la.Luck == nil {
		return Cell{Text: "–", Verdict: "–"}
	}
	e := *la.Luck
	c := Cell{Value: &e, Verdict: luck.Word(e.Value), From: "replays"}
	c.Text = fmt.Sprintf("%s: the deal decides %s", c.Verdict, pctIv(e))
	if m := stats.MoreGames(la.Games, e.HalfWidth(), tg.Luck); m > 0 {
		c.Text, c.Verdict, c.More = "not settled: the deal decides "+pctIv(e)+notSettled(m), "not settled", m
	}
	return c
}

// luckAlong is the luck along the game at the measuring level, from the study's luck
// accounting (Answer.LuckAccounting); ok is false without it (the replays' share is then
// the fallback).
type luckAlong struct {
	share Est
	// event is the kind of chance event that carries most of the luck, in words ("" if
	// none), and eventShare its part of the spread of results.
	event      string
	eventShare float64
	games      int64  // games behind share
	verb       string // "carries"
}

func (a *Answer) luckAlong() (luckAlong, bool) {
	if acc := a.measured(); acc != nil && acc.Share.HasInterval() {
		al := luckAlong{share: acc.Share, games: acc.Games, verb: "carries"}
		if k := acc.carriesMost(); k != nil {
			al.event, al.eventShare = k.Name, float64(k.Share)
		}
		return al, true
	}
	return luckAlong{}, false
}

func (a *Answer) mattersCell() Cell {
	w := a.words
	if n := len(a.vals); n > 0 {
		r := a.vals[n-1]
		// The component worth most by substitution: one more of it, significant.
		if sub := r.Substitutions(); sub != nil {
			var best *worth.ComponentValue
			for i := range sub.Rows {
				v := &sub.Rows[i]
				if v.Delta > 0 && v.Change.HasInterval() && v.PHolm < stats.Alpha && (best == nil || math.Abs(v.Change.Value) > math.Abs(best.Change.Value)) {
					best = v
				}
			}
			if best != nil {
				e := Est{Estimate: best.Change}
				return Cell{Text: fmt.Sprintf("%s: %s for one more", w.component(best.Component), ptsWithUnit(e)), Value: &e, Verdict: "component", From: "substitution"}
			}
		}
		// Else the decisions worth most, by the search's values.
		if d := r.DecisionTable(); d != nil {
			for _, c := range d.Classes {
				if c.Loss.HasInterval() && c.PHolm < stats.Alpha {
					e := Est{Estimate: c.Loss}
					return Cell{Text: fmt.Sprintf("%s: decisions worth %s", w.class(c.Class), ptsWithUnit(e)), Value: &e, Verdict: "decision", From: "decision values"}
				}
			}
		}
	}
	// Else restricted play, of choices only (a class that spends what a player holds also
	// makes him keep it: that measures holding it forever).
	choices := func(ab AblationAnswer) []AblationRow {
		var out []AblationRow
		for _, r := range ab.Rows {
			if r.Choice {
				out = append(out, r)
			}
		}
		return out
	}
	for _, ab := range a.Ablation {
		rows := choices(ab)
		var top *AblationRow
		for i := range rows {
			r := &rows[i]
			if r.Tested && r.PHolm < stats.Alpha && r.Worth.Value > 0 {
				top = r
				break
			}
		}
		if top != nil {
			e := top.Worth
			return Cell{Text: fmt.Sprintf("%s: worth %s", w.class(top.Class), ptsWithUnit(e)), Value: &e, Verdict: "choice", From: "restricted play"}
		}
		for i := range rows {
			if r := rows[i]; r.Tested {
				e := r.Worth
				return Cell{Text: fmt.Sprintf("not settled: %s %s", w.class(r.Class), ptsWithUnit(e)), Value: &e, Verdict: "not settled", From: "restricted play"}
			}
		}
	}
	// Component win rates (IWD) are associations: never an answer to What matters?.
	return Cell{Text: "–", Verdict: "–"}
}

func (a *Answer) changeCell() Cell {
	if t := a.cfg.Tune; t != nil {
		for _, ch := range t.Changes {
			if !ch.Certified {
				continue
			}
			if !ch.Effect.HasInterval() { // certified on targets other than fair
				return Cell{Text: a.changeWords(ch) + ": certified", Verdict: "change", From: "tune"}
			}
			e := ch.Effect
			return Cell{Text: fmt.Sprintf("%s: %s", a.changeWords(ch), ptsWithUnit(e)), Value: &e, Verdict: "change", From: "tune"}
		}
	}
	fav := a.Measure >= 0 && a.Levels[a.Measure].Favoured
	for i := range a.Compensation {
		l := &a.Compensation[i]
		if !l.Seat {
			continue
		}
		c := l.Compensation
		if !(fav || l.Needed) {
			if c != nil && c.Found && c.Moves && c.Value.Excludes(0) {
				// The sweep's level puts fair away from the rules: never "nothing".
				x := c.Value
				return Cell{Text: "not certified: " + giveText(x, a.Players) + " (" + l.Level + ")", Value: &x, Verdict: "open", From: "sweep"}
			}
			break
		}
		if x, ok := a.topOffset(l); ok && fav {
			return Cell{Text: giveText(x, a.Players), Value: &x, Verdict: "change", From: "sweep"}
		}
		if c != nil && c.Found && c.Moves {
			x := c.Value
			return Cell{Text: giveText(x, a.Players) + " (" + l.Level + ")", Value: &x, Verdict: "change", From: "sweep"}
		}
		return Cell{Text: "a seat is favoured; the sweep found no fair value", Verdict: "open", From: "sweep"}
	}
	if fav {
		return Cell{Text: "a seat is favoured; no lever was swept", Verdict: "open"}
	}
	if a.Players == 1 {
		return a.soloChoice()
	}
	if a.Measure >= 0 && a.Levels[a.Measure].Wide {
		return Cell{Text: "not settled: no change certified", Verdict: "not settled"}
	}
	return Cell{Text: "nothing: no seat is favoured", Verdict: "nothing"}
}

// giveText is the compensation in words: "give seat 1 2.15 points [1.5, 2.8]";
// "give each later seat 1.6 more points [0.6, 2.6]".
func giveText(x Est, players int) string {
	if players == 2 {
		return fmt.Sprintf("give seat 1 %s starting points %s", format.Trim(x.Value, 2), format.IvTrim(x.Estimate, 2))
	}
	return fmt.Sprintf("give each later seat %s more points %s", format.Trim(x.Value, 2), format.IvTrim(x.Estimate, 2))
}

// soloChoice is the solitaire's "What to change?": the lever is the designer's choice of
// difficulty; the cell shows the value played farthest from the rules.
func (a *Answer) soloChoice() Cell {
	for _, l := range a.Compensation {
		var far *LeverPointAnswer
		var rules float64
		for i := range l.Points {
			if l.Points[i].Rules {
				rules = l.Points[i].X
			}
		}
		for i := range l.Points {
			p := &l.Points[i]
			if !p.Rules && p.Success != nil && (far == nil || math.Abs(p.X-rules) > math.Abs(far.X-rules)) {
				far = p
			}
		}
		if far != nil {
			e := *far.Success
			return Cell{Text: fmt.Sprintf("a choice: with %s, won %s", a.words.paramShort(l.Key, far.X), pctIv(e)), Value: &e, Verdict: "choice", From: "sweep"}
		}
	}
	return Cell{Text: "–", Verdict: "–"}
}

// changeWords says a certified change in words: its Text, else its parameters.
func (a *Answer) changeWords(ch RuleChange) string {
	if ch.Text != "" {
		return ch.Text
	}
	var parts []string
	keys := make([]string, 0, len(ch.Params))
	for k := range ch.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch x := ch.Params[k].(type) {
		case float64:
			parts = append(parts, a.words.paramShort(k, x))
		case []any:
			if k == "seatBonus" {
				var vs []string
				for s, b := range x {
					if f, ok := b.(float64); ok && f != 0 {
						vs = append(vs, fmt.Sprintf("seat %d starts with %s", s, pointsWord(f)))
					}
				}
				parts = append(parts, strings.Join(vs, ", "))
				continue
			}
			parts = append(parts, fmt.Sprintf("%s %v", k, x))
		default:
			parts = append(parts, fmt.Sprintf("%s %v", k, x))
		}
	}
	if len(parts) == 0 {
		return "keep the rules as they are"
	}
	return strings.Join(parts, "; ")
}
