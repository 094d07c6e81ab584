package designer

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"dragonlab/reports/fairness"
	"dragonlab/reports/format"
	"dragonlab/reports/luck"
	"dragonlab/sim/stats"
)

// Sentences in plain words. Win shares and their differences are in points (percentage
// points of win share); every number has its 95% interval in brackets. Levels go by
// their names, action classes and components by the rules' words with their rule IDs,
// rules parameters by what they mean; agent specs stay in the provenance.

// num1 formats with one decimal.
func num1(x float64) string { return format.Num(x, 1) }

// pctIv is "54.1% [53.8, 54.4]".
func pctIv(e Est) string { return format.PctIv(e.Estimate) }

// ptsIv is "+4.1 [+2.0, +6.2]" (points).
func ptsIv(e Est) string { return format.PtsIv(e.Estimate) }

// moreLess is "6.9 points more than fair [5.9, 7.9]".
func moreLess(e Est) string {
	v := 100 * e.Value
	word := "more"
	if v < 0 {
		word = "less"
	}
	return fmt.Sprintf("%s points %s than fair %s", num1(math.Abs(v)), word, format.IvPts(e.Estimate))
}

func playersText(n int) string {
	if n == 1 {
		return "the solitaire"
	}
	return fmt.Sprintf("%d players", n)
}

// levelOrder lists the played levels, the most skilled first.
func (a *Answer) levelOrder() []int {
	var out []int
	for i := len(a.Levels) - 1; i >= 0; i-- {
		if a.Levels[i].Games > 0 {
			out = append(out, i)
		}
	}
	return out
}

// seatList is every seat's advantage, a star on each seat whose own test is significant:
// "seat 0 +7.6*, seat 1 -7.6*".
func seatList(seats []SeatRow) string {
	var ps []string
	for _, s := range seats {
		ps = append(ps, fmt.Sprintf("seat %d %s%s", s.Seat, format.Pts(s.Advantage.Value), star(s)))
	}
	return strings.Join(ps, ", ")
}

func star(s SeatRow) string {
	if s.PHolm < stats.Alpha {
		return "*"
	}
	return ""
}

