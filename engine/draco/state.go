package draco

import (
	"math/bits"

	"dragonlab/engine"
)

// Phases of the state machine.
const (
	phPlay    uint8 = iota // the seat to move plays a card (DR-7, DR-8)
	phDiscard              // the seat to move may discard summit cards before drawing (DR-11)
	phOver                 // the game has ended (DR-12, DR-13)
)

// Action packing: bits 0-7 the card kind (colour<<4 | index of the value among the distinct
// card values), bits 8-9 the DR-8 choice, bit 10 a discard, bit 11 "done".
const (
	optRide    engine.Action = 1 << 8
	optStay    engine.Action = 2 << 8
	actDiscard engine.Action = 1 << 10
	actDone    engine.Action = 1 << 11
	kindMask   engine.Action = 0xFF
)

// State is one game of Draco: a fixed-size value (copy = assignment).
//
// A card is its kind (colour<<4 | value index). Hands are kept sorted by kind, which is the
// canonical order of DR-18. The draw pile is a multiset: a draw takes a uniformly random card
// of it with the state's RNG, which is the same as drawing the top of a shuffled pile and
// lets Reseed/Determinize change everything still to be drawn.
type State struct {
	r        *rules
	rng      engine.RNG
	n        uint8
	toMove   uint8
	phase    uint8
	pileLen  uint8
	discards uint8                      // cards discarded under DR-11 (public)
	onSummit uint16                     // bit c: dragon c has reached the summit
	lastMask uint16                     // bit c: dragon c is in last place (ties included)
	freeMask uint16                     // bit c: nobody rides dragon c
	pos      [NumDragons]uint8          // DR-4 position of each dragon (0 = start)
	rider    [NumDragons]int8           // seat riding each dragon, -1 = free (DR-6)
	ride     [MaxPlayers]uint8          // dragon ridden by each seat (DR-6)
	stack    [MaxPlayers]uint8          // cards in front of each seat: the riding card and every card it played
	handLen  [MaxPlayers]uint8          //
	score    [MaxPlayers]int16          // DR-9 scores (may be negative)
	hand     [MaxPlayers][MaxHand]uint8 // sorted by kind
	pile     [MaxCards]uint8            // the draw pile (unordered)
	trk      tracks                     // component records (engine.Tracker, track.go)
	sub      subst                      // the opening-hand change asked for (engine.Substituter, substitute.go)
	ch       engine.Chance              // the pending chance event (engine.ChanceEvents, chance.go)
}

// New builds a state for validated params and a player count; call Reset to deal.
func New(p *Params, players int) (*State, error) {
	r, err := compile(p, players)
	if err != nil {
		return nil, err
	}
	s := &State{r: r, n: uint8(players)}
	s.Reset(0)
	return s, nil
}

// Name is the name the game is registered under.
const Name = "draco"

// GameName is the registered name of the game (engine.Namer).
func (s *State) GameName() string { return Name }

// Players is the number of seats.
func (s *State) Players() int { return int(s.n) }

// ToMove is the seat that decides now.
func (s *State) ToMove() int { return int(s.toMove) }

// Terminal reports whether the game is over.
func (s *State) Terminal() bool { return s.phase == phOver }

