package redhot

import (
	"math/bits"

	"dragonlab/engine"
)

// Adventurers in resistance order (RH-2).
const (
	advHothead uint8 = iota
	advTeaser
	advTough
	advIcebox
	noAdv uint8 = 0xFF
)

// Magic items in RH-3 order.
const (
	itemBoots uint8 = iota
	itemCape
	itemPhoenix
	itemBag
	itemBucket
	itemBellows
	itemStone
	noItem uint8 = 7
)

const stoneBit = 1 << itemStone

// Dice selections of a flame card (RH-4).
const (
	selMin uint8 = iota
	selMed
	selMax
)

// Dragon card codes: 0..8 are flame cards (power selection*3 + range selection).
const (
	cardPrincess uint8 = 9 + iota
	cardSecond
	cardAnger
	cardFury
)

const (
	phaseStone uint8 = iota
	phaseChoose
	phasePlace
	phasePrincess
	phaseOver
)

const (
	princessInDeck uint8 = iota
	princessHeld
	princessGone
)

// lastRound keeps what the most recently resolved round did, for Narrate and traces.
type lastRound struct {
	flames  uint8
	dice    [2][3]uint8 // dice of each flame (third is 0 under Dragon's anger)
	pow     [2]int8     // power after modifiers
	rng     [2]int8     // range after modifiers
	mod     int8        // total modifier (buckets, bellows, fury)
	hit     [2]uint8    // seats whose adventurer the flame reached
	burned  [2]uint8    // seats whose adventurer it burned
	saved   [2]uint8    // seats whose adventurer the phoenix saved
	adv     [maxSeats]uint8
	item    [maxSeats]uint8
	spot    [maxSeats]uint8
	gain    [maxSeats]int32
	king    [2]uint8
	rescue  int8
	elim    uint8
	entered uint8 // seats that sent an adventurer
	powSel  uint8 // the round's prediction
	rngSel  uint8
	anger   bool
	fury    bool // the round was the fury round (its bonus is in mod)
}

// State is one game of Red Hot Silly Dragon. It is a fixed-size value: copy it with *dst = *src.
type State struct {
	r   *rules
	rng engine.RNG

	n      uint8 // players
	phase  uint8
	toMove uint8
	first  uint8 // first player of the round (RH-6)
	step   uint8 // position in the current sequence (seq for stones and choices, order for placement)
	round  uint8 // 1-based round number
	done   uint8 // rounds resolved

	// Dragon deck (RH-6, RH-7).
	deck     [maxCards]uint8
	deckLen  uint8
	top      uint8
	discard  [maxCards]uint8
	nDisc    uint8
	turned   [maxTurned]uint8 // cards turned this round, in order
	nTurned  uint8
	princess uint8
	rescuer  int8
	fury     bool // this is the fury (last) round
	second   bool // second breath this round
	anger    bool // Dragon's anger: no prediction
	borrowed bool // the fury round took its prediction from the discard pile
	powSel   uint8
	rngSel   uint8

	// Seats.
	score [maxSeats]int32
	team  [maxSeats]uint8 // adventurers in the team (bit per adventurer)
	hall  [maxSeats]uint8 // adventurers in the Hall of Flame
	used  [maxSeats]uint8 // items spent (bit per item)
	// Second copies, from a substitution only (substitute.go; zero otherwise): team2 the
	// adventurers with a second copy in the team (a subset of team), hall2 with a second
	// copy burned (a subset of hall), spare the items with a second unused copy.
	team2, hall2, spare [maxSeats]uint8
	outMask             uint8 // eliminated seats (RH-10)

	// The round's choices (RH-8, RH-9, RH-11).
	seq      [maxSeats]uint8 // seats still in, in seat order from the first player
	nSeq     uint8
	stoneNow uint8 // seats that played the stone this round
	chosen   uint8 // seats that have made their secret choice
	revealed bool
	adv      [maxSeats]uint8 // chosen adventurer (secret until revealed)
	item     [maxSeats]uint8 // chosen item (secret until revealed)
	inLair   uint8           // seats whose adventurer is in the lair
	spotOf   [maxSeats]uint8 // spot of each seat's adventurer, 0 = not placed
	occ      [maxSpots + 1]uint8
	order    [maxSeats]uint8 // placement order (seats)
	nOrder   uint8
	mod      int8  // power and range modifier: buckets, bellows, fury (RH-12)
	flamed   uint8 // flames resolved this round

	last lastRound

	trk tracks        // component records (engine.Tracker, track.go)
	sub subst         // the team or item change asked for (engine.Substituter, substitute.go)
	ch  engine.Chance // the pending chance event (engine.ChanceEvents, chance.go)
}

