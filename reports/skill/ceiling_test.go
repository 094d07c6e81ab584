package skill

import (
	"strings"
	"testing"

	"dragonlab/sim/experiment"
	"dragonlab/sim/stats"
)

// traceOf is a ceiling trace of budgets 100, 200, … whose step k (rung k+1 against k)
// did better on better[k] deals and worse on worse[k].
func traceOf(better, worse []int64) *Skill {
	s := &Skill{Players: 2}
	for k := 0; k <= len(better); k++ {
		s.Rungs = append(s.Rungs, experiment.Rung{Spec: "x", Budget: float64(int64(100) << k)})
	}
	for k := range better {
		p := stats.Paired{Deals: better[k] + worse[k], Better: better[k], Worse: worse[k]}
		p.SignP = stats.SignTest(better[k], worse[k])
		s.Steps = append(s.Steps, SkillStep{Upper: k + 1, Lower: k, Paired: p})
	}
	return s
}

// The trace saturates at the first budget above which two doublings in a row are not
// significantly stronger (sign test at 5%), and says when it never does.
func TestTraceCeiling(t *testing.T) {
	for _, tc := range []struct {
		name          string
		better, worse []int64
		saturation    int
		stronger      []bool
	}{
		{"saturates at 400", []int64{90, 80, 52, 50, 70}, []int64{30, 40, 48, 50, 30}, 2, []bool{true, true, false, false, true}},
		{"one flat doubling is not enough", []int64{90, 50, 80, 70}, []int64{30, 50, 40, 30}, -1, []bool{true, false, true, true}},
		{"worse on more deals is not stronger", []int64{30, 31}, []int64{90, 92}, 0, []bool{false, false}},
	} {
		s := traceOf(tc.better, tc.worse)
		c := s.TraceCeiling()
		if c.Saturation != tc.saturation {
			t.Errorf("%s: saturation at rung %d, want %d (%s)", tc.name, c.Saturation, tc.saturation, c.Sentence)
		}
		for k, want := range tc.stronger {
			if c.Stronger[k] != want {
				t.Errorf("%s: doubling %d stronger = %v, want %v", tc.name, k+1, c.Stronger[k], want)
			}
		}
		if s.Findings[0] != c.Sentence || !strings.Contains(c.Sentence, "saturate") {
			t.Errorf("%s: the ceiling is not the first finding: %q", tc.name, s.Findings)
		}
	}
}
