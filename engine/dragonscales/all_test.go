package dragonscales

import (
	"bytes"
	"strings"
	"testing"

	"dragonlab/engine"
)

// playRandom plays s to the end with uniform random choices.
func playRandom(s *State, r *engine.RNG) int {
	var buf [64]engine.Action
	n := 0
	for !s.Terminal() {
		l := s.Legal(buf[:0])
		s.Apply(l[r.IntN(len(l))])
		n++
	}
	return n
}

// DS-21: the safety cap ends a game after maxRounds combats (draws included) as a draw.
func TestDS21_SafetyCap(t *testing.T) {
	for players := 1; players <= 3; players++ {
		s := newTest(t, players, func(p *Params) {
			p.MaxRounds = 3
			p.DuoTarget, p.TrioTarget = 9, 9
		})
		place(s, map[int]int{1: hRed, 2: hCentre, 3: hFree}[players], nil)
		s.advance()
		r := engine.NewRNG(1)
		playRandom(s, &r)
		if s.end == endWin {
			continue // the solitaire may win in three combats; checked below
		}
		if s.end != endCapRounds || s.combats != 3 {
			t.Fatalf("%d players: end %d after %d combats, want the cap after 3", players, s.end, s.combats)
		}
		for _, v := range result(s) {
			if v != 0 {
				t.Fatalf("%d players: a capped game is a draw: %v", players, result(s))
			}
		}
		if !strings.Contains(s.endText(), "draw after 3 combats") {
			t.Fatalf("reported as %q", s.endText())
		}
	}
	// Two players: a drawn combat counts.
	s := newTest(t, 2, func(p *Params) { p.MaxRounds = 1 })
	duoFight(s, joker, joker2)
	s.advance()
	if s.end != endCapRounds || s.combats != 1 {
		t.Fatal("a drawn combat is a combat")
	}
	// Three players: a seat always showing the same gesture cannot loop forever.
	s = newTest(t, 3, func(p *Params) { p.MaxThrows = 5 })
	s.advance()
	for !s.Terminal() {
		do(t, s, "net")
	}
	if s.end != endCapThrows || s.throws != 5 || s.combats != 0 {
		t.Fatalf("throw cap: end %d after %d throws", s.end, s.throws)
	}
	// Defaults and validation.
	if p := DefaultParams(); p.MaxRounds != 400 {
		t.Fatalf("maxRounds default %d", p.MaxRounds)
	}
	p := DefaultParams()
	p.MaxRounds = 0
	if err := p.Validate(2); err == nil || !strings.Contains(err.Error(), "maxRounds") {
		t.Fatalf("maxRounds 0: %v", err)
	}
}

// DS-22: the order of piles and the hands are hidden; places, revealed cards and the back
// colour of each pile's top are public. Determinize keeps the observer's view.
func TestDS22_HiddenInformation(t *testing.T) {
	// Swapping two cards below the top changes nobody's view.
	for players := 1; players <= 3; players++ {
		s := newTest(t, players, nil)
		s.advance()
		o := *s
		p := &o.piles[0]
		p.c[0], p.c[1] = p.c[1], p.c[0]
		for seat := 0; seat < players; seat++ {
			if !bytes.Equal(s.Observe(seat, nil), o.Observe(seat, nil)) {
				t.Fatalf("%d players: the order below the top is visible", players)
			}
		}
		// The colour of the top card is visible.
		col := s.r.back[p.top()]
		for i := uint8(0); i+1 < p.n; i++ {
			if s.r.back[p.c[i]] != col {
				p.c[i], p.c[p.n-1] = p.c[p.n-1], p.c[i]
				break
			}
		}
		if players != 1 && bytes.Equal(s.Observe(0, nil), o.Observe(0, nil)) {
			t.Fatalf("%d players: the back of the top card is public", players)
		}
	}
	// Determinize keeps sizes, top colours, used cards; the two-player game keeps each
	// player's type counts before the first exchange and his known cards after it.
	for _, tc := range []struct {
		players int
		hand    int
	}{{1, 0}, {2, 0}, {2, 3}, {3, 0}} {
		s := newTest(t, tc.players, func(p *Params) { p.DuoHand = tc.hand })
		for seed := uint64(9); seed == 9 || s.Terminal(); seed++ {
			s.Reset(seed) // a game with decisions
		}
		r := engine.NewRNG(4)
		var buf [64]engine.Action
		changed := false
		for n := 0; !s.Terminal() && n < 200; n++ {
			for seat := 0; seat < tc.players; seat++ {
				d := *s
				d.Determinize(seat, uint64(n))
				if !bytes.Equal(s.Observe(seat, nil), d.Observe(seat, nil)) {
					t.Fatalf("%d players: Determinize(%d) changed the view", tc.players, seat)
				}
				checkInvariants(t, &d)
				if d.piles != s.piles || d.hands != s.hands {
					changed = true
				}
				if tc.players == 2 && tc.hand > 0 && d.hands[seat] != s.hands[seat] {
					t.Fatal("Determinize changed the observer's own hand")
				}
			}
			l := s.Legal(buf[:0])
			s.Apply(l[r.IntN(len(l))])
		}
		if !changed {
			t.Fatalf("%d players: Determinize never re-dealt anything", tc.players)
		}
	}
	// The opponent's hand is re-dealt from his unseen cards; before the first exchange
	// the red cards of both piles are pooled (which half went where is unknown).
	s := newTest(t, 2, func(p *Params) { p.DuoHand = 3 })
	s.advance()
	var swapped, handChanged bool
	for seed := uint64(0); seed < 50; seed++ {
		d := *s
		d.Determinize(0, seed)
		if d.hands[1] != s.hands[1] {
			handChanged = true
		}
		if !sameSet(d.piles[0].c[:d.piles[0].n], s.piles[0].c[:s.piles[0].n]) {
			swapped = true
		}
	}
	if !handChanged || !swapped {
		t.Fatalf("opponent's hand re-dealt %v, piles pooled %v", handChanged, swapped)
	}
	// After an exchange a pile's cards are known (they were played face up).
	s.cycles = 1
	for seed := uint64(0); seed < 20; seed++ {
		d := *s
		d.Determinize(0, seed)
		if !sameSet(d.piles[0].c[:d.piles[0].n], s.piles[0].c[:s.piles[0].n]) {
			t.Fatal("after an exchange the piles' cards are known")
		}
	}
}

