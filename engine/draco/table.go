package draco

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"dragonlab/engine"
)

var (
	_ engine.Boarder      = (*State)(nil)
	_ engine.Previewer    = (*State)(nil)
	_ engine.EndExplainer = (*State)(nil)
)

// squareText is a square as the board writes it: "9:3B" (position, value, mark: B small
// scoring, G big scoring, S summit), "0" for the start.
func (r *rules) squareText(p int) string {
	if p == 0 {
		return "0"
	}
	t := strconv.Itoa(p) + ":" + strconv.Itoa(int(r.value[p]))
	switch r.kind[p] {
	case sqBlue:
		t += "B"
	case sqGreen:
		t += "G"
	case sqSummit:
		t += "S"
	}
	return t
}

// Board draws the track ahead of the last dragon (DR-3: every square from the rearmost
// dragon on, with its value and mark) with the dragons on their squares (the viewer's
// own marked *), then the summit count, the pile and the discards (DR-15: all public).
func (s *State) Board(viewer, width int) []string {
	r := s.r
	low := int(s.pos[0])
	for _, p := range s.pos[1:] {
		low = min(low, int(p))
	}
	var tokens []string
	for p := low; p <= r.last; p++ {
		t := r.squareText(p)
		var here []string
		for c := 0; c < NumDragons; c++ {
			if int(s.pos[c]) == p {
				name := colourNames[c]
				if viewer >= 0 && viewer < int(s.n) && int(s.ride[viewer]) == c {
					name += "*"
				}
				here = append(here, name)
			}
		}
		if len(here) == NumDragons {
			t += "{all 10 dragons}"
		} else if len(here) > 0 {
			t += "{" + strings.Join(here, ",") + "}"
		}
		tokens = append(tokens, t)
	}
	head := fmt.Sprintf("Track · B small scoring ≤%d · G big · S summit (%d of %d reached) · pile %d",
		r.smallMax, bits.OnesCount16(s.onSummit), r.toEnd, s.pileLen)
	if s.discards > 0 {
		head += fmt.Sprintf(" · discarded %d", s.discards)
	}
	lines := engine.Wrap(head, width, "  ")
	return append(lines, engine.Wrap("  "+strings.Join(tokens, " ")+"   (* yours)", width, "  ")...)
}

// SeatBoard is seat's score, its dragon and square, and its hand (the cards for the
// viewer's own seat, the count otherwise; DR-15).
func (s *State) SeatBoard(seat, viewer int) string {
	r := s.r
	c := s.ride[seat]
	hand := fmt.Sprintf("hand %d cards", s.handLen[seat])
	if engine.Sees(viewer, seat) {
		hand = "hand " + s.handText(seat)
	}
	return fmt.Sprintf("%d pts · rides %s on %s · %s", s.score[seat], colourNames[c], r.squareText(int(s.pos[c])), hand)
}

// Preview says where the played card's dragon lands ("21→24:6S", DR-7), the scoring it
// triggers with every seat's gain (DR-9: all public), whether the player then rides it
// (DR-8), a summit arrival and the end of the game (DR-13); for a discard step (DR-11),
// what done does.
func (s *State) Preview(a engine.Action) string {
	if s.phase == phOver {
		return ""
	}
	seat := int(s.toMove)
	switch {
	case a == actDone:
		return fmt.Sprintf("keep the rest; draw up to %d", s.r.handSize)
	case a&actDiscard != 0:
		return "the card leaves the game"
	}
	r := s.r
	x := *s
	x.Apply(a)
	c := int(a&kindMask) >> 4
	from, to := int(s.pos[c]), int(x.pos[c])
	parts := []string{fmt.Sprintf("%d→%s", from, r.squareText(to))}
	arrival := r.kind[to] == sqSummit && from < r.summitStart
	switch {
	case arrival && x.phase != phOver:
		parts[0] += fmt.Sprintf(" summit %d/%d", bits.OnesCount16(x.onSummit), r.toEnd)
	case from == to:
		parts[0] = "stays on " + r.squareText(to)
	}
	if o := s.rider[c]; o >= 0 && int(o) != seat {
		parts[0] += fmt.Sprintf(" (s%d's)", o)
	}
	if r.kind[to] == sqBlue || r.kind[to] == sqGreen || arrival {
		var gains []string
		for i := 0; i < int(s.n); i++ {
			if d := x.score[i] - s.score[i]; d != 0 {
				who := "s" + strconv.Itoa(i)
				if i == seat {
					who = "you"
				}
				gains = append(gains, fmt.Sprintf("%s %+d", who, d))
			}
		}
		if gains == nil {
			gains = []string{"nobody scores"}
		}
		parts = append(parts, strings.Join(gains, ", "))
	}
	if x.ride[seat] != s.ride[seat] {
		parts = append(parts, "you ride it")
	} else if s.rider[c] < 0 && a&optStay != 0 {
		parts = append(parts, "you keep "+colourNames[s.ride[seat]])
	}
	if x.phase == phOver {
		parts = append(parts, "game ends")
	}
	return strings.Join(parts, "; ")
}

// ScoreParts is seat's points from the scorings and its starting points, when it has any.
func (s *State) ScoreParts(seat int) string {
	b := s.r.seatBonus[seat]
	if b == 0 {
		return ""
	}
	return fmt.Sprintf("scorings %d + start %d = %d", s.score[seat]-b, b, s.score[seat])
}

// Decider says what ended the game (DR-13 or DR-12) and names a shared win (DR-14).
func (s *State) Decider() string {
	if s.phase != phOver {
		return ""
	}
	r := s.r
	end := "no player has a card left (DR-12)"
	if n := bits.OnesCount16(s.onSummit); n >= r.toEnd {
		end = fmt.Sprintf("dragon %d of %d reached the summit (DR-13)", n, r.toEnd)
	}
	out := make([]float64, s.n)
	s.Result(out)
	var tied []string
	best := int16(0)
	for i, v := range out {
		if v > 0 {
			tied = append(tied, strconv.Itoa(i))
			best = s.score[i]
		}
	}
	if len(tied) > 1 {
		return fmt.Sprintf("%s; a tie at %d: seats %s share the win (DR-14)", end, best, strings.Join(tied, ", "))
	}
	return end
}
