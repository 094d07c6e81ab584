package dragonheart_test

import (
	"dragonlab/sim/planttest"
	"testing"
)

// TestPlantedCards: component values by substitution find planted cards (greedy play,
// fixed seed). Strong: a Dwarf space of capacity 1 (DH-13: every Dwarf played fills it,
// and its player takes it at once) with every Dwarf worth 9 (DH-1) — one more Dwarf is
// nine points in the bank — ranks first of the nine card types. Worthless: Treasure
// chests worth 0 (no action of their own, DH-7; what takes them takes nothing, DH-10,
// DH-11): one more of them covers 0, or ranks last.
func TestPlantedCards(t *testing.T) {
	types := []string{"treasure", "firedragon", "petrified", "princess", "troll", "dwarf", "hero", "slayer", "ship"}
	const rest = `"firedragon":[1,1,2,3,4],"petrified":[1,2,3,4],"princess":[1,1,2,2,3],"troll":[1,1,2,2,3],"hero":[1,1,2,2,3],"slayer":[1,1,2,2,3],"ship":[0,0,0,0,0]`
	strong := planttest.Substitute(t, "dragonheart", 2, "greedy:samples=1", 120, types, "dwarf=1",
		`deck={`+rest+`,"treasure":[1,1,2,2,3,4],"dwarf":[9,9,9,9,9,9,9,9,9,9]}`)
	if strong[0].Name != "dwarf" {
		t.Errorf("nine-point Dwarves taken at once rank %v", strong)
	}
	weak := planttest.Substitute(t, "dragonheart", 2, "greedy:samples=1", 200, types, `deck={`+rest+`,"treasure":[0,0,0,0,0,0],"dwarf":[1,1,1,1,1,1,2,2,2,3]}`)
	if !planttest.Worthless(weak, "treasure") {
		t.Errorf("Treasure chests worth nothing: %v", weak)
	}
}
