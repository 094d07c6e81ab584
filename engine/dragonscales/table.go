package dragonscales

import (
	"fmt"
	"math/bits"
	"strings"

	"dragonlab/engine"
)

var (
	_ engine.Boarder      = (*State)(nil)
	_ engine.Previewer    = (*State)(nil)
	_ engine.EndExplainer = (*State)(nil)
)

// shortHolder names a holder in the layout grid, for viewer: "red", "blue", "grey"
// (solitaire), "free" (three players), "red" (two players: the red dragon), "you", "s1".
func (s *State) shortHolder(h, viewer int) string {
	switch {
	case s.r.players == 1:
		return [3]string{"red", "blue", "grey"}[h]
	case s.r.players == 2 && h == hCentre:
		return "red"
	case s.r.players == 3 && h == hFree:
		return "free"
	case h == viewer:
		return "you"
	case h < 0:
		return "?"
	}
	return fmt.Sprintf("s%d", h)
}

// Board draws the layout of DS-1 with where each piece lies (the groups that win, DS-14,
// DS-20), the goal, the piles with their sizes and top colours (DS-22: public), and the
// Joker's operation count while one is being played.
func (s *State) Board(viewer, width int) []string {
	r := s.r
	lines := []string{"Layout (DS-1; adjacent = sharing a side):"}
	cellW := max(20, min(26, (width-4)/3))
	for row := 0; row < 3; row++ {
		line := fmt.Sprintf("  %d ", row+1)
		for col := 0; col < 3; col++ {
			cell := row*3 + col
			text := r.cellName[cell] + ":" + s.shortHolder(s.holderOf(cell), viewer)
			if col < 2 {
				text = fmt.Sprintf("%-*s", cellW, text)
			}
			line += text
		}
		lines = append(lines, line)
	}
	var goal string
	switch r.players {
	case 1:
		goal = fmt.Sprintf("Blue dragon: %d of 9 (all 9 win; a deck running out loses, DS-9) · combat %d",
			bits.OnesCount16(s.at[hBlue]), s.combats)
	default:
		what := "connected pieces"
		if !r.connected {
			what = "pieces"
		}
		goal = fmt.Sprintf("Goal: %d %s · combat %d", r.target, what, s.combats)
		if r.players == 3 {
			goal += fmt.Sprintf(", throw %d", s.throws)
		}
	}
	lines = append(lines, engine.Wrap(goal, width, "    ")...)
	lines = append(lines, engine.Wrap("Piles: "+s.describePiles(), width, "    ")...)
	if s.phase == phJoker {
		who := fmt.Sprintf(" of seat %d", s.actor)
		if r.players == 1 {
			who = ""
		}
		lines = append(lines, fmt.Sprintf("Joker%s: operation %d of %d", who, int(r.ops-s.ops)+1, r.ops))
	}
	return lines
}

// SeatBoard is seat's pieces and progress (multi-player), its hand in the hand variant
// (the cards for the viewer's own seat, the count otherwise) and a pending secret choice
// (named to the seat itself only); in the solitaire the blue dragon's count.
func (s *State) SeatBoard(seat, viewer int) string {
	r := s.r
	if r.players == 1 {
		return fmt.Sprintf("%d of 9 pieces on the blue dragon", bits.OnesCount16(s.at[hBlue]))
	}
	out := fmt.Sprintf("holds %d", bits.OnesCount16(s.at[seat]))
	if r.connected {
		out += fmt.Sprintf(", largest group %d of %d", largestGroup(s.at[seat]), r.target)
	} else {
		out += fmt.Sprintf(" of %d", r.target)
	}
	if r.players == 2 && r.hand > 0 {
		if engine.Sees(viewer, seat) {
			out += " · hand " + s.handText(seat)
		} else {
			out += fmt.Sprintf(" · hand %d cards", s.hands[seat].n)
		}
		if i := s.sel[seat]; i >= 0 {
			if engine.Sees(viewer, seat) {
				out += " · chose " + r.cardText[s.hands[seat].c[i]] + " (secret)"
			} else {
				out += " · has chosen"
			}
		}
	}
	if r.players == 3 && s.phase == phGesture {
		if g := s.gest[seat]; g != noGesture {
			if engine.Sees(viewer, seat) {
				out += " · chose " + weaponNames[g] + " (secret)"
			} else {
				out += " · has chosen"
			}
		} else if s.rpsIn&(1<<seat) == 0 {
			out += " · not in this throw"
		}
	}
	return out
}

