package draco

import (
	"strings"
	"testing"

	"dragonlab/engine/enginetest"
)

// DR-15: the board and the previews a seat is shown depend only on what it sees.
func TestDR15_BoardAndPreviewsShowOnlyWhatTheSeatSees(t *testing.T) {
	g := enginetest.Lookup(t, "draco")
	for _, players := range []int{2, 5} {
		st := enginetest.CheckTable(t, g, players, nil, 3, 2)
		t.Logf("%d players: %+v", players, st)
		if st.Previews == 0 || st.Hidden == 0 {
			t.Fatalf("%d players: the check compared nothing that was hidden: %+v", players, st)
		}
	}
}

// DR-7..DR-9, DR-13: a preview names the landing square, the scoring with every seat's
// gain, the dragon the player will ride (a forced switch to a free dragon too) and the
// end of the game.
func TestDR08_Previews(t *testing.T) {
	s := build(t, 3, layout{
		pos:    map[string]int{"blue": 1, "black": 4, "red": 2, "green": 2, "brown": 22, "grey": 23, "yellow": 24},
		ride:   []string{"red", "black", "blue"},
		hands:  [][]string{{"green 2", "purple 1", "red 2", "brown 1", "orange 1", "blue 1"}, {}, {}},
		summit: []string{"grey", "yellow"},
	})
	for text, want := range map[string]string{
		"green 2":       "2→4:3B; you +3, s1 +3, s2 +1; you ride it",
		"red 2":         "2→4:3B; you +3, s1 +3, s2 +1",
		"purple 1 ride": "0→1:1; you ride it",
		"blue 1":        "1→2:2 (s2's)",
		"purple 1 stay": "0→1:1; you keep red",
		"brown 1":       "22→23:5S; you +5, s1 +3, s2 +1; you ride it; game ends",
	} {
		if got := s.Preview(enginetest.ActionByText(t, s, text)); got != want {
			t.Errorf("%s: %q, want %q", text, got, want)
		}
	}
	board := strings.Join(s.Board(0, 80), "\n")
	for _, w := range []string{"0{light blue,purple,orange}", "1:1{blue}", "2:2{red*,green}", "4:3B{black}", "22:4G{brown}", "S summit (2 of 3 reached)"} {
		if !strings.Contains(board, w) {
			t.Errorf("board lacks %q:\n%s", w, board)
		}
	}
	if got := s.SeatBoard(1, 0); got != "0 pts · rides black on 4:3B · hand 0 cards" {
		t.Errorf("seat line %q", got)
	}
}

// DR-13, DR-14: the end names what ended the game and a shared win.
func TestDR14_EndExplained(t *testing.T) {
	s := build(t, 3, layout{
		pos:    map[string]int{"grey": 23, "yellow": 24, "brown": 25},
		ride:   []string{"red", "black", "blue"},
		hands:  [][]string{{}, {}, {}},
		scores: []int{9, 4, 9},
		summit: []string{"grey", "yellow", "brown"},
	})
	s.phase = phOver
	if got := s.Decider(); got != "dragon 3 of 3 reached the summit (DR-13); a tie at 9: seats 0, 2 share the win (DR-14)" {
		t.Errorf("decider %q", got)
	}
	if got := s.ScoreParts(0); got != "" {
		t.Errorf("parts %q (no seat bonus: one part)", got)
	}
}
