package dragonheart_test

import (
	"context"
	"slices"
	"sort"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/sim"
)

// planted runs the component values by substitution (one more of each component in place
// of an average one) of game with players seats and the rules set, every seat played by
// agent, on a fixed seed, and returns the components from the most valuable to the least,
// with each one's mean change of win share and its 95% interval (normal, on the deals).
func planted(t *testing.T, players int, agent string, units int64, comps []string, set ...string) []plantedValue {
	t.Helper()
	g, err := engine.Lookup("dragonheart")
	if err != nil {
		t.Fatal(err)
	}
	p := g.DefaultParams()
	for _, s := range set {
		if err := engine.SetParam(g, p, s); err != nil {
			t.Fatal(err)
		}
	}
	f, err := agents.Parse(agent)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(context.Background(), sim.Config{Game: g, Params: p, Players: players,
		Agents: slices.Repeat([]agents.Factory{f}, players), Seed: 1, Units: units, Workers: 2,
		Substitute: &sim.Substitution{Components: comps}})
	if err != nil {
		t.Fatal(err)
	}
	sa := res.Aggregate.Substitutions
	var out []plantedValue
	for c, name := range sa.Components {
		d := sa.Cell(c, 0).Diff
		m, se := d.Mean()/60, d.SE()/60
		out = append(out, plantedValue{name, m, m - 1.96*se, m + 1.96*se})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].mean > out[j].mean })
	return out
}

type plantedValue struct {
	name         string
	mean, lo, hi float64
}

// worthless reports whether the component's interval covers 0 or it ranks last.
func worthless(vals []plantedValue, name string) bool {
	i := slices.IndexFunc(vals, func(v plantedValue) bool { return v.name == name })
	return i == len(vals)-1 || vals[i].lo <= 0 && 0 <= vals[i].hi
}

// TestPlantedCards: component values by substitution find planted cards (greedy play,
// fixed seed). Strong: a Dwarf space of capacity 1 (DH-13: every Dwarf played fills it,
// and its player takes it at once) with every Dwarf worth 9 (DH-1) — one more Dwarf is
// nine points in the bank — ranks first of the nine card types. Worthless: Treasure
// chests worth 0 (no action of their own, DH-7; what takes them takes nothing, DH-10,
// DH-11): one more of them covers 0, or ranks last.
func TestPlantedCards(t *testing.T) {
	types := []string{"treasure", "firedragon", "petrified", "princess", "troll", "dwarf", "hero", "slayer", "ship"}
	const rest = `"firedragon":[1,1,2,3,4],"petrified":[1,2,3,4],"princess":[1,1,2,2,3],"troll":[1,1,2,2,3],"hero":[1,1,2,2,3],"slayer":[1,1,2,2,3],"ship":[0,0,0,0,0]`
	strong := planted(t, 2, "greedy:samples=1", 120, types, "dwarf=1",
		`deck={`+rest+`,"treasure":[1,1,2,2,3,4],"dwarf":[9,9,9,9,9,9,9,9,9,9]}`)
	if strong[0].name != "dwarf" {
		t.Errorf("nine-point Dwarves taken at once rank %v", strong)
	}
	weak := planted(t, 2, "greedy:samples=1", 200, types, `deck={`+rest+`,"treasure":[0,0,0,0,0,0],"dwarf":[1,1,1,1,1,1,2,2,2,3]}`)
	if !worthless(weak, "treasure") {
		t.Errorf("Treasure chests worth nothing: %v", weak)
	}
}
