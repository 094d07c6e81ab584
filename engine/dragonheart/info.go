package dragonheart

// Observe appends what seat can see (DH-21): its own hand, the board, the hold, the sailed
// ships, both score piles, the figurine's owner, hand and pile sizes, the end-of-game
// state, the make-up of its own draw pile (its own deck less every card it has drawn, by
// perfect recall) and, if it lost a card by DH-14 that is still on top of its pile, that
// card. Of the opponent it sees only whether such a card lies on the opponent's pile.
func (s *State) Observe(seat int, buf []byte) []byte {
	opp := 1 - seat
	buf = append(buf, byte(seat), s.toMove, b2u(s.terminal), b2u(s.finalTurn),
		byte(s.fig+1), s.voyages, b2u(s.lastDrawn[0]), b2u(s.lastDrawn[1]),
		s.handN[0], s.handN[1], s.pileN[0], s.pileN[1], byte(s.turn), byte(s.turn>>8),
		s.knownTop[seat], b2u(s.knownTop[opp] != 0))
	var own counts
	for _, c := range s.pile[seat][:s.pileN[seat]] {
		own[cardType(c)][cardVI(c)]++
	}
	for _, m := range []*counts{&s.hand[seat], &s.board, &s.hold, &s.score[0], &s.score[1], &own} {
		for t := range m {
			buf = append(buf, m[t][:s.r.nv[t]]...)
		}
	}
	buf = append(buf, s.sailed[:s.r.nv[tShip]]...)
	if s.sub.applied { // a changed deck is public, as a deck list is (substitute.go)
		buf = append(buf, 'S', byte(s.sub.seat), s.sub.added, s.sub.removed)
	}
	return buf
}

func b2u(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// Determinize re-deals what observer cannot see (DH-21): the opponent's hand and draw pile
// are pooled and dealt again at random (same sizes; a DH-14 card on the opponent's pile
// becomes whatever card lands on top, which the opponent then knows), and the observer's
// own pile is shuffled below its known DH-14 top card, if any. The chance stream is reseeded.
//
// It is canonical: every hidden pool is first rebuilt in card-code order from its counts
// (the make-up of the observer's pile is in its view; the opponent's hand and pile together
// hold the two decks less every card the observer sees), then shuffled with the fresh
// stream, and the unused slots of both piles are cleared. So the result depends only on
// what observer sees and on seed, never on how the hidden cards lay before.
func (s *State) Determinize(observer int, seed uint64) {
	s.rng.Seed(seed)
	if observer < 0 || observer > 1 {
		return
	}
	own := s.pile[observer][:s.pileN[observer]]
	if s.knownTop[observer] != 0 {
		own = own[:len(own)-1]
	}
	var m counts
	for _, c := range own {
		m[cardType(c)][cardVI(c)]++
	}
	m.cards(own)
	s.shuffle(own)

	opp := 1 - observer
	m = s.hand[opp]
	for _, c := range s.pile[opp][:s.pileN[opp]] {
		m[cardType(c)][cardVI(c)]++
	}
	var pool [maxDeck + maxHand]uint8
	n := m.cards(pool[:])
	s.shuffle(pool[:n])
	hn := int(s.handN[opp])
	h := &s.hand[opp]
	*h = counts{}
	for _, c := range pool[:hn] {
		h[cardType(c)][cardVI(c)]++
	}
	s.recount(opp)
	copy(s.pile[opp][:], pool[hn:n])
	if s.knownTop[opp] != 0 {
		s.knownTop[opp] = s.pile[opp][s.pileN[opp]-1] + 1
	}
	for p := range s.pile {
		clear(s.pile[p][s.pileN[p]:])
	}
}

// cards writes the cards of m into dst in card-code order and returns how many.
func (m *counts) cards(dst []uint8) int {
	n := 0
	for t := range m {
		for vi, k := range m[t] {
			for ; k > 0; k-- {
				dst[n] = cardCode(t, vi)
				n++
			}
		}
	}
	return n
}

// Evaluate is a cheap heuristic for a greedy agent, from public information only (the
// opponent's hand is never looked at). best is the most fame the seat to move could take
// with one play if it held the fitting card: a stack space's action (Fire dragon: the
// chests; Princess: the chests or the petrified dragons plus dragonBonus if that wins the
// figurine; Troll: the princesses), or a limited space one card short of full (Dwarf: its
// cards; Hero: princesses or trolls; Dragon slayer: the fire dragons; Ship: the hold).
// Evaluate returns +best/2 if seat is to move and -best/2 otherwise: after its own play a
// seat is charged half of what it leaves exposed to the opponent (half: the opponent may
// lack the card).
func (s *State) Evaluate(seat int) float64 {
	if s.terminal {
		return 0
	}
	r := s.r
	mover := int(s.toMove)
	bs := &s.boardSum
	best := bs[tTreasure]
	if s.boardN[tPetrified] > 0 {
		v := bs[tPetrified]
		if int(s.fig) != mover {
			v += r.dragonBonus
		}
		best = max(best, v)
	}
	best = max(best, bs[tPrincess])
	if s.boardN[tDwarf]+1 == r.capacity[tDwarf] {
		best = max(best, bs[tDwarf])
	}
	if s.boardN[tHero]+1 == r.capacity[tHero] {
		best = max(best, bs[tPrincess], bs[tTroll])
	}
	if s.boardN[tSlayer]+1 == r.capacity[tSlayer] {
		best = max(best, bs[tFire])
	}
	if s.boardN[tShip]+1 == r.capacity[tShip] {
		best = max(best, s.holdSum)
	}
	if mover == seat {
		return float64(best) / 2
	}
	return -float64(best) / 2
}
