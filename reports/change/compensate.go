package change

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"dragonlab/reports/format"
	"dragonlab/sim/stats"
)

// Compensation: the value of a numeric rules parameter that makes the seats fair, i.e.
// where seat 0's win share minus the fair share crosses zero.
//
// Two estimators, chosen by a lack-of-fit test of a straight line:
//
//   - line: weighted least squares of the advantage d on the value x (weights 1/se²),
//     d = α + βx; the fair value is x* = −α/β with the delta-method standard error
//     se(x*)² = (Var α + x*² Var β + 2x* Cov(α,β)) / β² and a Wald 95% interval. Used when
//     the line fits (lack-of-fit chi-square p ≥ 0.05, or only two values).
//   - interpolation: linear interpolation between the two values that bracket the first
//     sign change of d; the interval inverts the 95% band: the values x where the band
//     interpolated linearly between the points' intervals contains 0 (the connected piece
//     around x*). Used when the curve bends.
//
// A parameter "moves" the advantage when the slope of the line differs from 0 (p < 0.05)
// or the curve is not flat (lack of fit p < 0.05).

// Compensation is the result for one parameter (and, in a two-parameter sweep, one value
// of the other).
type Compensation struct {
	Key string `json:"key"`
	At  string `json:"at,omitempty"` // "other=value" in a two-parameter sweep
	// The weighted straight line: slope per unit of the parameter, its standard error and
	// p-value, and the lack-of-fit test.
	Slope     float64         `json:"slope"`
	SlopeSE   float64         `json:"slopeSE"`
	SlopeP    float64         `json:"slopeP"`
	LackOfFit stats.ChiSquare `json:"lackOfFit"`
	Moves     bool            `json:"moves"`
	// Method is "line" or "interpolation" ("" when the parameter does not move the
	// advantage).
	Method string `json:"method,omitempty"`
	// Found: a fair value lies within the range of the values played.
	Found bool           `json:"found"`
	Value float64        `json:"value"`
	CI    stats.Estimate `json:"ci"`
	// OpenLo/OpenHi: the interval reaches the end of the values played (it may extend
	// beyond them).
	OpenLo bool `json:"openLo,omitempty"`
	OpenHi bool `json:"openHi,omitempty"`
	// Crossings lists every sign change of the interpolated curve (the first is Value);
	// empty for the line.
	Crossings []Crossing `json:"crossings,omitempty"`
	// Closest is, for an integer parameter, the value played whose advantage is nearest
	// to fair, with its advantage and 95% interval.
	Closest    *float64        `json:"closest,omitempty"`
	ClosestAdv float64         `json:"closestAdvantage,omitempty"`
	ClosestCI  *stats.Estimate `json:"closestCI,omitempty"`
	Text       string          `json:"text"`
}

// Crossing is one place where the interpolated advantage crosses zero.
type Crossing struct {
	Value   float64        `json:"value"`
	CI      stats.Estimate `json:"ci"`
	OpenLo  bool           `json:"openLo,omitempty"`
	OpenHi  bool           `json:"openHi,omitempty"`
	Between [2]float64     `json:"between"`
}

