package studies

// TrendTest is a chi-square test on proportions across groups.
type TrendTest struct {
	Stat float64 `json:"stat"`
	DF   int     `json:"df"`
	P    float64 `json:"p"`
	// Slope is, for the trend test, the fitted change of the proportion per unit of score.
	Slope float64 `json:"slope,omitempty"`
}

// PropTrend is the chi-square test for trend in proportions (Cochran 1954; Armitage
// 1955), as R computes it (R: prop.trend.test(x, n, score)): with f_i = x_i/n_i and
// p = Σx/Σn, the statistic is the regression sum of squares of f on the score with
// weights n_i/(p(1−p)), one degree of freedom. x may be fractional (shared wins).
func PropTrend(x, n, score []float64) TrendTest {
	t := TrendTest{DF: 1, P: 1}
	var sx, sn, sns float64
	for i := range x {
		sx += x[i]
		sn += n[i]
		sns += n[i] * score[i]
	}
	if sn <= 0 || len(x) < 2 {
		return t
	}
	p := sx / sn
	if p <= 0 || p >= 1 {
		return t
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
	t.P = chi2P(t.Stat, 1)
	t.Slope = sxy / sxx
	return t
}

// PropHomogeneity is Pearson's chi-square test that k proportions are equal
// (R: prop.test(x, n, correct = FALSE)), k − 1 degrees of freedom.
func PropHomogeneity(x, n []float64) TrendTest {
	t := TrendTest{DF: len(x) - 1, P: 1}
	var sx, sn float64
	for i := range x {
		sx += x[i]
		sn += n[i]
	}
	if sn <= 0 || t.DF < 1 {
		return t
	}
	p := sx / sn
	if p <= 0 || p >= 1 {
		return t
	}
	for i := range x {
		if n[i] > 0 {
			f := x[i] / n[i]
			t.Stat += n[i] * (f - p) * (f - p) / (p * (1 - p))
		}
	}
	t.P = chi2P(t.Stat, t.DF)
	return t
}
