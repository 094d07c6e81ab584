package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Level is the confidence level of every interval and Alpha the significance level of
// every test (after Holm's adjustment).
const (
	Level = 0.95
	Alpha = 0.05
)

// Z95 is the standard normal quantile of a two-sided interval at Level, 1.959963984540054
// (R: qnorm(0.975)), as gonum computes it: 1.9599639845400536.
var Z95 = ZTwoSided(Level)

// Z95Literal is qnorm(0.975) as R prints it, 1.959963984540054: the float64 two units in
// the last place above Z95. The designer's report (its seat advantages, Elo differences
// and lever offsets) has always used it; changing it to Z95 would change the last digits
// of numbers in its summary.json.
const Z95Literal = 1.959963984540054

// ZTwoSided is the standard normal quantile of a two-sided interval at level
// (R: qnorm(1 - (1 - level)/2)).
func ZTwoSided(level float64) float64 { return distuv.UnitNormal.Quantile(1 - (1-level)/2) }

// ZOneSided is the standard normal quantile of a one-sided bound at level (R: qnorm(level)).
func ZOneSided(level float64) float64 { return distuv.UnitNormal.Quantile(level) }

// TQuantile is the quantile of Student's t with df degrees of freedom for a two-sided
// interval at Level (R: qt(0.975, df)).
func TQuantile(df float64) float64 {
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Quantile(1 - (1-Level)/2)
}

// Estimate is a number estimated from data: its point value, its interval [Lo, Hi] at
// Level, the count behind it (games, deals or decisions, as the estimator says) and the
// method of the interval ("wilson", "t", "newcombe", …).
//
// Method is "" when no interval was computed (too few values, nothing tested); Lo and Hi
// are then NaN unless the estimator documents other bounds (a share of nothing is in
// [0, 1]).
//
// In JSON an Estimate is written as its interval alone, {"lo": …, "hi": …}: that is the
// shape of every "ci" field of the summaries, which write the point value under a name of
// their own. reports/doc.Estimate writes {"value", "lo", "hi"}.
//
// SE and SD are set by the estimators that give them (MeanSE; 0 otherwise): the standard
// error, for a normal interval at any level (Normal), and the standard deviation of one
// value, for the standard error a sample of another size would have. tune's search ranks
// candidates with them at several levels at once.
type Estimate struct {
	Value  float64 `json:"-"`
	Lo     float64 `json:"lo"`
	Hi     float64 `json:"hi"`
	N      int64   `json:"-"`
	Method string  `json:"-"`
	SE     float64 `json:"-"`
	SD     float64 `json:"-"`
}

// HasInterval reports whether an interval was computed.
func (e Estimate) HasInterval() bool { return e.Method != "" }

// Contains reports whether v lies in the interval (false when a bound is NaN).
func (e Estimate) Contains(v float64) bool { return e.Lo <= v && v <= e.Hi }

// Excludes reports whether the interval lies wholly above or below v (false when a bound
// is NaN).
func (e Estimate) Excludes(v float64) bool { return e.Lo > v || e.Hi < v }

// Shift moves the value and the interval by d.
func (e Estimate) Shift(d float64) Estimate {
	e.Value, e.Lo, e.Hi = e.Value+d, e.Lo+d, e.Hi+d
	return e
}

// Scale multiplies the value and the interval by k > 0.
func (e Estimate) Scale(k float64) Estimate {
	e.Value, e.Lo, e.Hi = e.Value*k, e.Lo*k, e.Hi*k
	return e
}

// Negate is the estimate of −value: the interval turned round.
func (e Estimate) Negate() Estimate {
	e.Value, e.Lo, e.Hi = -e.Value, -e.Hi, -e.Lo
	return e
}

// HalfWidth is half the interval's width.
func (e Estimate) HalfWidth() float64 { return (e.Hi - e.Lo) / 2 }

// Reach is the largest distance of a bound from 0: the largest effect either way that
// the interval allows.
func (e Estimate) Reach() float64 { return math.Max(math.Abs(e.Lo), math.Abs(e.Hi)) }

// Normal is the estimate v with the Wald interval v ± z·se (z = Z95 for Level).
func Normal(v, se, z float64) Estimate {
	return Estimate{Value: v, Lo: v - z*se, Hi: v + z*se, Method: "normal"}
}

// MoreGames is about how many more games would bring an interval of half-width half to
// target, from n games: intervals shrink as 1/√n, so n·((half/target)² − 1). 0 when the
// interval is within the target already: the question is settled. It is the one rule
// behind every "settled" and "not settled" of a report.
func MoreGames(n int64, half, target float64) int64 {
	if n <= 0 || !(half > target) || !(target > 0) || math.IsNaN(half) {
		return 0
	}
	r := half / target
	return int64(math.Ceil(float64(n) * (r*r - 1)))
}
