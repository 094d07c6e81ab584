package redhot_test

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
	g, err := engine.Lookup("redhot")
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

// TestPlantedCards: component values by substitution find planted items and adventurers
// (greedy play, fixed seed). Strong: a Destiny stone worth 30 treasures when kept
// (stoneBonus, RH-16) ranks first. Worthless: a Hothead of resistance 1 among three
// adventurers of resistance 5 (RH-2, RH-12: any flame that reaches him burns him) ranks
// last, or covers 0.
func TestPlantedCards(t *testing.T) {
	vals := planted(t, 2, "greedy", 200, []string{"boots", "cape", "phoenix", "bag", "bucket", "bellows", "stone", "hothead", "teaser", "tough", "icebox"},
		"stoneBonus=30", "resistances=[1,5,5,5]")
	if vals[0].name != "stone" || !worthless(vals, "hothead") {
		t.Errorf("planted components: %v", vals)
	}
}
