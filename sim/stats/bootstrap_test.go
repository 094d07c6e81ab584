package stats

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"dragonlab/sim/stats/statstest"
)

// TestBinomial checks the bootstrap's binomial sampler against the exact distribution
// (Pearson's chi-square over the outcomes with an expected count of at least 5; fixed
// seed, so deterministic) on each of its paths: inversion, inversion by symmetry and
// gonum's rejection sampler.
func TestBinomial(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, tc := range []struct {
		n int64
		p float64
	}{{20, 0.3}, {1000, 0.01}, {40, 0.9}, {100, 0.7}, {1000, 0.15}, {5000, 0.2}, {3, 0.5}} {
		const draws = 100000
		counts := make([]float64, tc.n+1)
		for i := 0; i < draws; i++ {
			k := Binomial(tc.n, tc.p, rng)
			if k < 0 || k > tc.n {
				t.Fatalf("Binomial(%d, %g) drew %d", tc.n, tc.p, k)
			}
			counts[k]++
		}
		b := distuv.Binomial{N: float64(tc.n), P: tc.p}
		var obs, exp []float64
		var restO, restE float64
		for k := range counts {
			e := draws * b.Prob(float64(k))
			if e >= 5 {
				obs, exp = append(obs, counts[k]), append(exp, e)
			} else {
				restO, restE = restO+counts[k], restE+e
			}
		}
		obs, exp = append(obs, restO), append(exp, restE+1e-300)
		if cs := ChiSquareGOF(obs, exp); cs.P < 0.001 {
			t.Errorf("Binomial(%d, %g): chi-square %.1f on %d df, p = %.2g", tc.n, tc.p, cs.Stat, cs.DF, cs.P)
		}
	}
	if Binomial(0, 0.5, rng) != 0 || Binomial(7, 0, rng) != 0 || Binomial(7, 1, rng) != 7 {
		t.Error("degenerate binomials")
	}
}

// TestResample checks that a resample keeps the total and that each bin's count is
// Binomial(d, c_i/d) on average: 20,000 resamples of bins of 1, 5, 0 and 14 items.
func TestResample(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	counts := []int64{1, 5, 0, 14}
	out := make([]int64, len(counts))
	sums := make([]float64, len(counts))
	const draws = 20000
	for r := 0; r < draws; r++ {
		Resample(counts, rng, out)
		var total int64
		for i, c := range out {
			total += c
			sums[i] += float64(c)
		}
		if total != 20 || out[2] != 0 {
			t.Fatalf("resample %v of %v", out, counts)
		}
	}
	for i, c := range counts {
		// The mean of 20,000 draws of Binomial(20, c/20) is within 4 standard errors of c.
		se := math.Sqrt(20*float64(c)/20*(1-float64(c)/20)/draws) + 1e-12
		if m := sums[i] / draws; math.Abs(m-float64(c)) > 4*se {
			t.Errorf("bin %d: mean %v, want %d ± %v", i, m, c, 4*se)
		}
	}
}

func TestPercentile(t *testing.T) {
	// quantile(1:10, c(0.025, 0.975)) = 1.225 9.775
	xs := []float64{10, 9, 8, 7, 6, 5, 4, 3, 2, 1}
	e := Percentile(xs)
	statstest.Near(t, "lo", e.Lo, 1.225, 1e-12)
	statstest.Near(t, "hi", e.Hi, 9.775, 1e-12)
	if e.N != 10 || !e.HasInterval() {
		t.Errorf("Percentile: %+v", e)
	}
	if e := Percentile(nil); e.HasInterval() || !math.IsNaN(e.Lo) {
		t.Errorf("no resamples: %+v", e)
	}
}
