package feel

import (
	"fmt"
	"math"
	"strconv"

	"dragonlab/reports/designer"
	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/sim"
)

// Question is "How does it feel?" as a study question: it plays no runs of its own (every
// level's self-play records the game-feel metrics), reads each level's metrics into the
// level's answer (designer.FeelRow), and writes its section of each game, before "What to
// change?": the sentence of each player count at the measuring level and the table of
// every metric beside the other games' range; and it says how long a game lasts in the
// game's answer. Registered in reports/analysis.
type Question struct{}

// Name is the question's key.
func (Question) Name() string { return "feel" }

// Before places its section before the game's "What to change?".
func (Question) Before() string { return "What to change?" }

// ReadLevel reads the game feel of a level's self-play (nothing without metrics).
func (Question) ReadLevel(la *designer.LevelAnswer, r *sim.Result) error {
	m := r.Aggregate.Metrics
	if m == nil {
		return nil
	}
	f, err := Analyze(&r.Aggregate, m)
	if err != nil {
		return err
	}
	la.Feel = row(f)
	return nil
}

// Section is "How does it feel?" for one game.
func (Question) Section(rp *designer.Report, g *designer.Game, s *doc.Section) {
	fe := s.AddSection("How does it feel?")
	if lines := designer.PerPlayers(g, sentence); len(lines) > 0 {
		fe.Add(doc.Bullets(lines...))
	}
	if t := table(rp, g); t != nil {
		fe.Add(t)
	}
}

// AnswerSentence is the game's length in the game's answer, at the measuring level of
// the headline player count.
func (Question) AnswerSentence(h *designer.Answer, at string) string {
	if h.Measure < 0 || h.Levels[h.Measure].Feel == nil {
		return ""
	}
	f := h.Levels[h.Measure].Feel
	length := fmt.Sprintf("%s decisions", format.Num(f.Length.Value, 1))
	if f.Span != nil {
		length = fmt.Sprintf("%s %s (%s decisions)", format.Num(f.Span.Value, 1), f.Unit, format.Num(f.Length.Value, 1))
	}
	return fmt.Sprintf("A game%s lasts %s.", at, length)
}

// Method is its line of the report's methods.
func (Question) Method() string {
	return "Game feel: Browne's criteria as the Ludii metrics define them (README: game-feel metrics); length also in the game's own unit (engine.Lengther: turns, plays, rounds, combats). Lead changes grow with the player count by construction (more seats to take the lead), so they are shown per player; a comeback (the winner behind at mid-game) happens by chance in (n−1)/n of games when the mid-game position says nothing, so comebacks are shown as a share of that; each metric stands beside the other games' range at the same player count."
}

// row is the game feel in brief, as the level's answer keeps it.
func row(f *Analysis) *designer.FeelRow {
	r := &designer.FeelRow{Length: designer.Est{Estimate: f.Duration}, Choice: f.MultiChoice, Branching: f.Branching.Mean}
	if f.Span != nil {
		r.Span, r.Unit = &designer.Est{Estimate: *f.Span}, f.Unit
	}
	if f.Solitaire {
		return r
	}
	n := float64(f.Players)
	r.LeadChanges = &designer.Est{Estimate: f.LeadChanges}
	lp := f.LeadChanges.Value / n
	r.LeadsPerPlayer = &lp
	if f.Decided > 0 {
		r.Comebacks, r.Decisiveness, r.Margin = &designer.Est{Estimate: f.Comebacks}, &designer.Est{Estimate: f.Decisiveness}, &designer.Est{Estimate: f.Margin}
		cr := designer.Est{Estimate: f.Comebacks.Scale(n / (n - 1))}
		r.ComebackRatio = &cr
	}
	return r
}

// sentence is the "How does it feel?" sentence at the measuring level.
func sentence(a *designer.Answer) string {
	t := a.Measure
	if t < 0 || a.Levels[t].Feel == nil {
		return ""
	}
	f := a.Levels[t].Feel
	length := fmt.Sprintf("%s decisions %s", format.Num(f.Length.Value, 1), format.IvNum(f.Length.Estimate, 1))
	if p := f.Pace(); p != "" {
		length = p + " (" + length + ")"
	}
	s := fmt.Sprintf("Under %s play games last %s; %s of decisions offer a choice, among %s legal actions on average",
		a.Levels[t].Level, length, format.Pct(f.Choice), format.Num(f.Branching, 1))
	if f.LeadChanges != nil {
		s += fmt.Sprintf("; the lead changes %s times per game (%s per player)", format.Num(f.LeadChanges.Value, 2), format.Num(*f.LeadsPerPlayer, 2))
	}
	if f.Comebacks != nil && f.Decisiveness != nil {
		s += fmt.Sprintf("; %s of decided games are comebacks %s, %s of what chance alone would give, and the winner leads for good over the last %s of a game",
			format.Pct(f.Comebacks.Value), format.IvPct(f.Comebacks.Estimate), format.Pct(f.ComebackRatio.Value), format.Pct(f.Decisiveness.Value))
	}
	return s + "."
}

