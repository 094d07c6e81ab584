package dragonheart

import (
	"strconv"

	"dragonlab/engine"
)

// Substitutions (engine.Substituter). Each player has his own deck (DH-1), so a seat
// "starts with" its deck: one more copy of a component is one card of that seat's deck,
// drawn uniformly among the cards that are not that component, replaced by the component;
// one fewer is one copy of it, drawn uniformly among the copies, replaced by a copy of a
// card drawn uniformly among the deck's other cards. The deck keeps its 50 cards; the
// change is made in the shuffled pile before the opening hand is drawn (DH-4), so the
// changed card lands where the replaced one lay and everything else — the order of both
// piles, every later draw — is the deal unchanged.
//
// Components: each card type ("troll": a Troll whose value is drawn as a Troll of the deck
// is, i.e. a copy of a uniformly random Troll of the deck), then each card type and value,
// with the names of the Tracker components ("troll 3").
//
// The changed deck is public, as a deck list is: both seats' views (Observe) name the card
// added and the card taken out, and Determinize deals the opponent's hidden cards from his
// actual, changed deck.
type subst struct {
	seat    int8
	comp    uint8
	delta   int8
	applied bool
	added   uint8 // card codes of the change (for Observe)
	removed uint8
}

// subRules are the substitution tables compiled with the rules.
type subRules struct {
	names []string
	typ   []int8 // card type of each component
	vi    []int8 // value index, or -1 for a whole type
}

func (r *rules) buildSubstitution() {
	for t := 0; t < numTypes; t++ {
		r.sub.names = append(r.sub.names, typeWords[t])
		r.sub.typ = append(r.sub.typ, int8(t))
		r.sub.vi = append(r.sub.vi, -1)
	}
	for t := 0; t < numTypes; t++ {
		for vi := 0; vi < int(r.nv[t]); vi++ {
			r.sub.names = append(r.sub.names, typeWords[t]+" "+strconv.Itoa(int(r.val[t][vi])))
			r.sub.typ = append(r.sub.typ, int8(t))
			r.sub.vi = append(r.sub.vi, int8(vi))
		}
	}
	// A type the deck does not hold cannot be added as "a card of that type of the deck".
	for c := len(r.sub.names) - 1; c >= 0; c-- {
		if r.sub.vi[c] < 0 && r.typeCount(int(r.sub.typ[c])) == 0 {
			r.sub.names = append(r.sub.names[:c], r.sub.names[c+1:]...)
			r.sub.typ = append(r.sub.typ[:c], r.sub.typ[c+1:]...)
			r.sub.vi = append(r.sub.vi[:c], r.sub.vi[c+1:]...)
		}
	}
}

func (r *rules) typeCount(t int) int {
	n := 0
	for vi := 0; vi < int(r.nv[t]); vi++ {
		n += int(r.count[t][vi])
	}
	return n
}

var _ engine.Substituter = (*State)(nil)

// Substitutes names the card types, then the cards (type and value).
func (s *State) Substitutes() []string { return s.r.sub.names }

// SetSubstitution changes seat's deck at every following Reset (see subst).
func (s *State) SetSubstitution(seat, c, delta int) {
	if delta == 0 || seat < 0 || seat > 1 || c < 0 || c >= len(s.r.sub.names) {
		s.sub = subst{}
		return
	}
	s.sub = subst{seat: int8(seat), comp: uint8(c), delta: int8(max(-1, min(1, delta)))}
}

// Substituted reports whether the last Reset changed the seat's deck.
func (s *State) Substituted() bool { return s.sub.applied }

// substitute changes the seat's shuffled pile (Reset, before the opening hands).
func (s *State) substitute(seed uint64) {
	r := s.r
	rng := engine.SubstitutionRNG(seed)
	p := int(s.sub.seat)
	pile := s.pile[p][:s.pileN[p]]
	t, vi := int(r.sub.typ[s.sub.comp]), int(r.sub.vi[s.sub.comp])
	is := func(c uint8) bool { return cardType(c) == t && (vi < 0 || cardVI(c) == vi) }
	nx := 0
	for _, c := range pile {
		if is(c) {
			nx++
		}
	}
	no := len(pile) - nx
	// nth returns the position of the k-th card (0-based) that is (want) or is not X.
	nth := func(k int, want bool) int {
		for i, c := range pile {
			if is(c) == want {
				if k == 0 {
					return i
				}
				k--
			}
		}
		panic("dragonheart: substitution out of range")
	}
	var pos int
	var card uint8
	if s.sub.delta > 0 {
		if no == 0 {
			return
		}
		pos = nth(rng.IntN(no), false)
		if vi >= 0 {
			card = cardCode(t, vi)
		} else { // a Troll as the deck's Trolls are: a uniform one of them
			k := rng.IntN(r.typeCount(t))
			for v := 0; ; v++ {
				if k < int(r.count[t][v]) {
					card = cardCode(t, v)
					break
				}
				k -= int(r.count[t][v])
			}
		}
	} else {
		if nx == 0 || no == 0 {
			return
		}
		pos = nth(rng.IntN(nx), true)
		card = pile[nth(rng.IntN(no), false)]
	}
	s.sub.added, s.sub.removed = card, pile[pos]
	pile[pos] = card
	s.sub.applied = true
}
