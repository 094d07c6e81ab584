package draco

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"dragonlab/engine"
)

// All ten dragons at the given positions, in DR-1 order.
func positions(p ...int) map[string]int {
	m := map[string]int{}
	for c, v := range p {
		m[colourNames[c]] = v
	}
	return m
}

// DR-1: ten dragons, one per colour, in the canonical colour order.
func TestDR01_TenDragons(t *testing.T) {
	want := []string{"blue", "brown", "black", "red", "yellow", "green", "grey", "light blue", "purple", "orange"}
	if !slices.Equal(colourNames[:], want) {
		t.Fatalf("colours %v, want %v", colourNames, want)
	}
	s := newGame(t, 2)
	if len(s.pos) != 10 {
		t.Fatalf("%d dragons", len(s.pos))
	}
	if got := s.r.text[kindOf(t, s, "light blue 5")]; got != "light blue 5" {
		t.Fatalf("text %q", got)
	}
}

// DR-2: 110 cards, 11 per colour with values 1,1,2,2,3,3,3,4,4,5,5.
func TestDR02_Deck(t *testing.T) {
	s := newGame(t, 4)
	if s.r.deckLen != 110 {
		t.Fatalf("deck has %d cards, want 110", s.r.deckLen)
	}
	for c := 0; c < NumDragons; c++ {
		var vals []int
		for _, k := range s.r.deck[:s.r.deckLen] {
			if int(k>>4) == c {
				vals = append(vals, int(s.r.cardValue[k&15]))
			}
		}
		if !slices.Equal(vals, []int{1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 5}) {
			t.Fatalf("%s cards %v", colourNames[c], vals)
		}
	}
	// After the deal every card is somewhere: hands, pile, riding cards.
	for seed := uint64(0); seed < 50; seed++ {
		s.Reset(seed)
		if cardsTotal(s) != 110 {
			t.Fatalf("seed %d: %d cards after the deal", seed, cardsTotal(s))
		}
		var count [NumDragons * 16]int
		for i := 0; i < 4; i++ {
			for _, k := range s.hand[i][:s.handLen[i]] {
				count[k]++
			}
		}
		for _, k := range s.pile[:s.pileLen] {
			count[k]++
		}
		missing := 0
		for k, n := range s.r.kindCount {
			if count[k] > int(n) {
				t.Fatalf("seed %d: %d copies of %s", seed, count[k], s.r.text[k])
			}
			missing += int(n) - count[k]
		}
		if missing != 4 { // the four riding cards
			t.Fatalf("seed %d: %d cards out of hands and pile, want 4", seed, missing)
		}
	}
}

// DR-3: the two board sides and the summit.
func TestDR03_Tracks(t *testing.T) {
	for _, tc := range []struct {
		players, last, summit int
		blue, green           []int
	}{
		{2, 26, 23, []int{4, 9, 15, 20}, []int{11, 18, 22}},
		{3, 26, 23, []int{4, 9, 15, 20}, []int{11, 18, 22}},
		{4, 30, 27, []int{4, 10, 16, 22}, []int{12, 19, 26}},
		{5, 30, 27, []int{4, 10, 16, 22}, []int{12, 19, 26}},
	} {
		s := newGame(t, tc.players)
		r := s.r
		if r.last != tc.last || r.summitStart != tc.summit {
			t.Fatalf("%dp: last %d summit %d, want %d %d", tc.players, r.last, r.summitStart, tc.last, tc.summit)
		}
		var blue, green []int
		for p := 0; p <= r.last; p++ {
			switch r.kind[p] {
			case sqBlue:
				blue = append(blue, p)
			case sqGreen:
				green = append(green, p)
			}
			if v := r.value[p]; v < -2 || v > 8 {
				t.Fatalf("square %d value %d", p, v)
			}
		}
		if !slices.Equal(blue, tc.blue) || !slices.Equal(green, tc.green) {
			t.Fatalf("%dp: blue %v green %v", tc.players, blue, green)
		}
		if r.value[0] != 0 || r.value[12] != map[int]int8{2: -2, 4: 2}[tc.players&^1] {
			t.Fatalf("%dp: values start %d, 12: %d", tc.players, r.value[0], r.value[12])
		}
		if r.value[r.last] != 8 || r.value[r.summitStart] != 5 {
			t.Fatalf("%dp: summit values", tc.players)
		}
	}
	// The summit size is a parameter: three summit squares on a custom track.
	p := DefaultParams()
	p.SummitSquares = 3
	p.Track23 = "1 2B 3 4G 5 6 7"
	s := newGameP(t, 2, p)
	if s.r.last != 7 || s.r.summitStart != 5 || s.r.kind[5] != sqSummit || s.r.kind[2] != sqBlue {
		t.Fatalf("custom track: last %d summit %d", s.r.last, s.r.summitStart)
	}
}

// DR-4: all dragons start on the start square.
func TestDR04_DragonsOnStart(t *testing.T) {
	s := newGame(t, 5)
	for seed := uint64(0); seed < 20; seed++ {
		s.Reset(seed)
		for c, p := range s.pos {
			if p != 0 {
				t.Fatalf("seed %d: %s at %d", seed, colourNames[c], p)
			}
		}
		if s.onSummit != 0 {
			t.Fatal("summit flags set at the start")
		}
	}
}

