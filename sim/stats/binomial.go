package stats

import (
	"math"

	"gonum.org/v1/gonum/mathext"
	"gonum.org/v1/gonum/stat/distuv"
)

// binomLogPMF is log P(X = k) for X ~ Binomial(n, p).
func binomLogPMF(k, n int64, p float64) float64 {
	return distuv.Binomial{N: float64(n), P: p}.LogProb(float64(k))
}

// binomCDF is P(X ≤ k), accurate in the far tails: the regularized incomplete beta
// I_{1−p}(n−k, k+1).
func binomCDF(k, n int64, p float64) float64 {
	switch {
	case k < 0:
		return 0
	case k >= n:
		return 1
	}
	return mathext.RegIncBeta(float64(n-k), float64(k+1), 1-p)
}

// binomSF is P(X ≥ k), accurate in the far tails: I_p(k, n−k+1).
func binomSF(k, n int64, p float64) float64 {
	switch {
	case k <= 0:
		return 1
	case k > n:
		return 0
	}
	return mathext.RegIncBeta(float64(k), float64(n-k+1), p)
}

// BinomTest is the exact two-sided binomial test of x successes in n trials against the
// success probability p, with the p-value defined as R's binom.test defines it: the
// probability of every outcome no more likely than x, with R's relative tolerance 1e-7
// (R: binom.test(x, n, p)$p.value). The probability mass function is unimodal, so the
// outcomes on the far side are found by bisection; the test stays fast for millions of
// games. n ≤ 0 gives 1.
func BinomTest(x, n int64, p float64) float64 {
	if n <= 0 {
		return 1
	}
	switch p {
	case 0:
		return b2f(x == 0)
	case 1:
		return b2f(x == n)
	}
	const logRelErr = 1e-7 // log(1 + 1e-7), to the precision that matters
	d := binomLogPMF(x, n, p) + logRelErr
	m := float64(n) * p
	switch {
	case float64(x) == m:
		return 1
	case float64(x) < m:
		// Outcomes ceil(m)..n: the pmf decreases; find the first j with pmf(j) ≤ d.
		lo, hi := int64(math.Ceil(m)), n+1
		for lo < hi {
			mid := lo + (hi-lo)/2
			if binomLogPMF(mid, n, p) <= d {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		return math.Min(1, binomCDF(x, n, p)+binomSF(lo, n, p))
	default:
		// Outcomes 0..floor(m): the pmf increases; find the last j with pmf(j) ≤ d.
		lo, hi := int64(-1), int64(math.Floor(m))
		for lo < hi {
			mid := lo + (hi-lo+1)/2
			if binomLogPMF(mid, n, p) <= d {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		return math.Min(1, binomCDF(lo, n, p)+binomSF(x, n, p))
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// SignTest is the exact two-sided sign test of wins against losses (ties dropped): the
// binomial test of wins successes in wins+losses trials against 1/2 (Conover 1999,
// Practical Nonparametric Statistics, sec. 3.4; R: binom.test(wins, wins + losses,
// 0.5)$p.value).
func SignTest(wins, losses int64) float64 { return BinomTest(wins, wins+losses, 0.5) }
