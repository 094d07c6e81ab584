package designer

import (
	"encoding/xml"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/reports/htmlcheck"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// seatResult is a hand-made self-play result of fixed seating: seat s won wins[s] of the
// games, alone.
func seatResult(game string, wins ...int64) *sim.Result {
	n := len(wins)
	r := &sim.Result{Game: game, Players: n, Seating: sim.SeatFixed, Complete: true, Agents: make([]string, n)}
	r.Aggregate.Seats = make([]sim.Tally, n)
	r.Aggregate.Agents = make([]sim.Tally, n)
	for s, w := range wins {
		r.Games += w
		r.Aggregate.Seats[s].Wins, r.Aggregate.Agents[s].Wins = w, w
		r.Agents[s] = "greedy"
	}
	for s := range r.Aggregate.Seats {
		r.Aggregate.Seats[s].Games, r.Aggregate.Agents[s].Games = r.Games, r.Games
	}
	r.Aggregate.Games = r.Games
	return r
}

// seatTwoStudy is a three-player study whose only significant seat is seat 2 (30% of the
// wins for a fair 33.3%, over 3,000 games), seats 0 and 1 ahead but not significantly.
func seatTwoStudy() *Input {
	c := Config{Game: "draco", Title: "Draco (Mount Drago)", Players: 3, Levels: []Level{
		{Name: "random", Agent: "random", File: "r.json", Result: seatResult("draco", 1000, 1000, 1000)},
		{Name: "greedy", Agent: "greedy", File: "g.json", Result: seatResult("draco", 1050, 1050, 900)},
	}}
	return &Input{Title: "seat 2", Budget: "custom", Replays: 1, Complete: true, Configs: []Config{c}}
}

// The fairness chart colours each seat's mark by that seat's own test, and the
// text agrees — page 1 names seat 2, the appendix stars seat 2, not seat 0.
func TestChartColoursFollowEachSeatsOwnTest(t *testing.T) {
	rp, err := Analyze(seatTwoStudy())
	if err != nil {
		t.Fatal(err)
	}
	g := rp.Games[0]
	a := g.Configs[0]
	la := a.Levels[a.Measure]
	if la.Seats[2].PHolm >= stats.Alpha || la.Seats[0].PHolm < stats.Alpha || la.Seats[1].PHolm < stats.Alpha {
		t.Fatalf("fixture: seat p-values %v %v %v", la.Seats[0].PHolm, la.Seats[1].PHolm, la.Seats[2].PHolm)
	}
	rows := g.fairnessRows()
	if len(rows) != 2 || rows[0].Label != "3p greedy" || len(rows[0].Seats) != 3 {
		t.Fatalf("chart rows %+v", rows)
	}
	for _, r := range rows {
		for _, m := range r.Seats {
			want := r.Label == "3p greedy" && m.Seat == 2
			if m.Sig != want {
				t.Errorf("%s seat %d: drawn significant %v, its own test says %v", r.Label, m.Seat, m.Sig, want)
			}
		}
	}
	if c := a.Glance.Fair; c.Verdict != "disfavoured" || !strings.HasPrefix(c.Text, "seat 2 disfavoured: -3.3 pts") {
		t.Errorf("page 1: %+v", c)
	}
	d, err := rp.Doc()
	if err != nil {
		t.Fatal(err)
	}
	var detail *doc.Table
	for _, s := range d.Sections {
		if s.ID == "draco-3p-detail" {
			detail = s.Blocks[0].(*doc.Table)
		}
	}
	if detail == nil {
		t.Fatal("no detail section")
	}
	got := detail.Rows[1][3].Text // greedy: every seat's advantage
	if !strings.Contains(got, "-3.3*") || strings.Count(got, "*") != 1 {
		t.Errorf("appendix stars %q: want the star on seat 2 alone", got)
	}
	// The rendered chart: the highlight colour appears (seat 2's mark), and not at all when
	// no seat is significant.
	ch, err := g.FairnessChart()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(ch.SVG), "#D55E00") {
		t.Error("the chart does not draw seat 2 in the highlight colour")
	}
	fair := seatTwoStudy()
	fair.Configs[0].Levels[1].Result = seatResult("draco", 1000, 1010, 990)
	rp2, err := Analyze(fair)
	if err != nil {
		t.Fatal(err)
	}
	ch2, err := rp2.Games[0].FairnessChart()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(ch2.SVG), "#D55E00") {
		t.Error("the highlight colour with no significant seat")
	}
}

