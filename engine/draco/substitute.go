package draco

import "dragonlab/engine"

// Substitutions (engine.Substituter). The players share one deck (DR-2), so a seat
// "starts with" its opening hand (DR-5): one more card of a value is one card of the
// seat's opening hand, drawn uniformly among those of another value, swapped with a card
// of that value drawn uniformly from the draw pile; one fewer is one card of that value in
// the hand, drawn uniformly among them, swapped with a card of another value drawn
// uniformly from the pile. The deck is unchanged (a swap), so nobody can tell: it is a
// deal the seat was lucky (or unlucky) to get, and everything else — the other hands, the
// riders, every later draw from the pile — is the unchanged deal's. One fewer of a value
// the hand does not hold changes nothing (Substituted is then false).
//
// Components: the card values, named as the Tracker names them ("card 5"); the colour of
// the card swapped in is the one the pile gives.
type subst struct {
	seat    int8
	comp    int8 // value index
	delta   int8
	applied bool
}

var _ engine.Substituter = (*State)(nil)

// Substitutes names the card values ("card 1" … "card 5").
func (s *State) Substitutes() []string { return s.r.trk.names[compValue:] }

// SetSubstitution changes seat's opening hand at every following Reset (see subst).
func (s *State) SetSubstitution(seat, c, delta int) {
	if delta == 0 || seat < 0 || seat >= int(s.n) || c < 0 || c >= s.r.distinct {
		s.sub = subst{}
		return
	}
	s.sub = subst{seat: int8(seat), comp: int8(c), delta: int8(max(-1, min(1, delta)))}
}

// Substituted reports whether the last Reset changed the seat's opening hand.
func (s *State) Substituted() bool { return s.sub.applied }

// substitute swaps one card of the seat's opening hand with one of the pile (Reset).
func (s *State) substitute(seed uint64) {
	s.sub.applied = false
	rng := engine.SubstitutionRNG(seed)
	seat, d := int(s.sub.seat), uint8(s.sub.comp)
	more := s.sub.delta > 0
	// From the hand: a card of another value (one more), of that value (one fewer).
	h := s.hand[seat][:s.handLen[seat]]
	nh := 0
	for _, k := range h {
		if (k&15 == d) != more {
			nh++
		}
	}
	// From the pile: a card of that value (one more), of another value (one fewer).
	np := 0
	for _, k := range s.pile[:s.pileLen] {
		if (k&15 == d) == more {
			np++
		}
	}
	if nh == 0 || np == 0 {
		return
	}
	i, j := rng.IntN(nh), rng.IntN(np)
	var out uint8
	for _, k := range h {
		if (k&15 == d) != more {
			if i == 0 {
				out = k
				break
			}
			i--
		}
	}
	for p, k := range s.pile[:s.pileLen] {
		if (k&15 == d) == more {
			if j == 0 {
				s.remove(seat, out)
				s.insert(seat, k)
				s.pile[p] = out
				break
			}
			j--
		}
	}
	if s.trk.on { // the deal's records (turned into "dealt" by trackDeal) follow the hand
		b := &s.trk.bits[seat][evDrawn]
		*b = 0
		for _, k := range s.hand[seat][:s.handLen[seat]] {
			*b |= valueBit(k)
		}
	}
	s.sub.applied = true
}
