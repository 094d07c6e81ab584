package studies

import (
	"testing"

	"dragonlab/reports"
	"dragonlab/sim"
)

// Reference numbers from R 4.2.2 (the exact call next to each).
func TestSignTestMatchesR(t *testing.T) {
	for _, c := range []struct {
		wins, losses int64
		want         float64
	}{
		{12, 8, 0.503444671631},     // binom.test(12, 20)$p.value
		{3, 14, 0.0127258300781},    // binom.test(3, 17)$p.value
		{530, 470, 0.0620231950984}, // binom.test(530, 1000)$p.value
		{0, 6, 0.03125},             // binom.test(0, 6)$p.value
		{5, 5, 1},
		{0, 0, 1},
	} {
		near(t, "sign test", SignTest(c.wins, c.losses), c.want, 1e-9)
		near(t, "sign test (mirrored)", SignTest(c.losses, c.wins), c.want, 1e-9)
	}
}

func TestTrendTestsMatchR(t *testing.T) {
	x := []float64{520, 540, 575, 600}
	n := []float64{1000, 1000, 1000, 1000}
	// prop.trend.test(c(520, 540, 575, 600), rep(1000, 4), score = 1:4)
	tr := PropTrend(x, n, []float64{1, 2, 3, 4})
	near(t, "trend stat", tr.Stat, 15.3367429068, 1e-9)
	near(t, "trend p", tr.P, 8.99498953e-05, 1e-6)
	// prop.test(c(520, 540, 575, 600), rep(1000, 4))
	h := PropHomogeneity(x, n)
	near(t, "homogeneity stat", h.Stat, 15.4888428364, 1e-9)
	near(t, "homogeneity p", h.P, 0.00144315388127, 1e-8)
	if h.DF != 3 {
		t.Errorf("df %d", h.DF)
	}
	// prop.trend.test(c(50, 48, 55), c(100, 90, 120), score = log10(c(10, 100, 1000)))
	x2, n2 := []float64{50, 48, 55}, []float64{100, 90, 120}
	tr2 := PropTrend(x2, n2, []float64{1, 2, 3})
	near(t, "trend stat 2", tr2.Stat, 0.434005078398, 1e-9)
	near(t, "trend p 2", tr2.P, 0.510030232773, 1e-8)
	near(t, "homogeneity 2", PropHomogeneity(x2, n2).Stat, 1.18191721133, 1e-9)
}

func TestAnalyzePaired(t *testing.T) {
	// Two players: 10 deals won in both seat orders, 25 split, 5 lost in both, 2 split
	// with a draw in one order (total 0.5 + 1 = 1.5 = 90/60... here: 1/2 + 1 = 90).
	var h sim.Hist
	h.AddN(120, 10)
	h.AddN(60, 25)
	h.AddN(0, 5)
	h.AddN(90, 2)
	p := AnalyzePaired(h, 2)
	if p.Deals != 42 || p.Better != 12 || p.Worse != 5 || p.Ties != 25 {
		t.Fatalf("counts %+v", p)
	}
	near(t, "sign p", p.SignP, SignTest(12, 5), 1e-15)
	wantShare := (10*1.0 + 25*0.5 + 2*0.75) / 42
	near(t, "share", p.Share, wantShare, 1e-12)
	if !(p.NEff >= 42 && p.NEff <= 84) {
		t.Errorf("effective games %v outside [deals, games]", p.NEff)
	}
	if !p.CI.Contains(p.Share) || p.CI.Hi-p.CI.Lo <= 0 {
		t.Errorf("interval %v", p.CI)
	}
	if lb := p.LowerBound(0.90); lb >= p.Share || lb <= p.CI.Lo {
		t.Errorf("90%% lower bound %v not between the 95%% bound %v and the share %v", lb, p.CI.Lo, p.Share)
	}
	// Every deal split: zero deal variance, the interval falls back to the games.
	var tie sim.Hist
	tie.AddN(60, 50)
	q := AnalyzePaired(tie, 2)
	if q.NEff != 100 || q.Ties != 50 || q.SignP != 1 {
		t.Errorf("all ties: %+v", q)
	}
	w := reports.Wilson(50, 100)
	near(t, "all-ties lo", q.CI.Lo, w.Lo, 1e-12)
}

func TestHeadToHead(t *testing.T) {
	// Equal agents: 1/n alone against n−1 copies is an even match.
	for field := 1; field <= 4; field++ {
		near(t, "even", HeadToHead(1/float64(field+1), field), 0.5, 1e-12)
	}
	// Three players, share 1/2 alone against two copies: π/π' = 2, head-to-head 2/3.
	near(t, "3p", HeadToHead(0.5, 2), 2.0/3, 1e-12)
}
