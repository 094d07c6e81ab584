package draco

import "dragonlab/engine"

var _ engine.CardPlay = (*State)(nil)

// outCounts writes the number of each kind of card out of the hands and the pile (played,
// riding or discarded: public, DR-15). It reads the hidden cards only as a total per kind,
// which the deck and the public cards fix.
func (s *State) outCounts(out *[NumDragons * 16]uint8) {
	*out = s.r.kindCount
	for i := 0; i < int(s.n); i++ {
		for _, k := range s.hand[i][:s.handLen[i]] {
			out[k]--
		}
	}
	for _, k := range s.pile[:s.pileLen] {
		out[k]--
	}
}

// LastPlay reports the one card played between before and s (engine.CardPlay). It checks
// only public facts (DR-15): before's seat to move was to play a card (DR-7), that seat's
// stack grew by one and every other stack is unchanged, no card was discarded (DR-11), no
// dragon moved back, and exactly one card more is out of the hands and the pile.
func (s *State) LastPlay(before engine.State) (seat int, kind uint8, drew int, ok bool) {
	b, is := before.(*State)
	if !is || b.n != s.n || b.r != s.r || b.phase != phPlay || s.discards != b.discards {
		return 0, 0, 0, false
	}
	seat = int(b.toMove)
	for i := 0; i < int(s.n); i++ {
		want := b.stack[i]
		if i == seat {
			want++
		}
		if s.stack[i] != want {
			return 0, 0, 0, false
		}
	}
	for c := range s.pos {
		if s.pos[c] < b.pos[c] {
			return 0, 0, 0, false
		}
	}
	var now, then [NumDragons * 16]uint8
	s.outCounts(&now)
	b.outCounts(&then)
	found := false
	for k := range now {
		switch d := int(now[k]) - int(then[k]); {
		case d == 0:
		case d == 1 && !found:
			kind, found = uint8(k), true
		default:
			return 0, 0, 0, false
		}
	}
	drew = int(s.handLen[seat]) - (int(b.handLen[seat]) - 1)
	if !found || drew < 0 {
		return 0, 0, 0, false
	}
	return seat, kind, drew, true
}

// Hand appends seat's hand (sorted kinds) to buf (engine.CardPlay).
func (s *State) Hand(seat int, buf []uint8) []uint8 {
	return append(buf, s.hand[seat][:s.handLen[seat]]...)
}

// SetHand replaces seat's hand by kinds, kept sorted (engine.CardPlay): a scratch world.
func (s *State) SetHand(seat int, kinds []uint8) {
	s.handLen[seat] = 0
	for _, k := range kinds[:min(len(kinds), MaxHand)] {
		s.insert(seat, k)
	}
}

// PlayKind is the kind of card a plays (DR-16), false for a discard or done (DR-17).
func (s *State) PlayKind(a engine.Action) (uint8, bool) {
	if a&(actDiscard|actDone) != 0 {
		return 0, false
	}
	return uint8(a & kindMask), true
}