var _ engine.State = (*State)(nil)

func (s *State) active(seat uint8) bool { return s.outMask&(1<<seat) == 0 }

// Name is the name the game is registered under.
const Name = "redhot"

// GameName is the registered name of the game (engine.Namer).
func (s *State) GameName() string { return Name }

// Players is the number of seats.
func (s *State) Players() int { return int(s.n) }

// ToMove is the seat that decides now.
func (s *State) ToMove() int { return int(s.toMove) }

// Terminal reports whether the game is over.
func (s *State) Terminal() bool { return s.phase == phaseOver }

// Score is the seat's treasures (with the stone bonus once the game is over).
func (s *State) Score(seat int) float64 { return float64(s.score[seat]) }

// CopyFrom makes s an exact copy of src.
func (s *State) CopyFrom(src engine.State) { *s = *src.(*State) }

// Clone returns an independent copy.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// Reseed replaces the chance stream.
func (s *State) Reseed(seed uint64) { s.rng.Seed(seed) }

// Reset deals a new game from seed (RH-6).
func (s *State) Reset(seed uint64) {
	r, n, on, h, sub := s.r, s.n, s.trk.on, s.ch.Hook, s.sub
	*s = State{r: r, n: n, rescuer: -1}
	s.trk.on, s.ch.Hook = on, h
	s.rng.Seed(seed)
	for i := range n {
		s.team[i] = 1<<nAdv - 1
		s.score[i] = r.seatBonus[i] // starting points (parameter seatBonus)
	}
	if sub.delta != 0 {
		s.sub = subst{seat: sub.seat, comp: sub.comp, delta: sub.delta}
		s.substitute(seed)
	}
	// RH-6: shuffle the 18 other cards; the fury takes a uniform place among the last
	// furyInLastCards of the deck (the same law as shuffling it into the lower half).
	nn := r.nNonFury
	var tmp [maxCards]uint8
	copy(tmp[:nn], r.nonFury[:nn])
	shuffle(&s.rng, tmp[:nn])
	p := r.furyLo + s.rng.IntN(r.furyK)
	copy(s.deck[:p], tmp[:p])
	s.deck[p] = cardFury
	copy(s.deck[p+1:nn+1], tmp[p:nn])
	s.deckLen = uint8(nn + 1)
	s.startRound()
}

func shuffle(r *engine.RNG, a []uint8) {
	for i := len(a) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		a[i], a[j] = a[j], a[i]
	}
}

// rollDie rolls one six-sided die (RH-5).
func rollDie(r *engine.RNG) uint8 { return uint8(r.IntN(6)) + 1 }

// dice3 lists the 216 equally likely outcomes of three dice, each with its values sorted.
var dice3 = func() (t [216]struct{ raw, sorted [3]uint8 }) {
	for i := range t {
		a, b, c := uint8(i/36+1), uint8(i/6%6+1), uint8(i%6+1)
		t[i].raw = [3]uint8{a, b, c}
		if a > b {
			a, b = b, a
		}
		if b > c {
			b, c = c, b
		}
		if a > b {
			a, b = b, a
		}
		t[i].sorted = [3]uint8{a, b, c}
	}
	return t
}()

// roll3 rolls the three dice of a flame (RH-5, RH-12): one uniform draw among the 216
// outcomes, i.e. three independent fair dice.
func roll3(r *engine.RNG) [3]uint8 { return dice3[r.IntN(216)].raw }

