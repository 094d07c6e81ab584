package dragonscales

import (
	"slices"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// DS-11: the throws are asked in seat order (secretOrder seat) or in the reverse order
// (reverse); the order changes nothing else: the same gestures win the same throws, and
// the two winners of a throw play again in the same order.
func TestDS11_SecretOrder(t *testing.T) {
	for _, tc := range []struct {
		order string
		first []int // seats asked in the throw of all three
		again []int // seats asked when seats 0 and 2 play again
	}{
		{engine.SecretOrderSeat, []int{0, 1, 2}, []int{0, 2}},
		{engine.SecretOrderReverse, []int{2, 1, 0}, []int{2, 0}},
	} {
		s := newTest(t, 3, func(p *Params) { p.SecretOrder = tc.order })
		s.advance()
		gestures := map[int]string{0: "net", 1: "club", 2: "net"} // net beats club: 0 and 2 win
		var got []int
		for range 3 {
			seats, chosen, ok := s.SecretRound()
			if !ok || seats != 0b111 || int(chosen) != seatMask(got) {
				t.Fatalf("%s: SecretRound = %b, %b, %v after %v threw", tc.order, seats, chosen, ok, got)
			}
			got = append(got, s.ToMove())
			do(t, s, gestures[s.ToMove()])
		}
		if s.rpsIn != 0b101 || s.phase != phGesture {
			t.Fatalf("%s: seats %b in the next throw, want seats 0 and 2", tc.order, s.rpsIn)
		}
		var again []int
		for range 2 {
			again = append(again, s.ToMove())
			do(t, s, map[int]string{0: "sword", 2: "club"}[s.ToMove()]) // club beats sword
		}
		if !slices.Equal(got, tc.first) || !slices.Equal(again, tc.again) {
			t.Errorf("%s: seats asked %v then %v, want %v then %v", tc.order, got, again, tc.first, tc.again)
		}
		if s.phase != phPile || s.ToMove() != 2 {
			t.Errorf("%s: seat %d chooses a pile (phase %d), want the winner, seat 2", tc.order, s.ToMove(), s.phase)
		}
	}
	g := enginetest.Lookup(t, "dragonscales")
	if n := enginetest.CheckSecretOrder(t, g, 3, nil, 40); n == 0 {
		t.Fatal("no throw played")
	}
}

// DS-16: in the hand variant the cards are chosen secretly by seat 0 then seat 1
// (secretOrder seat) or seat 1 then seat 0 (reverse); the same cards fight alike.
func TestDS16_SecretOrder(t *testing.T) {
	var after []State
	for _, order := range []string{engine.SecretOrderSeat, engine.SecretOrderReverse} {
		s := newTest(t, 2, func(p *Params) { p.DuoHand, p.SecretOrder = 3, order })
		setHands(s, []uint8{redRow1, redRow2, joker}, []uint8{redRow3, blueWith(club), joker2})
		s.advance()
		first := 0
		if order == engine.SecretOrderReverse {
			first = 1
		}
		if s.phase != phPlay || s.ToMove() != first {
			t.Fatalf("%s: seat %d asked first, want seat %d", order, s.ToMove(), first)
		}
		plays := map[int]string{0: "play " + s.r.cardText[redRow1], 1: "play " + s.r.cardText[blueWith(club)]}
		do(t, s, plays[first])
		if seats, chosen, ok := s.SecretRound(); !ok || seats != 0b11 || chosen != 1<<first || s.ToMove() != 1-first {
			t.Fatalf("%s: SecretRound = %b, %b, %v with seat %d to move", order, seats, chosen, ok, s.ToMove())
		}
		do(t, s, plays[1-first])
		if s.lastWin != 0 {
			t.Fatalf("%s: winner %d; net beats club, want seat 0", order, s.lastWin)
		}
		after = append(after, *s)
	}
	a, b := after[0], after[1]
	if a.at != b.at || a.lastCards != b.lastCards || a.hands != b.hands || a.piles != b.piles || a.combats != b.combats {
		t.Error("the same cards played in the reverse order left a different game")
	}
	g := enginetest.Lookup(t, "dragonscales")
	p := DefaultParams()
	p.DuoHand = 3
	if n := enginetest.CheckSecretOrder(t, g, 2, p, 40); n == 0 {
		t.Fatal("no secret card choice played")
	}
}

func seatMask(seats []int) int {
	m := 0
	for _, s := range seats {
		m |= 1 << s
	}
	return m
}
