package dragonscales_test

import (
	"context"
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/engine/dragonscales"
	"dragonlab/sim"
)

// planted runs the component values by substitution (one more of each component in place
// of an average one) of game with players seats and the rules set, every seat played by
// agent, on a fixed seed, and returns the components from the most valuable to the least,
// with each one's mean change of win share and its 95% interval (normal, on the deals).
func planted(t *testing.T, players int, agent string, units int64, comps []string, set ...string) []plantedValue {
	t.Helper()
	g, err := engine.Lookup("dragonscales")
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

// TestPlantedCards: component values by substitution find a planted card in the
// two-player game (greedy play, fixed seed). Every red card carries a club and every blue
// card a net (DS-3 weapons): a net beats a club (DS-2) and equal weapons of one colour draw
// (DS-16), so a red card never wins a combat: worthless, it covers 0 or ranks last. No
// rules parameter makes a red or blue card stronger than the Joker, which wins every
// combat and acts three times (DS-16, DS-17): it ranks first, planted or not, and here the
// more so.
func TestPlantedCards(t *testing.T) {
	red, blue := defaultDeckWeapons(t)
	vals := planted(t, 2, "greedy", 1500, []string{"joker", "red card", "blue card"}, "redDeck="+red, "blueDeck="+blue)
	if vals[0].name != "joker" || !worthless(vals, "red card") {
		t.Errorf("planted cards: %v", vals)
	}
}

// defaultDeckWeapons are the default decks with every red card's weapon a club and every
// blue card's a net, as JSON.
func defaultDeckWeapons(t *testing.T) (red, blue string) {
	p := dragonscales.DefaultParams()
	with := func(deck []string, w string) string {
		var out []string
		for _, c := range deck {
			f := strings.Fields(c)
			f[0] = w
			out = append(out, strings.Join(f, " "))
		}
		b, err := json.Marshal(out)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	return with(p.RedDeck, "club"), with(p.BlueDeck, "net")
}