// specLike matches agent specs and parameter literals: "noisy:base=(greedy)",
// "iters=100", "eps=0.25", "seatBonus=[0,2]", "greedy:samples=1", "duoHand=3".
var specLike = regexp.MustCompile(`:base=|iters=|eps=|seatBonus=\[|[a-z]:[a-z]+=|\b[a-z]+[A-Z][A-Za-z]*=`)

// Page 1 is five cells of at most 12 words, each game's answer at most 100
// words, no agent spec or lever literal outside the provenance, and every interval of
// page 1 is the one the appendix shows for the same game and player count.
func TestPageOneInPlainWords(t *testing.T) {
	in := tinyStudy(t)
	for i := range in.Configs {
		for j := range in.Configs[i].Levels {
			lv := &in.Configs[i].Levels[j]
			lv.Written = lv.Agent // as a design writes it: greedy:samples=1
			if lv.Name == "random" {
				lv.Written = "noisy:base=(random),eps=0.25,iters=1"
			}
		}
	}
	rp, err := Analyze(in)
	if err != nil {
		t.Fatal(err)
	}
	d, err := rp.Doc()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range rp.Games {
		if n := wordCount(g.Answer); n > MaxAnswerWords {
			t.Errorf("%s: the answer has %d words: %q", g.Game, n, g.Answer)
		}
		if m := specLike.FindString(g.Answer); m != "" {
			t.Errorf("%s: %q in the answer %q", g.Game, m, g.Answer)
		}
		for _, a := range g.Configs {
			for k, c := range a.Glance.Cells() {
				if n := wordCount(c.Text); n > MaxCellWords {
					t.Errorf("%s %dp %s: %d words: %q", g.Game, a.Players, glanceColumns[k], n, c.Text)
				}
				if m := specLike.FindString(c.Text); m != "" {
					t.Errorf("%s %dp %s: %q in %q", g.Game, a.Players, glanceColumns[k], m, c.Text)
				}
				if c.Value != nil && strings.Count(c.Text, "[") != 1 {
					t.Errorf("%s %dp %s: not one number with its interval: %q", g.Game, a.Players, glanceColumns[k], c.Text)
				}
			}
		}
	}
	// The whole report outside the provenance (where the specs belong) and the methods.
	md, err := d.Markdown()
	if err != nil {
		t.Fatal(err)
	}
	text := string(md)
	prov := strings.Index(text, "### Provenance")
	next := strings.Index(text[prov+1:], "\n### ")
	if prov < 0 || next < 0 {
		t.Fatal("no provenance in the appendix")
	}
	outside := text[:prov] + text[prov+1+next:]
	if i := strings.Index(outside, "### Methods"); i >= 0 {
		outside = outside[:i]
	}
	for _, line := range strings.Split(outside, "\n") {
		if m := specLike.FindString(line); m != "" {
			t.Errorf("%q outside the provenance: %s", m, line)
		}
	}
	if !strings.Contains(text[prov:prov+next], "noisy:base=(random)") {
		t.Error("the provenance lacks the level's agent spec")
	}
	// Answer against appendix: every interval on page 1 is in the appendix's detail of the
	// same game and player count, or in the game's own section.
	html, err := d.HTML()
	if err != nil {
		t.Fatal(err)
	}
	if err := htmlcheck.Check(d, html); err != nil {
		t.Error(err)
	}
	sections := map[string]string{}
	for _, s := range d.Sections {
		sections[s.ID] = sectionText(s)
	}
	iv := regexp.MustCompile(`\[[^\]]+\]`)
	for _, g := range rp.Games {
		for _, a := range g.Configs {
			where := sections[g.chartSlug(fmt.Sprintf("%dp-detail", a.Players))] + sections[g.chartSlug("answers")]
			for k, c := range a.Glance.Cells() {
				for _, m := range iv.FindAllString(c.Text, -1) {
					if !strings.Contains(where, m) {
						t.Errorf("%s %dp %s: %s (%q) is nowhere in its detail", g.Game, a.Players, glanceColumns[k], m, c.Text)
					}
				}
			}
		}
	}
}

// sectionText is every text of a section and its subsections.
func sectionText(s *doc.Section) string {
	var b strings.Builder
	b.WriteString(s.Summary + "\n")
	for _, bl := range s.Blocks {
		switch x := bl.(type) {
		case *doc.Paragraph:
			b.WriteString(x.Text + "\n")
		case *doc.List:
			b.WriteString(strings.Join(x.Items, "\n") + "\n")
		case *doc.Table:
			for _, r := range x.Rows {
				for _, c := range r {
					b.WriteString(c.Text + "\n")
				}
			}
		}
	}
	for _, sub := range s.Sections {
		b.WriteString(sectionText(sub))
	}
	return b.String()
}

