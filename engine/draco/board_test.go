package draco

import (
	"slices"
	"testing"
)

// DR-3: the default 2–3 player track reproduces both worked examples of the rulebook
// (3 players). The black dragon moves 4 from square 16 onto the blue square 20 worth 2
// while the blue dragon stands on square 19 worth 3 and a third dragon on square 14 worth
// 6 (the rulebook's "white" dragon is not among the DR-1 colours: grey stands in for it):
// a small scoring pays 2 and 3, and nothing for the square worth 6. Then the blue dragon
// moves 3 from 19 onto the green square 22 worth 4: a big scoring pays 4, 2 and 6.
func TestDR03_TrackReproducesTheRulebookExamples(t *testing.T) {
	s := build(t, 3, layout{
		pos:   map[string]int{"black": 16, "blue": 19, "grey": 14},
		ride:  []string{"black", "blue", "grey"},
		hands: [][]string{{"black 4", "red 1"}, {"blue 3", "red 2"}, {"grey 1"}},
	})
	r := s.r
	for _, sq := range []struct {
		pos   int
		value int8
		kind  uint8
	}{{14, 6, sqPlain}, {16, 1, sqPlain}, {19, 3, sqPlain}, {20, 2, sqBlue}, {22, 4, sqGreen}} {
		if r.value[sq.pos] != sq.value || r.kind[sq.pos] != sq.kind {
			t.Fatalf("square %d: value %d kind %d, want %d kind %d", sq.pos, r.value[sq.pos], r.kind[sq.pos], sq.value, sq.kind)
		}
	}
	scores := func() []int { return []int{int(s.score[0]), int(s.score[1]), int(s.score[2])} }
	play(t, s, "black 4")
	if s.pos[colourOf(t, "black")] != 20 || !slices.Equal(scores(), []int{2, 3, 0}) {
		t.Fatalf("first example: black on %d, scores %v, want 20 and [2 3 0]", s.pos[colourOf(t, "black")], scores())
	}
	play(t, s, "blue 3")
	if s.pos[colourOf(t, "blue")] != 22 || !slices.Equal(scores(), []int{4, 7, 6}) {
		t.Fatalf("second example: blue on %d, scores %v, want 22 and [4 7 6]", s.pos[colourOf(t, "blue")], scores())
	}
	if DefaultTrack23 != "1:1 2:2 3:0 4:3B 5:1 6:-1 7:2 8:4 9:3B 10:5 11:2G 12:-2 13:4 14:6 15:3B 16:1 17:5 "+
		"18:7G 19:3 20:2B 21:8 22:4G 23:5S 24:6S 25:7S 26:8S" {
		t.Fatalf("the default track differs from the spec (DR-3): %s", DefaultTrack23)
	}
}
