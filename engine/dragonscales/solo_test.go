package dragonscales

import (
	"strings"
	"testing"

	"dragonlab/engine"
)

// DS-1: the layout, adjacency by full sides, connected groups by bitmask flood fill.
func TestDS01_LayoutAndAdjacency(t *testing.T) {
	s := newTest(t, 1, nil)
	for cell, want := range []string{"green-triangle", "orange-circle", "yellow-square",
		"orange-square", "yellow-triangle", "green-circle", "yellow-circle", "green-square", "orange-triangle"} {
		if s.r.cellName[cell] != want {
			t.Fatalf("cell %d holds %s, want %s", cell, s.r.cellName[cell], want)
		}
	}
	// Neighbours by coordinates, to check the bit tricks (no wrap-around between rows).
	for cell := 0; cell < 9; cell++ {
		var want uint16
		for other := 0; other < 9; other++ {
			dr, dc := cell/3-other/3, cell%3-other%3
			if dr*dr+dc*dc == 1 {
				want |= 1 << other
			}
		}
		if got := neighbours(1 << cell); got != want {
			t.Fatalf("neighbours of cell %d = %09b, want %09b", cell, got, want)
		}
	}
	for _, tc := range []struct {
		pieces []string
		want   int
	}{
		{nil, 0},
		{[]string{"green-triangle", "yellow-triangle", "orange-triangle"}, 1}, // a diagonal
		{[]string{"yellow-square", "orange-square"}, 1},                       // C1, A2: no wrap
		{[]string{"green-triangle", "orange-circle", "yellow-square", "yellow-triangle"}, 4},
		{[]string{"green-triangle", "orange-square", "yellow-circle", "green-square", "orange-triangle"}, 5}, // an L
		{[]string{"green-triangle", "yellow-square", "yellow-circle", "orange-triangle", "yellow-triangle"}, 1},
		{[]string{"green-triangle", "orange-circle", "green-circle", "orange-triangle"}, 2},
	} {
		if got := largestGroup(cells(s, tc.pieces...)); got != tc.want {
			t.Errorf("largest group of %v = %d, want %d", tc.pieces, got, tc.want)
		}
	}
	if largestGroup(full) != 9 {
		t.Fatal("the full grid is one group of 9")
	}
	for m := 0; m < 512; m++ {
		if largestGroup(uint16(m)) != largestGroupFill(uint16(m)) {
			t.Fatalf("table and flood fill disagree on %09b", m)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _ = largestGroupFill(0b101_110_011) }); n != 0 {
		t.Fatalf("flood fill allocates %.0f times", n)
	}
	// Adjacency follows the layout: swapping two pieces changes what is connected.
	swapped := newTest(t, 1, func(p *Params) {
		p.Layout[0], p.Layout[8] = p.Layout[8], p.Layout[0]
	})
	if got := largestGroup(cells(swapped, "orange-triangle", "orange-circle")); got != 2 {
		t.Fatalf("with orange-triangle on A1 it touches orange-circle on B1: group %d", got)
	}
	// Validation: the layout must be a permutation of the nine pieces.
	for _, tc := range []struct {
		layout []string
		msg    string
	}{
		{defaultLayout[:8], "layout: want the 9 pieces"},
		{append(append([]string{}, defaultLayout[:8]...), "green-triangle"), "appears twice"},
		{append(append([]string{}, defaultLayout[:8]...), "pink-triangle"), "unknown piece \"pink-triangle\""},
	} {
		p := DefaultParams()
		p.Layout = tc.layout
		err := p.Validate(1)
		if err == nil || !strings.Contains(err.Error(), tc.msg) || !strings.Contains(err.Error(), "layout") ||
			strings.Contains(err.Error(), "\n") {
			t.Errorf("layout %v: error %v, want one line with %q", tc.layout, err, tc.msg)
		}
	}
}

// DS-2: net beats club, club beats sword, sword beats net.
func TestDS02_Weapons(t *testing.T) {
	for a := uint8(0); a < 3; a++ {
		for b := uint8(0); b < 3; b++ {
			want := a == net && b == club || a == club && b == sword || a == sword && b == net
			if beats(a, b) != want {
				t.Errorf("beats(%s, %s) = %v", weaponNames[a], weaponNames[b], !want)
			}
		}
	}
}