// DR-5: one riding card of a different random colour per player, 6 cards each, the rest is
// the draw pile; seat 0 starts.
func TestDR05_Setup(t *testing.T) {
	for players := 2; players <= 5; players++ {
		s := newGame(t, players)
		var seen [NumDragons]int
		for seed := uint64(0); seed < 400; seed++ {
			s.Reset(seed)
			if s.ToMove() != 0 || s.Terminal() || s.phase != phPlay {
				t.Fatalf("seed %d: seat %d starts", seed, s.ToMove())
			}
			if int(s.pileLen) != 110-players*7 {
				t.Fatalf("%dp: pile %d", players, s.pileLen)
			}
			for i := 0; i < players; i++ {
				if s.handLen[i] != 6 || s.stack[i] != 1 || s.score[i] != 0 {
					t.Fatalf("%dp seat %d: hand %d stack %d", players, i, s.handLen[i], s.stack[i])
				}
				seen[s.ride[i]]++
			}
		}
		for c, n := range seen {
			// uniform: 400*players/10 expected per colour
			if exp := 40 * players; n < exp/2 || n > exp*3/2 {
				t.Fatalf("%dp: colour %s ridden %d times in 400 deals (expected ~%d)", players, colourNames[c], n, exp)
			}
		}
	}
	// Same seed, same deal; another seed, another deal.
	a, b := newGame(t, 3), newGame(t, 3)
	a.Reset(42)
	b.Reset(42)
	b.r = a.r
	if *a != *b {
		t.Fatal("same seed gives different deals")
	}
	b.Reset(43)
	if *a == *b {
		t.Fatal("different seeds give the same deal")
	}
}

// DR-6: each player rides exactly one dragon, no dragon has two riders, the others are free.
func TestDR06_OneRiderPerDragon(t *testing.T) {
	for players := 2; players <= 5; players++ {
		s := newGame(t, players)
		r := engine.NewRNG(uint64(players))
		var buf [64]engine.Action
		for g := 0; g < 50; g++ {
			s.Reset(uint64(g))
			for !s.Terminal() {
				if err := checkInvariants(s, nil); err != nil {
					t.Fatalf("%dp game %d: %v", players, g, err)
				}
				l := s.Legal(buf[:0])
				s.Apply(l[r.IntN(len(l))])
			}
		}
	}
}

// DR-7: one card moves its dragon forward by its value, whoever rides it; dragons share
// squares; a dragon stops on the last summit square.
func TestDR07_PlayMovesDragon(t *testing.T) {
	s := build(t, 2, layout{
		pos:   map[string]int{"brown": 3, "black": 25},
		ride:  []string{"blue", "red"},
		hands: [][]string{{"red 3", "black 5", "blue 1"}, {"red 2", "yellow 1"}},
	})
	play(t, s, "red 3") // seat 1's dragon
	if s.pos[colourOf(t, "red")] != 3 || s.pos[colourOf(t, "brown")] != 3 {
		t.Fatalf("red at %d", s.pos[colourOf(t, "red")])
	}
	if s.ride[0] != colourOf(t, "blue") || s.ride[1] != colourOf(t, "red") {
		t.Fatal("riders changed")
	}
	if got := handTexts(s, 0); len(got) != 6 {
		t.Fatalf("hand after the play %v", got)
	}
	if s.ToMove() != 1 || s.stack[0] != 2 {
		t.Fatalf("to move %d, stack %d", s.ToMove(), s.stack[0])
	}
	// A dragon that would pass the last square stops on it.
	s = build(t, 2, layout{
		pos:   map[string]int{"black": 25},
		ride:  []string{"blue", "red"},
		hands: [][]string{{"black 5"}, {"red 2"}},
	})
	play(t, s, "black 5")
	if got := s.pos[colourOf(t, "black")]; got != 26 {
		t.Fatalf("black at %d, want 26 (last summit square)", got)
	}
	// Moving a dragon already on the last square leaves it there.
	s = build(t, 2, layout{
		pos:    map[string]int{"black": 26},
		summit: []string{"black"},
		ride:   []string{"blue", "black"},
		hands:  [][]string{{"black 1", "blue 1"}, {"red 2"}},
	})
	play(t, s, "black 1")
	if got := s.pos[colourOf(t, "black")]; got != 26 {
		t.Fatalf("black at %d", got)
	}
}