// scale is the same metric of the other games at one player count, as the scale of a
// number: "others 0.10–1.48" ("" when no other game was played at that count).
func scale(rp *designer.Report, self *designer.Game, players int, metric func(*designer.FeelRow) (float64, bool), pct bool) string {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, g := range rp.Games {
		if g == self {
			continue
		}
		for _, a := range g.Configs {
			if a.Players != players || a.Measure < 0 || a.Levels[a.Measure].Feel == nil {
				continue
			}
			if v, ok := metric(a.Levels[a.Measure].Feel); ok {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if math.IsInf(lo, 1) {
		return ""
	}
	f := func(x float64) string { return format.Num(x, 2) }
	if pct {
		f = format.Pct
	}
	if f(lo) == f(hi) {
		return "; others " + f(lo)
	}
	return "; others " + f(lo) + "–" + f(hi)
}

// table is the game feel of every player count at the measuring level, each metric
// beside the range of the other games at the same player count (Ludii's habit: a number
// with a reference), lead changes per player and comebacks against chance so that player
// counts compare.
func table(rp *designer.Report, g *designer.Game) *doc.Table {
	t := doc.NewTable("", doc.Col("Players", doc.Right), doc.Col("Level", doc.Left), doc.Col("Length", doc.Left),
		doc.Col("Choice", doc.Left), doc.Col("Lead changes per player", doc.Left), doc.Col("Comebacks against chance", doc.Left),
		doc.Col("Decided for the last", doc.Left))
	t.Caption = "At the measuring level, each number beside the other games' range at the same player count. Length: in the game's own unit (turns, plays, rounds, combats) where it counts one, and decisions [95% CI]; choice: share of decisions with more than one legal action; lead changes per game divided by the players; comebacks (decided games won from behind at mid-game) as a share of (n−1)/n, what a mid-game position that says nothing about the winner would give; decided for the last: share of the game after the winner took the lead for good"
	t.Small = true
	rows := 0
	for _, a := range g.Configs {
		if a.Measure < 0 || a.Levels[a.Measure].Feel == nil {
			continue
		}
		f := a.Levels[a.Measure].Feel
		n := a.Players
		length := format.Num(f.Length.Value, 1) + " decisions " + format.IvNum(f.Length.Estimate, 1)
		if p := f.Pace(); p != "" {
			length = p + "; " + length
		}
		choice := format.Pct(f.Choice) + scale(rp, g, n, func(r *designer.FeelRow) (float64, bool) { return r.Choice, true }, true)
		lc, cb, dc := "–", "–", "–"
		if f.LeadsPerPlayer != nil {
			lc = format.Num(*f.LeadsPerPlayer, 2) + scale(rp, g, n, func(r *designer.FeelRow) (float64, bool) {
				if r.LeadsPerPlayer == nil {
					return 0, false
				}
				return *r.LeadsPerPlayer, true
			}, false)
		}
		if f.ComebackRatio != nil {
			cb = format.Pct(f.ComebackRatio.Value) + scale(rp, g, n, func(r *designer.FeelRow) (float64, bool) {
				if r.ComebackRatio == nil {
					return 0, false
				}
				return r.ComebackRatio.Value, true
			}, true)
		}
		if f.Decisiveness != nil {
			dc = format.Pct(f.Decisiveness.Value) + scale(rp, g, n, func(r *designer.FeelRow) (float64, bool) {
				if r.Decisiveness == nil {
					return 0, false
				}
				return r.Decisiveness.Value, true
			}, true)
		}
		t.TextRow(strconv.Itoa(n), a.Levels[a.Measure].Level, length, choice, lc, cb, dc)
		rows++
	}
	if rows == 0 {
		return nil
	}
	return t
}
