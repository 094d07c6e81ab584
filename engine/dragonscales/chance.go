package dragonscales

import (
	"math/bits"

	"dragonlab/engine"
)

// Chance events (engine.ChanceEvents) and value features (engine.ValueFeatures).
//
// Every chance event of Dragon Scales is a card turned from a face-down pile whose order
// nobody knows: the solitaire's red and blue cards of a combat (DS-5, one event "cards
// turned"), the two players' cards of a combat (DS-16, "cards turned"; with duoHand the
// cards dealt and drawn into the hands instead, "deal" and "draw"), and the card the
// winner of a throw takes (DS-12, DS-13, "card taken"). The back of a pile's top card
// shows its colour (DS-10, DS-22), so a card turned is a chance event over the cards
// nobody has seen that have that back:
//
//   - the solitaire's decks, and the two players' piles after an exchange (DS-19), are made
//     of known cards: the card is any card of its pile with that back, equally likely;
//   - the two players' first piles each hold half of each deck, dealt at random (DS-15):
//     with a red back, the card is the pile's own Joker with probability J/(R+J) (J = 1
//     while that Joker is in the pile, R the red cards left in the pile), otherwise any red
//     card nobody has seen, equally likely, whichever pile it may lie in; with a blue back,
//     any blue card nobody has seen;
//   - the three-player piles come from one shuffled deck split in two (DS-10, DS-13): the
//     card is any unseen card with that back in either pile, equally likely.
//
// A card's colour shown on the back of the next top card is not an event of its own: the
// value features below do not look at it, and each card turned later is an event given it.
// The cards of the two players' hands are not chance (their owners know them; a value
// function may see them).

// Kinds of chance event: indices into the list of the game's mode (chanceKinds).
const (
	chTurned = 0 // solitaire and two players without hands
	chTaken  = 0 // three players
	chDeal   = 0 // two players with hands
	chDraw   = 1
)

var (
	_ engine.ChanceEvents  = (*State)(nil)
	_ engine.ValueFeatures = (*State)(nil)
)

// ChanceKinds names the events of the game's mode: cards turned (solitaire, two players),
// deal and draw (two players with hands), card taken (three players).
func (s *State) ChanceKinds() []string {
	switch {
	case s.r.players == 3:
		return kindsTaken
	case s.r.players == 2 && s.r.hand > 0:
		return kindsHands
	}
	return kindsTurned
}

var (
	kindsTurned = []string{"cards turned"}
	kindsHands  = []string{"deal", "draw"}
	kindsTaken  = []string{"card taken"}
)

// ResetObserved is Reset, calling h around every chance event of the deal (and of the
// combats the solitaire or the two-player game play before the first decision).
func (s *State) ResetObserved(seed uint64, h engine.ChanceHook) { s.ch.ResetObserved(s, seed, h) }

// ApplyObserved is Apply, calling h around every chance event it resolves.
func (s *State) ApplyObserved(a engine.Action, h engine.ChanceHook) { s.ch.ApplyObserved(s, a, h) }

// ChanceKind is the kind of the pending event.
func (s *State) ChanceKind() int { return s.ch.ChanceKind() }

// law is what a pile's top card may be, given what nobody has seen: the unseen cards with
// that back by kind, and (the two players' first piles, red back) the pile's own Joker and
// red cards.
type law struct {
	n        [maxCards]float64 // unseen cards with the top's back, by kind (the pool)
	pool     float64           // of them, those drawn uniformly (all but a duo's Jokers)
	duoJoker bool              // two players' first piles, red back: the Joker is the pile's own
	jokers   float64           // this pile's Joker (0 or 1), with duoJoker
	reds     float64           // this pile's red cards, with duoJoker
	kinds    [maxCards]uint8   // the kinds with n > 0
	nk       int
}

// shared reports whether the unseen cards of a colour form one pool over both piles
// (the two players' first piles, the three-player piles), not one per pile.
func (s *State) shared() bool {
	return s.r.players == 3 || (s.r.players == 2 && s.cycles == 0)
}

// law of the top card of pile p.
func (s *State) law(p int, w *law) {
	*w = law{}
	r := s.r
	top := &s.piles[p]
	if top.n == 0 {
		return
	}
	back := r.back[top.top()]
	add := func(pl *pile) {
		for _, c := range pl.c[:pl.n] {
			if r.back[c] == back {
				w.n[r.kind[c]]++
			}
		}
	}
	add(top)
	if s.shared() {
		add(&s.piles[1-p])
	}
	for k := 0; k < r.nCards; k++ { // in kind order: the list must not depend on the piles' order
		if w.n[k] > 0 {
			w.kinds[w.nk] = uint8(k)
			w.nk++
		}
	}
	w.duoJoker = r.players == 2 && s.shared() && back == tRed
	if w.duoJoker {
		for _, c := range top.c[:top.n] {
			switch r.typ[c] {
			case tRed:
				w.reds++
			case tJoker:
				w.jokers++
			}
		}
	}
	for _, k := range w.kinds[:w.nk] {
		if !w.duoJoker || r.typ[k] != tJoker {
			w.pool += w.n[k]
		}
	}
}