// DR-8: change of dragon after the move, on the colour of the card played.
func TestDR08_SwitchDragons(t *testing.T) {
	hands := [][]string{{"blue 2", "red 1", "green 1", "yellow 1", "yellow 5", "purple 2"}, {"red 2"}}
	base := func(pos map[string]int) *State {
		return build(t, 2, layout{pos: pos, ride: []string{"blue", "red"}, hands: hands})
	}
	// Everyone at 5, yellow and purple tied last at 1.
	tied := positions(5, 5, 5, 5, 1, 5, 5, 5, 1, 5)
	blue, red, green, yellow := colourOf(t, "blue"), colourOf(t, "red"), colourOf(t, "green"), colourOf(t, "yellow")

	t.Run("own dragon: keeps riding", func(t *testing.T) {
		s := base(tied)
		play(t, s, "blue 2")
		if s.ride[0] != blue || s.rider[blue] != 0 {
			t.Fatal("seat 0 no longer rides blue")
		}
	})
	t.Run("another player's dragon: nothing changes", func(t *testing.T) {
		s := base(tied)
		play(t, s, "red 1")
		if s.ride[0] != blue || s.ride[1] != red || s.rider[red] != 1 {
			t.Fatal("riders changed")
		}
	})
	t.Run("free dragon not last: must switch", func(t *testing.T) {
		s := base(tied)
		if l := legalTexts(s); slices.Contains(l, "green 1 ride") || !slices.Contains(l, "green 1") {
			t.Fatalf("legal %v", l)
		}
		play(t, s, "green 1")
		if s.ride[0] != green || s.rider[green] != 0 || s.rider[blue] != -1 {
			t.Fatal("seat 0 did not switch to green, or blue is not free")
		}
	})
	t.Run("free dragon tied last: choice", func(t *testing.T) {
		s := base(tied)
		l := legalTexts(s)
		for _, want := range []string{"yellow 1 ride", "yellow 1 stay", "yellow 5 ride", "yellow 5 stay", "purple 2 ride", "purple 2 stay"} {
			if !slices.Contains(l, want) {
				t.Fatalf("legal %v lacks %q", l, want)
			}
		}
		if slices.Contains(l, "yellow 1") {
			t.Fatalf("legal %v offers a plain play of a last dragon", l)
		}
		st := s.Clone().(*State)
		play(t, st, "yellow 1 stay")
		if st.ride[0] != blue || st.rider[yellow] != -1 || st.pos[yellow] != 2 {
			t.Fatal("stay: seat 0 must keep blue; yellow moves and stays free")
		}
		play(t, s, "yellow 1 ride")
		if s.ride[0] != yellow || s.rider[yellow] != 0 || s.rider[blue] != -1 {
			t.Fatal("ride: seat 0 must ride yellow and free blue")
		}
	})
	t.Run("last place is evaluated before the move", func(t *testing.T) {
		// Yellow alone last at 1: after moving 5 it is no longer last, the choice stands.
		s := base(positions(5, 5, 5, 5, 1, 5, 5, 5, 5, 5))
		if l := legalTexts(s); !slices.Contains(l, "yellow 5 stay") || !slices.Contains(l, "yellow 1 ride") {
			t.Fatalf("legal %v", l)
		}
		play(t, s, "yellow 5 stay")
		if s.ride[0] != blue || s.pos[yellow] != 6 {
			t.Fatal("stay refused")
		}
		// Purple at 2 with yellow at 1: purple is not last, even though moving it cannot
		// make it last — switching is forced.
		s = base(positions(5, 5, 5, 5, 1, 5, 5, 5, 2, 5))
		if l := legalTexts(s); slices.Contains(l, "purple 2 stay") || !slices.Contains(l, "purple 2") {
			t.Fatalf("legal %v", l)
		}
	})
	t.Run("last place counts all ten dragons, ridden ones too", func(t *testing.T) {
		// Red (ridden by seat 1) alone last at 0: yellow at 1 is not last.
		s := base(positions(5, 5, 5, 0, 1, 5, 5, 5, 1, 5))
		l := legalTexts(s)
		if slices.Contains(l, "yellow 1 stay") || !slices.Contains(l, "yellow 1") {
			t.Fatalf("legal %v", l)
		}
		play(t, s, "yellow 1")
		if s.ride[0] != yellow {
			t.Fatal("switch to yellow was forced")
		}
		// The last dragon ridden by somebody never offers ride/stay.
		s = base(positions(5, 5, 5, 0, 1, 5, 5, 5, 1, 5))
		if l := legalTexts(s); !slices.Contains(l, "red 1") || slices.Contains(l, "red 1 ride") {
			t.Fatalf("legal %v", l)
		}
	})
	t.Run("all on start: every free dragon is last", func(t *testing.T) {
		s := base(nil)
		l := legalTexts(s)
		if !slices.Contains(l, "green 1 ride") || !slices.Contains(l, "green 1 stay") || !slices.Contains(l, "blue 2") {
			t.Fatalf("legal %v", l)
		}
	})
}

