package designer

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
	_ "dragonlab/engine/all"
	"dragonlab/reports/doc"
	"dragonlab/reports/htmlcheck"
	"dragonlab/reports/worth"
	"dragonlab/sim"
)

// play runs a small real run (cheap agents) for the tests.
func play(t *testing.T, game string, players int, specs []string, seating string, units int64, params string, metrics, comps bool) *sim.Result {
	t.Helper()
	g, err := engine.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	p := g.DefaultParams()
	if params != "" {
		if p, err = engine.ParseParams(g, []byte(params)); err != nil {
			t.Fatal(err)
		}
	}
	var fs []agents.Factory
	for _, s := range specs {
		f, err := agents.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		fs = append(fs, f)
	}
	cfg := sim.Config{Game: g, Params: p, Players: players, Agents: fs, Seating: seating, Seed: 3, Units: units, Workers: 2,
		Metrics: metrics, Components: comps}
	if seating == sim.SeatReplay {
		cfg.Replays = 2
	}
	r, err := sim.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// playValue runs a small value run: substitutions or decision values, fixed seating.
func playValue(t *testing.T, game string, specs []string, sub *sim.Substitution, decisions bool, units int64) *sim.Result {
	t.Helper()
	g, err := engine.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	var fs []agents.Factory
	for _, s := range specs {
		f, err := agents.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		fs = append(fs, f)
	}
	r, err := sim.Run(context.Background(), sim.Config{Game: g, Players: len(specs), Agents: fs, Seed: 3, Units: units, Workers: 2,
		Substitute: sub, Decisions: decisions})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func rep(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// tinyStudy is a study of Draco (2 and 3 players) and the Dragon Scales solitaire with
// cheap levels: random, then greedy with one sample.
func tinyStudy(t *testing.T) *Input {
	t.Helper()
	in := &Input{Title: "test study", Command: "dragonlab study --test", Tool: "dragonlab test", Budget: "custom", Seed: 3, Replays: 2, Complete: true}
	levels := []string{"random", "greedy:samples=1"}
	for _, n := range []int{2, 3} {
		c := Config{Game: "draco", Title: "Draco (Mount Drago)", Players: n}
		for i, spec := range levels {
			name := []string{"random", "greedy"}[i]
			deals := int64(150)
			if n == 2 && i == 1 {
				deals = 1500 // enough for seat 0's edge under greedy play to show (+5 points)
			}
			c.Levels = append(c.Levels, Level{Name: name, Agent: spec, File: name + ".json",
				Result: play(t, "draco", n, rep(spec, n), sim.SeatReplay, deals, "", true, i == 1)})
		}
		c.Ladder = []Step{{Upper: 1, Lower: 0, File: "ladder.json", Result: play(t, "draco", n, append([]string{levels[1]}, rep(levels[0], n-1)...), sim.SeatDuplicate, 60, "", false, false)}}
		// Restricted play stands in with unrestricted runs (the structure is what is tested).
		c.Ablation = []Ablation{{Level: 1, Classes: []string{"stay", "discard"}, Rows: []worth.AblationInput{
			{Forbid: []string{"stay"}, File: "a.json", Result: play(t, "draco", n, rep(levels[1], n), sim.SeatDuplicate, 40, "", false, false)},
			{Forbid: []string{"discard"}, File: "b.json", Result: play(t, "draco", n, rep(levels[1], n), sim.SeatDuplicate, 40, "", false, false)},
		}}}
		bonus := map[int][]string{2: {`{"seatBonus":[0,-4]}`, `{"seatBonus":[0,4]}`}, 3: {`{"seatBonus":[0,-4,-8]}`, `{"seatBonus":[0,4,8]}`}}[n]
		c.Levers = []Sweep{{Level: 1, Lever: engine.LeverValues{Path: "seatBonus", Why: "test"}, Points: []SweepPoint{
			{X: -4, File: "l1.json", Result: play(t, "draco", n, rep(levels[1], n), sim.SeatReplay, 150, bonus[0], true, false)},
			{X: 4, File: "l2.json", Result: play(t, "draco", n, rep(levels[1], n), sim.SeatReplay, 150, bonus[1], true, false)},
		}}}
		if n == 2 {
			c.Value = []Value{{Level: 1,
				Substitution: worth.Input{File: "sub.json", Result: playValue(t, "draco", []string{levels[1], levels[1]}, &sim.Substitution{Components: []string{"card 1", "card 5"}}, false, 200)},
				Decisions:    worth.Input{File: "dec.json", Result: playValue(t, "draco", []string{"mcts:iters=40", "mcts:iters=40"}, nil, true, 6)}}}
		}
		in.Configs = append(in.Configs, c)
	}
	c := Config{Game: "dragonscales", Title: "Dragon Scales", Players: 1}
	for i, spec := range levels {
		c.Levels = append(c.Levels, Level{Name: []string{"random", "greedy"}[i], Agent: spec, File: "ds.json",
			Result: play(t, "dragonscales", 1, []string{spec}, sim.SeatReplay, 200, "", true, true)})
	}
	c.Levers = []Sweep{{Level: 1, Lever: engine.LeverValues{Path: "soloJokers", Base: 1, Why: "difficulty"}, Points: []SweepPoint{
		{X: 0, File: "j0.json", Result: play(t, "dragonscales", 1, []string{levels[1]}, sim.SeatReplay, 200, `{"soloJokers":0}`, true, false)},
	}}}
	in.Configs = append(in.Configs, c)
	return in
}

// The report: every game's section with its answer and the five questions, every chart
// and table present in the HTML, no broken link (reports/htmlcheck, a real parser);
// summary.json holds an answer for every game; the same input gives the same bytes.
func TestStudyReport(t *testing.T) {
	in := tinyStudy(t)
	rp, err := Analyze(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(rp.Games) != 2 {
		t.Fatalf("%d games, want draco and dragonscales", len(rp.Games))
	}
	for _, g := range rp.Games {
		if len(g.Answer) < 80 || strings.Contains(g.Answer, "NaN") {
			t.Errorf("%s: answer %q", g.Game, g.Answer)
		}
	}
	d, err := rp.Doc()
	if err != nil {
		t.Fatal(err)
	}
	page, err := d.HTML()
	if err != nil {
		t.Fatal(err)
	}
	if err := htmlcheck.Check(d, page); err != nil {
		t.Error(err)
	}
	text, err := htmlcheck.Text(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range rp.Games {
		if !strings.Contains(text, g.label()) || !strings.Contains(string(page), `id="`+g.chartSlug("answers")+`"`) {
			t.Errorf("no section for %s", g.Game)
		}
		if !strings.Contains(string(page), g.Answer[:60]) {
			t.Errorf("%s: the answer is not on the page", g.Game)
		}
	}
	// The built-in sections (a registered question's, such as the feel, is checked with its
	// registration in reports/analysis).
	for _, q := range []string{"Is it fair?", "Does skill matter?", "How much is luck?", "What matters?", "What to change?"} {
		if n := strings.Count(text, q); n < len(rp.Games) {
			t.Errorf("%q appears %d times for %d games", q, n, len(rp.Games))
		}
	}
	var names []string
	for _, c := range d.Charts() {
		names = append(names, c.Name)
	}
	for _, want := range []string{"draco-fairness", "draco-ladder", "draco-2p-actions"} {
		if !strings.Contains(strings.Join(names, " "), want) {
			t.Errorf("no chart %s (charts: %v)", want, names)
		}
	}
	// Draco with two players favours seat 0 under greedy play: the sweep finds the
	// starting points that make the seats fair, and its chart is shown.
	h := rp.Games[0].headline()
	l := h.Compensation[0]
	if !l.Needed || l.Compensation == nil || !l.Compensation.Found || !strings.Contains(l.Text, "makes seat 0 fair") ||
		!(l.Compensation.Value.Value > 0) || !strings.Contains(strings.Join(names, " "), "draco-2p-greedy-seatbonus") {
		t.Errorf("draco 2p compensation: needed %v, %+v, %q, charts %v", l.Needed, l.Compensation, l.Text, names)
	}
	// Where nothing is favoured, no sweep chart.
	for _, a := range rp.Games[0].Configs[1:] {
		if !a.Compensation[0].Needed && !a.Levels[a.Top].Favoured && strings.Contains(strings.Join(names, " "), fmt.Sprintf("draco-%dp-greedy", a.Players)) {
			t.Errorf("%dp: a sweep chart without a seat to compensate", a.Players)
		}
	}
	// What decides games: the value stage (component values, critical decisions), restricted
	// play of choices in the headline and of holdings in the appendix only, flagged; IWD
	// labelled as an association.
	va := h.Value
	if len(va) != 1 || len(va[0].Components) != 2 || len(va[0].Decisions) == 0 || va[0].Critical == nil {
		t.Errorf("value answer %+v", va)
	}
	if s := h.DecideSentence(); !strings.Contains(s, "critical") || !strings.Contains(s, "greedy play") || strings.Contains(s, "discard") {
		t.Errorf("decide sentence %q", s)
	}
	for _, r := range h.Ablation[0].Rows {
		if (r.Class == "stay") != r.Choice || (r.Class == "discard") != (r.Holding == HoldingFlag) {
			t.Errorf("ablation row %+v", r)
		}
	}
	for _, want := range []string{"the five components worth most, by substitution", HoldingFlag, "Associations, not effects", "draco-2p-components"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	// Every game and player count has its folded detail section in the appendix.
	for _, id := range []string{"draco-2p-detail", "draco-3p-detail", "dragonscales-1p-detail"} {
		if !strings.Contains(string(page), `<section id="`+id+`"`) {
			t.Errorf("no detail section %s", id)
		}
	}
	if !strings.Contains(string(page), "<details>") {
		t.Error("the stage detail is not folded in the HTML")
	}

	checkStudyFiles(t, in, rp, d)
}

// checkStudyFiles checks the study's files: summary.json holds the answers and the
// seats' intervals, the same input renders the same files, and Write writes them all.
func checkStudyFiles(t *testing.T, in *Input, rp *Report, d *doc.Doc) {
	t.Helper()
	files, err := doc.Render(d)
	if err != nil {
		t.Fatal(err)
	}
	var sum struct {
		Data struct {
			Games []struct {
				Game    string
				Answer  string
				Configs []struct {
					Players int
					Levels  []struct {
						Level string
						Seats []struct {
							Advantage struct{ Value, Lo, Hi *float64 }
						}
						Luck *struct{ Value float64 }
					}
				}
			}
		}
	}
	for _, f := range files {
		if f.Name == doc.JSONName {
			if err := json.Unmarshal(f.Data, &sum); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(sum.Data.Games) != 2 || sum.Data.Games[0].Answer == "" || len(sum.Data.Games[0].Configs) != 2 {
		t.Fatalf("summary.json: %+v", sum.Data)
	}
	adv := sum.Data.Games[0].Configs[0].Levels[1].Seats[0].Advantage
	if adv.Value == nil || adv.Lo == nil || !(*adv.Lo < *adv.Value && *adv.Value < *adv.Hi) {
		t.Errorf("seat 0's advantage in summary.json: %+v", adv)
	}

	// Deterministic: the same input, the same files.
	rp2, err := Analyze(in)
	if err != nil {
		t.Fatal(err)
	}
	d2, err := rp2.Doc()
	if err != nil {
		t.Fatal(err)
	}
	files2, err := doc.Render(d2)
	if err != nil {
		t.Fatal(err)
	}
	for i := range files {
		if string(files[i].Data) != string(files2[i].Data) {
			t.Errorf("%s differs between two renderings", files[i].Name)
		}
	}
	dir := t.TempDir()
	if _, err := rp.Write(dir); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"report.pdf", "report.html", "summary.md", "summary.csv", "summary.json", "charts/draco-fairness.png", "charts/draco-fairness.svg"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
}