// p is the probability that the top card is of kind k when one card of kind gone has
// already been turned from the same pool in the same event (noCard: none).
func (w *law) p(r *rules, k, gone uint8) float64 {
	x, pool := w.n[k], w.pool
	if gone != noCard && w.n[gone] > 0 {
		if k == gone {
			x--
		}
		if !w.duoJoker || r.typ[gone] != tJoker {
			pool--
		}
	}
	switch {
	case x <= 0:
		return 0
	case !w.duoJoker:
		return x / pool
	case r.typ[k] == tJoker:
		return w.jokers / (w.reds + w.jokers)
	}
	return w.reds / (w.reds + w.jokers) * x / pool
}

// ChanceOutcomes lists the pending event's outcomes by card kind (identical cards are one
// outcome): the card of one pile, or the pair of cards of a combat (code k0<<8 | k1).
func (s *State) ChanceOutcomes(buf []engine.ChanceOutcome) []engine.ChanceOutcome {
	buf = buf[:0]
	r := s.r
	var w0, w1 law
	if s.single() {
		s.law(int(s.ch.Arg), &w0)
		for _, k := range w0.kinds[:w0.nk] {
			if x := w0.p(r, k, noCard); x > 0 {
				buf = append(buf, engine.ChanceOutcome{Code: uint32(k), Weight: x})
			}
		}
		return buf
	}
	// The pairs of a combat are grouped by what they do: who wins, with which card (the
	// loser's card changes nothing but the used piles), or a draw (of two Jokers, or not).
	var at [2 + 2*maxCards]int16 // group → index+1 in buf
	s.law(0, &w0)
	s.law(1, &w1)
	shared := s.shared()
	var p1 [maxCards]float64 // pile 1's law when it does not depend on pile 0's card
	if !shared {
		for _, k1 := range w1.kinds[:w1.nk] {
			p1[k1] = w1.p(r, k1, noCard)
		}
	}
	for _, k0 := range w0.kinds[:w0.nk] {
		x0 := w0.p(r, k0, noCard)
		if x0 == 0 {
			continue
		}
		for _, k1 := range w1.kinds[:w1.nk] {
			x1 := p1[k1]
			if shared {
				x1 = w1.p(r, k1, k0)
			}
			if x1 == 0 {
				continue
			}
			g := s.combatGroup(k0, k1)
			if at[g] == 0 {
				buf = append(buf, engine.ChanceOutcome{Code: uint32(k0)<<8 | uint32(k1)})
				at[g] = int16(len(buf))
			}
			buf[at[g]-1].Weight += x0 * x1
		}
	}
	return buf
}

// combatGroup is what the combat of cards k0 and k1 (piles 0 and 1) does: 0 a draw, 1 a
// draw of two Jokers, 2 + w·maxCards + k the win of seat (solitaire: colour) w with card k.
func (s *State) combatGroup(k0, k1 uint8) int {
	r := s.r
	if r.players == 1 { // DS-5: a Joker wins, then the stronger weapon, a tie to red
		if r.typ[k0] != tJoker && beats(r.weapon[k1], r.weapon[k0]) {
			return 2 + maxCards + int(k1)
		}
		return 2 + int(k0)
	}
	switch w := r.duoWinner(k0, k1); w {
	case -1:
		if r.typ[k0] == tJoker {
			return 1
		}
		return 0
	case 0:
		return 2 + int(k0)
	default:
		return 2 + maxCards + int(k1)
	}
}

// single reports whether the game's events turn one card (three players, hands) rather
// than the two cards of a combat.
func (s *State) single() bool { return s.r.players == 3 || (s.r.players == 2 && s.r.hand > 0) }

// ForceChance turns the cards of outcome o: each is brought to the top of its pile first
// (from the pile, or from the other pile when the unseen cards are one pool), swapped
// with a card of the same back, so that no back shown changes.
func (s *State) ForceChance(o engine.ChanceOutcome) {
	s.ch.Hook = nil
	p := int(s.ch.Arg)
	switch {
	case s.r.players == 3:
		s.bring(p, uint8(o.Code), false)
		s.resolve(s.piles[p].pop())
	case s.single():
		s.bring(p, uint8(o.Code), false)
		s.drawCard(p)
	default:
		s.bring(0, uint8(o.Code>>8), false)
		s.bring(1, uint8(o.Code), true)
		if s.r.players == 1 {
			s.soloCombat(s.piles[pRed].pop(), s.piles[pBlue].pop())
		} else {
			s.fight(s.piles[0].pop(), s.piles[1].pop())
		}
	}
}

