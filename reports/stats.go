// Package reports turns results files into statistics, charts and reports: a multi-page
// PDF, PNG and SVG charts, summary.md and summary.csv.
//
// Every interval is 95%. Seats are numbered from 0, as in the rules and sim (seat 0
// moves first).
package reports

import (
	"math"
	"math/big"
	"sort"

	"gonum.org/v1/gonum/mathext"
	"gonum.org/v1/gonum/stat/distuv"
)

// Level is the confidence level of every interval and Alpha the significance level of
// every test (after Holm's adjustment).
const (
	Level = 0.95
	Alpha = 0.05
)

// z95 is the standard normal quantile for a two-sided 95% interval (1.959964…).
var z95 = distuv.UnitNormal.Quantile(1 - (1-Level)/2)

// Interval is a closed interval [Lo, Hi].
type Interval struct {
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
}

// Contains reports whether v lies in the interval.
func (iv Interval) Contains(v float64) bool { return iv.Lo <= v && v <= iv.Hi }

// Shift moves the interval by d.
func (iv Interval) Shift(d float64) Interval { return Interval{iv.Lo + d, iv.Hi + d} }

// Wilson is the 95% Wilson score interval for a proportion of x successes in n trials
// (R: prop.test(x, n, correct = FALSE)$conf.int). x may be fractional: a win shared k ways
// counts 1/k. With n = 0 nothing is known and the interval is [0, 1].
func Wilson(x, n float64) Interval { return WilsonZ(x, n, z95) }

// WilsonZ is the Wilson score interval (Wilson 1927) at the standard normal quantile z:
// 1.959964… gives Wilson's two-sided 95% interval, the quantile at level L a one-sided
// bound at L. n may be fractional (an effective sample size); x/n is clamped to [0, 1].
// n ≤ 0 (or NaN) gives [0, 1].
func WilsonZ(x, n, z float64) Interval {
	if !(n > 0) {
		return Interval{0, 1}
	}
	p := math.Min(math.Max(x/n, 0), 1)
	z2 := z * z
	denom := 1 + z2/n
	center := (p + z2/(2*n)) / denom
	half := z * math.Sqrt(p*(1-p)/n+z2/(4*n*n)) / denom
	ci := Interval{math.Max(0, center-half), math.Min(1, center+half)}
	if p <= 0 {
		ci.Lo = 0 // exactly, not a rounding error above it
	}
	if p >= 1 {
		ci.Hi = 1
	}
	return ci
}

// Mean is a sample mean with its 95% Student t interval.
type Mean struct {
	N    int64
	Mean float64
	SD   float64  // sample standard deviation (n-1 in the denominator)
	CI   Interval // NaN bounds when N < 2
}

// MeanCI computes the mean, standard deviation and 95% t interval of n values from their
// exact integer sum and sum of squares (R: t.test(x)$conf.int). The variance numerator
// n·Σx² − (Σx)² is computed exactly, so huge sums lose no precision.
func MeanCI(n, sum, sumSq int64) Mean {
	m := Mean{N: n, CI: Interval{math.NaN(), math.NaN()}}
	if n <= 0 {
		m.Mean = math.NaN()
		m.SD = math.NaN()
		return m
	}
	m.Mean = float64(sum) / float64(n)
	if n < 2 {
		m.SD = math.NaN()
		return m
	}
	num := new(big.Int).Mul(big.NewInt(n), big.NewInt(sumSq))
	num.Sub(num, new(big.Int).Mul(big.NewInt(sum), big.NewInt(sum)))
	den := new(big.Int).Mul(big.NewInt(n), big.NewInt(n-1))
	v, _ := new(big.Rat).SetFrac(num, den).Float64()
	m.SD = math.Sqrt(math.Max(v, 0))
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile(1 - (1-Level)/2)
	half := t * m.SD / math.Sqrt(float64(n))
	m.CI = Interval{m.Mean - half, m.Mean + half}
	return m
}

// histSums gives the count, sum and sum of squares of an integer histogram whose first
// bin counts the value lo.
func histSums(lo int64, counts []int64) (n, sum, sumSq int64) {
	for i, c := range counts {
		v := lo + int64(i)
		n += c
		sum += c * v
		sumSq += c * v * v
	}
	return n, sum, sumSq
}

// binomLogPMF is log P(X = k) for X ~ Binomial(n, p).
func binomLogPMF(k, n int64, p float64) float64 {
	return distuv.Binomial{N: float64(n), P: p}.LogProb(float64(k))
}

// binomCDF is P(X ≤ k), accurate in the far tails.
func binomCDF(k, n int64, p float64) float64 {
	switch {
	case k < 0:
		return 0
	case k >= n:
		return 1
	}
	return mathext.RegIncBeta(float64(n-k), float64(k+1), 1-p)
}

// binomSF is P(X ≥ k), accurate in the far tails.
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
// probability of every outcome no more likely than x (with R's relative tolerance 1e-7).
// The probability mass function is unimodal, so the outcomes on the far side are found by
// bisection; the test stays fast for millions of games.
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

// PropZTest is the two-sided score test of a proportion x/n against p0 with the normal
// approximation (R: prop.test(x, n, p0, correct = FALSE), whose statistic is z²). It is
// used where x is fractional (wins shared k ways count 1/k) and the exact test does not
// apply.
func PropZTest(x, n, p0 float64) (z, pValue float64) {
	if n <= 0 || p0 <= 0 || p0 >= 1 {
		return 0, 1
	}
	z = (x - n*p0) / math.Sqrt(n*p0*(1-p0))
	return z, math.Erfc(math.Abs(z) / math.Sqrt2)
}

// ChiSquare is the result of a goodness-of-fit test.
type ChiSquare struct {
	Stat float64
	DF   int
	P    float64
}

// ChiSquareGOF tests observed counts against expected shares (which need not sum to
// exactly 1; they are normalised) with Pearson's chi-square statistic
// (R: chisq.test(x, p = shares)).
func ChiSquareGOF(observed, shares []float64) ChiSquare {
	var total, sumShares float64
	for i := range observed {
		total += observed[i]
		sumShares += shares[i]
	}
	res := ChiSquare{DF: len(observed) - 1, P: 1}
	if total <= 0 || res.DF < 1 {
		return res
	}
	for i, o := range observed {
		e := total * shares[i] / sumShares
		res.Stat += (o - e) * (o - e) / e
	}
	res.P = distuv.ChiSquared{K: float64(res.DF)}.Survival(res.Stat)
	return res
}

// Holm adjusts p-values for multiple comparisons with Holm's step-down method
// (R: p.adjust(p, method = "holm")). The result is in the order of the input.
func Holm(p []float64) []float64 {
	m := len(p)
	idx := make([]int, m)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return p[idx[a]] < p[idx[b]] })
	out := make([]float64, m)
	run := 0.0
	for rank, i := range idx {
		v := math.Min(1, float64(m-rank)*p[i])
		run = math.Max(run, v)
		out[i] = run
	}
	return out
}
