package redhot

import (
	"strings"
	"testing"

	"dragonlab/engine/enginetest"
)

// RH-18: the board and the previews a seat is shown depend only on what it sees (the
// deck's order, other seats' pending secret choices).
func TestRH18_BoardAndPreviewsShowOnlyWhatTheSeatSees(t *testing.T) {
	g := enginetest.Lookup(t, "redhot")
	for _, players := range []int{2, 5} {
		st := enginetest.CheckTable(t, g, players, nil, 2, 2)
		t.Logf("%d players: %+v", players, st)
		if st.Previews == 0 || st.Hidden == 0 {
			t.Fatalf("%d players: the check compared nothing that was hidden: %+v", players, st)
		}
	}
}

// RH-12, RH-15: previews give the burn chances computed from the prediction (MIN/MAX:
// power the lowest of three dice, range the highest), the treasure of a spot, and the
// stakes of take and rescue.
func TestRH12_Previews(t *testing.T) {
	s := newTest(t, 2, nil)
	stack(s, nil, fc(selMin, selMax), fc(selMin, selMin), fc(selMin, selMin))
	skipStones(t, s)
	pv := func(text string) string {
		a, ok := s.ParseAction(text)
		if !ok {
			t.Fatalf("%q is not legal: %v", text, texts(s))
		}
		return s.Preview(a)
	}
	// P(lowest die > 2) = (4/6)^3 = 30%; with the cape, resistance 3: (3/6)^3 = 12%.
	if got := pv("hothead"); got != "res 2: burns if reached 30%" {
		t.Errorf("hothead: %q", got)
	}
	if got := pv("hothead+cape"); got != "res 3: burns if reached 12%; cape: resistance +1" {
		t.Errorf("hothead+cape: %q", got)
	}
	board := strings.Join(s.Board(0, 80), "\n")
	for _, w := range []string{"MIN/MAX: power = lowest die, range = highest die", "hit if spot ≤ range): 1:6 2:5 3:4 4:3 5:2 6:1", "power > resistance: hothead 2 · teaser 3", "gain ×2", "stone revive one"} {
		if !strings.Contains(board, w) {
			t.Errorf("board lacks %q:\n%s", w, board)
		}
	}
	choose(t, s, "hothead+bag", "icebox")
	// Spot 6 is hit when the highest die is 6: P(all ≥ 3) − P(all in 3..5) = 37/216 = 17%.
	for text, want := range map[string]string{"spot 1": "pays 12; burns 30%", "spot 6": "pays 2; burns 17%"} {
		if got := pv(text); got != want {
			t.Errorf("%s: %q, want %q", text, got, want)
		}
	}
	if got := s.SeatBoard(0, 1); !strings.Contains(got, "sends hothead+bag") {
		t.Errorf("seat line %q", got)
	}
}

// RH-16, RH-17: the end names the stone bonus in the score and the tie-break.
func TestRH17_EndExplained(t *testing.T) {
	s := newTest(t, 3, nil)
	s.Reset(1)
	s.score = [maxSeats]int32{20, 20, 12}
	s.used[1] |= stoneBit
	s.outMask = 1 << 2
	s.rescuer = 1
	s.phase = phaseOver
	if got := s.Decider(); got != "the fury round is over (RH-16); a tie at 20: seat 1 rescued the princess and wins (RH-17); seat 2 is out and cannot win (RH-10)" {
		t.Errorf("decider %q", got)
	}
	if got := s.ScoreParts(0); got != "treasures 17 + stone never played 3 = 20" {
		t.Errorf("parts %q", got)
	}
	if got := s.ScoreParts(1); got != "" {
		t.Errorf("parts of a seat that played its stone %q", got)
	}
}
