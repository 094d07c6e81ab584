package worth

import (
	"strings"
	"testing"

	"dragonlab/sim"
	"dragonlab/sim/stats"
	"dragonlab/sim/stats/statstest"
)

// componentFixture is one agent with 100 games and 50 wins' worth of share: "troll 3"
// was dealt in 40 games (25 wins), drawn in 30 (18.5: one shared win), seen in 60 (38)
// and played in 55 (30, first at decision 7 on average); "ship" dealt in 10 (5), drawn
// in 5 (2), seen in 15 (7) and never played.
func componentFixture() *sim.ComponentAgg {
	return &sim.ComponentAgg{
		Names:  []string{"troll 3", "ship"},
		Events: []string{"dealt", "drawn", "played", "seen"},
		Agents: []sim.ComponentTally{{
			Games: 100, Share60: 3000,
			Count:   [][]int64{{40, 10}, {30, 5}, {55, 0}, {60, 15}},
			Win60:   [][]int64{{1500, 300}, {1110, 120}, {1800, 0}, {2280, 420}},
			TurnSum: [][]int64{{0, 0}, {300, 40}, {385, 0}, {0, 0}},
		}},
	}
}

func TestComponents(t *testing.T) {
	s, err := Components(componentFixture(), []string{"greedy"}, ComponentOptions{Agent: 0})
	if err != nil {
		t.Fatal(err)
	}
	statstest.Encodable(t, "components", s)
	if s.Agent != "greedy" || s.KeyEvent() != "seen" || s.Family != 2 || s.Share.N != 100 || s.Share.Value != 0.5 {
		t.Fatalf("header: %+v", s)
	}
	troll := s.Components[0]
	seen := troll.Events[s.Key]
	// GIH 38/60 against GNS 12/40.
	statstest.Near(t, "GIH", seen.With.Value, 38.0/60, 1e-15)
	statstest.Near(t, "GNS", seen.Without.Value, 12.0/40, 1e-15)
	if seen.With.N != 60 || seen.Without.N != 40 {
		t.Errorf("seen games %d, never seen %d", seen.With.N, seen.Without.N)
	}
	statstest.Near(t, "IWD", seen.Diff.Value, 0.33333333333333331, 1e-12) // newc(38,60,12,40)
	statstest.Near(t, "IWD lo", seen.Diff.Lo, 0.13380478945283369, 1e-9)
	statstest.Near(t, "IWD hi", seen.Diff.Hi, 0.49588114442373987, 1e-9)
	statstest.Near(t, "IWD p", seen.P, 0.0010908351761252976, 1e-9) // prop.test(c(38,12),c(60,40),correct=FALSE)$p.value
	// Holm over the two components: p.adjust(c(0.0010908…, 0.7794345…), "holm").
	statstest.Near(t, "troll Holm", seen.PHolm, 0.0021816703522505951, 1e-9)
	shipSeen := s.Components[1].Events[s.Key]
	statstest.Near(t, "ship IWD lo", shipSeen.Diff.Lo, -0.281143437368854610, 1e-9) // newc(7,15,43,85)
	statstest.Near(t, "ship IWD hi", shipSeen.Diff.Hi, 0.215266722829070056, 1e-9)
	statstest.Near(t, "ship Holm", shipSeen.PHolm, 0.7794345284272750085, 1e-9)

	// OH: 25/40 (prop.test(25,40,correct=FALSE)$conf.int) against 25/60.
	oh := troll.Events[s.Event("dealt")]
	statstest.Near(t, "OH lo", oh.With.Lo, 0.47032439137301113, 1e-9)
	statstest.Near(t, "OH hi", oh.With.Hi, 0.75777020832766717, 1e-9)
	statstest.Near(t, "not OH lo", oh.Without.Lo, 0.30064278558341612, 1e-9) // prop.test(25,60,correct=FALSE)$conf.int
	if oh.HasTurn {
		t.Errorf("dealt has a turn: %+v", oh)
	}
	// GD with a shared win: 18.5/30 against 31.5/70.
	gd := troll.Events[s.Event("drawn")]
	statstest.Near(t, "GD lo", gd.With.Lo, 0.43908023557703896, 1e-9)        // prop.test(18.5,30,correct=FALSE)$conf.int
	statstest.Near(t, "GD diff lo", gd.Diff.Lo, -0.045504602216307255, 1e-9) // newc(18.5,30,31.5,70)
	statstest.Near(t, "GD p", gd.P, 0.12663045794761627, 1e-9)               // prop.test(c(18.5,31.5),c(30,70),correct=FALSE)$p.value
	// Played: 30/55, mean first decision 385/55 = 7.
	pl := troll.Events[s.Event("played")]
	if !pl.HasTurn || pl.MeanTurn != 7 || pl.With.N != 55 || pl.Without.N != 45 {
		t.Errorf("played: %+v", pl)
	}
	// Never played: no turn, untested, not in the Holm family of "played".
	if sp := s.Components[1].Events[s.Event("played")]; sp.HasTurn || sp.Diff.HasInterval() || sp.PHolm != 1 {
		t.Errorf("ship played: %+v", sp)
	}

	// Ranking by |IWD|: troll (+33.3) before ship (−3.9).
	if r := s.Ranked(); r[0].Name != "troll 3" || r[1].Name != "ship" {
		t.Errorf("ranked %s, %s", r[0].Name, r[1].Name)
	}
	sent := s.Sentences(1)
	if len(sent) != 1 || !strings.HasPrefix(sent[0], "Troll 3 seen (dealt or drawn): +33.3 points [+13.4, +49.6] of win share against never seen (IWD, n = 60 of 100 games; Holm p = 0.002)") {
		t.Errorf("sentence: %q", sent)
	}
	if got := s.EventSentence(troll, s.Event("dealt")); !strings.HasPrefix(got, "Troll 3 in the opening hand: +20.8 points") {
		t.Errorf("OH sentence: %q", got)
	}
	tb := s.RankedTable(5)
	if len(tb.Rows) != 2 || tb.Rows[0][1] != "troll 3" || tb.Rows[0][6] != "+33.3" || len(tb.Header) != len(tb.Rows[0]) {
		t.Errorf("ranked table: %+v", tb)
	}
	full := s.FullTable()
	for _, r := range full.Rows {
		if len(r) != len(full.Header) {
			t.Errorf("full table row %v does not match header %v", r, full.Header)
		}
	}
}

