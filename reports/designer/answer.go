package designer

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"dragonlab/reports/format"
	"dragonlab/reports/stats"
	"dragonlab/reports/value"
)

// Sentences in plain words. Win shares and their differences are in points (percentage
// points of win share); every number has its 95% interval in brackets.

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

// seatPhrase says what one level's self-play shows about the seats.
func (a *Answer) seatPhrase(i int, short bool) string {
	la := a.Levels[i]
	if la.Success != nil {
		return fmt.Sprintf("won %s of the time", pctIv(*la.Success))
	}
	if len(la.Seats) == 0 {
		return "not played"
	}
	if a.Players == 2 {
		s0 := la.Seats[0]
		if la.Favoured {
			return "seat 0 wins " + moreLess(s0.Advantage)
		}
		if short {
			return "seat 0 " + ptsIv(s0.Advantage) + wideNote(la)
		}
		return "no seat is significantly favoured (seat 0 " + ptsIv(s0.Advantage) + ")" + wideNote(la)
	}
	var sig []string
	for _, s := range la.Seats {
		if s.PHolm < stats.Alpha {
			sig = append(sig, fmt.Sprintf("seat %d wins %s", s.Seat, moreLess(s.Advantage)))
		}
	}
	if len(sig) > 0 {
		return format.JoinAnd(sig)
	}
	worst := la.Seats[0]
	for _, s := range la.Seats {
		if math.Abs(s.Advantage.Value) > math.Abs(worst.Advantage.Value) {
			worst = s
		}
	}
	holm := ""
	if worst.Advantage.Excludes(0) {
		// The 95% interval is of one seat alone; the test is Holm-adjusted over every seat
		// test of this player count, at every level.
		holm = fmt.Sprintf(", not significant after Holm's correction over every seat at every level: %s", format.PText(worst.PHolm))
	}
	return fmt.Sprintf("no seat is significantly favoured (largest: seat %d %s%s)", worst.Seat, ptsIv(worst.Advantage), holm) + wideNote(la)
}

