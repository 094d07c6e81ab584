package stats

import (
	"math"
	"math/big"

	"dragonlab/sim"
)

// MeanStdDev is the mean and the sample standard deviation (n − 1 in the denominator) of
// n values given by their exact integer sum and sum of squares. The variance numerator
// n·Σx² − (Σx)² is computed exactly, so huge sums lose no precision. With no values the
// mean is NaN, with fewer than two the standard deviation (R: mean(x), sd(x)).
func MeanStdDev(n, sum, sumSq int64) (mean, sd float64) {
	if n <= 0 {
		return math.NaN(), math.NaN()
	}
	mean = float64(sum) / float64(n)
	if n < 2 {
		return mean, math.NaN()
	}
	num := new(big.Int).Mul(big.NewInt(n), big.NewInt(sumSq))
	num.Sub(num, new(big.Int).Mul(big.NewInt(sum), big.NewInt(sum)))
	den := new(big.Int).Mul(big.NewInt(n), big.NewInt(n-1))
	v, _ := new(big.Rat).SetFrac(num, den).Float64()
	return mean, math.Sqrt(math.Max(v, 0))
}

// MeanT is the mean of n values from their exact integer sum and sum of squares
// (MeanStdDev) with Student's t interval at Level, mean ± t(n−1)·s/√n (Student 1908;
// R: t.test(x)$conf.int); N = n, Method "t". With fewer than two values there is no
// interval (NaN bounds, Method ""), and with none the value is NaN too.
func MeanT(n, sum, sumSq int64) Estimate {
	mean, sd := MeanStdDev(n, sum, sumSq)
	e := Estimate{Value: mean, Lo: math.NaN(), Hi: math.NaN(), N: n}
	if n < 2 {
		return e
	}
	half := TQuantile(float64(n-1)) * sd / math.Sqrt(float64(n))
	e.Lo, e.Hi, e.Method = mean-half, mean+half, "t"
	return e
}

// HistMeanT is MeanT of the values of an integer histogram.
func HistMeanT(h sim.Hist) Estimate { return MeanT(HistSums(h)) }

// HistSums gives the count, sum and sum of squares of the values of an integer histogram.
func HistSums(h sim.Hist) (n, sum, sumSq int64) {
	for i, c := range h.Counts {
		v := h.Lo + int64(i)
		n += c
		sum += c * v
		sumSq += c * v * v
	}
	return n, sum, sumSq
}

// MeanSE is the mean of xs with its standard error and the standard deviation of one value
// (n − 1 in the denominator; both 0 for fewer than two values), N the values and no
// interval: the caller chooses the level (Normal with SE).
func MeanSE(xs []float64) Estimate {
	e := Estimate{Lo: math.NaN(), Hi: math.NaN(), N: int64(len(xs))}
	n := float64(len(xs))
	if n == 0 {
		return e
	}
	var s float64
	for _, x := range xs {
		s += x
	}
	e.Value = s / n
	var ss float64
	for _, x := range xs {
		ss += (x - e.Value) * (x - e.Value)
	}
	if n > 1 {
		e.SD = math.Sqrt(ss / (n - 1))
		e.SE = e.SD / math.Sqrt(n)
	}
	return e
}
