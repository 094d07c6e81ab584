package stats

import (
	"math"

	"dragonlab/sim"
)

// ClusterRatio is the mean of observations that come in independent clusters — the seats
// of one deal (component values by substitution), the decisions of one game (decision
// values) — from their exact integer sums (sim.ClusterSums: per cluster i, m_i
// observations adding up to t_i), multiplied by scale (1/60 for sixtieths of a win):
//
//	r = Σt_i / Σm_i,   Var(r) = n/(n−1) · Σ(t_i − r·m_i)² / (Σm_i)²,
//
// the ratio estimator with its linearized (delta-method) variance (Cochran, Sampling
// Techniques, 3rd ed. 1977, §6.4; the cluster-robust variance of a mean, as R's
// survey::svymean(~x, svydesign(ids = ~cluster, data = d)) gives it), and Student's t
// interval with n − 1 degrees of freedom, n the clusters (those without an observation
// included: they are part of the sample). N = Σm_i, Method "cluster t". Observations of
// one cluster may be correlated in any way. With no observation the value is NaN; when
// every observation lies in one cluster (one deal, one game: Σm_i² = (Σm_i)²) there is no
// interval (NaN bounds, Method "") — nothing says how clusters vary.
func ClusterRatio(c sim.ClusterSums, scale float64) Estimate {
	e := Estimate{Value: math.NaN(), Lo: math.NaN(), Hi: math.NaN(), N: c.N}
	if c.N <= 0 {
		return e
	}
	e.Value = c.Mean() * scale
	if !spread(c) {
		return e
	}
	half := TQuantile(float64(c.Clusters-1)) * c.SE() * math.Abs(scale)
	e.Lo, e.Hi, e.Method = e.Value-half, e.Value+half, "cluster t"
	return e
}

// ClusterRatioP is the two-sided p-value of the ratio mean being 0: the t statistic
// r/SE(r) with n − 1 degrees of freedom (R: the survey design's svyttest). A mean of
// exactly 0 gives 1; a non-zero mean with no spread at all gives 0; no observation, or
// every one in a single cluster, gives 1 (no test).
func ClusterRatioP(c sim.ClusterSums) float64 {
	if !spread(c) || c.Sum == 0 {
		return 1
	}
	se := c.SE()
	if se == 0 {
		return 0
	}
	return TTwoSided(c.Mean()/se, float64(c.Clusters-1))
}

// spread reports whether the observations lie in two clusters or more (Σm_i² < (Σm_i)²).
func spread(c sim.ClusterSums) bool {
	return c.N > 0 && c.Clusters >= 2 && float64(c.NSq) < float64(c.N)*float64(c.N)
}
