package designer

import (
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/reports/fairness"
	"dragonlab/sim/stats"
)

// Page 1's "What to change?" is tune's answer or silence: a certified whole-number change,
// "fair as is" where tune certified the rules, "not settled; ~N more games" where tune's
// best change lies inside the target but its intervals do not yet — never a fraction.
func TestChangeCellForms(t *testing.T) {
	est := func(v, lo, hi float64) Est {
		return Est{Estimate: stats.Estimate{Value: v, Lo: lo, Hi: hi, Method: "tune certification"}}
	}
	favoured := Cell{Verdict: fairness.Favoured}
	for _, c := range []struct {
		name string
		tune *TuneInput
		fc   Cell
		want string
	}{
		{"change", &TuneInput{Certified: true, Level: "expert", Changes: []RuleChange{{Certified: true, Params: map[string]any{"seatBonus": []any{0.0, 2.0}}, Effect: est(0.004, -0.01, 0.018)}}}, favoured, "seat 1 starts with"},
		{"rules certified", &TuneInput{Certified: true, Level: "expert", Changes: []RuleChange{{Certified: true, Params: map[string]any{}, Effect: est(0.004, -0.01, 0.018)}}}, Cell{Verdict: fairness.NotSettled, More: 900}, "fair as is: no change needed (tune certified)"},
		{"not settled", &TuneInput{Level: "expert", More: 5200, Changes: []RuleChange{{Params: map[string]any{"seatBonus": []any{0.0, 2.0}}}}}, favoured, "not settled; ~5,200 more games (dragonlab tune)"},
		{"no tune", nil, Cell{Verdict: fairness.NotSettled, More: 2200}, "not settled; ~2,200 more games (study --settle)"},
		{"no room for tune", &TuneInput{Level: "expert", More: 98000, Unplayed: true, Command: "dragonlab tune --game dragonheart --players 2 --agents expert --budget 98000 --out study/tune/dragonheart-2p"}, favoured, "not settled; ~98,000 more games (dragonlab tune)"},
	} {
		a := &Answer{Players: 2, Measure: -1, cfg: &Config{Game: "dragonheart", Players: 2, Tune: c.tune}}
		a.words = wordsOf(a.cfg)
		got := a.changeCell(c.fc).Text
		if !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
		if strings.Contains(got, "give ") {
			t.Errorf("%s: %q gives a sweep's fair value (a fraction nobody played)", c.name, got)
		}
	}
}

// The solitaire's cell against success=50±5 on the sweep's whole values: no change
// needed inside; the smallest change inside where the rules lie wholly outside; toward the
// target when none is inside; none to make when nothing moves it; not settled otherwise.
func TestSolitaireChangeCell(t *testing.T) {
	pt := func(x float64, rules bool, v, lo, hi float64) PointAnswer {
		return PointAnswer{X: x, Rules: rules, Success: &Est{Estimate: stats.Estimate{Value: v, Lo: lo, Hi: hi}}}
	}
	for _, c := range []struct {
		name   string
		points []PointAnswer
		want   string
	}{
		{"inside", []PointAnswer{pt(0, false, 0.40, 0.37, 0.43), pt(1, true, 0.50, 0.47, 0.53)}, "no change needed: won 50.0% [47.0, 53.0], inside success=50±5"},
		{"smallest inside", []PointAnswer{pt(0, false, 0.40, 0.37, 0.43), pt(1, true, 0.62, 0.59, 0.65), pt(2, false, 0.51, 0.47, 0.54), pt(3, false, 0.75, 0.72, 0.78)}, "2 Jokers"},
		{"toward", []PointAnswer{pt(0, false, 0.58, 0.55, 0.61), pt(1, true, 0.70, 0.67, 0.73), pt(2, false, 0.80, 0.77, 0.83)}, "toward success=50±5: 0 Jokers"},
		{"none", []PointAnswer{pt(0, false, 0.71, 0.67, 0.74), pt(1, true, 0.70, 0.67, 0.73), pt(2, false, 0.80, 0.77, 0.83)}, "none to make"},
		{"not settled", []PointAnswer{pt(0, false, 0.46, 0.37, 0.56), pt(1, true, 0.54, 0.48, 0.60)}, "not settled: won 54.0% [48.0, 60.0] against success=50±5"},
	} {
		a := &Answer{Players: 1, Measure: -1, cfg: &Config{Game: "dragonscales", Players: 1},
			Compensation: []SweepAnswer{{Level: "greedy", Lever: engine.LeverValues{Path: "soloJokers"}, sweepResults: sweepResults{Points: c.points}}}}
		a.words = wordsOf(a.cfg)
		got := a.changeCell(Cell{Verdict: fairness.NotSettled}).Text
		if !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// A change certified at one level and replayed at another: the section says the replay's
// interval and judges it against the fair target — inside, outside, or not settled with
// the games that would settle it.
func TestTuneCheckSentence(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		more   int64
		want   string
	}{
		{-0.012, 0.015, 0, "inside ±2 points there too"},
		{0.025, 0.06, 0, "outside ±2 points — the change is fair under greedy play only"},
		{-0.01, 0.04, 1800, "not settled against ±2 points (about 1,800 more games)"},
	} {
		ti := &TuneInput{Level: "greedy", Check: &TuneCheck{Level: "expert", Deals: 1000, Seat: 1, Points: 0.02, More: c.more,
			Advantage: Est{Estimate: stats.Estimate{Value: (c.lo + c.hi) / 2, Lo: c.lo, Hi: c.hi}}}}
		got := ti.CheckText()
		if !strings.Contains(got, "Checked under expert play on 1,000 fresh deals, the change leaves seat 1") || !strings.Contains(got, c.want) {
			t.Errorf("[%g, %g]: %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
}
