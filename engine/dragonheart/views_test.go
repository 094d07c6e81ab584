package dragonheart

import (
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// DH-21: each seat's narration and description depend only on what it sees; the check
// compares narrations in which the opponent's draws differed.
func TestDH21_ViewsShowOnlyWhatTheSeatSees(t *testing.T) {
	st := enginetest.CheckViews(t, enginetest.Lookup(t, "dragonheart"), 2, nil, 6, 3)
	t.Logf("%+v", st)
	if st.Compared == 0 || st.Hidden == 0 {
		t.Fatalf("the check compared nothing that was hidden: %+v", st)
	}
}

// DH-4, DH-21: the omniscient deal names both hands and both piles; a seat is told its own
// hand only, and two deals it cannot tell apart are narrated alike.
func TestDH04_DealNarration(t *testing.T) {
	s := newDefault(t, 1)
	omni := strings.Join(s.NarrateResetView(7, engine.Omniscient), "\n")
	for p := 0; p < 2; p++ {
		if !strings.Contains(omni, "seat "+string(rune('0'+p))+" is dealt 5 cards: "+handText(s, p)) ||
			!strings.Contains(omni, "draw pile, top first (45 cards): "+s.pileText(p)) {
			t.Fatalf("omniscient deal lacks seat %d's hand or pile:\n%s", p, omni)
		}
	}
	for v := 0; v < 2; v++ {
		lines := strings.Join(s.dealLines(v), "\n")
		if !strings.Contains(lines, handText(s, v)) || strings.Contains(lines, "pile") ||
			strings.Contains(lines, handText(s, 1-v)) && handText(s, 1-v) != handText(s, v) {
			t.Fatalf("seat %d's deal:\n%s", v, lines)
		}
		d := *s
		d.Determinize(v, 99)
		if got := strings.Join(d.dealLines(v), "\n"); got != lines {
			t.Fatalf("seat %d told two deals apart:\n%s\n--\n%s", v, lines, got)
		}
	}
}

// DH-8, DH-14, DH-21: the omniscient narration names every card drawn and the card put
// back; the taker is told neither the opponent's draws nor the card put back.
func TestDH14_DrawsAndPutBackPerViewer(t *testing.T) {
	s := blank(t)
	s.fig = 1
	onBoard(t, s, "petrified 1")
	give(t, s, 0, "princess 2", "treasure 3")
	give(t, s, 1, "treasure 1", "treasure 2", "dwarf 1", "dwarf 1", "dwarf 2", "troll 3")
	setPile(t, s, 0, filler(10)...)
	setPile(t, s, 1, filler(10)...)
	setPile(t, s, 0, append(filler(8), "hero 3", "ship 0")...)
	before := *s
	a := act(t, s, "1 princess (2) >petrified")
	s.Apply(a)
	top := s.r.cardText(s.pile[1][s.pileN[1]-1])
	omni := strings.Join(s.NarrateView(&before, a, engine.Omniscient), "\n")
	taker := strings.Join(s.NarrateView(&before, a, 0), "\n")
	owner := strings.Join(s.NarrateView(&before, a, 1), "\n")
	if !strings.Contains(omni, "on top of seat 1's pile: "+top) || !strings.Contains(owner, "on top of seat 1's pile: "+top) {
		t.Fatalf("the card put back is not named:\n%s\n--\n%s", omni, owner)
	}
	if strings.Contains(taker, ": "+top) || !strings.Contains(taker, "unseen") {
		t.Fatalf("the taker is told the card put back:\n%s", taker)
	}
	if !strings.Contains(omni, "seat 0 draws 5 (seen by seat 0 only): ship 0, hero 3, treasure 1") || !strings.Contains(taker, "treasure 1, treasure 1, treasure 1, hero 3, ship 0") {
		t.Fatalf("the draws are not named:\n%s", omni)
	}
	if strings.Contains(owner, "ship 0") || !strings.Contains(owner, "seat 0 draws 5 card(s), 5 left") {
		t.Fatalf("the opponent is told the draws:\n%s", owner)
	}
	if d := s.DescribeView(1); !strings.Contains(d, "top: "+top) || strings.Contains(s.DescribeView(0), "top") {
		t.Fatalf("the pile's known top card:\n%s", d)
	}
}

// DH-16: when both hands and both piles are empty the game stops at once; the narration
// says so (not "that was the final turn") and keeps the DH-16 line of the turn.
func TestDH16_EarlyStopNarration(t *testing.T) {
	s := blank(t)
	give(t, s, 0, "treasure 1")
	s.lastDrawn[0] = true
	s.turn = 3
	before := *s
	a := act(t, s, "1 treasure (1)")
	s.Apply(a)
	if !s.Terminal() {
		t.Fatal("setup: the game did not stop")
	}
	lines := strings.Join(s.NarrateView(&before, a, engine.Omniscient), "\n")
	if strings.Contains(lines, "that was the final turn") || !strings.Contains(lines, "(DH-16)\n") ||
		!strings.Contains(lines, "nobody can play any more, so the game ends now; game over") {
		t.Fatalf("narration:\n%s", lines)
	}
}