// On a 400-pixel phone a chart fills the text column (at most about 370 CSS
// pixels): its smallest text must still be 9 pixels tall.
func TestChartTextReadableOnAPhone(t *testing.T) {
	rp, err := Analyze(tinyStudy(t))
	if err != nil {
		t.Fatal(err)
	}
	d, err := rp.Doc()
	if err != nil {
		t.Fatal(err)
	}
	font := regexp.MustCompile(`font-size:([0-9.]+)px`)
	for _, c := range d.Charts() {
		var svg struct {
			ViewBox string `xml:"viewBox,attr"`
		}
		if err := xml.Unmarshal(c.SVG[strings.Index(string(c.SVG), "<svg"):], &svg); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		f := strings.Fields(svg.ViewBox)
		w, _ := strconv.ParseFloat(f[2], 64)
		least := math.Inf(1)
		for _, m := range font.FindAllStringSubmatch(string(c.SVG), -1) {
			v, _ := strconv.ParseFloat(m[1], 64)
			least = math.Min(least, v)
		}
		if px := least * 370 / w; px < 9 {
			t.Errorf("%s: the smallest text is %.1f px on a phone (%.0f units in a chart %.0f wide)", c.Name, px, least, w)
		}
	}
	if len(d.Charts()) < 4 {
		t.Errorf("%d charts", len(d.Charts()))
	}
}

// More games are said in two significant figures, rounded up.
func TestRoundUp2(t *testing.T) {
	if roundUp2(1234) != 1300 || roundUp2(99) != 99 || roundUp2(100) != 100 || roundUp2(25001) != 26000 {
		t.Error("roundUp2")
	}
}

// Certified rule changes plug in as a field of a Config (Tune) and replace the sweep's
// compensation on page 1; absent, the fallback answers
// (TestChartColoursFollowEachSeatsOwnTest and TestPageOneInPlainWords).
func TestExtensionsPlugIn(t *testing.T) {
	iv := func(v, lo, hi float64) stats.Estimate {
		return stats.Estimate{Value: v, Lo: lo, Hi: hi, Method: "test"}
	}
	in := seatTwoStudy()
	c := &in.Configs[0]
	c.Tune = &TuneInput{Changes: []RuleChange{{Params: map[string]any{"seatBonus": []any{0.0, 0.0, 2.0}}, Effect: Est{Estimate: iv(0.004, -0.01, 0.018)}, Certified: true}}}
	rp, err := Analyze(in)
	if err != nil {
		t.Fatal(err)
	}
	g := rp.Games[0].Configs[0].Glance
	if want := "seat 2 starts with 2 points: +0.4 pts [-1.0, +1.8]"; g.Change.Text != want {
		t.Errorf("change: %q, want %q", g.Change.Text, want)
	}
	for k, cell := range g.Cells() {
		if n := wordCount(cell.Text); n > MaxCellWords {
			t.Errorf("%s: %d words: %q", glanceColumns[k], n, cell.Text)
		}
	}
}

// A page-1 cell measured at a level other than the legend's names it, and a level the
// measuring rule chose that this study's ladder does not tell apart from the level below
// is said on page 1 (Red Hot 2p: restricted play at greedy, greedy ≈ casual).
func TestCellsSayTheirLevel(t *testing.T) {
	iv := func(v float64) Est { return point(v, 0.01) }
	a := &Answer{Players: 2, Measure: 3, Top: 3}
	for _, n := range []string{"random", "casual", "greedy", "expert"} {
		a.Levels = append(a.Levels, LevelAnswer{Level: n})
	}
	a.Ladder = &LadderAnswer{Steps: []StepAnswer{
		{Upper: 1, Lower: 0, Verdict: "stronger"},
		{Upper: 2, Lower: 1, Verdict: "not significantly stronger"},
		{Upper: 3, Lower: 2, Verdict: "stronger"},
	}}
	a.Ablation = []AblationAnswer{{Level: "greedy", Measuring: "significantly stronger than casual beforehand",
		Rows: []AblationRow{{Class: "fill", Worth: iv(0.08), PHolm: 0.001, Tested: true, Choice: true}}}}
	c := a.mattersCell()
	if !strings.HasSuffix(c.Text, "(greedy)") {
		t.Errorf("What matters? at greedy under an expert legend: %q", c.Text)
	}
	if n := a.refusedLevels(); !strings.Contains(n, "restricted play is at greedy") || !strings.Contains(n, "from casual") {
		t.Errorf("the refused level: %q", n)
	}
	// At the legend's level: no tag; a level the ladder tells apart: no note.
	a.Ablation[0].Level = "expert"
	if c := a.mattersCell(); strings.Contains(c.Text, "(") {
		t.Errorf("What matters? at the measuring level: %q", c.Text)
	}
	if n := a.refusedLevels(); n != "" {
		t.Errorf("expert is told apart from greedy, yet: %q", n)
	}
}

