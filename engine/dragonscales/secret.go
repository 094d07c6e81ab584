package dragonscales

import (
	"math/bits"

	"dragonlab/engine"
)

// The throws of the three-player game (DS-11) and the hand variant's card choice (DS-16)
// are rounds of secret simultaneous choices (engine.Simultaneous): every seat in the
// round chooses, and the choices are revealed together.
var _ engine.Simultaneous = (*State)(nil)

// firstChooser is the seat asked first in a round of secret choices: the lowest seat in
// the throw (three players) or seat 0 (two players), the highest or seat 1 with
// secretOrder reverse.
func (s *State) firstChooser() uint8 {
	in := s.roundSeats()
	if s.r.reverse {
		return uint8(7 - bits.LeadingZeros8(in))
	}
	return uint8(bits.TrailingZeros8(in))
}

// nextGesturer is the seat of the throw asked after the seat to move, if any (DS-11).
func (s *State) nextGesturer() (uint8, bool) {
	rest := s.rpsIn >> (s.toMove + 1) << (s.toMove + 1) // seats after it
	if s.r.reverse {
		rest = s.rpsIn & (1<<s.toMove - 1) // seats before it
		if rest == 0 {
			return 0, false
		}
		return uint8(7 - bits.LeadingZeros8(rest)), true
	}
	if rest == 0 {
		return 0, false
	}
	return uint8(bits.TrailingZeros8(rest)), true
}

// roundSeats is the set of the choosers of the round: the seats in the throw (three
// players), both seats (two players).
func (s *State) roundSeats() uint8 {
	if s.r.players == 3 {
		return s.rpsIn
	}
	return 0b11
}

// SecretRound reports the round of secret choices in progress: a throw (DS-11) or the
// hand variant's card choice (DS-16); the seats that have chosen are pending until the
// reveal.
func (s *State) SecretRound() (seats, chosen uint32, ok bool) {
	switch s.phase {
	case phGesture:
		for in := s.rpsIn; in != 0; in &= in - 1 {
			if seat := bits.TrailingZeros8(in); s.gest[seat] != noGesture {
				chosen |= 1 << seat
			}
		}
		return uint32(s.rpsIn), chosen, true
	case phPlay:
		for seat, i := range s.sel {
			if i >= 0 {
				chosen |= 1 << seat
			}
		}
		return 0b11, chosen, true
	}
	return 0, 0, false
}

// RewindRound takes back the pending secret choices of the round: nobody has chosen, and
// the first chooser is to move.
func (s *State) RewindRound() {
	switch s.phase {
	case phGesture:
		s.gest = [3]uint8{noGesture, noGesture, noGesture}
	case phPlay:
		s.sel = [2]int8{-1, -1}
	default:
		return
	}
	s.toMove = s.firstChooser()
}
