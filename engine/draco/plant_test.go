package draco_test

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
	g, err := engine.Lookup("draco")
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
// fixed seed), with a deck of one 1, nine 3s and one 26 per colour (DR-2). Strong: the 26
// takes its dragon to the summit in one move (DR-7: it stops on the last summit square),
// triggering a big scoring (DR-9) and, on a free dragon, a switch onto it (DR-8): it ranks
// first. Worthless: a 1 in place of a 3 barely changes a move: it covers 0, or ranks last.
func TestPlantedCards(t *testing.T) {
	vals := planted(t, 2, "greedy", 300, []string{"card 1", "card 3", "card 26"}, "cardValues=[1,3,3,3,3,3,3,3,3,3,26]")
	if vals[0].name != "card 26" || !worthless(vals, "card 1") {
		t.Errorf("planted cards: %v", vals)
	}
}
