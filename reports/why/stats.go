package why

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"

	"dragonlab/reports"
	"dragonlab/sim"
)

// Estimate is a number with its 95% interval and the count behind it (games, deals or
// decisions, as its documentation says).
type Estimate struct {
	Value float64          `json:"value"`
	CI    reports.Interval `json:"ci"`
	N     int64            `json:"n"`
	// HasCI is false when the count is too small for an interval (a mean of fewer than
	// two values): CI is then [Value, Value] and says nothing.
	HasCI bool `json:"hasCI"`
}

// share is a win share x/n with its Wilson interval (R: prop.test(x, n, correct =
// FALSE)$conf.int); n = 0 gives 0 in [0, 1].
func share(x float64, n int64) Estimate { return shareDeff(x, n, 1) }

// shareDeff is share with a design effect deff ≥ 1: the n observations are worth n/deff
// independent ones (Kish 1965), so the interval is Wilson's at x/deff of n/deff.
func shareDeff(x float64, n int64, deff float64) Estimate {
	e := Estimate{N: n, CI: reports.Wilson(x/deff, float64(n)/deff), HasCI: true}
	if n > 0 {
		e.Value = math.Min(math.Max(x/float64(n), 0), 1)
	}
	return e
}

// meanEstimate is a mean of n values with its t interval from exact integer sums
// (reports.MeanCI; R: t.test(x)$conf.int), scaled by scale. Fewer than two values give no
// interval, none gives 0.
func meanEstimate(n, sum, sumSq int64, scale float64) Estimate {
	e := Estimate{N: n}
	if n <= 0 {
		return e
	}
	m := reports.MeanCI(n, sum, sumSq)
	e.Value = m.Mean * scale
	e.CI = reports.Interval{Lo: e.Value, Hi: e.Value}
	if n >= 2 && !math.IsNaN(m.CI.Lo) {
		e.CI = reports.Interval{Lo: m.CI.Lo * scale, Hi: m.CI.Hi * scale}
		e.HasCI = true
	}
	return e
}

// histSums gives the count, sum and sum of squares of the values of a histogram.
func histSums(h sim.Hist) (n, sum, sumSq int64) {
	for i, c := range h.Counts {
		v := h.Lo + int64(i)
		n += c
		sum += c * v
		sumSq += c * v * v
	}
	return n, sum, sumSq
}

// histMean is the mean of a histogram's values with its t interval, scaled.
func histMean(h sim.Hist, scale float64) Estimate {
	n, s, ss := histSums(h)
	return meanEstimate(n, s, ss, scale)
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

// HistQuantile is the p-quantile of a histogram's values by R's default definition
// (type 7: linear interpolation between the order statistics at (n−1)p; R: quantile(x,
// p)). An empty histogram gives 0.
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

// histMax is the largest counted value of a histogram (0 if empty).
func histMax(h sim.Hist) int64 {
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

// histQuantiles summarises a histogram.
func histQuantiles(h sim.Hist) Quantiles {
	if h.Total() == 0 {
		return Quantiles{}
	}
	return Quantiles{
		Min: HistQuantile(h, 0), P10: HistQuantile(h, 0.1), P25: HistQuantile(h, 0.25),
		Median: HistQuantile(h, 0.5), P75: HistQuantile(h, 0.75), P90: HistQuantile(h, 0.9),
		Max: HistQuantile(h, 1),
	}
}

// Quantile is the p-quantile of sorted values, R type 7 (0 for none).
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

// Diff is a difference of two win shares, p1 − p2, with its 95% interval and the
// two-sided p-value of a test that it is zero.
type Diff struct {
	Value float64          `json:"value"`
	CI    reports.Interval `json:"ci"`
	P     float64          `json:"p"`
	// Tested is false when either side has no games: Value is then 0, CI [−1, 1], P 1.
	Tested bool `json:"tested"`
}

// NewcombeDiff is the difference of two independent proportions x1/n1 − x2/n2 with
// Newcombe's hybrid score interval (Newcombe 1998, "Interval estimation for the
// difference between independent proportions: comparison of eleven methods", Statistics
// in Medicine 17:873–890, method 10): from the Wilson intervals [l1, u1] and [l2, u2] of
// the two proportions, [d − √((p1−l1)² + (u2−p2)²), d + √((u1−p1)² + (p2−l2)²)]. It keeps
// within [−1, 1], behaves at 0% and 100%, and needs no continuity correction. The p-value
// is the pooled two-sample score test (R: prop.test(c(x1, x2), c(n1, n2), correct =
// FALSE)$p.value). x may be fractional (shared wins).
func NewcombeDiff(x1 float64, n1 int64, x2 float64, n2 int64) Diff {
	return newcombeDeff(x1, n1, x2, n2, 1)
}

// newcombeDeff is NewcombeDiff with a design effect deff ≥ 1 on both samples (see
// shareDeff): the intervals and the test use n/deff effective observations.
func newcombeDeff(x1 float64, n1 int64, x2 float64, n2 int64, deff float64) Diff {
	if n1 <= 0 || n2 <= 0 {
		return Diff{CI: reports.Interval{Lo: -1, Hi: 1}, P: 1}
	}
	a, b := shareDeff(x1, n1, deff), shareDeff(x2, n2, deff)
	d := a.Value - b.Value
	lo := d - math.Hypot(a.Value-a.CI.Lo, b.CI.Hi-b.Value)
	hi := d + math.Hypot(a.CI.Hi-a.Value, b.Value-b.CI.Lo)
	return Diff{
		Value: d, CI: reports.Interval{Lo: math.Max(lo, -1), Hi: math.Min(hi, 1)},
		P: propDiffP(a.Value, float64(n1)/deff, b.Value, float64(n2)/deff), Tested: true,
	}
}

// propDiffP is the two-sided pooled score test of p1 = p2 (R: prop.test(c(x1, x2), c(n1,
// n2), correct = FALSE)$p.value). When the pooled share is 0 or 1 both samples agree
// perfectly and p = 1 (R gives NaN there).
func propDiffP(p1, n1, p2, n2 float64) float64 {
	pool := (p1*n1 + p2*n2) / (n1 + n2)
	v := pool * (1 - pool) * (1/n1 + 1/n2)
	if !(v > 0) {
		return 1
	}
	z := (p1 - p2) / math.Sqrt(v)
	return math.Erfc(math.Abs(z) / math.Sqrt2)
}

// tTwoSided is the two-sided p-value of a t statistic with df degrees of freedom.
func tTwoSided(t, df float64) float64 {
	if math.IsNaN(t) || df <= 0 {
		return 1
	}
	return 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Survival(math.Abs(t))
}

// z95 is the 97.5% quantile of the standard normal distribution.
var z95 = distuv.UnitNormal.Quantile(1 - (1-reports.Level)/2)

// tQuantile is the 97.5% quantile of Student's t with df degrees of freedom.
func tQuantile(df float64) float64 {
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Quantile(1 - (1-reports.Level)/2)
}

// holmInto sets out[i] to the Holm-adjusted p of ps[i] (reports.Holm) for the indices
// tested; the others get 1. It returns the family size.
func holmInto(ps []float64, tested []bool, out []float64) int {
	var idx []int
	var fam []float64
	for i, ok := range tested {
		out[i] = 1
		if ok {
			idx = append(idx, i)
			fam = append(fam, ps[i])
		}
	}
	for k, p := range reports.Holm(fam) {
		out[idx[k]] = p
	}
	return len(fam)
}

// sortedKeys is the keys of a map in order.
func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
