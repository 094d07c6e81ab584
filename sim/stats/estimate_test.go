package stats

import (
	"math"
	"testing"

	"dragonlab/sim/stats/statstest"
)

// Every expected value in this package's tests was computed once, outside Go, by the call
// written next to it: R 4.2 (Debian's r-base-core), or, where marked "mpmath", Python's
// mpmath 1.3 at 40 digits with the formula of the function's documentation (the R call
// that gives the same number is quoted too). The tests never run R or Python.

func TestQuantiles(t *testing.T) {
	statstest.NearRel(t, "Z95", Z95, 1.959963984540054, 1e-15)                          // qnorm(0.975); mpmath: sqrt(2)*erfinv(0.95)
	statstest.NearRel(t, "ZOneSided(0.9)", ZOneSided(0.9), 1.2815515655446006, 1e-14)   // qnorm(0.9); mpmath: sqrt(2)*erfinv(0.8)
	statstest.NearRel(t, "TQuantile(5)", TQuantile(5), 2.5705818356363155, 1e-12)       // qt(0.975, 5)
	statstest.NearRel(t, "TQuantile(1006)", TQuantile(1006), 1.9623248984783662, 1e-12) // qt(0.975, 1006)
}

func TestEstimate(t *testing.T) {
	e := Estimate{Value: 0.1, Lo: 0.05, Hi: 0.2, N: 10, Method: "wilson"}
	if !e.HasInterval() || !e.Contains(0.05) || e.Contains(0.21) || e.Excludes(0.1) || !e.Excludes(0) {
		t.Errorf("interval tests of %+v", e)
	}
	statstest.NearRel(t, "half width", e.HalfWidth(), 0.075, 1e-15)
	statstest.NearRel(t, "reach", e.Shift(-0.1).Reach(), 0.1, 1e-15)
	if s := e.Shift(-0.1); s.Lo != 0.05-0.1 || s.N != 10 || s.Method != "wilson" {
		t.Errorf("Shift: %+v", s)
	}
	if s := e.Scale(100); s.Value != 10 || s.Lo != 5 || s.Hi != 20 {
		t.Errorf("Scale: %+v", s)
	}
	if s := e.Negate(); s.Value != -0.1 || s.Lo != -0.2 || s.Hi != -0.05 {
		t.Errorf("Negate: %+v", s)
	}
	none := Estimate{Value: 3, Lo: math.NaN(), Hi: math.NaN()}
	if none.HasInterval() || none.Contains(3) || none.Excludes(0) {
		t.Errorf("no interval: %+v", none)
	}
	if Z95Literal-Z95 > 5e-16 || Z95Literal <= Z95 {
		t.Errorf("Z95Literal %.17g is not just above Z95 %.17g", Z95Literal, Z95)
	}
	w := Normal(2, 0.5, Z95)
	statstest.NearRel(t, "Normal lo", w.Lo, 2-0.5*1.959963984540054, 1e-15) // 2 - 0.5*qnorm(0.975)
	statstest.NearRel(t, "Normal hi", w.Hi, 2+0.5*1.959963984540054, 1e-15)
}

// "About N more games" is what brings the interval to the target at the rate 1/√n, and
// a settled question asks for none.
func TestMoreGames(t *testing.T) {
	for _, tc := range []struct {
		n            int64
		half, target float64
		want         int64
	}{{1000, 0.04, 0.02, 3000}, {400, 0.03, 0.03, 0}, {400, 0.02, 0.03, 0}, {1000, 0.021, 0.02, 103}, {0, 0.1, 0.02, 0}} {
		if got := MoreGames(tc.n, tc.half, tc.target); got != tc.want {
			t.Errorf("MoreGames(%d, %v, %v) = %d, want %d", tc.n, tc.half, tc.target, got, tc.want)
		}
	}
}
