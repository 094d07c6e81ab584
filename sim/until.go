package sim

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"dragonlab/engine"
)

// Sequential stopping (--until halfwidth=h). The run checks, at every block boundary,
// whether every seat's win share is known to within ±h, using an anytime-valid confidence
// sequence: a bound that holds at all game counts simultaneously with probability 1-α, so
// looking at the results as the run goes does not break the coverage (a fixed-n Wilson
// interval checked again and again would).
//
// The sequence is the two-sided normal-mixture boundary for sub-Gaussian sums
// (Robbins 1970; Howard, Ramdas, McAuliffe & Sekhon 2021, "Time-uniform, nonparametric,
// nonasymptotic confidence sequences", Ann. Statist. 49(2), eq. (14)): per-game win shares
// lie in [0, 1], so they are sub-Gaussian with variance proxy σ² = 1/4, and with V = σ²n,
//
//	|S_n − nμ| ≤ sqrt( 2 (V + ρ) · ln( sqrt((V + ρ)/ρ) / α ) )   for all n, w.p. ≥ 1 − α.
//
// The mixture width ρ is tuned so that the bound is tightest near the game count the
// target needs, which keeps it within ~20% of the fixed-n interval there.

// StopRule is a parsed --until rule.
type StopRule struct {
	HalfWidth float64 // target half-width of every seat's interval, in share units
	Alpha     float64 // 1 - confidence
	rho       float64
}

// ParseStopRule reads "halfwidth=0.005" (optionally ",alpha=0.05").
func ParseStopRule(spec string) (StopRule, error) {
	r := StopRule{Alpha: 0.05}
	seen := false
	for _, kv := range strings.Split(spec, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok {
			return r, fmt.Errorf("malformed --until %q: want halfwidth=H[,alpha=A]", spec)
		}
		f, err := engine.ParseFinite("--until "+k, v)
		if err != nil {
			return r, err
		}
		switch k {
		case "halfwidth":
			if f <= 0 || f >= 0.5 {
				return r, fmt.Errorf("--until halfwidth=%v: want a number between 0 and 0.5", v)
			}
			r.HalfWidth, seen = f, true
		case "alpha":
			if f <= 0 || f >= 0.5 {
				return r, fmt.Errorf("--until alpha=%v: want a number between 0 and 0.5", v)
			}
			r.Alpha = f
		default:
			return r, fmt.Errorf("--until: unknown key %q (valid: halfwidth, alpha)", k)
		}
	}
	if !seen {
		return r, fmt.Errorf("--until %q: halfwidth=H is required", spec)
	}
	r.rho = tuneRho(r.HalfWidth, r.Alpha)
	return r, nil
}

// String is the rule's canonical text, recorded in results and checkpoints.
func (r StopRule) String() string {
	return "halfwidth=" + strconv.FormatFloat(r.HalfWidth, 'g', -1, 64) + ",alpha=" + strconv.FormatFloat(r.Alpha, 'g', -1, 64)
}

const sigma2 = 0.25 // variance proxy of a [0, 1] variable

// tuneRho picks the mixture width that makes the bound tightest at the game count where
// the fixed-n normal interval would reach half-width h (Howard et al. 2021, sec. 3.5).
func tuneRho(h, alpha float64) float64 {
	la := math.Log(1 / alpha)
	n0 := sigma2 * 2 * la / (h * h)
	return sigma2 * n0 / (2*la + math.Log(1+2*la))
}

// HalfWidthAt is the confidence sequence's half-width for a mean of n games.
func (r StopRule) HalfWidthAt(n int64) float64 {
	if n <= 0 {
		return math.Inf(1)
	}
	v := sigma2*float64(n) + r.rho
	return math.Sqrt(2*v*math.Log(math.Sqrt(v/r.rho)/r.Alpha)) / float64(n)
}

// Reached reports whether every seat's and every agent's win share is known to within
// the target half-width.
func (r StopRule) Reached(a Aggregate) bool {
	for _, ts := range [][]Tally{a.Seats, a.Agents} {
		for _, t := range ts {
			if r.HalfWidthAt(t.Games) > r.HalfWidth {
				return false
			}
		}
	}
	return len(a.Seats) > 0
}
