package dragonscales_test

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/engine/dragonscales"
	"dragonlab/sim"
	"dragonlab/sim/planttest"
)

// TestPlantedCards: component values by substitution find a planted card in the
// two-player game (greedy play, fixed seed). Every red card carries a club and every blue
// card a net (DS-3 weapons): a net beats a club (DS-2) and equal weapons of one colour draw
// (DS-16), so a red card never wins a combat: worthless, it covers 0 or ranks last. No
// rules parameter makes a red or blue card stronger than the Joker, which wins every
// combat and acts three times (DS-16, DS-17): it ranks first, planted or not, and here the
// more so.
func TestPlantedCards(t *testing.T) {
	red, blue := defaultDeckWeapons(t)
	vals := planttest.Substitute(t, "dragonscales", 2, "greedy", 800, []string{"joker", "red card", "blue card"}, "redDeck="+red, "blueDeck="+blue)
	if vals[0].Name != "joker" || !planttest.Worthless(vals, "red card") {
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
