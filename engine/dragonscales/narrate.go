package dragonscales

import (
	"fmt"
	"math/bits"
	"strings"

	"dragonlab/engine"
)

// Narrate describes, for traces, what applying a to before did: the throw, the cards
// revealed, the combats fought, the pieces moved, reshuffles and the end.
func (s *State) Narrate(before engine.State, a engine.Action) []string {
	c := *before.(*State)
	prev := c
	c.decide(a)
	lines := c.narrateStep(&prev, a, nil)
	for c.phase == phAuto {
		prev = c
		c.step()
		lines = c.narrateStep(&prev, 0, lines)
	}
	return lines
}

// NarrateReset deals the game of seed like Reset and describes every combat played
// before the first decision (the solitaire and the two-player game may play many).
func (s *State) NarrateReset(seed uint64) []string {
	s.deal(seed)
	lines := []string{"deal: " + s.describePiles()}
	for s.phase == phAuto {
		prev := *s
		s.step()
		lines = s.narrateStep(&prev, 0, lines)
	}
	return lines
}

func (s *State) seatName(seat int) string { return fmt.Sprintf("seat %d", seat) }

// holderName names where a piece lies.
func (s *State) holderName(h int) string {
	switch s.r.players {
	case 1:
		return [3]string{"red dragon", "blue dragon", "grey dragon"}[h]
	case 2:
		if h == hCentre {
			return "red dragon"
		}
	case 3:
		if h == hFree {
			return "free"
		}
	}
	return s.seatName(h)
}

func (s *State) holderOf(cell int) int {
	for h, m := range s.at {
		if m&(1<<cell) != 0 {
			return h
		}
	}
	return -1
}

// narrateStep describes the difference between prev and s, after the decision a (0: a
// step of chance).
func (s *State) narrateStep(prev *State, a engine.Action, lines []string) []string {
	r := s.r
	if s.throws > prev.throws {
		var parts []string
		for seat := 0; seat < 3; seat++ {
			if g := s.lastThrow[seat]; g != noGesture {
				parts = append(parts, fmt.Sprintf("%s %s", s.seatName(seat), weaponNames[g]))
			}
		}
		out := "replay"
		switch {
		case s.rpsIn != prev.rpsIn && bits.OnesCount8(s.rpsIn) == 2 && s.phase == phGesture:
			w := s.rpsIn
			out = fmt.Sprintf("seats %d and %d win and play again", bits.TrailingZeros8(w), 7-bits.LeadingZeros8(w))
		case s.combats > prev.combats || s.phase == phPile:
			out = fmt.Sprintf("%s wins the throw", s.seatName(int(s.actor)))
		case s.end == endCapThrows:
			out = "no winner"
		}
		lines = append(lines, fmt.Sprintf("throw %d: %s → %s", s.throws, strings.Join(parts, ", "), out))
	}
	if s.combats > prev.combats {
		switch r.players {
		case 1:
			res := "red wins"
			if r.typ[s.lastCards[0]] == tJoker {
				res = "the Joker wins"
			} else if s.lastWin == 1 {
				res = "blue wins"
			}
			lines = append(lines, fmt.Sprintf("combat %d: %s vs %s → %s",
				s.combats, r.cardText[s.lastCards[0]], r.cardText[s.lastCards[1]], res))
		case 2:
			res := "draw"
			if s.lastWin >= 0 {
				res = s.seatName(int(s.lastWin)) + " wins"
			}
			lines = append(lines, fmt.Sprintf("combat %d: seat 0 %s vs seat 1 %s → %s",
				s.combats, r.cardText[s.lastCards[0]], r.cardText[s.lastCards[1]], res))
		case 3:
			from := "the pile"
			if k, arg := split(a); k == kPile {
				from = "the left pile"
				if arg == pRight {
					from = "the right pile"
				}
			}
			lines = append(lines, fmt.Sprintf("combat %d: %s takes %s from %s",
				s.combats, s.seatName(int(s.actor)), r.cardText[s.lastCards[0]], from))
		}
	}
	if prev.switched && prev.piles[pLeft].n == 0 && s.combats > prev.combats {
		lines = append(lines, "the pile was exhausted: all the cards were reshuffled into it first")
	}
	if !prev.switched && prev.piles[pLeft].n == 0 && prev.piles[pRight].n == 0 && s.phase == phPile {
		lines = append(lines, "both piles used up: all the cards reshuffled into two piles")
	}
	if s.cycles > prev.cycles {
		lines = append(lines, "both piles used up: each player shuffles his played cards and the piles are exchanged")
	}
	moved := false
	for cell := 0; cell < 9; cell++ {
		if h0, h1 := prev.holderOf(cell), s.holderOf(cell); h0 != h1 {
			moved = true
			lines = append(lines, fmt.Sprintf("%s: %s → %s", r.cellName[cell], s.holderName(h0), s.holderName(h1)))
		}
	}
	if s.combats > prev.combats && !moved && s.lastWin >= 0 && s.phase != phJoker && r.typ[s.wonCard()] != tJoker {
		lines = append(lines, "no piece moves")
	}
	if s.phase == phJoker && (prev.phase != phJoker || s.combats > prev.combats) {
		lines = append(lines, fmt.Sprintf("Joker: %s has %d operation(s)", s.seatName(int(s.actor)), s.ops))
	}
	if !prev.switched && s.switched {
		lines = append(lines, fmt.Sprintf("no free piece left: all %d cards shuffled into one pile; every card now steals", r.nCards))
	}
	if s.end != prev.end {
		lines = append(lines, s.endText())
	}
	return lines
}

