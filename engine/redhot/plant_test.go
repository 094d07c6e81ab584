package redhot_test

import (
	"dragonlab/sim/planttest"
	"testing"
)

// TestPlantedCards: component values by substitution find planted items and adventurers
// (greedy play, fixed seed). Strong: a Destiny stone worth 30 treasures when kept
// (stoneBonus, RH-16) ranks first. Worthless: a Hothead of resistance 1 among three
// adventurers of resistance 5 (RH-2, RH-12: any flame that reaches him burns him) ranks
// last, or covers 0.
func TestPlantedCards(t *testing.T) {
	vals := planttest.Substitute(t, "redhot", 2, "greedy", 200, []string{"boots", "cape", "phoenix", "bag", "bucket", "bellows", "stone", "hothead", "teaser", "tough", "icebox"},
		"stoneBonus=30", "resistances=[1,5,5,5]")
	if vals[0].Name != "stone" || !planttest.Worthless(vals, "hothead") {
		t.Errorf("planted components: %v", vals)
	}
}
