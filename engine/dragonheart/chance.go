package dragonheart

import (
	"math"

	"dragonlab/engine"
)

// Chance events (engine.ChanceEvents) and value features (engine.ValueFeatures).
//
// The chance events of Dragonheart are the cards drawn — into the opening hands (DH-4,
// "deal") and by the refills (DH-8, "draw") — and the card taken at random from the former
// owner of the figurine (DH-14). A draw is a chance event over the cards of the drawer's
// pile, which nobody has seen (each deck's make-up is public, its order is not), each card
// equally likely; a DH-14 card lying on top of a pile is known to its owner, so drawing it
// is no chance event.

// Kinds of chance event, in the order of ChanceKinds.
const (
	chDeal uint8 = iota
	chDraw
	chTheft
)

var chanceKinds = []string{"deal", "draw", "DH-14 card"}

var (
	_ engine.ChanceEvents  = (*State)(nil)
	_ engine.ValueFeatures = (*State)(nil)
)

// ChanceKinds are deal, draw and DH-14 card.
func (s *State) ChanceKinds() []string { return chanceKinds }

// ResetObserved is Reset, calling h around every card of the opening hands.
func (s *State) ResetObserved(seed uint64, h engine.ChanceHook) { s.ch.ResetObserved(s, seed, h) }

// ApplyObserved is Apply, calling h around every chance event it resolves.
func (s *State) ApplyObserved(a engine.Action, h engine.ChanceHook) { s.ch.ApplyObserved(s, a, h) }

// ChanceKind is the kind of the pending event.
func (s *State) ChanceKind() int { return s.ch.ChanceKind() }

// ChanceOutcomes lists the cards the pending event may give, weighted by their number:
// the cards of the drawer's pile, or of the losing seat's hand (DH-14).
func (s *State) ChanceOutcomes(buf []engine.ChanceOutcome) []engine.ChanceOutcome {
	buf = buf[:0]
	p := int(s.ch.Arg)
	var m *counts
	var pile counts
	if s.ch.Kind == chTheft {
		m = &s.hand[p]
	} else {
		for _, c := range s.pile[p][:s.pileN[p]] {
			pile[cardType(c)][cardVI(c)]++
		}
		m = &pile
	}
	for t := range m {
		for vi, n := range m[t] {
			if n > 0 {
				buf = append(buf, engine.ChanceOutcome{Code: uint32(cardCode(t, vi)), Weight: float64(n)})
			}
		}
	}
	return buf
}

// ForceChance draws card o.Code (it is put on top of the pile first: the order of the
// rest does not matter to anyone), or takes it from the losing hand (DH-14).
func (s *State) ForceChance(o engine.ChanceOutcome) {
	s.ch.Hook = nil
	p, c := int(s.ch.Arg), uint8(o.Code)
	if s.ch.Kind == chTheft {
		s.putBack(p, c)
		return
	}
	pile := s.pile[p][:s.pileN[p]]
	for j := len(pile) - 1; j >= 0; j-- {
		if pile[j] == c {
			pile[j], pile[len(pile)-1] = pile[len(pile)-1], c
			break
		}
	}
	s.drawTop(p)
}

// The value features, seat-relative (own minus the opponent's where both have one):
// scores include the figurine bonus and starting points (DH-19); "end" is how far the game
// is from its end (the larger of the share of both decks drawn and of the voyages sailed,
// DH-15, DH-16), 1 in the final turn; "take" is the most a seat could take with one play
// of the cards in its hand now (DH-10..DH-13), the figurine's bonus included; the
// "odds" are the score difference d squashed by how much can still change,
// tanh(d / (c·(1 − end + 0.1))) for a few scales c (a linear model of them can bend like a
// chance of winning), the last one with the difference of takes and hand values added.
var featureNames = []string{
	"score", "score*end", "score*end^2", "lead*end", "lead*final",
	"figurine", "hand value", "hand size", "pile", "take", "take to move",
	"to move", "board*end", "dwarfs on board",
	"odds 5", "odds 15", "odds 40", "odds with hand",
}

