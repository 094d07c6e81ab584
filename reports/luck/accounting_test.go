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
	"dragonlab/engine/value"
	"dragonlab/reports/doc"
	"dragonlab/reports/luck/lucktest"
	"dragonlab/sim"
	"dragonlab/sim/stats"
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

// The tests behind the luck-adjusted verdicts keep their size and their intervals cover
// the truth: with fair seats (a fair coin, random players) the adjusted test of seat 0's
// advantage rejects in at most 5 of 50 runs at the 5% level; with a biased coin (seat 0
// wins it 6 times in 10; truth 0.5 + 3/4·0.1 = 0.575 for q = 3) the adjusted mean's interval
// covers 0.575 in at least 45 of 50 runs and its test rejects "fair" more often than the
// raw one (the coin's luck taken out); MeanTest's p-value agrees with its interval.
func TestLuckAdjustedTestsCalibrated(t *testing.T) {
	exact := lucktest.Value([2]float64{0.5, 0.5}, 0)
	rejected := 0
	for seed := uint64(1); seed <= 50; seed++ {
		l := runToy(t, 2, 5, seed, 1000, exact).Aggregate.Luck
		e, se, p := AdvantageTest(l, 0, false, true)
		if !(se > 0) || math.Abs(e.Value) > 1 || (p < 0.05) != e.Excludes(0) {
			t.Fatalf("seed %d: %+v se %v p %v", seed, e, se, p)
		}
		if p < 0.05 {
			rejected++
		}
	}
	if rejected > 5 {
		t.Errorf("fair seats: the adjusted test rejected in %d of 50 runs", rejected)
	}
	biased := lucktest.Value([2]float64{0.6, 0.4}, 0)
	truth := 0.5 + 0.75*0.1
	covered, adjRejects, rawRejects := 0, 0, 0
	for seed := uint64(1); seed <= 50; seed++ {
		l := runToy(t, 3, 6, seed, 200, biased).Aggregate.Luck
		e, _, p := MeanTest(l, 0, false, true, 0.5)
		if e.Contains(truth) {
			covered++
		}
		if (p < 0.05) != e.Excludes(0.5) {
			t.Fatalf("seed %d: p %v disagrees with the interval %+v", seed, p, e)
		}
		if p < 0.05 {
			adjRejects++
		}
		if _, _, pr := MeanTest(l, 0, false, false, 0.5); pr < 0.05 {
			rawRejects++
		}
		if m := Mean(l, 0, false, true); m != e {
			t.Fatalf("Mean %+v, MeanTest %+v", m, e)
		}
	}
	t.Logf("covered %d of 50; rejected fair: adjusted %d, raw %d", covered, adjRejects, rawRejects)
	if covered < 45 || adjRejects <= rawRejects {
		t.Errorf("biased coin: covered %.3f in %d of 50; rejected fair adjusted %d, raw %d times", truth, covered, adjRejects, rawRejects)
	}
}

// Luck against skill from a duplicate run: the weaker level does better on the deals on
// which the stronger's total is below fair (Wilson over deals), the head-to-head share is
// the stronger's win share (raw: the paired analysis's) and the match length is
// stats.MatchGames of it and of its interval's ends; with luck accounting the share is the
// luck-adjusted one, the raw kept beside it, and both agree within their intervals.
func TestAgainstSkill(t *testing.T) {
	g, err := engine.Lookup("dragonheart")
	if err != nil {
		t.Fatal(err)
	}
	greedy, err := agents.Parse("greedy:samples=1")
	if err != nil {
		t.Fatal(err)
	}
	random, _ := agents.Parse("random")
	vf, err := sim.LoadValue(g, nil, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	play := func(v *value.Loaded) *sim.Result {
		res, err := sim.Run(context.Background(), sim.Config{Game: g, Players: 2, Agents: []agents.Factory{greedy, random},
			Seating: sim.SeatDuplicate, Seed: 5, Units: 300, Workers: 1, Luck: v})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	plain, with := play(nil), play(vf)
	a, err := Against(plain)
	if err != nil {
		t.Fatal(err)
	}
	p := stats.AnalyzePaired(plain.Aggregate.Paired, 2)
	if a.Adjusted || a.Raw != nil || a.HeadToHead.Value != p.Share || a.WeakerBetter.Value != float64(p.Worse)/float64(p.Deals) || a.Deals != 300 {
		t.Fatalf("raw: %+v (paired %+v)", a, p)
	}
	if a.MatchGames != stats.MatchGames(p.Share, MatchTarget) || a.MatchGamesLo != stats.MatchGames(a.HeadToHead.Hi, MatchTarget) || a.MatchGames < 1 || a.MatchGamesLo > a.MatchGames {
		t.Fatalf("match games %d [%d, %d] for a share of %.3f", a.MatchGames, a.MatchGamesLo, a.MatchGamesHi, p.Share)
	}
	b, err := Against(with)
	if err != nil {
		t.Fatal(err)
	}
	if !b.Adjusted || b.Raw == nil || b.Raw.Value != a.HeadToHead.Value || !b.Raw.Contains(b.HeadToHead.Value) || b.WeakerBetter != a.WeakerBetter {
		t.Fatalf("adjusted %+v, raw %+v", b.HeadToHead, b.Raw)
	}
	if s := b.Sentence("greedy", "random"); !strings.HasPrefix(s, "On the same deals random does better than greedy on ") || !strings.Contains(s, "greedy wins 90% of matches of ") {
		t.Fatalf("sentence %q", s)
	}
}