// DR-9: scorings are triggered by the square where the moved dragon ends its move.
func TestDR09_Scoring(t *testing.T) {
	// 3 players, track23: 6:-1, 8:4, 9:3B, 11:2G, 12:-2, 21:8, 23:5S.
	three := func(pos map[string]int, hand []string) *State {
		return build(t, 3, layout{
			pos:    pos,
			ride:   []string{"blue", "red", "black"},
			hands:  [][]string{hand, {"red 2"}, {"black 2"}},
			scores: []int{10, 10, 10},
		})
	}
	scores := func(s *State) []int {
		return []int{int(s.score[0]), int(s.score[1]), int(s.score[2])}
	}
	t.Run("small scoring on a blue square", func(t *testing.T) {
		s := three(map[string]int{"blue": 6, "red": 8}, []string{"red 1"})
		play(t, s, "red 1") // red 8 → 9 (3B)
		// blue on -1 scores -1, red on 3 scores 3, black on the start square scores 0.
		if got := scores(s); !slices.Equal(got, []int{9, 13, 10}) {
			t.Fatalf("scores %v", got)
		}
	})
	t.Run("small scoring skips squares above the threshold", func(t *testing.T) {
		s := three(map[string]int{"blue": 21, "red": 8, "black": 12}, []string{"red 1"})
		play(t, s, "red 1")
		if got := scores(s); !slices.Equal(got, []int{10, 13, 8}) {
			t.Fatalf("scores %v (8 scores nothing, -2 is taken)", got)
		}
		p := DefaultParams()
		p.SmallScoringMax = 8
		s = buildP(t, 3, p, layout{pos: map[string]int{"blue": 21, "red": 8, "black": 12}, ride: []string{"blue", "red", "black"},
			hands: [][]string{{"red 1"}, {"red 2"}, {"black 2"}}})
		play(t, s, "red 1")
		if got := scores(s); !slices.Equal(got, []int{8, 3, -2}) {
			t.Fatalf("smallScoringMax 8: scores %v", got)
		}
	})
	t.Run("big scoring on a green square", func(t *testing.T) {
		s := three(map[string]int{"blue": 6, "red": 8, "black": 21}, []string{"blue 5"})
		play(t, s, "blue 5") // blue 6 → 11 (2G)
		if got := scores(s); !slices.Equal(got, []int{12, 14, 18}) {
			t.Fatalf("scores %v", got)
		}
	})
	t.Run("only the moved dragon's square counts", func(t *testing.T) {
		// Red stands on a blue square, black on a green one: moving blue to a plain square
		// triggers nothing.
		s := three(map[string]int{"blue": 6, "red": 9, "black": 11}, []string{"blue 1"})
		play(t, s, "blue 1")
		if got := scores(s); !slices.Equal(got, []int{10, 10, 10}) {
			t.Fatalf("scores %v", got)
		}
	})
	t.Run("a free dragon moved onto a scoring square scores for the new rider", func(t *testing.T) {
		s := three(map[string]int{"grey": 8, "red": 8}, []string{"grey 3"})
		play(t, s, "grey 3") // grey not last: seat 0 must switch, grey 8 → 11 (2G)
		if got := scores(s); !slices.Equal(got, []int{12, 14, 10}) {
			t.Fatalf("scores %v", got)
		}
	})
	t.Run("first arrival on the summit: big scoring", func(t *testing.T) {
		s := three(map[string]int{"blue": 21, "red": 8, "black": 6}, []string{"blue 2", "blue 3"})
		play(t, s, "blue 2") // 21 → 23 (5S)
		if got := scores(s); !slices.Equal(got, []int{15, 14, 9}) {
			t.Fatalf("scores %v", got)
		}
		if s.onSummit != 1<<colourOf(t, "blue") {
			t.Fatal("blue not marked on the summit")
		}
	})
	t.Run("a dragon already on the summit triggers nothing", func(t *testing.T) {
		s := build(t, 3, layout{
			pos:    map[string]int{"blue": 23, "red": 8},
			summit: []string{"blue"},
			ride:   []string{"blue", "red", "black"},
			hands:  [][]string{{"blue 2", "blue 3"}, {"red 2"}, {"black 2"}},
		})
		play(t, s, "blue 2") // 23 → 25
		if got := scores(s); !slices.Equal(got, []int{0, 0, 0}) {
			t.Fatalf("scores %v", got)
		}
		if s.pos[0] != 25 {
			t.Fatalf("blue at %d", s.pos[0])
		}
		// No scoring: the player is about to draw, and may first discard his blue card.
		if l := legalTexts(s); !slices.Equal(l, []string{"discard blue 3", "done"}) {
			t.Fatalf("legal %v", l)
		}
		play(t, s, "done")
		if s.handLen[0] != 6 {
			t.Fatalf("hand %d after the draw", s.handLen[0])
		}
	})
	t.Run("scores can be negative", func(t *testing.T) {
		s := build(t, 3, layout{
			pos:   map[string]int{"blue": 12, "red": 6, "black": 8},
			ride:  []string{"blue", "red", "black"},
			hands: [][]string{{"black 1"}, {"red 2"}, {"black 2"}},
		})
		play(t, s, "black 1") // black 8 → 9 (3B): blue -2, red -1, black 3
		if got := scores(s); !slices.Equal(got, []int{-2, -1, 3}) {
			t.Fatalf("scores %v", got)
		}
		if s.Score(0) != -2 {
			t.Fatalf("Score(0) = %v", s.Score(0))
		}
	})
}

