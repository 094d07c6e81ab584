package luck

import (
	"math"
	"testing"

	"dragonlab/reports/luck/lucktest"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// A value function that is wrong in a way that makes β = 1 hurt: it puts 0.9 points on
// the coin mode, which does not change who wins (random play wins half either way). Then
// the luck is the coin (Cov(Y, L) = 1/8) plus ±0.45 of noise from the mode, Var(L) =
// 0.3275 > 2·Cov(Y, L): Y − L is noisier than Y. The best coefficient is
// β* = 0.125/0.3275, and the variance ratio at β* is 1/(1 − ρ²) = 1.2359 (ρ² =
// Cov²/(Var Y·Var L) = 0.015625/0.081875).
const noisyW = 0.9

var noisyRatio = 1 / (1 - 0.015625/(0.25*0.3275))

// oldAdjusted is the adjustment with β = 1 (each result less its whole luck), for the
// comparison.
func oldAdjusted(a *sim.LuckAgg, seat int) stats.Estimate {
	e, _ := jackknife(a, false, func(m []moments) float64 {
		fair := 0.0
		for _, x := range m {
			fair += x.y - x.l
		}
		return m[seat].y - m[seat].l - fair/float64(len(m))
	})
	return e
}

// The cross-fitted adjustment is never wider than the raw advantage beyond noise, on a
// value function where β = 1 is wider (checked here, so the test fails if the fit is
// dropped), and stays unbiased: over 40 runs the mean half-width of the cross-fitted
// interval is at most the raw one's, the β = 1 one is wider than the raw one's, and the
// mean difference adjusted − raw is within 3 standard errors of 0.
func TestCrossFitNeverHurts(t *testing.T) {
	wrong := lucktest.Value([2]float64{0.5, 0.5}, noisyW)
	var rawW, fitW, oldW float64
	var diffs []float64
	const runs = 40
	for seed := uint64(1); seed <= runs; seed++ {
		l := runToy(t, 2, 5, seed, 2000, wrong).Aggregate.Luck
		raw, fit, old := Advantage(l, 0, false, false), Advantage(l, 0, false, true), oldAdjusted(l, 0)
		rawW += raw.HalfWidth()
		fitW += fit.HalfWidth()
		oldW += old.HalfWidth()
		diffs = append(diffs, fit.Value-raw.Value)
	}
	t.Logf("mean half-widths over %d runs: raw %.4f, cross-fitted %.4f, β = 1 %.4f", runs, rawW/runs, fitW/runs, oldW/runs)
	if oldW <= rawW {
		t.Fatalf("the toy does not make β = 1 hurt (%.4f vs raw %.4f): the test cannot tell", oldW/runs, rawW/runs)
	}
	if fitW > rawW {
		t.Errorf("cross-fitted adjustment wider than raw: mean half-width %.4f vs %.4f", fitW/runs, rawW/runs)
	}
	mean, sd := meanSD(diffs)
	if se := sd / math.Sqrt(runs); math.Abs(mean) > 3*se {
		t.Errorf("cross-fitted − raw advantage: mean %.4f, %.1f standard errors from 0", mean, mean/se)
	}
}

// The variance ratio's interval covers the exact ratio of the noisy toy (1.2359) at about
// its nominal rate: at least 85 of 100 runs (the jackknife of a ratio of variances over 64
// batches; 95% nominal). Where luck is exact (the fair toy with the exact value function,
// β* = 1 and the ratio 1/(1 − share) = 2 at q = 2), it covers 2 as well.
func TestVarianceRatioCovered(t *testing.T) {
	cases := []struct {
		name  string
		w     float64
		truth float64
	}{{"noisy value function", noisyW, noisyRatio}, {"exact value function", 0, 2}}
	for _, c := range cases {
		vf := lucktest.Value([2]float64{0.5, 0.5}, c.w)
		covered, helps := 0, 0
		const runs = 100
		for seed := uint64(1); seed <= runs; seed++ {
			l := runToy(t, 2, 5, 1000+seed, 2000, vf).Aggregate.Luck
			vr := VarianceRatioEstimate(l, false)
			if vr.Contains(c.truth) {
				covered++
			}
			if Helps(vr) {
				helps++
			}
		}
		t.Logf("%s: the interval covers %.4f in %d of %d runs; the adjustment is used in %d", c.name, c.truth, covered, runs, helps)
		if covered < 85 {
			t.Errorf("%s: the variance ratio's interval covers the truth %.4f in %d of %d runs", c.name, c.truth, covered, runs)
		}
	}
}

// The adjustment is used only where its ratio's interval lies at or above 1.
func TestHelps(t *testing.T) {
	for _, c := range []struct {
		e    stats.Estimate
		want bool
	}{
		{stats.Estimate{Value: 1.3, Lo: 1.1, Hi: 1.5, Method: "jackknife"}, true},
		{stats.Estimate{Value: 1.3, Lo: 0.99, Hi: 1.5, Method: "jackknife"}, false},
		{stats.Estimate{Value: 0.9, Lo: 0.7, Hi: 1.2, Method: "jackknife"}, false},
		{stats.Estimate{Value: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}, false},
	} {
		if got := Helps(c.e); got != c.want {
			t.Errorf("Helps(%+v) = %v", c.e, got)
		}
	}
}

// The null: a value function so noisy that its luck carries almost nothing of the outcome
// (20 points on the coin mode: ρ² = 0.0006, a variance ratio of 1.0006) is not used more
// than 5% of the time (measured: 1 of 200 runs), and a game without chance events (L = 0,
// the ratio exactly 1) never.
func TestVarianceRatioNull(t *testing.T) {
	vf := lucktest.Value([2]float64{0.5, 0.5}, 20)
	helps := 0
	const runs = 200
	for seed := uint64(1); seed <= runs; seed++ {
		if Helps(VarianceRatioEstimate(runToy(t, 2, 5, 5000+seed, 2000, vf).Aggregate.Luck, false)) {
			helps++
		}
	}
	t.Logf("the adjustment is used in %d of %d runs where it buys nothing", helps, runs)
	if helps > runs/20 {
		t.Errorf("the adjustment is used in %d of %d runs where it buys nothing", helps, runs)
	}
	none := runToy(t, 0, 5, 1, 2000, lucktest.Value([2]float64{0.5, 0.5}, 0)).Aggregate.Luck
	if vr := VarianceRatioEstimate(none, false); Helps(vr) {
		t.Errorf("no chance events, and the adjustment is used: %+v", vr)
	}
}
