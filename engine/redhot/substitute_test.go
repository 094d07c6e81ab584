package redhot

import (
	"math/bits"
	"slices"
	"testing"

	"dragonlab/engine"
)

func subOf(t *testing.T, s *State, name string) int {
	t.Helper()
	i := slices.Index(s.Substitutes(), name)
	if i < 0 {
		t.Fatalf("no substitution %q", name)
	}
	return i
}

// TestSubstitutionStartingItemsAndTeam: one more (fewer) item or adventurer changes the
// seat's start as RH-2/RH-3 read with one copy more (fewer) and one of the others fewer
// (more); the other seats, the Dragon deck and the chance stream are the unchanged deal's.
func TestSubstitutionStartingItemsAndTeam(t *testing.T) {
	for _, tc := range []struct {
		name  string
		delta int
		check func(s *State) bool
	}{
		{"cape", 1, func(s *State) bool {
			return s.spare[1] == 1<<itemCape && bits.OnesCount8(s.used[1]) == 1 && s.used[1]&(1<<itemCape) == 0
		}},
		{"stone", -1, func(s *State) bool {
			return s.used[1] == stoneBit && bits.OnesCount8(s.spare[1]) == 1 && s.spare[1]&stoneBit == 0
		}},
		{"tough", 1, func(s *State) bool {
			return s.team2[1] == 1<<advTough && bits.OnesCount8(s.team[1]) == 3 && s.team[1]&(1<<advTough) != 0
		}},
		{"hothead", -1, func(s *State) bool {
			return s.team[1]&(1<<advHothead) == 0 && bits.OnesCount8(s.team[1]) == 3 && bits.OnesCount8(s.team2[1]) == 1 && s.team2[1]&s.team[1] == s.team2[1]
		}},
	} {
		others := map[uint8]int{}
		for seed := uint64(0); seed < 200; seed++ {
			base := newTest(t, 3, nil)
			base.Reset(seed)
			s := newTest(t, 3, nil)
			s.SetSubstitution(1, subOf(t, s, tc.name), tc.delta)
			s.Reset(seed)
			if !s.Substituted() || !tc.check(s) {
				t.Fatalf("%+d %s seed %d: team %04b+%04b, used %07b, spare %07b", tc.delta, tc.name, seed, s.team[1], s.team2[1], s.used[1], s.spare[1])
			}
			if s.deck != base.deck || s.rng != base.rng || s.team[0] != base.team[0] || s.used[2] != base.used[2] {
				t.Fatalf("seed %d: the deck, the chance stream or another seat changed", seed)
			}
			others[s.used[1]|s.spare[1]|^s.team[1]&15|s.team2[1]]++
		}
		if len(others) < 3 {
			t.Errorf("%+d %s: the other component is not drawn among the others (%v)", tc.delta, tc.name, others)
		}
	}
}

// TestSubstitutionCopiesPlay: in random games with a second copy, every adventurer is
// always in exactly one place (team, lair, hall; four in all), an item is played no
// more often than its copies, a second cape can be chosen after the first is spent, and
// each stone never played adds stoneBonus (RH-16).
func TestSubstitutionCopiesPlay(t *testing.T) {
	var buf [64]engine.Action
	capeTwice, bonus2 := 0, 0
	for _, name := range []string{"cape", "stone", "tough", "icebox", "hothead"} {
		for _, delta := range []int{1, -1} {
			s := newTest(t, 2, nil)
			s.SetSubstitution(0, subOf(t, s, name), delta)
			for seed := uint64(0); seed < 150; seed++ {
				s.Reset(seed)
				r := engine.NewRNG(seed)
				capes := 0
				maxCapes := 1 + int(s.spare[0]>>itemCape&1) - int(s.used[0]>>itemCape&1)
				for !s.Terminal() {
					if s.phase == phaseChoose || s.phase == phasePlace {
						n := bits.OnesCount8(s.team[0]) + bits.OnesCount8(s.team2[0]) +
							bits.OnesCount8(s.hall[0]) + bits.OnesCount8(s.hall2[0])
						if s.phase == phasePlace && s.inLair&1 != 0 {
							n++ // sent into the lair
						}
						if n != nAdv && s.active(0) {
							t.Fatalf("%+d %s seed %d: %d adventurers", delta, name, seed, n)
						}
					}
					legal := s.Legal(buf[:0])
					a := legal[r.IntN(len(legal))]
					if s.toMove == 0 && a&kindMask == kindChoose && uint8(a)&0xF == itemCape {
						capes++
					}
					s.Apply(a)
				}
				if name == "cape" && delta > 0 && capes == 2 {
					capeTwice++
				}
				if capes > maxCapes {
					t.Fatalf("%+d %s seed %d: the cape played %d times", delta, name, seed, capes)
				}
				if name == "stone" && delta > 0 && s.used[0]&stoneBit == 0 && s.spare[0]&stoneBit != 0 {
					bonus2++
				}
			}
		}
	}
	if capeTwice == 0 || bonus2 == 0 {
		t.Errorf("no game played a second cape (%d) or kept two stones (%d)", capeTwice, bonus2)
	}
}

// TestSubstitutionStoneBonus: two stones never played add stoneBonus twice; no stone adds
// nothing (RH-16).
func TestSubstitutionStoneBonus(t *testing.T) {
	s := newTest(t, 2, nil)
	s.Reset(3)
	s.spare[0] = stoneBit
	s.used[1] = stoneBit
	s.endGame()
	if s.score[0] != 2*s.r.stoneBonus || s.score[1] != 0 {
		t.Errorf("scores %v, want %d and 0", s.score[:2], 2*s.r.stoneBonus)
	}
}
