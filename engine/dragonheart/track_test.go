package dragonheart

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// BenchmarkRandomGameTracked is BenchmarkRandomGame2p with component tracking on.
func BenchmarkRandomGameTracked(b *testing.B) {
	enginetest.BenchRandomGamesTracked(b, enginetest.Lookup(b, "dragonheart"), 2, nil)
}

var names = enginetest.TrackedNames

// tracking returns a hand-built blank state that records components.
func tracking(t *testing.T) *State {
	s := blank(t)
	s.SetTracking(true)
	return s
}

// DH-1: the components are the deck's type × value cards, then the achievements.
func TestDH1_Components(t *testing.T) {
	s := newDefault(t, 1)
	want := []string{"treasure 1", "treasure 2", "treasure 3", "treasure 4", "firedragon 1", "firedragon 2",
		"firedragon 3", "firedragon 4", "petrified 1", "petrified 2", "petrified 3", "petrified 4",
		"princess 1", "princess 2", "princess 3", "troll 1", "troll 2", "troll 3", "dwarf 1", "dwarf 2",
		"dwarf 3", "hero 1", "hero 2", "hero 3", "slayer 1", "slayer 2", "slayer 3", "ship 0",
		"figurine", "figurine theft", "card put back", "voyage", "final voyage", "figurine at end"}
	if got := s.Components(); !reflect.DeepEqual(got, want) {
		t.Fatalf("components %q", got)
	}
	// A deck with other values has other components; the largest deck still fits.
	p := DefaultParams()
	p.Deck.Ship = []int{0, 1}
	p.Deck.Dwarf = []int{1, 2, 3, 4, 5, 6}
	p.Deck.Treasure = []int{1, 2, 3, 4, 5, 6}
	p.Deck.FireDrag = []int{1, 2, 3, 4, 5, 6}
	p.Deck.Petrified = []int{1, 2, 3, 4, 5, 6}
	p.Deck.Princess = []int{1, 2, 3, 4, 5, 6}
	p.Deck.Troll = []int{1, 2, 3, 4, 5, 6}
	p.Deck.Hero = []int{1, 2, 3, 4, 5, 6}
	p.Deck.Slayer = []int{1, 2, 3, 4, 5, 6}
	p.Deck.Ship = []int{0, 1, 2, 3, 4, 5}
	big, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(big.Components()); n != 9*6+numAch || n > engine.MaxComponents {
		t.Fatalf("%d components for the largest deck", n)
	}
}

// DH-4, DH-8: the opening hand is dealt, later cards are drawn.
func TestDH4_OpeningHandDealtLaterCardsDrawn(t *testing.T) {
	s := newDefault(t, 0)
	s.SetTracking(true)
	s.Reset(7)
	for p := 0; p < 2; p++ {
		var hand []string
		for ty := range s.hand[p] {
			for vi, n := range s.hand[p][ty] {
				if n > 0 {
					hand = append(hand, fmt.Sprintf("%s %d", typeWords[ty], s.r.val[ty][vi]))
				}
			}
		}
		if got := names(t, s, p, "dealt"); !reflect.DeepEqual(got, hand) {
			t.Fatalf("seat %d dealt %q, hand %q", p, got, hand)
		}
		if got := names(t, s, p, "drawn"); len(got) != 0 {
			t.Fatalf("seat %d drew %q before the first turn", p, got)
		}
	}
	// After seat 0's first play it draws the top of its pile.
	top := s.pile[0][s.pileN[0]-1]
	doFirst(s)
	if got, want := names(t, s, 0, "drawn"), []string{s.r.cardText(top)}; !reflect.DeepEqual(got, want) {
		t.Fatalf("drawn %q, want %q", got, want)
	}
}

// DH-12: a played Troll is recorded as played, with its value.
func TestDH12_PlayedTrollRecorded(t *testing.T) {
	s := tracking(t)
	give(t, s, 0, "troll 2", "troll 3", "dwarf 1")
	onBoard(t, s, "princess 1")
	setPile(t, s, 0, filler(10)...)
	setPile(t, s, 1, filler(10)...)
	give(t, s, 1, "dwarf 1")
	do(t, s, "2 troll (2,3)")
	if got := names(t, s, 0, "played"); !reflect.DeepEqual(got, []string{"troll 2", "troll 3"}) {
		t.Fatalf("played %q", got)
	}
	if got := names(t, s, 1, "played"); len(got) != 0 {
		t.Fatalf("seat 1 played %q", got)
	}
}

