package agents

import (
	"strings"
	"testing"
)

// TestExpertIsItsTableRow: in every game and player count, expert plays exactly as the
// mcts spec its table row spells out (so "expert" in a study means a known search), and an
// option given explicitly overrides the row.
func TestExpertIsItsTableRow(t *testing.T) {
	for _, u := range setups() {
		t.Run(u.name, func(t *testing.T) {
			states := u.positions(t, []uint64{21}, 3)
			row := expertRow(u.game.Name, u.players)
			var kv []string
			for _, k := range expertTunable {
				v := row[k]
				if k == "iters" {
					v = "25" // the row's other settings, at a test's budget
				}
				kv = append(kv, k+"="+v)
			}
			mcts := mustParse(t, "mcts:"+strings.Join(kv, ","))
			expert := mustParse(t, "expert:iters=25")
			for i, s := range states {
				if a, b := decide(t, mcts, s, uint64(i)), decide(t, expert, s, uint64(i)); a != b {
					t.Errorf("position %d: expert played %s, %s played %s", i, s.ActionText(b), mcts.Spec, s.ActionText(a))
				}
			}
		})
	}
	if got := gameName(setup{name: "", game: mustLookup(t, "dragonheart"), players: 2}.newGame(t, 1)); got != "dragonheart" {
		t.Errorf("gameName of a Dragonheart state = %q", got)
	}
	if got := gameName(&restricted{inner: setup{name: "", game: mustLookup(t, "redhot"), players: 2}.newGame(t, 1)}); got != "redhot" {
		t.Errorf("gameName through a restricted view = %q", got)
	}
	for _, g := range []string{"dragonheart", "draco", "redhot", "dragonscales"} {
		if _, ok := expertTable[g]; !ok {
			t.Errorf("the expert table has no row for %s", g)
		}
	}
}
