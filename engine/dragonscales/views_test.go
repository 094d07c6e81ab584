package dragonscales

import (
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// DS-22: each seat's narration and description depend only on what it sees: pile
// orders, the other hand and pending secret choices (DS-11 gestures, DS-16 cards) stay
// hidden until revealed.
func TestDS22_ViewsShowOnlyWhatTheSeatSees(t *testing.T) {
	g := enginetest.Lookup(t, "dragonscales")
	hand := DefaultParams()
	hand.DuoHand = 3
	for _, tc := range []struct {
		name    string
		players int
		p       engine.Params
		hidden  bool
	}{
		{"solitaire", 1, nil, false},
		{"three players", 3, nil, true},
		{"two players, hands", 2, hand, true},
	} {
		st := enginetest.CheckViews(t, g, tc.players, tc.p, 12, 2)
		if st.Compared == 0 || tc.hidden && st.Hidden == 0 {
			t.Fatalf("%s: the check compared nothing that was hidden: %+v", tc.name, st)
		}
	}
}

// DS-11, DS-16: a gesture or a card chosen from the hand is named to its seat only until
// the reveal.
func TestDS11_SecretChoicesNarration(t *testing.T) {
	s := newTest(t, 3, nil)
	s.advance()
	before := *s
	a := enginetest.ActionByText(t, s, "club")
	s.Apply(a)
	if got := s.NarrateView(&before, a, 1); len(got) != 1 || got[0] != "(secret choice)" {
		t.Fatalf("seat 1 is told seat 0's gesture: %q", got)
	}
	if got := s.NarrateView(&before, a, engine.Omniscient); got[0] != "club" {
		t.Fatalf("omniscient: %q", got)
	}
	if d := s.DescribeView(2); strings.Contains(d, "club") || !strings.Contains(d, "seat 0 has chosen in secret") {
		t.Fatalf("seat 2 sees seat 0's gesture:\n%s", d)
	}
	if d := s.DescribeView(0); !strings.Contains(d, "seat 0 chose club in secret") {
		t.Fatalf("seat 0 does not see its own gesture:\n%s", d)
	}

	h := newTest(t, 2, func(p *Params) { p.DuoHand = 2 })
	setHands(h, []uint8{blueWith(sword), redRow1}, []uint8{joker, redRow2})
	h.advance()
	before = *h
	a = enginetest.ActionByText(t, h, "play "+h.r.cardText[redRow1])
	h.Apply(a)
	if got := h.NarrateView(&before, a, 1); got[0] != "(secret choice)" {
		t.Fatalf("seat 1 is told seat 0's card: %q", got)
	}
	if d := h.DescribeView(1); strings.Contains(d, h.r.cardText[redRow1]) || !strings.Contains(d, "seat 0 hand: 2 cards (has chosen in secret)") {
		t.Fatalf("seat 1 sees seat 0's hand:\n%s", d)
	}
}

// DS-4, DS-10, DS-15, DS-22: the omniscient deal names the order of every pile and both
// hands; a seat is told the pile sizes and top colours and its own hand.
func TestDS22_DealNarration(t *testing.T) {
	for players := 1; players <= 3; players++ {
		s := newTest(t, players, func(p *Params) { p.DuoHand = 3 })
		omni := strings.Join(s.NarrateResetView(2, engine.Omniscient), "\n")
		if !strings.Contains(omni, "pile, top first: ") {
			t.Fatalf("%d players: the omniscient deal lacks the piles' order:\n%s", players, omni)
		}
		for v := 0; v < players; v++ {
			seat := strings.Join(s.NarrateResetView(2, v), "\n")
			if strings.Contains(seat, "top first") {
				t.Fatalf("%d players: seat %d is told the piles' order:\n%s", players, v, seat)
			}
			if players == 2 && (!strings.Contains(seat, "seat "+string(rune('0'+v))+" hand: ") || strings.Contains(seat, "seat "+string(rune('1'-v))+" hand: ")) {
				t.Fatalf("seat %d's hands:\n%s", v, seat)
			}
		}
	}
}

// DS-19: the exchange of the piles is narrated before the combat it precedes.
func TestDS19_ExchangeNarratedBeforeItsCombat(t *testing.T) {
	s := newTest(t, 2, nil)
	seed := uint64(1)
	for ; seed < 100; seed++ {
		if fullNarration(s, seed, engine.Omniscient); s.cycles > 0 {
			break
		}
	}
	for _, v := range []int{engine.Omniscient, 0} {
		lines := fullNarration(s, seed, v)
		at := -1
		for i, l := range lines {
			if strings.Contains(l, "the piles are exchanged") {
				at = i
				break
			}
		}
		if at < 1 {
			t.Fatal("setup: no exchange in 100 games")
		}
		next := at + 1
		for strings.Contains(lines[next], "top first") {
			next++
		}
		if !strings.HasPrefix(lines[next], "combat 20: ") || strings.HasPrefix(lines[at-1], "combat 20: ") {
			t.Fatalf("the exchange is not narrated before combat 20:\n%s", strings.Join(lines[max(0, at-3):next+1], "\n"))
		}
	}
}

// DS-13: after the switch, an exhausted pile is reshuffled before the combat that draws
// from it, and the narration says so in that order.
func TestDS13_ExhaustedPileNarratedBeforeItsCombat(t *testing.T) {
	s := trioAt(t, 0, map[int][]string{0: {"green-triangle"}, 1: {"orange-circle", "yellow-square", "orange-square", "yellow-triangle"}},
		nil, nil)
	s.at[2] |= s.at[hFree]
	s.at[hFree] = 0
	s.switched = true
	s.piles[pLeft].n, s.piles[pDiscard].n = 0, 0
	for c := uint8(0); c < 38; c++ {
		s.piles[pDiscard].push(c)
	}
	s.phase, s.rpsIn, s.toMove = phGesture, 0b111, 0
	do(t, s, "club")
	do(t, s, "sword")
	before := *s
	a := enginetest.ActionByText(t, s, "sword")
	s.Apply(a)
	lines := s.Narrate(&before, a)
	got := strings.Join(lines, "\n")
	ex, combat := strings.Index(got, "the pile was exhausted"), strings.Index(got, "combat 1: ")
	if ex < 0 || combat < 0 || ex > combat {
		t.Fatalf("narration:\n%s", got)
	}
}

// fullNarration deals the game of seed into s, plays it with the uniform random policy
// (RNG seeded with seed) and returns viewer's narration of the whole game.
func fullNarration(s *State, seed uint64, viewer int) []string {
	lines := s.NarrateResetView(seed, viewer)
	r := engine.NewRNG(seed)
	var buf [64]engine.Action
	for !s.Terminal() {
		legal := s.Legal(buf[:0])
		a := legal[r.IntN(len(legal))]
		before := *s
		s.Apply(a)
		lines = append(lines, s.NarrateView(&before, a, viewer)...)
	}
	return lines
}
