package designer

import (
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/sim/stats"
)

func iv(v, lo, hi float64) *Est {
	return &Est{Estimate: stats.Estimate{Value: v, Lo: lo, Hi: hi, Method: "test"}}
}

// findingAnswer is a two-player answer with one swept lever: the rules' point and one
// other, with the given luck along the game and seat 0's advantage.
func findingAnswer(rulesLuck, atLuck, atEdge, rulesEdge *Est) *Answer {
	a := &Answer{Players: 2, Measure: 0, Levels: []LevelAnswer{{Level: "expert"}}}
	a.Compensation = []SweepAnswer{{Level: "expert", Lever: engine.LeverValues{Path: "hand"}, sweepResults: sweepResults{Points: []PointAnswer{
		{X: 0, Rules: true, Along: rulesLuck, Edge: rulesEdge, Length: iv(2.4, 2.2, 2.6)},
		{X: 3, Along: atLuck, Edge: atEdge, Length: iv(19.8, 19, 20), Guess: iv(0.275, 0.222, 0.328)},
	}}}}
	return a
}

// A finding is a lever value that changes a page-1 answer, with its interval: the luck
// word changes and the intervals are apart, with no seat clearly favoured there; or the
// rules favour seat 0 and the value does not. Else there is none.
func TestFindingChangesAPageOneAnswer(t *testing.T) {
	fair, favoured := iv(0.043, -0.017, 0.104), iv(0.08, 0.03, 0.13)
	cases := []struct {
		name string
		a    *Answer
		kind string
		has  []string
	}{
		{"luck into decisions", findingAnswer(iv(0.552, 0.486, 0.618), iv(0.002, 0, 0.004), fair, fair), "luck",
			[]string{"hand 3 cuts chance from 55.2% to 0.2% [0.0, 0.4]", "decisions 2.4 → 19.8", "guessing carries 27.5% [22.2, 32.8]", "seat 0 +4.3"}},
		{"intervals overlap", findingAnswer(iv(0.30, 0.18, 0.42), iv(0.20, 0.10, 0.30), fair, fair), "", nil},
		{"same word", findingAnswer(iv(0.55, 0.50, 0.60), iv(0.40, 0.36, 0.44), fair, fair), "", nil},
		{"a seat favoured there", findingAnswer(iv(0.552, 0.486, 0.618), iv(0.002, 0, 0.004), favoured, fair), "", nil},
		{"fairness fixed", findingAnswer(nil, nil, fair, favoured), "fair", []string{"leaves no seat clearly favoured", "seat 0 +4.3", "not +8.0"}},
	}
	for _, c := range cases {
		f := c.a.finding()
		switch {
		case c.kind == "" && f != nil:
			t.Errorf("%s: finding %q, want none", c.name, f.Text)
		case c.kind != "" && (f == nil || f.Kind != c.kind):
			t.Errorf("%s: finding %+v, want one of kind %s", c.name, f, c.kind)
		case f != nil:
			for _, h := range c.has {
				if !strings.Contains(f.Text, h) {
					t.Errorf("%s: %q does not say %q", c.name, f.Text, h)
				}
			}
		}
	}
}
