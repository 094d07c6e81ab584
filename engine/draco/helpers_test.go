package draco

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"dragonlab/engine"
)

// newGame builds a default game for players, dealt from seed 1.
func newGame(t testing.TB, players int) *State {
	t.Helper()
	return newGameP(t, players, DefaultParams())
}

func newGameP(t testing.TB, players int, p *Params) *State {
	t.Helper()
	s, err := New(p, players)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	s.Reset(1)
	return s
}

// colourOf returns the dragon index of a colour name.
func colourOf(t testing.TB, name string) uint8 {
	t.Helper()
	for c, n := range colourNames {
		if n == name {
			return uint8(c)
		}
	}
	t.Fatalf("no colour %q", name)
	return 0
}

// kindOf returns the card kind of a text like "red 3".
func kindOf(t testing.TB, s *State, text string) uint8 {
	t.Helper()
	for k, txt := range s.r.text {
		if txt == text && txt != "" {
			return uint8(k)
		}
	}
	t.Fatalf("no card %q", text)
	return 0
}

// layout describes a hand-built position.
type layout struct {
	pos     map[string]int // dragon positions (others stay at 0)
	ride    []string       // the dragon of each seat
	hands   [][]string     // each seat's hand, e.g. {"red 3", "blue 1"}
	pile    []string       // the draw pile; nil: every card not used elsewhere
	scores  []int
	toMove  int
	summit  []string // dragons already counted as on the summit (must stand there)
	discard int
}

// build makes a state from a layout. Riding cards are taken from the deck; with pile nil the
// rest of the deck is the pile, so that the 110 cards are conserved.
func build(t testing.TB, players int, l layout) *State {
	t.Helper()
	return buildP(t, players, DefaultParams(), l)
}

func buildP(t testing.TB, players int, p *Params, l layout) *State {
	t.Helper()
	s := newGameP(t, players, p)
	r := s.r
	rest := slices.Clone(r.deck[:r.deckLen])
	take := func(k uint8) {
		i := slices.Index(rest, k)
		if i < 0 {
			t.Fatalf("no card %s left in the deck", r.text[k])
		}
		rest = slices.Delete(rest, i, i+1)
	}
	s.phase, s.toMove, s.onSummit, s.discards = phPlay, uint8(l.toMove), 0, uint8(l.discard)
	for c := range s.pos {
		s.pos[c], s.rider[c] = 0, -1
	}
	for name, p := range l.pos {
		s.pos[colourOf(t, name)] = uint8(p)
	}
	for _, name := range l.summit {
		c := colourOf(t, name)
		if int(s.pos[c]) < r.summitStart {
			t.Fatalf("%s is not on the summit", name)
		}
		s.onSummit |= 1 << c
	}
	if len(l.ride) != players || len(l.hands) != players {
		t.Fatalf("layout for %d players needs %d rides and hands", players, players)
	}
	for seat, name := range l.ride {
		c := colourOf(t, name)
		s.ride[seat], s.rider[c], s.stack[seat] = c, int8(seat), 1
		s.score[seat] = 0
		if seat < len(l.scores) {
			s.score[seat] = int16(l.scores[seat])
		}
		s.handLen[seat] = 0
		for _, txt := range l.hands[seat] {
			k := kindOf(t, s, txt)
			take(k)
			s.insert(seat, k)
		}
	}
	// The riding cards: any card of that colour left after the hands.
	for seat := 0; seat < players; seat++ {
		for _, k := range rest {
			if k>>4 == s.ride[seat] {
				take(k)
				break
			}
		}
	}
	for i := 0; i < l.discard; i++ {
		rest = rest[1:]
	}
	s.recount()
	if l.pile == nil {
		s.pileLen = uint8(copy(s.pile[:], rest))
	} else {
		s.pileLen = 0
		for _, txt := range l.pile {
			s.pile[s.pileLen] = kindOf(t, s, txt)
			s.pileLen++
		}
	}
	return s
}

// legalTexts lists the legal actions as text.
func legalTexts(s *State) []string {
	var buf [64]engine.Action
	var out []string
	for _, a := range s.Legal(buf[:0]) {
		out = append(out, s.ActionText(a))
	}
	return out
}

// play applies the legal action with the given text.
func play(t testing.TB, s *State, text string) {
	t.Helper()
	a, err := s.ParseAction(text)
	if err != nil {
		t.Fatalf("%v (legal: %s)", err, strings.Join(legalTexts(s), " | "))
	}
	s.Apply(a)
}

// handTexts lists a seat's hand.
func handTexts(s *State, seat int) []string {
	var out []string
	for _, k := range s.hand[seat][:s.handLen[seat]] {
		out = append(out, s.r.text[k])
	}
	return out
}

// cardsTotal counts every card: hands, pile, the stacks in front of the players, discards.
func cardsTotal(s *State) int {
	n := int(s.pileLen) + int(s.discards)
	for i := 0; i < int(s.n); i++ {
		n += int(s.handLen[i]) + int(s.stack[i])
	}
	return n
}

// checkInvariants checks the fuzz invariants on a state.
func checkInvariants(s *State, prev *State) error {
	if got := cardsTotal(s); got != s.r.deckLen {
		return fmt.Errorf("cards not conserved: %d, want %d", got, s.r.deckLen)
	}
	riders := 0
	for c := 0; c < NumDragons; c++ {
		if r := s.rider[c]; r >= 0 {
			riders++
			if int(r) >= int(s.n) || s.ride[r] != uint8(c) {
				return fmt.Errorf("dragon %d has rider %d who rides %d", c, r, s.ride[r])
			}
		}
		if prev != nil && s.pos[c] < prev.pos[c] {
			return fmt.Errorf("dragon %s moved backwards %d → %d", colourNames[c], prev.pos[c], s.pos[c])
		}
		if int(s.pos[c]) > s.r.last {
			return fmt.Errorf("dragon %s beyond the last square", colourNames[c])
		}
		if (s.onSummit>>c&1 != 0) != (int(s.pos[c]) >= s.r.summitStart) {
			return fmt.Errorf("summit flag of %s wrong", colourNames[c])
		}
	}
	c := *s
	c.recount()
	if c.lastMask != s.lastMask || c.freeMask != s.freeMask {
		return fmt.Errorf("cached masks %b %b, want %b %b", s.lastMask, s.freeMask, c.lastMask, c.freeMask)
	}
	if riders != int(s.n) {
		return fmt.Errorf("%d ridden dragons for %d players", riders, s.n)
	}
	for i := 0; i < int(s.n); i++ {
		if s.rider[s.ride[i]] != int8(i) {
			return fmt.Errorf("seat %d rides %d whose rider is %d", i, s.ride[i], s.rider[s.ride[i]])
		}
		if int(s.handLen[i]) > s.r.handSize {
			return fmt.Errorf("seat %d holds %d cards", i, s.handLen[i])
		}
		if !slices.IsSorted(s.hand[i][:s.handLen[i]]) {
			return fmt.Errorf("seat %d hand not sorted", i)
		}
	}
	return nil
}