// DR-10: refill to 6 after a turn without scoring; no draw after a scoring unless the last
// card was played.
func TestDR10_Drawing(t *testing.T) {
	hand := []string{"red 1", "red 3", "blue 1", "blue 2", "blue 3", "blue 4"}
	mk := func(h []string) *State {
		return build(t, 2, layout{pos: map[string]int{"red": 6}, ride: []string{"blue", "red"}, hands: [][]string{h, {"red 2"}}})
	}
	s := mk(hand)
	pile := s.pileLen
	play(t, s, "red 1") // 6 → 7 plain
	if s.handLen[0] != 6 || s.pileLen != pile-1 {
		t.Fatalf("no scoring: hand %d pile %d", s.handLen[0], s.pileLen)
	}
	s = mk(hand)
	play(t, s, "red 3") // 6 → 9 (3B)
	if s.handLen[0] != 5 || s.pileLen != pile {
		t.Fatalf("scoring: hand %d pile %d, want 5 and no draw", s.handLen[0], s.pileLen)
	}
	s = mk([]string{"red 3"})
	pile = s.pileLen
	play(t, s, "red 3") // scoring with the last card: refill all the same
	if s.handLen[0] != 6 || s.pileLen != pile-6 {
		t.Fatalf("last card: hand %d pile %d", s.handLen[0], s.pileLen)
	}
	s = mk([]string{"red 1", "blue 1", "blue 2"})
	pile = s.pileLen
	play(t, s, "red 1") // no scoring with a short hand: refill to 6
	if s.handLen[0] != 6 || s.pileLen != pile-4 {
		t.Fatalf("short hand: hand %d pile %d", s.handLen[0], s.pileLen)
	}
	// handSize is a parameter.
	p := DefaultParams()
	p.HandSize = 4
	s = newGameP(t, 5, p)
	if s.handLen[4] != 4 || int(s.pileLen) != 110-25 {
		t.Fatalf("handSize 4: hand %d pile %d", s.handLen[4], s.pileLen)
	}
}

// DR-11: before drawing, optional discards of cards whose dragon is on the summit.
func TestDR11_DiscardSummitCards(t *testing.T) {
	mk := func(hand []string, pile []string) *State {
		return build(t, 2, layout{
			pos:    map[string]int{"green": 24, "orange": 23, "red": 6},
			summit: []string{"green", "orange"},
			ride:   []string{"blue", "red"},
			hands:  [][]string{hand, {"red 2"}},
			pile:   pile,
		})
	}
	hand := []string{"green 1", "green 1", "green 3", "orange 2", "red 1", "red 3"}
	s := mk(hand, nil)
	pile := s.pileLen
	play(t, s, "red 1") // no scoring, about to draw
	if s.ToMove() != 0 || s.phase != phDiscard {
		t.Fatalf("expected seat 0's discard step, got seat %d phase %d", s.ToMove(), s.phase)
	}
	want := []string{"discard green 1", "discard green 3", "discard orange 2", "done"}
	if l := legalTexts(s); !slices.Equal(l, want) {
		t.Fatalf("legal %v, want %v", l, want)
	}
	play(t, s, "discard green 1")
	if l := legalTexts(s); !slices.Equal(l, want) || s.discards != 1 {
		t.Fatalf("after one discard: legal %v", l)
	}
	play(t, s, "discard green 3")
	play(t, s, "done")
	if s.ToMove() != 1 || s.handLen[0] != 6 || s.pileLen != pile-3 {
		t.Fatalf("after done: to move %d hand %d pile %d", s.ToMove(), s.handLen[0], s.pileLen)
	}
	if got := cardsTotal(s); got != 110 {
		t.Fatalf("%d cards", got)
	}

	// Discarding every summit card ends the step without "done".
	s = mk([]string{"green 1", "red 1", "red 3"}, nil)
	play(t, s, "red 1")
	if l := legalTexts(s); !slices.Equal(l, []string{"discard green 1", "done"}) {
		t.Fatalf("legal %v", l)
	}
	play(t, s, "discard green 1")
	if s.ToMove() != 1 || s.phase != phPlay || s.handLen[0] != 6 {
		t.Fatalf("to move %d phase %d hand %d", s.ToMove(), s.phase, s.handLen[0])
	}

	// Not offered after a scoring turn (no draw).
	s = mk(hand, nil)
	play(t, s, "red 3") // 6 → 9 blue
	if s.ToMove() != 1 || s.phase != phPlay {
		t.Fatal("discard step after a scoring")
	}
	// Not offered when the draw pile is empty.
	s = mk(hand, []string{})
	play(t, s, "red 1")
	if s.ToMove() != 1 || s.handLen[0] != 5 {
		t.Fatal("discard step with an empty pile")
	}
	// Not offered without summit cards.
	s = mk([]string{"red 1", "blue 2"}, nil)
	play(t, s, "red 1")
	if s.ToMove() != 1 || s.handLen[0] != 6 {
		t.Fatal("discard step without summit cards")
	}
	// Offered after the last card was played on a scoring, when the hand… is empty: never.
	s = mk([]string{"red 3"}, nil)
	play(t, s, "red 3")
	if s.ToMove() != 1 || s.handLen[0] != 6 {
		t.Fatal("refill after the last card")
	}
}

