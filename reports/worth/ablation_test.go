package worth

import (
	"strings"
	"testing"

	_ "dragonlab/engine/all"
	"dragonlab/reports/doc"
	"dragonlab/sim"
	"dragonlab/sim/stats/statstest"
)

// dupResult is a duplicate-seating result whose agent 0 (restricted) took the given deal
// totals in sixtieths: totals[v] deals with total v.
func dupResult(players int, totals map[int64]int64) *sim.Result {
	r := &sim.Result{Game: "toy", Players: players, Seating: sim.SeatDuplicate, Agents: make([]string, players)}
	r.Agents[0] = "restricted"
	for i := 1; i < players; i++ {
		r.Agents[i] = "greedy"
	}
	for v, c := range totals {
		r.Aggregate.Paired.AddN(v, c)
		r.Games += c * int64(players)
	}
	return r
}

func TestAblation(t *testing.T) {
	restricted := map[string]*sim.Result{
		// v <- c(rep(0,3), rep(30,2), rep(60,10), 90, rep(120,4)); x <- v/120
		"play-ship": dupResult(2, map[int64]int64{0: 3, 30: 2, 60: 10, 90: 1, 120: 4}),
		// v <- c(rep(0,8), rep(60,10), rep(120,2))
		"use-cape": dupResult(2, map[int64]int64{0: 8, 60: 10, 120: 2}),
		// Lost every game of 12 deals: no variation between deals.
		"play-troll": dupResult(2, map[int64]int64{0: 12}),
		"one-deal":   dupResult(2, map[int64]int64{120: 1}),
		"no-deals":   dupResult(2, nil),
	}
	tb, err := RestrictedPlay(nil, restricted)
	if err != nil {
		t.Fatal(err)
	}
	statstest.Encodable(t, "ablation", tb)
	if tb.Baseline != 0.5 || tb.BaselineSE != 0 || tb.Family != 3 || tb.Players != 2 || tb.Game != "toy" {
		t.Fatalf("header %+v", tb)
	}
	order := []string{"play-troll", "use-cape", "play-ship", "no-deals", "one-deal"}
	for i, r := range tb.Rows {
		if r.Class != order[i] {
			t.Fatalf("order: row %d is %s, want %s", i, r.Class, order[i])
		}
	}
	byClass := map[string]AblationRow{}
	for _, r := range tb.Rows {
		byClass[r.Class] = r
	}
	ship := byClass["play-ship"]
	// Wilson's interval at the effective number of games n_eff = min(games, max(deals,
	// deals·p(1−p)/var(x))) (stats.AnalyzePaired), x the per-deal mean shares; here
	// n_eff = 40 games (the deals are less variable than single games). Reference values
	// from the closed forms in Python (math only):
	//   prop.test(p·n_eff, n_eff, p=0.5, correct=FALSE)$conf.int and $p.value in R.
	statstest.Near(t, "ship change", ship.Change.Value, 0.0125, 1e-12) // mean(x) - 0.5
	statstest.Near(t, "ship lo", ship.Change.Lo, 0.36344220418697826-0.5, 1e-9)
	statstest.Near(t, "ship hi", ship.Change.Hi, 0.65936725578308941-0.5, 1e-9)
	statstest.Near(t, "ship p", ship.P, 0.87436706116289231, 1e-9)
	statstest.Near(t, "ship share lo", ship.Share.Lo, 0.36344220418697826, 1e-9)
	statstest.Near(t, "ship Holm", ship.PHolm, 0.87436706116289231, 1e-9) // p.adjust(c(ship, cape, troll), "holm")
	statstest.Near(t, "cape lo", byClass["use-cape"].Change.Lo, 0.2213452887317629-0.5, 1e-9)
	statstest.Near(t, "cape p", byClass["use-cape"].P, 0.057779571123597238, 1e-9)
	statstest.Near(t, "cape Holm", byClass["use-cape"].PHolm, 2*0.057779571123597238, 1e-9)
	troll := byClass["play-troll"]
	if troll.Method != "wilson" || troll.Change.Value != -0.5 || troll.Change.Lo != -0.5 || !troll.Tested {
		t.Errorf("troll %+v", troll)
	}
	// Every deal alike: n_eff is the games (24), prop.test(0, 24, correct=FALSE).
	statstest.Near(t, "troll hi", troll.Change.Hi, 0.13797620467498017-0.5, 1e-9)
	statstest.Near(t, "troll p", troll.P, 9.6335700864309904e-07, 1e-12)
	statstest.Near(t, "troll Holm", troll.PHolm, 3*9.6335700864309904e-07, 1e-12)
	if w := troll.Worth(); w.Value != 0.5 || w.Hi != 0.5 {
		t.Errorf("troll worth %+v", w)
	}
	one := byClass["one-deal"]
	if one.Tested || one.Method != "one deal" || one.PHolm != 1 || one.Share.Value != 1 {
		t.Errorf("one deal %+v", one)
	}
	statstest.Near(t, "one deal lo", one.Change.Lo, 0.2065493143772375-0.5, 1e-9) // prop.test(1, 1, correct=FALSE)$conf.int
	none := byClass["no-deals"]
	if none.Tested || none.Change.Lo != -0.5 || none.Change.Hi != 0.5 || none.P != 1 {
		t.Errorf("no deals %+v", none)
	}

	if got := tb.Sentence(troll); got != "Forbidding play-troll costs 50.0 points of win share [36.2, 50.0] (12 deals; Holm p < 0.001)." {
		t.Errorf("sentence %q", got)
	}
	if got := tb.Sentence(ship); got != "Forbidding play-ship gains 1.2 points of win share [-13.7, 15.9] (20 deals; Holm p = 0.87)." {
		t.Errorf("sentence %q", got)
	}
	c, err := AblationContent(tb, "Toy, 2 players", "ablation")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Charts) != 1 || len(c.Sentences) != 5 || len(c.Tables[0].Rows) != 5 {
		t.Errorf("content %+v", c)
	}
	for _, r := range c.Tables[0].Rows {
		if len(r) != len(c.Tables[0].Header) {
			t.Errorf("row %v", r)
		}
	}
}

