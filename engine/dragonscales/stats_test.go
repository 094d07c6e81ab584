package dragonscales

import (
	"flag"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

var stats = flag.Int("stats", 0, "play this many random games per player count and log outcome shares")

// TestRandomPlayStats measures random-play outcomes (go test -run Stats -stats 100000 -v).
func TestRandomPlayStats(t *testing.T) {
	if *stats == 0 {
		t.Skip("pass -stats N to measure random-play outcomes")
	}
	type variant struct {
		name    string
		players int
		mod     func(*Params)
	}
	for _, v := range []variant{
		{"solitaire", 1, nil},
		{"solitaire, 0 Jokers", 1, func(p *Params) { p.SoloJokers = 0 }},
		{"solitaire, 2 Jokers", 1, func(p *Params) { p.SoloJokers = 2 }},
		{"2 players", 2, nil},
		{"2 players, duoHand 3", 2, func(p *Params) { p.DuoHand = 3 }},
		{"2 players, duoConnected false", 2, func(p *Params) { p.DuoConnected = false }},
		{"3 players", 3, nil},
	} {
		p := DefaultParams()
		if v.mod != nil {
			v.mod(p)
		}
		st := enginetest.NewGame(t, "dragonscales", p, v.players, 0).(*State)
		r := engine.NewRNG(12345)
		var wins [3]int
		var ends [5]int
		var combats int
		decisions := enginetest.PlayRandomGames(st, &r, 7, *stats, func(_ int, out []float64) {
			for i, x := range out {
				if x == 1 {
					wins[i]++
				}
			}
			ends[st.end]++
			combats += int(st.combats)
		})
		n := float64(*stats)
		t.Logf("%-30s wins %.4f %.4f %.4f | loss %.4f capRounds %.4f capThrows %.4f | combats/game %.1f decisions/game %.1f",
			v.name, float64(wins[0])/n, float64(wins[1])/n, float64(wins[2])/n,
			float64(ends[endLoss])/n, float64(ends[endCapRounds])/n, float64(ends[endCapThrows])/n,
			float64(combats)/n, float64(decisions)/n)
	}
}
