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
	"dragonlab/reports/worth"
	"dragonlab/sim/stats"
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
	// Questions are the registered questions' cells (question.go), in their columns'
	// order.
	Questions []Cell `json:"questions,omitempty"`
	// Note says, where the measuring rule chose a level for restricted play or a sweep
	// that this study's ladder does not tell apart from the level below, that it did
	// (page 1 says it under the table).
	Note string `json:"note,omitempty"`
	// Target is what settles a question (the legend's ±points): the cells' rules can be
	// checked from summary.json alone.
	Target TargetJSON `json:"target"`
}

// TargetJSON is Target in summary.json.
type TargetJSON struct {
	Seat float64 `json:"seat"`
	Luck float64 `json:"luck"`
}

// Cells lists the row's cells in the order of page 1's columns.
func (r *GlanceRow) Cells() []Cell {
	return append([]Cell{r.Fair, r.Skill, r.Luck, r.Matters, r.Change}, r.Questions...)
}

// glanceColumns are page 1's built-in column headings (Columns adds the registered
// questions').
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

// atLevel is " (greedy)" for a cell measured at a level other than the measuring level
// (the legend's), "" at the measuring level: every cell says its level when it is not
// the legend's.
func (a *Answer) atLevel(level string) string {
	if level == "" || a.Measure < 0 || a.Levels[a.Measure].Level == level {
		return ""
	}
	return " (" + level + ")"
}

// glance computes page 1's row of a configuration.
func (a *Answer) glance() GlanceRow {
	fair := a.fairCell()
	r := GlanceRow{Fair: fit(fair), Skill: fit(a.skillCell()), Luck: fit(a.luckCell()), Matters: fit(a.mattersCell()), Change: fit(a.changeCell(fair))}
	if a.Measure >= 0 {
		r.Level = a.Levels[a.Measure].Level
	}
	r.Questions = a.questionCells()
	r.Note = a.refusedLevels()
	tg := a.cfg.target()
	r.Target = TargetJSON{Seat: tg.Seat, Luck: tg.Luck}
	return r
}

// refusedLevels says which stages the measuring rule put at a level this study's ladder
// does not tell apart from the level below: "restricted play and the seatBonus sweep are
// at greedy, which this study's ladder does not tell apart from casual"; "" when none.
func (a *Answer) refusedLevels() string {
	if a.Ladder == nil {
		return ""
	}
	var order []string
	by := map[string][]string{}
	add := func(what, level, why string) {
		if why == "" {
			return
		}
		if _, ok := by[level]; !ok {
			order = append(order, level)
		}
		by[level] = append(by[level], what)
	}
	for _, ab := range a.Ablation {
		add("restricted play", ab.Level, ab.Measuring)
	}
	for _, l := range a.Compensation {
		add("the "+l.Lever.Path+" sweep", l.Level, l.Measuring)
	}
	var parts []string
	for _, level := range order {
		for _, st := range a.Ladder.Steps {
			if a.Levels[st.Upper].Level != level || st.Verdict == "stronger" {
				continue
			}
			verb := "is"
			if len(by[level]) > 1 {
				verb = "are"
			}
			parts = append(parts, fmt.Sprintf("%s %s at %s, which this study's ladder does not tell apart from %s", format.JoinAnd(by[level]), verb, level, a.Levels[st.Lower].Level))
		}
	}
	return strings.Join(parts, "; ")
}

// seatsAt are the seat advantages that answer Fair?, at the level fairLevel chose
// (the luck-adjusted ones where the level had luck accounting: luckAdjust puts them in
// the level's seats).
func (a *Answer) seatsAt() ([]SeatRow, string) {
	return a.Levels[a.FairAt].Seats, "self-play"
}

// holmIv is a seat's advantage with the interval its Holm verdict uses: the Wald
// interval widened from 95% to 1 − α/k, where k = PHolm/P is the seat's Holm multiplier
// (1 ≤ k ≤ the family size). The seat tests are z-tests of the same value and standard
// error (fairness.SelfPlayOf, luck.AdvantageTest), so the widened interval excludes 0
// exactly when PHolm < α: page 1 prints the interval its verdict is read from.
func holmIv(s SeatRow) Est {
	e := s.Advantage
	if !(s.P > 0) || !(s.PHolm > s.P) || math.IsNaN(e.Lo) || math.IsNaN(e.Hi) {
		return e
	}
	k := s.PHolm / s.P
	f := stats.ZTwoSided(1-stats.Alpha/k) / stats.Z95Literal
	e.Lo, e.Hi = e.Value-f*(e.Value-e.Lo), e.Value+f*(e.Hi-e.Value)
	return e
}

