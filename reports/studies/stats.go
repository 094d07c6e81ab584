// Package studies analyses the multi-run studies of dragonlab — tournaments with
// Bradley–Terry ratings, skill ladders, rule-variant sweeps — and renders their charts
// (PNG and SVG with gonum/plot) and reports (a multi-page PDF, summary.md, summary.json).
//
// It is pure: it reads sim results (the standard results format) and never plays a game;
// the commands in cmd/dragonlab play the runs and hand the results over.
//
// Seats are numbered from 0 everywhere (seat 0 moves first), as in the rules, the
// reports package and sim.
//
// The statistics shared with single-run reports (Wilson intervals, the binomial and score
// tests, Holm's adjustment, t intervals) are those of the reports package; this package
// adds the ones only studies need.
package studies

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"

	"dragonlab/reports"
	"dragonlab/sim"
)

// Level is the confidence level of the two-sided intervals (that of the reports package),
// and LadderLevel the level of the one-sided lower bound used by the skill ladder.
const (
	Level       = reports.Level
	LadderLevel = 0.90
	// SkillThreshold is the head-to-head win share that a rung's lower bound must exceed
	// to count as a level of skill.
	SkillThreshold = 0.55
)

// zTwoSided is the standard normal quantile for a two-sided interval at level.
func zTwoSided(level float64) float64 { return distuv.UnitNormal.Quantile(1 - (1-level)/2) }

// zOneSided is the standard normal quantile for a one-sided bound at level.
func zOneSided(level float64) float64 { return distuv.UnitNormal.Quantile(level) }

// SignTest is the exact two-sided sign test of wins against losses (ties dropped): the
// binomial test of wins successes in wins+losses trials against 1/2, with R's two-sided
// p-value (R: binom.test(wins, wins + losses, 0.5)$p.value).
func SignTest(wins, losses int64) float64 {
	return reports.BinomTest(wins, wins+losses, 0.5)
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
	Wins  float64          `json:"wins"`  // wins alone plus 1/k per k-way shared win
	Games int64            `json:"games"` // games played
	Share float64          `json:"share"` // Wins / Games
	SE    float64          `json:"se"`    // standard error of Share
	CI    reports.Interval `json:"ci"`    // 95% Wilson interval
}

// NewShare summarises x wins (fractional for shared wins) in n independent games: the
// 95% Wilson interval, and the Agresti–Coull standard error sqrt(p̃(1−p̃)/(n+4)) with
// p̃ = (x+2)/(n+4), which stays positive when every game was won or lost (Agresti &
// Coull 1998), for the regressions that weight by it.
func NewShare(x float64, n int64) Share {
	s := Share{Wins: x, Games: n, CI: reports.Wilson(x, float64(n))}
	if n > 0 {
		s.Share = x / float64(n)
	}
	pt := (x + 2) / (float64(n) + 4)
	s.SE = math.Sqrt(pt * (1 - pt) / (float64(n) + 4))
	return s
}

// firstSeat is every seat's win share in one run and the first seat's advantage: its
// share minus the fair share, with the Wilson interval shifted by it and the score test
// against it (R: prop.test(x, n, p, correct = FALSE)).
type firstSeat struct {
	Seats     []Share
	Advantage float64
	CI        reports.Interval
	P         float64
}

func firstSeatOf(r *sim.Result, fair float64) firstSeat {
	var f firstSeat
	for _, t := range r.Aggregate.Seats {
		f.Seats = append(f.Seats, NewShare(t.WinShare(), t.Games))
	}
	s0 := f.Seats[0]
	f.Advantage = s0.Share - fair
	f.CI = s0.CI.Shift(-fair)
	_, f.P = reports.PropZTest(s0.Wins, float64(s0.Games), fair)
	return f
}

// MeanStat is a sample mean with its 95% Student t interval, in a form JSON can hold.
type MeanStat struct {
	N    int64            `json:"n"`
	Mean float64          `json:"mean"`
	SD   float64          `json:"sd"`
	CI   reports.Interval `json:"ci"`
}

// NewMean computes the mean, the sample standard deviation and the 95% t interval of n
// values from their sum and sum of squares with reports.MeanCI (R: t.test(x)$conf.int).
// JSON has no NaN: with no values everything is 0, with one the standard deviation is 0
// and the interval is the mean itself.
func NewMean(n, sum, sumSq int64) MeanStat {
	m := MeanStat{N: n}
	if n <= 0 {
		return m
	}
	r := reports.MeanCI(n, sum, sumSq)
	m.Mean = r.Mean
	m.CI = reports.Interval{Lo: r.Mean, Hi: r.Mean}
	if n < 2 {
		return m
	}
	m.SD, m.CI = r.SD, r.CI
	return m
}
