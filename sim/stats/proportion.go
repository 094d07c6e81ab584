package stats

import "math"

// Wilson is the Wilson score interval at Level of a proportion of x successes in n trials
// (Wilson 1927, "Probable inference, the law of succession, and statistical inference",
// JASA 22:209–212):
//
//	p̂ = x/n,  centre = (p̂ + z²/2n) / (1 + z²/n),  half = z·√(p̂(1−p̂)/n + z²/4n²) / (1 + z²/n)
//
// (R: prop.test(x, n, correct = FALSE)$conf.int). x may be fractional: a win shared k ways
// counts 1/k. With n = 0 nothing is known and the interval is [0, 1]. The value is p̂
// clamped to [0, 1] (0 for n = 0); N is left to the caller, since n may be an effective,
// fractional size.
func Wilson(x, n float64) Estimate { return WilsonZ(x, n, Z95) }

// WilsonZ is the Wilson score interval at the standard normal quantile z: Z95 gives the
// two-sided interval at Level, ZOneSided(L) a one-sided bound at L. n may be fractional
// (an effective sample size); x/n is clamped to [0, 1]. n ≤ 0 (or NaN) gives [0, 1].
func WilsonZ(x, n, z float64) Estimate {
	if !(n > 0) {
		return Estimate{Lo: 0, Hi: 1, Method: "wilson"}
	}
	p := math.Min(math.Max(x/n, 0), 1)
	z2 := z * z
	denom := 1 + z2/n
	center := (p + z2/(2*n)) / denom
	half := z * math.Sqrt(p*(1-p)/n+z2/(4*n*n)) / denom
	e := Estimate{Value: p, Lo: math.Max(0, center-half), Hi: math.Min(1, center+half), Method: "wilson"}
	if p <= 0 {
		e.Lo = 0 // exactly, not a rounding error above it
	}
	if p >= 1 {
		e.Hi = 1
	}
	return e
}

// Share is a share of x successes (fractional for shared wins) in n observations worth
// n/deff independent ones, deff ≥ 1 being the design effect of correlated observations
// (Kish 1965, Survey Sampling, sec. 8.2): the value x/n clamped to [0, 1] (0 for n = 0),
// the Wilson interval at x/deff successes in n/deff trials, and N = n.
func Share(x float64, n int64, deff float64) Estimate {
	e := Wilson(x/deff, float64(n)/deff)
	e.Value, e.N = 0, n
	if n > 0 {
		e.Value = math.Min(math.Max(x/float64(n), 0), 1)
	}
	return e
}

// AgrestiCoullSE is the standard error √(p̃(1−p̃)/(n+4)) of a share of x in n with
// p̃ = (x+2)/(n+4) (Agresti & Coull 1998, "Approximate is better than 'exact' for interval
// estimation of binomial proportions", Am. Stat. 52:119–126): it stays positive when
// every game was won or lost, for regressions that weight by it.
func AgrestiCoullSE(x float64, n int64) float64 {
	pt := (x + 2) / (float64(n) + 4)
	return math.Sqrt(pt * (1 - pt) / (float64(n) + 4))
}

// NewcombeDiff is the difference of two independent proportions x1/n1 − x2/n2, each of
// whose n observations is worth 1/deff of an independent one (deff ≥ 1; 1 for
// independent observations), with Newcombe's hybrid score interval (Newcombe 1998,
// "Interval estimation for the difference between independent proportions: comparison
// of eleven methods", Statistics in Medicine 17:873–890, method 10): from the Wilson
// intervals [l1, u1] and [l2, u2] of the two proportions (see Share),
//
//	[d − √((p1−l1)² + (u2−p2)²), d + √((u1−p1)² + (p2−l2)²)],
//
// kept within [−1, 1]. It behaves at 0% and 100% and needs no continuity correction.
// The p-value is the pooled two-sample score test (PropDiffP) at the effective sizes.
// x may be fractional (shared wins). When either side has no observations nothing is
// tested: the value is 0, the interval [−1, 1], Method "" and p 1.
func NewcombeDiff(x1 float64, n1 int64, x2 float64, n2 int64, deff float64) (d Estimate, p float64) {
	if n1 <= 0 || n2 <= 0 {
		return Estimate{Lo: -1, Hi: 1}, 1
	}
	a, b := Share(x1, n1, deff), Share(x2, n2, deff)
	v := a.Value - b.Value
	lo := v - math.Hypot(a.Value-a.Lo, b.Hi-b.Value)
	hi := v + math.Hypot(a.Hi-a.Value, b.Value-b.Lo)
	d = Estimate{Value: v, Lo: math.Max(lo, -1), Hi: math.Min(hi, 1), Method: "newcombe"}
	return d, PropDiffP(a.Value, float64(n1)/deff, b.Value, float64(n2)/deff)
}

// PropDiffP is the two-sided pooled score test of p1 = p2 for shares p1 and p2 of n1 and
// n2 observations: z = (p1 − p2)/√(p̄(1−p̄)(1/n1 + 1/n2)) with p̄ the pooled share, whose
// square is Pearson's chi-square of the 2×2 table (Agresti 2002, Categorical Data
// Analysis, sec. 3.1; R: prop.test(c(x1, x2), c(n1, n2), correct = FALSE)$p.value). When the pooled share is
// 0 or 1 both samples agree perfectly and p = 1 (R gives NaN there).
func PropDiffP(p1, n1, p2, n2 float64) float64 {
	pool := (p1*n1 + p2*n2) / (n1 + n2)
	v := pool * (1 - pool) * (1/n1 + 1/n2)
	if !(v > 0) {
		return 1
	}
	return NormalP((p1 - p2) / math.Sqrt(v))
}

// PropZTest is the two-sided score test of a proportion x/n against p0 with the normal
// approximation, z = (x − n·p0)/√(n·p0(1−p0)) (R: prop.test(x, n, p0, correct = FALSE),
// whose statistic is z²). It is used where x is fractional (wins shared k ways count 1/k)
// and the exact test does not apply. n ≤ 0 or p0 outside (0, 1) gives z 0, p 1.
func PropZTest(x, n, p0 float64) (z, pValue float64) {
	if n <= 0 || p0 <= 0 || p0 >= 1 {
		return 0, 1
	}
	z = (x - n*p0) / math.Sqrt(n*p0*(1-p0))
	return z, NormalP(z)
}
