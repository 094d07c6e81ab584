package change

import (
	"math"
	"strings"
	"testing"

	_ "dragonlab/engine/draco"
	"dragonlab/sim/stats"
	"dragonlab/sim/stats/statstest"
)

// A straight synthetic curve: d = 0.05 − 0.02x at x = 0..6 with se σ = 0.01 is fair at
// x* = 2.5. By hand, with equal weights (n = 7, Σx = 21, Σx² = 91, Δ = 7·91 − 21² = 196):
// Var α = 91σ²/196, Var β = 7σ²/196, Cov = −21σ²/196, so the delta method gives
// Var x* = (Var α + x*² Var β + 2x* Cov)/β² = (σ/β)²·(91 + 6.25·7 − 5·21)/196.
func TestCompensateLine(t *testing.T) {
	var x, d, se []float64
	for i := 6; i >= 0; i-- { // unsorted on purpose
		x = append(x, float64(i))
		d = append(d, 0.05-0.02*float64(i))
		se = append(se, 0.01)
	}
	c := Compensate("k", x, d, se)
	if c.Method != "line" || !c.Found || !c.Moves {
		t.Fatalf("%+v", c)
	}
	statstest.Near(t, "fair value", c.Value, 2.5, 1e-12)
	statstest.Near(t, "slope", c.Slope, -0.02, 1e-12)
	statstest.Near(t, "slope SE", c.SlopeSE, 0.01/math.Sqrt(28), 1e-12)
	h := stats.ZTwoSided(0.95) * math.Sqrt(0.25*29.75/196)
	statstest.Near(t, "lo", c.CI.Lo, 2.5-h, 1e-12)
	statstest.Near(t, "hi", c.CI.Hi, 2.5+h, 1e-12)
	if !strings.Contains(c.Text, "k = 2.50") {
		t.Errorf("text %q", c.Text)
	}
}

// A bent curve, crossing between 2 and 3: interpolation, and the interval where the
// interpolated band contains 0, found by hand: hi = d + z·se crosses 0 between 2 and 3,
// lo = d − z·se between 2 and 3 as well.
func TestCompensateInterpolation(t *testing.T) {
	x := []float64{0, 1, 2, 3, 4}
	d := []float64{0.08, 0.05, 0.01, -0.01, -0.02}
	se := []float64{0.002, 0.002, 0.002, 0.002, 0.002}
	c := Compensate("k", x, d, se)
	if c.Method != "interpolation" || !c.Found {
		t.Fatalf("%+v", c)
	}
	if c.LackOfFit.P >= 0.05 {
		t.Errorf("lack of fit p %v: the curve is bent", c.LackOfFit.P)
	}
	statstest.Near(t, "fair value", c.Value, 2.5, 1e-12)
	z := stats.ZTwoSided(0.95) * 0.002
	statstest.Near(t, "lo", c.CI.Lo, 2+(0.01-z)/0.02, 1e-12)
	statstest.Near(t, "hi", c.CI.Hi, 2+(0.01+z)/0.02, 1e-12)
	if c.OpenLo || c.OpenHi || len(c.Crossings) != 1 {
		t.Errorf("open ends %v %v, crossings %+v", c.OpenLo, c.OpenHi, c.Crossings)
	}
	// Wider errors: the same points fit a line (lack of fit p = 0.36). The band then spans
	// several segments, checked by hand: lo = d − z crosses 0 between 1 and 2, at
	// 1 + lo(1)/(lo(1) − lo(2)); hi = d + z between 3 and 4, at 3 + hi(3)/(hi(3) − hi(4)).
	se2 := []float64{0.01, 0.01, 0.01, 0.01, 0.01}
	z2 := stats.ZTwoSided(0.95) * 0.01
	a, b, ol, oh := bandComponent(x, sub(d, z2), add(d, z2), 2.5)
	statstest.Near(t, "band lo", a, 1+(0.05-z2)/0.04, 1e-12)
	statstest.Near(t, "band hi", b, 3+(-0.01+z2)/(z2-0.01-(-0.02+z2)), 1e-12)
	if ol || oh {
		t.Errorf("open %v %v", ol, oh)
	}
	if c2 := Compensate("k", x, d, se2); c2.Method != "line" {
		t.Errorf("method %q, want line (lack of fit p %v)", c2.Method, c2.LackOfFit.P)
	}
}

// A curve that changes sign twice: both crossings are reported, the first is the value.
func TestCompensateTwoCrossings(t *testing.T) {
	x := []float64{0, 1, 2, 3}
	d := []float64{0.03, -0.03, 0.06, 0.06}
	se := []float64{0.001, 0.001, 0.001, 0.001}
	c := Compensate("k", x, d, se)
	if c.Method != "interpolation" || len(c.Crossings) != 2 {
		t.Fatalf("%+v", c)
	}
	statstest.Near(t, "first", c.Crossings[0].Value, 0.5, 1e-12)
	statstest.Near(t, "second", c.Crossings[1].Value, 1+1.0/3, 1e-12)
	statstest.Near(t, "value", c.Value, 0.5, 1e-12)
	if !strings.Contains(c.Text, "changes sign 2 times") {
		t.Errorf("text %q", c.Text)
	}
}

func sub(d []float64, h float64) []float64 {
	out := make([]float64, len(d))
	for i := range d {
		out[i] = d[i] - h
	}
	return out
}

func add(d []float64, h float64) []float64 { return sub(d, -h) }

func TestCompensateNoFairValue(t *testing.T) {
	x := []float64{4, 5, 6, 7, 8}
	d := []float64{0.10, 0.08, 0.06, 0.04, 0.02}
	se := []float64{0.005, 0.005, 0.005, 0.005, 0.005}
	c := Compensate("handSize", x, d, se)
	if c.Found || c.Method != "line" || !strings.Contains(c.Text, "No value of handSize in 4.00..8.00") {
		t.Errorf("%+v", c)
	}
	statstest.Near(t, "extrapolated", c.Value, 9, 1e-12)
	// Flat and fair: the parameter does not move the advantage.
	flat := Compensate("k", x, []float64{0.001, -0.002, 0.0, 0.001, -0.001}, se)
	if flat.Moves || flat.Found || !strings.Contains(flat.Text, "fair within error") {
		t.Errorf("%+v", flat)
	}
}