// DH-11, DH-14: taking the figurine from the opponent is a theft; the opponent's card put
// back on his pile, drawn again, is recorded as drawn.
func TestDH14_FigurineTheftAndCardDrawnAgain(t *testing.T) {
	s := tracking(t)
	s.fig = 1
	onBoard(t, s, "petrified 1")
	give(t, s, 0, "princess 2")
	give(t, s, 1, "dwarf 1", "troll 2", "hero 3", "slayer 1", "ship 0", "petrified 4")
	setPile(t, s, 0, filler(10)...)
	setPile(t, s, 1, filler(10)...)
	do(t, s, "1 princess (2) >petrified")
	if got := names(t, s, 0, "achieved"); !reflect.DeepEqual(got, []string{"figurine", "figurine theft"}) {
		t.Fatalf("seat 0 achieved %q", got)
	}
	if got := names(t, s, 1, "achieved"); !reflect.DeepEqual(got, []string{"card put back"}) {
		t.Fatalf("seat 1 achieved %q", got)
	}
	top := s.r.cardText(s.pile[1][s.pileN[1]-1])
	doFirst(s) // seat 1's turn: it refills to 5, drawing the card put back
	if got := names(t, s, 1, "drawn"); !slices.Contains(got, top) {
		t.Fatalf("seat 1 drew %q, want the card put back %q among them", got, top)
	}
	// Taking it from nobody is no theft; keeping it is no new taking.
	s = tracking(t)
	onBoard(t, s, "petrified 1")
	give(t, s, 0, "princess 2", "princess 1")
	give(t, s, 1, "dwarf 1")
	setPile(t, s, 0, filler(10)...)
	setPile(t, s, 1, filler(10)...)
	do(t, s, "1 princess (2) >petrified")
	if got := names(t, s, 0, "achieved"); !reflect.DeepEqual(got, []string{"figurine"}) {
		t.Fatalf("from nobody: achieved %q", got)
	}
	s.trk.bits = [2][numEvents]uint64{}
	do(t, s, "1 dwarf (1)")
	onBoard(t, s, "petrified 2")
	do(t, s, "1 princess (1) >petrified")
	if got := names(t, s, 0, "achieved"); len(got) != 0 {
		t.Fatalf("keeping the figurine: achieved %q", got)
	}
}

// DH-13, DH-15, DH-19: voyages, the final voyage and the figurine at the end.
func TestDH15_VoyageFinalVoyageFigurineAtEnd(t *testing.T) {
	s := tracking(t)
	s.voyages = 1
	s.fig = 1
	onBoard(t, s, "ship 0", "ship 0")
	give(t, s, 0, "ship 0", "ship 0", "ship 0", "dwarf 1")
	give(t, s, 1, "troll 1", "troll 2")
	setPile(t, s, 0, filler(10)...)
	setPile(t, s, 1, filler(10)...)
	do(t, s, "1 ship (0)")
	if got := names(t, s, 0, "achieved"); !reflect.DeepEqual(got, []string{"voyage"}) {
		t.Fatalf("second voyage: achieved %q", got)
	}
	do(t, s, "1 troll (1)")
	do(t, s, "2 ship (0,0)") // 2 of 3: not yet
	do(t, s, "1 troll (2)")
	give(t, s, 0, "ship 0")
	do(t, s, "1 ship (0)")
	if got := names(t, s, 0, "achieved"); !reflect.DeepEqual(got, []string{"voyage", "final voyage"}) {
		t.Fatalf("third voyage: achieved %q", got)
	}
	if s.Terminal() {
		t.Fatal("the game ended before the opponent's last turn")
	}
	doFirst(s)
	if !s.Terminal() {
		t.Fatal("the game did not end")
	}
	if got := names(t, s, 1, "achieved"); !reflect.DeepEqual(got, []string{"figurine at end"}) {
		t.Fatalf("seat 1 achieved %q", got)
	}
}

// Over random games every card is dealt, drawn and played, every achievement is made, and
// no event touches a component it does not apply to.
func TestDH_TrackedEventsCoverTheDeck(t *testing.T) {
	u := enginetest.EventUnion(newDefault(t, 1), 3, 300)
	s := newDefault(t, 1)
	cards := s.Components()[:s.r.trk.ach]
	for _, e := range []string{"dealt", "drawn", "played"} {
		if !reflect.DeepEqual(u[e], cards) {
			t.Errorf("%s: %q, want every card", e, u[e])
		}
	}
	if !reflect.DeepEqual(u["achieved"], achNames[:]) {
		t.Errorf("achieved: %q", u["achieved"])
	}
}