// Compensate estimates the fair value from the advantages d (seat 0's share minus the
// fair share) with standard errors se at the values x.
func Compensate(key string, x, d, se []float64) Compensation {
	c := Compensation{Key: key, SlopeP: 1, LackOfFit: stats.ChiSquare{P: 1}}
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return x[idx[a]] < x[idx[b]] })
	xs, ds, ses := make([]float64, len(x)), make([]float64, len(x)), make([]float64, len(x))
	for k, i := range idx {
		xs[k], ds[k], ses[k] = x[i], d[i], math.Max(se[i], 1e-12)
	}
	if len(xs) < 2 {
		c.Text = "at least two values are needed"
		return c
	}
	line := fitLine(xs, ds, ses)
	c.Slope, c.SlopeSE = line.beta, math.Sqrt(line.varB)
	c.SlopeP = stats.NormalP(c.Slope / c.SlopeSE)
	c.LackOfFit = line.lackOfFit
	c.Moves = c.SlopeP < 0.05 || c.LackOfFit.P < 0.05
	lo, hi := xs[0], xs[len(xs)-1]
	if !c.Moves {
		allFair := true
		z := stats.Z95
		for i := range ds {
			allFair = allFair && math.Abs(ds[i]) <= z*ses[i]
		}
		c.Text = fmt.Sprintf("%s does not measurably move the first-player advantage (slope %s per unit, %s)", key, format.PtsUnit(c.Slope), format.PTextFine(c.SlopeP))
		if allFair {
			c.Text += "; the seats are fair within error at every value played"
		}
		c.Text += "."
		return c
	}
	if len(xs) == 2 || c.LackOfFit.P >= 0.05 {
		c.Method = "line"
		xstar := -line.alpha / line.beta
		v := (line.varA + xstar*xstar*line.varB + 2*xstar*line.cov) / (line.beta * line.beta)
		c.Value, c.CI = xstar, stats.Normal(xstar, math.Sqrt(math.Max(v, 0)), stats.Z95)
		c.Found = xstar >= lo && xstar <= hi
		if c.Found {
			c.Text = fmt.Sprintf("%s = %s %s makes the seats fair (weighted line through seat 0's advantage, slope %s per unit, %s; delta-method 95%% interval).",
				key, format.Fixed2(xstar), format.IvFixed2(c.CI), format.PtsUnit(c.Slope), format.PTextFine(c.SlopeP))
		} else {
			c.Text = fmt.Sprintf("No value of %s in %s..%s makes the seats fair: the fitted line (slope %s per unit, %s) reaches fairness only at %s = %s %s, outside the values played.",
				key, format.Fixed2(lo), format.Fixed2(hi), format.PtsUnit(c.Slope), format.PTextFine(c.SlopeP), key, format.Fixed2(xstar), format.IvFixed2(c.CI))
		}
		return c
	}
	c.Method = "interpolation"
	z := stats.Z95
	bl, bh := make([]float64, len(xs)), make([]float64, len(xs))
	for k := range xs {
		bl[k], bh[k] = ds[k]-z*ses[k], ds[k]+z*ses[k]
	}
	for i := 0; i+1 < len(xs); i++ {
		a, b := ds[i], ds[i+1]
		if !(a == 0 || a*b < 0 || (i+2 == len(xs) && b == 0)) {
			continue
		}
		xstar := xs[i]
		switch {
		case a == 0:
		case b == 0:
			xstar = xs[i+1]
		default:
			xstar = xs[i] + (xs[i+1]-xs[i])*a/(a-b)
		}
		l, h, ol, oh := bandComponent(xs, bl, bh, xstar)
		c.Crossings = append(c.Crossings, Crossing{Value: xstar, CI: stats.Estimate{Value: xstar, Lo: l, Hi: h, Method: "band inversion"}, OpenLo: ol, OpenHi: oh, Between: [2]float64{xs[i], xs[i+1]}})
		if b == 0 {
			i++ // the next segment starts at the same zero
		}
	}
	if len(c.Crossings) == 0 {
		c.Text = fmt.Sprintf("No value of %s in %s..%s makes the seats fair: seat 0's advantage keeps its sign (from %s to %s).",
			key, format.Fixed2(lo), format.Fixed2(hi), format.PtsUnit(ds[0]), format.PtsUnit(ds[len(ds)-1]))
		return c
	}
	first := c.Crossings[0]
	c.Found, c.Value, c.CI, c.OpenLo, c.OpenHi = true, first.Value, first.CI, first.OpenLo, first.OpenHi
	var parts []string
	for _, x := range c.Crossings {
		parts = append(parts, fmt.Sprintf("%s %s, between %s and %s%s", format.Fixed2(x.Value), format.IvFixed2(x.CI), format.Fixed2(x.Between[0]), format.Fixed2(x.Between[1]), openNote(x.OpenLo, x.OpenHi)))
	}
	if len(parts) == 1 {
		c.Text = fmt.Sprintf("%s = %s makes the seats fair (interpolated; the interval is where the 95%% band contains fairness).", key, parts[0])
	} else {
		c.Text = fmt.Sprintf("The advantage changes sign %d times: %s is fair at %s (interpolated; each interval is where the 95%% band contains fairness).", len(parts), key, strings.Join(parts, "; and at "))
	}
	return c
}

