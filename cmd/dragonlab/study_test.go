package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/reports/designer"
	"dragonlab/reports/htmlcheck"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// tinyStudyDesign writes a small study design of cheap levels into dir: Dragonheart,
// Draco with 3 players and the Dragon Scales solitaire; its first run plays 900 deals
// (more than 256 per shard of three).
func tinyStudyDesign(t *testing.T, dir string) string {
	t.Helper()
	file := filepath.Join(dir, "tiny-study.json")
	design := `{
  "schema": "dragonlab.study/v1",
  "title": "tiny study",
  "games": [{"game": "dragonheart"}, {"game": "draco", "players": [3]}, {"game": "dragonscales", "players": [1]}],
  "levels": [
    {"name": "random", "agent": "random", "deals": 900},
    {"name": "casual", "agent": "studytest-first", "deals": {"default": 40, "dragonscales": 0}},
    {"name": "greedy", "agent": "greedy:samples=1", "deals": 60, "components": true}
  ],
  "ladder": {"deals": 30},
  "ablation": [{"level": "greedy", "deals": {"default": 0, "dragonheart": 8}}],
  "compensation": [{"level": "greedy", "deals": 40,
    "lever": {"default": {"key": "seatBonus", "values": [-2, 2]}, "dragonscales/1p": {"key": "soloJokers", "values": [0]}}}]
}`
	if err := os.WriteFile(file, []byte(design), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// The plan of a study: for every game and player count, each level's self-play (replay
// seating, the same seed: the same deals at every level, with the game-feel metrics and
// the components where asked), the ladder (duplicate, each level alone against the level
// below), restricted play of every action class and the lever sweep.
func TestStudyPlanShape(t *testing.T) {
	p, err := buildPlan(t, "study", "--quick", "--only", "draco")
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Resolve(); err != nil {
		t.Fatal(err)
	}
	var o studyOptions
	if err := p.DecodeOptions(&o); err != nil {
		t.Fatal(err)
	}
	if len(o.Configs) != 4 || o.Budget != "quick" || o.Replays != 2 {
		t.Fatalf("configs %d, budget %s, replays %d", len(o.Configs), o.Budget, o.Replays)
	}
	run := func(name string) *plan.Run {
		i := p.Index(name)
		if i < 0 {
			t.Fatalf("no run %s", name)
		}
		return &p.Runs[i]
	}
	for _, c := range o.Configs {
		if len(c.Levels) != 4 || len(c.Ladder) != 3 {
			t.Fatalf("%dp: %d levels, %d steps", c.Players, len(c.Levels), len(c.Ladder))
		}
		for i, lv := range c.Levels {
			r := run(lv.Run)
			if r.Seating != sim.SeatReplay || r.Replays != 2 || !r.Metrics || r.Components != (i >= 2) || r.Seed != 1 || r.Players != c.Players {
				t.Errorf("%s: %+v", lv.Run, r)
			}
			for _, a := range r.Agents {
				if a != lv.Agent {
					t.Errorf("%s: self-play of %s has agent %s", lv.Run, lv.Agent, a)
				}
			}
		}
		for _, st := range c.Ladder {
			r := run(st.Run)
			if r.Seating != sim.SeatDuplicate || r.Agents[0] != c.Levels[st.Upper].Agent || r.Agents[1] != c.Levels[st.Lower].Agent || st.Upper != st.Lower+1 {
				t.Errorf("%s: %+v", st.Run, r)
			}
		}
		if len(c.Levers) != 1 || !c.Levers[0].Seat || c.Levers[0].Key != "seatBonus" {
			t.Fatalf("%dp levers: %+v", c.Players, c.Levers)
		}
		for _, pt := range c.Levers[0].Points {
			r := run(pt.Run)
			var params struct{ SeatBonus []int }
			json.Unmarshal(r.Params, &params)
			for s, b := range params.SeatBonus {
				if b != int(pt.X)*s {
					t.Errorf("%s: seatBonus %v, want seat s at %g·s", pt.Run, params.SeatBonus, pt.X)
				}
			}
		}
		if c.Players == 2 {
			if len(c.Ablation) != 1 || len(c.Ablation[0].Runs) != len(c.Ablation[0].Classes) || len(c.Ablation[0].Classes) < 5 {
				t.Fatalf("2p ablation: %+v", c.Ablation)
			}
			r := run(c.Ablation[0].Runs[0].Run)
			if r.Seating != sim.SeatDuplicate || !strings.HasPrefix(r.Agents[0], "restrict:") || r.Agents[1] != c.Levels[c.Ablation[0].Level].Agent {
				t.Errorf("ablation run: %+v", r)
			}
		}
	}
	// The quick budget skips restricted play beyond two players.
	if len(o.Configs[1].Ablation) != 0 {
		t.Errorf("3p ablation in the quick budget: %+v", o.Configs[1].Ablation)
	}
	// Pure: the same flags give the same bytes; another seed another plan.
	q, _ := buildPlan(t, "study", "--only", "draco", "--quick")
	a, _ := p.Marshal()
	b, _ := q.Marshal()
	if string(a) != string(b) {
		t.Error("the same flags give different plans")
	}
	r, _ := buildPlan(t, "study", "--only", "draco", "--quick", "--seed", "2")
	if plan.Same(p, r) {
		t.Error("another seed gives the same plan")
	}
}

// The budgets and a printed design: --print-design writes the budget as a design that
// --plan reads back into the same runs.
func TestStudyPrintDesignRoundTrip(t *testing.T) {
	for _, budget := range []string{"--quick", "--full"} {
		out := mustCLI(t, "study", budget, "--print-design")
		file := filepath.Join(t.TempDir(), "design.json")
		os.WriteFile(file, []byte(out), 0o644)
		p1, err := buildPlan(t, "study", budget)
		if err != nil {
			t.Fatal(err)
		}
		p2, err := buildPlan(t, "study", "--plan", file)
		if err != nil {
			t.Fatalf("%s: the printed design does not read back: %v", budget, err)
		}
		a, _ := json.Marshal(p1.Runs)
		b, _ := json.Marshal(p2.Runs)
		if string(a) != string(b) {
			t.Errorf("%s: the printed design plays other runs", budget)
		}
	}
}

// Bad designs and flags: one line, exit 2, nothing written.
func TestStudyBadInput(t *testing.T) {
	dir := t.TempDir()
	design := func(body string) string {
		f, _ := os.CreateTemp(dir, "design-*.json")
		f.WriteString(body)
		f.Close()
		return f.Name()
	}
	levels := `"levels": [{"name": "random", "agent": "random", "deals": 10}, {"name": "greedy", "agent": "greedy", "deals": 10}]`
	out := filepath.Join(dir, "out")
	for name, c := range map[string]struct {
		args []string
		want string
	}{
		"quick and full":   {[]string{"study", "--quick", "--full"}, "one of --quick, --full and --plan"},
		"plan and quick":   {[]string{"study", "--quick", "--plan", design(`{}`)}, "one of --quick"},
		"games zero":       {[]string{"study", "--games", "0"}, "--games must be positive"},
		"only unknown":     {[]string{"study", "--only", "chess"}, "chess"},
		"only twice":       {[]string{"study", "--only", "draco,draco"}, "twice"},
		"no such file":     {[]string{"study", "--plan", filepath.Join(dir, "none.json")}, "--plan"},
		"empty plan":       {[]string{"study", "--plan", ""}, "--plan is empty"},
		"not json":         {[]string{"study", "--plan", design("{\n\"schema\": \"dragonlab.study/v1\",\n  levels: []}")}, "line 3"},
		"schema":           {[]string{"study", "--plan", design(`{"schema": "x", ` + levels + `}`)}, "schema"},
		"unknown field":    {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "levls": [], ` + levels + `}`)}, "levls"},
		"one level":        {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "random", "agent": "random", "deals": 10}]}`)}, "at least two levels"},
		"level name":       {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "Random!", "agent": "random", "deals": 10}, {"name": "g", "agent": "greedy"}]}`)}, "name"},
		"same names":       {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "a", "agent": "random"}, {"name": "a", "agent": "greedy"}]}`)}, "two levels are named a"},
		"bad agent":        {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "a", "agent": "random"}, {"name": "b", "agent": "mcts:iters=0"}]}`)}, "levels[1]"},
		"cheating level":   {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "a", "agent": "random"}, {"name": "b", "agent": "oracle"}]}`)}, "cheats"},
		"negative deals":   {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "a", "agent": "random", "deals": -1}, {"name": "b", "agent": "greedy"}]}`)}, "-1 deals"},
		"bad key":          {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "a", "agent": "random", "deals": {"chess": 4}}, {"name": "b", "agent": "greedy"}]}`)}, `unknown key "chess"`},
		"unknown level":    {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", ` + levels + `, "ablation": [{"level": "expert", "deals": 5}]}`)}, `unknown level "expert"`},
		"unknown game":     {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "games": [{"game": "chess"}], ` + levels + `}`)}, "chess"},
		"players":          {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "games": [{"game": "dragonheart", "players": [3]}], ` + levels + `}`)}, "3"},
		"variant no rules": {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "games": [{"game": "draco", "variant": "x"}], ` + levels + `}`)}, "variant"},
		"bad rules":        {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "games": [{"game": "draco", "variant": "x", "rules": {"handSize": -3}}], ` + levels + `}`)}, "handSize"},
		"bad lever":        {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", ` + levels + `, "compensation": [{"level": "greedy", "deals": 5, "lever": {"key": "nope", "values": [1]}}]}`)}, "nope"},
		"nothing played":   {[]string{"study", "--plan", design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "a", "agent": "random"}, {"name": "b", "agent": "greedy"}]}`)}, "plays nothing"},
	} {
		code, stdout, stderr := cli(t, append(c.args, "--out", out, "--quiet")...)
		checkRefused(t, name, code, stdout, stderr)
		if !strings.Contains(stderr, c.want) {
			t.Errorf("%s: stderr %q does not say %q", name, stderr, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%s: wrote %s", name, out)
		}
	}
}

// A tiny study end to end: the report answers for every game, in every format; the HTML
// page holds every game's section, chart and table with no broken link (checked against
// the report model rebuilt from the results).
func TestTinyStudyReport(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "study")
	stdout := mustCLI(t, "study", "--plan", tinyStudyDesign(t, dir), "--out", out, "--quiet")
	for _, want := range []string{"Dragonheart", "Draco", "Dragon Scales", "report.html"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	for _, f := range []string{"report.pdf", "report.html", "summary.md", "summary.csv", "summary.json", "plan.json",
		"charts/dragonheart-fairness.svg", "charts/dragonheart-fairness.png", "results/dragonheart-2p-self-random.json"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	var sum struct {
		Data struct {
			Games []struct {
				Game, Answer string
				Configs      []struct {
					Players      int
					Ablation     []json.RawMessage
					Compensation []json.RawMessage
				}
			}
		}
	}
	readJSON(t, filepath.Join(out, "summary.json"), &sum)
	if len(sum.Data.Games) != 3 {
		t.Fatalf("summary.json answers %d games, want 3", len(sum.Data.Games))
	}
	for _, g := range sum.Data.Games {
		if len(g.Answer) < 60 {
			t.Errorf("%s: answer %q", g.Game, g.Answer)
		}
		for _, c := range g.Configs {
			if len(c.Compensation) != 1 {
				t.Errorf("%s %dp: %d levers", g.Game, c.Players, len(c.Compensation))
			}
			if g.Game == "dragonheart" && len(c.Ablation) != 1 {
				t.Errorf("dragonheart: no restricted play in the answers")
			}
		}
	}
	// The HTML against the model, rebuilt from the directory as merge would.
	p, m, err := plan.MergeDir(out, false)
	if err != nil {
		t.Fatal(err)
	}
	a := &analysis{plan: p, results: m.Results, complete: m.Complete, dir: out}
	in, err := studyInput(a)
	if err != nil {
		t.Fatal(err)
	}
	rp, err := designer.Analyze(in)
	if err != nil {
		t.Fatal(err)
	}
	d, err := rp.Doc()
	if err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(filepath.Join(out, "report.html"))
	if err := htmlcheck.Check(d, page); err != nil {
		t.Error(err)
	}
	for _, id := range []string{"glance", "dragonheart-answers", "draco-answers", "dragonscales-answers", "dragonheart-2p-detail", "draco-3p-detail", "dragonscales-1p-detail"} {
		if !strings.Contains(string(page), `id="`+id+`"`) {
			t.Errorf("report.html has no section %s", id)
		}
	}
}
