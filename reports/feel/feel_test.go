package feel

import (
	"math"
	"strings"
	"testing"

	"dragonlab/sim"
	"dragonlab/sim/stats/statstest"
)

// feelFixture is 20 games of two players: lengths len <- c(rep(10,5), rep(12,8),
// rep(15,6), 30), one draw, two games nobody won, 266 decisions of which 66 forced, lead
// changes l <- c(rep(0,5), rep(1,7), rep(2,4), rep(3,3), 6), and 10 decided games with
// decisiveness dec <- c(rep(0,2), rep(25,3), rep(50,4), 100)/100, three comebacks and
// margins m <- c(rep(1,4), rep(2,3), rep(5,2), 11).
func feelFixture() (*sim.Aggregate, *sim.Metrics) {
	lengths := make([]int64, 21)
	lengths[0], lengths[2], lengths[5], lengths[20] = 5, 8, 6, 1
	agg := &sim.Aggregate{Games: 20, Draws: 1, NoWinner: 2, DecisionsSum: 266, DecisionsSumSq: 3902,
		DecisionsHist: sim.Hist{Lo: 10, Counts: lengths}, Seats: make([]sim.Tally, 2), Agents: make([]sim.Tally, 2)}
	decisive := make([]int64, 101)
	decisive[0], decisive[25], decisive[50], decisive[100] = 2, 3, 4, 1
	m := &sim.Metrics{
		Decisions: 266, MultiChoice: 200, LegalSum: 66 + 200 + 180 + 200, LegalSumSq: 66 + 400 + 540 + 1000,
		LegalHist:         statstest.Hist(1, 66, 100, 60, 0, 40),
		LegalByDecile:     [10]int64{27, 40, 60, 80, 90, 70, 60, 27, 27, 26},
		DecisionsByDecile: [10]int64{27, 27, 27, 27, 26, 26, 26, 27, 27, 26},
		LeadChanges:       statstest.Hist(0, 5, 7, 4, 3, 0, 0, 1),
		Decided:           10, Decisive: sim.Hist{Lo: 0, Counts: decisive}, Comebacks: 3,
		Margin: statstest.Hist(1, 4, 3, 0, 0, 2, 0, 0, 0, 0, 0, 1),
	}
	return agg, m
}

func TestGameFeel(t *testing.T) {
	f, err := Analyze(feelFixture())
	if err != nil {
		t.Fatal(err)
	}
	statstest.Encodable(t, "feel", f)
	statstest.Near(t, "completion", f.Completion.Value, 0.9, 1e-15)
	statstest.Near(t, "completion hi", f.Completion.Hi, 0.97213351878623178, 1e-9)     // 1 - prop.test(2, 20, correct=FALSE)$conf.int[1]
	statstest.Near(t, "drawishness lo", f.Drawishness.Lo, 1-0.99111855119920467, 1e-9) // 1 - prop.test(19, 20, correct=FALSE)$conf.int[2]
	statstest.Near(t, "duration", f.Duration.Value, 13.3, 1e-12)
	statstest.Near(t, "duration lo", f.Duration.Lo, 11.250950773787974, 1e-9) // t.test(len)$conf.int
	statstest.Near(t, "duration hi", f.Duration.Hi, 15.349049226212028, 1e-9)
	// quantile(len, c(.1,.25,.5,.75,.9)) = 10, 11.5, 12, 15, 15.
	if q := f.DurationQ; q.P10 != 10 || q.P25 != 11.5 || q.Median != 12 || q.P75 != 15 || q.P90 != 15 || q.Min != 10 || q.Max != 30 {
		t.Errorf("duration quantiles %+v", q)
	}
	statstest.Near(t, "multi-choice", f.MultiChoice, 200.0/266, 1e-15)
	statstest.Near(t, "branching mean", f.Branching.Mean, 646.0/266, 1e-15)
	statstest.Near(t, "branching sd", f.Branching.SD, math.Sqrt((2006-646.0*646/266)/265), 1e-12)
	if f.Branching.Median != 2 || f.Branching.Max != 5 {
		t.Errorf("branching %+v", f.Branching)
	}
	statstest.Near(t, "decile 3", f.ByDecile[3], 80.0/27, 1e-15)
	statstest.Near(t, "leads", f.LeadChanges.Value, 1.5, 1e-15)
	statstest.Near(t, "leads lo", f.LeadChanges.Lo, 0.81249739256838249, 1e-9) // t.test(l)$conf.int
	statstest.Near(t, "leads hi", f.LeadChanges.Hi, 2.18750260743161773, 1e-9)
	statstest.Near(t, "decisiveness", f.Decisiveness.Value, 0.375, 1e-15)
	statstest.Near(t, "decisiveness lo", f.Decisiveness.Lo, 0.16423595034146479, 1e-9) // t.test(dec)$conf.int
	statstest.Near(t, "decisiveness hi", f.Decisiveness.Hi, 0.58576404965853524, 1e-9)
	statstest.Near(t, "comebacks lo", f.Comebacks.Lo, 0.10779126740630104, 1e-9) // prop.test(3, 10, correct=FALSE)$conf.int
	statstest.Near(t, "comebacks hi", f.Comebacks.Hi, 0.60322185253885452, 1e-9)
	statstest.Near(t, "margin lo", f.Margin.Lo, 0.82656018784503227, 1e-9) // t.test(m)$conf.int
	statstest.Near(t, "margin hi", f.Margin.Hi, 5.37343981215496758, 1e-9)
	statstest.Near(t, "margin p90", f.MarginQ.P90, 5.5999999999999979, 1e-12) // quantile(m, 0.9)
	if f.MarginQ.Median != 2 || f.Decided != 10 || f.Comebacks.N != 10 {
		t.Errorf("margin %+v", f.MarginQ)
	}

	sent := strings.Join(f.Sentences(), " ")
	for _, want := range []string{"Games last 13.3 decisions on average [11.3, 15.3] (median 12; 80% of games between 10 and 15).",
		"75.2% of decisions offer a real choice", "The lead changes 1.50 times per game [0.81, 2.19].",
		"30.0% of decided games are comebacks [10.8, 60.3]", "5.0% of games end in a draw"} {
		if !strings.Contains(sent, want) {
			t.Errorf("sentences %q lack %q", sent, want)
		}
	}
	if tb := f.Table(); len(tb.Rows) != 12 {
		t.Errorf("table has %d rows", len(tb.Rows))
	}
	if f.Span != nil || strings.Contains(sent, "turns") {
		t.Errorf("a length in units %v without one", f.Span)
	}
	// With a length in turns: t <- c(rep(5,5), rep(6,8), rep(8,6), 15).
	agg, m := feelFixture()
	m.Length, m.LengthUnit = statstest.Hist(5, 5, 8, 0, 6, 0, 0, 0, 0, 0, 0, 1), "turns"
	fp, err := Analyze(agg, m)
	if err != nil {
		t.Fatal(err)
	}
	if fp.Span == nil || fp.Unit != "turns" {
		t.Fatalf("span %v in %q", fp.Span, fp.Unit)
	}
	statstest.Near(t, "turns", fp.Span.Value, 6.8, 1e-12)
	statstest.Near(t, "turns lo", fp.Span.Lo, 5.741439818364696, 1e-9) // t.test(t)$conf.int (mean ± qt(.975, 19)·sd/√20)
	if s := strings.Join(fp.Sentences(), " "); !strings.Contains(s, "between 10 and 15), that is 6.8 turns [5.7, 7.9].") {
		t.Errorf("sentences %q: no turns", s)
	}
	if tb := fp.Table(); len(tb.Rows) != 13 {
		t.Errorf("table with turns has %d rows", len(tb.Rows))
	}
	if len(DefinitionsTable().Rows) != len(Definitions) {
		t.Error("definitions")
	}
	c, err := Content(f, "Toy, 2 players", "feel")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Charts) != 4 {
		t.Errorf("%d charts", len(c.Charts))
	}
	statstest.Encodable(t, "content", c)
	for _, ch := range c.Charts {
		if len(ch.PNG) == 0 || len(ch.SVG) == 0 || !strings.HasPrefix(ch.Name, "feel-") {
			t.Errorf("chart %s empty", ch.Name)
		}
	}
}

