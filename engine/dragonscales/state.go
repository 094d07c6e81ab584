package dragonscales

import (
	"math/bits"

	"dragonlab/engine"
)

// Phases.
const (
	phAuto    uint8 = iota // chance and forced steps to resolve (never seen by callers)
	phGesture              // three players: rock-paper-scissors (DS-11)
	phPile                 // three players: pile choice (DS-12)
	phJoker                // a Joker's operations (DS-7, DS-12, DS-13, DS-17, DS-18)
	phPlay                 // two players, hand variant: secret choice of a card (DS-16)
	phOver
)

// How the game ended.
const (
	endNone      uint8 = iota
	endWin             // a player reached his target (solitaire: all nine on blue)
	endLoss            // solitaire: a deck ran out (DS-9)
	endCapRounds       // DS-21: maxRounds combats
	endCapThrows       // DS-21: maxThrows rock-paper-scissors throws (three players)
)

// Holders of pieces (index into State.at).
const (
	// solitaire
	hRed  = 0 // red dragon
	hBlue = 1 // blue dragon
	hGrey = 2 // grey dragon
	// three players: seats 0..2 hold pieces on their dragons; hFree is beside the board
	hFree = 3
	// two players: seats 0, 1; hCentre is the red dragon
	hCentre = 2
)

// Piles (index into State.piles).
const (
	// solitaire
	pRed     = 0
	pBlue    = 1
	pDiscard = 2 // solitaire and three players: used cards
	// three players: pLeft, pRight (after the switch of DS-13 the single pile is pLeft)
	pLeft  = 0
	pRight = 1
	// two players: seat i's pile is i, the cards it has played are pPlayed+i
	pPlayed = 2
)

const (
	noCard    = 0xff
	noGesture = 3
)

type pile struct {
	n uint8
	c [maxCards]uint8 // bottom first; the top card is c[n-1]
}

func (p *pile) push(c uint8) { p.c[p.n] = c; p.n++ }
func (p *pile) pop() uint8   { p.n--; return p.c[p.n] }
func (p *pile) top() uint8   { return p.c[p.n-1] }

type hand struct {
	n uint8
	c [maxHand]uint8
}

// State is one game of Dragon Scales: a fixed-size value (copy with *dst = *src).
type State struct {
	r         *rules
	rng       engine.RNG
	piles     [4]pile
	hands     [2]hand   // two players, hand variant
	at        [4]uint16 // cells held by each holder (see the h* constants)
	combats   uint32    // DS-21
	throws    uint32    // rock-paper-scissors throws (three players)
	cycles    uint32    // two players: pile exchanges done (DS-19)
	phase     uint8
	toMove    uint8
	actor     uint8 // the combat's winner (pile choice, Joker)
	ops       uint8 // Joker operations left
	end       uint8
	winner    int8
	switched  bool          // three players: DS-13 single pile
	rpsIn     uint8         // seats in the current throw (bitmask)
	gest      [3]uint8      // pending secret gestures (noGesture: none)
	sel       [2]int8       // pending secret hand slots (-1: none)
	lastCards [2]uint8      // cards revealed by the last combat (public)
	lastWin   int8          // winner of the last combat (solitaire: 0 red, 1 blue), -1 draw
	lastThrow [3]uint8      // gestures revealed by the last throw (public)
	trk       tracks        // component records (engine.Tracker, track.go)
	sub       subst         // the pile change asked for (engine.Substituter, substitute.go)
	ch        engine.Chance // the pending chance event (engine.ChanceEvents, chance.go)
}

var _ engine.State = (*State)(nil)

// Name is the name the game is registered under.
const Name = "dragonscales"

// GameName is the registered name of the game (engine.Namer).
func (s *State) GameName() string { return Name }

// Players is the number of seats.
func (s *State) Players() int { return s.r.players }

// ToMove is the seat that decides now.
func (s *State) ToMove() int { return int(s.toMove) }

// Terminal reports whether the game is over.
func (s *State) Terminal() bool { return s.phase == phOver }

// Reseed replaces the chance stream.
func (s *State) Reseed(seed uint64) { s.rng.Seed(seed) }

// CopyFrom copies src, which must be a *State.
func (s *State) CopyFrom(src engine.State) { *s = *src.(*State) }

// Clone returns an independent copy.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// Result: 1 for the winner, 0 otherwise; all zeros for a solitaire loss or a cap (DS-21).
func (s *State) Result(out []float64) {
	for i := range out {
		out[i] = 0
	}
	if s.end == endWin && s.winner >= 0 && int(s.winner) < len(out) {
		out[s.winner] = 1
	}
}