// fairJudgement is the fairness answer of one level's seats as page 1 and the sections
// give it.
type fairJudgement struct {
	Seat    SeatRow // the seat the answer names
	Iv      Est     // its advantage with the interval the verdict is read from (holmIv)
	Verdict string  // fairness.Verdict
	More    int64   // about how many more games would settle it; 0 when settled
	Reach   float64 // the farthest any seat's interval reaches from 0
}

// judgeFair judges a level's seats on their Holm intervals (holmIv), the ones page 1
// prints: a seat whose interval excludes 0 is favoured or disfavoured (the one with the
// largest advantage is named); else the seats are fair when every seat's interval lies
// within ±target — the legend's rule — and not settled when one reaches beyond. The
// named seat is then the one whose interval reaches farthest, so the printed interval is
// the one that decides. On a tie (two players: the mirror seat) the earlier seat.
//
// More: for a favoured seat, the games until every interval is within the target's
// width (its size is settled); for unsettled seats, the games until each seat's interval
// either fits within ±target or excludes 0, whichever needs the wider half-width.
func judgeFair(seats []SeatRow, games int64, target float64) fairJudgement {
	ivs := make([]Est, len(seats))
	for i, s := range seats {
		ivs[i] = holmIv(s)
	}
	best, sig := -1, false
	for i, s := range seats {
		if s.PHolm < stats.Alpha && (!sig || math.Abs(ivs[i].Value) > math.Abs(ivs[best].Value)+1e-12) {
			best, sig = i, true
		}
	}
	j := fairJudgement{}
	for _, e := range ivs {
		j.Reach = math.Max(j.Reach, e.Reach())
	}
	if !sig {
		for i := range seats {
			if best < 0 || ivs[i].Reach() > ivs[best].Reach()+1e-12 {
				best = i
			}
		}
	}
	j.Seat, j.Iv = seats[best], ivs[best]
	settled := !(j.Reach > target)
	j.Verdict = fairness.Verdict(sig, j.Iv.Value, settled)
	switch j.Verdict {
	case fairness.Favoured, fairness.Disfavoured:
		half := 0.0
		for _, e := range ivs {
			half = math.Max(half, e.HalfWidth())
		}
		j.More = stats.MoreGames(games, half, target)
	case fairness.NotSettled:
		for _, e := range ivs {
			need := math.Max(target-math.Abs(e.Value), math.Abs(e.Value))
			j.More = max(j.More, stats.MoreGames(games, e.HalfWidth(), need))
		}
		j.More = max(j.More, 1)
	}
	return j
}

// fairSeat is the seat with the largest advantage among the significant ones, else among
// all (the summary table's largest advantage); on a tie the earlier seat.
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
	if a.FairLevel() < 0 {
		return Cell{Text: "not played", Verdict: "–"}
	}
	la := a.Levels[a.FairLevel()]
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
	j := judgeFair(seats, la.Games, tg.Seat)
	e := j.Iv
	c := Cell{Value: &e, From: from, Verdict: j.Verdict, More: j.More}
	who := fmt.Sprintf("seat %d", j.Seat.Seat)
	at := a.atLevel(la.Level) // " (greedy)" where the level below answers (fairLevel)
	switch c.Verdict {
	case fairness.Favoured, fairness.Disfavoured:
		// The verdict stands; its size is not settled until the interval is within the
		// target (what to change depends on it).
		c.Text = who + " " + c.Verdict + at + ": " + ptsWithUnit(e)
		if j.More > 0 {
			c.Text += notSettled(j.More)
		}
	case fairness.NotSettled:
		c.Text = c.Verdict + at + ": " + who + " " + ptsWithUnit(e) + notSettled(j.More)
	default:
		c.Text = c.Verdict + at + ": " + who + " " + ptsWithUnit(e)
	}
	return c
}

