package luck

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"dragonlab/sim"
	"dragonlab/sim/stats/statstest"
)

// luckFixture is 15 deals replayed K = 3 times, in sixtieths; seat 1 mirrors seat 0 (a
// winner in every game, shared wins split):
//
//	deals <- c(rep(list(c(60,60,60)),4), rep(list(c(60,0,0)),3), rep(list(c(0,0,0)),5),
//	           rep(list(c(30,60,0)),2), list(c(20,20,60)))
//	y <- unlist(deals); d <- factor(rep(seq_along(deals), each=3)); anova(lm(y ~ d))
func luckFixture() *sim.ReplayAgg {
	return &sim.ReplayAgg{K: 3, Seats: [][]sim.ReplayBin{
		{{S: 0, Q: 0, Deals: 5}, {S: 60, Q: 3600, Deals: 3}, {S: 90, Q: 4500, Deals: 2}, {S: 100, Q: 4400, Deals: 1}, {S: 180, Q: 10800, Deals: 4}},
		{{S: 0, Q: 0, Deals: 4}, {S: 80, Q: 3200, Deals: 1}, {S: 90, Q: 4500, Deals: 2}, {S: 120, Q: 7200, Deals: 3}, {S: 180, Q: 10800, Deals: 5}},
	}}
}

func TestLuck(t *testing.T) {
	l, err := Analyze(luckFixture())
	if err != nil {
		t.Fatal(err)
	}
	statstest.Encodable(t, "luck", l)
	s := l.Seats[0]
	statstest.Near(t, "MSB", s.MSBetween*3600, 1756.507936507935710, 1e-12) // anova(lm(y ~ d))$`Mean Sq`
	statstest.Near(t, "MSW", s.MSWithin*3600, 395.555555555555600, 1e-12)
	statstest.Near(t, "mean", s.Mean*60, 26.222222222222221, 1e-12)            // mean(y)
	statstest.Near(t, "deal", s.Deal, 0.12601410934744259, 1e-12)              // (MSB − MSW)/3/3600
	statstest.Near(t, "rest", s.Rest, 0.10987654320987655, 1e-12)              // MSW/3600
	statstest.Near(t, "luck share", s.Share.Value, 0.53420560747663526, 1e-12) // (MSB − MSW)/(MSB + 2·MSW)
	statstest.Near(t, "total", s.Total, s.Deal+s.Rest, 1e-15)
	if !s.Defined || !s.Share.HasInterval() || s.Deals != 15 || s.Share.N != 15 || !s.Share.Contains(s.Share.Value) || s.Share.Lo < 0 || s.Share.Hi > 1 {
		t.Errorf("seat 0: %+v", s)
	}
	// The mirrored seat has the same parts, and so has the pool.
	m := l.Seats[1]
	statstest.Near(t, "mirror deal", m.Deal, s.Deal, 1e-12)
	statstest.Near(t, "mirror rest", m.Rest, s.Rest, 1e-12)
	statstest.Near(t, "mirror mean", m.Mean, 1-s.Mean, 1e-12)
	p := l.Pooled
	statstest.Near(t, "pooled share", p.Share.Value, s.Share.Value, 1e-12)
	statstest.Near(t, "pooled deal", p.Deal, s.Deal, 1e-12)
	statstest.Near(t, "pooled mean", p.Mean, 0.5, 1e-12)
	// Pairing by rank: the pooled interval lies between the (Monte Carlo) intervals of
	// two seats that are the same.
	for _, b := range []struct{ got, a, b float64 }{{p.Share.Lo, s.Share.Lo, m.Share.Lo}, {p.Share.Hi, s.Share.Hi, m.Share.Hi}} {
		if b.got < math.Min(b.a, b.b)-1e-12 || b.got > math.Max(b.a, b.b)+1e-12 {
			t.Errorf("pooled bound %v outside the seats' %v, %v", b.got, b.a, b.b)
		}
	}
	// Reproducible, and independent of the order of the bins.
	shuffled := luckFixture()
	bins := shuffled.Seats[0]
	bins[0], bins[4] = bins[4], bins[0]
	bins = append(bins, sim.ReplayBin{S: 60, Q: 3600, Deals: 0})
	shuffled.Seats[0] = bins
	again, err := Analyze(shuffled)
	if err != nil {
		t.Fatal(err)
	}
	if again.Seats[0] != l.Seats[0] || again.Pooled != l.Pooled || again.Resamples != BootstrapResamples {
		t.Errorf("not reproducible: %+v vs %+v", again.Seats[0], l.Seats[0])
	}
	if !strings.HasPrefix(l.Sentence(), "When the same bots replay a deal, the deal fixes about 53.4% of the variance of a game's outcome [") {
		t.Errorf("sentence %q", l.Sentence())
	}
	c, err := Content(l, nil, "Toy", "luck")
	if err != nil || len(c.Charts) != 1 || len(c.Tables[0].Rows) != 3 || len(c.Charts[0].PNG) < 1000 {
		t.Errorf("content %+v, %v", c, err)
	}
	statstest.Encodable(t, "content", c)
}

