package analysis

import (
	"bytes"
	"context"
	_ "dragonlab/agents/picktest"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/engine"
	_ "dragonlab/engine/all"
	"dragonlab/reports/designer"
	"dragonlab/reports/htmlcheck"
	"dragonlab/reports/luck"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

// tinyDesign is a small study design of cheap levels: Dragonheart, Draco with 3 players
// and the Dragon Scales solitaire; its first run plays 900 deals (more than 256 per shard
// of three). cmd/dragonlab's tests play it too.
const tinyDesign = "testdata/tiny-study.json"

// The plan of a study: for every game and player count, each level's self-play (replay
// seating, the same seed: the same deals at every level, with the game-feel metrics and
// the components where asked), the ladder (duplicate, each level alone against the level
// below), restricted play of every action class and the lever sweep.
func TestStudyPlanShape(t *testing.T) {
	quick := experiment.Study{Common: experiment.Common{Seed: 1}, Quick: true, Only: []string{"draco"}, OnlySet: true}
	p, err := quick.Plan()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Resolve(); err != nil {
		t.Fatal(err)
	}
	var o experiment.StudyOptions
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
			// Luck accounting at the measuring level (the expert), in every stage it plays.
			if r.Luck != (i == 3) || lv.Luck != r.Luck {
				t.Errorf("%s: luck accounting %v", lv.Run, r.Luck)
			}
			for _, a := range r.Agents {
				if a != lv.Agent {
					t.Errorf("%s: self-play of %s has agent %s", lv.Run, lv.Agent, a)
				}
			}
		}
		for _, st := range c.Ladder {
			r := run(st.Run)
			if r.Seating != sim.SeatDuplicate || r.Agents[0] != c.Levels[st.Upper].Agent || r.Agents[1] != c.Levels[st.Lower].Agent || st.Upper != st.Lower+1 || r.Luck != (st.Upper == 3) {
				t.Errorf("%s: %+v", st.Run, r)
			}
		}
		if len(c.Levers) != 1 || !c.Levers[0].Lever.Family() {
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
	// Pure: the same options give the same bytes; another seed another plan.
	q, _ := quick.Plan()
	a, _ := p.Marshal()
	b, _ := q.Marshal()
	if string(a) != string(b) {
		t.Error("the same options give different plans")
	}
	quick.Seed = 2
	r, _ := quick.Plan()
	if plan.Same(p, r) {
		t.Error("another seed gives the same plan")
	}
}

// The budgets as designs: a budget written as JSON (what --print-design prints) reads
// back into the same runs.
func TestDesignRoundTrip(t *testing.T) {
	for _, o := range []experiment.Study{{Quick: true}, {Full: true}, {}} {
		s, _, err := o.Design()
		if err != nil {
			t.Fatal(err)
		}
		data, err := json.MarshalIndent(s, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), "design.json")
		os.WriteFile(file, data, 0o644)
		p1, err := o.Plan()
		if err != nil {
			t.Fatal(err)
		}
		p2, err := experiment.Study{DesignFile: file, DesignSet: true}.Plan()
		if err != nil {
			t.Fatalf("%+v: the printed design does not read back: %v", o, err)
		}
		a, _ := json.Marshal(p1.Runs)
		b, _ := json.Marshal(p2.Runs)
		if string(a) != string(b) {
			t.Errorf("%+v: the printed design plays other runs", o)
		}
	}
}

