package dragonscales

import (
	"bytes"
	"strings"
	"testing"
)

// DS-15: pieces on the red dragon; each player's pile is half of each deck and a Joker.
func TestDS15_DuoSetup(t *testing.T) {
	for seed := uint64(1); seed < 20; seed++ {
		s := newTest(t, 2, nil)
		s.deal(seed)
		wantAt(t, s, hCentre, full)
		for seat := 0; seat < 2; seat++ {
			p := &s.piles[seat]
			var n [3]int
			for _, c := range p.c[:p.n] {
				n[s.r.typ[c]]++
			}
			if n != [3]int{9, 9, 1} {
				t.Fatalf("seat %d pile: %v red/blue/Joker, want 9/9/1", seat, n)
			}
		}
		checkInvariants(t, s)
	}
	// Odd decks cannot be halved.
	p := DefaultParams()
	p.RedDeck = p.RedDeck[:17]
	if err := p.Validate(2); err == nil || !strings.Contains(err.Error(), "halved") {
		t.Fatalf("odd red deck for 2 players: %v", err)
	}
	// Hand variant: the hands are dealt from the piles.
	h := newTest(t, 2, func(p *Params) { p.DuoHand = 3 })
	if h.hands[0].n != 3 || h.hands[1].n != 3 || h.piles[0].n != 16 || h.piles[1].n != 16 {
		t.Fatal("duoHand 3: three cards in hand, sixteen in the pile")
	}
	checkInvariants(t, h)
}

// setHands gives the players these hands, dealing every other card evenly to the piles.
func setHands(s *State, h0, h1 []uint8) {
	in := map[uint8]bool{}
	for i, h := range [2][]uint8{h0, h1} {
		s.hands[i].n = uint8(len(h))
		copy(s.hands[i].c[:], h)
		for _, c := range h {
			in[c] = true
		}
	}
	s.piles[0].n, s.piles[1].n = 0, 0
	k := 0
	for c := uint8(0); int(c) < s.r.nCards; c++ {
		if !in[c] {
			s.piles[k%2].push(c)
			k++
		}
	}
}

// duoFight sets the piles' tops and plays one combat; the piles are then empty and the
// played piles hold only these cards (so a following combat exchanges them).
func duoFight(s *State, c0, c1 uint8) {
	setPile(&s.piles[0], c0)
	setPile(&s.piles[1], c1)
	s.piles[pPlayed].n, s.piles[pPlayed+1].n = 0, 0
	s.phase = phAuto
	s.step()
}

// DS-16: weapons decide, red beats blue on equal weapons, a Joker beats any card, equal
// weapon and colour or two Jokers is a draw; the hand variant's secret choice.
func TestDS16_DuoCombat(t *testing.T) {
	for _, tc := range []struct {
		c0, c1 uint8
		want   int8
	}{
		{redRow1, redRow2, 0},                // net beats club
		{redRow1, redRow3, 1},                // sword beats net
		{blueWith(club), blueWith(sword), 0}, // club beats sword
		{redRow1, blueWith(net), 0},          // equal weapons: red beats blue
		{blueWith(sword), redRow3, 1},
		{redRow1, 14, -1},                     // net red vs net red: draw
		{blueWith(net), blueCard(2, net), -1}, // blue net vs blue net: draw
		{joker, redRow1, 0},
		{blueWith(sword), joker2, 1},
		{joker, joker2, -1},
	} {
		s := newTest(t, 2, nil)
		duoFight(s, tc.c0, tc.c1)
		if s.lastWin != tc.want || s.combats != 1 {
			t.Errorf("%s vs %s: winner %d, want %d", s.r.cardText[tc.c0], s.r.cardText[tc.c1], s.lastWin, tc.want)
		}
		if tc.want < 0 && (s.at[hCentre] != full || s.phase != phAuto) {
			t.Errorf("a draw changes nothing")
		}
	}
	// Hand variant: each seat chooses secretly; seat 1 cannot see seat 0's choice.
	a := newTest(t, 2, func(p *Params) { p.DuoHand = 3 })
	setHands(a, []uint8{redRow1, redRow2, joker}, []uint8{redRow3, blueWith(club), joker2})
	a.advance()
	if a.phase != phPlay || a.ToMove() != 0 {
		t.Fatal("the hand variant asks seat 0 first")
	}
	want := "play red net green-triangle orange-circle yellow-square,play red club orange-square yellow-triangle green-circle,play joker"
	if got := strings.Join(legalTexts(a), ","); got != want {
		t.Fatalf("legal %s", got)
	}
	b := *a
	do(t, a, "play red net green-triangle orange-circle yellow-square")
	do(t, &b, "play joker")
	if a.ToMove() != 1 || !bytes.Equal(a.Observe(1, nil), b.Observe(1, nil)) {
		t.Fatal("seat 1 sees seat 0's pending card")
	}
	if bytes.Equal(a.Observe(0, nil), b.Observe(0, nil)) {
		t.Fatal("seat 0 knows its own choice")
	}
	do(t, a, "play red sword yellow-circle green-square orange-triangle") // sword beats net
	if a.lastWin != 1 || a.lastCards != [2]uint8{redRow1, redRow3} {
		t.Fatalf("revealed %v, winner %d", a.lastCards, a.lastWin)
	}
	wantAt(t, a, 1, cells(a, "yellow-circle", "green-square", "orange-triangle"))
	if a.hands[0].n != 3 || a.hands[1].n != 3 || a.piles[0].n != 15 {
		t.Fatal("the hands are refilled after the combat")
	}
	checkInvariants(t, a)
	// One action per distinct card.
	d := newTest(t, 2, func(p *Params) {
		p.DuoHand = 2
		p.RedDeck[1] = p.RedDeck[0]
	})
	setHands(d, []uint8{1, 0}, []uint8{2, 3})
	d.advance()
	if got := legalTexts(d); len(got) != 1 || got[0] != "play red net green-triangle orange-circle yellow-square" {
		t.Fatalf("identical cards are one choice: %v", got)
	}
}

