package stats

import (
	"math"
	"testing"

	"dragonlab/sim"
	"dragonlab/sim/stats/statstest"
)

func TestMeanT(t *testing.T) {
	// x <- c(3,5,7,7,10,12): n 6, sum 44, sum of squares 376.
	m := MeanT(6, 44, 376)
	_, sd := MeanStdDev(6, 44, 376)
	statstest.NearRel(t, "mean", m.Value, 7.333333333333333, 1e-12) // mean(x)
	statstest.NearRel(t, "sd", sd, 3.2659863237109041, 1e-12)       // sd(x)
	statstest.NearRel(t, "lo", m.Lo, 3.9058908858182484, 1e-9)      // t.test(x)$conf.int[1]
	statstest.NearRel(t, "hi", m.Hi, 10.760775780848419, 1e-9)      // t.test(x)$conf.int[2]
	if m.N != 6 || m.Method != "t" {
		t.Errorf("MeanT: %+v", m)
	}
	// x <- c(rep(40,300), rep(41,500), rep(55,200), rep(90,7)): n 1007, sum 44130, sumsq 1982200.
	m = MeanT(1007, 44130, 1982200)
	_, sd = MeanStdDev(1007, 44130, 1982200)
	statstest.NearRel(t, "mean", m.Value, 43.823237338629596, 1e-12) // mean(x)
	statstest.NearRel(t, "sd", sd, 6.9276677721803193, 1e-12)        // sd(x)
	statstest.NearRel(t, "lo", m.Lo, 43.394843484931961, 1e-9)       // t.test(x)$conf.int[1]
	statstest.NearRel(t, "hi", m.Hi, 44.251631192327231, 1e-9)       // t.test(x)$conf.int[2]

	// The same sample from a histogram.
	counts := make([]int64, 51)
	counts[0], counts[1], counts[15], counts[50] = 300, 500, 200, 7
	h := sim.Hist{Lo: 40, Counts: counts}
	n, sum, sumSq := HistSums(h)
	if n != 1007 || sum != 44130 || sumSq != 1982200 {
		t.Errorf("HistSums = %d, %d, %d; want 1007, 44130, 1982200", n, sum, sumSq)
	}
	if hm := HistMeanT(h); hm != m {
		t.Errorf("HistMeanT = %+v, want %+v", hm, m)
	}

	if m := MeanT(1, 5, 25); m.Value != 5 || !math.IsNaN(m.Lo) || m.HasInterval() {
		t.Errorf("MeanT of one value = %+v, want mean 5 and no interval", m)
	}
	if m := MeanT(0, 0, 0); !math.IsNaN(m.Value) || m.HasInterval() {
		t.Errorf("MeanT of nothing = %+v, want NaN", m)
	}
	// Exact variance numerator: a million games of length ~1e6 would overflow int64 in n·Σx².
	mean, sd := MeanStdDev(1_000_000, 1_000_000*1_000_000+500_000, 1_000_000*1_000_000*1_000_000+2*1_000_000*500_000+500_000)
	statstest.NearRel(t, "big mean", mean, 1_000_000.5, 1e-15)
	statstest.NearRel(t, "big sd", sd, math.Sqrt(0.25*1e6/(1e6-1)), 1e-9)
}

func TestMeanSE(t *testing.T) {
	// The same x as TestMeanT: sd(x)/sqrt(6) is the standard error.
	e := MeanSE([]float64{3, 5, 7, 7, 10, 12})
	statstest.NearRel(t, "mean", e.Value, 7.333333333333333, 1e-12)          // mean(x)
	statstest.NearRel(t, "sd", e.SD, 3.2659863237109041, 1e-12)              // sd(x)
	statstest.NearRel(t, "se", e.SE, 3.2659863237109041/math.Sqrt(6), 1e-12) // sd(x)/sqrt(6)
	if e.N != 6 || e.HasInterval() || !math.IsNaN(e.Lo) {
		t.Errorf("MeanSE: %+v", e)
	}
	// One value: no spread; none: nothing.
	if one := MeanSE([]float64{4}); one.Value != 4 || one.SE != 0 || one.SD != 0 || one.N != 1 {
		t.Errorf("MeanSE of one value: %+v", one)
	}
	if none := MeanSE(nil); none.Value != 0 || none.N != 0 {
		t.Errorf("MeanSE of nothing: %+v", none)
	}
}
