package dragonscales

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"dragonlab/engine/enginetest"
)

// BenchmarkRandomGameTracked is BenchmarkRandomGame with component tracking on.
func BenchmarkRandomGameTracked(b *testing.B) {
	for _, tc := range []struct {
		players int
		hand    int
	}{{1, 0}, {2, 0}, {2, 3}, {3, 0}} {
		name := fmt.Sprintf("%dp", tc.players)
		if tc.hand > 0 {
			name += fmt.Sprintf("_hand%d", tc.hand)
		}
		b.Run(name, func(b *testing.B) {
			p := DefaultParams()
			p.DuoHand = tc.hand
			enginetest.BenchRandomGamesTracked(b, enginetest.Lookup(b, "dragonscales"), tc.players, p)
		})
	}
}

// recorded checks the components of seat's event, as space-separated names.
func recorded(t *testing.T, s *State, seat int, event, want string) {
	t.Helper()
	if got := strings.Join(enginetest.TrackedNames(t, s, seat, event), " "); got != want {
		t.Fatalf("seat %d %s: %q, want %q", seat, event, got, want)
	}
}

// trackedTest is newTest with tracking on (the deal not recorded: tests arrange by hand).
func trackedTest(t *testing.T, players int, mod func(*Params)) *State {
	s := newTest(t, players, mod)
	s.SetTracking(true)
	return s
}

// DS-1, DS-3, DS-11, DS-12: components and events of each game.
func TestDS01_Components(t *testing.T) {
	pieces := "green-triangle orange-circle yellow-square orange-square yellow-triangle green-circle yellow-circle green-square orange-triangle"
	for _, tc := range []struct {
		players, hand int
		comps, events string
	}{
		{1, 0, pieces + " joker", "drawn taken lost held"},
		{2, 0, pieces + " joker red card blue card", "drawn won taken stolen lost held"},
		{2, 3, pieces + " joker red card blue card", "dealt drawn played won taken stolen lost held"},
		{3, 0, pieces + " joker red card blue card net club sword pile left pile right", "drawn played won taken stolen lost held"},
	} {
		s := newTest(t, tc.players, func(p *Params) { p.DuoHand = tc.hand })
		if got := strings.Join(s.Components(), " "); got != tc.comps {
			t.Errorf("%dp hand %d: components %q", tc.players, tc.hand, got)
		}
		if got := strings.Join(s.TrackEvents(), " "); got != tc.events {
			t.Errorf("%dp hand %d: events %q", tc.players, tc.hand, got)
		}
	}
}

// DS-6, DS-7, DS-8, DS-9: the solitaire records pieces moved to the blue dragon, pieces
// sent to the grey dragon, the Joker turned and the pieces on blue at the end.
func TestDS07_SoloTracking(t *testing.T) {
	s := trackedTest(t, 1, nil)
	soloCombat(s, redRow1, blueWith(club)) // red wins: row 1 to the blue dragon
	recorded(t, s, 0, "taken", "green-triangle orange-circle yellow-square")
	recorded(t, s, 0, "drawn", "")
	soloCombat(s, redRow1, blueCard(cellOf(s, "yellow-square"), sword)) // blue wins: to grey
	recorded(t, s, 0, "lost", "yellow-square")
	soloCombat(s, joker, blueWith(sword))
	recorded(t, s, 0, "drawn", "joker")
	do(t, s, "move yellow-circle red>blue")
	recorded(t, s, 0, "taken", "green-triangle orange-circle yellow-square yellow-circle")
	recorded(t, s, 0, "held", "")
	do(t, s, "stop") // the blue deck is used up: the game is lost (DS-9)
	if !s.Terminal() {
		t.Fatal("the game goes on")
	}
	recorded(t, s, 0, "held", "green-triangle orange-circle yellow-circle")
}

// DS-16, DS-17: the two-player game records the card turned, the card that won, pieces
// taken from the red dragon, stolen and lost.
func TestDS17_DuoTracking(t *testing.T) {
	s := trackedTest(t, 2, nil)
	place(s, hCentre, map[int][]string{0: {"green-square", "green-circle"}})
	duoFight(s, redRow1, blueCard(cellOf(s, "green-square"), sword))
	recorded(t, s, 0, "drawn", "red card")
	recorded(t, s, 1, "drawn", "blue card")
	recorded(t, s, 1, "won", "blue card")
	recorded(t, s, 0, "won", "")
	recorded(t, s, 1, "stolen", "green-square")
	recorded(t, s, 0, "lost", "green-square")
	duoFight(s, redRow1, redRow2) // net beats club: seat 0 takes row 1 from the red dragon
	recorded(t, s, 0, "taken", "green-triangle orange-circle yellow-square")
	recorded(t, s, 0, "won", "red card")
	duoFight(s, redRow2, joker2)
	recorded(t, s, 1, "won", "joker blue card")
	do(t, s, "steal green-circle")
	do(t, s, "take orange-square")
	recorded(t, s, 1, "stolen", "green-circle green-square")
	recorded(t, s, 1, "taken", "orange-square")
	recorded(t, s, 0, "lost", "green-circle green-square")
}