// fairBrief is the "Is it fair?" bullet of one player count: the measuring level's answer
// (page 1's cell in a sentence), every seat, the shared wins and games nobody won, and the
// other levels in brief (* a seat's own significant test).
func (a *Answer) fairBrief() string {
	if a.Measure < 0 {
		return playersText(a.Players) + ": no self-play was played"
	}
	la := a.Levels[a.FairAt] // fairLevel: the measuring level, or the level below
	c := a.Glance.Fair
	var b strings.Builder
	if a.Players == 1 {
		fmt.Fprintf(&b, "the solitaire is won %s of the time under %s play", pctIv(*la.Success), la.Level)
	} else {
		seats, from := a.seatsAt()
		fmt.Fprintf(&b, "%s, %s play: ", playersText(a.Players), la.Level)
		j := judgeFair(seats, la.Games, a.cfg.target().Seat)
		switch c.Verdict {
		case fairness.Favoured, fairness.Disfavoured:
			fmt.Fprintf(&b, "seat %d wins %s", j.Seat.Seat, moreLess(j.Iv))
		case fairness.Fair:
			fmt.Fprintf(&b, "fair — every seat within ±%s points of the fair share (largest: seat %d %s)", num1(100*j.Reach), j.Seat.Seat, ptsIv(j.Iv))
		default:
			fmt.Fprintf(&b, "not settled — no seat is clearly favoured, but the intervals reach ±%s points (largest: seat %d %s)",
				num1(100*j.Reach), j.Seat.Seat, ptsIv(j.Iv))
		}
		if a.Players > 2 {
			fmt.Fprintf(&b, "; every seat: %s", seatList(seats))
		}
		if from != "self-play" {
			fmt.Fprintf(&b, " (%s)", from)
		}
		if g := a.FairGap; a.FairAt == a.Measure && g != nil && c.Verdict == fairness.NotSettled {
			// Why the level below does not answer (fairLevel).
			why := "the gap between them shows"
			if !g.Disagree {
				why = fmt.Sprintf("the gap between them may still reach beyond ±%s points", num1(100*g.Reach))
			}
			fmt.Fprintf(&b, " (%s does not answer it: on the %s deals both played %s — largest: %s)",
				a.Levels[g.Lower].Level, countWord(g.Deals), why, gapText(g))
		}
		if g := a.FairGap; a.FairAt != a.Measure && g != nil {
			fmt.Fprintf(&b, " (answered at %s: %s play does not settle it, and on the %s deals both played every seat's gap between them holds 0 within ±%s points — largest: %s)",
				la.Level, a.Levels[a.Measure].Level, countWord(g.Deals), num1(100*g.Reach), gapText(g))
		}
		if la.Shared != nil && la.NoWinner != nil {
			fmt.Fprintf(&b, "; %s of games are shared wins %s and %s have no winner %s", format.Pct(la.Shared.Value), format.IvPct(la.Shared.Estimate),
				format.Pct(la.NoWinner.Value), format.IvPct(la.NoWinner.Estimate))
		}
	}
	if c.More > 0 {
		fmt.Fprintf(&b, "; about %s more games at %s would settle it", countWord(c.More), la.Level)
	}
	var rest []string
	for _, i := range a.levelOrder() {
		if i == a.FairAt {
			continue
		}
		lv := a.Levels[i]
		switch {
		case lv.Success != nil:
			rest = append(rest, fmt.Sprintf("%s %s", lv.Level, pctIv(*lv.Success)))
		case len(lv.Seats) == 0:
		case a.Players > 2:
			var sig []string
			for _, s := range lv.Seats {
				if s.PHolm < stats.Alpha {
					sig = append(sig, fmt.Sprintf("seat %d %s*", s.Seat, ptsIv(s.Advantage)))
				}
			}
			if len(sig) == 0 {
				sig = append(sig, "seat 0 "+ptsIv(lv.Seats[0].Advantage))
			}
			rest = append(rest, lv.Level+": "+strings.Join(sig, ", "))
		default:
			rest = append(rest, fmt.Sprintf("%s: seat 0 %s%s", lv.Level, ptsIv(lv.Seats[0].Advantage), star(lv.Seats[0])))
		}
	}
	if len(rest) > 0 {
		fmt.Fprintf(&b, ". Other levels — %s", strings.Join(rest, "; "))
	}
	return format.Capitalize(b.String()) + "."
}

