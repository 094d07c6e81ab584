package worth

import (
	"math"
	"testing"

	"dragonlab/sim"
	"dragonlab/sim/stats/statstest"
)

// lengthAgg is one agent's tallies of one component over two lengths: short games (100,
// won 60%, the component seen in 10) and long games (100, won 20%, seen in 90); within
// each length the component changes nothing.
func lengthAgg() *sim.ComponentAgg {
	st := []sim.ComponentStratum{
		{Length: 10, Games: 100, Share60: 60 * 60, Count: []int64{10}, Win60: []int64{6 * 60}},
		{Length: 40, Games: 100, Share60: 20 * 60, Count: []int64{90}, Win60: []int64{18 * 60}},
	}
	return &sim.ComponentAgg{Names: []string{"joker"}, Events: []string{"seen"}, Stratified: "seen", LengthUnit: "combats",
		Agents: []sim.ComponentTally{{Games: 200, Share60: 80 * 60, Count: [][]int64{{100}}, Win60: [][]int64{{24 * 60}}, Strata: st}}}
}

// TestLengthAdjustedRemovesLengthConfounding: seeing the component goes with losing over
// all games (24% against 56%: −32 points, the solitaire's "seeing the joker"), but not
// within games of one length: the adjusted difference is 0.
func TestLengthAdjustedRemovesLengthConfounding(t *testing.T) {
	ls, err := LengthAdjusted(lengthAgg(), 1)
	if err != nil {
		t.Fatal(err)
	}
	r := ls.Rows[0]
	statstest.Near(t, "crude", r.Crude.Value, 0.24-0.56, 1e-12)
	statstest.Near(t, "adjusted", r.Adjusted.Value, 0, 1e-12)
	if !r.Adjusted.Contains(0) || r.Lengths != 2 || ls.Unit != "combats" || r.PHolm < 0.99 {
		t.Errorf("row %+v", r)
	}
}

// TestLengthAdjustedByHand: two lengths with a real effect: MH weights n₁n₀/n and the
// Bernoulli variance, computed by hand.
func TestLengthAdjustedByHand(t *testing.T) {
	agg := lengthAgg()
	s := agg.Agents[0].Strata
	s[0].Win60[0] = 8 * 60 // 80% seen against 58.9% not, in short games
	s[0].Share60 = 61 * 60 // 53 of the 90 others won: (61 − 8) / 90
	s[1].Win60[0] = 27 * 60
	s[1].Share60 = 28 * 60 // 30% seen against 10% not, in long games
	ls, err := LengthAdjusted(agg, 2)
	if err != nil {
		t.Fatal(err)
	}
	p1a, p0a, p1b, p0b := 0.8, 53.0/90, 0.3, 0.1
	wa, wb := 10*90/100.0, 90*10/100.0
	d := (wa*(p1a-p0a) + wb*(p1b-p0b)) / (wa + wb)
	v := (wa*wa*(p1a*(1-p1a)/10+p0a*(1-p0a)/90) + wb*wb*(p1b*(1-p1b)/90+p0b*(1-p0b)/10)) * 2 / math.Pow(wa+wb, 2)
	r := ls.Rows[0]
	statstest.Near(t, "adjusted", r.Adjusted.Value, d, 1e-12)
	statstest.Near(t, "lo", r.Adjusted.Lo, d-1.959963984540054*math.Sqrt(v), 1e-9)
	if ls.DesignEffect != 2 {
		t.Errorf("design effect %v", ls.DesignEffect)
	}
	if ls, _ := LengthAdjusted(&sim.ComponentAgg{Names: []string{"x"}}, 1); ls != nil {
		t.Error("an aggregate without strata analysed")
	}
}
