package runreport_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
	_ "dragonlab/engine/all"
	"dragonlab/reports/htmlcheck"
	"dragonlab/reports/runreport"
	"dragonlab/sim"
)

// A results file with the optional aggregates: the report shows the
// game feel, the components and the luck share of it, in the PDF and the HTML alike, and
// a plain results file shows none of them.
func TestReportShowsWhySections(t *testing.T) {
	g, err := engine.Lookup("draco")
	if err != nil {
		t.Fatal(err)
	}
	f, err := agents.Parse("random")
	if err != nil {
		t.Fatal(err)
	}
	run := func(cfg sim.Config) *sim.Result {
		cfg.Game, cfg.Players, cfg.Agents, cfg.Seed, cfg.Workers = g, 3, []agents.Factory{f, f, f}, 7, 2
		r, err := sim.Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	vf, err := sim.LoadValue(g, nil, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	rich := run(sim.Config{Units: 300, Seating: sim.SeatReplay, Replays: 2, Metrics: true, Components: true, Luck: vf})
	plain := run(sim.Config{Units: 300})
	opts := runreport.Options{Questions: true, Titles: map[string]string{"draco": g.Title}}

	dir := filepath.Join(t.TempDir(), "rich")
	if err := runreport.Build([]*sim.Result{rich}, dir, opts); err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(filepath.Join(dir, runreport.MDName))
	for _, want := range []string{"### How does it feel?", "### Component win rates (associations, not effects)", "### Luck and skill", "IWD", "lead changes", "When the same bots replay a deal, the deal fixes about",
		"count the deal as the unit", "Associations within games of the same length (plays)", "### Luck along the game", "The chance events (cards, dice) carry", "luck-adjusted", "mean swing"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("summary.md lacks %q", want)
		}
	}
	page, _ := os.ReadFile(filepath.Join(dir, runreport.HTMLName))
	text, err := htmlcheck.Text(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"How does it feel?", "Component win rates (associations, not effects)", "Luck and skill", "Luck along the game"} {
		if !strings.Contains(text, want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
	for _, chart := range []string{"why-feel-length", "why-feel-leads", "why-components", "why-luck"} {
		if _, err := os.Stat(filepath.Join(dir, "charts", chart+".svg")); err != nil {
			t.Errorf("chart %s: %v", chart, err)
		}
		if !strings.Contains(string(page), `data-chart="`+chart+`"`) {
			t.Errorf("report.html does not show chart %s", chart)
		}
	}

	js, _ := os.ReadFile(filepath.Join(dir, "summary.json"))
	for _, want := range []string{`"luckShare"`, `"varianceRatio"`, `"draw"`, `"adjusted"`} {
		if !strings.Contains(string(js), want) {
			t.Errorf("summary.json lacks %s", want)
		}
	}
	// A value run's results file reports what each component and decision is worth.
	fv, err := agents.Parse("mcts:iters=10")
	if err != nil {
		t.Fatal(err)
	}
	sub := run(sim.Config{Units: 30, Substitute: &sim.Substitution{Components: []string{"card 1", "card 5"}}})
	sub2, err := sim.Run(context.Background(), sim.Config{Game: g, Players: 2, Agents: []agents.Factory{fv, fv}, Seed: 7, Units: 4, Decisions: true})
	if err != nil {
		t.Fatal(err)
	}
	dir = filepath.Join(t.TempDir(), "value")
	if err := runreport.Build([]*sim.Result{sub, sub2}, dir, opts); err != nil {
		t.Fatal(err)
	}
	md, _ = os.ReadFile(filepath.Join(dir, runreport.MDName))
	for _, want := range []string{"### What each component is worth", "One more card", "### What each decision is worth", "of the decisions with a choice are critical"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("the value report's summary.md lacks %q", want)
		}
	}

	dir = filepath.Join(t.TempDir(), "plain")
	if err := runreport.Build([]*sim.Result{plain}, dir, opts); err != nil {
		t.Fatal(err)
	}
	md, _ = os.ReadFile(filepath.Join(dir, runreport.MDName))
	for _, not := range []string{"How does it feel?", "What decides games?", "Luck and skill", "Luck along the game"} {
		if strings.Contains(string(md), not) {
			t.Errorf("a plain results file's report has %q", not)
		}
	}
}
