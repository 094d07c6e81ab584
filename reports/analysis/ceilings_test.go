package analysis

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/reports/skill"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

// The ceilings plan holds one ceiling trace per game and player count of two or more,
// each cell's runs exactly those of that game's own ceiling plan (renamed), and passes its
// own check; an edited plan (a cell renamed, a run of another cell's game) is refused.
func TestCeilingsPlan(t *testing.T) {
	o := experiment.Ceilings{Base: "expert", Doublings: 2, Deals: 3, SelfDeals: 2}
	p, err := o.Plan()
	if err != nil {
		t.Fatal(err)
	}
	var opts experiment.CeilingsOptions
	if err := json.Unmarshal(p.Options, &opts); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, g := range engine.Games() {
		for n := max(2, g.MinPlayers); n <= g.MaxPlayers; n++ {
			want = append(want, experiment.CellName(g.Name, n))
		}
	}
	var got []string
	runs := 0
	for _, c := range opts.Cells {
		got = append(got, c.Name)
		one, err := experiment.Ceiling{Game: experiment.Game{Name: c.Skill.Meta.Game, Players: c.Skill.Meta.Players, PlayersSet: true},
			Base: "expert", Doublings: 2, Games: 3 * int64(c.Skill.Meta.Players), SelfGames: 2 * int64(c.Skill.Meta.Players), SelfGamesSet: true}.Plan()
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range one.Runs {
			i := p.Index(c.Name + "-" + r.Name)
			if i < 0 {
				t.Fatalf("%s: no run %s-%s", c.Name, c.Name, r.Name)
			}
			q := p.Runs[i]
			if q.Game != r.Game || q.Players != r.Players || q.Units != r.Units || strings.Join(q.Agents, " ") != strings.Join(r.Agents, " ") {
				t.Errorf("%s: run %s differs from the game's own ceiling plan", c.Name, q.Name)
			}
			runs++
		}
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("cells %v, want %v", got, want)
	}
	if runs != len(p.Runs) {
		t.Errorf("%d runs in the cells, %d in the plan", runs, len(p.Runs))
	}
	if err := experiment.CheckPlan(p); err != nil {
		t.Fatalf("the plan does not pass its own check: %v", err)
	}
	edit := func(f func(o *experiment.CeilingsOptions, p *plan.Plan)) error {
		q, _ := o.Plan()
		var eo experiment.CeilingsOptions
		if err := json.Unmarshal(q.Options, &eo); err != nil {
			t.Fatal(err)
		}
		f(&eo, q)
		if err := q.SetOptions(eo); err != nil {
			t.Fatal(err)
		}
		return experiment.CheckPlan(q)
	}
	if err := edit(func(eo *experiment.CeilingsOptions, _ *plan.Plan) { eo.Cells[1].Name = eo.Cells[0].Name }); err == nil {
		t.Errorf("a cell named twice passed the check")
	}
	if err := edit(func(eo *experiment.CeilingsOptions, _ *plan.Plan) {
		eo.Cells[0].Skill.Self[0] = eo.Cells[1].Skill.Self[0]
	}); err == nil {
		t.Errorf("a cell with another cell's run passed the check")
	}
	if err := edit(func(eo *experiment.CeilingsOptions, _ *plan.Plan) { eo.Cells = eo.Cells[1:] }); err == nil {
		t.Errorf("a plan with runs no cell names passed the check")
	}
	for _, bad := range []experiment.Ceilings{
		{Base: "expert", Doublings: 2, Deals: 0, SelfDeals: 2},
		{Base: "expert", Doublings: 1, Deals: 3, SelfDeals: 2},
		{Base: "expert", Doublings: 2, Deals: 3, SelfDeals: 2, Only: "chess"},
	} {
		if _, err := bad.Plan(); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

// A tiny ceilings plan played end to end: a report per cell in its subdirectory, and a
// summary row per cell whose trend is the cell's own.
func TestCeilingsReport(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	o := experiment.Ceilings{Base: "mcts", Start: 2, Doublings: 2, Deals: 4, SelfDeals: 4, Only: "dragonheart,redhot"}
	p, err := o.Plan()
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	var stdout bytes.Buffer
	if err := experiment.Play(context.Background(), p, plan.Options{Dir: out, Workers: 1}, &stdout, io.Discard); err != nil {
		t.Fatal(err)
	}
	var sum Ceilings
	readJSON(t, filepath.Join(out, "summary.json"), &sum)
	if len(sum.Rows) != 5 { // dragonheart 2p, redhot 2p to 5p
		t.Fatalf("%d rows, want 5", len(sum.Rows))
	}
	for _, r := range sum.Rows {
		var sk skill.Skill
		readJSON(t, filepath.Join(out, r.Cell, "summary.json"), &sk)
		if sk.Ceiling == nil || sk.Trend.P != r.TrendP || r.Changes != (r.TrendP < 0.05) || sk.Players != r.Players {
			t.Errorf("%s: the summary row %+v is not the cell's trace (trend p %v)", r.Cell, r, sk.Trend.P)
		}
	}
	if !strings.Contains(stdout.String(), "Fairness changes with skill in") {
		t.Errorf("the terminal summary does not say whether fairness changes with skill:\n%s", stdout.String())
	}
}

func readJSON(t *testing.T, file string, v any) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
}