// "Skill matters" is judged on the strongest level told apart from the weakest, not on
// every step: Red Hot's greedy ≈ casual with the expert +431 Elo reads "yes"; an expert
// not told apart while greedy is reads "partly" and names greedy; none told apart, "no".
// The section's sentence says the same verdict with the same interval.
func TestSkillJudgedOnTheStrongestLevelToldApart(t *testing.T) {
	elo := func(v, lo, hi float64) *Est {
		return &Est{Estimate: stats.Estimate{Value: v, Lo: lo, Hi: hi, Method: "bt"}}
	}
	for _, tc := range []struct {
		name          string
		elo           []*Est
		distinct      int
		verdict, want string
	}{
		{"greedy ≈ casual", []*Est{elo(0, 0, 0), elo(200, 150, 250), elo(210, 160, 260), elo(431, 380, 480)}, 3, "yes", "yes: expert +431 Elo"},
		{"expert not told apart", []*Est{elo(0, 0, 0), elo(20, -10, 50), elo(90, 30, 150), elo(62, -21, 144)}, 2, "partly", "partly: greedy +90 Elo"},
		{"none", []*Est{elo(0, 0, 0), elo(5, -20, 30), elo(10, -20, 40), elo(-15, -153, 123)}, 1, "no", "no: expert -15 Elo"},
	} {
		a := &Answer{Players: 2, Measure: 3, Top: 3}
		for _, n := range []string{"random", "casual", "greedy", "expert"} {
			a.Levels = append(a.Levels, LevelAnswer{Level: n})
		}
		a.Ladder = &LadderAnswer{Elo: tc.elo, Distinguishable: tc.distinct, Steps: []StepAnswer{
			{Upper: 1, Lower: 0, Verdict: "stronger"}, {Upper: 2, Lower: 1, Verdict: "not significantly stronger"}, {Upper: 3, Lower: 2, Verdict: "stronger"}}}
		c := a.skillCell()
		if c.Verdict != tc.verdict || !strings.HasPrefix(c.Text, tc.want) {
			t.Errorf("%s: %q (%s), want %q", tc.name, c.Verdict, c.Text, tc.want)
		}
		a.Glance.Skill = c
		if c.Value != nil && !strings.Contains(a.SkillSentence(), format.IvElo(c.Value.Estimate)) {
			t.Errorf("%s: the section %q does not give page 1's interval %s", tc.name, a.SkillSentence(), format.IvElo(c.Value.Estimate))
		}
	}
}

// A negative fair value of the seatBonus family reads the other way, never "give each
// later seat -1.16 more points", on page 1 and in the section alike (the same interval).
func TestNegativeStartingPointsReadTheOtherWay(t *testing.T) {
	x := Est{Estimate: stats.Estimate{Value: -0.0116 * 100, Lo: -1.79, Hi: -0.25, Method: "x"}}
	for _, tc := range []struct {
		players     int
		page, where string
	}{
		{4, "give each earlier seat 1.16 more points [0.25, 1.79]", "each seat starting with 1.16 points fewer than the seat before it [0.25, 1.79]"},
		{2, "give seat 0 1.16 starting points [0.25, 1.79]", "seat 0 starting with 1.16 points [0.25, 1.79]"},
	} {
		if got := giveText(x, tc.players); got != tc.page {
			t.Errorf("%dp page 1: %q, want %q", tc.players, got, tc.page)
		}
		if got := familyText(x, tc.players); got != tc.where {
			t.Errorf("%dp section: %q, want %q", tc.players, got, tc.where)
		}
		if strings.Contains(giveText(x, tc.players)+familyText(x, tc.players), "-") {
			t.Errorf("%dp: a negative number of points", tc.players)
		}
	}
	pos := Est{Estimate: stats.Estimate{Value: 2.03, Lo: 0.33, Hi: 3.72, Method: "x"}}
	if got := giveText(pos, 2); got != "give seat 1 2.03 starting points [0.33, 3.72]" {
		t.Errorf("a positive value: %q", got)
	}
}