// classes lists the class names of the legal action with the given text.
func classes(t *testing.T, s *State, text string) string {
	t.Helper()
	return strings.Join(enginetest.ClassNames(t, s, act(t, s, text)), " ")
}

// DH-5, DH-6, DH-11, DH-13: action classes.
func TestDH11_ActionClasses(t *testing.T) {
	s := blank(t)
	onBoard(t, s, "petrified 1", "hero 1", "ship 0")
	give(t, s, 0, "princess 2", "princess 3", "hero 2", "ship 0", "ship 0", "dwarf 1")
	for text, want := range map[string]string{
		"1 princess (2) >treasure":    "play-princess choose-treasure",
		"1 princess (2) >petrified":   "play-princess choose-petrified take-figurine",
		"2 princess (2,3) >petrified": "play-princess choose-petrified several take-figurine",
		"1 hero (2) >princess":        "play-hero choose-princess fill",
		"1 hero (2) >troll":           "play-hero choose-troll fill",
		"1 ship (0)":                  "play-ship",
		"2 ship (0,0)":                "play-ship several fill sail",
		"1 dwarf (1)":                 "play-dwarf",
	} {
		if got := classes(t, s, text); got != want {
			t.Errorf("%s: classes %q, want %q", text, got, want)
		}
	}
	// Without petrified dragons on the board, choosing them takes nothing.
	s = blank(t)
	give(t, s, 0, "princess 2")
	if got := classes(t, s, "1 princess (2) >petrified"); got != "play-princess choose-petrified" {
		t.Errorf("empty Petrified space: %q", got)
	}
}

// seatBonus counts in the score and the result: a game seat 0 wins by d points is won by
// seat 1 with a bonus of d+1, is tied with a bonus of d (DH-20: the figurine decides), and
// the default (none) or zeros change nothing.
func TestSeatBonus_ChangesTheWinner(t *testing.T) {
	g := enginetest.Lookup(t, "dragonheart")
	play := func(bonus []int, seed uint64) (*State, []float64, []string) {
		p := DefaultParams()
		p.SeatBonus = bonus
		st, err := g.NewGame(p, 2, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := engine.NewRNG(seed)
		log := randomGame(s, &r, nil)
		out := make([]float64, 2)
		s.Result(out)
		return s, out, log
	}
	for seed := uint64(1); seed < 1000; seed++ {
		s, out, log := play(nil, seed)
		d := int(s.score32(0) - s.score32(1))
		if out[0] != 1 || d <= 0 || s.fig != 1 {
			continue // want seat 0 winning on points with the figurine with seat 1
		}
		for _, zeros := range [][]int{{}, {0, 0}} {
			z, zout, zlog := play(zeros, seed)
			if !reflect.DeepEqual(zlog, log) || !reflect.DeepEqual(zout, out) || z.Score(0) != s.Score(0) {
				t.Fatalf("seatBonus %v changes the game", zeros)
			}
		}
		b, bout, blog := play([]int{0, d + 1}, seed)
		if !reflect.DeepEqual(blog, log) {
			t.Fatal("a seat bonus changes the play of random agents")
		}
		if b.Score(1) != s.Score(1)+float64(d+1) || b.Score(0) != s.Score(0) || bout[1] != 1 {
			t.Fatalf("bonus %d: scores %v %v, result %v", d+1, b.Score(0), b.Score(1), bout)
		}
		_, tout, _ := play([]int{0, d}, seed)
		if tout[1] != 1 { // a tie goes to the figurine owner, seat 1
			t.Fatalf("tie with bonus %d: result %v", d, tout)
		}
		_, nout, _ := play([]int{-1, d}, seed)
		if nout[1] != 1 {
			t.Fatalf("negative bonus: result %v", nout)
		}
		return
	}
	t.Fatal("no game in 1000 won by seat 0 on points while seat 1 owns the figurine")
}

// BenchmarkTrackingCost plays the same random games with tracking off and on, in
// alternating blocks, and reports the median ratio on/off (load-robust).
func BenchmarkTrackingCost(b *testing.B) {
	for _, n := range []int{2} {
		b.Run(fmt.Sprintf("%dp", n), func(b *testing.B) {
			enginetest.BenchTrackingCost(b, enginetest.Lookup(b, "dragonheart"), n, nil)
		})
	}
}
