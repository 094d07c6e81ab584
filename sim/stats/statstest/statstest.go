// Package statstest holds the helpers of the statistics tests of the reports: comparing
// a computed number with an independently computed one, checking that a result can be
// written as JSON, and building integer histograms.
package statstest

import (
	"encoding/json"
	"math"
	"testing"

	"dragonlab/sim"
)

// Near fails unless got is within tol·max(|want|, 1) of want (NaN always fails).
func Near(t testing.TB, what string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(got) || math.Abs(got-want) > tol*math.Max(math.Abs(want), 1) {
		t.Errorf("%s = %.17g, want %.17g (tolerance %g)", what, got, want, tol)
	}
}

// NearRel fails unless got is within relTol of want, relative to |want| (want 0: exactly;
// NaN always fails).
func NearRel(t testing.TB, what string, got, want, relTol float64) {
	t.Helper()
	if math.IsNaN(got) || math.Abs(got-want) > relTol*math.Max(math.Abs(want), 1e-300) {
		t.Errorf("%s = %.17g, want %.17g (relative tolerance %g)", what, got, want, relTol)
	}
}

// Encodable fails if v holds a NaN or an infinity anywhere: encoding/json refuses them.
func Encodable(t testing.TB, what string, v any) {
	t.Helper()
	if _, err := json.Marshal(v); err != nil {
		t.Errorf("%s: %v", what, err)
	}
}

// Hist is the histogram with the given counts of lo, lo+1, ….
func Hist(lo int64, counts ...int64) sim.Hist { return sim.Hist{Lo: lo, Counts: counts} }