// DS-17: while pieces remain on the red dragon: red takes from it, blue steals, a Joker
// has three operations mixing both.
func TestDS17_DuoWinnerEffects(t *testing.T) {
	s := newTest(t, 2, nil)
	place(s, hCentre, map[int][]string{1: {"orange-circle"}, 0: {"yellow-square"}})
	duoFight(s, redRow1, redRow2) // seat 0: row 1
	wantAt(t, s, 0, cells(s, "green-triangle", "yellow-square"))
	wantAt(t, s, 1, cells(s, "orange-circle")) // held by the opponent: a red card does not steal
	// A blue card steals from the opponent.
	s = newTest(t, 2, nil)
	place(s, hCentre, map[int][]string{0: {"green-square", "green-circle"}})
	duoFight(s, redRow1, blueCard(cellOf(s, "green-square"), sword))
	wantAt(t, s, 1, cells(s, "green-square"))
	wantAt(t, s, 0, cells(s, "green-circle"))
	// A Joker: three operations, each a take or a steal.
	s = newTest(t, 2, nil)
	place(s, hCentre, map[int][]string{0: {"green-triangle", "orange-circle"}, 1: {"yellow-circle", "green-square", "orange-triangle"}})
	duoFight(s, redRow1, joker2)
	if s.phase != phJoker || s.ToMove() != 1 || s.ops != 3 {
		t.Fatal("seat 1's Joker")
	}
	want := "take yellow-square,take orange-square,take yellow-triangle,take green-circle,steal green-triangle,steal orange-circle,stop"
	if got := strings.Join(legalTexts(s), ","); got != want {
		t.Fatalf("legal %s", got)
	}
	do(t, s, "steal orange-circle")
	do(t, s, "take yellow-triangle") // yellow-circle green-square orange-triangle + B1 B2: 5 connected
	do(t, s, "stop")
	wantAt(t, s, 1, cells(s, "yellow-circle", "green-square", "orange-triangle", "orange-circle", "yellow-triangle"))
	wantAt(t, s, 0, cells(s, "green-triangle"))
	if s.Terminal() && s.end == endWin {
		t.Fatal("5 < duoTarget 6")
	}
}

// DS-18: once the red dragon is empty every card steals; before, a blue card naming a
// piece on the red dragon does nothing.
func TestDS18_DuoRedDragonEmpty(t *testing.T) {
	s := newTest(t, 2, nil)
	duoFight(s, blueWith(net), blueWith(club)) // the blue net names a piece on the red dragon
	if s.lastWin != 0 || s.at[hCentre] != full {
		t.Fatal("a blue card naming a piece on the red dragon does nothing")
	}
	s = newTest(t, 2, nil)
	place(s, 0, map[int][]string{1: {"green-triangle", "yellow-square", "yellow-circle", "orange-triangle"}})
	duoFight(s, redRow2, redRow1) // seat 1's net beats club: row 1 steals
	wantAt(t, s, 1, cells(s, "green-triangle", "yellow-square", "yellow-circle", "orange-triangle", "orange-circle"))
	wantAt(t, s, hCentre, 0)
	s = newTest(t, 2, func(p *Params) { p.DuoTarget = 9 })
	place(s, 0, map[int][]string{1: {"green-triangle", "yellow-square"}})
	duoFight(s, joker, redRow1)
	want := "steal green-triangle,steal yellow-square,stop"
	if got := strings.Join(legalTexts(s), ","); got != want {
		t.Fatalf("a Joker steals only: %s", got)
	}
	do(t, s, "steal yellow-square")
	if s.Terminal() {
		t.Fatal("8 < duoTarget 9")
	}
	do(t, s, "steal green-triangle")
	if !s.Terminal() || s.winner != 0 {
		t.Fatal("nine pieces: seat 0 wins")
	}
}

