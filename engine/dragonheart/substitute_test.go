package dragonheart

import (
	"slices"
	"testing"
)

// deckOf is seat p's whole deck after the deal: its hand plus its pile, by card code.
func deckOf(s *State, p int) map[uint8]int {
	m := map[uint8]int{}
	for _, c := range s.pile[p][:s.pileN[p]] {
		m[c]++
	}
	for t := range s.hand[p] {
		for vi, n := range s.hand[p][t] {
			if n > 0 {
				m[cardCode(t, vi)] += int(n)
			}
		}
	}
	return m
}

func subIndex(t *testing.T, s *State, name string) int {
	t.Helper()
	i := slices.Index(s.Substitutes(), name)
	if i < 0 {
		t.Fatalf("no substitution %q in %v", name, s.Substitutes())
	}
	return i
}

// TestSubstitutionChangesOneCardOfOneDeck: one more "troll 3" for seat 1 is one card of
// seat 1's deck, not a troll 3, become a troll 3; seat 0's deck and pile order, and the
// order of seat 1's pile elsewhere, are the unchanged deal's (DH-1, DH-4).
func TestSubstitutionChangesOneCardOfOneDeck(t *testing.T) {
	for _, tc := range []struct {
		name  string
		delta int
	}{{"troll 3", 1}, {"troll 3", -1}, {"ship 0", 1}, {"dwarf 1", -1}} {
		for seed := uint64(0); seed < 30; seed++ {
			base := newDefault(t, seed)
			s := newDefault(t, 0)
			s.SetSubstitution(1, subIndex(t, s, tc.name), tc.delta)
			s.Reset(seed)
			if !s.Substituted() {
				t.Fatalf("%+d %s seed %d: not applied", tc.delta, tc.name, seed)
			}
			x := card(t, s, tc.name)
			before, after := deckOf(base, 1), deckOf(s, 1)
			if after[x] != before[x]+tc.delta {
				t.Fatalf("%+d %s seed %d: %d copies, the unchanged deck has %d", tc.delta, tc.name, seed, after[x], before[x])
			}
			moved := 0
			for c, n := range before {
				if c != x && after[c] != n {
					moved += n - after[c]
				}
			}
			if moved != tc.delta {
				t.Fatalf("%+d %s seed %d: %d other cards changed", tc.delta, tc.name, seed, moved)
			}
			if s.pile[0] != base.pile[0] || s.hand[0] != base.hand[0] || s.rng != base.rng {
				t.Fatalf("seed %d: seat 0's cards or the chance stream changed", seed)
			}
			// The full pile before the deal: hand and pile together differ in one card.
			if diff := pileDiff(base, s, 1); diff != 1 {
				t.Fatalf("seed %d: %d positions of seat 1's deal differ, want 1", seed, diff)
			}
		}
	}
}

// pileDiff counts the positions of seat p's dealt order (pile bottom to top, then the
// hand as drawn is not ordered: compared as counts) that differ between a and b.
func pileDiff(a, b *State, p int) int {
	d := 0
	for i := range a.pileN[p] {
		if a.pile[p][i] != b.pile[p][i] {
			d++
		}
	}
	if a.hand[p] != b.hand[p] {
		d++
	}
	return d
}

// TestSubstitutionTypeAndAverage: one more "troll" adds a Troll of the deck's values; the
// card it replaces is drawn uniformly among the others (over many deals, each type is
// replaced about as often as it makes up the deck).
func TestSubstitutionTypeAndAverage(t *testing.T) {
	s := newDefault(t, 0)
	s.SetSubstitution(0, subIndex(t, s, "troll"), 1)
	replaced := map[int]int{}
	const deals = 3000
	for seed := uint64(0); seed < deals; seed++ {
		s.Reset(seed)
		if !s.Substituted() || cardType(s.sub.added) != tTroll || cardType(s.sub.removed) == tTroll {
			t.Fatalf("seed %d: added %d, removed %d", seed, s.sub.added, s.sub.removed)
		}
		replaced[cardType(s.sub.removed)]++
	}
	// 45 non-troll cards: dwarf 10, treasure 6, fire 5, petrified 4, princess 5, hero 5, slayer 5, ship 5.
	for ty, n := range map[int]int{tDwarf: 10, tTreasure: 6, tPetrified: 4, tShip: 5} {
		want := float64(deals) * float64(n) / 45
		if got := float64(replaced[ty]); got < want*0.8 || got > want*1.2 {
			t.Errorf("%s replaced %v times, want about %.0f", typeWords[ty], got, want)
		}
	}
}

// TestSubstitutionPublic: both seats' views name the change (the deck list is public),
// and a state that did not change says so.
func TestSubstitutionPublic(t *testing.T) {
	s := newDefault(t, 0)
	s.SetSubstitution(0, subIndex(t, s, "princess 3"), 1)
	s.Reset(7)
	base := newDefault(t, 7)
	for seat := 0; seat < 2; seat++ {
		if string(s.Observe(seat, nil)) == string(base.Observe(seat, nil)) {
			t.Errorf("seat %d's view does not show the changed deck", seat)
		}
	}
	s.SetSubstitution(0, 0, 0)
	s.Reset(7)
	if s.Substituted() || string(s.Observe(1, nil)) != string(base.Observe(1, nil)) {
		t.Errorf("a substitution turned off still shows")
	}
}