func TestAblationBaseline(t *testing.T) {
	// Three players, no games without a winner: the baseline is 1/3.
	// v <- c(rep(0,4), rep(20,3), rep(60,5), rep(80,2), 150); x <- v/180
	three := dupResult(3, map[int64]int64{0: 4, 20: 3, 60: 5, 80: 2, 150: 1})
	base := dupResult(3, map[int64]int64{60: 10})
	base.Agents = []string{"greedy", "greedy", "greedy"}
	tb, err := RestrictedPlay(base, map[string]*sim.Result{"switch": three})
	if err != nil {
		t.Fatal(err)
	}
	r := tb.Rows[0]
	statstest.Near(t, "baseline", tb.Baseline, 1.0/3, 1e-15)
	// n_eff = 45 (the games): prop.test(p·45, 45, p=1/3, correct=FALSE).
	statstest.Near(t, "lo", r.Change.Lo, 0.14521119731894511-1.0/3, 1e-9)
	statstest.Near(t, "hi", r.Change.Hi, 0.3907022005613246-1.0/3, 1e-9)
	statstest.Near(t, "p", r.P, 0.2254333683050754, 1e-9)
	statstest.Near(t, "base check", tb.BaseCheck.Value, 1.0/3, 1e-15)
	if tb.Base != "greedy" || tb.BaseCheck.N != 10 {
		t.Errorf("base %+v", tb)
	}

	// Two players, 10% of the base games (duplicate: 100 deals of 2) without a winner:
	// baseline 0.45 with standard error √(0.1·0.9/100)/2 = 0.015, whose z·SE is added in
	// quadrature to each side of the share's Wilson interval (n_eff = 40); the score test
	// z = (p − 0.45)/√(0.45·0.55/40 + 0.015²).
	base2 := dupResult(2, map[int64]int64{60: 90, 0: 10})
	base2.NoWinner = 20
	ship := dupResult(2, map[int64]int64{0: 3, 30: 2, 60: 10, 90: 1, 120: 4})
	tb, err = RestrictedPlay(base2, map[string]*sim.Result{"ship": ship})
	if err != nil {
		t.Fatal(err)
	}
	r = tb.Rows[0]
	statstest.Near(t, "baseline", tb.Baseline, 0.45, 1e-15)
	statstest.Near(t, "baseline se", tb.BaselineSE, 0.015, 1e-12)
	statstest.Near(t, "lo", r.Change.Lo, -0.089429439962413676, 1e-9)
	statstest.Near(t, "hi", r.Change.Hi, 0.21228090350879708, 1e-9)
	statstest.Near(t, "p", r.P, 0.43510358439161856, 1e-9)

	// A rotate-seated base checks agent 0's share by its tally.
	rot := &sim.Result{Game: "toy", Players: 2, Seating: sim.SeatRotate, Games: 40, Agents: []string{"g", "g"},
		ByAgent: []sim.SeatResult{{Games: 40, WinShare: 21}, {Games: 40, WinShare: 19}}}
	tb, err = RestrictedPlay(rot, map[string]*sim.Result{"ship": ship})
	if err != nil || tb.BaseCheck.Value != 21.0/40 || tb.BaseCheck.N != 40 {
		t.Errorf("rotate base: %+v, %v", tb, err)
	}
}