// Score: solitaire, the pieces on the blue dragon; otherwise the seat's progress towards
// its target (the largest connected group, or the pieces held when duoConnected is false).
func (s *State) Score(seat int) float64 {
	if s.r.players == 1 {
		return float64(bits.OnesCount16(s.at[hBlue]))
	}
	return float64(s.measure(s.at[seat]))
}

// measure is what the target counts: one connected group, or all pieces.
func (s *State) measure(m uint16) int {
	if s.r.connected {
		return largestGroup(m)
	}
	return bits.OnesCount16(m)
}

func (s *State) shuffle(c []uint8) {
	for i := len(c) - 1; i > 0; i-- {
		j := s.rng.IntN(i + 1)
		c[i], c[j] = c[j], c[i]
	}
}

// Reset deals a new game from seed and plays to the first decision.
func (s *State) Reset(seed uint64) {
	s.deal(seed)
	s.advance()
}

// deal sets up a new game (DS-4, DS-10, DS-15) without playing.
func (s *State) deal(seed uint64) {
	r, on, h, sub := s.r, s.trk.on, s.ch.Hook, s.sub
	*s = State{r: r, winner: -1, lastWin: -1}
	s.trk.on, s.ch.Hook = on, h
	s.sub = subst{seat: sub.seat, comp: sub.comp, delta: sub.delta}
	s.rng.Seed(seed)
	s.lastCards = [2]uint8{noCard, noCard}
	s.lastThrow = [3]uint8{noGesture, noGesture, noGesture}
	s.gest = s.lastThrow
	s.sel = [2]int8{-1, -1}
	jokers := uint8(r.nRed + r.nBlue)
	switch r.players {
	case 1: // DS-4
		s.at[hRed] = full
		red, blue := &s.piles[pRed], &s.piles[pBlue]
		for c := 0; c < r.nRed; c++ {
			red.push(uint8(c))
		}
		for j := 0; j < r.nJokers; j++ {
			red.push(jokers + uint8(j))
		}
		for c := r.nRed; c < r.nRed+r.nBlue; c++ {
			blue.push(uint8(c))
		}
		s.shuffle(red.c[:red.n])
		s.shuffle(blue.c[:blue.n])
	case 3: // DS-10
		s.at[hFree] = full
		var all pile
		for c := 0; c < r.nCards; c++ {
			all.push(uint8(c))
		}
		s.split(&all)
	default: // DS-15
		s.at[hCentre] = full
		var tmp [maxCards]uint8
		for d, lo := range [2]int{0, r.nRed} {
			n := r.nRed
			if d == 1 {
				n = r.nBlue
			}
			for i := 0; i < n; i++ {
				tmp[i] = uint8(lo + i)
			}
			s.shuffle(tmp[:n])
			for i := 0; i < n; i++ {
				s.piles[i*2/n].push(tmp[i])
			}
		}
		for seat := 0; seat < 2; seat++ {
			p := &s.piles[seat]
			p.push(jokers + uint8(seat))
			s.shuffle(p.c[:p.n])
		}
		if s.sub.delta != 0 {
			s.substitute(seed)
		}
		s.refill(chDeal)
		if s.trk.on && r.hand > 0 {
			s.trackHands(evDealt, [2]uint8{}) // the opening hand (DS-16 hand variant)
		}
	}
}

// split shuffles the cards of all into the two piles of DS-10 (left gets the odd card).
func (s *State) split(all *pile) {
	s.shuffle(all.c[:all.n])
	half := (all.n + 1) / 2
	for i := uint8(0); i < all.n; i++ {
		if i < half {
			s.piles[pLeft].push(all.c[i])
		} else {
			s.piles[pRight].push(all.c[i])
		}
	}
	all.n = 0
}

// Apply plays a legal action and resolves everything up to the next decision.
func (s *State) Apply(a engine.Action) {
	s.decide(a)
	s.advance()
}

func (s *State) advance() {
	for s.phase == phAuto {
		s.step()
	}
}

func (s *State) finish(end uint8, winner int8) {
	s.end, s.winner, s.phase = end, winner, phOver
}

// step resolves one unit of chance: a whole combat where nobody decides (solitaire,
// two players without hands), or the setup of the next decision.
func (s *State) step() {
	switch s.r.players {
	case 1:
		s.stepSolo()
	case 2:
		s.stepDuo()
	default:
		s.stepTrio()
	}
}

