package dragonscales

import (
	"slices"
	"testing"
)

func newSub(t *testing.T, players int, p *Params) *State {
	t.Helper()
	if p == nil {
		p = DefaultParams()
	}
	s, err := newState(p, players)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

// kinds counts a seat's cards (pile and hand) by kind.
func kinds(s *State, seat int) [3]int {
	var n [3]int
	for _, c := range s.piles[seat].c[:s.piles[seat].n] {
		n[s.r.typ[c]]++
	}
	for _, c := range s.hands[seat].c[:s.hands[seat].n] {
		n[s.r.typ[c]]++
	}
	return n
}

// TestSubstitutionChangesOneCardOfOnePile: in the two-player game one more (fewer) Joker,
// red or blue card for seat 1 is one card of its pile (DS-15) become a copy of that kind
// (of another kind); the opponent's pile and the chance stream are the unchanged deal's,
// in the plain game and in the hand variant (DS-16).
func TestSubstitutionChangesOneCardOfOnePile(t *testing.T) {
	hand := DefaultParams()
	hand.DuoHand = 3
	for _, p := range []*Params{nil, hand} {
		for c, name := range []string{"joker", "red card", "blue card"} {
			for _, delta := range []int{1, -1} {
				for seed := uint64(0); seed < 40; seed++ {
					base := newSub(t, 2, p)
					base.deal(seed)
					s := newSub(t, 2, p)
					if got := s.Substitutes(); !slices.Equal(got, []string{"joker", "red card", "blue card"}) {
						t.Fatalf("Substitutes %v", got)
					}
					s.SetSubstitution(1, c, delta)
					s.deal(seed) // the deal alone: Reset plays on to the first decision
					if !s.Substituted() {
						t.Fatalf("%+d %s seed %d: not applied", delta, name, seed)
					}
					a, b := kinds(s, 1), kinds(base, 1)
					k := subKinds[c]
					if a[k] != b[k]+delta || a[0]+a[1]+a[2] != b[0]+b[1]+b[2] {
						t.Fatalf("%+d %s seed %d: kinds %v, unchanged %v", delta, name, seed, a, b)
					}
					if s.piles[0] != base.piles[0] || s.hands[0] != base.hands[0] || s.rng != base.rng {
						t.Fatalf("seed %d: the opponent's cards or the chance stream changed", seed)
					}
					copies := 0
					for _, id := range append(s.piles[1].c[:s.piles[1].n], s.hands[1].c[:s.hands[1].n]...) {
						if int(id) >= s.r.nCards {
							copies++
						}
					}
					if copies != 1 {
						t.Fatalf("seed %d: %d copies in the pile, want 1", seed, copies)
					}
				}
			}
		}
	}
}

// TestSubstitutionOnlyTwoPlayers: the solitaire and the three-player game name nothing.
func TestSubstitutionOnlyTwoPlayers(t *testing.T) {
	for _, players := range []int{1, 3} {
		s := newSub(t, players, nil)
		s.SetSubstitution(0, 0, 1)
		s.Reset(1)
		if len(s.Substitutes()) != 0 || s.Substituted() {
			t.Errorf("%d players: Substitutes %v, Substituted %v", players, s.Substitutes(), s.Substituted())
		}
	}
}