// DR-12: once the draw pile is empty nobody draws, empty hands are skipped, and the game ends
// when nobody holds a card.
func TestDR12_EmptyDrawPile(t *testing.T) {
	s := build(t, 3, layout{
		ride:  []string{"blue", "red", "black"},
		hands: [][]string{{"blue 1", "blue 2"}, {}, {"black 1"}},
		pile:  []string{},
		pos:   positions(5, 5, 5, 5, 5, 5, 5, 5, 5, 5),
	})
	play(t, s, "blue 1") // 5 → 6, no scoring, no pile: no draw
	if s.handLen[0] != 1 {
		t.Fatalf("hand %d", s.handLen[0])
	}
	if s.ToMove() != 2 {
		t.Fatalf("seat %d to move: seat 1 without cards must be skipped", s.ToMove())
	}
	play(t, s, "black 1")
	if s.ToMove() != 0 || s.Terminal() {
		t.Fatal("seat 0 still has a card")
	}
	play(t, s, "blue 2")
	if !s.Terminal() {
		t.Fatal("nobody holds a card: the game must end")
	}
	out := make([]float64, 3)
	s.Result(out)
	if out[0]+out[1]+out[2] != 1 {
		t.Fatalf("result %v", out)
	}
	// A pile that runs out during a refill gives what it has.
	s = build(t, 2, layout{
		ride:  []string{"blue", "red"},
		hands: [][]string{{"blue 1"}, {"red 1"}},
		pile:  []string{"grey 1", "grey 2"},
		pos:   positions(5, 5, 5, 5, 5, 5, 5, 5, 5, 5),
	})
	play(t, s, "blue 1")
	if s.handLen[0] != 2 || s.pileLen != 0 {
		t.Fatalf("hand %d pile %d", s.handLen[0], s.pileLen)
	}
}

// DR-13: the game ends right after the big scoring of the third dragon's arrival.
func TestDR13_ThirdSummitEnds(t *testing.T) {
	mk := func(p *Params, summit []string) *State {
		pos := map[string]int{"green": 24, "orange": 23, "red": 21, "blue": 8}
		return buildP(t, 2, p, layout{
			pos:    pos,
			summit: summit,
			ride:   []string{"blue", "red"},
			hands:  [][]string{{"red 2"}, {"red 1"}},
		})
	}
	s := mk(DefaultParams(), []string{"green", "orange"})
	play(t, s, "red 2") // red 21 → 23: third arrival, seat 0 played its last card
	if !s.Terminal() {
		t.Fatal("the game must end at the third arrival")
	}
	if s.score[0] != 4 || s.score[1] != 5 {
		t.Fatalf("scores %v: the big scoring must happen before the end", s.score[:2])
	}
	if s.handLen[0] != 0 {
		t.Fatal("no draw after the end")
	}
	out := make([]float64, 2)
	s.Result(out)
	if out[0] != 0 || out[1] != 1 {
		t.Fatalf("result %v", out)
	}
	// Two arrivals only: play goes on.
	s = mk(DefaultParams(), []string{"green"})
	s.pos[colourOf(t, "orange")] = 20
	play(t, s, "red 2")
	if s.Terminal() || s.ToMove() != 1 {
		t.Fatal("second arrival ended the game")
	}
	// dragonsToEnd is a parameter.
	p := DefaultParams()
	p.DragonsToEnd = 1
	s = buildP(t, 2, p, layout{pos: map[string]int{"red": 21}, ride: []string{"blue", "red"}, hands: [][]string{{"red 2", "blue 1"}, {"red 1"}}})
	play(t, s, "red 2")
	if !s.Terminal() {
		t.Fatal("dragonsToEnd=1: the first arrival must end the game")
	}
}

// DR-14: the most points wins; ties share the win.
func TestDR14_SharedWins(t *testing.T) {
	s := newGame(t, 4)
	for _, tc := range []struct {
		scores []int16
		want   []float64
	}{
		{[]int16{5, 9, 2, 9}, []float64{0, 0.5, 0, 0.5}},
		{[]int16{7, 7, 7, 7}, []float64{0.25, 0.25, 0.25, 0.25}},
		{[]int16{-3, -1, -2, -5}, []float64{0, 1, 0, 0}},
		{[]int16{10, 9, 10, 10}, []float64{1.0 / 3, 0, 1.0 / 3, 1.0 / 3}},
	} {
		copy(s.score[:], tc.scores)
		out := make([]float64, 4)
		s.Result(out)
		if !slices.Equal(out, tc.want) {
			t.Fatalf("scores %v: result %v, want %v", tc.scores, out, tc.want)
		}
	}
}

// DR-15: hands and the pile order are hidden; the board, riders, played cards, scores, hand
// and pile sizes are public.
func TestDR15_HiddenInformation(t *testing.T) {
	s := newGame(t, 3)
	for seed := uint64(0); seed < 30; seed++ {
		s.Reset(seed)
		// Play a few turns.
		r := engine.NewRNG(seed)
		var buf [64]engine.Action
		for i := 0; i < int(seed%20) && !s.Terminal(); i++ {
			l := s.Legal(buf[:0])
			s.Apply(l[r.IntN(len(l))])
		}
		if s.Terminal() {
			continue
		}
		for obs := 0; obs < 3; obs++ {
			before := s.Observe(obs, nil)
			d := s.Clone().(*State)
			d.Determinize(obs, seed*31+uint64(obs))
			if !bytes.Equal(before, d.Observe(obs, nil)) {
				t.Fatalf("Determinize(%d) changed its view", obs)
			}
			if err := checkInvariants(d, nil); err != nil {
				t.Fatal(err)
			}
			// The observer's hand is kept, every hand size is kept, the unseen cards move.
			for seat := 0; seat < 3; seat++ {
				if d.handLen[seat] != s.handLen[seat] {
					t.Fatal("hand size changed")
				}
			}
			if !slices.Equal(liveHand(d, obs), liveHand(s, obs)) {
				t.Fatal("observer's hand changed")
			}
			other := (obs + 1) % 3
			changed := false
			for k := uint64(0); k < 10 && !changed; k++ {
				e := s.Clone().(*State)
				e.Determinize(obs, k)
				changed = !slices.Equal(liveHand(e, other), liveHand(s, other))
			}
			if !changed {
				t.Fatal("Determinize never re-deals another seat's hand")
			}
		}
		// A seat's own hand is in its view; hidden cards are not in another seat's view.
		a, b := s.Clone().(*State), s.Clone().(*State)
		b.Determinize(0, 12345)
		if !slices.Equal(liveHand(b, 1), liveHand(a, 1)) && bytes.Equal(a.Observe(1, nil), b.Observe(1, nil)) {
			t.Fatal("seat 1's view does not depend on its own hand")
		}
		if !bytes.Equal(a.Observe(0, nil), b.Observe(0, nil)) {
			t.Fatal("seat 0's view depends on hidden cards")
		}
	}
}

