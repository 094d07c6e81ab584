package draco_test

import (
	"dragonlab/sim/planttest"
	"testing"
)

// TestPlantedCards: component values by substitution find planted cards (greedy play,
// fixed seed), with a deck of one 1, nine 3s and one 26 per colour (DR-2). Strong: the 26
// takes its dragon to the summit in one move (DR-7: it stops on the last summit square),
// triggering a big scoring (DR-9) and, on a free dragon, a switch onto it (DR-8): it ranks
// first. Worthless: a 1 in place of a 3 barely changes a move: it covers 0, or ranks last.
func TestPlantedCards(t *testing.T) {
	vals := planttest.Substitute(t, "draco", 2, "greedy", 300, []string{"card 1", "card 3", "card 26"}, "cardValues=[1,3,3,3,3,3,3,3,3,3,26]")
	if vals[0].Name != "card 26" || !planttest.Worthless(vals, "card 1") {
		t.Errorf("planted cards: %v", vals)
	}
}
