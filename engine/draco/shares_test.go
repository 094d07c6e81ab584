package draco

import (
	"flag"
	"fmt"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

var sharesGames = flag.Int("shares", 0, "measure random-play seat win shares over this many games per player count")

// TestSeatShares (only with -shares N) prints each seat's share of the wins under uniform
// random play, shared wins counted 1/k.
func TestSeatShares(t *testing.T) {
	if *sharesGames == 0 {
		t.Skip("run with -shares N")
	}
	for players := 2; players <= 5; players++ {
		s := newGame(t, players)
		r := engine.NewRNG(2026)
		var wins [MaxPlayers]float64
		decisions := enginetest.PlayRandomGames(s, &r, 7, *sharesGames, func(_ int, out []float64) {
			for i := 0; i < players; i++ {
				wins[i] += out[i]
			}
		})
		line := ""
		for i := 0; i < players; i++ {
			line += fmt.Sprintf(" %.1f%%", 100*wins[i]/float64(*sharesGames))
		}
		t.Logf("%dp: seat win shares%s (%.1f decisions/game)", players, line, float64(decisions)/float64(*sharesGames))
	}
}
