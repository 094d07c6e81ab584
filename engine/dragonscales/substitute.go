package dragonscales

import "dragonlab/engine"

// Substitutions (engine.Substituter), in the two-player game only: there each player
// "starts with" his own face-down pile (DS-15: half the red deck, one Joker, half the blue
// deck). One more copy of a card kind is one card of the seat's shuffled pile, drawn
// uniformly among those of the other kinds, replaced by a copy of a card of that kind
// drawn uniformly from the whole game (a red card, a blue card, a Joker); one fewer is one
// card of that kind in the pile, drawn uniformly among them, replaced by a copy of one of
// the pile's other cards, drawn uniformly. The pile keeps its size and order, and the
// opponent's pile, every later shuffle and every combat's chance are the unchanged
// deal's. The changed card is the seat's as long as its pile is: when both piles are used
// up the players exchange them (DS-19), and the copy goes on to the opponent, as the
// rules say.
//
// Components: "joker", "red card", "blue card", as the Tracker names them. The solitaire
// and the three-player game give the seats nothing of their own to start with (the
// solitaire's cards are the game's, the three players share the piles and win cards from
// them), so they name none: their difficulty is in their levers (soloJokers, trioTarget).
//
// A copy is its own card id (nCards + the id of the card copied), so that every set of
// card ids (Observe, Determinize) stays exact; copies exist when 2·nCards ≤ 128 (the
// default 38 cards), otherwise the game names no component. Before the first exchange a
// player sees of the piles only how many cards of each kind they hold (DS-22): an
// opponent's determinization deals the unseen cards of each kind anew, as ever, now from a
// pool that holds the copy.
type subst struct {
	seat    int8
	comp    uint8
	delta   int8
	applied bool
}

// subKinds are the card kinds of the components, in the order of their names.
var subKinds = [...]uint8{tJoker, tRed, tBlue}

// copies reports whether the card ids have room for a copy of every card.
func (r *rules) copies() bool { return r.players == 2 && 2*r.nCards <= maxIDs }

// ids is the number of card ids in use: the cards, and their copies when there are.
func (r *rules) ids() int {
	if r.copies() {
		return 2 * r.nCards
	}
	return r.nCards
}

var _ engine.Substituter = (*State)(nil)

// Substitutes names the Joker and the red and blue cards (two players), or nothing.
func (s *State) Substitutes() []string {
	if !s.r.copies() {
		return nil
	}
	return s.r.trk.names[compJoker : compBlue+1]
}

// SetSubstitution changes seat's pile at every following Reset (see subst).
func (s *State) SetSubstitution(seat, c, delta int) {
	if delta == 0 || !s.r.copies() || seat < 0 || seat > 1 || c < 0 || c >= len(subKinds) {
		s.sub = subst{}
		return
	}
	s.sub = subst{seat: int8(seat), comp: uint8(c), delta: int8(max(-1, min(1, delta)))}
}

// Substituted reports whether the last Reset changed the seat's pile.
func (s *State) Substituted() bool { return s.sub.applied }

// substitute changes one card of the seat's shuffled pile (deal, before any hand is
// drawn).
func (s *State) substitute(seed uint64) {
	r := s.r
	rng := engine.SubstitutionRNG(seed)
	p := &s.piles[s.sub.seat]
	kind := subKinds[s.sub.comp]
	cards := p.c[:p.n]
	nx := 0
	for _, c := range cards {
		if r.typ[c] == kind {
			nx++
		}
	}
	no := len(cards) - nx
	// nth is the position of the k-th card (0-based) of the kind (want) or of another.
	nth := func(k int, want bool) int {
		for i, c := range cards {
			if (r.typ[c] == kind) == want {
				if k == 0 {
					return i
				}
				k--
			}
		}
		panic("dragonscales: substitution out of range")
	}
	var pos int
	var card uint8
	if s.sub.delta > 0 {
		if no == 0 {
			return
		}
		pos = nth(rng.IntN(no), false)
		n := 0 // the game's cards of the kind
		for c := 0; c < r.nCards; c++ {
			if r.typ[c] == kind {
				n++
			}
		}
		k := rng.IntN(n)
		for c := 0; c < r.nCards; c++ {
			if r.typ[c] == kind {
				if k == 0 {
					card = uint8(c)
					break
				}
				k--
			}
		}
	} else {
		if nx == 0 || no == 0 {
			return
		}
		pos = nth(rng.IntN(nx), true)
		card = cards[nth(rng.IntN(no), false)]
	}
	cards[pos] = uint8(r.nCards) + card
	s.sub.applied = true
}
