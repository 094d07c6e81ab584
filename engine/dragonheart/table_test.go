package dragonheart

import (
	"strings"
	"testing"

	"dragonlab/engine/enginetest"
)

// DH-21: the board and the previews a seat is shown depend only on what it sees (the
// check compared re-deals in which the opponent's hand and the piles differed).
func TestDH21_BoardAndPreviewsShowOnlyWhatTheSeatSees(t *testing.T) {
	st := enginetest.CheckTable(t, enginetest.Lookup(t, "dragonheart"), 2, nil, 4, 2)
	t.Logf("%+v", st)
	if st.Previews == 0 || st.Hidden == 0 {
		t.Fatalf("the check compared nothing that was hidden: %+v", st)
	}
}

// DH-6, DH-10..DH-13: a preview says what a play takes and the points, a space it fills,
// and that a limited space left one card short hands the next card of its type the stake.
func TestDH13_Previews(t *testing.T) {
	s := blank(t)
	onBoard(t, s, "dwarf 1", "dwarf 3", "treasure 2", "treasure 3", "petrified 4", "ship 0")
	inHold(t, s, "hero 3", "slayer 2")
	give(t, s, 0, "dwarf 2", "dwarf 2", "princess 1", "ship 0", "troll 1")
	setPile(t, s, 0, filler(5)...)
	setPile(t, s, 1, filler(5)...)
	want := map[string]string{
		"2 dwarf (2,2)":             "fills Dwarf; takes 8: +8",
		"1 dwarf (2)":               "Dwarf 3/4; next dwarf takes 6+",
		"1 princess (1) >treasure":  "takes 5: +5",
		"1 princess (1) >petrified": "takes 4 + figurine: +7",
		"1 ship (0)":                "Ship 2/3; next ship takes hold 5",
		"1 troll (1)":               "nothing to take",
	}
	for text, w := range want {
		if got := s.Preview(act(t, s, text)); got != w {
			t.Errorf("%s: preview %q, want %q", text, got, w)
		}
	}
	// The board: capacities and fill levels, contents and totals, the hold.
	board := strings.Join(s.Board(0, 80), "\n")
	for _, w := range []string{"Dwarf  2/4 (1,3) = 4", "Ship   1/3 (0)", "Treasure chest (2,3) = 5", "Hold       hero (3), slayer (2) = 5"} {
		if !strings.Contains(board, w) {
			t.Errorf("the board lacks %q:\n%s", w, board)
		}
	}
	if got := s.SeatBoard(0, 0); !strings.Contains(got, "hand princess (1), troll (1), dwarf (2,2), ship (0)") {
		t.Errorf("own seat line %q", got)
	}
	if got := s.SeatBoard(0, 1); !strings.Contains(got, "hand 5 cards") || strings.Contains(got, "dwarf") {
		t.Errorf("the opponent's view of seat 0: %q", got)
	}
}

// DH-19, DH-20: the end explains the score and the tie-break.
func TestDH20_EndExplained(t *testing.T) {
	s := blank(t)
	s.score[0][tDwarf][s.r.vi[tDwarf][2]] = 2
	s.scoreSum[0] = 4
	s.score[1][tTreasure][s.r.vi[tTreasure][1]] = 1
	s.scoreSum[1] = 1
	s.fig = 1
	s.terminal = true
	if got := s.ScoreParts(1); got != "treasure 1 + figurine 3 = 4" {
		t.Errorf("parts %q", got)
	}
	if got := s.Decider(); got != "a pile ran out (DH-16); a tie at 4: the owner of the Dragon figurine, seat 1, wins (DH-20)" {
		t.Errorf("decider %q", got)
	}
	var out [2]float64
	s.Result(out[:])
	if out[1] != 1 {
		t.Errorf("result %v", out)
	}
	s.fig = noOwner
	s.scoreSum[1] = 4
	if got := s.Decider(); !strings.Contains(got, "nobody owns the figurine: a draw (DH-20)") {
		t.Errorf("decider %q", got)
	}
}
