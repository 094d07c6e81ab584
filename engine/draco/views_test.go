package draco

import (
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// DR-15: each seat's narration and description depend only on what it sees; the check
// compares narrations in which other seats' draws differed.
func TestDR15_ViewsShowOnlyWhatTheSeatSees(t *testing.T) {
	g := enginetest.Lookup(t, "draco")
	for _, players := range []int{2, 4} {
		st := enginetest.CheckViews(t, g, players, nil, 4, 2)
		if st.Compared == 0 || st.Hidden == 0 {
			t.Fatalf("%d players: the check compared nothing that was hidden: %+v", players, st)
		}
	}
}

// DR-5, DR-15: the omniscient deal names every rider, riding card and hand; a seat is told
// the riders and its own hand only.
func TestDR05_DealNarration(t *testing.T) {
	s := newGame(t, 3)
	omni := strings.Join(s.NarrateResetView(4, engine.Omniscient), "\n")
	for i := 0; i < 3; i++ {
		want := "seat " + string(rune('0'+i)) + " rides " + colourNames[s.ride[i]] + " (riding card " + colourNames[s.ride[i]] + " "
		if !strings.Contains(omni, want) || !strings.Contains(omni, "is dealt 6 cards: "+s.handText(i)) {
			t.Fatalf("omniscient deal lacks seat %d:\n%s", i, omni)
		}
	}
	if !strings.Contains(omni, "draw pile: 89 cards") {
		t.Fatalf("pile:\n%s", omni)
	}
	for v := 0; v < 3; v++ {
		lines := s.dealLines(v)
		for i, l := range lines[:3] {
			if (i == v) != strings.Contains(l, "6 cards: ") {
				t.Fatalf("seat %d's deal: %q", v, l)
			}
		}
		d := *s
		d.Determinize(v, 5)
		if a, b := strings.Join(lines, "\n"), strings.Join(d.dealLines(v), "\n"); a != b {
			t.Fatalf("seat %d told two deals apart:\n%s\n--\n%s", v, a, b)
		}
	}
}

// DR-10, DR-15: the omniscient narration names the cards drawn; the other seats are told
// how many.
func TestDR10_DrawsPerViewer(t *testing.T) {
	s := build(t, 2, layout{
		ride:  []string{"blue", "red"},
		hands: [][]string{{"blue 1", "grey 1"}, {"red 1"}},
		pile:  []string{"orange 5", "green 2", "purple 3", "yellow 4", "brown 1"},
		pos:   positions(5, 5, 5, 5, 5, 5, 5, 5, 5, 5),
	})
	before := *s
	a, err := s.ParseAction("blue 1")
	if err != nil {
		t.Fatal(err)
	}
	s.Apply(a)
	omni := strings.Join(s.NarrateView(&before, a, engine.Omniscient), "\n")
	own := strings.Join(s.NarrateView(&before, a, 0), "\n")
	other := strings.Join(s.NarrateView(&before, a, 1), "\n")
	drawn := s.drawn(&before, 0, uint8(a&kindMask))
	if len(drawn) != 5 {
		t.Fatalf("drawn %v", drawn)
	}
	want := "seat 0 draws " + strings.Join(drawn, ", ") + ", 0 left in the pile"
	if !strings.Contains(omni, want) || !strings.Contains(own, want) {
		t.Fatalf("the draws are not named:\n%s", omni)
	}
	if !strings.Contains(other, "seat 0 draws 5 card(s), 0 left") || strings.Contains(other, "orange 5") {
		t.Fatalf("seat 1 is told seat 0's draws:\n%s", other)
	}
	if d := s.DescribeView(1); !strings.Contains(d, "seat 0: score 0, rides blue, hand 6 cards\n") || strings.Contains(d, "seat 0: score 0, rides blue, hand [") {
		t.Fatalf("seat 1 sees seat 0's hand:\n%s", s.DescribeView(1))
	}
}

// DR-12: players without cards are skipped, and the narration says so, also when every
// other seat is skipped and the same seat plays again.
func TestDR12_SkipsAreNarrated(t *testing.T) {
	s := build(t, 3, layout{
		ride:  []string{"blue", "red", "black"},
		hands: [][]string{{"blue 1", "blue 2"}, {}, {}},
		pile:  []string{},
		pos:   positions(5, 5, 5, 5, 5, 5, 5, 5, 5, 5),
	})
	before := *s
	a, _ := s.ParseAction("blue 1")
	s.Apply(a)
	if s.ToMove() != 0 {
		t.Fatal("setup: seat 0 should play again")
	}
	lines := strings.Join(s.Narrate(&before, a), "\n")
	if !strings.Contains(lines, "seat 1 has no card and is skipped") || !strings.Contains(lines, "seat 2 has no card and is skipped") {
		t.Fatalf("skips not narrated:\n%s", lines)
	}
}
