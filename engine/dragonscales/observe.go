package dragonscales

import "math/bits"

// Observe appends what seat can see now (DS-22): every piece's place, the pile sizes and
// the back colour of each pile's top card, every revealed card, the seat's own hand and
// pending secret choice — never the order of a pile, another hand or another seat's
// pending choice.
func (s *State) Observe(seat int, buf []byte) []byte {
	r := s.r
	var sw byte
	if s.switched {
		sw = 1
	}
	buf = append(buf, 'D', 'S', byte(r.players), byte(seat), s.phase, s.toMove, s.actor, s.ops,
		s.end, byte(s.winner), sw, s.rpsIn, byte(s.lastWin))
	buf = append32(buf, s.combats)
	buf = append32(buf, s.throws)
	buf = append32(buf, s.cycles)
	for _, m := range s.at {
		buf = append(buf, byte(m), byte(m>>8))
	}
	buf = append(buf, s.lastCards[0], s.lastCards[1], s.lastThrow[0], s.lastThrow[1], s.lastThrow[2])
	for i := range s.piles {
		p := &s.piles[i]
		top := byte(0xff)
		if p.n > 0 {
			top = r.back[p.top()]
		}
		buf = append(buf, p.n, top)
	}
	// Revealed cards: the used piles (solitaire, three players: pDiscard; two players:
	// pPlayed and pPlayed+1).
	for i := pDiscard; i < len(s.piles); i++ {
		buf = appendSet(buf, s.piles[i].c[:s.piles[i].n])
	}
	switch r.players {
	case 3:
		if seat >= 0 && seat < 3 {
			buf = append(buf, s.gest[seat])
		}
	case 2:
		if seat < 0 || seat > 1 {
			break
		}
		h := &s.hands[seat]
		buf = append(buf, s.hands[0].n, s.hands[1].n, byte(s.sel[seat]))
		buf = append(buf, h.c[:h.n]...)
		for p := 0; p < 2; p++ {
			if s.cycles == 0 {
				// Before the first exchange each player's cards are a random half of
				// each deck: only how many of each type remain is known.
				var n [3]byte
				for _, c := range s.piles[p].c[:s.piles[p].n] {
					n[r.typ[c]]++
				}
				for _, c := range s.hands[p].c[:s.hands[p].n] {
					n[r.typ[c]]++
				}
				buf = append(buf, n[0], n[1], n[2])
			} else {
				// After an exchange a pile is the opponent's played cards: known.
				var both pile
				both = s.piles[p]
				for _, c := range s.hands[p].c[:s.hands[p].n] {
					both.push(c)
				}
				buf = appendSet(buf, both.c[:both.n])
			}
		}
	}
	return buf
}