// liveHand is seat's hand (the cards it holds, not the unused slots of the array).
func liveHand(s *State, seat int) []uint8 { return s.hand[seat][:s.handLen[seat]] }

// DR-15: Determinize is canonical. Two states that observer cannot tell apart (other
// seats' hands swapped around, cards exchanged between a hand and the pile, the pile in
// another order, stale cards in unused slots, another RNG) determinized with one seed
// become the very same state, and determinizing the result again changes nothing.
func TestDR15_DeterminizeIsCanonical(t *testing.T) {
	a := build(t, 3, layout{
		pos:    positions(3, 0, 5, 8, 0, 2, 0, 0, 4, 1),
		ride:   []string{"blue", "red", "purple"},
		hands:  [][]string{{"blue 1", "red 3", "green 2", "grey 5", "orange 4", "orange 4"}, {"brown 1", "brown 2", "black 3", "yellow 4", "light blue 5", "red 1"}, {"black 1", "black 1", "yellow 2", "green 3", "purple 5", "blue 4"}},
		scores: []int{3, -1, 4},
		toMove: 1,
	})
	b := *a
	// Another arrangement of the same unseen cards: swap two cards between seats 1 and 2,
	// exchange a card of seat 2 with one of the pile, reverse the pile, leave junk behind.
	swap := func(s *State, x, y int, kx, ky string) {
		s.remove(x, kindOf(t, s, kx))
		s.remove(y, kindOf(t, s, ky))
		s.insert(x, kindOf(t, s, ky))
		s.insert(y, kindOf(t, s, kx))
	}
	swap(&b, 1, 2, "brown 1", "black 1")
	swap(&b, 1, 2, "light blue 5", "purple 5")
	pk := b.pile[7]
	if pk == kindOf(t, &b, "green 3") {
		t.Fatal("pick another pile card")
	}
	b.remove(2, kindOf(t, &b, "green 3"))
	b.insert(2, pk)
	b.pile[7] = kindOf(t, &b, "green 3")
	slices.Reverse(b.pile[:b.pileLen])
	for seat := 0; seat < 3; seat++ {
		for i := b.handLen[seat]; i < MaxHand; i++ {
			b.hand[seat][i] = uint8(i)
		}
	}
	for i := int(b.pileLen); i < MaxCards; i++ {
		b.pile[i] = uint8(i)
	}
	b.Reseed(987654321)
	if *a == b {
		t.Fatal("the twin should differ in hidden information")
	}
	if !bytes.Equal(a.Observe(0, nil), b.Observe(0, nil)) {
		t.Fatal("seat 0 should not tell the two states apart")
	}
	if bytes.Equal(a.Observe(1, nil), b.Observe(1, nil)) {
		t.Fatal("seat 1 should tell the two states apart")
	}
	for _, seed := range []uint64{0, 1, 42, 1 << 40} {
		da, db := *a, b
		da.Determinize(0, seed)
		db.Determinize(0, seed)
		if da != db {
			t.Fatalf("seed %d: Determinize(0) of two states seat 0 cannot tell apart differ:\n%s\n--\n%s", seed, da.Describe(), db.Describe())
		}
		again := da
		again.Determinize(0, seed)
		if again != da {
			t.Fatalf("seed %d: determinizing a determinized state again changes it", seed)
		}
		if !bytes.Equal(da.Observe(0, nil), a.Observe(0, nil)) {
			t.Fatalf("seed %d: Determinize(0) changed seat 0's view", seed)
		}
	}
	// The seed, not the old arrangement, decides the deal: other seeds deal other hands.
	d1, d2 := *a, *a
	d1.Determinize(0, 1)
	d2.Determinize(0, 2)
	if slices.Equal(liveHand(&d1, 1), liveHand(&d2, 1)) && slices.Equal(liveHand(&d1, 2), liveHand(&d2, 2)) {
		t.Fatal("two seeds deal the same hands")
	}
	// Seat 1 can tell the states apart; for seat 2 (who sees its own changed hand) too.
	for obs := 1; obs < 3; obs++ {
		da, db := *a, b
		da.Determinize(obs, 5)
		db.Determinize(obs, 5)
		if slices.Equal(liveHand(&da, obs), liveHand(&db, obs)) {
			t.Fatalf("seat %d's own hand should be kept", obs)
		}
	}
}

