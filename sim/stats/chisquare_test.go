package stats

import (
	"testing"

	"dragonlab/sim/stats/statstest"
)

func TestChiSquareGOF(t *testing.T) {
	tests := []struct {
		obs  []float64
		stat float64
		df   int
		p    float64
	}{
		{[]float64{5230, 4910, 4950, 5010, 4900}, 14.72, 4, 0.0053186191217419031}, // chisq.test(c(5230,4910,4950,5010,4900), p=rep(1/5,5))
		{[]float64{10, 12, 8}, 0.8, 2, 0.67032004603563933},                        // chisq.test(c(10,12,8), p=rep(1/3,3))
		{[]float64{4000.5, 3999.5, 4100, 3900}, 5.000125, 3, 0.17178799141145659},  // chisq.test(c(4000.5,3999.5,4100,3900), p=rep(1/4,4))
	}
	for _, tc := range tests {
		shares := make([]float64, len(tc.obs))
		for i := range shares {
			shares[i] = 1 / float64(len(shares))
		}
		got := ChiSquareGOF(tc.obs, shares)
		statstest.NearRel(t, "chi-square statistic", got.Stat, tc.stat, 1e-12)
		if got.DF != tc.df {
			t.Errorf("df = %d, want %d", got.DF, tc.df)
		}
		statstest.NearRel(t, "chi-square p", got.P, tc.p, 1e-9)
	}
}

func TestChi2P(t *testing.T) {
	statstest.NearRel(t, "3.84 on 1", Chi2P(3.84, 1), 0.050043521248705099, 1e-12)   // pchisq(3.84, 1, lower.tail=FALSE)
	statstest.NearRel(t, "10 on 4", Chi2P(10, 4), 0.040427681994512803, 1e-12)       // pchisq(10, 4, lower.tail=FALSE)
	statstest.NearRel(t, "25.5 on 12", Chi2P(25.5, 12), 0.012623370312314325, 1e-12) // pchisq(25.5, 12, lower.tail=FALSE)
	if Chi2P(3, 0) != 1 {
		t.Error("no degrees of freedom: p must be 1")
	}
}

func TestTrendTestsMatchR(t *testing.T) {
	x := []float64{520, 540, 575, 600}
	n := []float64{1000, 1000, 1000, 1000}
	// prop.trend.test(c(520, 540, 575, 600), rep(1000, 4), score = 1:4)
	tr := PropTrend(x, n, []float64{1, 2, 3, 4})
	statstest.Near(t, "trend stat", tr.Stat, 15.3367429068, 1e-9)
	statstest.Near(t, "trend p", tr.P, 8.99498953e-05, 1e-6)
	// prop.test(c(520, 540, 575, 600), rep(1000, 4))
	h := PropHomogeneity(x, n)
	statstest.Near(t, "homogeneity stat", h.Stat, 15.4888428364, 1e-9)
	statstest.Near(t, "homogeneity p", h.P, 0.00144315388127, 1e-8)
	if h.DF != 3 {
		t.Errorf("df %d", h.DF)
	}
	// prop.trend.test(c(50, 48, 55), c(100, 90, 120), score = log10(c(10, 100, 1000)))
	x2, n2 := []float64{50, 48, 55}, []float64{100, 90, 120}
	tr2 := PropTrend(x2, n2, []float64{1, 2, 3})
	statstest.Near(t, "trend stat 2", tr2.Stat, 0.434005078398, 1e-9)
	statstest.Near(t, "trend p 2", tr2.P, 0.510030232773, 1e-8)
	statstest.Near(t, "homogeneity 2", PropHomogeneity(x2, n2).Stat, 1.18191721133, 1e-9)
}
