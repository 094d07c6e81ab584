package stats

import (
	"math"
	"math/rand/v2"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"
)

// Binomial draws from Binomial(n, p): by inversion (counting up from 0 with the
// recurrence P(k) = P(k−1)·(p/(1−p))·(n−k+1)/k of the probabilities; Devroye 1986,
// Non-Uniform Random Variate Generation, sec. X.4) when the mean is small, which is fast
// and exact, and by gonum's rejection sampler otherwise.
func Binomial(n int64, p float64, rng *rand.Rand) int64 {
	switch {
	case n <= 0 || p <= 0:
		return 0
	case p >= 1:
		return n
	case p > 0.5:
		return n - Binomial(n, 1-p, rng)
	case float64(n)*p >= 200:
		return int64(distuv.Binomial{N: float64(n), P: p, Src: rng}.Rand())
	}
	// P(0) = (1−p)^n ≥ e^(−200·1.39) here, so nothing underflows.
	r := p / (1 - p)
	f := math.Exp(float64(n) * math.Log1p(-p))
	u := rng.Float64()
	var k int64
	for u > f && k < n {
		u -= f
		k++
		f *= r * float64(n-k+1) / float64(k)
	}
	return k
}

// Resample draws one bootstrap resample (Efron 1979) of d = Σ counts items held in bins
// of counts[i] items each: how many of the d draws with replacement fall in each bin,
// multinomial(d, counts/d), drawn bin by bin as binomials of what is left. It writes them
// into out (len(counts)).
func Resample(counts []int64, rng *rand.Rand, out []int64) {
	var d int64
	for _, c := range counts {
		d += c
	}
	left, leftCount := d, d
	for i, c := range counts {
		switch {
		case left == 0:
			out[i] = 0
		case i == len(counts)-1 || c == leftCount:
			out[i] = left
		default:
			out[i] = Binomial(left, float64(c)/float64(leftCount), rng)
		}
		left -= out[i]
		leftCount -= c
	}
}

// Percentile is the percentile bootstrap interval at Level of the resampled statistics xs
// (Efron & Tibshirani 1993, An Introduction to the Bootstrap, ch. 13): their (1−Level)/2
// and 1−(1−Level)/2 quantiles, R type 7 (R: quantile(xs, c(0.025, 0.975))). It sorts xs.
// No resamples give no interval (NaN bounds, Method "").
func Percentile(xs []float64) Estimate { return PercentileAt(xs, Level) }

// PercentileAt is Percentile at another confidence level (e.g. a family-wise level
// 1 − α/m of a Bonferroni correction).
func PercentileAt(xs []float64, level float64) Estimate {
	if len(xs) == 0 {
		return Estimate{Lo: math.NaN(), Hi: math.NaN()}
	}
	sort.Float64s(xs)
	a := (1 - level) / 2
	return Estimate{Lo: Quantile(xs, a), Hi: Quantile(xs, 1-a), N: int64(len(xs)), Method: "percentile bootstrap"}
}
