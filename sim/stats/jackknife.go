package stats

import "math"

// Jackknife is the delete-one-group jackknife estimate of a statistic (Quenouille 1956,
// Tukey 1958): full is the statistic computed on every group, loo[g] the statistic with
// group g left out. The standard error is Efron & Stein's (1981),
// SE² = (G−1)/G · Σ_g (loo[g] − mean(loo))², and the interval full ± t(G−1)·SE, Student's
// t on G − 1 degrees of freedom for G groups (a batch-means interval: Efron & Tibshirani
// 1993, ch. 11). N = G, Method "jackknife". With fewer than two groups, or a statistic that
// is not a number, there is no interval (NaN bounds, Method "") and the standard error is
// NaN.
//
// The groups are whatever the data come in that keeps dependent observations together
// (dragonlab's luck accounting: batches of whole deals), so the interval is right for
// any smooth function of the groups' means.
func Jackknife(full float64, loo []float64) (e Estimate, se float64) {
	e = Estimate{Value: full, Lo: math.NaN(), Hi: math.NaN(), N: int64(len(loo))}
	g := float64(len(loo))
	if len(loo) < 2 || math.IsNaN(full) || math.IsInf(full, 0) {
		return e, math.NaN()
	}
	mean := 0.0
	for _, v := range loo {
		mean += v
	}
	mean /= g
	ss := 0.0
	for _, v := range loo {
		ss += (v - mean) * (v - mean)
	}
	if math.IsNaN(ss) || math.IsInf(ss, 0) {
		return e, math.NaN()
	}
	se = math.Sqrt((g - 1) / g * ss)
	half := TQuantile(g-1) * se
	e.Lo, e.Hi, e.Method = full-half, full+half, "jackknife"
	return e, se
}
