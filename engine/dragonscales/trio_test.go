package dragonscales

import (
	"bytes"
	"strings"
	"testing"
)

// DS-10: all pieces free; all 38 cards shuffled into two equal piles.
func TestDS10_TrioSetup(t *testing.T) {
	s := newTest(t, 3, nil)
	wantAt(t, s, hFree, full)
	l, r := s.piles[pLeft], s.piles[pRight]
	if l.n != 19 || r.n != 19 || s.piles[pDiscard].n != 0 {
		t.Fatalf("piles %d and %d, want 19 and 19", l.n, r.n)
	}
	var all []uint8
	for c := 0; c < 38; c++ {
		all = append(all, uint8(c))
	}
	if !sameSet(append(l.c[:l.n:l.n], r.c[:r.n]...), all) {
		t.Fatal("the two piles hold every card once")
	}
	checkInvariants(t, s)
	// Both decks are mixed in each pile (not red left, blue right).
	mixed := false
	for seed := uint64(1); seed < 20 && !mixed; seed++ {
		s.deal(seed)
		var reds int
		for _, c := range s.piles[pLeft].c[:19] {
			if s.r.typ[c] == tRed {
				reds++
			}
		}
		mixed = reds > 0 && reds < 18
	}
	if !mixed {
		t.Fatal("red and blue cards are shuffled together")
	}
	s.advance()
	if s.phase != phGesture || s.ToMove() != 0 || s.rpsIn != 0b111 {
		t.Fatal("the game opens with rock-paper-scissors")
	}
	// An odd total cannot be split in two equal piles.
	p := DefaultParams()
	p.BlueDeck = p.BlueDeck[:17]
	if err := p.Validate(3); err == nil || !strings.Contains(err.Error(), "two equal piles") {
		t.Fatalf("odd total: %v", err)
	}
	if err := p.Validate(1); err != nil {
		t.Fatalf("the solitaire does not split: %v", err)
	}
}

// throw plays one gesture per seat in rpsIn, in seat order.
func throw(t *testing.T, s *State, gestures ...string) {
	t.Helper()
	for _, g := range gestures {
		do(t, s, g)
	}
}

// DS-11: rock-paper-scissors, re-plays, two winners playing again, secrecy.
func TestDS11_RockPaperScissors(t *testing.T) {
	for _, tc := range []struct {
		gestures []string
		winners  uint8 // 0: all three again
	}{
		{[]string{"net", "net", "net"}, 0},    // one weapon
		{[]string{"net", "club", "sword"}, 0}, // all three
		{[]string{"net", "club", "club"}, 0b001},
		{[]string{"club", "sword", "club"}, 0b101}, // two winners
		{[]string{"sword", "sword", "net"}, 0b011},
		{[]string{"sword", "club", "sword"}, 0b010},
	} {
		s := newTest(t, 3, nil)
		s.advance()
		for seat := 0; seat < 3; seat++ {
			if s.ToMove() != seat || s.phase != phGesture {
				t.Fatalf("seat %d chooses, got seat %d", seat, s.ToMove())
			}
			if got := strings.Join(legalTexts(s), ","); got != "net,club,sword" {
				t.Fatalf("legal %s", got)
			}
			do(t, s, tc.gestures[seat])
		}
		if s.throws != 1 {
			t.Fatalf("throws %d", s.throws)
		}
		switch {
		case tc.winners == 0:
			if s.rpsIn != 0b111 || s.phase != phGesture || s.ToMove() != 0 {
				t.Errorf("%v: all three play again", tc.gestures)
			}
		case tc.winners&(tc.winners-1) == 0:
			if s.phase != phPile || 1<<s.ToMove() != tc.winners {
				t.Errorf("%v: the winner %03b chooses a pile, got phase %d seat %d", tc.gestures, tc.winners, s.phase, s.ToMove())
			}
		default:
			if s.rpsIn != tc.winners || s.phase != phGesture || 1<<s.ToMove() != tc.winners&-tc.winners {
				t.Errorf("%v: winners %03b play again, got %03b", tc.gestures, tc.winners, s.rpsIn)
			}
		}
	}
	// Two winners: the same gesture again means again; then the stronger wins.
	s := newTest(t, 3, nil)
	s.advance()
	throw(t, s, "club", "sword", "club") // seats 0 and 2
	throw(t, s, "net", "net")
	if s.rpsIn != 0b101 || s.ToMove() != 0 || s.throws != 2 {
		t.Fatalf("same gesture: the two play again (rpsIn %03b)", s.rpsIn)
	}
	throw(t, s, "net", "sword") // sword beats net
	if s.phase != phPile || s.ToMove() != 2 || s.actor != 2 {
		t.Fatalf("seat 2 wins the re-play, got seat %d", s.ToMove())
	}
	// Secrecy: a later seat sees the same whatever an earlier seat chose; Determinize
	// resamples a pending gesture the observer has not seen, and keeps its own.
	a, b := newTest(t, 3, nil), newTest(t, 3, nil)
	a.advance()
	b.advance()
	do(t, a, "net")
	do(t, b, "sword")
	if !bytes.Equal(a.Observe(1, nil), b.Observe(1, nil)) || !bytes.Equal(a.Observe(2, nil), b.Observe(2, nil)) {
		t.Fatal("seats 1 and 2 see seat 0's pending gesture")
	}
	if bytes.Equal(a.Observe(0, nil), b.Observe(0, nil)) {
		t.Fatal("seat 0 sees its own pending gesture")
	}
	if strings.Join(legalTexts(a), ",") != strings.Join(legalTexts(b), ",") {
		t.Fatal("seat 1's choices depend on seat 0's gesture")
	}
	var seen [3]bool
	for seed := uint64(0); seed < 60; seed++ {
		d := *a
		d.Determinize(1, seed)
		seen[d.gest[0]] = true
		d = *a
		d.Determinize(0, seed)
		if d.gest[0] != net {
			t.Fatal("Determinize(0) changed seat 0's own gesture")
		}
	}
	if seen != [3]bool{true, true, true} {
		t.Fatalf("Determinize(1) does not resample seat 0's gesture: %v", seen)
	}
}