// pick returns the die a prediction selects: MIN lowest, MED middle, MAX highest (RH-12).
func pick(d [3]uint8, sel uint8) int {
	return int(dice3[int(d[0]-1)*36+int(d[1]-1)*6+int(d[2]-1)].sorted[sel%3])
}

// startRound begins a round: turn Dragon cards (RH-7), then the stone phase (RH-8).
func (s *State) startRound() {
	s.round++
	s.nTurned = 0
	s.second, s.anger, s.borrowed = false, false, false
	s.stoneNow, s.chosen, s.inLair, s.revealed, s.nOrder, s.flamed = 0, 0, 0, false, 0, 0
	for i := range s.n {
		s.adv[i], s.item[i], s.spotOf[i] = noAdv, noItem, 0
	}
	s.occ = [maxSpots + 1]uint8{}
	s.nSeq = 0
	for i := range s.n {
		seat := s.first + i
		if seat >= s.n {
			seat -= s.n
		}
		if s.active(seat) {
			s.seq[s.nSeq] = seat
			s.nSeq++
		}
	}
	s.turnCards()
	s.step = 0
	s.nextStone()
}

// turnCards turns Dragon cards until a flame card or Dragon's anger settles the round
// (RH-7). Each card turned from the deck is a chance event; a flame card borrowed from the
// discards in the fury round is not (everybody knows it).
func (s *State) turnCards() {
	for {
		s.refresh()
		chance := s.top < s.deckLen
		if chance {
			s.ch.Before(s, chCard, 0)
		}
		c, ok := s.draw()
		if !ok {
			// Unreachable with a valid deck (a flame card is always somewhere); play the
			// round as Dragon's anger rather than stall.
			s.anger = true
			return
		}
		settled := s.turn(c)
		if chance {
			s.ch.After(s)
		}
		if settled {
			return
		}
	}
}

// turn records card c as turned and applies it; it reports whether c settles the round's
// prediction (a flame card or Dragon's anger).
func (s *State) turn(c uint8) bool {
	if s.nTurned < maxTurned {
		s.turned[s.nTurned] = c
		s.nTurned++
	}
	switch c {
	case cardPrincess:
		s.princess = princessHeld
	case cardSecond:
		s.second = true
	case cardFury:
		s.fury = true
	case cardAnger:
		s.anger = true
		return true
	default:
		s.powSel, s.rngSel = c/3, c%3
		return true
	}
	return false
}

// refresh shuffles the discards into a new deck when the deck is used up outside the fury
// round (PROPOSED, RH-7).
func (s *State) refresh() {
	if s.top < s.deckLen || s.fury || s.nDisc == 0 {
		return
	}
	copy(s.deck[:], s.discard[:s.nDisc])
	s.deckLen, s.top, s.nDisc = s.nDisc, 0, 0
	shuffle(&s.rng, s.deck[:s.deckLen])
}

// draw turns the top Dragon card. An empty deck in the fury round gives the most recently
// discarded flame card (RH-7); otherwise (refresh shuffled the discards into a new deck)
// there is no card.
func (s *State) draw() (uint8, bool) {
	if s.top < s.deckLen {
		c := s.deck[s.top]
		s.top++
		return c, true
	}
	if s.fury {
		for i := int(s.nDisc) - 1; i >= 0; i-- {
			if c := s.discard[i]; c < cardPrincess {
				copy(s.discard[i:s.nDisc-1], s.discard[i+1:s.nDisc])
				s.nDisc--
				s.borrowed = true
				return c, true
			}
		}
		return 0, false
	}
	return 0, false
}

// nextStone moves to the next seat (from s.step, in order from the first player) allowed to
// play the Destiny stone (RH-8), or on to the secret choice.
func (s *State) nextStone() {
	for ; s.step < s.nSeq; s.step++ {
		seat := s.seq[s.step]
		if s.used[seat]&stoneBit == 0 && s.hall[seat] != 0 {
			s.phase, s.toMove = phaseStone, seat
			return
		}
	}
	s.phase, s.step = phaseChoose, 0
	s.nextChooser()
}

