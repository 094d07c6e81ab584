package draco

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"dragonlab/engine"
)

// ActionText is the spec's text form (DR-16, DR-17): "red 3", "black 4 ride",
// "black 4 stay", "discard red 2", "done".
func (s *State) ActionText(a engine.Action) string {
	if a == actDone {
		return "done"
	}
	k := int(a & kindMask)
	if k>>4 >= NumDragons || k&15 >= s.r.distinct || a&^(kindMask|optRide|optStay|actDiscard) != 0 {
		return "invalid#" + strconv.Itoa(int(a))
	}
	t := s.r.text[k]
	switch {
	case a&actDiscard != 0:
		return "discard " + t
	case a&(optRide|optStay) == optRide:
		return t + " ride"
	case a&(optRide|optStay) == optStay:
		return t + " stay"
	}
	return t
}

// ParseAction finds the legal action whose text is text (for tests and tools).
func (s *State) ParseAction(text string) (engine.Action, error) {
	var buf [64]engine.Action
	for _, a := range s.Legal(buf[:0]) {
		if s.ActionText(a) == text {
			return a, nil
		}
	}
	return 0, fmt.Errorf("%q is not a legal action now", text)
}

// Narrate describes what applying a to before produced: the move, a change of dragon,
// scorings, summit arrivals, discards, draws and the end of the game.
func (s *State) Narrate(before engine.State, a engine.Action) []string {
	b, ok := before.(*State)
	if !ok {
		return nil
	}
	r := s.r
	seat := int(b.toMove)
	var lines []string
	switch {
	case a == actDone:
		lines = append(lines, fmt.Sprintf("seat %d keeps its summit cards", seat))
	case a&actDiscard != 0:
		lines = append(lines, fmt.Sprintf("seat %d discards %s", seat, r.text[a&kindMask]))
	default:
		k := uint8(a & kindMask)
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
		lines = append(lines, fmt.Sprintf("seat %d draws %d card(s), %d left in the pile", seat, d, s.pileLen))
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
	} else if s.phase == phPlay && s.toMove != b.toMove {
		for t := (seat + 1) % int(s.n); t != int(s.toMove); t = (t + 1) % int(s.n) {
			lines = append(lines, fmt.Sprintf("seat %d has no card and is skipped", t))
		}
	}
	return lines
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

// Describe prints the state for traces.
func (s *State) Describe() string {
	var b strings.Builder
	b.WriteString("dragons:")
	for c := 0; c < NumDragons; c++ {
		fmt.Fprintf(&b, " %s=%d", colourNames[c], s.pos[c])
		if s.rider[c] >= 0 {
			fmt.Fprintf(&b, "(seat %d)", s.rider[c])
		}
	}
	for i := 0; i < int(s.n); i++ {
		fmt.Fprintf(&b, "\nseat %d: score %d, rides %s, hand [", i, s.score[i], colourNames[s.ride[i]])
		for j, k := range s.hand[i][:s.handLen[i]] {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(s.r.text[k])
		}
		b.WriteString("]")
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