// trioAt sets a three-player state waiting for seat actor's pile choice.
func trioAt(t *testing.T, actor uint8, holders map[int][]string, left, right []uint8) *State {
	s := newTest(t, 3, nil)
	place(s, hFree, holders)
	setPile(&s.piles[pLeft], left...)
	setPile(&s.piles[pRight], right...)
	// Every other card is used.
	d := &s.piles[pDiscard]
	d.n = 0
	for c := uint8(0); c < 38; c++ {
		if !bytes.Contains(append(left[:len(left):len(left)], right...), []byte{c}) {
			d.push(c)
		}
	}
	s.phase, s.actor, s.toMove = phPile, actor, actor
	return s
}

// DS-12: the winner's pile choice, red cards take free pieces, blue cards steal,
// a Joker takes or steals one piece.
func TestDS12_TrioCards(t *testing.T) {
	s := trioAt(t, 0, map[int][]string{1: {"orange-circle"}, 2: {"yellow-circle"}},
		[]uint8{redRow1, 5}, []uint8{blueCard(6, club), joker})
	if got := strings.Join(legalTexts(s), ","); got != "left,right" {
		t.Fatalf("pile choice %s", got)
	}
	do(t, s, "left") // row 1: green-triangle orange-circle yellow-square
	wantAt(t, s, 0, cells(s, "green-triangle", "yellow-square"))
	wantAt(t, s, 1, cells(s, "orange-circle")) // held: not his to take with a red card
	if s.combats != 1 || s.phase != phGesture {
		t.Fatal("one combat, then the next throw")
	}
	// A blue card steals the named piece from the opponent who holds it.
	s = trioAt(t, 1, map[int][]string{2: {"yellow-circle"}}, []uint8{5}, []uint8{blueCard(6, club), joker})
	do(t, s, "right")
	wantAt(t, s, 1, cells(s, "yellow-circle"))
	wantAt(t, s, 2, 0)
	// The other pile if one is empty: still a decision, one action.
	s = trioAt(t, 2, nil, nil, []uint8{redRow3})
	if got := strings.Join(legalTexts(s), ","); got != "right" {
		t.Fatalf("only the non-empty pile: %s", got)
	}
	// A Joker: one free piece or one stolen piece, of his choice.
	s = trioAt(t, 0, map[int][]string{0: {"yellow-triangle"}, 1: {"orange-circle", "green-circle"}, 2: {"green-square"}},
		[]uint8{joker, 4}, []uint8{5})
	do(t, s, "left")
	want := "take green-triangle,take yellow-square,take orange-square,take yellow-circle,take orange-triangle," +
		"steal orange-circle,steal green-circle,steal green-square,stop"
	if got := strings.Join(legalTexts(s), ","); got != want || s.ToMove() != 0 {
		t.Fatalf("Joker options %s, want %s", got, want)
	}
	do(t, s, "steal green-circle")
	wantAt(t, s, 0, cells(s, "yellow-triangle", "green-circle"))
	if s.phase != phGesture {
		t.Fatal("a Joker in the three-player game is one operation")
	}
}

