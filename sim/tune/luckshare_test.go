package tune

import (
	"math"
	"strings"
	"testing"

	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// The luck targets call the installed LuckShare on the pooled replay counts, at Level for
// the search (its interval read as a standard error) and at the asked level for the
// certificate; without one they fail with one clear error.
func TestLuckShareInstalled(t *testing.T) {
	defer SetLuckShare(luckShare)
	ms := []*Measure{
		{Replay: &sim.ReplayAgg{K: 2, Seats: [][]sim.ReplayBin{{{S: 1, Q: 1, Deals: 3}}}}},
		{Replay: &sim.ReplayAgg{K: 2, Seats: [][]sim.ReplayBin{{{S: 1, Q: 1, Deals: 2}}}}},
	}
	cs := []Component{{Kind: Luck}}

	SetLuckShare(nil)
	if _, err := Estimates(cs, ms); err == nil || !strings.Contains(err.Error(), "luck accounting") {
		t.Fatalf("no LuckShare installed: err %v", err)
	}

	var levels []float64
	SetLuckShare(func(rep *sim.ReplayAgg, level float64) (stats.Estimate, error) {
		levels = append(levels, level)
		if got := rep.Seats[0][0].Deals; got != 5 {
			t.Errorf("pooled deals %d, want the measures' 3 + 2", got)
		}
		return stats.Estimate{Value: 0.3, Lo: 0.2, Hi: 0.4, N: 5, Method: "percentile"}, nil
	})
	es, err := Estimates(cs, ms)
	if err != nil {
		t.Fatal(err)
	}
	wantSE := 0.2 / (2 * stats.Z95)
	if e := es[0]; e.Value != 0.3 || e.N != 5 || e.SE != wantSE || e.SD != wantSE*math.Sqrt(5) {
		t.Errorf("luck estimate %+v, want value 0.3, N 5, SE %v", e, wantSE)
	}
	if _, err := LuckAt(ms, 0.99); err != nil {
		t.Fatal(err)
	}
	if len(levels) != 2 || levels[0] != stats.Level || levels[1] != 0.99 {
		t.Errorf("levels asked %v, want [%v 0.99]", levels, stats.Level)
	}
}
