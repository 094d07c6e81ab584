package luck

import (
	"strings"
	"testing"

	"dragonlab/sim/stats"
)

// TestCompareAgreesOrBounds: overlapping intervals agree; replays above or below the luck
// accounting's interval turn the luck share into "at least" its lower end, each with its
// reason.
func TestCompareAgreesOrBounds(t *testing.T) {
	along := stats.Estimate{Value: 0.10, Lo: 0.08, Hi: 0.12}
	for _, tc := range []struct {
		name           string
		dealt          stats.Estimate
		agree, atLeast bool
		share, reason  string
	}{
		{"overlap", stats.Estimate{Value: 0.13, Lo: 0.11, Hi: 0.15}, true, false, "10.0%", "agree"},
		{"replays above", stats.Estimate{Value: 0.20, Lo: 0.15, Hi: 0.25}, false, true, "at least 8.0%", "lower bound"},
		{"replays below", stats.Estimate{Value: 0.03, Lo: 0.01, Hi: 0.05}, false, true, "at least 8.0%", "undercounts"},
	} {
		a := Compare(along, tc.dealt)
		if a.Agree != tc.agree || a.AtLeast != tc.atLeast {
			t.Errorf("%s: agree %v, at least %v", tc.name, a.Agree, a.AtLeast)
		}
		if !strings.HasPrefix(a.Share(), tc.share) || !strings.Contains(a.Reason, tc.reason) {
			t.Errorf("%s: %q / %q", tc.name, a.Share(), a.Reason)
		}
	}
}
