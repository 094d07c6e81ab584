package draco

import (
	"slices"
	"testing"
)

// TestSubstitutionSwapsOneHandCardWithThePile: one more (fewer) "card 5" for seat 2 of 3
// swaps one card of its opening hand with one of the draw pile (DR-5): its hand holds one
// more (fewer) 5, the deck is unchanged, the other hands, the riders and the chance stream
// are the unchanged deal's, and one place of the pile differs.
func TestSubstitutionSwapsOneHandCardWithThePile(t *testing.T) {
	for _, tc := range []struct {
		value string
		delta int
	}{{"card 5", 1}, {"card 5", -1}, {"card 1", 1}, {"card 3", -1}} {
		applied := 0
		for seed := uint64(0); seed < 60; seed++ {
			base := newGame(t, 3)
			base.Reset(seed)
			s := newGame(t, 3)
			s.SetSubstitution(2, slices.Index(s.Substitutes(), tc.value), tc.delta)
			s.Reset(seed)
			d := uint8(slices.Index(s.Substitutes(), tc.value))
			count := func(s *State) int {
				n := 0
				for _, k := range s.hand[2][:s.handLen[2]] {
					if k&15 == d {
						n++
					}
				}
				return n
			}
			if !s.Substituted() {
				if tc.delta > 0 || count(base) != 0 {
					t.Fatalf("%+d %s seed %d: not applied", tc.delta, tc.value, seed)
				}
				if s.hand != base.hand || s.pile != base.pile {
					t.Fatalf("seed %d: not applied, yet the deal changed", seed)
				}
				continue
			}
			applied++
			if count(s) != count(base)+tc.delta {
				t.Fatalf("%+d %s seed %d: %d in hand, the unchanged deal has %d", tc.delta, tc.value, seed, count(s), count(base))
			}
			if s.hand[0] != base.hand[0] || s.hand[1] != base.hand[1] || s.ride != base.ride || s.rng != base.rng || s.pileLen != base.pileLen {
				t.Fatalf("seed %d: another seat's hand, a rider or the chance stream changed", seed)
			}
			diff := 0
			for i := range s.pileLen {
				if s.pile[i] != base.pile[i] {
					diff++
				}
			}
			all := func(s *State) []uint8 {
				c := append(slices.Clone(s.pile[:s.pileLen]), s.hand[2][:s.handLen[2]]...)
				slices.Sort(c)
				return c
			}
			if diff != 1 || !slices.Equal(all(s), all(base)) {
				t.Fatalf("seed %d: %d pile places differ (want 1) or the cards changed", seed, diff)
			}
		}
		if applied < 20 {
			t.Errorf("%+d %s applied in %d of 60 deals", tc.delta, tc.value, applied)
		}
	}
}

// TestSubstitutionDealtRecords: with tracking on, the opening hand's records are the
// changed hand's.
func TestSubstitutionDealtRecords(t *testing.T) {
	s := newGame(t, 2)
	s.SetTracking(true)
	five := slices.Index(s.Substitutes(), "card 5")
	s.SetSubstitution(0, five, 1)
	for seed := uint64(0); seed < 20; seed++ {
		s.Reset(seed)
		want := uint64(1) << s.ride[0]
		for _, k := range s.hand[0][:s.handLen[0]] {
			want |= valueBit(k)
		}
		if got := s.Tracked(0, evDealt); got != want {
			t.Fatalf("seed %d: dealt records %b, the hand is %b", seed, got, want)
		}
	}
}