// SkillSentence is the "Does skill matter?" verdict of one player count.
func (a *Answer) SkillSentence() string {
	var parts []string
	la := a.Ladder
	if la != nil && len(la.Steps) > 0 {
		var names []string
		for _, lv := range a.Levels {
			names = append(names, lv.Level)
		}
		s := format.Plural(int64(la.Distinguishable), "distinguishable level") + " of skill"
		if verdict, lv, ok := a.skillJudge(); ok {
			// The verdict of page 1, judged on the strongest level told apart from the
			// weakest (skillJudge), with the interval page 1 prints.
			word := map[string]string{"yes": "skill matters", "partly": "skill matters in part", "no": "skill hardly shows"}[verdict]
			top := len(a.Levels) - 1
			switch e := la.Elo[lv]; {
			case verdict == "no" && e != nil:
				s = fmt.Sprintf("%s: no level is rated clearly above %s (%s %s Elo %s); %s", word, names[0], names[lv], format.Elo(e.Value), format.IvElo(e.Estimate), s)
			case verdict == "no":
				s = fmt.Sprintf("%s: no level is rated clearly above %s; %s", word, names[0], s)
			default:
				s = fmt.Sprintf("%s: %s is rated %s Elo %s above %s", word, names[lv], format.Elo(e.Value), format.IvElo(e.Estimate), names[0])
				if lv != top && la.Elo[top] != nil && !math.IsNaN(la.Elo[top].Value) {
					s += fmt.Sprintf(", %s %s Elo %s is not told apart from %s", names[top], format.Elo(la.Elo[top].Value), format.IvElo(la.Elo[top].Estimate), names[0])
				}
				s += "; " + format.Plural(int64(la.Distinguishable), "distinguishable level") + " of skill"
			}
		}
		parts = append(parts, s)
		for _, st := range la.Steps {
			switch st.Verdict {
			case "stronger":
			case "weaker":
				parts = append(parts, fmt.Sprintf("%s is significantly WEAKER than %s (it wins %s of games alone against %s, fair %s)",
					names[st.Upper], names[st.Lower], pctIv(st.Share), againstText(names[st.Lower], a.Players), format.Pct(st.Fair)))
			default:
				parts = append(parts, fmt.Sprintf("%s is not significantly stronger than %s (%s of games, fair %s)",
					names[st.Upper], names[st.Lower], pctIv(st.Share), format.Pct(st.Fair)))
			}
		}
	} else if a.Players == 1 {
		if c := a.Glance.Skill; c.Value != nil {
			parts = append(parts, "the solitaire has no opponents to rate against: "+c.Text)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return format.Capitalize(strings.Join(parts, "; ")) + "."
}

func againstText(lower string, players int) string {
	if players == 2 {
		return lower
	}
	return fmt.Sprintf("%d copies of %s", players-1, lower)
}

// LuckSentence is the "How much is luck?" answer of one player count: the luck share at
// every level, the measuring level first.
func (a *Answer) LuckSentence() string {
	if a.Measure < 0 {
		return ""
	}
	if s := a.LuckAlongSentence(); s != "" {
		if c := a.Glance.Luck; c.More > 0 {
			s += fmt.Sprintf(" Not settled: about %s more games would settle it.", countWord(c.More))
		}
		return s
	}
	var parts []string
	seen := map[int]bool{}
	for _, i := range append([]int{a.Measure}, a.levelOrder()...) {
		lv := a.Levels[i]
		if lv.Luck == nil || seen[i] {
			continue
		}
		seen[i] = true
		if i == a.Measure {
			s := fmt.Sprintf("the deal decides %s of the outcome under %s play (%s)", pctIv(*lv.Luck), lv.Level, luck.Word(lv.Luck.Value))
			if c := a.Glance.Luck; c.More > 0 {
				s += fmt.Sprintf(" — not settled: about %s more games would settle it", countWord(c.More))
			}
			parts = append(parts, s)
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %s", lv.Level, pctIv(*lv.Luck)))
	}
	if len(parts) == 0 {
		return ""
	}
	s := parts[0]
	if len(parts) > 1 {
		s += "; " + strings.Join(parts[1:], ", ")
	}
	return format.Capitalize(s) + "."
}

// MattersSentence is the "What matters?" answer: what components and decisions are worth
// (the value stage: substitution on paired deals, the search's values) and which choices
// restricted play finds costly, in the rules' words. Restrictions of classes that change
// holdings, and component win rates (associations), are in the appendix only.
func (a *Answer) MattersSentence() string {
	return joinParts(a.decideParts())
}

// DecideSentence is MattersSentence (its name before the question was renamed).
func (a *Answer) DecideSentence() string {
	return a.MattersSentence()
}

// Pace is the length in the game's unit with its interval, "" when the game does not
// count it: "31.5 turns [31.2, 31.8]".
func (f *FeelRow) Pace() string {
	if f.Span == nil {
		return ""
	}
	return format.Num(f.Span.Value, 1) + " " + f.Unit + " " + format.IvNum(f.Span.Estimate, 1)
}

// ChangeSentence is the "What to change?" answer of one player count: dragonlab tune's
// answer at the measuring level where the study ran it, then what the sweeps show.
func (a *Answer) ChangeSentence() string {
	var parts []string
	if t := a.tuneText(); t != "" {
		parts = append(parts, t)
	} else if t := a.untuned(); t != "" {
		parts = append(parts, t)
	}
	for _, l := range a.Compensation {
		parts = append(parts, l.Text)
	}
	if len(parts) == 0 {
		if a.Players == 1 {
			return ""
		}
		if m := a.Measure; m >= 0 && a.Levels[m].Favoured {
			return fmt.Sprintf("A seat is significantly favoured under %s play, but no lever was swept.", a.Levels[m].Level)
		} else if m >= 0 && a.Levels[m].Wide {
			return fmt.Sprintf("No seat is significantly favoured under %s play, but the intervals are too wide to say that the seats are fair.", a.Levels[m].Level)
		}
		return "No seat is significantly favoured: there is nothing to compensate."
	}
	return strings.Join(parts, " ")
}

// tuneText is dragonlab tune's answer in a sentence ("" when the study did not run it).
func (a *Answer) tuneText() string {
	t := a.Tune
	if t == nil {
		return ""
	}
	if t.Unplayed {
		return fmt.Sprintf("A seat is favoured under %s play; the study's tune stage had no room within its cap for the certification, about %s games at that level: `%s` searches and certifies a change.",
			t.Level, format.Count(t.More), t.Command)
	}
	if t.Certified {
		return fmt.Sprintf("Under %s play, dragonlab tune (targets %s) certifies on fresh deals: %s", t.Level, strings.Join(t.Targets, ", "), t.Answer) + t.CheckText()
	}
	s := fmt.Sprintf("Under %s play, dragonlab tune (targets %s) certifies no change at this budget: %s", t.Level, strings.Join(t.Targets, ", "), t.Answer)
	if t.Command != "" {
		s += fmt.Sprintf(" About %s more games would settle it: `%s`.", format.Count(t.More), t.Command)
	}
	return s
}

// CheckText is the sentence of the certified change replayed at another level ("" when
// there is none).
func (t *TuneInput) CheckText() string {
	c := t.Check
	if c == nil {
		return ""
	}
	s := fmt.Sprintf(" Checked under %s play on %s fresh deals, the change leaves seat %d %s (95%%, over the seats)", c.Level, format.Count(c.Deals), c.Seat, ptsIv(c.Advantage))
	switch c.Verdict() {
	case "fair":
		s += fmt.Sprintf(": inside ±%s points there too.", format.Trim(100*c.Points, 1))
	case "off":
		s += fmt.Sprintf(": outside ±%s points — the change is fair under %s play only.", format.Trim(100*c.Points, 1), t.Level)
	default:
		s += fmt.Sprintf(": not settled against ±%s points (about %s more games).", format.Trim(100*c.Points, 1), format.Count(c.More))
	}
	return s
}

// Off reports whether a seat is off at the measuring level (see off): where a study's
// tune stage with a budget in games runs.
func (a *Answer) Off() bool { return a.off() }

// FairLevel is the level of play of this configuration's Fair? answer (an index into
// Levels; −1 when none was played): the level page 1's Fair? cell is measured at (the
// cheapest level that answers it, fairLevel), and the level the study's tune stage
// measures a change at. One function, so that the two never part.
func (a *Answer) FairLevel() int { return a.FairAt }

// SeatFavoured reports whether page 1's Fair? answer says a seat is favoured (or
// disfavoured): where the default study's tune stage runs.
func (a *Answer) SeatFavoured() bool {
	v := a.Glance.Fair.Verdict
	return v == fairness.Favoured || v == fairness.Disfavoured
}

// off reports whether a seat is off at the measuring level: significantly favoured, or
// not settled (an interval wider than the target).
func (a *Answer) off() bool {
	m := a.Measure
	if m < 0 || len(a.Levels[m].Seats) == 0 {
		return false
	}
	return a.Levels[m].Favoured || a.Levels[m].Wide
}

// untuned says, where a seat is off at the most skilled level and the study did not run
// tune, that no change is certified and how to get one.
func (a *Answer) untuned() string {
	if a.Tune != nil || !a.off() {
		return ""
	}
	la := a.Levels[a.Measure]
	j := judgeFair(la.Seats, la.Games, a.cfg.target().Seat) // page 1's seat and interval
	return fmt.Sprintf("No change is certified for %s play at this budget (seat %d %s); dragonlab tune --game %s --players %d, with the %s level's agent (see the provenance), searches and certifies one.",
		la.Level, j.Seat.Seat, ptsIv(j.Iv), a.cfg.Game, a.Players, la.Level)
}

// leverText is the sentence of one sweep.
func (a *Answer) leverText(la *SweepAnswer) string {
	level := la.Level
	if !la.Lever.Family() {
		return a.paramLeverText(la)
	}
	top := a.Measure
	topFav := top >= 0 && a.Levels[top].Favoured
	comp := la.Compensation
	if comp == nil {
		return fmt.Sprintf("The sweep of the starting points under %s play has too few values played to estimate a fair value.", level)
	}
	var s string
	offFair := comp.Found && comp.Moves && comp.Value.Excludes(la.Lever.Base)
	switch {
	case !la.Needed && !topFav && offFair:
		// The self-play test alone is not significant, but the sweep, which pools every
		// value played, puts the fair value away from the rules': say both, never "nothing
		// needs compensating".
		s = fmt.Sprintf("No seat is significantly favoured by the self-play test alone under %s play, but the sweep, which pools every value played, puts the fair starting points at %s, not 0%s",
			level, familyText(comp.Value, a.Players), a.neighbours(la))
		return s + "."
	case !la.Needed && !topFav && (a.Tune != nil || a.off()):
		s = fmt.Sprintf("No seat is significantly favoured under %s play", level)
		if comp.Moves {
			s += fmt.Sprintf(" (each starting point moves seat 0's advantage by %s points of win share)", format.Pts(comp.Slope.Value))
		}
		return s + "."
	case !la.Needed && !topFav:
		s = fmt.Sprintf("No seat is significantly favoured under %s play, so nothing needs compensating", level)
		if comp.Moves {
			s += fmt.Sprintf(" (each starting point moves seat 0's advantage by %s points of win share)", format.Pts(comp.Slope.Value))
		}
		return s + "."
	case comp.Found && comp.Moves:
		s = fmt.Sprintf("%s makes seat 0 fair under %s play", format.Capitalize(familyText(comp.Value, a.Players)), level)
		if nb := a.neighbours(la); nb != "" {
			s += nb
		} else if comp.Closest != nil && comp.ClosestEdge != nil {
			s += fmt.Sprintf("; of the whole values played, %s is the closest (seat 0 %s)", pointsFor(*comp.Closest, a.Players), ptsIv(*comp.ClosestEdge))
		}
	case comp.Moves:
		s = fmt.Sprintf("No value of the starting points played (%s) makes the seats fair under %s play", rangeText(la.Points), level)
	default:
		s = fmt.Sprintf("Starting points do not measurably move seat 0's advantage under %s play", level)
	}
	// Certified or silent: the advantage under the most skilled play is in the fairness
	// section; offsetting it at this level's slope would be an extrapolation, so the
	// sweep's evidence stays at the level it was measured at.
	return s + "."
}

// neighbours quotes, where a seat sweep's fair value lies between two whole values that
// were both played, seat 0's measured advantage at each: starting points are whole
// numbers, so those are the settings a designer can print ("" otherwise).
func (a *Answer) neighbours(la *SweepAnswer) string {
	c := la.Compensation
	if c == nil || !c.Found {
		return ""
	}
	lo, hi := math.Floor(c.Value.Value), math.Ceil(c.Value.Value)
	var at [2]*PointAnswer
	for i := range la.Points {
		p := &la.Points[i]
		if p.Edge == nil {
			continue
		}
		if p.X == lo {
			at[0] = p
		}
		if p.X == hi {
			at[1] = p
		}
	}
	if at[0] == nil || at[1] == nil || lo == hi {
		return ""
	}
	return fmt.Sprintf("; it lies between the whole values %s and %s: with %s seat 0 %s, with %s %s",
		format.Trim(lo, 0), format.Trim(hi, 0), pointsFor(lo, a.Players), ptsIv(*at[0].Edge), pointsFor(hi, a.Players), ptsIv(*at[1].Edge))
}

// topOffset is the lever value that offsets the measuring level's seat-0 advantage e at
// the slope s measured by a sweep at another level: x = −e/s, with the delta-method
// interval Var(x) ≈ Var(e)/s² + e²·Var(s)/s⁴ (e and s come from other runs: independent).
// ok is false when the sweep is at the measuring level, or its slope's interval contains
// zero.
func (a *Answer) topOffset(la *SweepAnswer) (Est, bool) {
	top := a.Measure
	comp := la.Compensation
	if top < 0 || comp == nil || !comp.Moves || a.Levels[top].Level == la.Level || len(a.Levels[top].Seats) == 0 {
		return Est{}, false
	}
	sv := comp.Slope.Value
	if sv == 0 || !comp.Slope.Excludes(0) {
		return Est{}, false
	}
	e := a.Levels[top].Seats[0].Advantage
	seE, seS := e.HalfWidth()/stats.Z95Literal, comp.Slope.HalfWidth()/stats.Z95Literal
	x := -e.Value / sv
	se := math.Sqrt(seE*seE/(sv*sv) + e.Value*e.Value*seS*seS/(sv*sv*sv*sv))
	return point(x, se), true
}

func rangeText(ps []PointAnswer) string {
	if len(ps) == 0 {
		return ""
	}
	return format.Trim(ps[0].X, 2) + " to " + format.Trim(ps[len(ps)-1].X, 2)
}

// paramLeverText describes what each value of a plain parameter does.
func (a *Answer) paramLeverText(la *SweepAnswer) string {
	var parts []string
	for _, p := range la.Points {
		what := a.words.param(la.Lever.Path, p.X)
		if p.Rules {
			what += " (the rules)"
		}
		var xs []string
		switch {
		case p.Success != nil:
			xs = append(xs, "won "+pctIv(*p.Success))
		case p.Edge != nil:
			xs = append(xs, "seat 0 "+ptsIv(*p.Edge))
		}
		if p.Choice != nil {
			xs = append(xs, format.Pct(*p.Choice)+" of decisions with a choice")
		}
		// One luck number: the luck along the game where the point had luck accounting;
		// else the replays' share, named for what it is.
		switch {
		case p.Along != nil:
			xs = append(xs, "chance carries "+format.Pct(p.Along.Value))
		case p.Luck != nil:
			xs = append(xs, "fixed by the deal "+format.Pct(p.Luck.Value))
		}
		if p.Length != nil {
			xs = append(xs, num1(p.Length.Value)+" decisions")
		}
		parts = append(parts, what+": "+strings.Join(xs, ", "))
	}
	s := fmt.Sprintf("Under %s play — %s.", la.Level, strings.Join(parts, "; "))
	if a.Players >= 2 {
		if t := a.Measure; t >= 0 && !a.Levels[t].Favoured {
			s = "No seat is significantly favoured, so nothing needs compensating. " + s
		}
	}
	return s
}

// answer is the game's own answer, at most MaxAnswerWords words: whether it is fair at
// every player count, then skill, luck, what matters and what to change at the headline
// player count (two players, else the smallest), each with one number.
func (g *Game) answer() string {
	title := g.Title
	if g.Variant != "" {
		title += " (variant " + g.Variant + ")"
	}
	out := g.fairSentences()
	h := g.headline()
	if h == nil {
		return title + ": nothing was played."
	}
	at := ""
	if len(g.Configs) > 1 && h.Players > 1 {
		at = fmt.Sprintf(" with %d players", h.Players)
	}
	if c := h.Glance.Skill; c.Value != nil {
		switch {
		case h.Ladder != nil && len(h.Ladder.Steps) > 0:
			word := map[string]string{"yes": "Skill matters", "partly": "Skill matters in part", "no": "Skill hardly shows"}[c.Verdict]
			_, lv, _ := h.skillJudge()
			out = append(out, fmt.Sprintf("%s%s: %s %s Elo above %s, %d of %d levels told apart.", word, at,
				h.Levels[lv].Level, format.Elo(c.Value.Value), h.Levels[0].Level, h.Ladder.Distinguishable, len(h.Levels)))
		default:
			out = append(out, format.Capitalize(c.Text)+".")
		}
	}
	if c := h.Glance.Luck; c.Value != nil {
		what, share := "the deal decides", pctIv(*c.Value) // the replays' share, when no luck accounting was played
		if al, ok := h.luckAlong(); ok && c.From == "luck events" {
			what, share = "chance "+al.verb, al.text // the cell's own words ("at least" included)
		}
		out = append(out, fmt.Sprintf("Luck is %s: %s %s.", c.Verdict, what, share))
	}
	// Guessing apart from luck, for every player count where it shows.
	for _, a := range g.Configs {
		if la := a.measured(); la != nil && la.Guessing.named() {
			out = append(out, fmt.Sprintf("With %s guessing carries %s.", playersText(a.Players), pctIv(la.Guessing.Share)))
		}
	}
	if c := h.Glance.Matters; c.Value != nil && c.Verdict != "not settled" {
		out = append(out, "What matters most: "+c.Text+".")
	}
	change, short := g.changeSentences(h)
	changeAt := -1
	if change != "" {
		changeAt = len(out)
		out = append(out, change)
	}
	// One finding from the lever sweeps, the largest change of a page-1 answer: after
	// What to change, and the first sentence dropped for length.
	findingAt := -1
	if f := g.finding(); f != nil {
		findingAt = len(out)
		out = append(out, "From the sweeps: "+f.Text+".")
	}
	// The registered questions' sentences, each where it fits within the bound.
	for _, s := range questionAnswers(h, at) {
		if wordCount(strings.Join(append(out, s), " ")) <= MaxAnswerWords {
			out = append(out, s)
		}
	}
	s := strings.Join(out, " ")
	// Within the bound, whatever the number of player counts: first the short What to
	// change, then without the sweeps' finding (the appendix has it), then without What
	// matters most (it has its own section), then drop
	// sentences from the end, keeping the first (fairness).
	if wordCount(s) > MaxAnswerWords && short != "" && changeAt >= 0 {
		out[changeAt] = short
		s = strings.Join(out, " ")
	}
	if wordCount(s) > MaxAnswerWords && findingAt >= 0 {
		out = append(out[:findingAt:findingAt], out[findingAt+1:]...)
		s = strings.Join(out, " ")
	}
	if wordCount(s) > MaxAnswerWords && changeAt >= 0 {
		for i, o := range out {
			if strings.HasPrefix(o, "What matters most: ") {
				out = append(out[:i:i], out[i+1:]...)
				s = strings.Join(out, " ")
				break
			}
		}
	}
	for wordCount(s) > MaxAnswerWords && len(out) > 1 {
		out = out[:len(out)-1]
		s = strings.Join(out, " ")
	}
	return s
}

// fairSentences say Fair? at every player count, grouped by verdict (the solitaire's
// success rate in its own sentence).
func (g *Game) fairSentences() []string {
	var out []string
	// Fair? at every player count, grouped by verdict.
	var groups []string
	byVerdict := map[string][]string{}
	var order []string
	for _, a := range g.Configs {
		if a.Measure < 0 {
			continue
		}
		c := a.Glance.Fair
		if a.Players == 1 {
			if la := a.Levels[a.Measure]; la.Success != nil {
				s := fmt.Sprintf("The solitaire is won %s of the time", pctIv(*la.Success))
				if c.More > 0 {
					s += fmt.Sprintf(" (not settled: ~%s more games)", countWord(c.More))
				}
				out = append(out, s+".")
			}
			continue
		}
		// A verdict measured at another level than the measuring one says so (fairLevel).
		under := ""
		if a.FairAt != a.Measure {
			under = " under " + a.Levels[a.FairAt].Level + " play"
		}
		switch c.Verdict {
		case fairness.Favoured, fairness.Disfavoured:
			fa := a.Levels[a.FairAt]
			j := judgeFair(fa.Seats, fa.Games, a.cfg.target().Seat)
			groups = append(groups, fmt.Sprintf("seat %d is %s with %d players%s (%s)", j.Seat.Seat, c.Verdict, a.Players, under, ptsWithUnit(j.Iv)))
			continue
		}
		key := c.Verdict + "|" + under
		if _, ok := byVerdict[key]; !ok {
			order = append(order, key)
		}
		byVerdict[key] = append(byVerdict[key], strconv.Itoa(a.Players))
	}
	for _, k := range order {
		v, under, _ := strings.Cut(k, "|")
		switch v {
		case fairness.Fair:
			groups = append(groups, fmt.Sprintf("the seats are fair with %s players%s", format.JoinAnd(byVerdict[k]), under))
		case fairness.NotSettled:
			groups = append(groups, fmt.Sprintf("not settled with %s players%s", format.JoinAnd(byVerdict[k]), under))
		}
	}
	if len(groups) > 0 {
		out = append(out, format.Capitalize(strings.Join(groups, "; "))+".")
	}
	return out
}

// changeSentences are the game's What to change: every player count's clause, and the
// short form (only the changes a favoured seat or tune asks for, the rest under What to
// change?) said when the whole answer is too long ("" when there is none).
func (g *Game) changeSentences(h *Answer) (change, short string) {
	// What to change: every player count's clause; short, only the changes a favoured seat
	// or tune asks for (the rest is under What to change?), when the whole is too long.
	var changes, firm, unsettled []string
	for _, a := range g.Configs {
		if a.Tune != nil {
			// dragonlab tune's answer, certified or not, as tune says it.
			c := fmt.Sprintf("with %d players, under %s play, %s", a.Players, a.Tune.Level, a.Tune.Sentence)
			changes, firm = append(changes, c), append(firm, c)
		} else if c := a.Glance.Change; a.Players == 1 && c.Verdict != "–" {
			// The solitaire's cell judges its success target, not fairness: its own clause.
			changes = append(changes, "for the solitaire, "+c.Text)
			if c.Verdict == "change" {
				firm = append(firm, changes[len(changes)-1])
			}
		} else if c.Verdict == "not settled" {
			unsettled = append(unsettled, strconv.Itoa(a.Players))
		} else if c.Verdict == "change" || c.Verdict == "open" {
			changes = append(changes, fmt.Sprintf("with %d players, %s", a.Players, c.Text))
			if c.Verdict == "change" {
				firm = append(firm, changes[len(changes)-1])
			}
		}
	}
	if len(unsettled) > 0 {
		// One clause for every player count whose fairness is not settled.
		changes = append(changes, fmt.Sprintf("with %s players nothing is certified until fairness is settled", format.JoinAnd(unsettled)))
	}
	if len(firm) > 0 && len(firm) < len(changes) {
		short = "To change: " + strings.Join(firm, "; ") + " (the other player counts under What to change?)."
	}
	switch {
	case len(changes) > 0:
		return "To change: " + strings.Join(changes, "; ") + ".", short
	case h.Players == 1:
		if c := h.Glance.Change; c.Value != nil {
			return format.Capitalize(c.Text) + ".", ""
		}
		return "", ""
	}
	return "Nothing needs changing for fairness.", ""
}

// headline is the configuration the game's answer describes: two players, else the
// smallest player count with opponents, else the solitaire.
func (g *Game) headline() *Answer {
	var best *Answer
	for _, a := range g.Configs {
		if a.Top < 0 {
			continue
		}
		if a.Players == 2 {
			return a
		}
		if best == nil || (best.Players == 1 && a.Players > 1) {
			best = a
		}
	}
	return best
}

func lowerFirst(s string) string {
	if s == "" || strings.HasPrefix(s, "No ") {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// MeasuringSentence names the level restricted play and the lever sweeps were measured
// at, with its rating on this study's ladder and, where the study's measuring rule chose
// it, why ("under skilled play" must be a level of skill in this game).
func (a *Answer) MeasuringSentence() string {
	type stage struct {
		whats []string
		why   string
		elo   *Est
	}
	var order []string
	by := map[string]*stage{}
	add := func(what, level, why string, elo *Est) {
		st := by[level]
		if st == nil {
			st = &stage{why: why, elo: elo}
			by[level] = st
			order = append(order, level)
		}
		st.whats = append(st.whats, what)
	}
	for _, ab := range a.Ablation {
		add("restricted play", ab.Level, ab.Measuring, ab.Elo)
	}
	for _, lv := range a.Compensation {
		add("the "+lv.Lever.Path+" sweep", lv.Level, lv.Measuring, lv.Elo)
	}
	var parts []string
	for _, level := range order {
		st := by[level]
		verb := "is"
		if len(st.whats) > 1 {
			verb = "are"
		}
		p := fmt.Sprintf("%s %s measured at the %s level", format.JoinAnd(st.whats), verb, level)
		if st.elo != nil && !math.IsNaN(st.elo.Value) {
			p += fmt.Sprintf(", rated %+.0f Elo %s above the weakest level on this study's ladder", st.elo.Value, format.IvNum(st.elo.Estimate, 0))
		}
		if st.why != "" {
			p += " (chosen by the measuring rule: " + st.why + ")"
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return ""
	}
	return format.Capitalize(strings.Join(parts, "; ")) + "."
}