// DR-16: plays are (colour, value, ride) with text "red 3", "black 4 ride", "black 4 stay";
// one action per distinct card.
func TestDR16_PlayActions(t *testing.T) {
	s := build(t, 2, layout{
		pos:   positions(5, 5, 5, 5, 0, 5, 5, 5, 5, 5),
		ride:  []string{"blue", "red"},
		hands: [][]string{{"red 3", "red 3", "yellow 4", "light blue 2", "light blue 2", "blue 1"}, {"red 1"}},
	})
	want := []string{"blue 1", "red 3", "yellow 4 ride", "yellow 4 stay", "light blue 2"}
	if l := legalTexts(s); !slices.Equal(l, want) {
		t.Fatalf("legal %v, want %v", l, want)
	}
	var buf [64]engine.Action
	seen := map[engine.Action]bool{}
	for _, a := range s.Legal(buf[:0]) {
		if seen[a] {
			t.Fatal("duplicate action")
		}
		seen[a] = true
		if b, err := s.ParseAction(s.ActionText(a)); err != nil || b != a {
			t.Fatalf("round trip of %q", s.ActionText(a))
		}
	}
	if txt := s.ActionText(engine.Action(0xFFFF)); !strings.HasPrefix(txt, "invalid") {
		t.Fatalf("text of garbage %q", txt)
	}
}

// DR-17: discards one card at a time, one action per distinct summit card, plus done; never
// done alone.
func TestDR17_DiscardActions(t *testing.T) {
	s := build(t, 2, layout{
		pos:    map[string]int{"grey": 24, "red": 6},
		summit: []string{"grey"},
		ride:   []string{"blue", "red"},
		hands:  [][]string{{"grey 2", "grey 2", "grey 5", "red 1", "blue 2"}, {"red 1"}},
	})
	play(t, s, "red 1")
	want := []string{"discard grey 2", "discard grey 5", "done"}
	if l := legalTexts(s); !slices.Equal(l, want) {
		t.Fatalf("legal %v, want %v", l, want)
	}
	play(t, s, "discard grey 2")
	play(t, s, "discard grey 5")
	if l := legalTexts(s); !slices.Equal(l, []string{"discard grey 2", "done"}) {
		t.Fatalf("legal %v", l)
	}
	play(t, s, "discard grey 2")
	if s.ToMove() != 1 || s.phase != phPlay {
		t.Fatal("done offered alone")
	}
	if s.discards != 3 || s.handLen[0] != 6 {
		t.Fatalf("discards %d hand %d", s.discards, s.handLen[0])
	}
}

// DR-18: canonical order: colours as in DR-1, values ascending, ride before stay, done last.
func TestDR18_CanonicalOrder(t *testing.T) {
	s := build(t, 2, layout{
		ride: []string{"purple", "brown"},
		hands: [][]string{{"orange 5", "blue 3", "blue 1", "purple 4", "purple 2", "brown 5"},
			{"red 1"}},
	})
	want := []string{"blue 1 ride", "blue 1 stay", "blue 3 ride", "blue 3 stay", "brown 5",
		"purple 2", "purple 4", "orange 5 ride", "orange 5 stay"}
	if l := legalTexts(s); !slices.Equal(l, want) {
		t.Fatalf("legal %v, want %v", l, want)
	}
	// Random states: plays sorted by (colour, value, ride<stay); discards sorted, done last.
	g := newGame(t, 4)
	r := engine.NewRNG(5)
	var buf [64]engine.Action
	for seed := uint64(0); seed < 100; seed++ {
		g.Reset(seed)
		for !g.Terminal() {
			l := g.Legal(buf[:0])
			for i := 1; i < len(l); i++ {
				if l[i] == actDone {
					continue
				}
				ka, kb := l[i-1]&kindMask, l[i]&kindMask
				if ka > kb || ka == kb && !(l[i-1]&optRide != 0 && l[i]&optStay != 0) {
					t.Fatalf("order %v", l)
				}
			}
			if slices.Contains(l, actDone) && l[len(l)-1] != actDone {
				t.Fatal("done not last")
			}
			g.Apply(l[r.IntN(len(l))])
		}
	}
}

// DR-19: every point where a player acts is a decision, even with one legal action.
func TestDR19_SingleActionIsADecision(t *testing.T) {
	s := build(t, 2, layout{
		pos:   positions(5, 5, 5, 5, 5, 5, 5, 5, 5, 5),
		ride:  []string{"blue", "red"},
		hands: [][]string{{"red 1", "red 1"}, {"red 2"}},
	})
	if l := legalTexts(s); !slices.Equal(l, []string{"red 1"}) || s.ToMove() != 0 {
		t.Fatalf("legal %v", l)
	}
	play(t, s, "red 1")
	// Seat 1 has one legal action: the engine stops and asks.
	if s.ToMove() != 1 || s.Terminal() {
		t.Fatal("seat 1 not asked")
	}
	if l := legalTexts(s); len(l) != 1 {
		t.Fatalf("legal %v", l)
	}
}
