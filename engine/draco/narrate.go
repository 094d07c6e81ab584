package draco

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"dragonlab/engine"
)

var (
	_ engine.Narrator     = (*State)(nil)
	_ engine.ViewNarrator = (*State)(nil)
	_ engine.Describer    = (*State)(nil)
)

// Narrate is the omniscient narration of a, without the action line (see NarrateView).
func (s *State) Narrate(before engine.State, a engine.Action) []string {
	return engine.OmniscientNarration(s, before, a)
}

// NarrateView describes, for viewer, what applying a to before produced: the action (line
// 0; every play and discard is public, DR-15), the move, a change of dragon, scorings,
// summit arrivals, the cards drawn (named for the drawer and the omniscient viewer,
// counted for the others), seats skipped for want of cards (DR-12) and the end.
func (s *State) NarrateView(before engine.State, a engine.Action, viewer int) []string {
	b, ok := before.(*State)
	if !ok || b.phase == phOver {
		return nil
	}
	r := s.r
	seat := int(b.toMove)
	lines := []string{b.ActionText(a)}
	var played uint8 = 0xFF // the card that left the hand, if any
	switch {
	case a == actDone:
		lines = append(lines, fmt.Sprintf("seat %d keeps its summit cards", seat))
	case a&actDiscard != 0:
		played = uint8(a & kindMask)
		lines = append(lines, fmt.Sprintf("seat %d discards %s", seat, r.text[played]))
	default:
		k := uint8(a & kindMask)
		played = k
		c := k >> 4
		from, to := int(b.pos[c]), int(s.pos[c])
		line := fmt.Sprintf("%s dragon moves %d → %d (square value %d%s)", colourNames[c], from, to, r.value[to], kindName(r.kind[to]))
		if from+int(r.cardValue[k&15]) > r.last {
			line += ", stopped on the last summit square"
		}
		lines = append(lines, line)
		switch {
		case s.ride[seat] != b.ride[seat]:
			lines = append(lines, fmt.Sprintf("seat %d now rides %s (%s is free)", seat, colourNames[s.ride[seat]], colourNames[b.ride[seat]]))
		case b.rider[c] < 0:
			lines = append(lines, fmt.Sprintf("seat %d stays on %s (%s was last)", seat, colourNames[s.ride[seat]], colourNames[c]))
		}
		kind := r.kind[to]
		arrival := kind == sqSummit && from < r.summitStart
		if arrival {
			lines = append(lines, fmt.Sprintf("%s reaches the summit (%d of %d)", colourNames[c], bits.OnesCount16(s.onSummit), r.toEnd))
		}
		if kind == sqBlue || kind == sqGreen || arrival {
			name := "big"
			if kind == sqBlue {
				name = "small"
			}
			var parts []string
			for i := 0; i < int(s.n); i++ {
				parts = append(parts, fmt.Sprintf("seat %d %+d (%s on %d) → %d", i, s.score[i]-b.score[i], colourNames[s.ride[i]], r.value[s.pos[s.ride[i]]], s.score[i]))
			}
			lines = append(lines, name+" scoring: "+strings.Join(parts, ", "))
		}
	}
	if d := int(b.pileLen) - int(s.pileLen); d > 0 {
		if engine.Sees(viewer, seat) {
			lines = append(lines, fmt.Sprintf("seat %d draws %s, %d left in the pile", seat, strings.Join(s.drawn(b, seat, played), ", "), s.pileLen))
		} else {
			lines = append(lines, fmt.Sprintf("seat %d draws %d card(s), %d left in the pile", seat, d, s.pileLen))
		}
	}
	if s.phase == phOver {
		out := make([]float64, s.n)
		s.Result(out)
		var w []string
		for i, v := range out {
			if v > 0 {
				w = append(w, strconv.Itoa(i))
			}
		}
		lines = append(lines, fmt.Sprintf("game over: scores %v, winner(s) seat %s", s.score[:s.n], strings.Join(w, ", ")))
	} else if s.phase == phPlay {
		// The turn passed (DR-12): name every seat between the player and the next one,
		// all the others when the same seat plays again.
		n := int(s.n)
		for i := 1; i < n; i++ {
			t := (seat + i) % n
			if t == int(s.toMove) {
				break
			}
			lines = append(lines, fmt.Sprintf("seat %d has no card and is skipped", t))
		}
	}
	return lines
}

// drawn lists, in kind order, the cards seat drew between b and s: its hand after, less
// its hand before without the card played or discarded.
func (s *State) drawn(b *State, seat int, played uint8) []string {
	old := slices.Clone(b.hand[seat][:b.handLen[seat]])
	if i := slices.Index(old, played); i >= 0 {
		old = slices.Delete(old, i, i+1)
	}
	var out []string
	for _, k := range s.hand[seat][:s.handLen[seat]] {
		if i := slices.Index(old, k); i >= 0 {
			old = slices.Delete(old, i, i+1)
			continue
		}
		out = append(out, s.r.text[k])
	}
	return out
}