// stepSolo plays one combat of the solitaire (DS-5, DS-6, DS-8, DS-9).
func (s *State) stepSolo() {
	red, blue := &s.piles[pRed], &s.piles[pBlue]
	if red.n == 0 || blue.n == 0 {
		s.finish(endLoss, -1) // DS-9
		return
	}
	if s.combats >= s.r.maxRounds {
		s.finish(endCapRounds, -1) // DS-21
		return
	}
	s.ch.Before(s, chTurned, 0)
	s.soloCombat(red.pop(), blue.pop())
	s.ch.After(s)
}

// soloCombat plays the combat of the red card rc and the blue card bc (DS-5..DS-8).
func (s *State) soloCombat(rc, bc uint8) {
	s.combats++
	s.piles[pDiscard].push(rc)
	s.piles[pDiscard].push(bc)
	s.lastCards = [2]uint8{rc, bc}
	r := s.r
	if s.trk.on {
		s.trk.bits[0][evDrawn] |= r.trk.card[rc]
	}
	if r.typ[rc] == tJoker { // DS-5, DS-7
		s.lastWin = 0
		s.startJoker(0)
		return
	}
	if beats(r.weapon[bc], r.weapon[rc]) { // DS-8
		s.lastWin = 1
		m := r.mask[bc]
		if s.trk.on {
			s.trk.bits[0][evLost] |= uint32(m &^ s.at[hGrey])
		}
		s.at[hRed] &^= m
		s.at[hBlue] &^= m
		s.at[hGrey] |= m
		return
	}
	s.lastWin = 0 // DS-6 (a tie goes to red)
	m := r.mask[rc]
	up, back := m&s.at[hRed], m&s.at[hGrey]
	if s.trk.on {
		s.trk.bits[0][evTaken] |= uint32(up)
	}
	s.at[hRed] = s.at[hRed]&^up | back
	s.at[hGrey] &^= back
	s.at[hBlue] |= up
	s.soloWon()
}

func (s *State) soloWon() bool {
	if s.at[hBlue] == full {
		s.finish(endWin, 0)
		return true
	}
	return false
}

// stepTrio starts a rock-paper-scissors round of all three players (DS-11).
func (s *State) stepTrio() {
	if s.combats >= s.r.maxRounds {
		s.finish(endCapRounds, -1)
		return
	}
	if s.throws >= s.r.maxThrows {
		s.finish(endCapThrows, -1)
		return
	}
	s.phase, s.rpsIn = phGesture, 0b111
	s.toMove = s.firstChooser()
}

// gesture records the secret gesture of the seat to move and resolves the throw once all
// the seats in it have chosen (DS-11).
func (s *State) gesture(w uint8) {
	s.gest[s.toMove] = w
	if s.trk.on {
		s.trk.bits[s.toMove][evPlayed] |= 1 << (compWeapon + w)
	}
	if next, ok := s.nextGesturer(); ok {
		s.toMove = next
		return
	}
	s.throws++
	s.lastThrow = s.gest
	s.gest = [3]uint8{noGesture, noGesture, noGesture}
	var shown uint8
	for in := s.rpsIn; in != 0; in &= in - 1 {
		shown |= 1 << s.lastThrow[bits.TrailingZeros8(in)]
	}
	if bits.OnesCount8(shown) == 2 {
		missing := uint8(bits.TrailingZeros8(^shown & 7))
		strong := (missing + 1) % 3 // of the two shown, it beats the other
		var winners uint8
		for in := s.rpsIn; in != 0; in &= in - 1 {
			if seat := bits.TrailingZeros8(in); s.lastThrow[seat] == strong {
				winners |= 1 << seat
			}
		}
		if bits.OnesCount8(winners) == 1 {
			if s.trk.on {
				s.trk.bits[bits.TrailingZeros8(winners)][evWon] |= 1 << (compWeapon + strong)
			}
			s.startPile(uint8(bits.TrailingZeros8(winners)))
			return
		}
		s.rpsIn = winners // two winners play again between themselves
	}
	if s.throws >= s.r.maxThrows {
		s.finish(endCapThrows, -1)
		return
	}
	s.toMove = s.firstChooser()
}

// startPile gives the winner of the throw his card (DS-12, DS-13).
func (s *State) startPile(winner uint8) {
	s.actor = winner
	if s.switched { // DS-13: one pile, its top card
		p := &s.piles[pLeft]
		if p.n == 0 {
			s.regather(p)
		}
		s.take(pLeft)
		return
	}
	if s.piles[pLeft].n == 0 && s.piles[pRight].n == 0 {
		// Only with custom decks: both piles used up while free pieces remain.
		s.split(&s.piles[pDiscard])
	}
	s.phase, s.toMove = phPile, winner
}

// take gives the throw's winner the top card of pile p (DS-12, DS-13): a chance event.
func (s *State) take(p int) {
	s.combats++
	s.ch.Before(s, chTaken, p)
	s.resolve(s.piles[p].pop())
	s.ch.After(s)
}