// DS-23: canonical actions, their order and text.
func TestDS23_CanonicalActions(t *testing.T) {
	s := newTest(t, 3, nil)
	s.advance()
	if got := strings.Join(legalTexts(s), ","); got != "net,club,sword" {
		t.Fatal(got)
	}
	s = trioAt(t, 0, map[int][]string{1: {"yellow-square"}, 2: {"green-triangle"}}, []uint8{joker}, []uint8{1})
	if got := strings.Join(legalTexts(s), ","); got != "left,right" {
		t.Fatal(got)
	}
	do(t, s, "left")
	got := legalTexts(s)
	if got[0] != "take orange-circle" || got[len(got)-3] != "steal green-triangle" ||
		got[len(got)-2] != "steal yellow-square" || got[len(got)-1] != "stop" || len(got) != 10 {
		t.Fatalf("takes in cell order, then steals in cell order, then stop: %v", got)
	}
	// Every action text is distinct and round-trips through do().
	var buf [64]engine.Action
	for _, a := range s.Legal(buf[:0]) {
		if s.ActionText(a) == "?" {
			t.Fatal("missing text")
		}
	}
	// Solitaire: moves red>blue, then grey>red, then stop; stop offered at every operation.
	solo := newTest(t, 1, nil)
	place(solo, hBlue, map[int][]string{hRed: {"yellow-circle"}, hGrey: {"green-triangle"}})
	soloCombat(solo, joker, blueWith(net))
	if got := strings.Join(legalTexts(solo), ","); got != "move yellow-circle red>blue,move green-triangle grey>red,stop" {
		t.Fatal(got)
	}
	do(t, solo, "move yellow-circle red>blue")
	if got := legalTexts(solo); got[len(got)-1] != "stop" {
		t.Fatal("stop is offered at every operation")
	}
	// A win in the middle of a Joker ends the game at once.
	do(t, solo, "move green-triangle grey>red")
	do(t, solo, "move green-triangle red>blue")
	if !solo.Terminal() || solo.end != endWin {
		t.Fatal("win mid-Joker")
	}
	// Hand variant: play <card>.
	h := newTest(t, 2, func(p *Params) { p.DuoHand = 1 })
	setHands(h, []uint8{blueWith(sword)}, []uint8{joker})
	h.advance()
	if got := legalTexts(h); len(got) != 1 || got[0] != "play "+h.r.cardText[blueWith(sword)] ||
		!strings.HasPrefix(got[0], "play blue sword ") {
		t.Fatalf("play texts %v", got)
	}
	do(t, h, legalTexts(h)[0])
	if got := legalTexts(h); len(got) != 1 || got[0] != "play joker" {
		t.Fatalf("play texts %v", got)
	}
}