func TestComponentsPooledAndKey(t *testing.T) {
	agg := componentFixture()
	other := sim.ComponentTally{Games: 100, Share60: 3000,
		Count:   [][]int64{{35, 12}, {20, 8}, {40, 3}, {50, 20}},
		Win60:   [][]int64{{900, 420}, {600, 240}, {1200, 60}, {1500, 600}},
		TurnSum: [][]int64{{0, 0}, {200, 50}, {300, 30}, {0, 0}},
	}
	agg.Agents = append(agg.Agents, other)
	pooled, err := Components(agg, nil, ComponentOptions{Agent: Pooled})
	if err != nil {
		t.Fatal(err)
	}
	// The pooled analysis has the point estimates of one agent holding the summed counts,
	// and the intervals of half as many games (two agents: design effect 2).
	sum := componentFixture()
	a := &sum.Agents[0]
	a.Games += other.Games
	a.Share60 += other.Share60
	for e := range a.Count {
		for c := range a.Count[e] {
			a.Count[e][c] += other.Count[e][c]
			a.Win60[e][c] += other.Win60[e][c]
			a.TurnSum[e][c] += other.TurnSum[e][c]
		}
	}
	one, err := Components(sum, nil, ComponentOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if pooled.Agent != "all agents (pooled)" || one.Agent != "agent 0" || pooled.DesignEffect != 2 || one.DesignEffect != 1 {
		t.Errorf("labels %q, %q", pooled.Agent, one.Agent)
	}
	for c := range pooled.Components {
		for e := range pooled.Components[c].Events {
			p, o := pooled.Components[c].Events[e], one.Components[c].Events[e]
			if p.With.Value != o.With.Value || p.With.N != o.With.N || p.Without.Value != o.Without.Value || p.Without.N != o.Without.N ||
				p.Diff.Value != o.Diff.Value || p.MeanTurn != o.MeanTurn || p.HasTurn != o.HasTurn {
				t.Errorf("pooled %+v != summed %+v", p, o)
			}
			n, w := a.Count[e][c], float64(a.Win60[e][c])/60
			if want := stats.Wilson(w/2, float64(n)/2); p.With.Lo != want.Lo || p.With.Hi != want.Hi {
				t.Errorf("pooled interval %v, want %v", p.With, want)
			}
		}
	}
	// Troll seen: 63 wins in 110 games against 37 in 90, at half the games.
	iwd := pooled.Components[0].Events[pooled.Key]
	statstest.Near(t, "pooled IWD lo", iwd.Diff.Lo, -0.034070438419070426, 1e-9) // newc(31.5,55,18.5,45)
	statstest.Near(t, "pooled IWD hi", iwd.Diff.Hi, 0.340577560033862747, 1e-9)
	statstest.Near(t, "pooled IWD p", iwd.P, 0.10782192815996823, 1e-9) // prop.test(c(31.5,18.5),c(55,45),correct=FALSE)$p.value
	// Another key event ranks by it.
	byPlay, err := Components(agg, nil, ComponentOptions{Agent: 1, Key: "played"})
	if err != nil {
		t.Fatal(err)
	}
	if byPlay.KeyEvent() != "played" || !strings.Contains(byPlay.RankedTable(0).Title, "played − not played") {
		t.Errorf("key played: %+v", byPlay.RankedTable(0).Title)
	}
	// Without "seen" the first event ranks.
	noSeen := componentFixture()
	noSeen.Events = noSeen.Events[:3]
	noSeen.Agents[0].Count = noSeen.Agents[0].Count[:3]
	noSeen.Agents[0].Win60 = noSeen.Agents[0].Win60[:3]
	noSeen.Agents[0].TurnSum = noSeen.Agents[0].TurnSum[:3]
	if s, err := Components(noSeen, nil, ComponentOptions{}); err != nil || s.KeyEvent() != "dealt" {
		t.Errorf("no seen: %v, %v", s, err)
	}
}

func TestComponentsBadInput(t *testing.T) {
	bad := func(mut func(a *sim.ComponentAgg), opt ComponentOptions, want string) {
		t.Helper()
		agg := componentFixture()
		mut(agg)
		if _, err := Components(agg, nil, opt); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want one containing %q", err, want)
		}
	}
	bad(func(a *sim.ComponentAgg) {}, ComponentOptions{Agent: 3}, "out of range")
	bad(func(a *sim.ComponentAgg) {}, ComponentOptions{Key: "eaten"}, `unknown event "eaten" (the game has dealt, drawn, played, seen)`)
	bad(func(a *sim.ComponentAgg) { a.Agents[0].Count[1] = a.Agents[0].Count[1][:1] }, ComponentOptions{}, "count[1] has 1 components")
	bad(func(a *sim.ComponentAgg) { a.Agents[0].Win60 = a.Agents[0].Win60[:2] }, ComponentOptions{}, "win60 has 2 events")
	bad(func(a *sim.ComponentAgg) { a.Agents[0].Count[0][0] = 101 }, ComponentOptions{}, "impossible")
	bad(func(a *sim.ComponentAgg) { a.Agents[0].Win60[0][0] = 60*40 + 1 }, ComponentOptions{}, "impossible")
	bad(func(a *sim.ComponentAgg) { a.Agents[0].Share60 = 6001 }, ComponentOptions{}, "impossible")
	bad(func(a *sim.ComponentAgg) { a.Names = nil }, ComponentOptions{}, "tracks no components")
	if _, err := Components(nil, nil, ComponentOptions{}); err == nil {
		t.Error("nil aggregate accepted")
	}
}

