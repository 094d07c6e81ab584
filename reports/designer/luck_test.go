package designer

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/engine/value"
	"dragonlab/reports/doc"
	"dragonlab/reports/luck/lucktest"
	"dragonlab/sim"
)

func init() { engine.Register(lucktest.Game) }

// coinRun plays the luck toy (reports/luck/lucktest) with the coin deciding every game
// (q = 4) and seat 0 winning it bias times in 10: replay seating as the study's
// self-play, luck accounting with the toy's exact value function when vf is not nil.
func coinRun(t *testing.T, bias int, seed uint64, deals int64, vf *value.Loaded) *sim.Result {
	t.Helper()
	f, err := agents.Parse("random")
	if err != nil {
		t.Fatal(err)
	}
	r, err := sim.Run(context.Background(), sim.Config{Game: lucktest.Game, Params: &lucktest.Params{Q: 4, Bias: bias}, Players: 2,
		Agents: []agents.Factory{f, f}, Seating: sim.SeatReplay, Replays: 2, Seed: seed, Units: deals, Workers: 1, Metrics: true, Luck: vf})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The fairness verdicts use the luck-adjusted advantages consistently: page and appendix
// agree, and the raw numbers are kept beside them in the appendix.
//
// A known truth: in the toy, when the coin decides every game, a seat's result less its
// luck is exactly its chance before the coin, so the luck-adjusted advantage is the true
// one with no spread. With seat 0 winning the coin 6 times in 10 it is +10 points exactly:
// favoured, while the raw estimate from 40 deals is too noisy to say so (variant
// "biased"). With a fair coin it is exactly 0, while the raw estimate of an unlucky run of
// deals says seat 0 is favoured (variant "fair", a seed found by search). In both, every
// place that states the verdict — the level's answer, the glance table, the game's answer,
// the appendix's tables and summary.csv — says the adjusted one.
func TestLuckAdjustedVerdictsAgree(t *testing.T) {
	biased := coinRun(t, 6, 1, 40, lucktest.Value([2]float64{0.6, 0.4}, 0))
	// An unlucky run of a fair coin: the raw advantage of seat 0 beyond 3 standard errors.
	var fair *sim.Result
	for seed := uint64(1); seed < 2000 && fair == nil; seed++ {
		r := coinRun(t, 5, seed, 40, nil)
		s0 := float64(r.Aggregate.Seats[0].WinShare()) / float64(r.Games)
		if math.Abs(s0-0.5) > 0.25 {
			fair = coinRun(t, 5, seed, 40, lucktest.Value([2]float64{0.5, 0.5}, 0))
		}
	}
	if fair == nil {
		t.Fatal("no unlucky run found")
	}
	in := &Input{Title: "luck test", Command: "test", Tool: "dragonlab test", Budget: "custom", Seed: 1, Replays: 2, Complete: true}
	for _, c := range []struct {
		variant string
		r       *sim.Result
	}{{"biased", biased}, {"fair", fair}} {
		in.Configs = append(in.Configs, Config{Game: "coinskill", Title: "Coin or skill", Variant: c.variant, Players: 2,
			Levels: []Level{{Name: "expert", Agent: "random", File: c.variant + ".json", Result: c.r}}})
	}
	rp, err := Analyze(in)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"biased": true, "fair": false} // favoured, by the adjusted advantage
	for _, g := range rp.Games {
		a := g.Configs[0]
		la := a.Levels[0]
		if len(a.LuckAccounting) != 1 {
			t.Fatalf("%s: no luck accounting in the answer", g.Variant)
		}
		acc := a.LuckAccounting[0]
		adj, raw := acc.Seats[0].Adjusted, acc.Seats[0].Raw
		truth := map[string]float64{"biased": 0.1, "fair": 0}[g.Variant]
		if math.Abs(adj.Value-truth) > 1e-9 || adj.HalfWidth() > 1e-9 {
			t.Errorf("%s: adjusted advantage %+v, want exactly %v", g.Variant, adj.Estimate, truth)
		}
		if la.Seats[0].Advantage != adj || la.Favoured != want[g.Variant] || acc.RawFavoured == want[g.Variant] {
			t.Errorf("%s: the level reads %+v favoured %v, the adjusted %+v, raw %+v favoured %v", g.Variant, la.Seats[0].Advantage.Estimate, la.Favoured,
				adj.Estimate, raw.Estimate, acc.RawFavoured)
		}
		if acc.Seats[0].PHolm != la.Seats[0].PHolm || acc.Seats[1].PHolm != la.Seats[1].PHolm {
			t.Errorf("%s: Holm p %v in the luck table, %v in the level", g.Variant, acc.Seats[0].PHolm, la.Seats[0].PHolm)
		}
		// The game's answer, the fairness line and page 1's row say the adjusted verdict.
		adjText := ptsWithUnit(adj)
		if want[g.Variant] {
			if !strings.Contains(g.Answer, "favoured") || !strings.Contains(g.Answer, adjText) || !strings.Contains(a.fairBrief(), "10.0 points more than fair") {
				t.Errorf("%s: answer %q, fairness %q", g.Variant, g.Answer, a.fairBrief())
			}
		} else if !strings.Contains(g.Answer, "The seats are fair") || strings.Contains(a.fairBrief(), "more than fair") {
			t.Errorf("%s: answer %q, fairness %q", g.Variant, g.Answer, a.fairBrief())
		}
		if !strings.Contains(a.glanceLine(), adjText) || !strings.Contains(a.glanceLine(), "chance carries") {
			t.Errorf("%s: detail summary %q lacks %s or the luck along the game", g.Variant, a.glanceLine(), adjText)
		}
	}

	d, err := rp.Doc()
	if err != nil {
		t.Fatal(err)
	}
	files, err := doc.Render(d)
	if err != nil {
		t.Fatal(err)
	}
	var md, csvText string
	for _, f := range files {
		switch f.Name {
		case doc.MDName:
			md = string(f.Data)
		case "summary.csv":
			csvText = string(f.Data)
		}
	}
	for _, g := range rp.Games {
		acc := g.Configs[0].LuckAccounting[0]
		adj, raw := ptsIv(acc.Seats[0].Adjusted), ptsIv(acc.Seats[0].Raw)
		star := map[bool]string{true: " *", false: ""}[want[g.Variant]]
		for _, line := range []string{
			ptsWithUnit(acc.Seats[0].Adjusted) + " |", // the glance table
			"| expert | 80 | ",                        // the appendix's level row …
			"| 0 | " + adj + " | ",                    // … and its luck table: adjusted, then raw
		} {
			if !strings.Contains(md, line) {
				t.Errorf("%s: summary.md lacks %q", g.Variant, line)
			}
		}
		if !strings.Contains(md, "seat 0 "+adj+strings.TrimSpace(star)+" | ") || !strings.Contains(md, " | "+raw+" | ") {
			t.Errorf("%s: the appendix does not give the adjusted %s%s beside the raw %s", g.Variant, adj, star, raw)
		}
	}
	rows, err := csv.NewReader(strings.NewReader(csvText)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, row := range rows[1:] {
		v, _ := strconv.ParseFloat(row[col["seat0_advantage"]], 64)
		r, _ := strconv.ParseFloat(row[col["seat0_raw"]], 64)
		l, _ := strconv.ParseFloat(row[col["luck"]], 64)
		acc := map[string]*LuckAccount{}
		for _, g := range rp.Games {
			acc[g.Variant] = &g.Configs[0].LuckAccounting[0]
		}
		a := acc[row[col["variant"]]]
		if math.Abs(v-a.Seats[0].Adjusted.Value) > 1e-9 || math.Abs(r-a.Seats[0].Raw.Value) > 1e-9 || row[col["favoured"]] != strconv.FormatBool(want[row[col["variant"]]]) ||
			math.Abs(l-a.Share.Value) > 1e-9 {
			t.Errorf("summary.csv %v: advantage %v raw %v luck %v", row[col["variant"]], v, r, l)
		}
	}
	// summary.json carries both, under the answer's luckAccounting.
	data, err := json.Marshal(rp)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"luckAccounting"`, `"adjusted"`, `"raw"`, `"rawFavoured"`, `"varianceRatio"`, `"events"`} {
		if !strings.Contains(string(data), key) {
			t.Errorf("summary.json lacks %s", key)
		}
	}
}
