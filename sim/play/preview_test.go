package play

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"dragonlab/engine"
)

// Issue 36: a preview is the engine's rules for the position, not a description of the
// card: over many positions of random games, for every legal option, the points a preview
// names are the points the engine's Apply gives (Dragonheart's takes DH-6..DH-15, Draco's
// scorings DR-9, Red Hot's take RH-15). The duel's card previews are checked against the
// combat in engine/dragonscales (DS-18).
func TestPreviewsAreTheEnginesOutcome(t *testing.T) {
	gain := regexp.MustCompile(`(?:takes [^;]*?|treasures)?: ([+-]\d+)|^\+(\d+)(?: treasures|:)`)
	seatGain := regexp.MustCompile(`(you|s(\d)) ([+-]\d+)`)
	for _, tc := range []struct {
		game    string
		players int
	}{{"dragonheart", 2}, {"draco", 3}, {"draco", 5}, {"redhot", 2}, {"redhot", 4}} {
		g, err := engine.Lookup(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		seeds, least := uint64(15), 20
		if tc.game == "redhot" {
			seeds, least = 100, 10 // a take (the one option that names points) is rare
		}
		for seed := uint64(1); seed <= seeds; seed++ {
			s, err := g.NewGame(g.DefaultParams(), tc.players, seed)
			if err != nil {
				t.Fatal(err)
			}
			rng := engine.NewRNG(seed)
			var buf []engine.Action
			for !s.Terminal() {
				buf = s.Legal(buf[:0])
				me := s.ToMove()
				for _, a := range buf {
					pv := s.(engine.Previewer).Preview(a)
					x := s.Clone()
					x.Apply(a)
					delta := func(i int) int { return int(x.Score(i) - s.Score(i)) }
					if tc.game == "draco" {
						if strings.Contains(pv, "nobody scores") {
							for i := 0; i < tc.players; i++ {
								if delta(i) != 0 {
									t.Fatalf("%s: %q previews %q, but seat %d scores %+d", tc.game, s.ActionText(a), pv, i, delta(i))
								}
							}
							checked++
						}
						for _, m := range seatGain.FindAllStringSubmatch(pv, -1) {
							seat := me
							if m[1] != "you" {
								seat, _ = strconv.Atoi(m[2])
							}
							if want, _ := strconv.Atoi(m[3]); delta(seat) != want {
								t.Fatalf("%s: %q previews %q, but seat %d scores %+d", tc.game, s.ActionText(a), pv, seat, delta(seat))
							}
							checked++
						}
						continue
					}
					if m := gain.FindStringSubmatch(pv); m != nil {
						n := m[1] + m[2]
						if want, _ := strconv.Atoi(n); delta(me) != want {
							t.Fatalf("%s: %q previews %q, but the mover scores %+d", tc.game, s.ActionText(a), pv, delta(me))
						}
						checked++
					}
				}
				s.Apply(buf[rng.IntN(len(buf))])
			}
		}
		t.Logf("%s %dp: %d previews checked against the engine", tc.game, tc.players, checked)
		if checked < least {
			t.Fatalf("%s %dp: only %d previews named points", tc.game, tc.players, checked)
		}
	}
}