// DS-3: the PROPOSED decks, their weapons, the Jokers, and deck validation.
func TestDS03_CombatCards(t *testing.T) {
	s := newTest(t, 3, nil)
	r := s.r
	if r.nRed != 18 || r.nBlue != 18 || r.nJokers != 2 || r.nCards != 38 {
		t.Fatalf("decks %d red, %d blue, %d Jokers", r.nRed, r.nBlue, r.nJokers)
	}
	wantRed := []string{
		"net green-triangle orange-circle yellow-square", // row 1
		"club orange-square yellow-triangle green-circle",
		"sword yellow-circle green-square orange-triangle",
		"net green-triangle orange-square yellow-circle", // column A
		"club orange-circle yellow-triangle green-square",
		"sword yellow-square green-circle orange-triangle",
		"net green-triangle green-circle green-square", // green, in cell order
		"club orange-circle orange-square orange-triangle",
		"sword yellow-square yellow-triangle yellow-circle",
		"club green-triangle yellow-triangle orange-triangle", // triangle: i=9 → (9+1) mod 3
		"sword yellow-square orange-square green-square",
		"net orange-circle green-circle yellow-circle",
		"club green-triangle orange-circle yellow-square", // rows again
		"sword orange-square yellow-triangle green-circle",
		"net yellow-circle green-square orange-triangle",
		"club green-triangle orange-square yellow-circle", // columns again
		"sword orange-circle yellow-triangle green-square",
		"net yellow-square green-circle orange-triangle",
	}
	for i, want := range wantRed {
		if got := r.cardText[i]; got != "red "+want {
			t.Errorf("red card %d = %q, want %q", i, got, "red "+want)
		}
	}
	var perWeapon [2][3]int
	for i := 0; i < 18; i++ {
		b := blue0 + i
		if r.mask[b] != 1<<(i%9) || r.weapon[b] != uint8((i+i/9)%3) || r.typ[b] != tBlue {
			t.Errorf("blue card %d = %q", i, r.cardText[b])
		}
		perWeapon[0][r.weapon[i]]++
		perWeapon[1][r.weapon[b]]++
	}
	if perWeapon != [2][3]int{{6, 6, 6}, {6, 6, 6}} {
		t.Fatalf("weapons per deck %v, want 6 of each", perWeapon)
	}
	for _, j := range []int{joker, joker2} {
		if r.typ[j] != tJoker || r.back[j] != tRed || r.mask[j] != 0 || r.cardText[j] != "joker" {
			t.Fatalf("card %d is not a red-backed Joker naming nothing: %q", j, r.cardText[j])
		}
	}
	// Validation: one clear line naming the key.
	for _, tc := range []struct {
		mod func(*Params)
		msg string
	}{
		{func(p *Params) { p.RedDeck[3] = "net green-triangle orange-circle" }, "redDeck[3]"},
		{func(p *Params) { p.RedDeck[0] = "net green-triangle orange-circle pink-circle" }, "unknown piece \"pink-circle\""},
		{func(p *Params) { p.BlueDeck[5] = "club green-triangle orange-circle" }, "blueDeck[5]"},
		{func(p *Params) { p.BlueDeck[1] = "axe green-triangle" }, "unknown weapon \"axe\""},
		{func(p *Params) { p.RedDeck[2] = "net green-triangle green-triangle orange-circle" }, "named twice"},
		{func(p *Params) { p.BlueDeck = nil }, "blueDeck: 0 cards"},
		{func(p *Params) { p.RedDeck = append(p.RedDeck, p.RedDeck...) }, "redDeck: 36 cards"},
	} {
		p := DefaultParams()
		tc.mod(p)
		err := p.Validate(1)
		if err == nil || !strings.Contains(err.Error(), tc.msg) || strings.Contains(err.Error(), "\n") {
			t.Errorf("error %v, want one line with %q", err, tc.msg)
		}
	}
	// A custom deck is used as written.
	c := newTest(t, 1, func(p *Params) { p.BlueDeck = []string{"sword orange-triangle", "net green-triangle"} })
	if c.r.nBlue != 2 || c.r.cardText[18] != "blue sword orange-triangle" || c.r.mask[19] != 1 {
		t.Fatalf("custom blue deck: %q %q", c.r.cardText[18], c.r.cardText[19])
	}
}