func append32(buf []byte, v uint32) []byte {
	return append(buf, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
}

// appendSet appends the set of card ids in c as a bitmask.
func appendSet(buf []byte, c []uint8) []byte {
	var m [2]uint64
	for _, x := range c {
		m[x>>6] |= 1 << (x & 63)
	}
	for _, w := range m {
		for i := 0; i < 64; i += 8 {
			buf = append(buf, byte(w>>i))
		}
	}
	return buf
}

// Determinize re-deals what observer has not seen (DS-22), uniformly among the deals
// consistent with what it has seen, and reseeds the chance stream: the order of every
// pile (keeping each pile's size and the back colour of its top card), the cards of each
// hand it does not hold, and other seats' pending secret choices.
//
// It is canonical (DS-22): every pool of unseen cards is rebuilt from its set of card ids
// in increasing order before it is shuffled, pending choices are drawn from the seed
// alone, the used piles are put in a fixed order below their (public) top card and the
// slots past the end of every pile and hand are cleared, so the result depends only on
// what observer sees and on seed. It does not allocate.
func (s *State) Determinize(observer int, seed uint64) {
	s.rng.Seed(seed)
	switch s.r.players {
	case 1:
		s.arrange(&s.piles[pRed])
		s.arrange(&s.piles[pBlue])
	case 3:
		for seat := range s.gest {
			if seat != observer && s.gest[seat] != noGesture {
				s.gest[seat] = uint8(s.rng.IntN(3))
			}
		}
		if s.switched {
			s.arrange(&s.piles[pLeft])
			break
		}
		// Both piles come from one shuffle of all the cards: pool them.
		l, r := &s.piles[pLeft], &s.piles[pRight]
		var m cardSet
		m.add(l.c[:l.n])
		m.add(r.c[:r.n])
		var pool pile
		pool.n = m.fill(pool.c[:])
		tops := [2]uint8{noCard, noCard}
		for i, p := range [2]*pile{l, r} {
			if p.n > 0 {
				tops[i] = s.takeColour(&pool, s.r.back[p.top()])
			}
		}
		s.shuffle(pool.c[:pool.n])
		k := uint8(0)
		for i, p := range [2]*pile{l, r} {
			if p.n == 0 {
				continue
			}
			copy(p.c[:p.n-1], pool.c[k:k+p.n-1])
			k += p.n - 1
			p.c[p.n-1] = tops[i]
		}
	case 2:
		if observer < 0 || observer > 1 {
			observer = 0
		}
		opp := 1 - observer
		own, oppPile, oppHand := &s.piles[observer], &s.piles[opp], &s.hands[opp]
		ownTop := uint8(noCard) // the back colour of the top of the observer's pile
		if own.n > 0 {
			ownTop = s.r.back[own.top()]
		}
		var oppCards cardSet // the opponent's unseen cards: his hand and pile
		if s.cycles == 0 {
			// Which red (blue) cards went to which player is unknown: only how many of
			// each type each player has left. Deal the unseen cards of each type anew,
			// that many to the observer's pile, the rest to the opponent.
			var unseen cardSet
			unseen.add(own.c[:own.n])
			unseen.add(oppPile.c[:oppPile.n])
			unseen.add(oppHand.c[:oppHand.n])
			var nOwn [3]int
			for _, c := range own.c[:own.n] {
				nOwn[s.r.typ[c]]++
			}
			var all, of [maxCards]uint8
			n := unseen.fill(all[:])
			var mine cardSet
			for t := tRed; t <= tJoker; t++ {
				k := 0
				for _, c := range all[:n] {
					if s.r.typ[c] == t {
						of[k] = c
						k++
					}
				}
				for i := 0; i < nOwn[t]; i++ { // a uniform nOwn[t]-subset
					j := i + s.rng.IntN(k-i)
					of[i], of[j] = of[j], of[i]
				}
				mine.add(of[:nOwn[t]])
				oppCards.add(of[nOwn[t]:k])
			}
			mine.fill(own.c[:])
		} else {
			// After an exchange each player's cards are known as a set.
			oppCards.add(oppHand.c[:oppHand.n])
			oppCards.add(oppPile.c[:oppPile.n])
		}
		s.arrangeAs(own, ownTop)
		// The opponent's hand and pile are one pool of unseen cards.
		var pool pile
		pool.n = oppCards.fill(pool.c[:])
		top := uint8(noCard)
		if oppPile.n > 0 {
			top = s.takeColour(&pool, s.r.back[oppPile.top()])
		}
		s.shuffle(pool.c[:pool.n])
		k := uint8(copy(oppHand.c[:oppHand.n], pool.c[:pool.n]))
		if oppPile.n > 0 {
			copy(oppPile.c[:oppPile.n-1], pool.c[k:pool.n])
			oppPile.c[oppPile.n-1] = top
		}
		if s.sel[opp] >= 0 {
			s.sel[opp] = int8(s.rng.IntN(int(oppHand.n)))
		}
	}
	s.tidy()
}

// tidy removes what is left of the hidden past from a determinized state: the used piles
// (whose sets and top card are public, and which are only ever shuffled back in) are put
// in increasing order below their top card, and the slots past the end of every pile and
// hand, which keep cards that were there once, are cleared.
func (s *State) tidy() {
	for i := range s.piles {
		p := &s.piles[i]
		if i >= pDiscard && p.n > 1 {
			sortCards(p.c[:p.n-1])
		}
		clear(p.c[p.n:])
	}
	for i := range s.hands {
		h := &s.hands[i]
		clear(h.c[h.n:])
	}
}

// cardSet is a set of card ids (maxCards <= 128).
type cardSet [2]uint64

// add puts the cards of c in the set.
func (m *cardSet) add(c []uint8) {
	for _, x := range c {
		m[x>>6] |= 1 << (x & 63)
	}
}

// fill writes the cards of the set to dst in increasing order and returns how many.
func (m *cardSet) fill(dst []uint8) uint8 {
	k := uint8(0)
	for w, b := range m {
		for ; b != 0; b &= b - 1 {
			dst[k] = uint8(w<<6 + bits.TrailingZeros64(b))
			k++
		}
	}
	return k
}

// sortCards puts the (distinct) card ids of c in increasing order.
func sortCards(c []uint8) {
	var m cardSet
	m.add(c)
	m.fill(c)
}

// takeColour removes from pool a card with back colour col chosen uniformly, and returns it.
func (s *State) takeColour(pool *pile, col uint8) uint8 {
	n := 0
	for _, c := range pool.c[:pool.n] {
		if s.r.back[c] == col {
			n++
		}
	}
	j := s.rng.IntN(n)
	for i, c := range pool.c[:pool.n] {
		if s.r.back[c] != col {
			continue
		}
		if j == 0 {
			pool.n--
			pool.c[i] = pool.c[pool.n]
			return c
		}
		j--
	}
	panic("dragonscales: takeColour")
}

// arrange shuffles p uniformly among the orders keeping the back colour of its top card,
// starting from its cards in increasing order (so that the old order leaves no trace).
func (s *State) arrange(p *pile) {
	if p.n > 0 {
		s.arrangeAs(p, s.r.back[p.top()])
	}
}

// arrangeAs is arrange with a top card of back colour col (the cards of p may have been
// replaced by others, in increasing order, since the colour was seen).
func (s *State) arrangeAs(p *pile, col uint8) {
	if p.n == 0 {
		return
	}
	var m cardSet
	m.add(p.c[:p.n])
	var pool pile
	pool.n = m.fill(pool.c[:])
	top := s.takeColour(&pool, col)
	s.shuffle(pool.c[:pool.n])
	copy(p.c[:p.n-1], pool.c[:pool.n])
	p.c[p.n-1] = top
}
