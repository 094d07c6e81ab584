package designer

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"dragonlab/engine/value"
	"dragonlab/reports/doc"
	"dragonlab/reports/fairness"
	"dragonlab/reports/format"
	"dragonlab/reports/luck"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// How much is luck? The study plays its measuring level (the design's levels
// with "luck": the expert) with luck accounting: its self-play, its lever sweeps and its
// ladder step against the level below. From them the report answers with the luck
// measured along the game (reports/luck: the share of the spread of results the chance
// events carry, and the kinds of chance event that swing games most), and from the ladder
// how far skill shows through the luck (how often the weaker level does better on the same
// deals, how many games the stronger needs to win 90% of matches).
//
// Wherever such a run estimates a seat advantage or a difference between levels, the
// report uses the luck-adjusted estimate (each result less the seat's luck: the same
// expectation, a narrower interval) and keeps the raw one beside it in the appendix. The
// adjustment is made where the self-play is analysed (adjustForLuck replaces the seat
// advantages, their standard errors and p-values of fairness.SelfPlay), so every verdict
// downstream — Holm's correction, "favoured", "too wide", the compensation, the glance
// table, the answers and the appendix — reads the same adjusted numbers. The replays'
// older number, the outcome variance fixed by the deal when the same bots replay it, stays
// in the appendix (LevelAnswer.Luck) labelled as what it is.

// LuckAccount is what one level's luck accounting says.
type LuckAccount struct {
	Level string `json:"level"`
	Games int64  `json:"games"`
	// Share is the luck share: Σ Cov(Y, L)/Σ Var(Y), the share of the spread of results
	// the chance events carry; Decisions the seats' own decisions' share (jackknife 95%
	// intervals).
	Share     Est `json:"share"`
	Decisions Est `json:"decisions"`
	// VarianceRatio: the luck-adjusted seat advantages are as precise as the raw ones
	// from this many times as many games (null for a solitaire).
	VarianceRatio doc.Number `json:"varianceRatio"`
	// VarianceCI is the ratio with its jackknife interval; Adjusted says whether the
	// verdicts use the luck-adjusted advantages (the interval lies at or above 1) or the
	// raw ones (taking the luck out is not shown to help).
	VarianceCI Est  `json:"varianceRatioInterval"`
	Adjusted   bool `json:"adjusted"`
	// Events are the kinds of chance event, the largest mean swing first.
	Events []ChanceKind `json:"events"`
	// Seats are the seat advantages raw and luck-adjusted (two players or more); the
	// report's verdicts use the adjusted ones.
	Seats []AdjustedSeat `json:"seats,omitempty"`
	// RawFavoured: the raw advantages would say that a seat is significantly favoured
	// (the report says Favoured from the adjusted ones).
	RawFavoured bool      `json:"rawFavoured"`
	Value       value.Ref `json:"value"` // the frozen value function used
	// Guessing is the share of the spread of results the draws of the mixed choices of
	// the rounds of secret simultaneous choices carry (luck.GuessShare), apart from the
	// chance events and the own decisions; absent for a game without such rounds.
	Guessing *GuessAccount `json:"guessing,omitempty"`
	// ValueFit is its held-out fit in words (luck.FitWords), printed beside the share;
	// Agreement compares the share with the replays' deal-fixed share of the same run
	// (when the level was replayed): where the replays lie above, the share is stated as
	// "at least".
	ValueFit  string          `json:"valueFit,omitempty"`
	Agreement *luck.Agreement `json:"agreement,omitempty"`

	level int // index into Answer.Levels
}

// GuessAccount is the guessing of one level: its share with its interval, the rounds
// accounted and the winning chance one round's draw moves on average.
type GuessAccount struct {
	Share     Est        `json:"share"`
	Rounds    int64      `json:"rounds"`
	MeanSwing doc.Number `json:"meanSwing"`
}

// named reports whether the guessing is worth naming on page 1: its interval lies above 0.
func (g *GuessAccount) named() bool { return g != nil && g.Share.Lo > 0 }

// ChanceKind is one kind of chance event.
type ChanceKind struct {
	Kind string `json:"kind"` // the game's name ("flame dice")
	Name string `json:"name"` // in words ("the flame dice")
	// Events is how many happened; MeanSwing the winning chance one of them moves from
	// some seats to others, on average (half the sum over the seats of |correction|);
	// Share its part of the luck share (Σ Cov(Y, L_k)/Σ Var(Y)).
	Events    int64      `json:"events"`
	MeanSwing doc.Number `json:"meanSwing"`
	Share     doc.Number `json:"share"`
}

