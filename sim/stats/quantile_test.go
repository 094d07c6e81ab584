package stats

import (
	"testing"

	"dragonlab/sim"
	"dragonlab/sim/stats/statstest"
)

func TestHistQuantile(t *testing.T) {
	// x <- c(rep(3,4), 5, rep(7,6), rep(12,2), 20)
	h := statstest.Hist(3, 4, 0, 1, 0, 6, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1)
	for _, tc := range []struct{ p, want float64 }{ // quantile(x, c(0,0.1,0.25,0.5,0.75,0.9,1))
		{0, 3}, {0.1, 3}, {0.25, 3.5}, {0.5, 7}, {0.75, 7}, {0.9, 12}, {1, 20},
	} {
		statstest.Near(t, "quantile", HistQuantile(h, tc.p), tc.want, 1e-12)
	}
	if q := HistQuantiles(h); q.Min != 3 || q.P25 != 3.5 || q.Median != 7 || q.P90 != 12 || q.Max != 20 {
		t.Errorf("HistQuantiles = %+v", q)
	}
	if m := HistMax(h); m != 20 {
		t.Errorf("HistMax = %d, want 20", m)
	}
	// m <- c(rep(1,4), rep(2,3), rep(5,2), 11): quantile(m, 0.9) = 5.6 (interpolated).
	statstest.Near(t, "quantile 0.9", HistQuantile(statstest.Hist(1, 4, 3, 0, 0, 2, 0, 0, 0, 0, 0, 1), 0.9), 5.5999999999999979, 1e-12)
	if q := HistQuantile(statstest.Hist(7, 1), 0.1); q != 7 { // quantile(7, 0.1)
		t.Errorf("one value: %v", q)
	}
	if q := HistQuantile(sim.Hist{}, 0.5); q != 0 {
		t.Errorf("empty: %v", q)
	}
	if q := Quantile([]float64{1, 2, 4}, 0.25); q != 1.5 { // quantile(c(1,2,4), 0.25)
		t.Errorf("Quantile = %v, want 1.5", q)
	}
}