// skillJudge judges "does skill matter?" on the strongest level told apart from the
// weakest — the most skilled level whose Elo interval lies above 0 — not on every step
// of the ladder (a bot artefact such as greedy ≈ casual does not make it "partly"): "yes"
// when that is the strongest level played, "partly" when only a weaker level is, "no"
// when none is. level is the level page 1 names (the one judged; the strongest played
// when none is told apart); ok is false without a ladder.
func (a *Answer) skillJudge() (verdict string, level int, ok bool) {
	n := len(a.Levels)
	la := a.Ladder
	if la == nil || len(la.Steps) == 0 || len(la.Elo) != n || n < 2 {
		return "", 0, false
	}
	rated := func(i int) bool { return la.Elo[i] != nil && !math.IsNaN(la.Elo[i].Value) }
	top := n - 1
	for top > 0 && !rated(top) {
		top--
	}
	best := 0
	for i := top; i > 0; i-- {
		if rated(i) && la.Elo[i].Lo > 0 {
			best = i
			break
		}
	}
	switch {
	case best == 0:
		return "no", top, true
	case best == top:
		return "yes", best, true
	}
	return "partly", best, true
}

func (a *Answer) skillCell() Cell {
	n := len(a.Levels)
	if verdict, lv, ok := a.skillJudge(); ok {
		la := a.Ladder
		c := Cell{Verdict: verdict, From: "ladder"}
		c.Text = fmt.Sprintf("%s: %d of %d levels told apart", verdict, la.Distinguishable, n)
		if lv > 0 {
			e := *la.Elo[lv]
			c.Value = &e
			c.Text = fmt.Sprintf("%s: %s %s Elo %s; %d of %d levels", verdict, a.Levels[lv].Level, format.Elo(e.Value), format.IvElo(e.Estimate), la.Distinguishable, n)
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
		c.Text = fmt.Sprintf("%s: chance %s %s", c.Verdict, al.verb, al.text) + a.atLevel(al.level)
		// A third part beside the chance events and the decisions, guessing, is named
		// before which chance event carries most.
		guess := ""
		if al.guess.named() && al.level == la.Level {
			guess = ", guessing " + format.Pct(al.guess.Share.Value)
		}
		switch {
		case guess != "":
			if t := c.Text + guess; wordCount(t) <= MaxCellWords {
				c.Text = t
			}
		case al.event != "" && al.level == la.Level:
			if t := c.Text + ", mostly " + al.event + " (" + format.Pct(al.eventShare) + ")"; wordCount(t) <= MaxCellWords {
				c.Text = t
			}
		}
		if m := stats.MoreGames(al.games, e.HalfWidth(), tg.Luck); m > 0 {
			head := "not settled: chance " + al.verb + " " + pctIv(e) + a.atLevel(al.level)
			if wordCount(head+guess+notSettled(m)) <= MaxCellWords {
				head += guess
			}
			c.Text, c.Verdict, c.More = head+notSettled(m), "not settled", m
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
	text  string // share as stated: "at least 8%" where the replays say V misses chance
	// event is the kind of chance event that carries most of the luck, in words ("" if
	// none), and eventShare its part of the spread of results.
	event      string
	eventShare float64
	games      int64  // games behind share
	verb       string // "carries"
	level      string // the level of play measured
	// guess is the guessing of the rounds of secret simultaneous choices (nil without)
	guess *GuessAccount
}

func (a *Answer) luckAlong() (luckAlong, bool) {
	if acc := a.measured(); acc != nil && acc.Share.HasInterval() {
		al := luckAlong{share: acc.Share, text: acc.shareWords(), games: acc.Games, verb: "carries", level: acc.Level, guess: acc.Guessing}
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
			return Cell{Text: fmt.Sprintf("%s: worth %s", w.class(top.Class), ptsWithUnit(e)) + a.atLevel(ab.Level), Value: &e, Verdict: "choice", From: "restricted play"}
		}
		for i := range rows {
			if r := rows[i]; r.Tested && !r.Idle {
				e := r.Worth
				return Cell{Text: fmt.Sprintf("not settled: %s %s", w.class(r.Class), ptsWithUnit(e)) + a.atLevel(ab.Level), Value: &e, Verdict: "not settled", From: "restricted play"}
			}
		}
	}
	// Component win rates (IWD) are associations: never an answer to What matters?.
	return Cell{Text: "–", Verdict: "–"}
}

// changeCell is What to change?, given the row's Fair? cell (fc), whose verdict on the
// interval it prints decides it where tune certified nothing.
func (a *Answer) changeCell(fc Cell) Cell {
	if t := a.cfg.Tune; t != nil {
		for _, ch := range t.Changes {
			if !ch.Certified {
				continue
			}
			if len(ch.Params) == 0 { // tune certified the rules as they are
				return Cell{Text: "fair as is: no change needed (tune certified)" + a.atLevel(t.Level), Verdict: "nothing", From: "tune"}
			}
			if !ch.Effect.HasInterval() { // certified on targets other than fair
				return Cell{Text: a.changeWords(ch) + ": certified" + a.atLevel(t.Level), Verdict: "change", From: "tune"}
			}
			e := ch.Effect
			return Cell{Text: fmt.Sprintf("%s: %s", a.changeWords(ch), ptsWithUnit(e)) + a.atLevel(t.Level), Value: &e, Verdict: "change", From: "tune"}
		}
	}
	if a.Players == 1 {
		return a.soloChange()
	}
	// Certified or silent: page 1 names a change only where tune certified one (above);
	// otherwise the rules as they are, judged by the Fair? cell on the interval it prints,
	// or what is missing. A sweep's fair value is a fraction nobody played, measured at
	// the sweep's level: it stays in the section as evidence, never here.
	switch fc.Verdict {
	case fairness.Fair:
		for i := range a.Compensation {
			l := &a.Compensation[i]
			if c := l.Compensation; l.Lever.Family() && c != nil && c.Found && c.Moves && c.Value.Excludes(0) {
				// Fair at the measuring level, not under the sweep's play: the seat advantage
				// moves with skill, and the page says so rather than "nothing".
				return Cell{Text: "fair as is; a seat is off under " + l.Level + " play (the sweep)", Verdict: "open", From: "sweep"}
			}
		}
		// The level the Fair? cell was answered at, named where it is not the measuring one.
		return Cell{Text: "fair as is" + a.atLevel(a.Levels[a.FairAt].Level) + ": no change needed", Verdict: "nothing"}
	case fairness.NotSettled:
		return Cell{Text: "not settled" + notSettled(fc.More) + " (study --settle)", Verdict: "not settled", More: fc.More}
	case fairness.Favoured, fairness.Disfavoured:
		if t := a.cfg.Tune; t != nil && t.More > 0 {
			// tune's best change lies inside the target, its intervals not yet.
			return Cell{Text: "not settled" + a.atLevel(t.Level) + notSettled(t.More) + " (dragonlab tune)", Verdict: "not settled", More: t.More, From: "tune"}
		}
		if a.cfg.Tune != nil {
			return Cell{Text: "not certified: no change meets the target" + a.atLevel(a.cfg.Tune.Level), Verdict: "open", From: "tune"}
		}
		return Cell{Text: "a seat is " + fc.Verdict + "; no change certified (dragonlab tune)", Verdict: "open"}
	}
	return Cell{Text: "–", Verdict: "–"}
}

// giveText is the compensation in words: "give seat 1 2.15 points [1.5, 2.8]";
// "give each later seat 1.6 more points [0.6, 2.6]". A negative value of the seatBonus
// family gives the points the other way: "give seat 0 1.2 starting points [0.3, 2.1]",
// "give each earlier seat 1.16 more points [0.25, 1.79]" (never "-1.16 more points").
func giveText(x Est, players int) string {
	who := "seat 1"
	if players > 2 {
		who = "each later seat"
	}
	if x.Value < 0 {
		who, x = "seat 0", Est{Estimate: x.Negate()}
		if players > 2 {
			who = "each earlier seat"
		}
	}
	if players == 2 {
		return fmt.Sprintf("give %s %s starting points %s", who, format.Trim(x.Value, 2), format.IvTrim(x.Estimate, 2))
	}
	return fmt.Sprintf("give %s %s more points %s", who, format.Trim(x.Value, 2), format.IvTrim(x.Estimate, 2))
}

// familyText is the seatBonus family at the fair value x as the sections say it: "seat 1
// starting with 2.03 points [0.33, 3.72]", "each seat starting with 1.6 points more than
// the seat before it [0.6, 2.6]"; a negative value the other way, with the interval page 1
// prints (giveText): "seat 0 starting with 1.2 points …", "each seat starting with 1.16
// points fewer than the seat before it [0.25, 1.79]".
func familyText(x Est, players int) string {
	who, unit := "seat 1 starting with", "points"
	if players > 2 {
		who, unit = "each seat starting with", "points more than the seat before it"
	}
	if x.Value < 0 {
		x = Est{Estimate: x.Negate()}
		who = "seat 0 starting with"
		if players > 2 {
			who, unit = "each seat starting with", "points fewer than the seat before it"
		}
	}
	return fmt.Sprintf("%s %s %s %s", who, format.Trim(x.Value, 2), unit, format.IvTrim(x.Estimate, 2))
}

// SoloTarget is the solitaire's success target behind its "What to change?": won 50% of
// the time, ±5 points (success=50±5) — a solitaire neither a formality nor hopeless.
var SoloTarget = struct{ Center, Tol float64 }{0.50, 0.05}

// SoloTargetText is SoloTarget as a target is written: success=50±5.
func SoloTargetText() string {
	return fmt.Sprintf("success=%s±%s", format.Trim(100*SoloTarget.Center, 1), format.Trim(100*SoloTarget.Tol, 1))
}

// soloChange is the solitaire's "What to change?", judged against SoloTarget on the
// sweep's whole values, all measured at the sweep's level (never a value nobody played):
// no change needed where the rules' interval lies inside the target; where it lies
// wholly outside, the smallest change whose interval lies inside, else the smallest
// that moves success clearly toward the target (its interval excludes the rules'
// estimate), else none to make; otherwise not settled.
func (a *Answer) soloChange() Cell {
	lo, hi := SoloTarget.Center-SoloTarget.Tol, SoloTarget.Center+SoloTarget.Tol
	tgt := SoloTargetText()
	inside := func(e Est) bool { return e.Lo >= lo && e.Hi <= hi }
	for _, l := range a.Compensation {
		var rules *PointAnswer
		for i := range l.Points {
			if l.Points[i].Rules && l.Points[i].Success != nil {
				rules = &l.Points[i]
			}
		}
		if rules == nil {
			continue
		}
		at := a.atLevel(l.Level)
		r := *rules.Success
		switch {
		case inside(r):
			return Cell{Text: fmt.Sprintf("no change needed: won %s, inside %s", pctIv(r), tgt) + at, Value: &r, Verdict: "nothing", From: "sweep"}
		case r.Lo <= hi && r.Hi >= lo:
			return Cell{Text: fmt.Sprintf("not settled: won %s against %s (study --settle)", pctIv(r), tgt) + at, Value: &r, Verdict: "not settled", From: "sweep"}
		}
		// The rules lie wholly outside the target: the smallest change in cost order.
		var in, toward *PointAnswer
		for i := range l.Points {
			p := &l.Points[i]
			if p.Rules || p.Success == nil {
				continue
			}
			e := *p.Success
			closer := func(q *PointAnswer) bool {
				return q == nil || math.Abs(p.X-rules.X) < math.Abs(q.X-rules.X)
			}
			if inside(e) && closer(in) {
				in = p
			}
			towardTarget := (r.Value > hi && e.Hi < r.Value) || (r.Value < lo && e.Lo > r.Value)
			if towardTarget && closer(toward) {
				toward = p
			}
		}
		switch {
		case in != nil:
			e := *in.Success
			return Cell{Text: fmt.Sprintf("%s: won %s, inside %s", a.words.paramShort(l.Lever.Path, in.X), pctIv(e), tgt) + at, Value: &e, Verdict: "change", From: "sweep"}
		case toward != nil:
			e := *toward.Success
			return Cell{Text: fmt.Sprintf("toward %s: %s, won %s", tgt, a.words.paramShort(l.Lever.Path, toward.X), pctIv(e)) + at, Value: &e, Verdict: "change", From: "sweep"}
		}
		return Cell{Text: fmt.Sprintf("none to make: no value swept moves success (%s) toward %s", pctIv(r), tgt) + at, Value: &r, Verdict: "open", From: "sweep"}
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
				if len(vs) == 0 { // the starting points of a variant taken away
					vs = append(vs, "no seat starts with extra points")
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
