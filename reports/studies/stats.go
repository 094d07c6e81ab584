// Package studies analyses the multi-run studies of dragonlab — tournaments with
// Bradley–Terry ratings, skill ladders, rule-variant sweeps — and renders their charts
// (PNG and SVG with gonum/plot) and reports (a multi-page PDF, summary.md, summary.json).
//
// It is pure: it reads sim results (the standard results format) and never plays a game;
// the commands in cmd/dragonlab play the runs and hand the results over.
//
// Seats are numbered from 1 in the text of the reports (seat 1 moves first), as in the
// reports package; sim and this package's data structures number them from 0.
package studies

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/mathext"
	"gonum.org/v1/gonum/stat/distuv"
)

// Level is the confidence level of the two-sided intervals, and LadderLevel the level of
// the one-sided lower bound used by the skill ladder.
const (
	Level       = 0.95
	LadderLevel = 0.90
	// SkillThreshold is the head-to-head win share that a rung's lower bound must exceed
	// to count as a level of skill.
	SkillThreshold = 0.55
)

// Interval is a closed interval [Lo, Hi].
type Interval struct {
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
}

// Contains reports whether v lies in the interval.
func (iv Interval) Contains(v float64) bool { return iv.Lo <= v && v <= iv.Hi }

// zTwoSided is the standard normal quantile for a two-sided interval at level.
func zTwoSided(level float64) float64 { return distuv.UnitNormal.Quantile(1 - (1-level)/2) }

// zOneSided is the standard normal quantile for a one-sided bound at level.
func zOneSided(level float64) float64 { return distuv.UnitNormal.Quantile(level) }

// Wilson is the Wilson score interval for a proportion p̂ = x/n at normal quantile z
// (Wilson 1927; R: prop.test(x, n, correct = FALSE)$conf.int). n may be fractional (an
// effective sample size) and x fractional (shared wins). n ≤ 0 gives [0, 1].
func Wilson(x, n, z float64) Interval {
	if !(n > 0) {
		return Interval{0, 1}
	}
	p := math.Min(math.Max(x/n, 0), 1)
	z2 := z * z
	den := 1 + z2/n
	center := (p + z2/(2*n)) / den
	half := z * math.Sqrt(p*(1-p)/n+z2/(4*n*n)) / den
	iv := Interval{math.Max(0, center-half), math.Min(1, center+half)}
	if p <= 0 {
		iv.Lo = 0
	}
	if p >= 1 {
		iv.Hi = 1
	}
	return iv
}

// binomCDF is P(X ≤ k) for X ~ Binomial(n, p), accurate in the far tails.
func binomCDF(k, n int64, p float64) float64 {
	switch {
	case k < 0:
		return 0
	case k >= n:
		return 1
	}
	return mathext.RegIncBeta(float64(n-k), float64(k+1), 1-p)
}

// SignTest is the exact two-sided sign test of wins against losses (ties dropped): the
// binomial test of wins successes in wins+losses trials against 1/2, with R's two-sided
// p-value (R: binom.test(wins, wins + losses, 0.5)$p.value). For p = 1/2 the binomial is
// symmetric, so the p-value is twice the smaller tail, capped at 1.
func SignTest(wins, losses int64) float64 {
	n := wins + losses
	if n <= 0 || wins == losses {
		return 1
	}
	return math.Min(1, 2*binomCDF(min(wins, losses), n, 0.5))
}

// Holm adjusts p-values for multiple comparisons with Holm's step-down method
// (Holm 1979; R: p.adjust(p, method = "holm")), in the order of the input.
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
		run = math.Max(run, math.Min(1, float64(m-rank)*p[i]))
		out[i] = run
	}
	return out
}

// normalP is the two-sided p-value of a standard normal statistic z.
func normalP(z float64) float64 {
	if math.IsNaN(z) {
		return 1
	}
	return math.Erfc(math.Abs(z) / math.Sqrt2)
}

// chi2P is the upper tail of a chi-square statistic with df degrees of freedom.
func chi2P(stat float64, df int) float64 {
	if df < 1 || math.IsNaN(stat) {
		return 1
	}
	return distuv.ChiSquared{K: float64(df)}.Survival(stat)
}

// Share is a win share with its standard error and interval.
type Share struct {
	Wins  float64  `json:"wins"`  // wins alone plus 1/k per k-way shared win
	Games int64    `json:"games"` // games played
	Share float64  `json:"share"` // Wins / Games
	SE    float64  `json:"se"`    // standard error of Share
	CI    Interval `json:"ci"`    // 95% Wilson interval
}

// NewShare summarises x wins (fractional for shared wins) in n independent games: the
// 95% Wilson interval, and the Agresti–Coull standard error sqrt(p̃(1−p̃)/(n+4)) with
// p̃ = (x+2)/(n+4), which stays positive when every game was won or lost (Agresti &
// Coull 1998), for the regressions that weight by it.
func NewShare(x float64, n int64) Share {
	s := Share{Wins: x, Games: n, CI: Wilson(x, float64(n), zTwoSided(Level))}
	if n > 0 {
		s.Share = x / float64(n)
	}
	pt := (x + 2) / (float64(n) + 4)
	s.SE = math.Sqrt(pt * (1 - pt) / (float64(n) + 4))
	return s
}

// MeanStat is a sample mean with its 95% Student t interval.
type MeanStat struct {
	N    int64    `json:"n"`
	Mean float64  `json:"mean"`
	SD   float64  `json:"sd"`
	CI   Interval `json:"ci"`
}

// NewMean computes the mean, the sample standard deviation and the 95% t interval of n
// values from their sum and sum of squares (R: t.test(x)$conf.int).
func NewMean(n, sum, sumSq int64) MeanStat {
	m := MeanStat{N: n}
	if n <= 0 {
		return m
	}
	m.Mean = float64(sum) / float64(n)
	m.CI = Interval{m.Mean, m.Mean}
	if n < 2 {
		return m
	}
	v := (float64(sumSq) - float64(sum)*m.Mean) / float64(n-1)
	m.SD = math.Sqrt(math.Max(v, 0))
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile(1 - (1-Level)/2)
	half := t * m.SD / math.Sqrt(float64(n))
	m.CI = Interval{m.Mean - half, m.Mean + half}
	return m
}
