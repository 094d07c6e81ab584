package dragonheart

import (
	"math/bits"

	"dragonlab/engine"
)

// counts is a multiset of cards: the number of cards of each (type, value index).
type counts [numTypes][maxVals]uint8

// noOwner marks the Dragon figurine as owned by nobody (DH-3).
const noOwner = -1

// State is one game of Dragonheart. Copying it (a plain assignment) gives an independent
// game; its only pointer is to the immutable compiled rules.
type State struct {
	r   *rules
	rng engine.RNG

	hand  [2]counts
	typeN [2][numTypes]uint8 // cards in hand of each type
	handN [2]uint8
	types [2]uint16           // bit t set when the hand holds a card of type t
	row   [2][numTypes]uint16 // index of each hand row in the rules' Legal tables

	pile     [2][maxDeck]uint8 // draw piles, top = pile[p][pileN[p]-1]
	pileN    [2]uint8
	knownTop [2]uint8 // card code+1 of a DH-14 card on top of p's pile (known to p only), 0 if none

	board    counts // every space of the board (DH-2)
	boardN   [numTypes]uint8
	boardSum [numTypes]int32
	hold     counts // the ship's hold (heroes and dragon slayers)
	holdN    uint8
	holdSum  int32
	score    [2]counts // score piles (DH-9)
	scoreSum [2]int32
	sailed   [maxVals]uint8 // ship cards of the sailed voyages
	voyages  uint8

	fig       int8 // owner of the Dragon figurine, noOwner at the start
	toMove    uint8
	turn      uint16
	lastDrawn [2]bool // DH-16: p has drawn the last card of his pile
	finalTurn bool    // the turn being played is the last of the game (DH-15, DH-16, DH-17)
	voyaged   bool    // a voyage was completed in the turn being played
	terminal  bool

	trk tracks        // component records (engine.Tracker, track.go)
	sub subst         // the deck change asked for (engine.Substituter, substitute.go)
	ch  engine.Chance // the pending chance event, for an observer (engine.ChanceEvents, chance.go)
}

var _ engine.State = (*State)(nil)

// Name is the name the game is registered under.
const Name = "dragonheart"

// GameName is the registered name of the game (engine.Namer).
func (s *State) GameName() string { return Name }

// Players is always 2.
func (s *State) Players() int { return 2 }

// ToMove is the seat to play.
func (s *State) ToMove() int { return int(s.toMove) }

// Terminal reports whether the game is over.
func (s *State) Terminal() bool { return s.terminal }

// Reset deals a new game from seed (DH-3, DH-4).
func (s *State) Reset(seed uint64) {
	r, on, h, sub := s.r, s.trk.on, s.ch.Hook, s.sub
	*s = State{r: r, fig: noOwner}
	s.trk.on, s.ch.Hook = on, h
	s.rng.Seed(seed)
	for p := 0; p < 2; p++ {
		copy(s.pile[p][:r.deckN], r.deck[:r.deckN])
		s.pileN[p] = uint8(r.deckN)
		s.shuffle(s.pile[p][:r.deckN])
	}
	if sub.delta != 0 {
		s.sub = subst{seat: sub.seat, comp: sub.comp, delta: sub.delta}
		s.substitute(seed)
	}
	for p := 0; p < 2; p++ {
		s.refill(p, chDeal)
	}
	if s.trk.on {
		s.trackDeal()
	}
}

// Reseed replaces the chance stream.
func (s *State) Reseed(seed uint64) { s.rng.Seed(seed) }

// CopyFrom makes s a copy of src.
func (s *State) CopyFrom(src engine.State) { *s = *src.(*State) }

// Clone returns an independent copy.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// shuffle permutes a uniformly (Fisher–Yates), drawing two bounded numbers per 64 random
// bits (Lemire's method on 32-bit halves, with rejection, so exactly uniform).
func (s *State) shuffle(a []uint8) {
	i := len(a) - 1
	for i > 0 {
		x := s.rng.Uint64()
		if j, ok := bounded(uint32(x), uint32(i+1)); ok {
			a[i], a[j] = a[j], a[i]
			i--
		}
		if i > 0 {
			if j, ok := bounded(uint32(x>>32), uint32(i+1)); ok {
				a[i], a[j] = a[j], a[i]
				i--
			}
		}
	}
}

func bounded(x, n uint32) (uint32, bool) {
	m := uint64(x) * uint64(n)
	if lo := uint32(m); lo < n && lo < -n%n {
		return 0, false
	}
	return uint32(m >> 32), true
}

// Score is the seat's fame: its score pile plus the figurine bonus (DH-19), plus the seat's
// starting points (parameter seatBonus).
func (s *State) Score(seat int) float64 { return float64(s.score32(seat)) }

