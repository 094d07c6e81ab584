package luck

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
	_ "dragonlab/engine/all"
	"dragonlab/reports/doc"
	"dragonlab/reports/luck/lucktest"
	"dragonlab/sim"
	"dragonlab/sim/value"
)

func init() { engine.Register(lucktest.Game) }

func randomPlayers(t testing.TB, n int) []agents.Factory {
	t.Helper()
	f, err := agents.Parse("random")
	if err != nil {
		t.Fatal(err)
	}
	fs := make([]agents.Factory, n)
	for i := range fs {
		fs[i] = f
	}
	return fs
}

func runToy(t testing.TB, q, bias int, seed uint64, games int64, vf *value.Loaded) *sim.Result {
	t.Helper()
	res, err := sim.Run(context.Background(), sim.Config{Game: lucktest.Game, Params: &lucktest.Params{Q: q, Bias: bias}, Players: 2,
		Agents: randomPlayers(t, 2), Seed: seed, Units: games, Workers: 1, Luck: vf})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestLuckShareCalibrated: the winner decided by a fair coin alone (luck share 1), by the
// players' choices alone (0), or by the coin with probability q ∈ {1/4, 1/2, 3/4} (q): the
// luck share's 95% interval covers the truth in at least 45 of 50 runs; the coin carries
// all of it, the mode none.
func TestLuckShareCalibrated(t *testing.T) {
	exact := lucktest.Value([2]float64{0.5, 0.5}, 0)
	for q := 0; q <= 4; q++ {
		truth := float64(q) / 4
		covered := 0
		for seed := uint64(1); seed <= 50; seed++ {
			res := runToy(t, q, 5, seed, 2000, exact)
			if err := res.Validate(); err != nil {
				t.Fatal(err)
			}
			l := res.Aggregate.Luck
			e := Share(l)
			if mode, coin := KindShare(l, lucktest.Mode), KindShare(l, lucktest.Coin); mode != 0 || math.Abs(coin-e.Value) > 1e-9 {
				t.Fatalf("q %d/4, seed %d: the mode carries %.4f and the coin %.4f of a luck share of %.4f, want 0 and all", q, seed, mode, coin, e.Value)
			}
			if q == 0 || q == 4 { // exact: no spread
				if math.Abs(e.Value-truth) > 1e-9 || e.Hi-e.Lo > 1e-9 {
					t.Fatalf("q %d/4, seed %d: luck share %.6f [%.6f, %.6f], want exactly %.2f", q, seed, e.Value, e.Lo, e.Hi, truth)
				}
				covered++
				continue
			}
			if e.Contains(truth) {
				covered++
			}
		}
		t.Logf("q %d/4: covered %d of 50", q, covered)
		if covered < 45 {
			t.Errorf("q %d/4: the luck share's interval covered %.2f in %d of 50 runs, want ≥ 45", q, truth, covered)
		}
	}
}

// TestLuckAdjustedUnbiased: with a biased coin (seat 0 wins it 6 times in 10) and a wrong
// value function, the luck-adjusted seat advantage has the raw one's expectation: over
// 40 runs the mean difference is within 3 standard errors of 0; and it is more precise.
func TestLuckAdjustedUnbiased(t *testing.T) {
	wrong := lucktest.Value([2]float64{0.8, 0.3}, 0.25)
	var diffs []float64
	var rawW, adjW float64
	for seed := uint64(1); seed <= 40; seed++ {
		l := runToy(t, 3, 6, seed, 2000, wrong).Aggregate.Luck
		raw, adj := Advantage(l, 0, false, false), Advantage(l, 0, false, true)
		diffs = append(diffs, adj.Value-raw.Value)
		rawW += raw.HalfWidth()
		adjW += adj.HalfWidth()
	}
	mean, sd := meanSD(diffs)
	if se := sd / math.Sqrt(float64(len(diffs))); math.Abs(mean) > 3*se {
		t.Errorf("adjusted − raw advantage: mean %.4f over %d runs, %.1f standard errors from 0", mean, len(diffs), mean/se)
	}
	if adjW >= rawW {
		t.Errorf("the adjusted advantage is not more precise: mean half-width %.4f vs raw %.4f", adjW/40, rawW/40)
	}
}

func meanSD(x []float64) (float64, float64) {
	m := 0.0
	for _, v := range x {
		m += v
	}
	m /= float64(len(x))
	ss := 0.0
	for _, v := range x {
		ss += (v - m) * (v - m)
	}
	return m, math.Sqrt(ss / float64(len(x)-1))
}

// Unbiasedness on a real game: in random-play Dragonheart, with its value function (fitted
// at the measuring level, on other seeds), the luck-adjusted seat advantage differs from
// the raw one by less than one standard error of the raw one and by less than 3 standard
// errors of the luck's part itself (which has mean zero); Account reports the same numbers.
func TestLuckAdjustedAgreesOnDragonheart(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 3000 games with luck accounting")
	}
	g, err := engine.Lookup("dragonheart")
	if err != nil {
		t.Fatal(err)
	}
	vf, err := sim.LoadValue(g, nil, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(context.Background(), sim.Config{Game: g, Players: 2, Agents: randomPlayers(t, 2), Seed: 11, Units: 3000, Luck: vf})
	if err != nil {
		t.Fatal(err)
	}
	l := res.Aggregate.Luck
	raw, adj, luck := Advantage(l, 0, false, false), Advantage(l, 0, false, true), LuckAdvantage(l, 0, false)
	d := adj.Value - raw.Value
	if math.Abs(d) > raw.HalfWidth()/1.96 || math.Abs(d) > 3*luck.HalfWidth()/1.96 || math.Abs(d+luck.Value) > 1e-9 {
		t.Fatalf("adjusted %+.4f, raw %+.4f [%+.4f, %+.4f]: differ by %.4f (luck's part %.4f [%.4f, %.4f])", adj.Value, raw.Value, raw.Lo, raw.Hi, d, luck.Value, luck.Lo, luck.Hi)
	}
	acc, err := Account(res)
	if err != nil {
		t.Fatal(err)
	}
	if acc.Seats[0].Adjusted.Value != adj.Value || acc.LuckShare.Value != Share(l).Value || len(acc.Kinds) != 3 || acc.Kinds[0].MeanSwing < acc.Kinds[2].MeanSwing {
		t.Fatalf("Account: %+v", acc)
	}
	if float64(acc.VarianceRatio) <= 0 {
		t.Fatalf("variance ratio %v", acc.VarianceRatio)
	}
}

// A luck experiment whose level runs had luck accounting reports, per level, the luck
// share along the game {estimate, lo, hi} and the variance ratio in summary.json, beside
// the replay luck share; a level without it reports neither.
func TestExperimentWithAccounting(t *testing.T) {
	run := func(vf *value.Loaded) *sim.Result {
		res, err := sim.Run(context.Background(), sim.Config{Game: lucktest.Game, Params: &lucktest.Params{Q: 2, Bias: 5}, Players: 2,
			Agents: randomPlayers(t, 2), Seed: 3, Units: 500, Seating: sim.SeatReplay, Replays: 2, Workers: 1, Luck: vf})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	with, without := run(lucktest.Value([2]float64{0.5, 0.5}, 0)), run(nil)
	e, err := AnalyzeExperiment(doc.Meta{Game: "coinskill", Players: 2}, 2,
		[]Level{{Agent: "random", File: "a.json", Result: with}, {Agent: "random", File: "b.json", Result: without}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, b := e.Levels[0], e.Levels[1]
	if a.LuckShare == nil || a.VarianceRatio == nil || !a.LuckShare.Contains(0.5) || b.LuckShare != nil || b.VarianceRatio != nil {
		t.Fatalf("levels: %+v %+v", a.LuckShare, b.LuckShare)
	}
	data, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"luckShare":{"estimate":`) || strings.Count(string(data), `"varianceRatio"`) != 2 { // the level's and its accounting's
		t.Fatalf("summary: %s", data)
	}
	var out strings.Builder
	e.Print(&out)
	if !strings.Contains(out.String(), "along the game") {
		t.Fatalf("print: %s", out.String())
	}
}
