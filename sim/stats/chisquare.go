package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// ChiSquare is the result of a chi-square test: the statistic, its degrees of freedom and
// the upper-tail p-value; Slope is, for the trend test, the fitted change of the
// proportion per unit of score.
type ChiSquare struct {
	Stat  float64 `json:"stat"`
	DF    int     `json:"df"`
	P     float64 `json:"p"`
	Slope float64 `json:"slope,omitempty"`
}

// Chi2P is the upper tail P(X ≥ stat) of the chi-square distribution with df degrees of
// freedom (R: pchisq(stat, df, lower.tail = FALSE)); 1 for df < 1 or a NaN statistic.
func Chi2P(stat float64, df int) float64 {
	if df < 1 || math.IsNaN(stat) {
		return 1
	}
	return distuv.ChiSquared{K: float64(df)}.Survival(stat)
}

// ChiSquareGOF tests observed counts against expected shares (which need not sum to
// exactly 1; they are normalised) with Pearson's statistic Σ (o − e)²/e on k − 1 degrees
// of freedom (Pearson 1900; R: chisq.test(x, p = shares)). Counts may be fractional
// (shared wins). No counts, or fewer than two cells, give p 1.
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
	res.P = Chi2P(res.Stat, res.DF)
	return res
}

// PropTrend is the chi-square test for trend in proportions (Cochran 1954; Armitage
// 1955), as R computes it (R: prop.trend.test(x, n, score)): with f_i = x_i/n_i and
// p = Σx/Σn, the statistic is the regression sum of squares of f on the score with
// weights n_i/(p(1−p)), one degree of freedom; Slope is the weighted regression's slope.
// x may be fractional (shared wins).
func PropTrend(x, n, score []float64) ChiSquare {
	t := ChiSquare{DF: 1, P: 1}
	p, sn, ok := pooled(x, n)
	if !ok || len(x) < 2 {
		return t
	}
	var sns float64
	for i := range x {
		sns += n[i] * score[i]
	}
	sbar := sns / sn
	var sxy, sxx float64
	for i := range x {
		if n[i] <= 0 {
			continue
		}
		w := n[i] / (p * (1 - p))
		f := x[i] / n[i]
		sxy += w * (score[i] - sbar) * (f - p)
		sxx += w * (score[i] - sbar) * (score[i] - sbar)
	}
	if sxx <= 0 {
		return t
	}
	t.Stat = sxy * sxy / sxx
	t.P = Chi2P(t.Stat, 1)
	t.Slope = sxy / sxx
	return t
}

// PropHomogeneity is Pearson's chi-square test that k proportions are equal,
// Σ n_i(f_i − p)²/(p(1−p)) on k − 1 degrees of freedom (R: prop.test(x, n, correct =
// FALSE)).
func PropHomogeneity(x, n []float64) ChiSquare {
	t := ChiSquare{DF: len(x) - 1, P: 1}
	p, _, ok := pooled(x, n)
	if !ok || t.DF < 1 {
		return t
	}
	for i := range x {
		if n[i] > 0 {
			f := x[i] / n[i]
			t.Stat += n[i] * (f - p) * (f - p) / (p * (1 - p))
		}
	}
	t.P = Chi2P(t.Stat, t.DF)
	return t
}

// pooled is the pooled share p = Σx/Σn of k groups and Σn; ok is false when there are no
// trials or p is 0 or 1 (nothing varies: no test).
func pooled(x, n []float64) (p, sn float64, ok bool) {
	var sx float64
	for i := range x {
		sx += x[i]
		sn += n[i]
	}
	if sn <= 0 {
		return 0, sn, false
	}
	p = sx / sn
	return p, sn, p > 0 && p < 1
}
