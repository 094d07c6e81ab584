package redhot

import (
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// RH-9: the secret choices are asked from the round's first player on (secretOrder seat)
// or in the reverse order (secretOrder reverse); the order changes nothing else: the same
// choices give the same reveal, placement order and game.
func TestRH9_SecretOrder(t *testing.T) {
	for _, tc := range []struct {
		order string
		want  []int // seats asked in round 2 of a 3-player game (first player: seat 1)
	}{
		{engine.SecretOrderSeat, []int{1, 2, 0}},
		{engine.SecretOrderReverse, []int{0, 2, 1}},
	} {
		s := newTest(t, 3, func(p *Params) { p.SecretOrder = tc.order })
		stack(s, nil, deck(fc(selMin, selMin), fc(selMin, selMin))...)
		// Round 1 (seat 0 first): everybody sends the icebox, and a flame of power 1 burns
		// nobody.
		choose(t, s, "icebox", "icebox", "icebox")
		withDice(t, s, 1, 1, 1)
		place(t, s, 1, 2, 3)
		if s.round != 2 || s.first != 1 {
			t.Fatalf("%s: round %d with first player %d, want round 2, first player 1", tc.order, s.round, s.first)
		}
		var got []int
		for s.phase == phaseChoose {
			seats, chosen, ok := s.SecretRound()
			if !ok || seats != 0b111 || int(chosen) != mask(got) {
				t.Fatalf("%s: SecretRound = %b, %b, %v after %v chose", tc.order, seats, chosen, ok, got)
			}
			got = append(got, s.ToMove())
			act(t, s, s.ToMove(), "icebox")
		}
		if len(got) != 3 || got[0] != tc.want[0] || got[1] != tc.want[1] || got[2] != tc.want[2] {
			t.Errorf("%s: seats asked %v, want %v", tc.order, got, tc.want)
		}
		// Equal ranks place in seat order from the first player, whatever the order asked.
		if s.order[0] != 1 || s.order[1] != 2 || s.order[2] != 0 {
			t.Errorf("%s: placement order %v, want seats 1, 2, 0 (RH-11)", tc.order, s.order[:s.nOrder])
		}
	}
	g := enginetest.Lookup(t, "redhot")
	for players := 2; players <= 5; players++ {
		if n := enginetest.CheckSecretOrder(t, g, players, nil, 30); n == 0 {
			t.Fatalf("%d players: no round of secret choices played", players)
		}
	}
}

func mask(seats []int) int {
	m := 0
	for _, s := range seats {
		m |= 1 << s
	}
	return m
}