func openNote(lo, hi bool) string {
	switch {
	case lo && hi:
		return "; the interval reaches both ends of the values played"
	case lo:
		return "; the interval reaches the smallest value played"
	case hi:
		return "; the interval reaches the largest value played"
	}
	return ""
}

type lineFit struct {
	alpha, beta              float64
	varA, varB, cov          float64
	lackOfFit                stats.ChiSquare
	sw, swx, swxx, swy, swxy float64
}

// fitLine is weighted least squares of y on x with weights 1/se² (known variances).
func fitLine(x, y, se []float64) lineFit {
	var f lineFit
	for i := range x {
		w := 1 / (se[i] * se[i])
		f.sw += w
		f.swx += w * x[i]
		f.swxx += w * x[i] * x[i]
		f.swy += w * y[i]
		f.swxy += w * x[i] * y[i]
	}
	det := f.sw*f.swxx - f.swx*f.swx
	if det <= 0 {
		f.varB = math.Inf(1)
		return f
	}
	f.beta = (f.sw*f.swxy - f.swx*f.swy) / det
	f.alpha = (f.swy - f.beta*f.swx) / f.sw
	f.varA, f.varB, f.cov = f.swxx/det, f.sw/det, -f.swx/det
	f.lackOfFit = stats.ChiSquare{DF: len(x) - 2, P: 1}
	if f.lackOfFit.DF > 0 {
		for i := range x {
			r := (y[i] - f.alpha - f.beta*x[i]) / se[i]
			f.lackOfFit.Stat += r * r
		}
		f.lackOfFit.P = stats.Chi2P(f.lackOfFit.Stat, f.lackOfFit.DF)
	}
	return f
}

// bandComponent finds the connected set of x (within [x_0, x_last]) around x0 where the
// band interpolated linearly between the points' bounds lo_i ≤ 0 ≤ hi_i contains zero.
// It reports whether the set reaches the ends of the range.
func bandComponent(x, lo, hi []float64, x0 float64) (a, b float64, openLo, openHi bool) {
	n := len(x)
	// seg is the part [s, e] (as fractions of segment i) where the band contains 0.
	seg := func(i int) (float64, float64, bool) {
		s1, e1, ok1 := nonPositive(lo[i], lo[i+1])
		s2, e2, ok2 := nonPositive(-hi[i], -hi[i+1])
		s, e := math.Max(s1, s2), math.Min(e1, e2)
		return s, e, ok1 && ok2 && s <= e
	}
	at := func(i int, t float64) float64 { return x[i] + t*(x[i+1]-x[i]) }
	k := 0 // the segment holding x0
	for k+2 < n && x0 > x[k+1] {
		k++
	}
	a, b = x0, x0
	// Walk right.
	for i := k; i+1 < n; i++ {
		s, e, ok := seg(i)
		if !ok || (i > k && s > 0) {
			break
		}
		b = math.Max(b, at(i, e))
		if e < 1 {
			break
		}
		if i+2 == n {
			openHi = true
		}
	}
	// Walk left.
	for i := k; i >= 0; i-- {
		s, e, ok := seg(i)
		if !ok || (i < k && e < 1) {
			break
		}
		a = math.Min(a, at(i, s))
		if s > 0 {
			break
		}
		if i == 0 {
			openLo = true
		}
	}
	return a, b, openLo, openHi
}

// nonPositive gives the part [s, e] of t ∈ [0, 1] where f0 + (f1−f0)t ≤ 0.
func nonPositive(f0, f1 float64) (float64, float64, bool) {
	switch {
	case f0 <= 0 && f1 <= 0:
		return 0, 1, true
	case f0 > 0 && f1 > 0:
		return 0, 0, false
	}
	r := f0 / (f0 - f1)
	if f0 <= 0 {
		return 0, r, true
	}
	return r, 1, true
}