// regather shuffles every used card into p (DS-13).
func (s *State) regather(p *pile) {
	d := &s.piles[pDiscard]
	for i := uint8(0); i < d.n; i++ {
		p.push(d.c[i])
	}
	d.n = 0
	s.shuffle(p.c[:p.n])
}

// switchPile is DS-13: no free piece left, all cards shuffled into one pile.
func (s *State) switchPile() {
	s.switched = true
	l, r := &s.piles[pLeft], &s.piles[pRight]
	for i := uint8(0); i < r.n; i++ {
		l.push(r.c[i])
	}
	r.n = 0
	s.regather(l)
}

// stepDuo plays one combat of the two-player game, or asks for the hands' secret choice
// (DS-16, DS-19).
func (s *State) stepDuo() {
	if s.combats >= s.r.maxRounds {
		s.finish(endCapRounds, -1)
		return
	}
	if s.r.hand > 0 {
		if s.hands[0].n == 0 {
			if s.piles[0].n == 0 {
				s.exchange()
			}
			s.drawHands()
		}
		s.phase = phPlay
		s.toMove = s.firstChooser()
		return
	}
	if s.piles[0].n == 0 {
		s.exchange()
	}
	s.ch.Before(s, chTurned, 0)
	s.fight(s.piles[0].pop(), s.piles[1].pop())
	s.ch.After(s)
}

// exchange is DS-19: each player shuffles his played cards; the players swap piles.
func (s *State) exchange() {
	s.cycles++
	for seat := 0; seat < 2; seat++ {
		from, to := &s.piles[pPlayed+seat], &s.piles[1-seat]
		for i := uint8(0); i < from.n; i++ {
			to.push(from.c[i])
		}
		from.n = 0
	}
	s.shuffle(s.piles[0].c[:s.piles[0].n])
	s.shuffle(s.piles[1].c[:s.piles[1].n])
}

// refill tops the hands up from the piles (DS-16 hand variant): each card is a chance
// event of the given kind (the deal or a draw).
func (s *State) refill(kind uint8) {
	for seat := 0; seat < 2; seat++ {
		h, p := &s.hands[seat], &s.piles[seat]
		for int(h.n) < s.r.hand && p.n > 0 {
			s.ch.Before(s, kind, seat)
			s.drawCard(seat)
			s.ch.After(s)
		}
	}
}

// drawCard draws the top card of seat's pile into its hand.
func (s *State) drawCard(seat int) {
	h := &s.hands[seat]
	h.c[h.n] = s.piles[seat].pop()
	h.n++
}

// drawHands is refill, recording the cards drawn when tracking.
func (s *State) drawHands() {
	if !s.trk.on {
		s.refill(chDraw)
		return
	}
	n := [2]uint8{s.hands[0].n, s.hands[1].n}
	s.refill(chDraw)
	s.trackHands(evDrawn, n)
}

// play records the secret card choice of the seat to move; once both have chosen, the
// cards are revealed and fight (DS-16).
func (s *State) play(kind uint8) {
	seat := s.toMove
	h := &s.hands[seat]
	for i := uint8(0); i < h.n; i++ {
		if s.r.kind[h.c[i]] == kind {
			s.sel[seat] = int8(i)
			break
		}
	}
	if s.sel[1-seat] < 0 { // the other player has still to choose
		s.toMove = 1 - seat
		return
	}
	var c [2]uint8
	for p := 0; p < 2; p++ {
		h := &s.hands[p]
		i := s.sel[p]
		c[p] = h.c[i]
		h.n--
		h.c[i] = h.c[h.n]
		s.sel[p] = -1
	}
	s.fight(c[0], c[1])
}

// duoWinner is the seat whose card wins a two-player combat (DS-16), -1 for a draw.
func (r *rules) duoWinner(c0, c1 uint8) int8 {
	t0, t1 := r.typ[c0], r.typ[c1]
	switch {
	case t0 == tJoker && t1 == tJoker:
	case t0 == tJoker:
		return 0
	case t1 == tJoker:
		return 1
	case beats(r.weapon[c0], r.weapon[c1]):
		return 0
	case beats(r.weapon[c1], r.weapon[c0]):
		return 1
	case t0 != t1: // equal weapons: red beats blue
		if t0 == tRed {
			return 0
		}
		return 1
	}
	return -1
}

