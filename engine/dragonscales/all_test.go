package dragonscales

import (
	"bytes"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

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
		enginetest.PlayRandom(s, &r, nil)
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
				if !bytes.Equal(hiddenCards(&d), hiddenCards(s)) {
					changed = true
				}
				if tc.players == 2 && tc.hand > 0 && !bytes.Equal(d.hands[seat].c[:d.hands[seat].n],
					s.hands[seat].c[:s.hands[seat].n]) {
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

// DS-22: Determinize is canonical. Two states a seat cannot tell apart (other orders of
// the piles below their tops, other cards in the unseen hand, another pending secret
// choice, other stale slots) become the same state when determinized for that seat with
// the same seed: nothing of the hidden arrangement survives.
func TestDS22_DeterminizeIsCanonical(t *testing.T) {
	check := func(t *testing.T, what string, a, b *State, seat int) {
		t.Helper()
		if !bytes.Equal(a.Observe(seat, nil), b.Observe(seat, nil)) {
			t.Fatalf("%s: seat %d can tell the two states apart", what, seat)
		}
		if *a == *b {
			t.Fatalf("%s: the two states are equal (the check is vacuous)", what)
		}
		for seed := uint64(0); seed < 30; seed++ {
			x, y := *a, *b
			x.Determinize(seat, seed)
			y.Determinize(seat, seed)
			if x != y {
				t.Fatalf("%s: Determinize(%d, %d) gives two states:\n%s\n---\n%s", what, seat, seed, x.Describe(), y.Describe())
			}
			if !bytes.Equal(x.Observe(seat, nil), a.Observe(seat, nil)) {
				t.Fatalf("%s: Determinize changed the view", what)
			}
		}
	}
	// swapType exchanges p[i] with the first card of the same type in q.
	swapType := func(s *State, p []uint8, i int, q []uint8) {
		for j, c := range q {
			if s.r.typ[c] == s.r.typ[p[i]] {
				p[i], q[j] = q[j], p[i]
				return
			}
		}
		t.Fatal("no card of the same type to swap")
	}

	// Solitaire: the order of both decks below their tops; a stale slot.
	a := newTest(t, 1, nil)
	b := *a
	b.piles[pRed].c[0], b.piles[pRed].c[5] = b.piles[pRed].c[5], b.piles[pRed].c[0]
	b.piles[pBlue].c[1], b.piles[pBlue].c[2] = b.piles[pBlue].c[2], b.piles[pBlue].c[1]
	b.piles[pBlue].c[b.piles[pBlue].n+3] = joker
	check(t, "solitaire", a, &b, 0)

	// Three players: seat 0's pending gesture and which cards lie in which pile.
	a = newTest(t, 3, nil)
	a.advance()
	b = *a
	do(t, a, "net")
	do(t, &b, "sword")
	l, r := &b.piles[pLeft], &b.piles[pRight]
	l.c[0], r.c[3] = r.c[3], l.c[0]
	l.c[2], l.c[7] = l.c[7], l.c[2]
	for _, seat := range []int{1, 2} {
		check(t, "three players", a, &b, seat)
	}
	// After DS-13's switch: one pile, the used cards in another order below the top.
	a = newTest(t, 3, nil)
	a.advance()
	a.switched = true
	for a.piles[pRight].n > 0 {
		a.piles[pDiscard].push(a.piles[pRight].pop())
	}
	b = *a
	b.piles[pLeft].c[1], b.piles[pLeft].c[4] = b.piles[pLeft].c[4], b.piles[pLeft].c[1]
	b.piles[pDiscard].c[0], b.piles[pDiscard].c[2] = b.piles[pDiscard].c[2], b.piles[pDiscard].c[0]
	check(t, "three players, one pile", a, &b, 0)

	// Two players, hand variant, before the first exchange: which red (blue) cards went
	// to which player, the opponent's hand and his pending choice.
	a = newTest(t, 2, func(p *Params) { p.DuoHand = 3 })
	a.advance()
	do(t, a, legalTexts(a)[0]) // seat 0 chooses; seat 1 to move
	b = *a
	own, oppPile, oppHand := &b.piles[1], &b.piles[0], &b.hands[0]
	swapType(&b, own.c[:own.n-1], 0, oppPile.c[:oppPile.n-1])
	swapType(&b, own.c[:own.n-1], 2, oppHand.c[:oppHand.n])
	oppPile.c[oppPile.n-1], oppHand.c[1] = oppHand.c[1], oppPile.c[oppPile.n-1]
	if b.r.back[oppPile.top()] != a.r.back[a.piles[0].top()] {
		oppPile.c[oppPile.n-1], oppHand.c[1] = oppHand.c[1], oppPile.c[oppPile.n-1]
	}
	b.sel[0] = (b.sel[0] + 1) % 3
	check(t, "two players before an exchange", a, &b, 1)
	// After an exchange the sets are known; their order and the split of the opponent's
	// cards between his hand and pile are not.
	a.cycles = 1
	b = *a
	own, oppPile, oppHand = &b.piles[1], &b.piles[0], &b.hands[0]
	own.c[0], own.c[1] = own.c[1], own.c[0]
	oppHand.c[0], oppPile.c[0] = oppPile.c[0], oppHand.c[0]
	check(t, "two players after an exchange", a, &b, 1)

	// Random positions of every variant: a state and its twin re-dealt for a seat become
	// the same state, field for field, for equal seeds.
	for _, tc := range []struct {
		players, hand int
		connected     bool
	}{{1, 0, true}, {2, 0, true}, {2, 3, true}, {2, 0, false}, {3, 0, true}} {
		s := newTest(t, tc.players, func(p *Params) { p.DuoHand, p.DuoConnected = tc.hand, tc.connected })
		rng := engine.NewRNG(7)
		var buf [64]engine.Action
		for game := uint64(0); game < 20; game++ {
			s.Reset(game + 100)
			for n := 0; !s.Terminal(); n++ {
				for seat := 0; seat < tc.players; seat++ {
					twin := *s
					twin.Determinize(seat, rng.Uint64())
					seed := rng.Uint64()
					x, y := *s, twin
					x.Determinize(seat, seed)
					y.Determinize(seat, seed)
					if x != y {
						t.Fatalf("%d players (hand %d), game %d, decision %d, seat %d: two determinizations differ",
							tc.players, tc.hand, game, n, seat)
					}
				}
				l := s.Legal(buf[:0])
				s.Apply(l[rng.IntN(len(l))])
			}
		}
	}
}

// hiddenCards lists the live cards of the piles that are drawn from (not the used ones)
// and of the hands, in order.
func hiddenCards(s *State) []byte {
	var out []byte
	for _, p := range s.piles[:pDiscard] {
		out = append(append(out, p.c[:p.n]...), 0xfe)
	}
	for _, h := range s.hands {
		out = append(append(out, h.c[:h.n]...), 0xfe)
	}
	return out
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
