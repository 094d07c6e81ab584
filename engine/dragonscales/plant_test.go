package dragonscales_test

import (
	"context"
	"encoding/json"
	"math"
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
	vals := planted(t, 2, "greedy", 800, []string{"joker", "red card", "blue card"}, "redDeck="+red, "blueDeck="+blue)
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

// TestRestrictingAnUnusedClassMeasuresZero: restricted play of a choice the measuring bot
// never makes measures about 0. Greedy play never forgoes a Joker's operations ("stop",
// DS-23) in the three-player game; forbidding it changes nothing greedy wants, so the
// restricted greedy's win share against two unrestricted ones, on duplicate deals, is a
// third within noise.
func TestRestrictingAnUnusedClassMeasuresZero(t *testing.T) {
	g, err := engine.Lookup("dragonscales")
	if err != nil {
		t.Fatal(err)
	}
	fs, err := agents.ParseList("restrict:base=greedy,forbid=stop,greedy,greedy")
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(context.Background(), sim.Config{Game: g, Players: 3, Agents: fs,
		Seating: sim.SeatDuplicate, Seed: 3, Units: 600, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	// Per deal, the restricted agent's share summed over the three seatings (sixtieths).
	h := res.Aggregate.Paired
	var n, sum, sq float64
	for i, c := range h.Counts {
		x := float64(h.Lo+int64(i)) / 180 // mean share per game of the deal
		n += float64(c)
		sum += float64(c) * x
		sq += float64(c) * x * x
	}
	mean := sum / n
	se := math.Sqrt((sq/n - mean*mean) / (n - 1))
	if d := mean - 1.0/3; math.Abs(d) > 1.96*se+0.005 || math.Abs(d) > 0.03 {
		t.Errorf("forbidding stop moves greedy's win share by %+.3f (se %.3f)", d, se)
	}
	if c, ok := res.Restriction(0); !ok || c.Bound == 0 {
		t.Errorf("the restriction never bound: stop was never legal (%+v)", c)
	}
}