// DS-4: the solitaire's setup.
func TestDS04_SoloSetup(t *testing.T) {
	for jokers := 0; jokers <= 2; jokers++ {
		s := newTest(t, 1, func(p *Params) { p.SoloJokers = jokers })
		wantAt(t, s, hRed, full)
		red, blue := s.piles[pRed], s.piles[pBlue]
		if int(red.n) != 18+jokers || blue.n != 18 || s.piles[pDiscard].n != 0 {
			t.Fatalf("%d Jokers: piles %d red, %d blue", jokers, red.n, blue.n)
		}
		var wantRed, wantBlue []uint8
		for c := 0; c < 18; c++ {
			wantRed = append(wantRed, uint8(c))
			wantBlue = append(wantBlue, uint8(18+c))
		}
		for j := 0; j < jokers; j++ {
			wantRed = append(wantRed, uint8(36+j))
		}
		if !sameSet(red.c[:red.n], wantRed) || !sameSet(blue.c[:blue.n], wantBlue) {
			t.Fatal("the red pile is the red deck and the Jokers, the blue pile the blue deck")
		}
		checkInvariants(t, s)
	}
	// Shuffled: two seeds give different orders.
	a, b := newTest(t, 1, nil), newTest(t, 1, nil)
	b.deal(2)
	if a.piles[pRed] == b.piles[pRed] || a.piles[pBlue] == b.piles[pBlue] {
		t.Fatal("the decks are not shuffled by the seed")
	}
	if p := DefaultParams(); p.SoloJokers != 1 {
		t.Fatalf("soloJokers default %d, want 1", p.SoloJokers)
	}
	p := DefaultParams()
	p.SoloJokers = 3
	if err := p.Validate(1); err == nil || !strings.Contains(err.Error(), "soloJokers") {
		t.Fatalf("soloJokers 3: %v", err)
	}
}

// soloCombat sets the tops of both piles and plays one combat; the blue pile is then
// empty, so the game ends after it (DS-9) unless a Joker waits for decisions.
func soloCombat(s *State, red, blue uint8) {
	setPile(&s.piles[pRed], red, 1, 2)
	setPile(&s.piles[pBlue], blue)
	s.phase = phAuto
	s.step()
}

// DS-5: the stronger weapon wins; a tie goes to red; a Joker always wins.
func TestDS05_SoloCombat(t *testing.T) {
	s := newTest(t, 1, nil)
	for _, tc := range []struct {
		red, blue uint8
		want      int8 // 0 red, 1 blue
	}{
		{redRow1, blueWith(club), 0},  // net beats club
		{redRow1, blueWith(sword), 1}, // sword beats net
		{redRow1, blueWith(net), 0},   // tie: red
		{redRow2, blueWith(sword), 0}, // club beats sword
		{redRow2, blueWith(net), 1},   // net beats club
		{redRow3, blueWith(club), 1},  // club beats sword
		{joker, blueWith(sword), 0},   // Joker
		{joker, blueWith(net), 0},
	} {
		s.deal(1)
		soloCombat(s, tc.red, tc.blue)
		if s.lastWin != tc.want || s.combats != 1 {
			t.Errorf("%s vs %s: winner %d, want %d", s.r.cardText[tc.red], s.r.cardText[tc.blue], s.lastWin, tc.want)
		}
		if tc.red == joker && s.phase != phJoker {
			t.Errorf("a winning Joker gives operations")
		}
		if s.lastCards != [2]uint8{tc.red, tc.blue} || s.piles[pDiscard].n != 2 {
			t.Errorf("both cards are turned and used")
		}
	}
}

// DS-6: red wins: red → blue, grey → red (never straight to blue), blue stays.
func TestDS06_RedWinMovesOneStep(t *testing.T) {
	s := newTest(t, 1, nil)
	place(s, hRed, map[int][]string{hGrey: {"orange-circle", "green-circle"}, hBlue: {"yellow-square"}})
	soloCombat(s, redRow1, blueWith(club)) // row 1 names green-triangle orange-circle yellow-square
	wantAt(t, s, hBlue, cells(s, "yellow-square", "green-triangle"))
	wantAt(t, s, hGrey, cells(s, "green-circle"))
	wantAt(t, s, hRed, full&^cells(s, "yellow-square", "green-triangle", "green-circle"))
	if s.phase != phAuto || s.Terminal() {
		t.Fatal("a red card's effect needs no decision")
	}
}