// nextChooser moves to the next seat that must make its secret choice (RH-9), or reveals.
func (s *State) nextChooser() {
	if s.step < s.nSeq {
		s.toMove = s.chooser(s.step)
		return
	}
	s.reveal()
}

// reveal turns the secret choices face up, spends the items and sets the placement order
// (RH-9, RH-11).
func (s *State) reveal() {
	var keys [maxSeats]int
	s.nOrder = 0
	mod := int8(0)
	for _, seat := range s.seq[:s.nSeq] {
		a := s.adv[seat]
		s.sendAdv(seat, a)
		s.inLair |= 1 << seat
		it := s.item[seat]
		if it != noItem {
			s.spend(seat, it)
		}
		if s.trk.on {
			s.trk.bits[seat][evUsed] |= advBit(a) | itemBit[it]
		}
		rank := int(s.r.resist[a])
		switch it {
		case itemBoots:
			rank--
		case itemBucket:
			mod--
		case itemBellows:
			mod++
		}
		// Equal ranks keep seat order from the first player: insert after equal keys.
		k := int(s.nOrder)
		for k > 0 && keys[k-1] > rank {
			keys[k], s.order[k] = keys[k-1], s.order[k-1]
			k--
		}
		keys[k], s.order[k] = rank, seat
		s.nOrder++
	}
	if s.fury {
		mod += s.r.furyBonus
	}
	s.mod = mod
	s.revealed = true
	s.phase, s.step = phasePlace, 0
	s.toMove = s.order[0]
}

// flame resolves flame k with dice d on the adventurers in the lair (RH-12, RH-14).
func (s *State) flame(k int, d [3]uint8) {
	var pow, rng int
	if s.anger {
		pow, rng = int(d[0]), int(d[1])
	} else {
		pow, rng = pick(d, s.powSel), pick(d, s.rngSel)
	}
	mod := int(s.mod)
	pow += mod
	rng += mod
	L := &s.last
	s.flamed++
	L.dice[k], L.pow[k], L.rng[k], L.mod = d, int8(pow), int8(rng), int8(mod)
	L.hit[k], L.burned[k], L.saved[k] = 0, 0, 0
	if rng > s.r.spots {
		rng = s.r.spots
	}
	for sp := 1; sp <= rng; sp++ {
		o := s.occ[sp]
		if o == 0 {
			continue
		}
		seat := o - 1
		bit := uint8(1) << seat
		L.hit[k] |= bit
		res := int(s.r.resist[s.adv[seat]])
		if s.item[seat] == itemCape {
			res += int(s.r.capeBonus)
		}
		if pow <= res {
			continue
		}
		s.occ[sp] = 0
		s.inLair &^= bit
		if s.item[seat] == itemPhoenix {
			s.backAdv(seat, s.adv[seat])
			L.saved[k] |= bit
			if s.trk.on {
				s.achieve(seat, achSaved)
			}
		} else {
			s.burnAdv(seat, s.adv[seat])
			L.burned[k] |= bit
			if s.trk.on {
				s.trk.bits[seat][evBurned] |= advBit(s.adv[seat]) | spotBit(uint8(sp)) | itemBit[s.item[seat]]
			}
		}
	}
}

// resolve runs the flame(s) once every adventurer is placed (RH-12, RH-13), then asks the
// survivor on spot 1 about the princess or finishes the round (RH-15).
func (s *State) resolve() {
	L := &s.last
	L.flames, L.king, L.rescue, L.elim = 1, [2]uint8{}, -1, 0
	L.entered = s.inLair
	L.powSel, L.rngSel, L.anger, L.fury = s.powSel, s.rngSel, s.anger, s.fury
	for i := range s.n {
		L.adv[i], L.item[i], L.spot[i], L.gain[i] = s.adv[i], s.item[i], s.spotOf[i], 0
	}
	s.rollFlame(0)
	if s.second {
		L.flames = 2
		s.rollFlame(1)
	}
	if s.princess == princessHeld && s.occ[1] != 0 {
		s.phase, s.toMove = phasePrincess, s.occ[1]-1
		return
	}
	s.finishRound(false)
}

