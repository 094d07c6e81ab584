package designer

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/reports/doc"
	"dragonlab/reports/luck"
	"dragonlab/reports/luck/lucktest"
	"dragonlab/sim/stats"
)

// Page 1 and the sections word the same number the same way: the luck words, "settled"
// and "fair". The checks read the rendered document — page 1's table and each game's
// "Is it fair?" and "How much is luck?" bullets — not the cells behind them.

// pageAndSections is, per game answers section and player count, page 1's Fair? and
// Luck? cells and the sections' fairness and luck bullets.
type pageAndSections struct {
	where            string
	fairCell, fairSe string
	luckCell, luckSe string
}

// readPageAndSections pairs page 1's rows with the sections' bullets of the same game
// and player count, from the document alone.
func readPageAndSections(t *testing.T, rp *Report, d *doc.Doc) []pageAndSections {
	t.Helper()
	var page *doc.Table
	byID := map[string]*doc.Section{}
	for _, s := range d.Sections {
		byID[s.ID] = s
		if s.ID != "glance" {
			continue
		}
		for _, b := range s.Blocks {
			if tb, ok := b.(*doc.Table); ok && len(tb.Columns) == 2+len(glanceColumns) && tb.Columns[2].Head == "Fair?" {
				page = tb
			}
		}
	}
	if page == nil {
		t.Fatal("no page-1 table")
	}
	col := func(head string) int {
		for i, c := range page.Columns {
			if c.Head == head {
				return i
			}
		}
		t.Fatalf("page 1 has no column %q", head)
		return -1
	}
	fairCol, luckCol := col("Fair?"), col("Luck?")
	bullets := func(s *doc.Section, title string) []string {
		for _, sub := range s.Sections {
			if sub.Title != title {
				continue
			}
			for _, b := range sub.Blocks {
				if l, ok := b.(*doc.List); ok {
					return l.Items
				}
			}
		}
		return nil
	}
	var out []pageAndSections
	row := 0
	for _, g := range rp.Games {
		s := byID[g.chartSlug("answers")]
		if s == nil {
			t.Fatalf("%s: no answers section", g.Game)
		}
		fair, lk := bullets(s, "Is it fair?"), bullets(s, "How much is luck?")
		for i, a := range g.Configs {
			if a.Top < 0 {
				continue
			}
			r := page.Rows[row]
			row++
			p := pageAndSections{where: fmt.Sprintf("%s %s %dp", g.Game, g.Variant, a.Players), fairCell: r[fairCol].Text, luckCell: r[luckCol].Text}
			if i < len(fair) {
				p.fairSe = fair[i]
			}
			prefix := format1(playersText(a.Players)) + ": "
			for _, l := range lk {
				if strings.HasPrefix(l, prefix) {
					p.luckSe = l
				}
			}
			out = append(out, p)
		}
	}
	if row != len(page.Rows) {
		t.Fatalf("page 1 has %d rows, the games %d", len(page.Rows), row)
	}
	return out
}