func TestLuckEdgeCases(t *testing.T) {
	// Equal deal means: MS between 0 (R: 5.3e-29 by rounding), MS within 1542.857…; the
	// deal part is truncated at 0 and the luck share is 0, defined.
	//   deals <- c(rep(list(c(60,0)),3), rep(list(c(0,60)),3), list(c(30,30)))
	l, err := Analyze(&sim.ReplayAgg{K: 2, Seats: [][]sim.ReplayBin{{{S: 60, Q: 3600, Deals: 6}, {S: 60, Q: 1800, Deals: 1}}}})
	if err != nil {
		t.Fatal(err)
	}
	s := l.Seats[0]
	statstest.Near(t, "MSW", s.MSWithin*3600, 1542.8571428571438, 1e-12) // anova(lm(y ~ d))$`Mean Sq`[2]
	if s.MSBetween != 0 || s.Deal != 0 || s.Share.Value != 0 || !s.Defined || s.Share.Lo != 0 {
		t.Errorf("no deal effect: %+v", s)
	}
	statstest.Encodable(t, "no deal effect", l)
	for name, rep := range map[string]*sim.ReplayAgg{
		"one deal":     {K: 4, Seats: [][]sim.ReplayBin{{{S: 120, Q: 7200, Deals: 1}}}},
		"no deals":     {K: 4, Seats: [][]sim.ReplayBin{{}}},
		"all wins":     {K: 2, Seats: [][]sim.ReplayBin{{{S: 120, Q: 7200, Deals: 30}}}},
		"always draws": {K: 2, Seats: [][]sim.ReplayBin{{{S: 60, Q: 1800, Deals: 30}}, {{S: 60, Q: 1800, Deals: 30}}}},
	} {
		l, err := Analyze(rep)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		statstest.Encodable(t, name, l)
		for _, v := range append(l.Seats, l.Pooled) {
			if v.Defined || v.Share.Value != 0 || v.Share.Lo != 0 || v.Share.Hi != 1 {
				t.Errorf("%s: %+v", name, v)
			}
		}
		if !strings.Contains(l.Sentence(), "cannot be estimated") {
			t.Errorf("%s: %q", name, l.Sentence())
		}
		if ch, err := Chart(l, "x", "luck"); ch != nil || err != nil {
			t.Errorf("%s: chart %v %v", name, ch, err)
		}
	}
	for name, rep := range map[string]*sim.ReplayAgg{
		"one replay":   {K: 1, Seats: [][]sim.ReplayBin{{{S: 60, Q: 3600, Deals: 3}}}},
		"impossible Q": {K: 2, Seats: [][]sim.ReplayBin{{{S: 60, Q: 1000, Deals: 3}}}},
		"S too big":    {K: 2, Seats: [][]sim.ReplayBin{{{S: 180, Q: 10800, Deals: 3}}}},
		"deals differ": {K: 2, Seats: [][]sim.ReplayBin{{{S: 60, Q: 3600, Deals: 3}}, {{S: 60, Q: 3600, Deals: 2}}}},
		"no seats":     {K: 2},
	} {
		if _, err := Analyze(rep); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
	if _, err := Analyze(nil); err == nil {
		t.Error("nil accepted")
	}
}

// TestLuckCoverage checks the bootstrap interval on data with a known luck share: each
// deal is won with probability 0.2 or 0.8 (equally likely), so the deal's variance is
// 0.09 of the outcome's 0.25, a luck share of 0.36. The 95% interval should cover it in
// about 95 of 100 samples; the seed is fixed, so the test is deterministic.
func TestLuckCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("bootstrap coverage")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const k, deals, reps, truth = 4, 300, 60, 0.36
	covered := 0
	for r := 0; r < reps; r++ {
		var h [k + 1]int64 // deals by wins (all-or-nothing outcomes: Q = 60·S)
		for d := 0; d < deals; d++ {
			p := 0.2
			if rng.IntN(2) == 1 {
				p = 0.8
			}
			w := 0
			for i := 0; i < k; i++ {
				if rng.Float64() < p {
					w++
				}
			}
			h[w]++
		}
		var bins []sim.ReplayBin
		for w, c := range h {
			bins = append(bins, sim.ReplayBin{S: 60 * int64(w), Q: 3600 * int64(w), Deals: c})
		}
		l, err := Analyze(&sim.ReplayAgg{K: k, Seats: [][]sim.ReplayBin{bins}})
		if err != nil {
			t.Fatal(err)
		}
		if l.Seats[0].Share.Contains(truth) {
			covered++
		}
	}
	if covered < reps*85/100 {
		t.Errorf("the interval covered the true luck share in %d of %d samples", covered, reps)
	}
	t.Logf("coverage %d/%d", covered, reps)
}