// DS-20: the pieces held at the end of a two-player game.
func TestDS20_HeldAtTheEnd(t *testing.T) {
	s := trackedTest(t, 2, func(p *Params) { p.DuoTarget = 9 })
	place(s, 0, map[int][]string{1: {"green-triangle", "yellow-square"}})
	duoFight(s, joker, redRow1)
	do(t, s, "steal yellow-square")
	do(t, s, "steal green-triangle")
	if !s.Terminal() {
		t.Fatal("nine pieces: the game is over")
	}
	recorded(t, s, 0, "held", "green-triangle orange-circle yellow-square orange-square yellow-triangle green-circle yellow-circle green-square orange-triangle")
	recorded(t, s, 1, "held", "")
	recorded(t, s, 1, "lost", "green-triangle yellow-square")
}

// DS-16 hand variant: the opening hand is dealt, later cards drawn, the chosen card played.
func TestDS16_HandTracking(t *testing.T) {
	s := trackedTest(t, 2, func(p *Params) { p.DuoHand = 3 })
	s.Reset(5)
	for seat := 0; seat < 2; seat++ {
		var want []string
		for _, k := range []struct {
			typ  uint8
			name string
		}{{tJoker, "joker"}, {tRed, "red card"}, {tBlue, "blue card"}} {
			for _, c := range s.hands[seat].c[:s.hands[seat].n] {
				if s.r.typ[c] == k.typ {
					want = append(want, k.name)
					break
				}
			}
		}
		slices.SortFunc(want, func(a, b string) int { return slices.Index(s.Components(), a) - slices.Index(s.Components(), b) })
		recorded(t, s, seat, "dealt", strings.Join(want, " "))
		recorded(t, s, seat, "drawn", "")
	}
	a := newTest(t, 2, func(p *Params) { p.DuoHand = 3 })
	a.SetTracking(true)
	setHands(a, []uint8{redRow1, redRow2, joker}, []uint8{redRow3, blueWith(club), joker2})
	a.advance()
	do(t, a, "play joker")
	do(t, a, "play red sword yellow-circle green-square orange-triangle")
	recorded(t, a, 0, "played", "joker")
	recorded(t, a, 1, "played", "red card")
	recorded(t, a, 0, "won", "joker")
	recorded(t, a, 0, "drawn", "")
	do(t, a, "stop") // the combat ends: the hands are refilled
	if got := enginetest.TrackedNames(t, a, 0, "drawn"); len(got) != 1 {
		t.Fatalf("after the refill seat 0 drew %q", got)
	}
}

// DS-11, DS-12, DS-13: the three-player game records gestures shown and winning, the pile
// chosen, the card won from it and the pieces taken or stolen.
func TestDS12_TrioTracking(t *testing.T) {
	s := trackedTest(t, 3, nil)
	s.advance()
	throw(t, s, "club", "sword", "club") // seats 0 and 2 win, play again
	throw(t, s, "net", "club")           // net beats club: seat 0
	recorded(t, s, 0, "played", "net club")
	recorded(t, s, 1, "played", "sword")
	recorded(t, s, 2, "played", "club")
	recorded(t, s, 0, "won", "net")
	recorded(t, s, 2, "won", "")
	s = trioAt(t, 0, map[int][]string{1: {"orange-circle"}, 2: {"yellow-circle"}},
		[]uint8{redRow1, 5}, []uint8{blueCard(6, club), joker})
	s.SetTracking(true)
	do(t, s, "left") // row 1: green-triangle orange-circle yellow-square; orange-circle is held
	recorded(t, s, 0, "played", "pile left")
	recorded(t, s, 0, "drawn", "red card")
	recorded(t, s, 0, "taken", "green-triangle yellow-square")
	s = trioAt(t, 1, map[int][]string{2: {"yellow-circle"}}, []uint8{5}, []uint8{blueCard(6, club), joker})
	s.SetTracking(true)
	do(t, s, "right")
	recorded(t, s, 1, "played", "pile right")
	recorded(t, s, 1, "drawn", "blue card")
	recorded(t, s, 1, "stolen", "yellow-circle")
	recorded(t, s, 2, "lost", "yellow-circle")
}