// DS-19: when both piles are used up, each shuffles his played cards and the piles swap.
func TestDS19_DuoExchange(t *testing.T) {
	s := newTest(t, 2, nil)
	s.piles[0].n, s.piles[1].n = 0, 0
	setPile(&s.piles[pPlayed], 0, 1, 2, 3, joker, 19)
	setPile(&s.piles[pPlayed+1], 4, 5, 6, joker2, 20, 21)
	played0 := append([]uint8(nil), s.piles[pPlayed].c[:6]...)
	played1 := append([]uint8(nil), s.piles[pPlayed+1].c[:6]...)
	s.phase = phAuto
	s.step()
	if s.cycles != 1 || s.combats != 1 {
		t.Fatal("exchange, then a combat")
	}
	// The combat used one card of each new pile.
	got0 := append(append([]uint8(nil), s.piles[0].c[:s.piles[0].n]...), s.lastCards[0])
	got1 := append(append([]uint8(nil), s.piles[1].c[:s.piles[1].n]...), s.lastCards[1])
	if !sameSet(got0, played1) || !sameSet(got1, played0) {
		t.Fatalf("seat 0 plays from seat 1's played cards: %v vs %v", got0, played1)
	}
	// Hand variant: the exchange comes when the hands are empty too.
	h := newTest(t, 2, func(p *Params) { p.DuoHand = 2 })
	h.piles[0].n, h.piles[1].n = 0, 0
	h.hands[0].n = 1
	h.hands[1].n = 1
	h.hands[0].c[0], h.hands[1].c[0] = 0, 1
	setPile(&h.piles[pPlayed], 2, 3, 4)
	setPile(&h.piles[pPlayed+1], 5, 6, 7)
	for c := uint8(8); c < 38; c++ {
		h.piles[pPlayed+int(c%2)].push(c)
	}
	h.advance()
	do(t, h, "play "+h.r.cardText[0])
	do(t, h, "play "+h.r.cardText[1])
	if h.Terminal() || h.cycles != 1 || h.hands[0].n != 2 || h.hands[1].n != 2 {
		t.Fatalf("exchange after the last hand card: cycles %d hands %d", h.cycles, h.hands[0].n)
	}
	checkInvariants(t, h)
}

// DS-20: duoTarget connected pieces win; duoConnected false counts any pieces.
func TestDS20_DuoWin(t *testing.T) {
	// Seat 0 holds the corners and B1; row 3 (sword) adds B3 and the rest of row 3:
	// corners A1 C1 A3 C3 + B1 + B3 = 6 pieces, largest group 3 (A1 B1 C1) or (A3 B3 C3).
	setup := func(connected bool) *State {
		s := newTest(t, 2, func(p *Params) { p.DuoConnected = connected })
		place(s, hCentre, map[int][]string{0: {"green-triangle", "yellow-square", "orange-circle", "yellow-circle", "orange-triangle"}})
		duoFight(s, redRow3, blueWith(net)) // sword beats net: takes green-square
		return s
	}
	s := setup(true)
	if s.end == endWin || s.Score(0) != 3 {
		t.Fatalf("6 pieces in two rows are not 6 connected (score %v)", s.Score(0))
	}
	s = setup(false)
	if s.end != endWin || s.winner != 0 || s.Score(0) != 6 {
		t.Fatalf("duoConnected false: 6 pieces win (end %d)", s.end)
	}
	// Connected: completing two full rows and B2 wins.
	s = newTest(t, 2, nil)
	place(s, hCentre, map[int][]string{1: {"green-triangle", "orange-circle", "yellow-square", "orange-square", "green-circle"}})
	duoFight(s, redRow3, redRow2) // club beats sword: row 2 gives yellow-triangle
	if s.end != endWin || s.winner != 1 || s.Score(1) != 6 || result(s)[1] != 1 {
		t.Fatalf("seat 1 wins with rows 1 and 2: end %d winner %d score %v", s.end, s.winner, s.Score(1))
	}
	p := DefaultParams()
	p.DuoTarget = 12
	if err := p.Validate(2); err == nil || !strings.Contains(err.Error(), "duoTarget") {
		t.Fatalf("duoTarget 12: %v", err)
	}
}