// DS-13: the switch to one pile when no piece is free; then every card steals.
func TestDS13_TrioSwitch(t *testing.T) {
	// Before the switch, a blue card naming a free piece does nothing.
	s := trioAt(t, 0, nil, []uint8{blueCard(4, club)}, []uint8{5})
	do(t, s, "left")
	wantAt(t, s, hFree, full)
	// Taking the last free piece shuffles all the cards into one pile.
	s = trioAt(t, 1, map[int][]string{0: {"green-triangle", "orange-circle", "yellow-square", "orange-square"},
		2: {"green-circle", "yellow-circle", "green-square", "orange-triangle"}}, []uint8{redRow2, 7, 8}, []uint8{9})
	do(t, s, "left") // row 2 gives the free yellow-triangle
	wantAt(t, s, 1, cells(s, "yellow-triangle"))
	if !s.switched || s.piles[pLeft].n != 38 || s.piles[pRight].n != 0 || s.piles[pDiscard].n != 0 {
		t.Fatalf("switch: piles %d/%d/%d", s.piles[pLeft].n, s.piles[pRight].n, s.piles[pDiscard].n)
	}
	checkInvariants(t, s)
	// After the switch: no pile choice, the top card is taken, every card steals.
	setPile(&s.piles[pLeft], blueCard(0, net), redRow1)
	s.piles[pDiscard].n = 0
	for c := uint8(0); c < 38; c++ {
		if c != blueCard(0, net) && c != redRow1 {
			s.piles[pDiscard].push(c)
		}
	}
	throw(t, s, "net", "club", "club") // seat 0 wins: its card is drawn at once
	if s.combats != 2 || s.phase != phGesture || s.piles[pLeft].n != 1 {
		t.Fatalf("after the switch the winner takes the top card without a choice (combats %d)", s.combats)
	}
	wantAt(t, s, 0, cells(s, "green-triangle", "orange-circle", "yellow-square", "orange-square")) // his own
	throw(t, s, "net", "sword", "net")                                                             // seat 1 wins
	if s.actor != 1 {
		t.Fatal("sword beats net")
	}
	// Red row 1 now steals green-triangle orange-circle yellow-square from seat 0.
	wantAt(t, s, 1, cells(s, "yellow-triangle", "green-triangle", "orange-circle", "yellow-square"))
	wantAt(t, s, 0, cells(s, "orange-square"))
	// The exhausted pile is reshuffled from all the cards.
	if s.piles[pLeft].n != 0 || s.Terminal() {
		t.Fatalf("pile %d, terminal %v", s.piles[pLeft].n, s.Terminal())
	}
	throw(t, s, "club", "sword", "sword")
	if s.piles[pLeft].n != 37 || s.piles[pDiscard].n != 1 || s.combats != 4 {
		t.Fatalf("reshuffle: pile %d used %d", s.piles[pLeft].n, s.piles[pDiscard].n)
	}
	checkInvariants(t, s)
	// A Joker after the switch steals one piece of his choice.
	s = trioAt(t, 0, map[int][]string{0: {"green-triangle"}, 1: {"orange-circle", "yellow-square", "orange-square", "yellow-triangle"}},
		nil, nil)
	s.at[2] |= s.at[hFree]
	s.at[hFree] = 0
	s.switched = true
	setPile(&s.piles[pLeft], joker)
	s.piles[pDiscard].n = 0
	for c := uint8(0); c < 38; c++ {
		if c != joker {
			s.piles[pDiscard].push(c)
		}
	}
	s.startPile(0)
	want := "steal orange-circle,steal yellow-square,steal orange-square,steal yellow-triangle,steal green-circle," +
		"steal yellow-circle,steal green-square,steal orange-triangle,stop"
	if got := strings.Join(legalTexts(s), ","); got != want {
		t.Fatalf("Joker after the switch: %s", got)
	}
	do(t, s, "steal orange-circle")
	wantAt(t, s, 0, cells(s, "green-triangle", "orange-circle"))
}

// DS-14: trioTarget connected pieces win at once; unconnected pieces do not.
func TestDS14_TrioWin(t *testing.T) {
	// Seat 2 holds A1 B1 A2 A3; column B (orange-circle yellow-triangle green-square)
	// adds B2 B3: a connected group of 6 ≥ 5.
	s := trioAt(t, 2, map[int][]string{2: {"green-triangle", "orange-circle", "orange-square", "yellow-circle"}},
		[]uint8{4}, []uint8{5})
	do(t, s, "left")
	if !s.Terminal() || s.winner != 2 || s.Score(2) != 6 {
		t.Fatalf("seat 2 wins with 6 connected: end %d winner %d", s.end, s.winner)
	}
	if r := result(s); r[0] != 0 || r[1] != 0 || r[2] != 1 {
		t.Fatalf("result %v", r)
	}
	// The four corners and the centre: five pieces, no two adjacent.
	s = trioAt(t, 0, map[int][]string{0: {"green-triangle", "yellow-square", "yellow-circle", "orange-triangle"}},
		[]uint8{blueCard(4, club)}, []uint8{5})
	s.at[1] |= cells(s, "yellow-triangle")
	s.at[hFree] &^= cells(s, "yellow-triangle")
	do(t, s, "left") // steals the centre from seat 1
	if s.Terminal() || s.Score(0) != 1 {
		t.Fatalf("five unconnected pieces do not win (score %v)", s.Score(0))
	}
	// trioTarget is a parameter: 4 makes four connected pieces enough.
	s4 := newTest(t, 3, func(p *Params) { p.TrioTarget = 4 })
	place(s4, hFree, map[int][]string{1: {"green-triangle", "orange-circle", "yellow-square"}})
	setPile(&s4.piles[pLeft], 4)
	s4.phase, s4.actor, s4.toMove = phPile, 1, 1
	do(t, s4, "left")
	if !s4.Terminal() || s4.winner != 1 {
		t.Fatal("trioTarget 4")
	}
	p := DefaultParams()
	p.TrioTarget = 10
	if err := p.Validate(3); err == nil || !strings.Contains(err.Error(), "trioTarget") {
		t.Fatalf("trioTarget 10: %v", err)
	}
}