// Over random games of each game every event touches exactly the components it applies to.
func TestDS_TrackedEventsCover(t *testing.T) {
	p9 := "green-triangle orange-circle yellow-square orange-square yellow-triangle green-circle yellow-circle green-square orange-triangle"
	cards := "joker red card blue card"
	for _, tc := range []struct {
		players, hand int
		want          map[string]string
	}{
		{1, 0, map[string]string{"drawn": "joker", "taken": p9, "lost": p9, "held": p9}},
		{2, 0, map[string]string{"drawn": cards, "won": cards, "taken": p9, "stolen": p9, "lost": p9, "held": p9}},
		{2, 3, map[string]string{"dealt": cards, "drawn": cards, "played": cards, "won": cards, "taken": p9, "stolen": p9, "lost": p9, "held": p9}},
		{3, 0, map[string]string{"drawn": cards, "played": "net club sword pile left pile right", "won": "net club sword",
			"taken": p9, "stolen": p9, "lost": p9, "held": p9}},
	} {
		s := newTest(t, tc.players, func(p *Params) { p.DuoHand = tc.hand })
		u := enginetest.EventUnion(s, 4, 300)
		got := map[string]string{}
		for e, names := range u {
			got[e] = strings.Join(names, " ")
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%dp hand %d:\n got %q\nwant %q", tc.players, tc.hand, got, tc.want)
		}
	}
}

// DS-23: action classes of each game.
func TestDS23_ActionClasses(t *testing.T) {
	cls := func(s *State, text string) string {
		t.Helper()
		return strings.Join(enginetest.ClassNames(t, s, enginetest.ActionByText(t, s, text)), " ")
	}
	check := func(s *State, want map[string]string) {
		t.Helper()
		for text, w := range want {
			if got := cls(s, text); got != w {
				t.Errorf("%s: %q, want %q", text, got, w)
			}
		}
	}
	s := newTest(t, 1, nil)
	place(s, hRed, map[int][]string{hGrey: {"green-triangle"}})
	soloCombat(s, joker, blueWith(sword))
	check(s, map[string]string{"move yellow-circle red>blue": "move", "move green-triangle grey>red": "move-back", "stop": "stop"})

	s = newTest(t, 2, nil)
	place(s, hCentre, map[int][]string{0: {"green-triangle"}})
	duoFight(s, redRow1, joker2)
	check(s, map[string]string{"take yellow-square": "take", "steal green-triangle": "steal", "stop": "stop"})

	a := newTest(t, 2, func(p *Params) { p.DuoHand = 3 })
	setHands(a, []uint8{redRow1, blueWith(club), joker}, []uint8{redRow3, blueWith(club), joker2})
	a.advance()
	check(a, map[string]string{
		"play red net green-triangle orange-circle yellow-square": "play-red play-net",
		"play joker":                           "play-joker",
		"play " + a.r.cardText[blueWith(club)]: "play-blue play-club",
	})

	s = newTest(t, 3, nil)
	s.advance()
	check(s, map[string]string{"net": "net", "club": "club", "sword": "sword"})
	s = trioAt(t, 0, map[int][]string{1: {"orange-circle"}}, []uint8{joker}, []uint8{5})
	check(s, map[string]string{"left": "pile-left", "right": "pile-right"})
	do(t, s, "left")
	check(s, map[string]string{"take green-triangle": "take", "steal orange-circle": "steal", "stop": "stop"})
}

// BenchmarkTrackingCost plays the same random games with tracking off and on, in
// alternating blocks, and reports the median ratio on/off (load-robust).
func BenchmarkTrackingCost(b *testing.B) {
	for _, n := range []int{1, 2, 3} {
		b.Run(fmt.Sprintf("%dp", n), func(b *testing.B) {
			enginetest.BenchTrackingCost(b, enginetest.Lookup(b, "dragonscales"), n, nil)
		})
	}
	b.Run("2p_hand3", func(b *testing.B) {
		p := DefaultParams()
		p.DuoHand = 3
		enginetest.BenchTrackingCost(b, enginetest.Lookup(b, "dragonscales"), 2, p)
	})
}
