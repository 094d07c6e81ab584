package stats

import (
	"math"
	"testing"

	"dragonlab/sim/stats/statstest"
)

// For the mean, the jackknife standard error is the usual one, s/√G, and its interval
// Student's t interval (a known identity; R: t.test(x)$conf.int).
func TestJackknifeOfTheMean(t *testing.T) {
	x := []float64{3, 5, 7, 7, 10, 12}
	sum := 0.0
	for _, v := range x {
		sum += v
	}
	var loo []float64
	for i := range x {
		loo = append(loo, (sum-x[i])/float64(len(x)-1))
	}
	e, se := Jackknife(sum/float64(len(x)), loo)
	statstest.NearRel(t, "lo", e.Lo, 3.9058908858182484, 1e-9) // t.test(x)$conf.int[1]
	statstest.NearRel(t, "hi", e.Hi, 10.760775780848419, 1e-9) // t.test(x)$conf.int[2]
	statstest.NearRel(t, "se", se, 1.3333333333333333, 1e-9)   // sd(x)/sqrt(6)
	if e.N != 6 || e.Method != "jackknife" {
		t.Errorf("Jackknife: %+v", e)
	}
	if e, se := Jackknife(1, []float64{1}); e.HasInterval() || !math.IsNaN(e.Lo) || !math.IsNaN(se) {
		t.Errorf("one group gave an interval: %+v", e)
	}
	if e, _ := Jackknife(math.NaN(), loo); e.HasInterval() {
		t.Errorf("a NaN statistic gave an interval: %+v", e)
	}
}

// For a ratio of means the jackknife SE is close to the delta method's (here the ratio
// is of two exactly linear sums, so both agree to the first order).
func TestJackknifeOfARatio(t *testing.T) {
	a := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	b := []float64{2, 2, 3, 5, 4, 6, 9, 8}
	var sa, sb float64
	for i := range a {
		sa, sb = sa+a[i], sb+b[i]
	}
	var loo []float64
	for i := range a {
		loo = append(loo, (sa-a[i])/(sb-b[i]))
	}
	_, se := Jackknife(sa/sb, loo)
	// Delta method: r = Σa/Σb, SE² = Σ(a − r b)² / (G(G−1) b̄²).
	r, g := sa/sb, float64(len(a))
	ss := 0.0
	for i := range a {
		d := a[i] - r*b[i]
		ss += d * d
	}
	delta := math.Sqrt(ss/(g*(g-1))) / (sb / g)
	if math.Abs(se-delta)/delta > 0.15 {
		t.Errorf("jackknife SE %.4f, delta method %.4f", se, delta)
	}
}