// bring puts a card of kind k on top of pile p: one from p, else (shared pools) one from
// the other pile, skipping that pile's top card when keepOtherTop (already forced).
func (s *State) bring(p int, k uint8, keepOtherTop bool) {
	r := s.r
	top := &s.piles[p]
	t := int(top.n) - 1
	for i := t; i >= 0; i-- {
		if r.kind[top.c[i]] == k {
			top.c[i], top.c[t] = top.c[t], top.c[i]
			return
		}
	}
	if !s.shared() {
		return
	}
	other := &s.piles[1-p]
	n := int(other.n)
	if keepOtherTop {
		n--
	}
	for i := 0; i < n; i++ {
		if r.kind[other.c[i]] == k {
			other.c[i], top.c[t] = top.c[t], other.c[i]
			return
		}
	}
}

// The value features. Solitaire: the pieces on each dragon (DS-6, DS-8), the combats left
// before a deck runs out (DS-9), the pieces still needed per combat left, the Jokers left
// and the Joker operations pending (DS-7). Two and three players, for each seat: its
// progress to the target (DS-14, DS-20: its largest connected group, or its pieces, over
// the target) less the best other seat's, the pieces it holds less the others' mean, the
// pieces still free or on the red dragon, the Joker operations it has pending and, two
// players, its Joker not yet played and (with hands) the Jokers and cards in its hand.
var (
	soloFeatures = []string{"blue", "grey", "combats left", "needed per combat", "jokers left", "joker operations"}
	duoFeatures  = []string{"lead", "progress", "held", "lead*centre", "joker operations", "own joker left", "jokers in hand", "hand"}
	trioFeatures = []string{"lead", "progress", "held", "lead*free", "joker operations", "switched lead"}
)

const featureVersion = "dragonscales/1"

// FeatureSet names the value features of the game's mode.
func (s *State) FeatureSet() (string, []string) {
	switch s.r.players {
	case 1:
		return featureVersion, soloFeatures
	case 2:
		return featureVersion, duoFeatures
	}
	return featureVersion, trioFeatures
}

// Features writes every seat's value features.
func (s *State) Features(out []float64) {
	r := s.r
	ops := 0.0
	if s.phase == phJoker {
		ops = float64(s.ops) / 3
	}
	if r.players == 1 {
		left := float64(min(s.piles[pRed].n, s.piles[pBlue].n))
		need := float64(9 - bits.OnesCount16(s.at[hBlue]))
		jokers := 0.0
		for _, c := range s.piles[pRed].c[:s.piles[pRed].n] {
			if r.typ[c] == tJoker {
				jokers++
			}
		}
		out[0] = float64(bits.OnesCount16(s.at[hBlue])) / 9
		out[1] = float64(bits.OnesCount16(s.at[hGrey])) / 9
		out[2] = left / float64(r.nBlue)
		out[3] = need / 9 / max(left, 1)
		out[4] = jokers
		out[5] = ops
		return
	}
	n := r.players
	src := float64(bits.OnesCount16(s.at[r.src()])) / 9
	var prog, held [3]float64
	heldSum := 0.0
	for seat := 0; seat < n; seat++ {
		prog[seat] = float64(s.measure(s.at[seat])) / float64(r.target)
		held[seat] = float64(bits.OnesCount16(s.at[seat])) / 9
		heldSum += held[seat]
	}
	k := len(duoFeatures)
	var jokerLeft [2]float64 // two players: each seat's own Joker still in a pile
	if n == 3 {
		k = len(trioFeatures)
	} else {
		first := uint8(r.nRed + r.nBlue)
		for _, c := range s.piles[0].c[:s.piles[0].n] {
			if c >= first {
				jokerLeft[c-first] = 1
			}
		}
		for _, c := range s.piles[1].c[:s.piles[1].n] {
			if c >= first {
				jokerLeft[c-first] = 1
			}
		}
	}
	for seat := 0; seat < n; seat++ {
		best := 0.0
		for o := 0; o < n; o++ {
			if o != seat {
				best = max(best, prog[o])
			}
		}
		f := out[seat*k : seat*k+k]
		lead := prog[seat] - best
		f[0] = lead
		f[1] = prog[seat]
		f[2] = held[seat] - (heldSum-held[seat])/float64(n-1)
		f[3] = lead * src
		f[4] = 0
		if int(s.actor) == seat {
			f[4] = ops
		}
		if n == 3 {
			f[5] = 0
			if s.switched {
				f[5] = lead
			}
			continue
		}
		f[5], f[6], f[7] = jokerLeft[seat], 0, 0
		h := &s.hands[seat]
		for _, c := range h.c[:h.n] {
			if r.typ[c] == tJoker {
				f[5] = 1
				f[6]++
			}
		}
		f[7] = float64(h.n) / float64(max(r.hand, 1))
	}
}