// AdjustedSeat is one seat's advantage over the fair share, raw and luck-adjusted, each
// with its Holm-adjusted p-value over every seat test of the game and player count.
type AdjustedSeat struct {
	Seat int `json:"seat"`
	// Raw is the study's estimate without luck accounting (fairness.SelfPlayOf: the
	// design-effect bound, normal interval).
	Raw      Est     `json:"raw"`
	RawPHolm float64 `json:"rawPHolm"`
	// Adjusted is the mean of each result less the seat's luck, less the fair share
	// (luck.AdvantageTest: jackknife over 64 batches of deals, Student's t).
	Adjusted Est     `json:"adjusted"`
	PHolm    float64 `json:"pHolm"`

	rawP float64
}

// LuckStep is what one ladder step says about luck against skill.
type LuckStep struct {
	Upper int `json:"upper"`
	Lower int `json:"lower"`
	// Against: how often the lower level does better on the same deals, and the games the
	// upper one needs to win 90% of matches (luck.Against).
	Against *luck.AgainstSkill `json:"against"`
	// Share is the upper level's win share per game against the level below as the
	// report gives it (StepAnswer.Share): luck-adjusted when the step had luck
	// accounting, and then Raw is the raw one.
	Share Est  `json:"share"`
	Raw   *Est `json:"raw,omitempty"`
}

// adjustForLuck records the luck accounting of level's self-play r and replaces the seat
// advantages of s (its analysis) with the luck-adjusted ones. It does nothing for a run
// without luck accounting.
func (a *Answer) adjustForLuck(level int, r *sim.Result, s *fairness.SelfPlay) error {
	if r.Aggregate.Luck == nil {
		return nil
	}
	acc, err := luck.Account(r)
	if err != nil {
		return err
	}
	la := LuckAccount{Level: a.cfg.Levels[level].Name, Games: r.Games, Share: Est{Estimate: acc.LuckShare.Estimate},
		Decisions: Est{Estimate: acc.DecisionShare.Estimate}, VarianceRatio: acc.VarianceRatio, Value: acc.Value, level: level,
		VarianceCI: Est{Estimate: acc.VarianceCI.Estimate}, Adjusted: acc.Adjusted, ValueFit: luck.FitWords(luck.ValueFit(acc.Value, r.Players))}
	if g := acc.Guessing; g != nil {
		la.Guessing = &GuessAccount{Share: Est{Estimate: g.Share.Estimate}, Rounds: g.Rounds, MeanSwing: g.MeanSwing}
	}
	for _, k := range acc.Kinds {
		la.Events = append(la.Events, ChanceKind{Kind: k.Kind, Name: chanceName(k.Kind), Events: k.Events, MeanSwing: k.MeanSwing, Share: k.Share})
	}
	if r.Players > 1 {
		for seat := range s.Advantage {
			row := AdjustedSeat{Seat: seat, Raw: Est{Estimate: s.Advantage[seat]}, rawP: s.P[seat]}
			adj, se, p := adjustedAdvantage(r.Aggregate.Luck, seat)
			if acc.Adjusted {
				// Only where the adjustment is shown to help: else the verdicts keep the raw.
				s.Advantage[seat], s.SE[seat], s.P[seat] = adj, se, p
			}
			row.Adjusted = Est{Estimate: adj}
			la.Seats = append(la.Seats, row)
		}
	}
	a.LuckAccounting = append(a.LuckAccounting, la)
	return nil
}

// adjustedAdvantage is seat's luck-adjusted advantage with its standard error and p-value.
func adjustedAdvantage(l *sim.LuckAgg, seat int) (stats.Estimate, float64, float64) {
	return luck.AdvantageTest(l, seat, false, true)
}

