package experiment

import (
	"math"
	"testing"

	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// --budget: a CPU time or games; zero, negative and unparseable budgets are refused.
func TestParseStudyBudget(t *testing.T) {
	for in, want := range map[string]StudyRounds{
		"10m":     {Budget: "10m", CPU: 600},
		" 300s ":  {Budget: "300s", CPU: 300},
		"1h30m":   {Budget: "1h30m", CPU: 5400},
		"200000g": {Budget: "200000g", Games: 200000},
		"1_000g":  {Budget: "1_000g", Games: 1000},
	} {
		got, err := ParseStudyBudget(in)
		if err != nil || *got != want {
			t.Errorf("%q: %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "0", "0s", "-5m", "abc", "0g", "-3g", "1.5g", "g", "5 minutes", "20000h"} {
		if b, err := ParseStudyBudget(in); err == nil {
			t.Errorf("%q: accepted as %+v", in, b)
		}
	}
}

// A round gives each open stage its need (with the overshoot) while the budget lasts, the
// cheapest first; the last one paid may get part of its need; a round that cannot pay
// for every stage costs at most half the budget left, and is listed in plan order.
func TestPlanRound(t *testing.T) {
	p, err := Study{Quick: true, Only: []string{"redhot"}, OnlySet: true, Common: Common{Seed: 1}}.Plan()
	if err != nil {
		t.Fatal(err)
	}
	results := make([]*sim.Result, len(p.Runs))
	b := &StudyRounds{Budget: "100000g", Games: 100000}
	stages := []SettleStage{
		{Run: "redhot-2p-self-expert", Units: p.Runs[p.Index("redhot-2p-self-expert")].Units, More: 1000},
		{Run: "redhot-3p-self-expert", Units: p.Runs[p.Index("redhot-3p-self-expert")].Units, More: 100},
		{Run: "redhot-5p-self-expert", Units: p.Runs[p.Index("redhot-5p-self-expert")].Units, More: 400},
	}
	cost := func(es []RoundEntry) float64 {
		sum := 0.0
		for _, e := range es {
			i := p.Index(e.Run)
			sum += float64(e.More) * b.unitCost(&p.Runs[i], results[i])
		}
		return sum
	}
	all := b.planRound(p, results, stages, math.Inf(1))
	if len(all) != 3 {
		t.Fatalf("an unbounded round pays %d of 3 stages", len(all))
	}
	for k, e := range all {
		if e.Run != stages[k].Run || e.More != roundMore(stages[k].More) || e.From != stages[k].Units || e.Games != 2*e.More {
			t.Errorf("entry %d: %+v, want %s from %d plus %d", k, e, stages[k].Run, stages[k].Units, roundMore(stages[k].More))
		}
	}
	// A budget short of every stage pays at most half of it this round: enough for the two
	// cheapest (3p: 115 deals × 2 games, 5p: 460 × 2) and part of the third.
	left := 2 * (float64(2*115+2*460) + 100)
	some := b.planRound(p, results, stages, left)
	if len(some) != 3 || some[0].More != 50 || some[1].More != 115 || some[2].More != 460 {
		t.Errorf("a short budget pays %+v, want the 3p and 5p stages whole and 50 deals of the 2p", some)
	}
	if c := cost(some); c > left/2 {
		t.Errorf("the round costs %v of %v left: more than half", c, left)
	}
	if none := b.planRound(p, results, stages, 1); len(none) != 0 {
		t.Errorf("a budget of one game pays %+v", none)
	}
}

// A study's directory may hold its plan with stages continued (rounds, --settle): the
// same plan otherwise, never one with fewer units or another change.
func TestGrownFrom(t *testing.T) {
	p, err := Study{Quick: true, Only: []string{"redhot"}, OnlySet: true, Common: Common{Seed: 1}}.Plan()
	if err != nil {
		t.Fatal(err)
	}
	copyOf := func() *plan.Plan {
		q := *p
		q.Runs = append(q.Runs[:0:0], p.Runs...)
		return &q
	}
	if grownFrom(copyOf(), p) {
		t.Error("the same plan counts as grown")
	}
	q := copyOf()
	q.Runs[3].Units += 10
	if !grownFrom(q, p) {
		t.Error("a plan with a stage continued does not count as grown")
	}
	q.Runs[1].Units--
	if grownFrom(q, p) {
		t.Error("a plan with a stage shortened counts as grown")
	}
	q = copyOf()
	q.Runs[3].Units += 10
	q.Runs[2].Seed++
	if grownFrom(q, p) {
		t.Error("a plan with another seed counts as grown")
	}
}