func (s *State) score32(seat int) int32 {
	v := s.scoreSum[seat] + s.r.seatBonus[seat] // seatBonus: starting points
	if int(s.fig) == seat {
		v += s.r.dragonBonus
	}
	return v
}

// Result: the higher score wins; a tie goes to the figurine owner, or is a draw if nobody
// owns it or tieBreakFigurine is false (DH-20).
func (s *State) Result(out []float64) {
	a, b := s.score32(0), s.score32(1)
	w := -1
	switch {
	case a > b:
		w = 0
	case b > a:
		w = 1
	case s.r.tieBreak && s.fig != noOwner:
		w = int(s.fig)
	}
	if w < 0 {
		out[0], out[1] = 0.5, 0.5
		return
	}
	out[w], out[1-w] = 1, 0
}

// Apply plays a (DH-5..DH-14), ends the turn (DH-8, DH-15..DH-17) and plays the passes of
// players with an empty hand, stopping at the next decision or at the end.
func (s *State) Apply(a engine.Action) {
	s.play(a)
	for s.endTurn() {
	}
}

// play puts the cards of a on their space and resolves the space's action.
func (s *State) play(a engine.Action) {
	r := s.r
	me := int(s.toMove)
	if s.trk.on {
		s.trackPlay(me, a)
	}
	t := int(a >> typeShift & 15)
	h := &s.hand[me][t]
	b := &s.board[t]
	k, sum, row := 0, int32(0), uint16(0)
	for x := uint32(a) & (1<<typeShift - 1); x != 0; {
		vi := bits.TrailingZeros32(x) >> 2
		n := uint8(x >> (4 * vi) & 15)
		x &^= 15 << (4 * vi)
		h[vi] -= n
		b[vi] += n
		k += int(n)
		sum += int32(n) * r.val[t][vi]
		row += uint16(n) * r.mul[t][vi]
	}
	s.row[me][t] -= row
	s.typeN[me][t] -= uint8(k)
	if s.typeN[me][t] == 0 {
		s.types[me] &^= 1 << t
	}
	s.handN[me] -= uint8(k)
	s.boardN[t] += uint8(k)
	s.boardSum[t] += sum

	second := a>>choiceShift&3 == choiceB
	switch t {
	case tTreasure, tPetrified: // DH-7: no action
	case tFire: // DH-10
		s.take(me, tTreasure)
	case tPrincess: // DH-11
		if !second {
			s.take(me, tTreasure)
		} else if s.boardN[tPetrified] > 0 {
			s.take(me, tPetrified)
			s.gainFigurine(me)
		}
	case tTroll: // DH-12
		s.take(me, tPrincess)
	default: // DH-6, DH-13: limited spaces act when filled
		if s.boardN[t] != r.capacity[t] {
			return
		}
		switch t {
		case tDwarf:
			s.take(me, tDwarf)
		case tHero:
			if second {
				s.take(me, tTroll)
			} else {
				s.take(me, tPrincess)
			}
			s.toHold(tHero)
		case tSlayer:
			s.take(me, tFire)
			s.toHold(tSlayer)
		case tShip:
			s.takeHold(me)
			for vi := range s.sailed {
				s.sailed[vi] += s.board[tShip][vi]
			}
			s.board[tShip] = [maxVals]uint8{}
			s.boardN[tShip], s.boardSum[tShip] = 0, 0
			s.voyages++
			s.voyaged = true
			if s.trk.on {
				s.trackVoyage(me)
			}
		}
	}
}

// take moves every card of space t into me's score pile (DH-9).
func (s *State) take(me, t int) {
	if s.boardN[t] == 0 {
		return
	}
	sc := &s.score[me][t]
	for vi, n := range s.board[t] {
		sc[vi] += n
	}
	s.scoreSum[me] += s.boardSum[t]
	s.board[t] = [maxVals]uint8{}
	s.boardN[t], s.boardSum[t] = 0, 0
}

// toHold moves the cards of space t into the ship's hold (DH-13).
func (s *State) toHold(t int) {
	for vi, n := range s.board[t] {
		s.hold[t][vi] += n
	}
	s.holdN += s.boardN[t]
	s.holdSum += s.boardSum[t]
	s.board[t] = [maxVals]uint8{}
	s.boardN[t], s.boardSum[t] = 0, 0
}

// takeHold moves the whole hold into me's score pile (DH-13 Ship).
func (s *State) takeHold(me int) {
	if s.holdN == 0 {
		return
	}
	for t := range s.hold {
		for vi, n := range s.hold[t] {
			s.score[me][t][vi] += n
		}
	}
	s.scoreSum[me] += s.holdSum
	s.hold = counts{}
	s.holdN, s.holdSum = 0, 0
}

