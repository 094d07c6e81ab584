package dragonscales

import (
	"math/bits"
	"slices"
	"strings"
	"testing"

	"dragonlab/engine/enginetest"
)

// Card ids with the default decks (DS-3): red card i is i, blue card i is 18+i, the
// Jokers are 36 and 37.
const (
	redRow1  = 0  // net: green-triangle orange-circle yellow-square
	redRow2  = 1  // club: orange-square yellow-triangle green-circle
	redRow3  = 2  // sword: yellow-circle green-square orange-triangle
	redGreen = 6  // net: green-triangle green-circle green-square
	redRow1b = 12 // club: row 1 again
	blue0    = 18
	joker    = 36
	joker2   = 37
)

// blueCard is the id of the default blue card naming the piece on cell with weapon w.
func blueCard(cell, w int) uint8 {
	for i := 0; i < 18; i++ {
		if i%9 == cell && (i+i/9)%3 == w {
			return uint8(blue0 + i)
		}
	}
	panic("no such blue card")
}

// blueWith is a default blue card carrying weapon w.
func blueWith(w int) uint8 {
	for i := 0; i < 18; i++ {
		if (i+i/9)%3 == w {
			return uint8(blue0 + i)
		}
	}
	panic("no such blue card")
}

// newTest builds a state for players with the default params changed by mod, dealt from
// seed 1 but not advanced: tests arrange it by hand.
func newTest(t testing.TB, players int, mod func(*Params)) *State {
	t.Helper()
	p := DefaultParams()
	if mod != nil {
		mod(p)
	}
	r, err := compile(p, players)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	s := &State{r: r}
	s.deal(1)
	return s
}

// cellOf is the cell of a piece by name.
func cellOf(s *State, name string) int {
	for c, n := range s.r.cellName {
		if n == name {
			return c
		}
	}
	panic("unknown piece " + name)
}

// cells is the mask of the named pieces.
func cells(s *State, names ...string) uint16 {
	var m uint16
	for _, n := range names {
		m |= 1 << cellOf(s, n)
	}
	return m
}

// setPile replaces a pile's cards; top first.
func setPile(p *pile, top ...uint8) {
	p.n = 0
	for i := len(top) - 1; i >= 0; i-- {
		p.push(top[i])
	}
}

// place sets the holders: every cell not listed goes to rest.
func place(s *State, rest int, holders map[int][]string) {
	s.at = [4]uint16{}
	var used uint16
	for h, names := range holders {
		m := cells(s, names...)
		s.at[h] |= m
		used |= m
	}
	s.at[rest] |= full &^ used
}

// legalTexts lists the legal actions as text.
var legalTexts = enginetest.LegalTexts

// do applies the legal action whose text is txt.
func do(t testing.TB, s *State, txt string) {
	t.Helper()
	s.Apply(enginetest.ActionByText(t, s, txt))
}

func names(s *State, m uint16) string {
	var out []string
	for c := 0; c < 9; c++ {
		if m&(1<<c) != 0 {
			out = append(out, s.r.cellName[c])
		}
	}
	return strings.Join(out, " ")
}

func wantAt(t testing.TB, s *State, h int, want uint16) {
	t.Helper()
	if s.at[h] != want {
		t.Fatalf("%s holds [%s], want [%s]", s.holderName(h), names(s, s.at[h]), names(s, want))
	}
}

// checkInvariants: each of the 9 pieces is in exactly one place; every card is in
// exactly one pile, hand or used pile.
func checkInvariants(t testing.TB, s *State) {
	t.Helper()
	var union uint16
	total := 0
	for _, m := range s.at {
		union |= m
		total += bits.OnesCount16(m)
	}
	if union != full || total != 9 {
		t.Fatalf("pieces misplaced: holders %09b", s.at)
	}
	holders := 3
	if s.r.players == 3 {
		holders = 4
	}
	for h := holders; h < 4; h++ {
		if s.at[h] != 0 {
			t.Fatalf("holder %d of a %d-player game holds pieces", h, s.r.players)
		}
	}
	var count [maxCards]int
	for i := range s.piles {
		for _, c := range s.piles[i].c[:s.piles[i].n] {
			count[c]++
		}
	}
	for i := range s.hands {
		for _, c := range s.hands[i].c[:s.hands[i].n] {
			count[c]++
		}
	}
	for c := 0; c < maxCards; c++ {
		want := 0
		if c < s.r.nCards {
			want = 1
		}
		if count[c] != want {
			t.Fatalf("card %d (%s) is in %d places", c, s.r.cardText[c%s.r.nCards], count[c])
		}
	}
}

func result(s *State) []float64 {
	out := make([]float64, s.r.players)
	s.Result(out)
	return out
}

func sameSet(a, b []uint8) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}