func TestComponentsEdgeCases(t *testing.T) {
	// No games at all, and all wins with a component in every game.
	for _, tc := range []sim.ComponentTally{
		{Games: 0, Share60: 0, Count: [][]int64{{0}, {0}}, Win60: [][]int64{{0}, {0}}},
		{Games: 20, Share60: 1200, Count: [][]int64{{20}, {20}}, Win60: [][]int64{{1200}, {1200}}, TurnSum: [][]int64{{0}, {0}}},
		{Games: 20, Share60: 1200, Count: [][]int64{{10}, {12}}, Win60: [][]int64{{600}, {720}}, TurnSum: [][]int64{{0}, {0}}},
	} {
		agg := &sim.ComponentAgg{Names: []string{"gem"}, Events: []string{"dealt", "seen"}, Agents: []sim.ComponentTally{tc}}
		s, err := Components(agg, nil, ComponentOptions{})
		if err != nil {
			t.Fatal(err)
		}
		statstest.Encodable(t, "edge case", s)
		es := s.Components[0].Events[s.Key]
		if tc.Games == 0 || tc.Count[1][0] == tc.Games {
			if es.Diff.HasInterval() || s.Family != 0 || es.PHolm != 1 {
				t.Errorf("%+v: %+v", tc, es)
			}
		} else if !es.Diff.HasInterval() || es.Diff.Value != 0 || es.P != 1 || es.With.Hi != 1 {
			// All wins on both sides: tested, no difference.
			t.Errorf("all wins: %+v", es)
		}
		for _, sent := range s.Sentences(0) {
			if strings.Contains(sent, "NaN") {
				t.Errorf("sentence %q", sent)
			}
		}
		if ch, err := IWDChart(s, "test", "iwd", 5); err != nil || (ch == nil) == es.Diff.HasInterval() {
			t.Errorf("chart %v, %v", ch, err)
		}
	}
}

// A component almost never missing has a huge but meaningless never-seen difference: the
// ranking puts the clear differences first, not the largest point estimates.
func TestRankedPutsClearDifferencesFirst(t *testing.T) {
	s := &ComponentStats{Key: 0, Components: []ComponentStat{
		{Name: "noisy", Events: []EventStat{{Diff: stats.Estimate{Value: -0.5, Lo: -0.9, Hi: 0.4, Method: "newcombe"}}}},
		{Name: "clear", Events: []EventStat{{Diff: stats.Estimate{Value: 0.05, Lo: 0.03, Hi: 0.07, Method: "newcombe"}}}},
		{Name: "clearer", Events: []EventStat{{Diff: stats.Estimate{Value: -0.08, Lo: -0.12, Hi: -0.04, Method: "newcombe"}}}},
		{Name: "untested", Events: []EventStat{{Diff: stats.Estimate{Lo: -1, Hi: 1}}}},
	}}
	var got []string
	for _, c := range s.Ranked() {
		got = append(got, c.Name)
	}
	if want := "clearer clear noisy untested"; strings.Join(got, " ") != want {
		t.Errorf("ranked %v, want %s", got, want)
	}
}