// fight compares the two players' cards (DS-16) and resolves the winner's card.
func (s *State) fight(c0, c1 uint8) {
	r := s.r
	s.combats++
	s.piles[pPlayed].push(c0)
	s.piles[pPlayed+1].push(c1)
	s.lastCards = [2]uint8{c0, c1}
	if s.trk.on { // the hand variant draws into the hand (refill), the other turns the pile
		ev := evDrawn
		if r.hand > 0 {
			ev = evPlayed
		}
		s.trk.bits[0][ev] |= r.trk.card[c0]
		s.trk.bits[1][ev] |= r.trk.card[c1]
	}
	w := r.duoWinner(c0, c1)
	s.lastWin = w
	if w < 0 {
		s.finishCombat()
		return
	}
	if s.trk.on {
		s.trk.bits[w][evWon] |= r.trk.card[s.lastCards[w]]
	}
	s.actor = uint8(w)
	s.resolve(s.lastCards[w])
}

// resolve applies the card won by s.actor in a multi-player game (DS-12, DS-13, DS-17,
// DS-18). The card is already on its used pile.
func (s *State) resolve(c uint8) {
	r, a := s.r, s.actor
	if r.players == 3 {
		s.piles[pDiscard].push(c)
		s.lastCards = [2]uint8{c, noCard}
		s.lastWin = int8(a)
		if s.trk.on {
			s.trk.bits[a][evDrawn] |= r.trk.card[c]
		}
	}
	if r.typ[c] == tJoker {
		s.startJoker(a)
		return
	}
	m := s.cardGain(c, a)
	if s.trk.on {
		s.trackGain(m)
	}
	s.gain(m)
	if s.won() {
		return
	}
	s.finishCombat()
}

// cardGain is the set of cells the card c (not a Joker) won by actor moves to actor in a
// multi-player game: a red card takes its named pieces still free / on the red dragon
// while any remain; otherwise (a blue card, or every card after the switch of DS-13 or
// once the red dragon is empty, DS-18) it steals the named pieces an opponent holds, and
// a named piece held by nobody else does nothing (DS-12, DS-13, DS-17, DS-18). Preview
// answers from it, so a preview is the rule the combat applies.
func (s *State) cardGain(c, actor uint8) uint16 {
	r := s.r
	src := s.at[r.src()]
	m := r.mask[c]
	if r.typ[c] == tRed && src != 0 {
		return m & src
	}
	return m & (full &^ s.at[actor] &^ src)
}

// src is the holder pieces are taken from: free pieces (3p) or the red dragon (2p).
func (r *rules) src() int {
	if r.players == 3 {
		return hFree
	}
	return hCentre
}

// opponents is the set of cells held by the actor's opponents.
func (s *State) opponents() uint16 {
	return full &^ s.at[s.actor] &^ s.at[s.r.src()]
}

// gain moves the cells of m to the actor.
func (s *State) gain(m uint16) {
	for h := range s.at {
		s.at[h] &^= m
	}
	s.at[s.actor] |= m
}

// won ends the game if the actor has reached his target (DS-14, DS-20).
func (s *State) won() bool {
	if s.measure(s.at[s.actor]) >= s.r.target {
		s.finish(endWin, int8(s.actor))
		return true
	}
	return false
}

// jokerOptions is the set of cells a Joker operation can move now.
func (s *State) jokerOptions() uint16 {
	if s.r.players == 1 {
		return s.at[hRed] | s.at[hGrey]
	}
	return s.at[s.r.src()] | s.opponents()
}

func (s *State) startJoker(actor uint8) {
	s.actor, s.ops = actor, s.r.ops
	if s.jokerOptions() == 0 {
		s.finishCombat()
		return
	}
	s.phase, s.toMove = phJoker, actor
}

// jokerOp moves one piece for the Joker (DS-7, DS-12, DS-13, DS-17, DS-18).
func (s *State) jokerOp(k, cell uint8) {
	b := uint16(1) << cell
	switch k {
	case kMoveRB:
		s.at[hRed] &^= b
		s.at[hBlue] |= b
		if s.trk.on {
			s.trk.bits[0][evTaken] |= uint32(b)
		}
		if s.soloWon() {
			return
		}
	case kMoveGR:
		s.at[hGrey] &^= b
		s.at[hRed] |= b
	default: // take, steal
		if s.trk.on {
			s.trackGain(b)
		}
		s.gain(b)
		if s.won() {
			return
		}
	}
	s.ops--
	if s.ops == 0 || s.jokerOptions() == 0 {
		s.finishCombat()
	}
}

// finishCombat ends a combat's effects and returns to chance.
func (s *State) finishCombat() {
	s.phase = phAuto
	switch s.r.players {
	case 3:
		if !s.switched && s.at[hFree] == 0 {
			s.switchPile()
		}
	case 2:
		if s.r.hand > 0 {
			s.drawHands()
		}
	}
}