// rollFlame rolls the dice of flame k (three dice, or two under Dragon's anger: RH-7,
// RH-12) and resolves it: a chance event.
func (s *State) rollFlame(k int) {
	s.ch.Before(s, chFlame, k)
	var d [3]uint8
	if s.anger {
		d = [3]uint8{rollDie(&s.rng), rollDie(&s.rng), 0}
	} else {
		d = roll3(&s.rng)
	}
	s.flame(k, d)
	s.ch.After(s)
}

// rescue gives seat the king's reward, two dice k1 and k2, instead of its treasures, and
// frees the princess (RH-15).
func (s *State) rescue(seat uint8, k1, k2 uint8) {
	L := &s.last
	L.king = [2]uint8{k1, k2}
	L.rescue = int8(seat)
	L.gain[seat] = int32(k1 + k2)
	s.rescuer = int8(seat)
	s.princess = princessGone
	s.score[seat] += L.gain[seat]
}

// finishRound gives the treasures (RH-15), brings the adventurers home, eliminates (RH-10),
// discards the turned cards (RH-7) and starts the next round or ends the game (RH-16).
// The king's reward is rolled first: a chance event.
func (s *State) finishRound(rescue bool) {
	L := &s.last
	if rescue {
		seat := s.occ[1] - 1
		s.ch.Before(s, chKing, int(seat))
		k1, k2 := rollDie(&s.rng), rollDie(&s.rng)
		s.rescue(seat, k1, k2)
		s.ch.After(s)
	}
	for seat := range s.n {
		bit := uint8(1) << seat
		if s.inLair&bit == 0 {
			continue
		}
		sp := s.spotOf[seat]
		if rescue && sp == 1 { // rescue gave the king's reward
			s.backAdv(seat, s.adv[seat])
			continue
		}
		g := s.r.treasure[sp]
		if s.item[seat] == itemBag {
			g *= 2
		}
		L.gain[seat] = g
		s.score[seat] += L.gain[seat]
		s.backAdv(seat, s.adv[seat])
	}
	s.inLair = 0
	s.occ = [maxSpots + 1]uint8{}
	for _, c := range s.turned[:s.nTurned] {
		if c != cardPrincess { // the princess stays by the dragon, or leaves the game
			s.discard[s.nDisc] = c
			s.nDisc++
		}
	}
	s.nTurned = 0
	for seat := range s.n {
		if s.active(seat) && s.team[seat] == 0 && (s.fury || s.used[seat]&stoneBit != 0) {
			s.outMask |= 1 << seat
			L.elim |= 1 << seat
			if s.trk.on {
				s.achieve(seat, achOut)
			}
		}
	}
	s.done++
	if s.fury || s.outMask == 1<<s.n-1 {
		s.endGame()
		return
	}
	s.first = s.nextActive(s.first)
	s.startRound()
}

func (s *State) nextActive(seat uint8) uint8 {
	for i := uint8(1); i <= s.n; i++ {
		t := (seat + i) % s.n
		if s.active(t) {
			return t
		}
	}
	return seat
}

// endGame adds the stone bonus (RH-16).
func (s *State) endGame() {
	for seat := range s.n {
		s.score[seat] += int32(s.stones(seat)) * s.r.stoneBonus
	}
	s.phase = phaseOver
}

// choiceList is the canonical list of secret choices for one team and set of items.
type choiceList struct {
	acts [nAdv * nItems]engine.Action
	n    uint8
}

// choiceTable[team][items] lists the secret choices (RH-19): adventurers in resistance
// order, each with no item first, then each available item (not the stone) in RH-3 order.
var choiceTable = func() (t [1 << nAdv][1 << itemStone]choiceList) {
	for team := range 1 << nAdv {
		for items := range 1 << itemStone {
			c := &t[team][items]
			for a := range uint8(nAdv) {
				if team&(1<<a) == 0 {
					continue
				}
				c.acts[c.n] = actChoose(a, noItem)
				c.n++
				for it := range uint8(itemStone) {
					if items&(1<<it) != 0 {
						c.acts[c.n] = actChoose(a, it)
						c.n++
					}
				}
			}
		}
	}
	return t
}()

