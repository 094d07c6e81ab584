package redhot

import (
	"strings"
	"testing"

	"dragonlab/engine"
)

// RH-12: the fury bonus is named among a flame's modifiers exactly in the fury round.
// In the round before it, the line once listed "fury +1" (while power and range were
// right), because the narration looked at the state after the round, where the next
// round — the fury round — had already begun (trace --game redhot --players 4 --seed 11
// --index 6, step 69). About one game in ten showed it.
func TestRH12_FlameNarrationNamesTheFuryOnlyInTheFuryRound(t *testing.T) {
	var buf [64]engine.Action
	checked := map[bool]int{}
	for seed := uint64(1); seed <= 300; seed++ {
		players := 2 + int(seed%4)
		s := newTest(t, players, nil)
		s.Reset(seed)
		rng := engine.NewRNG(seed)
		for !s.Terminal() {
			legal := s.Legal(buf[:0])
			a := legal[rng.IntN(len(legal))]
			before := *s
			s.Apply(a)
			for _, line := range s.Narrate(&before, a) {
				i := strings.Index(line, "; ") // "flame: dice … -> power …, range …; +1 (…) -> …"
				if !strings.HasPrefix(line, "flame") || i < 0 {
					continue // not a flame, or one without modifiers
				}
				named := strings.Contains(line[i:], "fury")
				if named != before.fury {
					t.Fatalf("seed %d, %d players, round %d (fury round: %v): %q", seed, players, before.round, before.fury, line)
				}
				checked[before.fury]++
			}
		}
	}
	if checked[true] == 0 || checked[false] == 0 {
		t.Fatalf("flame lines with modifiers checked: %v; want some in and out of the fury round", checked)
	}
}
