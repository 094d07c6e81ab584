package experiment

import (
	"slices"
	"strings"
	"testing"

	"dragonlab/engine"
)

// --player-counts: every count of the game by default, else ascending distinct counts of
// the game; --players is refused (a fit has a list of counts).
func TestValueFitPlayerCounts(t *testing.T) {
	g, err := engine.Lookup("draco")
	if err != nil {
		t.Fatal(err)
	}
	all, err := playerCounts(g, "")
	if err != nil || all[0] != g.MinPlayers || all[len(all)-1] != g.MaxPlayers || len(all) != g.MaxPlayers-g.MinPlayers+1 {
		t.Errorf("default counts %v, %v", all, err)
	}
	if got, err := playerCounts(g, "2, 4"); err != nil || !slices.Equal(got, []int{2, 4}) {
		t.Errorf("2, 4: %v, %v", got, err)
	}
	for _, list := range []string{"4,2", "2,2", "x", "99"} {
		if _, err := playerCounts(g, list); err == nil {
			t.Errorf("--player-counts %s accepted", list)
		}
	}
	o := ValueFit{Game: Game{Name: "draco", Players: 3, PlayersSet: true}, Agent: "random", Games: 1}
	if _, _, err := o.Fit(); err == nil || !strings.Contains(err.Error(), "--player-counts") {
		t.Errorf("--players accepted: %v", err)
	}
	o.Game = Game{Name: "draco"}
	fit, counts, err := o.Fit()
	if err != nil || len(counts) != len(all) || fit.File.Game != "draco" || fit.File.Fit.Seed != o.Seed {
		t.Errorf("fit %+v, counts %v, %v", fit, counts, err)
	}
}

// A direct run and its plan are one run: the same games and seats.
func TestDirectRunIsTheSingleRun(t *testing.T) {
	one := SingleRun{Common: Common{Seed: 4}, Game: Game{Name: "draco", Players: 3}, Agents: "random,greedy,random", Games: 30, Seating: "duplicate"}
	p, err := one.Plan()
	if err != nil {
		t.Fatal(err)
	}
	d := &Direct{SingleRun: one}
	cfg, err := d.Config()
	if err != nil {
		t.Fatal(err)
	}
	r := p.Runs[0]
	if cfg.Units != r.Units || cfg.Players != r.Players || cfg.Seating != r.Seating || cfg.Seed != r.Seed || d.GamesPerUnit(cfg.Players) != 3 {
		t.Errorf("direct run %d units of %d players %s seed %d, plan's %+v", cfg.Units, cfg.Players, cfg.Seating, cfg.Seed, r)
	}
	for _, bad := range []func(*Direct){
		func(d *Direct) { d.Replays = 2 },
		func(d *Direct) { d.Games = 31 },
		func(d *Direct) { d.ForceResume = true },
		func(d *Direct) { d.Value = "x.json" },
	} {
		d := &Direct{SingleRun: one}
		bad(d)
		if _, err := d.Config(); err == nil {
			t.Errorf("%+v accepted", d)
		}
	}
}