// Legal appends the legal actions in the spec's canonical order (RH-19).
func (s *State) Legal(buf []engine.Action) []engine.Action {
	buf = buf[:0]
	seat := s.toMove
	switch s.phase {
	case phaseStone:
		for a := range uint8(nAdv) {
			if s.hall[seat]&(1<<a) != 0 {
				buf = append(buf, actStone(a))
			}
		}
		if s.team[seat] != 0 {
			buf = append(buf, actNoStone)
		}
	case phaseChoose:
		items := uint8(0)
		if s.stoneNow&(1<<seat) == 0 {
			items = ^s.used[seat] & (stoneBit - 1)
		}
		c := &choiceTable[s.team[seat]][items]
		buf = append(buf, c.acts[:c.n]...)
	case phasePlace:
		for sp := 1; sp <= s.r.spots; sp++ {
			if s.occ[sp] == 0 {
				buf = append(buf, actSpot(uint8(sp)))
			}
		}
	case phasePrincess:
		buf = append(buf, actTake, actRescue)
	}
	return buf
}

// Apply plays a legal action and runs the game on to the next decision.
func (s *State) Apply(a engine.Action) {
	seat := s.toMove
	switch a & kindMask {
	case kindStone:
		adv := uint8(a)
		s.unburnAdv(seat, adv)
		s.backAdv(seat, adv)
		s.spend(seat, itemStone)
		s.stoneNow |= 1 << seat
		if s.trk.on {
			s.trk.bits[seat][evUsed] |= itemBit[itemStone]
		}
		s.step++
		s.nextStone()
	case kindNoStone:
		s.step++
		s.nextStone()
	case kindChoose:
		s.adv[seat], s.item[seat] = uint8(a>>4)&0xF, uint8(a)&0xF
		s.chosen |= 1 << seat
		s.step++
		s.nextChooser()
	case kindSpot:
		sp := uint8(a)
		s.occ[sp] = seat + 1
		s.spotOf[seat] = sp
		if s.trk.on {
			s.trk.bits[seat][evUsed] |= spotBit(sp)
		}
		s.step++
		if s.step < s.nOrder {
			s.toMove = s.order[s.step]
			return
		}
		s.resolve()
	case kindTake:
		if s.trk.on {
			s.achieve(seat, achDeclined)
		}
		s.finishRound(false)
	case kindRescue:
		if s.trk.on {
			s.achieve(seat, achRescued)
		}
		s.finishRound(true)
	}
}

// Result writes 1/k to each of the k winners (RH-17): the most treasures among the players
// still in; on a tie the one who rescued the princess wins alone. All zeros when every
// player is out.
func (s *State) Result(out []float64) {
	for i := range out {
		out[i] = 0
	}
	best := int32(-1 << 30)
	var win uint8
	for seat := range s.n {
		if !s.active(seat) {
			continue
		}
		switch sc := s.score[seat]; {
		case sc > best:
			best, win = sc, 1<<seat
		case sc == best:
			win |= 1 << seat
		}
	}
	if win == 0 {
		return
	}
	if bits.OnesCount8(win) > 1 && s.rescuer >= 0 && win&(1<<s.rescuer) != 0 {
		win = 1 << s.rescuer
	}
	share := 1 / float64(bits.OnesCount8(win))
	for seat := range s.n {
		if win&(1<<seat) != 0 {
			out[seat] = share
		}
	}
}

// choiceCount is the number of legal secret choices of seat (RH-9, RH-19).
func (s *State) choiceCount(seat uint8) int {
	per := 1
	if s.stoneNow&(1<<seat) == 0 {
		per += bits.OnesCount8(^s.used[seat] & (stoneBit - 1))
	}
	return bits.OnesCount8(s.team[seat]) * per
}