func TestSameDealWins(t *testing.T) {
	// Two players, deal totals in sixtieths: v <- c(rep(0,3), rep(30,2), rep(60,10), 90, rep(120,4)).
	r := &sim.Result{Players: 2, Agents: []string{"mcts", "greedy"}, Seating: sim.SeatDuplicate,
		Aggregate: sim.Aggregate{Paired: statstest.Hist(0, append(append(make([]int64, 0, 121), 3), zeros(29, 2, 29, 10, 29, 1, 29, 4)...)...)}}
	sd, err := SameDealWins(r)
	if err != nil {
		t.Fatal(err)
	}
	if sd.Deals != 20 || sd.Better != 5 || sd.Ties != 10 || sd.Worse != 5 {
		t.Fatalf("%+v", sd)
	}
	statstest.Near(t, "beats lo", sd.Beats.Lo, 0.11186170140766569, 1e-9) // prop.test(5, 20, correct=FALSE)$conf.int
	statstest.Near(t, "beats hi", sd.Beats.Hi, 0.46870087761874396, 1e-9)
	if want := "On the same deal, mcts does better than greedy on 25.0% of deals [11.2, 46.9], ties on 50.0% and does worse on 25.0% (20 deals"; !strings.HasPrefix(sd.Sentence(), want) {
		t.Errorf("sentence %q", sd.Sentence())
	}
	statstest.Encodable(t, "same deal", sd)
	empty, err := SameDealWins(&sim.Result{Players: 3, Agents: []string{"a", "b", "b"}, Seating: sim.SeatDuplicate})
	if err != nil || empty.Beats.Hi != 1 || empty.Sentence() != "No duplicate deals were played." {
		t.Errorf("no deals: %+v %v", empty, err)
	}
	statstest.Encodable(t, "no deals", empty)
	if _, err := SameDealWins(&sim.Result{Players: 2, Agents: []string{"a", "b"}, Seating: sim.SeatRotate}); err == nil {
		t.Error("rotate seating accepted")
	}
}

// zeros builds histogram counts: zeros(g1, c1, g2, c2 …) is g1 zeros, then c1, then g2
// zeros, then c2 …
func zeros(gapsAndCounts ...int64) []int64 {
	var out []int64
	for i := 0; i+1 < len(gapsAndCounts); i += 2 {
		out = append(out, make([]int64, gapsAndCounts[i])...)
		out = append(out, gapsAndCounts[i+1])
	}
	return out
}