func wideNote(la LevelAnswer) string {
	if !la.Wide {
		return ""
	}
	return fmt.Sprintf(" — too few games to conclude (the interval reaches ±%s points)", num1(100*la.Seats[0].Advantage.HalfWidth()))
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
		if len(la.Elo) == len(a.Levels) && len(a.Levels) > 1 {
			top := len(a.Levels) - 1
			if e := la.Elo[top]; e != nil {
				s += fmt.Sprintf(" (%s is rated %s Elo %s above %s)", names[top], format.Elo(e.Value), format.IvElo(e.Estimate), names[0])
			}
		}
		parts = append(parts, s)
		var weak []string
		for _, st := range la.Steps {
			switch st.Verdict {
			case "stronger":
			case "weaker":
				weak = append(weak, fmt.Sprintf("%s is significantly WEAKER than %s (it wins %s of games alone against %s, fair %s)",
					names[st.Upper], names[st.Lower], pctIv(st.Share), againstText(names[st.Lower], a.Players), format.Pct(st.Fair)))
			default:
				weak = append(weak, fmt.Sprintf("%s is not significantly stronger than %s (%s of games, fair %s)",
					names[st.Upper], names[st.Lower], pctIv(st.Share), format.Pct(st.Fair)))
			}
		}
		parts = append(parts, weak...)
	} else if a.Players == 1 {
		var names []string
		for _, i := range a.levelOrder() {
			names = append(names, a.Levels[i].Level)
		}
		if len(names) > 1 {
			parts = append(parts, "the solitaire has no opponents to rate against: compare the success rates")
		}
	}
	if t := a.Top; t >= 0 && a.Levels[t].Luck != nil {
		parts = append(parts, fmt.Sprintf("the deal decides about %s of the outcome %s under %s play", format.Pct(a.Levels[t].Luck.Value), format.IvPct(a.Levels[t].Luck.Estimate), a.Levels[t].Level))
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

// DecideSentence is the "What decides games?" sentence: the most valuable actions by
// restricted play and the components that go with winning.
func (a *Answer) DecideSentence() string {
	var parts []string
	for _, ab := range a.Ablation {
		var sig []string
		for _, r := range ab.Rows {
			if r.Tested && r.PHolm < stats.Alpha && r.Worth.Value > 0 && len(sig) < 3 {
				sig = append(sig, fmt.Sprintf("%s (%s points %s)", r.Class, num1(100*r.Worth.Value), format.IvNum(r.Worth.Scale(100), 1)))
			}
		}
		var neg []string
		for _, r := range ab.Rows {
			if r.Tested && r.PHolm < stats.Alpha && r.Worth.Value < 0 {
				neg = append(neg, fmt.Sprintf("%s (+%s points %s)", r.Class, num1(-100*r.Worth.Value), format.IvNum(r.Worth.Negate().Scale(100), 1)))
			}
		}
		switch {
		case len(sig) > 0:
			parts = append(parts, fmt.Sprintf("the actions worth most to a %s player are %s of win share lost when forbidden", ab.Level, format.JoinAnd(sig)))
		case len(neg) == 0:
			parts = append(parts, fmt.Sprintf("no action class measurably changes a %s player's win share when forbidden, at this sample size", ab.Level))
		}
		if len(neg) > 0 {
			parts = append(parts, fmt.Sprintf("forbidding %s raises a %s player's win share: it misplays them", format.JoinAnd(neg), ab.Level))
		}
	}
	if len(a.Components) > 0 {
		c := a.Components[len(a.Components)-1]
		var sig []string
		for _, r := range c.Top {
			if r.PHolm < stats.Alpha && len(sig) < 3 {
				sig = append(sig, fmt.Sprintf("%s %s", r.Name, ptsIv(r.Diff)))
			}
		}
		switch {
		case len(sig) > 0 && c.Event == value.EventSeen:
			parts = append(parts, fmt.Sprintf("under %s play, seeing %s goes with a change of win share (IWD, points; an association, not an effect)", c.Level, format.JoinAnd(sig)))
		case len(sig) > 0:
			parts = append(parts, fmt.Sprintf("under %s play, the win share when %s differs for %s (points against when not; an association, not an effect)", c.Level, c.Event, format.JoinAnd(sig)))
		case len(c.Top) > 0:
			parts = append(parts, fmt.Sprintf("under %s play no component's %s differs significantly from 0", c.Level, c.diffLabel()))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return format.Capitalize(strings.Join(parts, "; ")) + "."
}

// FeelSentence is the "How does it feel?" sentence at the most skilled level.
func (a *Answer) FeelSentence() string {
	t := a.Top
	if t < 0 || a.Levels[t].Feel == nil {
		return ""
	}
	f := a.Levels[t].Feel
	s := fmt.Sprintf("Under %s play games last %s decisions %s; %s of decisions offer a choice, among %s legal actions on average",
		a.Levels[t].Level, num1(f.Length.Value), format.IvNum(f.Length.Estimate, 1), format.Pct(f.Choice), num1(f.Branching))
	if f.LeadChanges != nil {
		s += fmt.Sprintf("; the lead changes %s times per game", strconv.FormatFloat(f.LeadChanges.Value, 'f', 2, 64))
	}
	if f.Comebacks != nil && f.Decisiveness != nil {
		s += fmt.Sprintf("; %s of decided games are comebacks %s and the winner leads for good over the last %s of a game",
			format.Pct(f.Comebacks.Value), format.IvPct(f.Comebacks.Estimate), format.Pct(f.Decisiveness.Value))
	}
	return s + "."
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
		t := a.Top
		if t >= 0 && a.Levels[t].Favoured {
			return fmt.Sprintf("A seat is significantly favoured under %s play, but no lever was swept.", a.Levels[t].Level)
		}
		if t >= 0 && a.Levels[t].Wide {
			return fmt.Sprintf("No seat is significantly favoured under %s play, but the intervals are too wide to say that the seats are fair.", a.Levels[t].Level)
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
	if t.Certified {
		return fmt.Sprintf("Under %s play, dragonlab tune (targets %s) certifies on fresh deals: %s", t.Level, strings.Join(t.Targets, ", "), t.Answer)
	}
	return fmt.Sprintf("Under %s play, dragonlab tune (targets %s) certifies no change at this budget: %s", t.Level, strings.Join(t.Targets, ", "), t.Answer)
}

// Off reports whether a seat is off at the most skilled level played (see off): where the
// study's tune stage runs.
func (a *Answer) Off() bool { return a.off() }

// off reports whether a seat is off at the most skilled level: significantly favoured, or
// its interval reaching beyond ±2 points (the fair=2 target).
func (a *Answer) off() bool {
	t := a.Top
	if t < 0 || len(a.Levels[t].Seats) == 0 {
		return false
	}
	la := a.Levels[t]
	if la.Favoured {
		return true
	}
	for _, s := range la.Seats {
		if s.Advantage.Reach() > WideInterval {
			return true
		}
	}
	return false
}

// untuned says, where a seat is off at the most skilled level and the study did not run
// tune, that no change is certified and how to get one.
func (a *Answer) untuned() string {
	if a.Tune != nil || !a.off() {
		return ""
	}
	la := a.Levels[a.Top]
	agent := la.Agent
	if w := a.cfg.Levels[a.Top].Written; w != "" {
		agent = w
	}
	return fmt.Sprintf("No change is certified for %s play at this budget (seat 0 %s); dragonlab tune --game %s --players %d --agents %s searches and certifies one.",
		la.Level, ptsIv(la.Seats[0].Advantage), a.cfg.Game, a.Players, agent)
}

// leverText is the sentence of one sweep.
func (a *Answer) leverText(la *LeverAnswer, lv Lever) string {
	level := la.Level
	if !lv.Seat {
		return a.paramLeverText(la)
	}
	top := a.Top
	topFav := top >= 0 && a.Levels[top].Favoured
	comp := la.Compensation
	if comp == nil {
		return fmt.Sprintf("The %s sweep under %s play has too few values played to estimate a fair value.", lv.Key, level)
	}
	family := "seat 1 starting with"
	unit := "points"
	if a.Players > 2 {
		family = "each seat starting with"
		unit = "points more than the seat before it"
	}
	var s string
	offFair := comp.Found && comp.Moves && comp.Value.Excludes(lv.Base)
	switch {
	case !la.Needed && !topFav && offFair:
		// The self-play test alone is not significant, but the sweep, which pools every
		// value played, puts the fair value away from the rules': say both, never "nothing
		// needs compensating".
		s = fmt.Sprintf("No seat is significantly favoured by the self-play test alone under %s play, but the sweep, which pools every value played, puts the fair starting points at %s %s %s, not 0%s",
			level, family, format.Trim(comp.Value.Value, 2), format.IvTrim(comp.Value.Estimate, 2), a.neighbours(la))
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
		s = fmt.Sprintf("%s %s %s %s makes seat 0 fair under %s play",
			format.Capitalize(family), format.Trim(comp.Value.Value, 2), unit, format.IvTrim(comp.Value.Estimate, 2), level)
		if nb := a.neighbours(la); nb != "" {
			s += nb
		} else if comp.Closest != nil && comp.ClosestEdge != nil {
			s += fmt.Sprintf("; of the whole values played, %s is the closest (seat 0 %s)", seatBonusText(*comp.Closest, a.Players), ptsIv(*comp.ClosestEdge))
		}
	case comp.Moves:
		s = fmt.Sprintf("No value of the starting points played (%s) makes the seats fair under %s play", rangeText(la.Points), level)
	default:
		s = fmt.Sprintf("Starting points do not measurably move seat 0's advantage under %s play", level)
	}
	if x, ok := a.topOffset(la); ok && topFav {
		s += fmt.Sprintf("; under %s play seat 0 wins %s, which about %s %s starting points would offset (at the slope measured under %s play)",
			a.Levels[top].Level, moreLess(a.Levels[top].Seats[0].Advantage), format.Trim(x.Value, 2), format.IvTrim(x.Estimate, 2), level)
	}
	return s + "."
}

// neighbours quotes, where a seat sweep's fair value lies between two whole values that
// were both played, seat 0's measured advantage at each: starting points are whole
// numbers, so those are the settings a designer can print ("" otherwise).
func (a *Answer) neighbours(la *LeverAnswer) string {
	c := la.Compensation
	if c == nil || !c.Found {
		return ""
	}
	lo, hi := math.Floor(c.Value.Value), math.Ceil(c.Value.Value)
	var at [2]*LeverPointAnswer
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
		format.Trim(lo, 0), format.Trim(hi, 0), seatBonusText(lo, a.Players), ptsIv(*at[0].Edge), seatBonusText(hi, a.Players), ptsIv(*at[1].Edge))
}

// topOffset is the lever value that offsets the most skilled level's seat-0 advantage e
// at the slope s measured by a sweep at another level: x = −e/s, with the delta-method
// interval Var(x) ≈ Var(e)/s² + e²·Var(s)/s⁴ (e and s come from other runs: independent).
// ok is false when the sweep is at the most skilled level, or its slope's interval
// contains zero.
func (a *Answer) topOffset(la *LeverAnswer) (Est, bool) {
	top := a.Top
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

// fairBrief is the compact "Is it fair?" line of one player count: the most skilled level
// in words, the others as numbers (* significant).
func (a *Answer) fairBrief() string {
	order := a.levelOrder()
	if len(order) == 0 {
		return playersText(a.Players) + ": no self-play was played"
	}
	var head string
	if a.Players == 1 {
		head = fmt.Sprintf("the solitaire is won %s of the time under %s play", pctIv(*a.Levels[order[0]].Success), a.Levels[order[0]].Level)
	} else {
		head = fmt.Sprintf("%s: under %s play %s", playersText(a.Players), a.Levels[order[0]].Level, a.seatPhrase(order[0], false))
	}
	var rest []string
	for _, i := range order[1:] {
		la := a.Levels[i]
		switch {
		case la.Success != nil:
			rest = append(rest, fmt.Sprintf("%s %s", la.Level, pctIv(*la.Success)))
		case len(la.Seats) == 0:
		case a.Players > 2:
			var sig []string
			for _, s := range la.Seats {
				if s.PHolm < stats.Alpha {
					sig = append(sig, fmt.Sprintf("seat %d %s*", s.Seat, ptsIv(s.Advantage)))
				}
			}
			if len(sig) == 0 {
				sig = append(sig, "seat 0 "+ptsIv(la.Seats[0].Advantage))
			}
			rest = append(rest, la.Level+": "+strings.Join(sig, ", "))
		default:
			mark := ""
			if la.Favoured {
				mark = "*"
			}
			rest = append(rest, fmt.Sprintf("%s %s%s", la.Level, ptsIv(la.Seats[0].Advantage), mark))
		}
	}
	if len(rest) == 0 {
		return head + "."
	}
	what := "seat 0 under"
	switch a.Players {
	case 1:
		what = "won under"
	case 2:
	default:
		what = "under"
	}
	return fmt.Sprintf("%s; %s %s (* significant).", head, what, strings.Join(rest, "; "))
}

// seatBonusText is the rules setting of the seat family at x: "seatBonus=[0,2]".
func seatBonusText(x float64, players int) string {
	b := make([]string, players)
	for s := range b {
		b[s] = strconv.Itoa(int(x) * s)
	}
	return "seatBonus=[" + strings.Join(b, ",") + "]"
}

func rangeText(ps []LeverPointAnswer) string {
	if len(ps) == 0 {
		return ""
	}
	return format.Trim(ps[0].X, 2) + " to " + format.Trim(ps[len(ps)-1].X, 2)
}

// paramLeverText describes what each value of a plain parameter does.
func (a *Answer) paramLeverText(la *LeverAnswer) string {
	var parts []string
	for _, p := range la.Points {
		what := la.Key + "=" + format.Trim(p.X, 2)
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
		if p.Luck != nil {
			xs = append(xs, "luck share "+format.Pct(p.Luck.Value))
		}
		if p.Length != nil {
			xs = append(xs, num1(p.Length.Value)+" decisions")
		}
		parts = append(parts, what+": "+strings.Join(xs, ", "))
	}
	s := fmt.Sprintf("Lever %s under %s play — %s.", la.Key, la.Level, strings.Join(parts, "; "))
	if a.Players >= 2 {
		t := a.Top
		if t >= 0 && !a.Levels[t].Favoured {
			s = "No seat is significantly favoured, so nothing needs compensating. " + s
		}
	}
	return s
}

// answer is the game's one-paragraph answer: fairness at the most skilled level for every
// player count, the compensation where one is needed, skill, feel and what decides games
// (at the headline player count: two players, else the smallest).
func (g *Game) answer() string {
	title := g.Title
	if g.Variant != "" {
		title += " (variant " + g.Variant + ")"
	}
	var out []string
	// Fairness.
	var fav, fair, wide []string
	var solo string
	topName := ""
	for _, a := range g.Configs {
		t := a.Top
		if t < 0 {
			continue
		}
		la := a.Levels[t]
		topName = la.Level
		switch {
		case a.Players == 1:
			solo = fmt.Sprintf("the solitaire is won %s of the time under %s play", pctIv(*la.Success), la.Level)
		case la.Favoured:
			fav = append(fav, fmt.Sprintf("with %d players %s", a.Players, a.seatPhrase(t, false)))
		case la.Wide:
			wide = append(wide, strconv.Itoa(a.Players))
		default:
			fair = append(fair, strconv.Itoa(a.Players))
		}
	}
	var fs []string
	if solo != "" {
		fs = append(fs, format.Capitalize(solo))
	}
	if len(fav) > 0 {
		fs = append(fs, fmt.Sprintf("Under %s play %s", topName, strings.Join(fav, "; ")))
	}
	if len(fair) > 0 {
		fs = append(fs, fmt.Sprintf("with %s players no seat is significantly favoured (any advantage is at most %s points)", format.JoinAnd(fair), num1(100*g.maxReach(fair))))
	}
	if len(wide) > 0 {
		fs = append(fs, fmt.Sprintf("with %s players the intervals are too wide to conclude (up to ±%s points)", format.JoinAnd(wide), num1(100*g.maxHalf(wide))))
	}
	if len(fs) > 0 {
		out = append(out, format.Capitalize(strings.Join(fs, "; "))+".")
	}
	// What to change: tune's answer where the study ran it; otherwise the sweep's fair value
	// where a seat is favoured, with the whole values around it.
	for _, a := range g.Configs {
		if a.Tune != nil {
			out = append(out, fmt.Sprintf("With %d players, under %s play: %s.", a.Players, a.Tune.Level, a.Tune.Sentence))
			continue
		}
		for _, l := range a.Compensation {
			if l.Seat && (l.Needed || (a.Top >= 0 && a.Levels[a.Top].Favoured)) && l.Compensation != nil && l.Compensation.Found && l.Compensation.Moves {
				c := l.Compensation
				who := "seat 1 starting with"
				if a.Players > 2 {
					who = "each later seat starting with"
				}
				s := fmt.Sprintf("With %d players, %s %s more points %s makes the seats fair under %s play%s", a.Players, who, format.Trim(c.Value.Value, 2), format.IvTrim(c.Value.Estimate, 2), l.Level, a.neighbours(&l))
				if x, ok := a.topOffset(&l); ok && a.Levels[a.Top].Favoured {
					s += fmt.Sprintf("; about %s %s would offset the advantage under %s play", format.Trim(x.Value, 2), format.IvTrim(x.Estimate, 2), a.Levels[a.Top].Level)
				}
				out = append(out, s+".")
			}
		}
	}
	for _, a := range g.Configs {
		if s := a.leverBrief(); s != "" {
			out = append(out, s)
		}
	}
	h := g.headline()
	if h != nil {
		if s := h.SkillSentence(); s != "" {
			if h.Players > 1 && len(g.Configs) > 1 {
				s = fmt.Sprintf("With %d players: %s", h.Players, lowerFirst(s))
			}
			out = append(out, s)
		}
		if s := h.FeelSentence(); s != "" {
			out = append(out, s)
		}
		if s := h.DecideSentence(); s != "" {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return title + ": nothing was played."
	}
	return strings.Join(out, " ")
}

func lowerFirst(s string) string {
	if s == "" || strings.HasPrefix(s, "No ") {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// leverBrief is what a plain lever (not the seat family) does, in one sentence for the
// game's answer: the solitaire's success rate at each value; for more players the values
// at which a seat becomes significantly favoured.
func (a *Answer) leverBrief() string {
	for _, l := range a.Compensation {
		if l.Seat {
			continue
		}
		var parts []string
		for _, p := range l.Points {
			switch {
			case p.Success != nil:
				w := l.Key + "=" + format.Trim(p.X, 2)
				if p.Rules {
					w += " (the rules)"
				}
				parts = append(parts, fmt.Sprintf("%s %s", w, pctIv(*p.Success)))
			case p.Edge != nil && !p.Rules && p.Edge.Excludes(0):
				parts = append(parts, fmt.Sprintf("with %s=%s seat 0 wins %s", l.Key, format.Trim(p.X, 2), moreLess(*p.Edge)))
			}
		}
		if len(parts) == 0 {
			continue
		}
		caveat := ""
		if l.Caveat != "" {
			caveat = " (caution: " + l.Caveat + ")"
		}
		if a.Players == 1 {
			return fmt.Sprintf("The solitaire's success rate under %s play: %s%s.", l.Level, strings.Join(parts, "; "), caveat)
		}
		return fmt.Sprintf("With %d players, %s under %s play%s.", a.Players, strings.Join(parts, "; "), l.Level, caveat)
	}
	return ""
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

func (g *Game) maxReach(players []string) float64 {
	m := 0.0
	for _, a := range g.Configs {
		if !contains(players, strconv.Itoa(a.Players)) || a.Top < 0 {
			continue
		}
		for _, s := range a.Levels[a.Top].Seats {
			m = math.Max(m, s.Advantage.Reach())
		}
	}
	return m
}

func (g *Game) maxHalf(players []string) float64 {
	m := 0.0
	for _, a := range g.Configs {
		if !contains(players, strconv.Itoa(a.Players)) || a.Top < 0 || len(a.Levels[a.Top].Seats) == 0 {
			continue
		}
		m = math.Max(m, a.Levels[a.Top].Seats[0].Advantage.HalfWidth())
	}
	return m
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