// adjustSelfPlay replaces the seat advantages of s, the analysis of self-play r, with the
// luck-adjusted ones when r had luck accounting, and returns the raw advantage of seat 0
// (nil when nothing was adjusted).
func adjustSelfPlay(r *sim.Result, s *fairness.SelfPlay) *Est {
	if r == nil || r.Aggregate.Luck == nil || s == nil || r.Players < 2 {
		return nil
	}
	if !luck.Helps(luck.VarianceRatioEstimate(r.Aggregate.Luck, false)) {
		return nil
	}
	raw := Est{Estimate: s.Advantage[0]}
	for seat := range s.Advantage {
		s.Advantage[seat], s.SE[seat], s.P[seat] = adjustedAdvantage(r.Aggregate.Luck, seat)
	}
	return &raw
}

// luckVerdicts fills the Holm-adjusted p-values of the raw and adjusted advantages, in
// the family analyzeConfig tests (every level, seat 0 only with two players), after its
// Holm correction of the adjusted ones.
func (a *Answer) luckVerdicts() {
	if len(a.LuckAccounting) == 0 || a.Players < 2 {
		return
	}
	raw := map[int][]float64{}
	for _, la := range a.LuckAccounting {
		for _, s := range la.Seats {
			raw[la.level] = append(raw[la.level], s.rawP)
		}
	}
	ps := make([][]float64, len(a.Levels))
	for i, lv := range a.Levels {
		for _, s := range lv.Seats {
			p := s.P
			if r, ok := raw[i]; ok {
				p = r[s.Seat]
			}
			ps[i] = append(ps[i], p)
		}
	}
	holm, _ := stats.HolmSeats(ps)
	for k := range a.LuckAccounting {
		la := &a.LuckAccounting[k]
		for j := range la.Seats {
			st := &la.Seats[j]
			st.PHolm = a.Levels[la.level].Seats[st.Seat].PHolm
			st.RawPHolm = holm[la.level][st.Seat]
			if lk := a.cfg.Levels[la.level].Looks; lk > 1 {
				st.RawPHolm = math.Min(1, st.RawPHolm*float64(lk)) // the looks, as the level's own tests
			}
			if st.RawPHolm < stats.Alpha {
				la.RawFavoured = true
			}
		}
	}
}

// luckLadder reads luck against skill from every ladder step, and where a step had luck
// accounting replaces the upper level's share against the level below by the
// luck-adjusted one (the raw kept in LuckSteps).
func (a *Answer) luckLadder() error {
	if a.Ladder == nil {
		return nil
	}
	for _, st := range a.cfg.Ladder {
		r := st.Result
		if r == nil || r.Games == 0 {
			continue
		}
		ag, err := luck.Against(r)
		if err != nil {
			return fmt.Errorf("ladder: %w", err)
		}
		ls := LuckStep{Upper: st.Upper, Lower: st.Lower, Against: ag}
		for k := range a.Ladder.Steps {
			sa := &a.Ladder.Steps[k]
			if sa.Upper != st.Upper || sa.Lower != st.Lower {
				continue
			}
			if l := r.Aggregate.Luck; l != nil {
				raw := sa.Share
				ls.Raw = &raw
				sa.Share = Est{Estimate: luck.Mean(l, 0, true, true)}
			}
			ls.Share = sa.Share
		}
		a.LuckSteps = append(a.LuckSteps, ls)
	}
	return nil
}

// chanceName is a kind of chance event in words: "the flame dice", "the DH-14 card".
func chanceName(kind string) string {
	switch kind {
	case "rider":
		return "the riding cards"
	case "deal":
		return "the opening hands"
	}
	return "the " + kind
}

// measured is the luck accounting of the most skilled level that had one (nil if none).
func (a *Answer) measured() *LuckAccount {
	if len(a.LuckAccounting) == 0 {
		return nil
	}
	return &a.LuckAccounting[len(a.LuckAccounting)-1]
}

// accountAt is the luck accounting of level i (nil when it had none).
func (a *Answer) accountAt(i int) *LuckAccount {
	for k := range a.LuckAccounting {
		if a.LuckAccounting[k].level == i {
			return &a.LuckAccounting[k]
		}
	}
	return nil
}

// carriesMost is the kind of chance event that carries the largest part of the luck —
// the sum over its events, Share — or nil when no kind carries a positive part.
func (la *LuckAccount) carriesMost() *ChanceKind {
	var best *ChanceKind
	for i := range la.Events {
		k := &la.Events[i]
		if v := float64(k.Share); v > 0 && !math.IsNaN(v) && (best == nil || v > float64(best.Share)) {
			best = k
		}
	}
	return best
}