// Reset deals a new game from seed (DR-4, DR-5).
func (s *State) Reset(seed uint64) {
	r := s.r
	n := int(s.n)
	s.rng.Seed(seed)
	s.toMove, s.phase, s.discards, s.onSummit = 0, phPlay, 0, 0
	if s.trk.on { // off, the records are zero already (SetTracking)
		s.trk.bits = [MaxPlayers][numEvents]uint64{}
	}
	for c := range s.pos {
		s.pos[c] = 0
		s.rider[c] = -1
	}
	// DR-5: n different colours at random, and a random card of each as the riding card.
	var cols [NumDragons]uint8
	for c := range cols {
		cols[c] = uint8(c)
	}
	copy(s.pile[:r.deckLen], r.deck[:r.deckLen])
	s.pileLen = uint8(r.deckLen)
	if s.ch.Hook != nil {
		s.emptyTable()
	}
	var idx [MaxPlayers]int
	for i := 0; i < n; i++ {
		s.ch.Before(s, chRider, i)
		j := i + s.rng.IntN(NumDragons-i)
		cols[i], cols[j] = cols[j], cols[i]
		idx[i] = int(cols[i])*r.perColour + s.rng.IntN(r.perColour)
		if s.ch.Hook != nil {
			s.mount(i, r.deck[idx[i]])
			s.ch.After(s)
		}
	}
	if s.ch.Hook != nil { // mount took the riding cards out in another order
		copy(s.pile[:r.deckLen], r.deck[:r.deckLen])
		s.pileLen = uint8(r.deckLen)
	}
	// Take the riding cards out of the deck, highest index first so that swap-removal
	// never moves a card that is still to be taken.
	for i := 1; i < n; i++ {
		for j := i; j > 0 && idx[j] > idx[j-1]; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	for i := 0; i < n; i++ {
		s.pileLen--
		s.pile[idx[i]] = s.pile[s.pileLen]
	}
	for seat := 0; seat < n; seat++ {
		c := cols[seat]
		s.ride[seat] = c
		s.rider[c] = int8(seat)
		s.stack[seat] = 1
		s.score[seat] = r.seatBonus[seat] // starting points (parameter seatBonus)
		s.handLen[seat] = 0
	}
	s.recount()
	for seat := n; seat < MaxPlayers; seat++ {
		s.ride[seat], s.stack[seat], s.score[seat], s.handLen[seat] = 0, 0, 0, 0
	}
	for seat := 0; seat < n; seat++ {
		for k := 0; k < r.handSize; k++ {
			s.draw(seat, chDeal)
		}
	}
	s.sub.applied = false
	if s.sub.delta != 0 {
		s.substitute(seed)
	}
	if s.trk.on {
		s.trackDeal()
	}
}

// Reseed replaces the chance stream (future draws).
func (s *State) Reseed(seed uint64) { s.rng.Seed(seed) }

// draw moves a uniformly random card of the pile (not empty) into seat's sorted hand: a
// chance event of the given kind (the deal or a draw).
func (s *State) draw(seat int, kind uint8) {
	s.ch.Before(s, kind, seat)
	s.take(seat, s.rng.IntN(int(s.pileLen)))
	s.ch.After(s)
}

// take moves the card at index j of the pile into seat's hand.
func (s *State) take(seat, j int) {
	k := s.pile[j]
	s.pileLen--
	s.pile[j] = s.pile[s.pileLen]
	s.insert(seat, k)
	if s.trk.on {
		s.trk.bits[seat][evDrawn] |= valueBit(k)
	}
}

// insert adds card k to seat's hand, keeping it sorted.
func (s *State) insert(seat int, k uint8) {
	h := &s.hand[seat]
	i := int(s.handLen[seat])
	for i > 0 && h[i-1] > k {
		h[i] = h[i-1]
		i--
	}
	h[i] = k
	s.handLen[seat]++
}

// remove takes one card k out of seat's hand (it must be there).
func (s *State) remove(seat int, k uint8) {
	h := &s.hand[seat]
	n := int(s.handLen[seat])
	i := 0
	for i < n && h[i] != k {
		i++
	}
	if i == n {
		panic("draco: card not in hand")
	}
	copy(h[i:n-1], h[i+1:n])
	s.handLen[seat]--
}

// hasSummitCard reports whether seat holds a card whose dragon is on the summit (DR-11).
func (s *State) hasSummitCard(seat int) bool {
	if s.onSummit == 0 {
		return false
	}
	h := &s.hand[seat]
	for i := 0; i < int(s.handLen[seat]); i++ {
		if s.onSummit&(1<<(h[i]>>4)) != 0 {
			return true
		}
	}
	return false
}

// recount recomputes the cached masks from the positions and riders.
func (s *State) recount() {
	low := s.pos[0]
	for _, p := range s.pos[1:] {
		low = min(low, p)
	}
	s.lastMask, s.freeMask = 0, 0
	for c := 0; c < NumDragons; c++ {
		if s.pos[c] == low {
			s.lastMask |= 1 << c
		}
		if s.rider[c] < 0 {
			s.freeMask |= 1 << c
		}
	}
}

// Legal appends the legal actions in canonical order (DR-16..DR-18).
func (s *State) Legal(buf []engine.Action) []engine.Action {
	seat := int(s.toMove)
	h := &s.hand[seat]
	n := int(s.handLen[seat])
	if cap(buf) < 2*n+1 {
		buf = make([]engine.Action, 0, 2*MaxHand+1)
	}
	b := buf[:cap(buf)]
	j := 0
	prev := uint8(0xFF)
	switch s.phase {
	case phPlay:
		// Branch-free: write both candidate actions, advance by 0 (a duplicate card),
		// 1 (a plain play) or 2 (ride and stay).
		// DR-8: a free dragon in last place (ties included) offers ride or stay.
		choice := s.lastMask & s.freeMask
		for i := 0; i < n; i++ {
			k := h[i]
			ch := int(choice>>(k>>4)) & 1
			b[j] = engine.Action(k) | engine.Action(ch)<<8
			b[j+1] = engine.Action(k) | optStay
			step := 1 + ch
			if k == prev {
				step = 0
			}
			j += step
			prev = k
		}
	case phDiscard:
		for i := 0; i < n; i++ {
			k := h[i]
			if k == prev || s.onSummit&(1<<(k>>4)) == 0 {
				continue
			}
			prev = k
			b[j] = actDiscard | engine.Action(k)
			j++
		}
		b[j] = actDone
		j++
	}
	return b[:j]
}

// Apply plays a legal action and runs the turn on to the next decision (DR-7..DR-13).
func (s *State) Apply(a engine.Action) {
	seat := int(s.toMove)
	switch {
	case a&actDone != 0:
		s.refill(seat)
		return
	case a&actDiscard != 0:
		s.remove(seat, uint8(a&kindMask))
		s.discards++
		if s.trk.on {
			s.achieve(seat, achDiscard)
		}
		if !s.hasSummitCard(seat) {
			s.refill(seat)
		}
		return
	}
	r := s.r
	k := uint8(a & kindMask)
	if s.trk.on {
		s.trackPlay(seat, k, a)
	}
	s.remove(seat, k)
	s.stack[seat]++
	// DR-7: move the dragon of the card's colour; it stops on the last summit square.
	c := k >> 4
	before := int(s.pos[c])
	after := before + int(r.cardValue[k&15])
	if after > r.last {
		after = r.last
	}
	s.pos[c] = uint8(after)
	if after != before && s.lastMask&(1<<c) != 0 {
		// It leaves the last place; if it was alone there, find the new last place.
		s.lastMask &^= 1 << c
		if s.lastMask == 0 {
			s.recount()
		}
	}
	// DR-8: a free dragon is ridden from now on, unless the player chose to stay
	// (only offered when it was last before the move).
	if s.rider[c] < 0 && a&optStay == 0 {
		old := s.ride[seat]
		s.rider[old] = -1
		s.rider[c] = int8(seat)
		s.ride[seat] = c
		s.freeMask = s.freeMask&^(1<<c) | 1<<old
	}
	// DR-9: scoring on the moved dragon's square.
	scored := false
	switch r.kind[after] {
	case sqBlue:
		s.scoreSmall()
		scored = true
		if s.trk.on {
			s.achieve(seat, achSmall)
		}
	case sqGreen:
		s.scoreBig()
		scored = true
		if s.trk.on {
			s.achieve(seat, achBig)
		}
	case sqSummit:
		if before < r.summitStart {
			s.onSummit |= 1 << c
			s.scoreBig()
			scored = true
			if s.trk.on {
				s.trk.bits[seat][evAchieved] |= 1<<(compAch+achArrival) | 1<<(compAch+achBig)
			}
			// DR-13: the game ends right after the scoring of the last needed arrival.
			if bits.OnesCount16(s.onSummit) >= r.toEnd {
				s.phase = phOver
				return
			}
		}
	}
	// DR-10: no drawing after a scoring, unless the hand is empty.
	if scored && s.handLen[seat] > 0 {
		s.next(seat)
		return
	}
	// DR-11: optional discards of summit cards before drawing.
	if s.pileLen > 0 && s.hasSummitCard(seat) {
		s.phase = phDiscard
		return
	}
	s.refill(seat)
}

// refill draws seat's hand up to handSize from the pile (DR-10, DR-12), then passes the turn.
func (s *State) refill(seat int) {
	for int(s.handLen[seat]) < s.r.handSize && s.pileLen > 0 {
		s.draw(seat, chDraw)
	}
	s.next(seat)
}

// next gives the turn to the next seat holding a card; the game ends if nobody does (DR-12).
func (s *State) next(seat int) {
	n := int(s.n)
	for i := 1; i <= n; i++ {
		t := seat + i
		if t >= n {
			t -= n
		}
		if s.handLen[t] > 0 {
			s.toMove = uint8(t)
			s.phase = phPlay
			return
		}
	}
	s.phase = phOver
}

// scoreSmall: every player whose dragon stands on a square of value at most smallScoringMax
// adds that value (DR-9).
func (s *State) scoreSmall() {
	r := s.r
	for seat := 0; seat < int(s.n); seat++ {
		if v := r.value[s.pos[s.ride[seat]]]; v <= r.smallMax {
			s.score[seat] += int16(v)
		}
	}
}

// scoreBig: every player adds the value of his dragon's square (DR-9).
func (s *State) scoreBig() {
	r := s.r
	for seat := 0; seat < int(s.n); seat++ {
		s.score[seat] += int16(r.value[s.pos[s.ride[seat]]])
	}
}

// Result: 1/k to each of the k players with the most points (DR-14).
func (s *State) Result(out []float64) {
	n := int(s.n)
	best := s.score[0]
	for i := 1; i < n; i++ {
		best = max(best, s.score[i])
	}
	k := 0
	for i := 0; i < n; i++ {
		if s.score[i] == best {
			k++
		}
	}
	for i := 0; i < n; i++ {
		out[i] = 0
		if s.score[i] == best {
			out[i] = 1 / float64(k)
		}
	}
}

// Score is the seat's points.
func (s *State) Score(seat int) float64 { return float64(s.score[seat]) }

// Determinize re-deals the other seats' hands and the draw pile from the cards observer
// cannot see (DR-15), keeping every hand size, and reseeds the RNG.
//
// It is canonical: the unseen cards are first gathered as a multiset (counts per kind) and
// laid out in kind order, which depends only on what observer sees (the full deck minus
// the played, riding and discarded cards and its own hand), then shuffled by Fisher–Yates
// with the RNG seeded from seed alone, dealt to the hands (kept sorted) and the pile. The
// unused slots of every hand and of the pile are cleared, so that no stale card (a card
// drawn or played earlier) survives: the result is a function of Observe(observer) and seed.
func (s *State) Determinize(observer int, seed uint64) {
	s.rng.Seed(seed)
	r := s.r
	n := int(s.n)
	// Count the unseen cards per kind: the other seats' hands and the pile.
	var count [NumDragons * 16]uint8
	for seat := 0; seat < n; seat++ {
		if seat != observer {
			for _, k := range s.hand[seat][:s.handLen[seat]] {
				count[k]++
			}
		}
	}
	for _, k := range s.pile[:s.pileLen] {
		count[k]++
	}
	// Canonical order: ascending kind.
	var pool [MaxCards]uint8
	m := 0
	for c := 0; c < NumDragons; c++ {
		for d := 0; d < r.distinct; d++ {
			k := uint8(c<<4 | d)
			for i := uint8(0); i < count[k]; i++ {
				pool[m] = k
				m++
			}
		}
	}
	for i := m - 1; i > 0; i-- {
		j := s.rng.IntN(i + 1)
		pool[i], pool[j] = pool[j], pool[i]
	}
	m = 0
	for seat := 0; seat < MaxPlayers; seat++ {
		h := &s.hand[seat]
		if seat == observer {
			clear(h[s.handLen[seat]:])
			continue
		}
		hl := s.handLen[seat]
		s.handLen[seat] = 0
		clear(h[:])
		if seat >= n {
			continue
		}
		for i := uint8(0); i < hl; i++ {
			s.insert(seat, pool[m])
			m++
		}
	}
	copy(s.pile[:s.pileLen], pool[m:])
	clear(s.pile[s.pileLen:])
	// Cached masks are derived from the public board only; recompute them for good measure.
	s.recount()
}

// Observe encodes what seat sees (DR-15): the public board, scores, counts, the cards
// played or discarded so far (per kind), and its own hand.
func (s *State) Observe(seat int, buf []byte) []byte {
	n := int(s.n)
	buf = append(buf, 'D', 'R', s.n, byte(seat), s.phase, s.toMove, s.pileLen, s.discards,
		byte(s.onSummit), byte(s.onSummit>>8))
	buf = append(buf, s.pos[:]...)
	for _, r := range s.rider {
		buf = append(buf, byte(r))
	}
	for i := 0; i < n; i++ {
		buf = append(buf, s.ride[i], s.stack[i], s.handLen[i], byte(s.score[i]), byte(uint16(s.score[i])>>8))
	}
	buf = append(buf, s.hand[seat][:s.handLen[seat]]...)
	// Public: every card out of the hands and the pile (played, riding or discarded).
	var hidden [NumDragons * 16]uint8
	for i := 0; i < n; i++ {
		for _, k := range s.hand[i][:s.handLen[i]] {
			hidden[k]++
		}
	}
	for _, k := range s.pile[:s.pileLen] {
		hidden[k]++
	}
	for c := 0; c < NumDragons; c++ {
		for d := 0; d < s.r.distinct; d++ {
			k := c<<4 | d
			buf = append(buf, s.r.kindCount[k]-hidden[k])
		}
	}
	return buf
}

// CopyFrom makes s a copy of src (a *State of the same game).
func (s *State) CopyFrom(src engine.State) { *s = *src.(*State) }

// Clone returns an independent copy.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// Evaluate is a small greedy-agent bonus: the value of the square under the seat's dragon,
// which is what the next big scoring would pay.
func (s *State) Evaluate(seat int) float64 {
	return 0.25 * float64(s.r.value[s.pos[s.ride[seat]]])
}