// Preview says what a decision does: which weapons a gesture beats and loses to (DS-2),
// what the top card of a pile can do by its back's colour (DS-12, DS-13), where a Joker
// operation moves a piece and the mover's progress after it (DS-7, DS-12, DS-17, DS-18),
// what stopping forgoes, and what a card of the hand variant beats (DS-16).
func (s *State) Preview(a engine.Action) string {
	r := s.r
	k, arg := split(a)
	me := int(s.toMove)
	switch k {
	case kGesture:
		return fmt.Sprintf("beats %s, loses to %s", weaponNames[(arg+1)%3], weaponNames[(arg+2)%3])
	case kPile:
		p := &s.piles[arg]
		if p.n == 0 {
			return ""
		}
		if r.back[p.top()] == tBlue {
			return "blue back: steals the named piece if an opponent holds it"
		}
		return "red back: the named free pieces, or a Joker"
	case kMoveRB:
		n := bits.OnesCount16(s.at[hBlue]) + 1
		if n == 9 {
			return "blue dragon 9 of 9: you win"
		}
		return fmt.Sprintf("blue dragon %d of 9", n)
	case kMoveGR:
		return "back to the red dragon (then red>blue)"
	case kTake, kSteal:
		x := *s
		x.decide(a)
		text := ""
		if k == kSteal {
			from := s.holderOf(int(arg))
			text = fmt.Sprintf("from s%d (to %d); ", from, x.measure(x.at[from]))
		}
		text += fmt.Sprintf("you %d of %d", x.measure(x.at[me]), r.target)
		if x.end == endWin {
			text += ": you win"
		}
		return text
	case kStop:
		return fmt.Sprintf("forgo %d operation(s)", s.ops)
	case kPlay:
		c := -1
		for i := uint8(0); i < s.hands[me].n; i++ {
			if r.kind[s.hands[me].c[i]] == arg {
				c = int(s.hands[me].c[i])
				break
			}
		}
		if c < 0 {
			return ""
		}
		if r.typ[c] == tJoker {
			return fmt.Sprintf("beats every card but a Joker; %d operations", r.ops)
		}
		// Weapons decide, equal weapons red over blue (DS-16): the phrase names the
		// weapon beaten; what the card then does is the rule the combat applies.
		return fmt.Sprintf("beats %s; won: %s", weaponNames[(r.weapon[c]+1)%3], s.gainText(uint8(c), me))
	}
	return ""
}

// gainText says what card c does when seat me wins with it, now (cardGain: DS-12, DS-13,
// DS-17, DS-18): the pieces it takes or steals and from whom, and the mover's progress;
// or that nothing moves, and why.
func (s *State) gainText(c uint8, me int) string {
	r := s.r
	named := r.mask[c]
	m := s.cardGain(c, uint8(me))
	if m == 0 {
		src, where := s.at[r.src()], "on the red dragon"
		if r.players == 3 {
			where = "free"
		}
		switch on := named & src; {
		case r.typ[c] == tRed && src != 0:
			return "nothing (none of its pieces " + where + ")"
		case on != 0 && r.players == 3:
			return "nothing (" + s.piecesText(on, on) + " " + where + ", DS-13)"
		case on != 0:
			return "nothing (" + s.piecesText(on, on) + " " + where + ", DS-18)"
		}
		return "nothing (its pieces are yours)"
	}
	x := *s
	x.at[me] |= m
	var parts []string
	if took := m & s.at[r.src()]; took != 0 {
		parts = append(parts, "takes "+s.piecesText(took, named))
	}
	for h := 0; h < r.players; h++ {
		if from := m & s.at[h]; h != me && from != 0 {
			x.at[h] &^= from
			parts = append(parts, fmt.Sprintf("steals %s (s%d)", s.piecesText(from, named), h))
		}
	}
	n := x.measure(x.at[me])
	if n >= r.target {
		return strings.Join(parts, ", ") + fmt.Sprintf(", you win (%d/%d)", n, r.target)
	}
	return strings.Join(parts, ", ") + fmt.Sprintf(", you %d/%d", n, r.target)
}

// piecesText names the pieces of m, a subset of the named pieces of a card, shortly: one
// piece by name, all of them as "its N pieces", else "all but" the ones left out.
func (s *State) piecesText(m, named uint16) string {
	names := func(m uint16) string {
		var out []string
		for cell := 0; cell < 9; cell++ {
			if m&(1<<cell) != 0 {
				out = append(out, s.r.cellName[cell])
			}
		}
		return strings.Join(out, ", ")
	}
	switch k := bits.OnesCount16(m); {
	case k == 1:
		return names(m)
	case m == named:
		return fmt.Sprintf("its %d pieces", k)
	case bits.OnesCount16(named&^m) == 1:
		return "all but " + names(named&^m)
	}
	return names(m)
}

// ScoreParts is seat's pieces beside the group the target counts (multi-player).
func (s *State) ScoreParts(seat int) string {
	if s.r.players == 1 || !s.r.connected {
		return ""
	}
	return fmt.Sprintf("holds %d, largest connected group %d", bits.OnesCount16(s.at[seat]), largestGroup(s.at[seat]))
}

// Decider says how the game ended (DS-9, DS-14, DS-20, DS-21).
func (s *State) Decider() string {
	r := s.r
	switch s.end {
	case endWin:
		if r.players == 1 {
			return fmt.Sprintf("all 9 pieces reached the blue dragon after %d combats (DS-9)", s.combats)
		}
		rule := "DS-14"
		if r.players == 2 {
			rule = "DS-20"
		}
		what := "connected pieces"
		if !r.connected {
			what = "pieces"
		}
		return fmt.Sprintf("seat %d reached the target of %d with %d %s (%s)", s.winner, r.target, s.measure(s.at[s.winner]), what, rule)
	case endLoss:
		return fmt.Sprintf("a deck ran out with %d of 9 pieces on the blue dragon: a loss (DS-9)", bits.OnesCount16(s.at[hBlue]))
	case endCapRounds:
		return fmt.Sprintf("the safety cap of %d combats: a draw, nobody wins (DS-21)", r.maxRounds)
	case endCapThrows:
		return fmt.Sprintf("the safety cap of %d throws: a draw, nobody wins (DS-21)", r.maxThrows)
	}
	return ""
}