// Determinize re-deals what observer cannot see (RH-18): the order of the Dragon deck (the
// fury keeps to the last furyInLastCards places, uniformly among those it may still take)
// and the pending secret choices of the seats that chose before observer this round, each
// resampled uniformly among that seat's legal choices. Then it reseeds the chance stream.
//
// It is canonical: the unturned cards are first put in card-code order (their multiset is
// public: the whole deck minus the cards seen) and the other seats' pending choices are
// drawn from the fresh stream alone, so the result depends only on what observer sees and
// on seed, never on the order the hidden cards lay in or on the hidden choices.
func (s *State) Determinize(observer int, seed uint64) {
	s.rng.Seed(seed)
	// Deck: the unturned cards, in canonical (code) order, then reshuffled; the fury, if
	// still in, at a uniform place among those consistent with RH-6 and with its not having
	// been turned yet.
	var count [cardFury + 1]uint8
	fury := false
	for _, c := range s.deck[s.top:s.deckLen] {
		if c == cardFury {
			fury = true
			continue
		}
		count[c]++
	}
	var tmp [maxCards]uint8
	n := 0
	for c := range uint8(cardFury) {
		for range count[c] {
			tmp[n] = c
			n++
		}
	}
	shuffle(&s.rng, tmp[:n])
	// Past the deck lie only leftovers of an earlier deck: clear them so that no stale
	// arrangement survives in the determinized state.
	clear(s.deck[s.deckLen:])
	lo := int(s.top)
	if fury {
		if s.r.furyLo > lo {
			lo = s.r.furyLo
		}
		if lo > int(s.deckLen)-1 {
			lo = int(s.deckLen) - 1
		}
		p := lo + s.rng.IntN(int(s.deckLen)-lo)
		j := 0
		for i := int(s.top); i < int(s.deckLen); i++ {
			if i == p {
				s.deck[i] = cardFury
				continue
			}
			s.deck[i] = tmp[j]
			j++
		}
	} else {
		copy(s.deck[s.top:s.deckLen], tmp[:n])
	}
	// Pending secret choices.
	if s.phase != phaseChoose {
		return
	}
	for seat := range s.n {
		if int(seat) == observer || s.chosen&(1<<seat) == 0 {
			continue
		}
		k := s.rng.IntN(s.choiceCount(seat))
		per := s.choiceCount(seat) / bits.OnesCount8(s.team[seat])
		ai, ii := k/per, k%per
		m := s.team[seat]
		for range ai {
			m &= m - 1
		}
		s.adv[seat] = uint8(bits.TrailingZeros8(m))
		s.item[seat] = noItem
		if ii > 0 {
			im := ^s.used[seat] & (stoneBit - 1)
			for range ii - 1 {
				im &= im - 1
			}
			s.item[seat] = uint8(bits.TrailingZeros8(im))
		}
	}
}

// Observe appends what seat can see: the public game and its own pending choice (RH-18).
func (s *State) Observe(seat int, buf []byte) []byte {
	buf = append(buf, s.n, s.phase, s.toMove, s.first, s.step, s.round, s.done,
		s.deckLen, s.top, s.nDisc, s.nTurned, s.princess, byte(s.rescuer),
		b2u(s.fury), b2u(s.second), b2u(s.anger), b2u(s.borrowed), s.powSel, s.rngSel,
		s.outMask, s.stoneNow, s.chosen, b2u(s.revealed), s.inLair, s.nOrder)
	buf = append(buf, s.discard[:s.nDisc]...)
	buf = append(buf, s.turned[:s.nTurned]...)
	buf = append(buf, s.order[:s.nOrder]...)
	buf = append(buf, s.occ[:s.r.spots+1]...)
	for i := range s.n {
		sc := uint32(s.score[i])
		buf = append(buf, byte(sc), byte(sc>>8), byte(sc>>16), byte(sc>>24),
			s.team[i], s.hall[i], s.used[i], s.spotOf[i])
		if s.sub.applied { // second copies are public, as everything but the secret choices
			buf = append(buf, s.team2[i], s.hall2[i], s.spare[i])
		}
		if s.revealed || int(i) == seat {
			buf = append(buf, s.adv[i], s.item[i])
		} else {
			buf = append(buf, 0xEE, 0xEE)
		}
	}
	return buf
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