// Bad designs and options: one error naming the problem.
func TestStudyBadInput(t *testing.T) {
	dir := t.TempDir()
	design := func(body string) experiment.Study {
		f, _ := os.CreateTemp(dir, "design-*.json")
		f.WriteString(body)
		f.Close()
		return experiment.Study{DesignFile: f.Name(), DesignSet: true}
	}
	levels := `"levels": [{"name": "random", "agent": "random", "deals": 10}, {"name": "greedy", "agent": "greedy", "deals": 10}]`
	quickPlan := design(`{}`)
	quickPlan.Quick = true
	for name, c := range map[string]struct {
		o    experiment.Study
		want string
	}{
		"quick and full":   {experiment.Study{Quick: true, Full: true}, "one of --quick, --full and --plan"},
		"plan and quick":   {quickPlan, "one of --quick"},
		"games zero":       {experiment.Study{Games: 0, GamesSet: true}, "--games must be positive"},
		"only unknown":     {experiment.Study{Only: []string{"chess"}, OnlySet: true}, "chess"},
		"only twice":       {experiment.Study{Only: []string{"draco", "draco"}, OnlySet: true}, "twice"},
		"only empty":       {experiment.Study{Only: []string{}, OnlySet: true}, "names no game"},
		"no such file":     {experiment.Study{DesignFile: filepath.Join(dir, "none.json"), DesignSet: true}, "--plan"},
		"empty plan":       {experiment.Study{DesignFile: "", DesignSet: true}, "--plan is empty"},
		"not json":         {design("{\n\"schema\": \"dragonlab.study/v1\",\n  levels: []}"), "line 3"},
		"schema":           {design(`{"schema": "x", ` + levels + `}`), "schema"},
		"unknown field":    {design(`{"schema": "dragonlab.study/v1", "levls": [], ` + levels + `}`), "levls"},
		"one level":        {design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "random", "agent": "random", "deals": 10}]}`), "at least two levels"},
		"level name":       {design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "Random!", "agent": "random", "deals": 10}, {"name": "g", "agent": "greedy"}]}`), "name"},
		"same names":       {design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "a", "agent": "random"}, {"name": "a", "agent": "greedy"}]}`), "two levels are named a"},
		"bad agent":        {design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "a", "agent": "random"}, {"name": "b", "agent": "mcts:iters=0"}]}`), "levels[1]"},
		"cheating level":   {design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "a", "agent": "random"}, {"name": "b", "agent": "oracle"}]}`), "cheats"},
		"negative deals":   {design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "a", "agent": "random", "deals": -1}, {"name": "b", "agent": "greedy"}]}`), "-1 deals"},
		"bad key":          {design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "a", "agent": "random", "deals": {"chess": 4}}, {"name": "b", "agent": "greedy"}]}`), `unknown key "chess"`},
		"unknown level":    {design(`{"schema": "dragonlab.study/v1", ` + levels + `, "ablation": [{"level": "expert", "deals": 5}]}`), `unknown level "expert"`},
		"unknown game":     {design(`{"schema": "dragonlab.study/v1", "games": [{"game": "chess"}], ` + levels + `}`), "chess"},
		"players":          {design(`{"schema": "dragonlab.study/v1", "games": [{"game": "dragonheart", "players": [3]}], ` + levels + `}`), "3"},
		"variant no rules": {design(`{"schema": "dragonlab.study/v1", "games": [{"game": "draco", "variant": "x"}], ` + levels + `}`), "variant"},
		"bad rules":        {design(`{"schema": "dragonlab.study/v1", "games": [{"game": "draco", "variant": "x", "rules": {"handSize": -3}}], ` + levels + `}`), "handSize"},
		"bad lever":        {design(`{"schema": "dragonlab.study/v1", ` + levels + `, "compensation": [{"level": "greedy", "deals": 5, "lever": {"key": "nope", "values": [1]}}]}`), "nope"},
		"nothing played":   {design(`{"schema": "dragonlab.study/v1", "levels": [{"name": "a", "agent": "random"}, {"name": "b", "agent": "greedy"}]}`), "plays nothing"},
	} {
		p, err := c.o.Plan()
		if err == nil {
			t.Errorf("%s: accepted (%d runs)", name, len(p.Runs))
			continue
		}
		if !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %q does not say %q in one line", name, err, c.want)
		}
	}
}

// A tiny study end to end, without the command line: the report answers for every game,
// in every format; the HTML page holds every game's section, chart and table with no
// broken link (checked against the report model rebuilt from the results).
func TestTinyStudyReport(t *testing.T) {
	out := filepath.Join(t.TempDir(), "study")
	p, err := experiment.Study{Common: experiment.Common{Seed: 1, Command: "dragonlab study --plan tiny-study.json"}, DesignFile: tinyDesign, DesignSet: true}.Plan()
	if err != nil {
		t.Fatal(err)
	}
	var stdout bytes.Buffer
	if err := experiment.Play(context.Background(), p, plan.Options{Dir: out}, &stdout, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Dragonheart", "Draco", "Dragon Scales", "report.html"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
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
	data, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &sum); err != nil {
		t.Fatal(err)
	}
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
	// The measuring level (tiny-study.json: greedy) played with luck accounting, and the
	// report reads that run: its luck share, and seat 0's advantage luck-adjusted (the
	// raw beside it) from the very results file, in the answer and in summary.csv.
	var lucky struct {
		Data struct {
			Games []struct {
				Game    string
				Configs []struct {
					Players int
					Levels  []struct {
						Level    string
						Favoured bool
						Seats    []struct {
							Advantage struct{ Value, Lo, Hi float64 }
						}
					}
					LuckAccounting []struct {
						Level string
						Share struct{ Value float64 }
						Seats []struct {
							Raw, Adjusted struct{ Value, Lo, Hi float64 }
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal(data, &lucky); err != nil {
		t.Fatal(err)
	}
	dh := lucky.Data.Games[0].Configs[0]
	if len(dh.LuckAccounting) != 1 || dh.LuckAccounting[0].Level != "greedy" {
		t.Fatalf("dragonheart: luck accounting %+v", dh.LuckAccounting)
	}
	r, err := sim.ReadResult(filepath.Join(out, "results", "dragonheart-2p-self-greedy.json"))
	if err != nil {
		t.Fatal(err)
	}
	acc, err := luck.Account(r)
	if err != nil {
		t.Fatal(err)
	}
	la, adj := dh.LuckAccounting[0], acc.Seats[0].Adjusted
	if la.Share.Value != acc.LuckShare.Value || la.Seats[0].Adjusted.Value != adj.Value || dh.Levels[2].Seats[0].Advantage.Value != adj.Value ||
		dh.Levels[2].Seats[0].Advantage.Lo != adj.Lo || la.Seats[0].Raw.Value != acc.Seats[0].Raw.Value {
		t.Errorf("dragonheart greedy: the report says luck %v, seat 0 %+v (raw %+v); the run's accounting %v, %+v (raw %+v)",
			la.Share.Value, dh.Levels[2].Seats[0].Advantage, la.Seats[0].Raw, acc.LuckShare.Value, adj.Estimate, acc.Seats[0].Raw.Estimate)
	}
	// The HTML against the model, rebuilt from the directory as merge would.
	q, m, err := plan.MergeDir(out, false)
	if err != nil {
		t.Fatal(err)
	}
	in, err := studyInput(&experiment.Analysis{Plan: q, Results: m.Results, Complete: m.Complete, Dir: out})
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

// Luck: one replay run per level (self-play, each deal K times) and one duplicate run per
// pair of consecutive levels, stronger alone against weaker; none for one player.
func TestLuckPlan(t *testing.T) {
	p, err := experiment.Luck{Common: experiment.Common{Seed: 1}, Game: experiment.Game{Name: "draco", Players: 3}, Agents: "random,greedy:samples=1,studytest-first", Replays: 5, Deals: 70}.Plan()
	if err != nil {
		t.Fatal(err)
	}
	var o experiment.LuckOptions
	if err := p.DecodeOptions(&o); err != nil {
		t.Fatal(err)
	}
	if len(p.Runs) != 5 || len(o.Replay) != 3 || len(o.Duels) != 2 || o.Replays != 5 {
		t.Fatalf("%d runs, options %+v", len(p.Runs), o)
	}
	r := p.Runs[p.Index(o.Replay[1])]
	if r.Seating != sim.SeatReplay || r.Replays != 5 || r.Units != 70 || r.Games() != 350 || strings.Join(r.Agents, ",") != "greedy:samples=1,greedy:samples=1,greedy:samples=1" {
		t.Errorf("replay run %+v", r)
	}
	d := p.Runs[p.Index(o.Duels[1].Run)]
	if d.Seating != sim.SeatDuplicate || strings.Join(d.Agents, ",") != "studytest-first,greedy:samples=1,greedy:samples=1" || o.Duels[1].Stronger != 2 {
		t.Errorf("duel run %+v", d)
	}
	for _, name := range o.Replay {
		if r := p.Runs[p.Index(name)]; !r.Luck || o.NoLuck != "" {
			t.Errorf("replay run %s without luck accounting (%q)", name, o.NoLuck)
		}
	}
	for _, d := range o.Duels {
		if p.Runs[p.Index(d.Run)].Luck {
			t.Errorf("duel %s with luck accounting", d.Run)
		}
	}
	p, err = experiment.Luck{Common: experiment.Common{Seed: 1}, Game: experiment.Game{Name: "dragonscales", Players: 1}, Agents: "random,greedy", Replays: 4, Deals: 1000}.Plan()
	if err != nil || len(p.Runs) != 2 || !p.Runs[0].Luck {
		t.Fatalf("one player: %v, %d runs", err, len(p.Runs))
	}
	// The value function's fit seed is refused, in one line.
	g, _ := engine.Lookup("draco")
	vf, err := sim.LoadValue(g, nil, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = experiment.Luck{Common: experiment.Common{Seed: vf.Ref.Seed}, Game: experiment.Game{Name: "draco", Players: 3}, Agents: "random,greedy", Replays: 2, Deals: 10}.Plan()
	if err == nil || !strings.Contains(err.Error(), "fitted on") || strings.Contains(err.Error(), "\n") {
		t.Errorf("the fit seed: %v", err)
	}
}

// Study designs do not drop or default bad values: lever values
// outside the parameter's range, not whole for a whole parameter, or huge; null sizes;
// an empty list of player counts; size keys of player counts no game has. Each is refused
// with the field's path.
func TestDesignBadValuesAreRefusedWithTheirPath(t *testing.T) {
	dir := t.TempDir()
	levels := `"levels": [{"name": "random", "agent": "random", "deals": 10}, {"name": "greedy", "agent": "greedy", "deals": 10}]`
	lever := func(game, key, values string) string {
		return `{"schema": "dragonlab.study/v1", "games": [{"game": "` + game + `", "players": [3]}], ` + levels +
			`, "compensation": [{"level": "greedy", "deals": 5, "lever": {"key": "` + key + `", "values": ` + values + `}}]}`
	}
	for name, c := range map[string]struct{ design, want string }{
		"seat bonus out of range": {lever("draco", "seatBonus", "[1, 99]"), "compensation[0].lever"},
		"not whole":               {lever("draco", "handSize", "[2.5]"), "compensation[0].lever"},
		"huge":                    {lever("draco", "handSize", "[1e300]"), "compensation[0].lever"},
		"huge seat bonus":         {lever("draco", "seatBonus", "[1e300]"), "compensation[0].lever"},
		"outside the range":       {lever("draco", "handSize", "[99]"), "compensation[0].lever"},
		"deals null":              {`{"schema": "dragonlab.study/v1", "levels": [{"name": "random", "agent": "random", "deals": null}, {"name": "greedy", "agent": "greedy", "deals": 10}]}`, "levels[0] (random).deals: null"},
		"deals key null":          {`{"schema": "dragonlab.study/v1", ` + levels + `, "ladder": {"deals": {"default": 5, "2p": null}}}`, `ladder.deals: key "2p": null`},
		"players empty":           {`{"schema": "dragonlab.study/v1", "games": [{"game": "draco", "players": []}], ` + levels + `}`, "games[0].players"},
		"9p":                      {`{"schema": "dragonlab.study/v1", ` + levels + `, "ladder": {"deals": {"default": 5, "9p": 40}}}`, `ladder.deals: key "9p"`},
		"target too wide":         {`{"schema": "dragonlab.study/v1", ` + levels + `, "targets": {"seat": {"default": 0.03, "2p": 2}}}`, "targets.seat: 2"},
		"target key":              {`{"schema": "dragonlab.study/v1", ` + levels + `, "targets": {"luck": {"7p": 0.1}}}`, `targets.luck: key "7p"`},
		"draco/1p":                {`{"schema": "dragonlab.study/v1", "levels": [{"name": "random", "agent": "random", "deals": {"default": 5, "draco/1p": 3}}, {"name": "greedy", "agent": "greedy", "deals": 10}]}`, `levels[0] (random).deals: key "draco/1p"`},
	} {
		file := filepath.Join(dir, strings.NewReplacer(" ", "-", "/", "-").Replace(name)+".json")
		os.WriteFile(file, []byte(c.design), 0o644)
		p, err := experiment.Study{Common: experiment.Common{Seed: 1}, DesignFile: file, DesignSet: true}.Plan()
		if err == nil {
			t.Errorf("%s: accepted (%d runs)", name, len(p.Runs))
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %q does not name %q", name, err, c.want)
		}
	}
}

// Time budgets (ms=) do not slip into studies: a design level with a
// time budget, also inside a wrapper's base, is refused.
func TestDesignLevelsRefuseTimeBudgets(t *testing.T) {
	dir := t.TempDir()
	for _, agent := range []string{"mcts:ms=2", "noisy:base=(mcts:ms=2)", "restrict:base=(noisy:base=(mcts:iters=5,ms=7)),forbid=x"} {
		file := filepath.Join(dir, "design.json")
		os.WriteFile(file, []byte(`{"schema": "dragonlab.study/v1", "games": [{"game": "draco", "players": [2]}],
  "levels": [{"name": "random", "agent": "random", "deals": 10}, {"name": "timed", "agent": "`+agent+`", "deals": 10}]}`), 0o644)
		_, err := experiment.Study{DesignFile: file, DesignSet: true}.Plan()
		if err == nil || !strings.Contains(err.Error(), "levels[1] (timed).agent") || !strings.Contains(err.Error(), "time budget") {
			t.Errorf("%s: %v", agent, err)
		}
	}
}