// NarrateResetView deals the game of seed into s (as Reset does) and describes the deal
// for viewer (DR-5): the dragon each seat rides with its riding card (face up, public),
// every hand for the omniscient viewer, a seat's own hand and the others' sizes for a seat.
func (s *State) NarrateResetView(seed uint64, viewer int) []string {
	s.Reset(seed)
	return s.dealLines(viewer)
}

// dealLines describes the deal of a freshly dealt s for viewer.
func (s *State) dealLines(viewer int) []string {
	r := s.r
	// The riding cards are the cards out of the hands and the pile: one per ridden colour.
	var left [NumDragons * 16]int
	for k := range left {
		left[k] = int(r.kindCount[k])
	}
	for i := 0; i < int(s.n); i++ {
		for _, k := range s.hand[i][:s.handLen[i]] {
			left[k]--
		}
	}
	for _, k := range s.pile[:s.pileLen] {
		left[k]--
	}
	var lines []string
	for i := 0; i < int(s.n); i++ {
		c := s.ride[i]
		card := ""
		for d := 0; d < r.distinct; d++ {
			if k := int(c)<<4 | d; left[k] > 0 {
				card = " (riding card " + r.text[k] + ")"
				left[k]--
				break
			}
		}
		hand := fmt.Sprintf("%d cards", s.handLen[i])
		if engine.Sees(viewer, i) {
			hand += ": " + s.handText(i)
		}
		lines = append(lines, fmt.Sprintf("seat %d rides %s%s and is dealt %s", i, colourNames[c], card, hand))
	}
	lines = append(lines, fmt.Sprintf("draw pile: %d cards", s.pileLen))
	return append(lines, "track: "+s.trackText()+" (B blue: small scoring, G green: big scoring, S summit)")
}

// trackText writes the board side in play as "1:1 2:2 3:0 4:3B …" (DR-3).
func (s *State) trackText() string {
	r := s.r
	var b strings.Builder
	for p := 1; p <= r.last; p++ {
		if p > 1 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d:%d", p, r.value[p])
		switch r.kind[p] {
		case sqBlue:
			b.WriteByte('B')
		case sqGreen:
			b.WriteByte('G')
		case sqSummit:
			b.WriteByte('S')
		}
	}
	return b.String()
}

// dragonsText lists the dragons from the front of the track to the back (ties in DR-1
// order), each with its square's value and mark and its rider, five to a line.
func (s *State) dragonsText() string {
	r := s.r
	order := make([]int, NumDragons)
	for c := range order {
		order[c] = c
	}
	slices.SortStableFunc(order, func(a, b int) int { return int(s.pos[b]) - int(s.pos[a]) })
	var b strings.Builder
	b.WriteString("dragons, front first (position [square value]):")
	for i, c := range order {
		if i%5 == 0 {
			b.WriteString("\n  ")
		} else {
			b.WriteString(", ")
		}
		p := s.pos[c]
		fmt.Fprintf(&b, "%s %d [%d%s]", colourNames[c], p, r.value[p], kindName(r.kind[p]))
		if s.rider[c] >= 0 {
			fmt.Fprintf(&b, " seat %d", s.rider[c])
		}
	}
	return b.String()
}

// handText lists seat's hand: "red 3, black 4".
func (s *State) handText(seat int) string {
	var parts []string
	for _, k := range s.hand[seat][:s.handLen[seat]] {
		parts = append(parts, s.r.text[k])
	}
	if parts == nil {
		return "-"
	}
	return strings.Join(parts, ", ")
}

func kindName(k uint8) string {
	switch k {
	case sqBlue:
		return ", blue"
	case sqGreen:
		return ", green"
	case sqSummit:
		return ", summit"
	}
	return ""
}

// Describe prints the whole state (every hand) for traces.
func (s *State) Describe() string { return s.DescribeView(engine.Omniscient) }

// DescribeView prints the state as viewer sees it (DR-15): the board, riders, scores, pile
// size, and the hands it may see (every hand for the omniscient viewer, its own for a
// seat, the others' sizes).
func (s *State) DescribeView(viewer int) string {
	var b strings.Builder
	b.WriteString(s.dragonsText())
	for i := 0; i < int(s.n); i++ {
		fmt.Fprintf(&b, "\nseat %d: score %d, rides %s, ", i, s.score[i], colourNames[s.ride[i]])
		if engine.Sees(viewer, i) {
			h := s.handText(i)
			if s.handLen[i] == 0 {
				h = ""
			}
			fmt.Fprintf(&b, "hand [%s]", h)
		} else {
			fmt.Fprintf(&b, "hand %d cards", s.handLen[i])
		}
	}
	fmt.Fprintf(&b, "\npile %d, discarded %d", s.pileLen, s.discards)
	switch s.phase {
	case phOver:
		b.WriteString(", game over")
	case phDiscard:
		fmt.Fprintf(&b, ", seat %d may discard summit cards", s.toMove)
	default:
		fmt.Fprintf(&b, ", seat %d to play", s.toMove)
	}
	return b.String()
}
