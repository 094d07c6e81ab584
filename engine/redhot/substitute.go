package redhot

import "dragonlab/engine"

// Substitutions (engine.Substituter). Every player starts with the same team of four
// adventurers (RH-2) and the same seven magic items (RH-3), all public; a seat "starts
// with" its team and its items:
//
//   - one more copy of an item (the stone included) is a second copy of it in place of one
//     of the seat's six other items, drawn uniformly (that item is missing from the start);
//     one fewer is the item missing, and a second copy of one of the six others, drawn
//     uniformly, in its place. Each copy is used once (RH-9; a stone, RH-8), a seat still
//     plays at most one item a round, and every stone never played adds stoneBonus at the
//     end (RH-16): a seat without a stone gets no bonus.
//   - one more copy of an adventurer is a second one of him in place of one of the three
//     others, drawn uniformly; one fewer is him missing, a second copy of one of the three
//     others in his place. The team stays four; the copies are sent, burned, saved and
//     brought back one at a time (RH-9, RH-14, RH-8), and a seat whose team is empty is out
//     as before (RH-10).
//
// Components: the items, then the adventurers, named as the Tracker names them ("cape",
// "stone", "tough"). The second copies and the missing ones are public (Observe shows
// them), as teams and items are (RH-18).
type subst struct {
	seat    int8
	comp    uint8
	delta   int8
	applied bool
}

var _ engine.Substituter = (*State)(nil)

// Substitutes names the items and the adventurers.
func (s *State) Substitutes() []string { return s.r.trkNames[:nItems+nAdv] }

// SetSubstitution changes seat's items or team at every following Reset (see subst).
func (s *State) SetSubstitution(seat, c, delta int) {
	if delta == 0 || seat < 0 || seat >= int(s.n) || c < 0 || c >= nItems+nAdv {
		s.sub = subst{}
		return
	}
	s.sub = subst{seat: int8(seat), comp: uint8(c), delta: int8(max(-1, min(1, delta)))}
}

// Substituted reports whether the last Reset changed the seat's items or team.
func (s *State) Substituted() bool { return s.sub.applied }

// substitute changes the seat's starting items or team (Reset).
func (s *State) substitute(seed uint64) {
	rng := engine.SubstitutionRNG(seed)
	seat, c := s.sub.seat, s.sub.comp
	n := uint8(nItems)
	if c >= nItems {
		c -= nItems
		n = nAdv
	}
	other := uint8(rng.IntN(int(n) - 1)) // one of the n-1 others, uniformly
	if other >= c {
		other++
	}
	more, less := c, other // the component doubled, the one missing
	if s.sub.delta < 0 {
		more, less = other, c
	}
	if n == nItems {
		s.spare[seat] |= 1 << more
		s.used[seat] |= 1 << less
	} else {
		s.team2[seat] |= 1 << more
		s.team[seat] &^= 1 << less
	}
	s.sub.applied = true
}

// sendAdv takes one copy of adventurer a out of seat's team (RH-9).
func (s *State) sendAdv(seat, a uint8) {
	if s.team2[seat]&(1<<a) != 0 {
		s.team2[seat] &^= 1 << a
		return
	}
	s.team[seat] &^= 1 << a
}

// backAdv puts one copy of adventurer a back into seat's team (RH-14, RH-15, RH-8).
func (s *State) backAdv(seat, a uint8) {
	if s.team[seat]&(1<<a) != 0 {
		s.team2[seat] |= 1 << a
		return
	}
	s.team[seat] |= 1 << a
}

// burnAdv puts one copy of adventurer a into seat's Hall of Flame (RH-14).
func (s *State) burnAdv(seat, a uint8) {
	if s.hall[seat]&(1<<a) != 0 {
		s.hall2[seat] |= 1 << a
		return
	}
	s.hall[seat] |= 1 << a
}

// unburnAdv takes one copy of adventurer a out of seat's Hall of Flame (RH-8).
func (s *State) unburnAdv(seat, a uint8) {
	if s.hall2[seat]&(1<<a) != 0 {
		s.hall2[seat] &^= 1 << a
		return
	}
	s.hall[seat] &^= 1 << a
}

// spend uses one copy of item it (RH-8, RH-9).
func (s *State) spend(seat, it uint8) {
	if s.spare[seat]&(1<<it) != 0 {
		s.spare[seat] &^= 1 << it
		return
	}
	s.used[seat] |= 1 << it
}

// stones is the number of Destiny stones seat has not played (RH-16).
func (s *State) stones(seat uint8) int {
	n := 0
	if s.used[seat]&stoneBit == 0 {
		n++
	}
	if s.spare[seat]&stoneBit != 0 {
		n++
	}
	return n
}