func format1(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

var (
	// page 1's luck cell: "moderate: chance carries …", "low: the deal decides …".
	luckCellWord = regexp.MustCompile(`^(low|moderate|high|not settled): `)
	// the section's grade: "(moderate luck)" along the game, "(moderate)" from the replays.
	luckSectionWord = regexp.MustCompile(`\((low|moderate|high)( luck)?\)`)
	fairCellWord    = regexp.MustCompile(`^(fair|not settled)(?: \([a-z]+\))?: |^seat \d+ (favoured|disfavoured)(?: \([a-z]+\))?: `)
)

// errorer is what the agreement checks report to: a test, or a recorder (the checks
// must fail on pages that disagree).
type errorer interface {
	Helper()
	Errorf(format string, args ...any)
}

// recorder counts the disagreements a check finds.
type recorder struct{ errs []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// agreeOnPage checks one game and player count: the luck word of page 1 is the section's,
// "not settled" on one is "not settled" on the other, and a fair, favoured or unsettled
// seat reads the same in both.
func agreeOnPage(t errorer, p pageAndSections) {
	t.Helper()
	if m := luckCellWord.FindStringSubmatch(p.luckCell); m != nil {
		sm := luckSectionWord.FindStringSubmatch(p.luckSe)
		switch {
		case sm == nil:
			t.Errorf("%s: page 1 says luck %q, the section grades nothing: %q", p.where, p.luckCell, p.luckSe)
		case m[1] == "not settled":
			if !strings.Contains(strings.ToLower(p.luckSe), "not settled") {
				t.Errorf("%s: page 1 says luck is not settled, the section does not: %q", p.where, p.luckSe)
			}
		case m[1] != sm[1]:
			t.Errorf("%s: page 1 says luck is %q, the section %q:\n%s\n%s", p.where, m[1], sm[1], p.luckCell, p.luckSe)
		case strings.Contains(strings.ToLower(p.luckSe), "not settled"):
			t.Errorf("%s: the section says luck is not settled, page 1 %q", p.where, p.luckCell)
		}
	} else if p.luckCell != "–" {
		t.Errorf("%s: page 1's luck cell %q has no verdict word", p.where, p.luckCell)
	}
	agreeOnFair(t, p)
}

// agreeOnFair checks that a fair, favoured or unsettled seat reads the same on page 1 and
// in the fairness section.
func agreeOnFair(t errorer, p pageAndSections) {
	t.Helper()
	if strings.HasPrefix(p.fairCell, "solitaire: ") || strings.HasPrefix(p.fairCell, "not settled: won") {
		// The solitaire's success rate: settled or not on both.
		if more := strings.Contains(p.fairCell, "more games"); more != strings.Contains(p.fairSe, "more games at") {
			t.Errorf("%s: settled on one and not the other:\n%s\n%s", p.where, p.fairCell, p.fairSe)
		}
		return
	}
	m := fairCellWord.FindStringSubmatch(p.fairCell)
	if m == nil {
		if p.fairCell != "–" {
			t.Errorf("%s: page 1's fair cell %q has no verdict word", p.where, p.fairCell)
		}
		return
	}
	word := m[1] + m[2]
	want := map[string]string{"fair": "fair — every seat within", "not settled": "not settled — no seat is clearly favoured",
		"favoured": "more than fair", "disfavoured": "less than fair"}[word]
	if !strings.Contains(p.fairSe, want) {
		t.Errorf("%s: page 1 says %q (%s), the section does not say %q: %q", p.where, word, p.fairCell, want, p.fairSe)
	}
	for w, phrase := range map[string]string{"fair": "fair — every seat within", "not settled": "not settled —"} {
		if w != word && strings.Contains(p.fairSe, phrase) {
			t.Errorf("%s: page 1 says %q, the section %q: %q", p.where, word, w, p.fairSe)
		}
	}
	if more := strings.Contains(p.fairCell, "more games"); more != strings.Contains(p.fairSe, "more games at") {
		t.Errorf("%s: settled on one and not the other:\n%s\n%s", p.where, p.fairCell, p.fairSe)
	}
}

// The studies of the other tests (played fixtures with replays, luck accounting on the
// coin toy, seat fixtures that are fair, favoured and not settled) read the same on page 1
// and in their sections.
func TestPageOneAndSectionsWordTheSame(t *testing.T) {
	inputs := map[string]*Input{"tiny study": tinyStudy(t), "seats": seatTwoStudy(), "luck": coinStudy(t)}
	fx := &Input{Title: "fixtures", Budget: "custom", Replays: 1, Complete: true, Configs: []Config{
		{Game: "draco", Title: "Draco", Variant: "fair", Players: 2, Levels: []Level{{Name: "expert", Agent: "expert", Result: fakeSelfPlay("draco", 40000, shares2(0.001)...)}}},
		{Game: "draco", Title: "Draco", Variant: "favoured", Players: 2, Levels: []Level{{Name: "expert", Agent: "expert", Result: fakeSelfPlay("draco", 4000, shares2(0.06)...)}}},
		{Game: "draco", Title: "Draco", Variant: "unsettled", Players: 4, Levels: []Level{{Name: "expert", Agent: "expert", Result: fakeSelfPlay("draco", 300, shares4(0.02)...)}}},
	}}
	inputs["fixtures"] = fx
	// The cheapest level (fairLevel): the toy whose levels agree, at a seed where expert
	// does not settle Fair? and greedy answers it.
	inputs["cheapest level"] = toyCheapestInput(rand.New(rand.NewPCG(2, 5)), 0, 0, 0.3, 3000, 20000)
	greedy := false
	words := map[string]bool{}
	for name, in := range inputs {
		rp, err := Analyze(in)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		d, err := rp.Doc()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, p := range readPageAndSections(t, rp, d) {
			agreeOnPage(t, p)
			if m := fairCellWord.FindStringSubmatch(p.fairCell); m != nil {
				words["fair:"+m[1]+m[2]] = true
			}
			greedy = greedy || strings.Contains(p.fairCell, " (greedy): ")
			if m := luckCellWord.FindStringSubmatch(p.luckCell); m != nil {
				words["luck:"+m[1]] = true
			}
		}
	}
	// The fixtures reach every fairness verdict and luck from both sources.
	for _, w := range []string{"fair:fair", "fair:favoured", "fair:not settled"} {
		if !words[w] {
			t.Errorf("no fixture reads %q on page 1 (read: %v)", w, words)
		}
	}
	if len(words) < 4 {
		t.Errorf("the fixtures read too few words: %v", words)
	}
	if !greedy {
		t.Errorf("no fixture's Fair? cell is answered at greedy (the cheapest level)")
	}
}

// coinStudy is the luck toy's study of TestLuckAdjustedVerdictsAgree (the coin decides
// every game, seat 0 wins it 6 times in 10): luck accounting at the measuring level.
func coinStudy(t *testing.T) *Input {
	in := &Input{Title: "luck test", Command: "test", Tool: "dragonlab test", Budget: "custom", Seed: 1, Replays: 2, Complete: true}
	in.Configs = append(in.Configs, Config{Game: "coinskill", Title: "Coin or skill", Players: 2,
		Levels: []Level{{Name: "expert", Agent: "random", File: "coin.json", Result: coinRun(t, 6, 1, 40, nil)}}})
	return in
}

// luckFixture is an answer at one level whose luck along the game is share (luck
// accounting, settled when wide is false), or, with replays, whose deal-fixed share is.
func luckFixture(share float64, replays, wide bool) *Answer {
	half := 0.01
	if wide {
		half = 0.2
	}
	e := Est{Estimate: stats.Estimate{Value: share, Lo: share - half, Hi: share + half, N: 1000, Method: "test"}}
	a := &Answer{Players: 2, cfg: &Config{Players: 2}, Top: 0, Measure: 0, Levels: []LevelAnswer{{Level: "expert", Games: 1000}}}
	if replays {
		a.Levels[0].Luck = &e
	} else {
		a.LuckAccounting = []LuckAccount{{Level: "expert", Games: 1000, Share: e, Decisions: e}}
	}
	a.Glance = a.glance()
	return a
}

// On both sides of every boundary of the scale, and from both sources of the share, the
// luck cell of page 1 and the luck section say the same word — the section graded on a
// scale of its own (the report once said "moderate" on page 1 and "much luck" in the
// section for 55%, "low" and "some luck" for 21%) fails here.
func TestLuckWordsOneScale(t *testing.T) {
	shares := []float64{0.02, 0.14, 0.15, 0.21, 0.2499, luck.LowBelow, 0.3, 0.39, 0.4, 0.55, 0.5999, luck.HighFrom, 0.75, 0.97}
	seen := map[string]bool{}
	for _, v := range shares {
		for _, replays := range []bool{false, true} {
			a := luckFixture(v, replays, false)
			c := a.Glance.Luck
			se := a.LuckSentence()
			p := pageAndSections{where: fmt.Sprintf("share %v (replays %v)", v, replays), fairCell: "–", luckCell: c.Text, luckSe: se}
			agreeOnPage(t, p)
			if c.Verdict != luck.Word(v) {
				t.Errorf("%s: page 1 says %q, luck.Word %q", p.where, c.Verdict, luck.Word(v))
			}
			seen[c.Verdict] = true
			// Not settled: both say so.
			w := luckFixture(v, replays, true)
			agreeOnPage(t, pageAndSections{where: p.where + " wide", fairCell: "–", luckCell: w.Glance.Luck.Text, luckSe: w.LuckSentence()})
			if w.Glance.Luck.Verdict != "not settled" {
				t.Errorf("%s wide: page 1 says %q", p.where, w.Glance.Luck.Verdict)
			}
		}
	}
	if !seen["low"] || !seen["moderate"] || !seen["high"] {
		t.Errorf("the fixtures miss a word: %v", seen)
	}
	// The scale's boundaries.
	for v, want := range map[float64]string{0.2499: "low", 0.25: "moderate", 0.5999: "moderate", 0.6: "high"} {
		if got := luck.Word(v); got != want {
			t.Errorf("luck.Word(%v) = %q, want %q", v, got, want)
		}
	}
}

// The fairness verdict is one function: page 1's cell, the section and the game's answer
// read the verdict fairness.Verdict gives for a significant or not, settled or not seat.
func TestFairWordsOneFunction(t *testing.T) {
	for _, tc := range []struct {
		name   string
		games  int64
		shares []float64
		want   string
	}{
		{"fair", 40000, shares2(0.001), "fair"},
		{"favoured", 4000, shares2(0.06), "favoured"},
		{"disfavoured", 4000, shares2(-0.06), "disfavoured"},
		{"not settled", 300, shares4(0.02), "not settled"},
		{"favoured, not settled", 600, shares4(0.12), "favoured"},
		// Within the target's width but not within ±target: −1.1 [−2.9, +0.8] is not fair.
		{"narrow but off centre", 7000, shares2(-0.011), "not settled"},
	} {
		in := &Input{Title: "fixtures", Budget: "custom", Replays: 1, Complete: true, Configs: []Config{
			{Game: "draco", Title: "Draco", Players: len(tc.shares), Levels: []Level{{Name: "expert", Agent: "expert", Result: fakeSelfPlay("draco", tc.games, tc.shares...)}}}}}
		rp, err := Analyze(in)
		if err != nil {
			t.Fatal(err)
		}
		d, err := rp.Doc()
		if err != nil {
			t.Fatal(err)
		}
		ps := readPageAndSections(t, rp, d)
		if len(ps) != 1 {
			t.Fatalf("%s: %d rows", tc.name, len(ps))
		}
		agreeOnPage(t, ps[0])
		a := rp.Games[0].Configs[0]
		if a.Glance.Fair.Verdict != tc.want {
			t.Errorf("%s: page 1 says %q (%s)", tc.name, a.Glance.Fair.Verdict, a.Glance.Fair.Text)
		}
		ans := rp.Games[0].Answer
		switch tc.want {
		case "fair":
			if !strings.Contains(ans, "the seats are fair") && !strings.Contains(ans, "The seats are fair") {
				t.Errorf("%s: the answer %q", tc.name, ans)
			}
		case "not settled":
			if !strings.Contains(ans, "ot settled") {
				t.Errorf("%s: the answer %q", tc.name, ans)
			}
		default:
			if !strings.Contains(ans, "is "+tc.want) {
				t.Errorf("%s: the answer %q", tc.name, ans)
			}
		}
	}
}

// "Mostly X" on page 1 names the kind of chance event that carries the largest part of the
// luck (the sum over its events), not the one that swings games most per event, with its
// part; the section says the same. A fixture where the two differ (Red Hot: the king's
// reward swings most, the flame dice carry most).
func TestMostlyNamesTheKindThatCarriesMost(t *testing.T) {
	a := luckFixture(0.45, false, false)
	a.LuckAccounting[0].Events = []ChanceKind{
		{Kind: "king's reward", Name: "the king's reward", Events: 40, MeanSwing: 0.2, Share: 0.02},
		{Kind: "flame dice", Name: "the flame dice", Events: 900, MeanSwing: 0.05, Share: 0.38},
		{Kind: "dragon card", Name: "the dragon card", Events: 500, MeanSwing: 0.01, Share: 0.05},
	}
	a.Glance = a.glance()
	if c := a.Glance.Luck.Text; !strings.Contains(c, "mostly the flame dice (38.0%)") {
		t.Errorf("page 1: %q", c)
	}
	if s := a.LuckAlongSentence(); !strings.Contains(s, "most of the luck is the flame dice (38.0% of the spread)") {
		t.Errorf("section: %q", s)
	}
	// No kind carries a positive part: no "mostly".
	for i := range a.LuckAccounting[0].Events {
		a.LuckAccounting[0].Events[i].Share = -0.01
	}
	a.Glance = a.glance()
	if c := a.Glance.Luck.Text; strings.Contains(c, "mostly") {
		t.Errorf("page 1 without a carrying kind: %q", c)
	}
}

// One luck number: a lever point played with luck accounting gives the luck along the game
// (what page 1 gives), not the replays' deal-fixed share under the name "luck share".
func TestLeverPointsGiveTheLuckAlongTheGame(t *testing.T) {
	vf := lucktest.Value([2]float64{0.6, 0.4}, 0)
	in := &Input{Title: "luck test", Command: "test", Tool: "dragonlab test", Budget: "custom", Seed: 1, Replays: 2, Complete: true}
	in.Configs = []Config{{Game: "coinskill", Title: "Coin or skill", Players: 2,
		Levels: []Level{{Name: "expert", Agent: "random", File: "coin.json", Result: coinRun(t, 6, 1, 40, vf)}},
		Levers: []Sweep{{Level: 0, Lever: engine.LeverValues{Path: "q", Base: 4}, Points: []SweepPoint{{X: 5, Result: coinRun(t, 6, 2, 40, vf)}}}}}}
	rp, err := Analyze(in)
	if err != nil {
		t.Fatal(err)
	}
	a := rp.Games[0].Configs[0]
	if len(a.Compensation) != 1 {
		t.Fatalf("%d levers", len(a.Compensation))
	}
	la := a.Compensation[0]
	for _, p := range la.Points {
		if p.Along == nil {
			t.Errorf("point %v: no luck along the game", p.X)
		}
	}
	if !strings.Contains(la.Text, "chance carries ") || strings.Contains(la.Text, "luck share") {
		t.Errorf("the lever's text: %q", la.Text)
	}
	// The rules' point is the measuring level's own self-play: the same number as page 1.
	for _, p := range la.Points {
		if p.Rules && (a.Glance.Luck.Value == nil || p.Along.Value != a.Glance.Luck.Value.Value) {
			t.Errorf("the rules' point says %v, page 1 %+v", p.Along, a.Glance.Luck.Value)
		}
	}
}

// shares5 gives seat 0 the advantage d over the fair 20% (the others share the rest).
func shares5(d float64) []float64 {
	o := (0.8 - d) / 4
	return []float64{0.2 + d, o, o, o, o}
}

// Page 1 judges fairness on the interval it prints: with four levels of five seats Holm
// corrects over 20 tests, and a seat whose unadjusted interval leaves 0 (Draco 5p: +6.0
// [+1.7, +10.3]) is not significant after Holm — the cell must then print the Holm
// interval, which reaches across 0, not the unadjusted one under "no seat is clearly
// favoured". And "fair" only where every printed interval lies within ±target.
func TestFairCellPrintsTheIntervalItsVerdictUses(t *testing.T) {
	var levels []Level
	for i, name := range []string{"random", "casual", "greedy", "expert"} {
		d := 0.0
		if i == 3 {
			d = 0.06
		}
		levels = append(levels, Level{Name: name, Agent: name, Result: fakeSelfPlay("draco", 300, shares5(d)...)})
	}
	in := &Input{Title: "fixtures", Budget: "custom", Replays: 1, Complete: true, Configs: []Config{
		{Game: "draco", Title: "Draco", Players: 5, Levels: levels}}}
	rp, err := Analyze(in)
	if err != nil {
		t.Fatal(err)
	}
	a := rp.Games[0].Configs[0]
	s0 := a.Levels[a.Measure].Seats[0]
	if !s0.Advantage.Excludes(0) || s0.PHolm < stats.Alpha {
		t.Fatalf("fixture: seat 0 %v, Holm p %.3f: want an unadjusted interval that leaves 0, not significant after Holm", s0.Advantage, s0.PHolm)
	}
	c := a.Glance.Fair
	if c.Verdict != "not settled" || c.Value == nil {
		t.Fatalf("page 1: %q (%s)", c.Verdict, c.Text)
	}
	if c.Value.Excludes(0) {
		t.Errorf("page 1 says %q but prints an interval that leaves 0: %s", c.Verdict, c.Text)
	}
	if !(c.Value.Lo < s0.Advantage.Lo && c.Value.Hi > s0.Advantage.Hi) {
		t.Errorf("page 1's interval %v is not the Holm-widened %v", c.Value.Estimate, s0.Advantage.Estimate)
	}
	// The Holm interval leaves 0 exactly when Holm's p is below α, on every seat of every
	// level.
	for _, la := range a.Levels {
		for _, s := range la.Seats {
			if got := holmIv(s).Excludes(0); got != (s.PHolm < stats.Alpha) {
				t.Errorf("%s seat %d: Holm interval %v leaves 0: %v; Holm p %.4f", la.Level, s.Seat, holmIv(s).Estimate, got, s.PHolm)
			}
		}
	}
}

// The agreement checks fail on a page and sections that word one number two ways: each
// fixture below disagrees once (the luck words on two scales, "settled" on one side only,
// "fair" against "favoured"), and the agreeing one passes.
func TestDisagreeingPageAndSectionsAreCaught(t *testing.T) {
	const (
		fairCell = "fair: seat 0 +0.4 pts [-1.2, +2.0]"
		fairSe   = "2 players: fair — every seat within ±2 points (seat 0 +0.4 pts [-1.2, +2.0])."
		luckCell = "moderate: chance carries 55.2% [48.6, 61.8]"
		luckSe   = "2 players: chance carries 55.2% [48.6, 61.8] of the spread of results (moderate luck)."
	)
	agree := pageAndSections{where: "agree", fairCell: fairCell, fairSe: fairSe, luckCell: luckCell, luckSe: luckSe}
	var ok recorder
	agreeOnPage(&ok, agree)
	if len(ok.errs) > 0 {
		t.Fatalf("an agreeing page is refused: %v", ok.errs)
	}
	bad := map[string]func(p *pageAndSections){
		"luck on two scales":       func(p *pageAndSections) { p.luckSe = strings.Replace(luckSe, "(moderate luck)", "(high luck)", 1) },
		"luck settled on one side": func(p *pageAndSections) { p.luckCell = "not settled: chance carries 55.2% [30.0, 80.0]" },
		"luck unsettled in the section": func(p *pageAndSections) {
			p.luckSe = luckSe + " Not settled: ~900 more games."
		},
		"fair against favoured": func(p *pageAndSections) {
			p.fairSe = "2 players: seat 0 wins more than fair (+6.0 pts [+3.0, +9.0])."
		},
		"fair against not settled": func(p *pageAndSections) {
			p.fairCell = "not settled: seat 0 +0.4 pts [-4.0, +4.8]; ~2,000 more games"
		},
		"settled on one side": func(p *pageAndSections) {
			p.fairSe = fairSe + " About 2,000 more games at expert would settle it."
		},
	}
	for name, edit := range bad {
		p := agree
		edit(&p)
		var r recorder
		agreeOnPage(&r, p)
		if len(r.errs) == 0 {
			t.Errorf("%s: the disagreement passes:\n%+v", name, p)
		}
	}
}
