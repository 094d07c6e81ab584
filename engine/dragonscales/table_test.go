package dragonscales

import (
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// DS-22: the board and the previews a seat is shown depend only on what it sees (pile
// orders, the other hand, pending secret gestures and cards).
func TestDS22_BoardAndPreviewsShowOnlyWhatTheSeatSees(t *testing.T) {
	g := enginetest.Lookup(t, "dragonscales")
	hand := DefaultParams()
	hand.DuoHand = 3
	for _, tc := range []struct {
		name    string
		players int
		p       engine.Params
	}{
		{"solitaire", 1, nil},
		{"two players", 2, nil},
		{"two players, hands", 2, hand},
		{"three players", 3, nil},
	} {
		st := enginetest.CheckTable(t, g, tc.players, tc.p, 6, 2)
		t.Logf("%s: %+v", tc.name, st)
		if st.Boards == 0 || st.Hidden == 0 {
			t.Fatalf("%s: the check compared nothing that was hidden: %+v", tc.name, st)
		}
	}
}

// DS-1, DS-17, DS-20: the board shows where every piece lies and the Joker's operation
// count; a take or steal previews the mover's progress towards the target.
func TestDS17_JokerPreviewsAndBoard(t *testing.T) {
	s := newTest(t, 2, nil)
	place(s, hCentre, map[int][]string{
		0: {"green-triangle", "orange-circle"},
		1: {"orange-square", "yellow-triangle", "green-circle"},
	})
	s.phase, s.toMove, s.actor, s.ops = phJoker, 0, 0, 2
	for text, want := range map[string]string{
		"take yellow-square":    "you 3 of 6",
		"steal orange-square":   "from s1 (to 2); you 3 of 6",
		"steal yellow-triangle": "from s1 (to 1); you 3 of 6",
		"stop":                  "forgo 2 operation(s)",
	} {
		if got := s.Preview(enginetest.ActionByText(t, s, text)); got != want {
			t.Errorf("%s: %q, want %q", text, got, want)
		}
	}
	board := strings.Join(s.Board(0, 80), "\n")
	for _, w := range []string{"green-triangle:you", "orange-square:s1", "yellow-square:red", "Goal: 6 connected pieces", "Joker of seat 0: operation 2 of 3"} {
		if !strings.Contains(board, w) {
			t.Errorf("board lacks %q:\n%s", w, board)
		}
	}
	if got := s.SeatBoard(1, 0); got != "holds 3, largest group 3 of 6" {
		t.Errorf("seat line %q", got)
	}
}

// DS-9, DS-21: the end says how the game ended; a solitaire loss is a loss.
func TestDS09_EndExplained(t *testing.T) {
	s := newTest(t, 1, nil)
	s.finish(endLoss, -1)
	if got := s.Decider(); !strings.Contains(got, "a deck ran out with 0 of 9 pieces on the blue dragon: a loss (DS-9)") {
		t.Errorf("decider %q", got)
	}
	s = newTest(t, 3, nil)
	s.finish(endCapThrows, -1)
	if got := s.Decider(); got != "the safety cap of 4000 throws: a draw, nobody wins (DS-21)" {
		t.Errorf("decider %q", got)
	}
}