// A share's interval stays within 0–100% and the change's within what a share
// can change by, however few the deals. Ten deals of two players, one won in both seat
// orders and nine lost in both: Student's t over the deals gave 10.0% [−12.6, 32.6].
func TestAblationIntervalsInBounds(t *testing.T) {
	for _, players := range []int{2, 3, 5} {
		full := int64(60 * players)
		for name, totals := range map[string]map[int64]int64{
			"one won of ten": {full: 1, 0: 9},
			"nine of ten":    {full: 9, 0: 1},
			"two deals":      {full: 1, 0: 1},
			"mixed":          {0: 5, 60: 3, full: 2},
		} {
			tb, err := RestrictedPlay(nil, map[string]*sim.Result{"x": dupResult(players, totals)})
			if err != nil {
				t.Fatal(err)
			}
			r := tb.Rows[0]
			base := tb.Baseline
			if r.Share.Lo < 0 || r.Share.Hi > 1 || !(r.Share.Lo <= r.Share.Value && r.Share.Value <= r.Share.Hi) {
				t.Errorf("%dp %s: share %v [%v, %v] leaves 0–100%%", players, name, r.Share.Value, r.Share.Lo, r.Share.Hi)
			}
			if r.Change.Lo < -base-1e-12 || r.Change.Hi > 1-base+1e-12 {
				t.Errorf("%dp %s: change [%v, %v] beyond [−%v, %v]", players, name, r.Change.Lo, r.Change.Hi, base, 1-base)
			}
		}
	}
	// The worst case: the share reads 10.0% [1.8, 40.4] (Wilson at n_eff = 10
	// games: the two games of a deal always agree, so a deal counts as one game).
	tb, err := RestrictedPlay(nil, map[string]*sim.Result{"x": dupResult(2, map[int64]int64{120: 1, 0: 9})})
	if err != nil {
		t.Fatal(err)
	}
	statstest.Near(t, "share lo", tb.Rows[0].Share.Lo, 0.017876213095072896, 1e-9)
	statstest.Near(t, "share hi", tb.Rows[0].Share.Hi, 0.40415002679523848, 1e-9)
	statstest.Near(t, "p", tb.Rows[0].P, 0.011412036386001656, 1e-9)
}

func TestAblationBadInput(t *testing.T) {
	ok := dupResult(2, map[int64]int64{60: 3})
	solo := dupResult(1, map[int64]int64{60: 3})
	rot := dupResult(2, map[int64]int64{60: 3})
	rot.Seating = sim.SeatRotate
	three := dupResult(3, map[int64]int64{60: 3})
	other := dupResult(2, map[int64]int64{60: 3})
	other.Game = "draco"
	bad := dupResult(2, map[int64]int64{121: 1})
	for name, tc := range map[string]struct {
		base *sim.Result
		r    map[string]*sim.Result
	}{
		"none":          {nil, nil},
		"nil result":    {nil, map[string]*sim.Result{"x": nil}},
		"one player":    {nil, map[string]*sim.Result{"x": solo}},
		"rotate":        {nil, map[string]*sim.Result{"x": rot}},
		"players":       {nil, map[string]*sim.Result{"x": ok, "y": three}},
		"games":         {nil, map[string]*sim.Result{"x": ok, "y": other}},
		"base players":  {three, map[string]*sim.Result{"x": ok}},
		"base no games": {&sim.Result{Game: "toy", Players: 2}, map[string]*sim.Result{"x": ok}},
		"deal total":    {nil, map[string]*sim.Result{"x": bad}},
	} {
		if _, err := RestrictedPlay(tc.base, tc.r); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestAblationClassifiesRestrictions: a restriction of a choice class (Dragonheart's
// choose-troll: the same Hero cards can take the Princesses instead) is a finding; one of a
// class that spends cards (play-ship) is flagged as measuring holding them forever and
// goes to the appendix, with the share of decisions it could not be kept.
func TestAblationClassifiesRestrictions(t *testing.T) {
	troll := dupResult(2, map[int64]int64{30: 400, 90: 200})
	troll.Game = "dragonheart"
	ship := dupResult(2, map[int64]int64{30: 400, 90: 200})
	ship.Game = "dragonheart"
	ship.Aggregate.Restrict = []sim.Restriction{{Bound: 300, Unkept: 100}, {}}
	meta := doc.Meta{Game: "dragonheart", Players: 2, Complete: true}
	a, err := AnalyzeAblation(meta, "greedy", 2, []string{"choose-troll", "play-ship"}, nil, "",
		[]AblationInput{{Forbid: []string{"choose-troll"}, File: "a.json", Result: troll}, {Forbid: []string{"play-ship"}, File: "b.json", Result: ship}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range a.Table.Rows {
		if r.Choice != (r.Class == "choose-troll") || (r.Class == "play-ship" && r.Unkept != 0.25) {
			t.Errorf("row %+v", r)
		}
	}
	f := strings.Join(a.Findings, " ")
	if !strings.Contains(f, "Forbidding choose-troll costs") || !strings.Contains(f, "Forbidding play-ship changes what the player holds") || !strings.Contains(f, HoldingFlag) {
		t.Errorf("findings %q", a.Findings)
	}
	d, err := a.Doc()
	if err != nil {
		t.Fatal(err)
	}
	var appendix bool
	for _, s := range d.Sections {
		if s.Appendix && s.Title == "Restrictions that change holdings" {
			appendix = true
		}
	}
	if !appendix {
		t.Error("no appendix of the restrictions that change holdings")
	}
	if got := a.Table.HoldingTable(); len(got.Rows) != 1 || got.Rows[0][0] != "play-ship" || got.Rows[0][5] != "25.0%" {
		t.Errorf("holding table %+v", got.Rows)
	}
}
