package redhot

import "dragonlab/engine"

// The secret choice of RH-9 is a round of secret simultaneous choices (engine.Simultaneous):
// every seat still in chooses, and the choices are revealed together.
var _ engine.Simultaneous = (*State)(nil)

// chooser is the seat asked k-th for its secret choice (RH-9): the seats still in, from the
// round's first player, or in the reverse order with secretOrder reverse.
func (s *State) chooser(k uint8) uint8 {
	if s.r.reverse {
		return s.seq[s.nSeq-1-k]
	}
	return s.seq[k]
}

// SecretRound reports the round of secret choices in progress (RH-9): its choosers are
// the seats still in, and those that have chosen are pending until the reveal.
func (s *State) SecretRound() (seats, chosen uint32, ok bool) {
	if s.phase != phaseChoose {
		return 0, 0, false
	}
	for _, seat := range s.seq[:s.nSeq] {
		seats |= 1 << seat
	}
	return seats, uint32(s.chosen), true
}

// RewindRound takes back the pending secret choices of the round (RH-9): nobody has
// chosen, and the first chooser is to move.
func (s *State) RewindRound() {
	if s.phase != phaseChoose || s.chosen == 0 {
		return
	}
	for _, seat := range s.seq[:s.nSeq] {
		s.adv[seat], s.item[seat] = noAdv, noItem
	}
	s.chosen, s.step = 0, 0
	s.toMove = s.chooser(0)
}