// topEvents names the kinds of chance event that swing games most (at most two, each
// with its mean swing and its part of the luck share).
func (la *LuckAccount) topEvents(limit int) string {
	var out []string
	for _, e := range la.Events {
		if len(out) == limit {
			break
		}
		out = append(out, fmt.Sprintf("%s (%s points of winning chance per event, %s of the spread)", e.Name, format.Num(100*float64(e.MeanSwing), 1), format.Pct(float64(e.Share))))
	}
	return format.JoinAnd(out)
}

// LuckAlongSentence answers "How much is luck?" for one player count: the luck share along the
// game at the measuring level, the chance events that swing games most, and from the
// ladder luck against skill; "" without luck accounting.
func (a *Answer) LuckAlongSentence() string {
	la := a.measured()
	if la == nil {
		return ""
	}
	own := "each seat's own decisions"
	if a.Players == 1 {
		own = "the player's own decisions"
	}
	s := fmt.Sprintf("Under %s play the chance events carry %s of the spread of results (%s luck) and %s %s",
		la.Level, la.shareWords(), luck.Word(la.Share.Value), own, pctIv(la.Decisions))
	if k := la.carriesMost(); k != nil {
		s += fmt.Sprintf("; most of the luck is %s (%s of the spread)", k.Name, format.Pct(float64(k.Share)))
	}
	if ev := la.topEvents(2); ev != "" {
		s += "; the chance events that swing games most are " + ev
	}
	s += "."
	if g := la.Guessing; g != nil {
		s += " " + guessSentence(g)
	}
	if ag := la.Agreement; ag != nil && !ag.Agree {
		s += " " + format.Capitalize(ag.Reason) + "."
	}
	if la.ValueFit != "" {
		s += " The value function behind it: " + la.ValueFit + "."
	}
	if st := a.topLuckStep(); st != nil {
		up, lo := a.Levels[st.Upper].Level, a.Levels[st.Lower].Level
		s += " " + st.Against.Sentence(up, lo)
	}
	if v := float64(la.VarianceRatio); len(la.Seats) > 0 && !math.IsNaN(v) {
		s += " " + luck.PrecisionSentence(la.VarianceCI.Estimate)
	}
	return s
}

// guessSentence says what the guessing of the rounds of secret simultaneous choices
// carries and, where it carries a share that shows, what a designer could change to
// turn it into skill.
func guessSentence(g *GuessAccount) string {
	s := fmt.Sprintf("Guessing — which choice the draw from a mixed policy gives in the rounds of secret simultaneous choices — carries %s of the spread (%s points of winning chance per round, %s rounds): that is neither luck of the cards and dice nor skill.",
		pctIv(g.Share), format.Num(100*float64(g.MeanSwing), 1), format.Count(g.Rounds))
	if g.named() {
		s += " " + GuessAdvice
	}
	return s
}

// GuessAdvice is what a designer could change to give a guessing round skill.
const GuessAdvice = "To give those rounds skill, a designer could make the options worth different amounts depending on the position (so reading the table pays), let some choices be seen before the others are made (one seat chooses openly, or in turn), or make the options come from a hand that empties (so remembering what was played pays)."

// shareWords is the luck share as the report states it: with its interval, or "at least"
// where the replays of the same deals say the value function misses part of it.
func (la *LuckAccount) shareWords() string {
	if la.Agreement != nil {
		return la.Agreement.Share()
	}
	return pctIv(la.Share)
}

// topLuckStep is the ladder step into the measuring level, else the highest step played.
func (a *Answer) topLuckStep() *LuckStep {
	la := a.measured()
	var best *LuckStep
	for k := range a.LuckSteps {
		st := &a.LuckSteps[k]
		if la != nil && st.Upper == la.level {
			return st
		}
		if best == nil || st.Upper > best.Upper {
			best = st
		}
	}
	return best
}