const featureVersion = "dragonheart/1"

// FeatureSet names the value features.
func (s *State) FeatureSet() (string, []string) { return featureVersion, featureNames }

// Features writes both seats' value features.
func (s *State) Features(out []float64) {
	r := s.r
	deck := float64(r.deckN)
	drawn := 1 - (float64(s.pileN[0])+float64(s.pileN[1]))/(2*deck)
	end := max(drawn, float64(s.voyages)/float64(r.voyagesToEnd))
	final := 0.0
	if s.finalTurn || s.terminal {
		end, final = 1, 1
	}
	var board int32
	for t := range s.boardSum {
		board += s.boardSum[t]
	}
	board += s.holdSum
	var handV, take [2]float64
	for p := 0; p < 2; p++ {
		var v int32
		for t := range s.hand[p] {
			for vi, n := range s.hand[p][t] {
				v += int32(n) * r.val[t][vi]
			}
		}
		handV[p] = float64(v)
		take[p] = float64(s.bestTake(p))
	}
	k := len(featureNames)
	for p := 0; p < 2; p++ {
		o := 1 - p
		f := out[p*k : p*k+k]
		d := float64(s.score32(p)-s.score32(o)) / 10
		lead := sign(d)
		f[0] = d
		f[1] = d * end
		f[2] = d * end * end
		f[3] = lead * end
		f[4] = lead * final
		f[5] = 0
		if int(s.fig) == p {
			f[5] = 1
		} else if int(s.fig) == o {
			f[5] = -1
		}
		f[6] = (handV[p] - handV[o]) / 10
		f[7] = float64(int(s.handN[p])-int(s.handN[o])) / 5
		f[8] = float64(int(s.pileN[p])-int(s.pileN[o])) / deck
		f[9] = (take[p] - take[o]) / 10
		mover := 1.0
		if int(s.toMove) != p {
			mover = -1
		}
		f[10] = mover * take[int(s.toMove)] / 10
		f[11] = mover
		f[12] = mover * float64(board) / 10 * end
		f[13] = mover * float64(s.boardN[tDwarf]) / float64(r.capacity[tDwarf])
		left := 1 - end + 0.1
		pts := 10 * d
		f[14] = math.Tanh(pts / (5 * left))
		f[15] = math.Tanh(pts / (15 * left))
		f[16] = math.Tanh(pts / (40 * left))
		f[17] = math.Tanh((pts + 0.5*(take[p]-take[o]) + 0.3*(handV[p]-handV[o])) / (15 * left))
	}
}

func sign(x float64) float64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// bestTake is the most seat p could take with one play of its hand now (DH-10..DH-13),
// the figurine's bonus counted when a Princess would take it.
func (s *State) bestTake(p int) int32 {
	r := s.r
	has := func(t int) bool { return s.typeN[p][t] > 0 }
	fills := func(t int) bool {
		return has(t) && s.typeN[p][t] >= r.capacity[t]-s.boardN[t]
	}
	best := int32(0)
	if has(tFire) {
		best = max(best, s.boardSum[tTreasure])
	}
	if has(tPrincess) {
		best = max(best, s.boardSum[tTreasure])
		if s.boardN[tPetrified] > 0 {
			v := s.boardSum[tPetrified]
			if int(s.fig) != p {
				v += r.dragonBonus
			}
			best = max(best, v)
		}
	}
	if has(tTroll) {
		best = max(best, s.boardSum[tPrincess])
	}
	if fills(tDwarf) {
		best = max(best, s.boardSum[tDwarf]+int32(r.capacity[tDwarf]-s.boardN[tDwarf]))
	}
	if fills(tHero) {
		best = max(best, s.boardSum[tPrincess], s.boardSum[tTroll])
	}
	if fills(tSlayer) {
		best = max(best, s.boardSum[tFire])
	}
	if fills(tShip) {
		best = max(best, s.holdSum)
	}
	return best
}
