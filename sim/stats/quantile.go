package stats

import (
	"math"

	"dragonlab/sim"
)

// Quantile is the p-quantile of sorted values by R's default definition (Hyndman & Fan
// 1996, "Sample quantiles in statistical packages", Am. Stat. 50:361–365, type 7): linear
// interpolation between the order statistics x_(k) and x_(k+1) at k = ⌊(n−1)p⌋ (from 0)
// (R: quantile(x, p)). No values give 0.
func Quantile(sorted []float64, p float64) float64 {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	pos := float64(n-1) * math.Min(math.Max(p, 0), 1)
	k := int(math.Floor(pos))
	if k+1 >= n {
		return sorted[n-1]
	}
	return sorted[k] + (pos-float64(k))*(sorted[k+1]-sorted[k])
}

// orderStat is the k-th smallest value (from 0) of a histogram with more than k values.
func orderStat(h sim.Hist, k int64) int64 {
	var cum int64
	for i, c := range h.Counts {
		cum += c
		if cum > k {
			return h.Lo + int64(i)
		}
	}
	return h.Lo + int64(len(h.Counts)) - 1
}

// HistQuantile is the p-quantile of a histogram's values, R type 7 as Quantile (R:
// quantile(x, p)). An empty histogram gives 0.
func HistQuantile(h sim.Hist, p float64) float64 {
	n := h.Total()
	if n == 0 {
		return 0
	}
	p = math.Min(math.Max(p, 0), 1)
	pos := float64(n-1) * p
	k := int64(math.Floor(pos))
	frac := pos - float64(k)
	lo := float64(orderStat(h, k))
	if frac == 0 || k+1 >= n {
		return lo
	}
	return lo + frac*(float64(orderStat(h, k+1))-lo)
}

// HistMax is the largest counted value of a histogram (0 if empty).
func HistMax(h sim.Hist) int64 {
	for i := len(h.Counts) - 1; i >= 0; i-- {
		if h.Counts[i] > 0 {
			return h.Lo + int64(i)
		}
	}
	return 0
}

// Quantiles are the 10%, 25%, 50%, 75% and 90% quantiles (R type 7) and the extremes of
// a distribution.
type Quantiles struct {
	Min, P10, P25, Median, P75, P90, Max float64
}

// HistQuantiles summarises a histogram (all 0 if empty).
func HistQuantiles(h sim.Hist) Quantiles {
	if h.Total() == 0 {
		return Quantiles{}
	}
	return Quantiles{
		Min: HistQuantile(h, 0), P10: HistQuantile(h, 0.1), P25: HistQuantile(h, 0.25),
		Median: HistQuantile(h, 0.5), P75: HistQuantile(h, 0.75), P90: HistQuantile(h, 0.9),
		Max: HistQuantile(h, 1),
	}
}