// gainFigurine gives the figurine to me (DH-11); taken from the opponent, it costs him a
// random card of a hand larger than handSize, put face down on his pile (DH-14).
func (s *State) gainFigurine(me int) {
	opp := 1 - me
	lost := int(s.fig) == opp && s.handN[opp] > s.r.handSize
	if lost {
		s.ch.Before(s, chTheft, opp)
		s.putBack(opp, s.randomCard(opp))
		s.ch.After(s)
	}
	if s.trk.on {
		s.trackFigurine(me, lost)
	}
	s.fig = int8(me)
}

// randomCard picks one card of p's hand uniformly at random (DH-14).
func (s *State) randomCard(p int) uint8 {
	i := s.rng.IntN(int(s.handN[p]))
	for t := 0; t < numTypes; t++ {
		n := int(s.typeN[p][t])
		if i >= n {
			i -= n
			continue
		}
		for vi, k := range s.hand[p][t] {
			if i < int(k) {
				return cardCode(t, vi)
			}
			i -= int(k)
		}
	}
	panic("dragonheart: randomCard out of range")
}

// putBack moves card c from p's hand face down onto p's pile, where p knows it (DH-14).
func (s *State) putBack(p int, c uint8) {
	t, vi := cardType(c), cardVI(c)
	s.hand[p][t][vi]--
	s.typeN[p][t]--
	if s.typeN[p][t] == 0 {
		s.types[p] &^= 1 << t
	}
	s.row[p][t] -= s.r.mul[t][vi]
	s.handN[p]--
	s.pile[p][s.pileN[p]] = c
	s.pileN[p]++
	s.knownTop[p] = c + 1
}

// refill draws p's hand up to its size (DH-8, DH-20), noting the last card drawn (DH-16).
// Each card drawn is a chance event of the given kind (the deal or a draw), unless p
// knows it (DH-14).
func (s *State) refill(p int, kind uint8) {
	target := s.r.handSize
	if int(s.fig) == p {
		target = s.r.dragonHand
	}
	for s.handN[p] < target && s.pileN[p] > 0 {
		if s.knownTop[p] != 0 {
			s.drawTop(p)
			continue
		}
		s.ch.Before(s, kind, p)
		s.drawTop(p)
		s.ch.After(s)
	}
}

// drawTop draws the top card of p's pile into p's hand.
func (s *State) drawTop(p int) {
	s.pileN[p]--
	c := s.pile[p][s.pileN[p]]
	s.addCard(p, c)
	if s.trk.on {
		s.trk.bits[p][evDrawn] |= s.r.trk.card[c]
	}
	s.knownTop[p] = 0
	if s.pileN[p] == 0 {
		s.lastDrawn[p] = true
	}
}

// endTurn closes the turn of the seat to move: the end conditions (DH-15, DH-16, DH-17),
// then the refill (DH-8), then the turn passes. It reports whether the next seat must pass
// (an empty hand: no decision, DH-16, DH-24), in which case the caller calls it again.
func (s *State) endTurn() bool {
	me := int(s.toMove)
	if s.finalTurn {
		s.terminal = true
		s.voyaged = false
		return false
	}
	if (s.voyaged && s.voyages == s.r.voyagesToEnd) || (s.lastDrawn[me] && !s.voyaged) {
		s.finalTurn = true
	}
	s.voyaged = false
	s.refill(me, chDraw)
	s.toMove = uint8(1 - me)
	s.turn++
	if s.handN[0] == 0 && s.handN[1] == 0 {
		// Nobody can play any more (both piles are empty too). The rules end such a game
		// within two passes anyway (DH-16); this only guards hand-built states.
		s.terminal = true
		return false
	}
	return s.handN[s.toMove] == 0
}

// addCard puts card c into p's hand.
func (s *State) addCard(p int, c uint8) {
	t, vi := cardType(c), cardVI(c)
	s.hand[p][t][vi]++
	s.typeN[p][t]++
	s.handN[p]++
	s.types[p] |= 1 << t
	s.row[p][t] += s.r.mul[t][vi]
}

// recount recomputes the derived hand fields of p from its hand counts.
func (s *State) recount(p int) {
	s.handN[p], s.types[p] = 0, 0
	for t := range s.hand[p] {
		n, row := uint8(0), uint16(0)
		for vi, k := range s.hand[p][t] {
			n += k
			row += uint16(k) * s.r.mul[t][vi]
		}
		s.typeN[p][t], s.row[p][t] = n, row
		s.handN[p] += n
		if n > 0 {
			s.types[p] |= 1 << t
		}
	}
}