// luckTables adds to a game's "How much is luck?" the table of the luck along the game
// and of luck against skill; false when no player count had luck accounting.
func luckTables(ls *doc.Section, g *Game) bool {
	guessing := false
	for _, a := range g.Configs {
		if la := a.measured(); la != nil && la.Guessing != nil {
			guessing = true
		}
	}
	cols := []doc.Column{doc.Col("Players", doc.Right), doc.Col("Level", doc.Left), doc.Col("Chance events [95% CI]", doc.Left)}
	if guessing {
		cols = append(cols, doc.Col("Guessing", doc.Left))
	}
	cols = append(cols, doc.Col("Own decisions", doc.Left), doc.Col("Swings games most", doc.Left), doc.Col("Variance ratio", doc.Right), doc.Col("Value function (held out)", doc.Left))
	t := doc.NewTable("", cols...)
	parts := "the chance events carry (\"at least\" where the replays of the same deals disagree with it) and the seats' own decisions carry"
	if guessing {
		parts = "the chance events carry (\"at least\" where the replays of the same deals disagree with it), the guessing of the rounds of secret simultaneous choices (the draws of the choosers' mixed policies) and the seats' own decisions"
	}
	t.Caption = "Luck measured along the game: the share of the spread of results " + parts + "; the kind of chance event with the largest mean swing (points of winning chance per event); how many times as many games the raw seat advantages need to be as precise as the luck-adjusted ones; the value function's fit on games it was not fitted on"
	t.Small = true
	any := false
	for _, a := range g.Configs {
		la := a.measured()
		if la == nil {
			continue
		}
		any = true
		top, vr := "–", "–"
		if len(la.Events) > 0 {
			e := la.Events[0]
			top = fmt.Sprintf("%s (%s)", e.Name, format.Num(100*float64(e.MeanSwing), 1))
		}
		if v := float64(la.VarianceRatio); !math.IsNaN(v) {
			vr = format.Num(v, 2) + " " + format.IvNum(la.VarianceCI.Estimate, 2)
			if !la.Adjusted {
				vr += " (raw used)"
			}
		}
		row := []string{strconv.Itoa(a.Players), la.Level, la.shareWords()}
		if guessing {
			gs := "–"
			if la.Guessing != nil {
				gs = pctIv(la.Guessing.Share)
			}
			row = append(row, gs)
		}
		t.TextRow(append(row, pctIv(la.Decisions), top, vr, la.ValueFit)...)
	}
	if !any {
		return false
	}
	ls.Add(t)
	if st := luckStepTable(g); st != nil {
		ls.Add(st)
	}
	return true
}

// luckStepTable is luck against skill on every ladder step of a game.
func luckStepTable(g *Game) *doc.Table {
	t := doc.NewTable("", doc.Col("Players", doc.Right), doc.Col("Step", doc.Left), doc.Col("Weaker better on the same deals", doc.Left),
		doc.Col("Games to win 90% of matches", doc.Left))
	t.Caption = "Luck against skill: the share of duplicate deals on which the lower level does better than the upper (Wilson 95% CI), and the shortest match (odd number of games, the majority winning) the upper level wins 90% of the time, from its head-to-head share (Duersch, Lambrecht & Oechssler 2020; luck-adjusted at the measuring level)"
	t.Small = true
	for _, a := range g.Configs {
		for _, st := range a.LuckSteps {
			m := "never (not stronger)"
			if ag := st.Against; ag.MatchGames > 0 {
				hi := "∞"
				if ag.MatchGamesHi > 0 {
					hi = format.Count(int64(ag.MatchGamesHi))
				}
				m = fmt.Sprintf("%s [%s, %s]", format.Count(int64(ag.MatchGames)), format.Count(int64(ag.MatchGamesLo)), hi)
			}
			t.TextRow(strconv.Itoa(a.Players), fmt.Sprintf("%s vs %s", a.Levels[st.Upper].Level, a.Levels[st.Lower].Level), pctIv(st.Against.WeakerBetter), m)
		}
	}
	if len(t.Rows) == 0 {
		return nil
	}
	return t
}