// DS-7: the Joker's three operations, grey → red → blue for the same piece, stop.
func TestDS07_SoloJoker(t *testing.T) {
	s := newTest(t, 1, nil)
	place(s, hRed, map[int][]string{hGrey: {"green-triangle", "green-circle"}, hBlue: {"orange-circle", "yellow-square",
		"orange-square", "yellow-triangle"}})
	soloCombat(s, joker, blueWith(sword))
	if s.phase != phJoker || s.ToMove() != 0 || s.ops != 3 {
		t.Fatalf("a Joker asks for 3 operations: phase %d ops %d", s.phase, s.ops)
	}
	want := []string{
		"move yellow-circle red>blue", "move green-square red>blue", "move orange-triangle red>blue",
		"move green-triangle grey>red", "move green-circle grey>red", "stop"}
	if got := legalTexts(s); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("legal %v, want %v", got, want)
	}
	do(t, s, "move green-triangle grey>red")
	do(t, s, "move green-triangle red>blue") // the same piece twice: two operations
	if s.phase != phJoker || s.ops != 1 {
		t.Fatalf("one operation left, got %d", s.ops)
	}
	do(t, s, "move yellow-circle red>blue")
	wantAt(t, s, hBlue, cells(s, "orange-circle", "yellow-square", "orange-square", "yellow-triangle",
		"green-triangle", "yellow-circle"))
	wantAt(t, s, hGrey, cells(s, "green-circle"))
	if s.phase == phJoker || s.combats != 1 {
		t.Fatal("three operations at most")
	}
	// stop, offered first, forgoes everything.
	s.deal(1)
	before := s.at
	soloCombat(s, joker, blueWith(sword))
	do(t, s, "stop")
	if s.at != before || s.combats < 1 {
		t.Fatal("stop moves nothing")
	}
}

// DS-8: blue wins: the named piece goes to the grey dragon from red or blue.
func TestDS08_BlueWinsToGrey(t *testing.T) {
	for _, from := range []int{hRed, hBlue, hGrey} {
		s := newTest(t, 1, nil)
		place(s, hRed, map[int][]string{from: {"yellow-triangle"}})
		soloCombat(s, redRow1, blueCard(cellOf(s, "yellow-triangle"), sword))
		if s.lastWin != 1 {
			t.Fatal("sword beats net")
		}
		wantAt(t, s, hGrey, cells(s, "yellow-triangle"))
		wantAt(t, s, hRed, full&^cells(s, "yellow-triangle"))
	}
}

// DS-9: win as soon as all nine are on blue (even mid-Joker); a deck running out loses,
// after 18 combats with the default decks (the last red card is never turned).
func TestDS09_SoloEnd(t *testing.T) {
	s := newTest(t, 1, nil)
	place(s, hBlue, map[int][]string{hRed: {"orange-circle"}})
	soloCombat(s, redRow1, blueWith(club))
	if !s.Terminal() || s.end != endWin || result(s)[0] != 1 || s.Score(0) != 9 {
		t.Fatalf("all nine on blue wins: end %d result %v", s.end, result(s))
	}
	// Mid-Joker: grey → red → blue completes the puzzle with an operation left.
	s = newTest(t, 1, nil)
	place(s, hBlue, map[int][]string{hGrey: {"green-square"}})
	soloCombat(s, joker, blueWith(net))
	do(t, s, "move green-square grey>red")
	do(t, s, "move green-square red>blue")
	if !s.Terminal() || result(s)[0] != 1 {
		t.Fatal("the player wins in the middle of a Joker's operations")
	}
	// A deck running out loses; the Result is a loss {0}, not a draw.
	s = newTest(t, 1, nil)
	s.piles[pBlue].n = 0
	s.phase = phAuto
	s.advance()
	if !s.Terminal() || s.end != endLoss || result(s)[0] != 0 || s.Score(0) != 0 {
		t.Fatalf("an empty deck loses: end %d", s.end)
	}
	// Random games: every loss comes after exactly 18 combats, with one red card unturned.
	g := newTest(t, 1, nil)
	rng := engine.NewRNG(5)
	var buf [32]engine.Action
	losses, wins := 0, 0
	for seed := uint64(0); seed < 300; seed++ {
		g.Reset(seed)
		for !g.Terminal() {
			l := g.Legal(buf[:0])
			g.Apply(l[rng.IntN(len(l))])
		}
		switch g.end {
		case endLoss:
			losses++
			if g.combats != 18 || g.piles[pRed].n != 1 || g.piles[pBlue].n != 0 || g.Score(0) == 9 {
				t.Fatalf("seed %d: lost after %d combats with %d red cards left", seed, g.combats, g.piles[pRed].n)
			}
		case endWin:
			wins++
			if g.Score(0) != 9 || g.combats > 18 {
				t.Fatalf("seed %d: won with %v on blue after %d combats", seed, g.Score(0), g.combats)
			}
		default:
			t.Fatalf("seed %d: end %d", seed, g.end)
		}
	}
	if losses == 0 || wins == 0 {
		t.Fatalf("%d wins, %d losses in 300 random games", wins, losses)
	}
}
