package draco

import (
	"flag"
	"fmt"
	"testing"

	"dragonlab/engine"
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
		var buf [64]engine.Action
		var out [MaxPlayers]float64
		var wins [MaxPlayers]float64
		decisions := 0
		for g := 0; g < *sharesGames; g++ {
			s.Reset(engine.DeriveSeed(7, uint64(g)))
			decisions += randomGame(s, &r, buf[:])
			s.Result(out[:players])
			for i := 0; i < players; i++ {
				wins[i] += out[i]
			}
		}
		line := ""
		for i := 0; i < players; i++ {
			line += fmt.Sprintf(" %.1f%%", 100*wins[i]/float64(*sharesGames))
		}
		t.Logf("%dp: seat win shares%s (%.1f decisions/game)", players, line, float64(decisions)/float64(*sharesGames))
	}
}