func TestGameFeelEdgeCases(t *testing.T) {
	// No games.
	f, err := Analyze(&sim.Aggregate{Seats: make([]sim.Tally, 3)}, &sim.Metrics{})
	if err != nil {
		t.Fatal(err)
	}
	statstest.Encodable(t, "no games", f)
	if f.Completion.Lo != 0 || f.Completion.Hi != 1 || f.Duration.HasInterval() || len(f.Sentences()) != 1 {
		t.Errorf("no games: %+v", f)
	}
	c, err := Content(f, "empty", "feel")
	if err != nil || len(c.Charts) != 0 {
		t.Errorf("no games: %d charts, %v", len(c.Charts), err)
	}
	// One game, a solitaire won.
	one := &sim.Aggregate{Games: 1, DecisionsSum: 4, DecisionsSumSq: 16, DecisionsHist: statstest.Hist(4, 1), Seats: make([]sim.Tally, 1)}
	m := &sim.Metrics{Decisions: 4, MultiChoice: 4, LegalSum: 8, LegalSumSq: 16, LegalHist: statstest.Hist(2, 4),
		DecisionsByDecile: [10]int64{1, 0, 1, 0, 0, 1, 0, 0, 1, 0}, LegalByDecile: [10]int64{2, 0, 2, 0, 0, 2, 0, 0, 2, 0}, LeadChanges: statstest.Hist(0, 1)}
	f, err = Analyze(one, m)
	if err != nil {
		t.Fatal(err)
	}
	statstest.Encodable(t, "one game", f)
	if !f.Solitaire || f.Duration.HasInterval() || f.Duration.Value != 4 || f.Branching.SD != 0 || f.ByDecile[1] != 0 {
		t.Errorf("one game: %+v", f)
	}
	for _, s := range f.Sentences() {
		if strings.Contains(s, "NaN") || strings.Contains(s, "lead") {
			t.Errorf("solitaire sentence %q", s)
		}
	}
	if _, err := Content(f, "one", "feel"); err != nil {
		t.Fatal(err)
	}
}

func TestGameFeelBadInput(t *testing.T) {
	for name, mut := range map[string]func(*sim.Aggregate, *sim.Metrics){
		"decisions": func(a *sim.Aggregate, m *sim.Metrics) { m.Decisions++ },
		"legal":     func(a *sim.Aggregate, m *sim.Metrics) { m.LegalHist.Counts[0]++ },
		"leads":     func(a *sim.Aggregate, m *sim.Metrics) { m.LeadChanges.Counts[0]-- },
		"decided":   func(a *sim.Aggregate, m *sim.Metrics) { m.Decided++ },
		"comebacks": func(a *sim.Aggregate, m *sim.Metrics) { m.Comebacks = 11 },
		"deciles":   func(a *sim.Aggregate, m *sim.Metrics) { m.DecisionsByDecile[0]++ },
		"draws":     func(a *sim.Aggregate, m *sim.Metrics) { a.Draws = 19 },
	} {
		a, m := feelFixture()
		mut(a, m)
		if _, err := Analyze(a, m); err == nil {
			t.Errorf("%s: inconsistent metrics accepted", name)
		}
	}
	if _, err := Analyze(nil, nil); err == nil {
		t.Error("nil accepted")
	}
}