// luckDetail is the appendix of one game and player count's luck accounting: the seat
// advantages raw and luck-adjusted, the chance events, and each luck-adjusted ladder share
// beside its raw.
func (a *Answer) luckDetail(s *doc.Section) {
	for _, la := range a.LuckAccounting {
		if len(la.Seats) > 0 {
			t := doc.NewTable("", doc.Col("Seat", doc.Right), doc.Col("Luck-adjusted advantage [95% CI]", doc.Left), doc.Col("Holm p", doc.Right),
				doc.Col("Raw advantage [95% CI]", doc.Left), doc.Col("Raw Holm p", doc.Right), doc.Col("Luck's part", doc.Right))
			t.Caption = fmt.Sprintf("%s play: every seat's advantage with the luck of the chance events taken out, and raw; variance ratio %s %s (the verdicts use the %s ones)", la.Level, format.Num(float64(la.VarianceRatio), 2), format.IvNum(la.VarianceCI.Estimate, 2), map[bool]string{true: "luck-adjusted", false: "raw"}[la.Adjusted])
			t.Small = true
			for _, st := range la.Seats {
				t.TextRow(strconv.Itoa(st.Seat), ptsIv(st.Adjusted), format.PCell(st.PHolm), ptsIv(st.Raw), format.PCell(st.RawPHolm), format.Pts(st.Raw.Value-st.Adjusted.Value))
			}
			s.Add(t)
			verdict := "the raw advantages give the same verdict"
			if la.RawFavoured != a.Levels[la.level].Favoured {
				if la.RawFavoured {
					verdict = "the raw advantages alone would say that a seat is significantly favoured"
				} else {
					verdict = "the raw advantages alone would not show the seat significantly favoured"
				}
			}
			if la.Adjusted {
				s.Add(&doc.Paragraph{Text: fmt.Sprintf("The verdicts under %s play use the luck-adjusted advantages; %s.", la.Level, verdict), Small: true})
			} else {
				s.Add(&doc.Paragraph{Text: fmt.Sprintf("The verdicts under %s play use the raw advantages: the variance ratio's interval does not lie above 1, so taking the luck out is not shown to help.", la.Level), Small: true})
			}
		}
		if len(la.Events) > 0 {
			t := doc.NewTable("", doc.Col("Chance event", doc.Left), doc.Col("Events", doc.Right), doc.Col("Mean swing (points)", doc.Right), doc.Col("Share of the spread", doc.Right))
			guess := ""
			if g := la.Guessing; g != nil {
				guess = ", guessing " + pctIv(g.Share)
			}
			t.Caption = fmt.Sprintf("%s play: the chance events by mean swing (luck share %s, own decisions %s%s; value function %s)", la.Level, pctIv(la.Share), pctIv(la.Decisions), guess, la.Value.Version)
			t.Small = true
			for _, e := range la.Events {
				t.TextRow(e.Kind, format.Count(e.Events), format.Num(100*float64(e.MeanSwing), 2), format.Pct(float64(e.Share)))
			}
			s.Add(t)
		}
	}
	var adj []string
	for _, st := range a.LuckSteps {
		if st.Raw != nil {
			adj = append(adj, fmt.Sprintf("%s against %s: luck-adjusted %s, raw %s", a.Levels[st.Upper].Level, a.Levels[st.Lower].Level, pctIv(st.Share), pctIv(*st.Raw)))
		}
	}
	if len(adj) > 0 {
		s.Add(&doc.Paragraph{Text: "Win share against the level below (the ladder table gives the luck-adjusted one): " + strings.Join(adj, "; ") + ".", Small: true})
	}
}

// luckMethods are the methods of luck accounting, for the report's appendix.
func luckMethods(guessing bool) []string {
	out := []string{luck.AccountingMethod}
	if guessing {
		out = append(out, luck.GuessMethod)
	}
	return append(out,
		"Luck-adjusted seat advantages: at the levels played with luck accounting, a seat's advantage is the mean of its results less its luck, less the mean over the seats (a control variate: the raw advantage's expectation, whatever the value function); its interval and test are the jackknife's (Student's t on 63 degrees of freedom), Holm-adjusted with every other seat test of the game and player count. The verdicts, the compensation and the answers use them; the appendix keeps the raw ones beside them. The ladder's share against the level below is luck-adjusted the same way at the measuring level; its verdict stays the sign test over deals and its Elo the Bradley–Terry fit of the raw results.",
		"Luck against skill: the share of duplicate deals on which the lower level does better (Wilson), and the shortest odd match the upper level wins with probability 90% from its head-to-head share (Duersch, Lambrecht & Oechssler 2020).",
		"Fixed by the deal (replays): "+luck.ReplayCaveat+" "+luck.Method,
	)
}

// guessing reports whether some level of some game accounted guessing (the methods then
// say how).
func (rp *Report) guessing() bool {
	for _, g := range rp.Games {
		for _, a := range g.Configs {
			for _, la := range a.LuckAccounting {
				if la.Guessing != nil {
					return true
				}
			}
		}
	}
	return false
}