// wonCard is the card that won the last combat (lastWin >= 0).
func (s *State) wonCard() uint8 {
	if s.r.players == 3 {
		return s.lastCards[0]
	}
	return s.lastCards[s.lastWin]
}

func (s *State) endText() string {
	switch s.end {
	case endWin:
		if s.r.players == 1 {
			return fmt.Sprintf("solitaire won: all 9 pieces on the blue dragon after %d combats", s.combats)
		}
		what := "connected pieces"
		if !s.r.connected {
			what = "pieces"
		}
		return fmt.Sprintf("%s wins with %d %s", s.seatName(int(s.winner)), s.measure(s.at[s.winner]), what)
	case endLoss:
		return fmt.Sprintf("solitaire lost: a deck ran out with %d pieces on the blue dragon", bits.OnesCount16(s.at[hBlue]))
	case endCapRounds:
		return fmt.Sprintf("safety cap: draw after %d combats (DS-21)", s.combats)
	case endCapThrows:
		return fmt.Sprintf("safety cap: draw after %d rock-paper-scissors throws (DS-21)", s.throws)
	}
	return ""
}

func (s *State) describePiles() string {
	var b strings.Builder
	names := [4]string{"red pile", "blue pile", "used", ""}
	switch s.r.players {
	case 2:
		names = [4]string{"seat 0 pile", "seat 1 pile", "seat 0 played", "seat 1 played"}
	case 3:
		names = [4]string{"left pile", "right pile", "used", ""}
		if s.switched {
			names[0] = "pile"
		}
	}
	for i, name := range names {
		if name == "" {
			continue
		}
		p := &s.piles[i]
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %d", name, p.n)
		if i < 2 && p.n > 0 {
			fmt.Fprintf(&b, " (top %s)", [2]string{"red", "blue"}[s.r.back[p.top()]])
		}
	}
	return b.String()
}

// Describe prints the state for traces.
func (s *State) Describe() string {
	var b strings.Builder
	holders := 3
	if s.r.players == 3 {
		holders = 4
	}
	for h := 0; h < holders; h++ {
		var names []string
		for cell := 0; cell < 9; cell++ {
			if s.at[h]&(1<<cell) != 0 {
				names = append(names, s.r.cellName[cell])
			}
		}
		if len(names) == 0 {
			names = []string{"-"}
		}
		fmt.Fprintf(&b, "%s: %s\n", s.holderName(h), strings.Join(names, " "))
	}
	fmt.Fprintf(&b, "%s; combats %d", s.describePiles(), s.combats)
	if s.r.hand > 0 && s.r.players == 2 {
		for seat := 0; seat < 2; seat++ {
			var names []string
			for _, c := range s.hands[seat].c[:s.hands[seat].n] {
				names = append(names, s.r.cardText[c])
			}
			fmt.Fprintf(&b, "\nseat %d hand: %s", seat, strings.Join(names, "; "))
		}
	}
	return b.String()
}

// Evaluate is a small heuristic for the greedy agent: the pieces held (multi-player) or
// the pieces one step from the blue dragon (solitaire), a quarter point each.
func (s *State) Evaluate(seat int) float64 {
	if s.r.players == 1 {
		return 0.25 * float64(bits.OnesCount16(s.at[hRed]))
	}
	return 0.25 * float64(bits.OnesCount16(s.at[seat]))
}
