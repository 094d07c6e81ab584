package draco

import (
	"math"
	"math/bits"

	"dragonlab/engine"
)

// Chance events (engine.ChanceEvents) and value features (engine.ValueFeatures).
//
// The chance events of Draco are the riding cards (DR-5: a colour nobody rides yet and a
// card of it, "rider"), the cards of the opening hands ("deal") and the cards drawn later
// (DR-10, "draw"). The draw pile is one shared pile whose make-up is the deck less every
// card seen (played, riding, discarded or in a hand: a value function may see every
// hand), so a card drawn is a chance event over the cards of the pile, each equally
// likely.

// Kinds of chance event, in the order of ChanceKinds.
const (
	chRider uint8 = iota
	chDeal
	chDraw
)

var chanceKinds = []string{"rider", "deal", "draw"}

var (
	_ engine.ChanceEvents  = (*State)(nil)
	_ engine.ValueFeatures = (*State)(nil)
)

// emptyTable is the table before the riding cards: nobody rides, nothing is in front of
// anybody or in a hand, and the scores are the starting points.
func (s *State) emptyTable() {
	for seat := range s.ride {
		s.ride[seat], s.stack[seat], s.handLen[seat], s.score[seat] = 0, 0, 0, 0
		if seat < int(s.n) {
			s.score[seat] = s.r.seatBonus[seat]
		}
	}
}

// mount gives seat the riding card k (DR-5) and takes it out of the pile.
func (s *State) mount(seat int, k uint8) {
	c := k >> 4
	s.ride[seat] = c
	s.rider[c] = int8(seat)
	s.stack[seat] = 1
	for j := 0; j < int(s.pileLen); j++ {
		if s.pile[j] == k {
			s.pileLen--
			s.pile[j] = s.pile[s.pileLen]
			return
		}
	}
}

// ChanceKinds are rider, deal and draw.
func (s *State) ChanceKinds() []string { return chanceKinds }

// ResetObserved is Reset, calling h around the riding cards and the opening hands.
func (s *State) ResetObserved(seed uint64, h engine.ChanceHook) { s.ch.ResetObserved(s, seed, h) }

// ApplyObserved is Apply, calling h around every card drawn.
func (s *State) ApplyObserved(a engine.Action, h engine.ChanceHook) { s.ch.ApplyObserved(s, a, h) }

// ChanceKind is the kind of the pending event.
func (s *State) ChanceKind() int { return s.ch.ChanceKind() }

// ChanceOutcomes lists the cards (colour × value) the pending event may give, weighted by
// their number: for a riding card, every card of a colour nobody rides (DR-5: the colour
// and the card are both uniform); for a card drawn, the cards of the pile.
func (s *State) ChanceOutcomes(buf []engine.ChanceOutcome) []engine.ChanceOutcome {
	buf = buf[:0]
	r := s.r
	var count [NumDragons * 16]uint8
	if s.ch.Kind == chRider {
		for c := 0; c < NumDragons; c++ {
			if s.rider[c] < 0 {
				for d := 0; d < r.distinct; d++ {
					count[c<<4|d] = r.kindCount[c<<4|d]
				}
			}
		}
	} else {
		for _, k := range s.pile[:s.pileLen] {
			count[k]++
		}
	}
	for k, n := range count {
		if n > 0 {
			buf = append(buf, engine.ChanceOutcome{Code: uint32(k), Weight: float64(n)})
		}
	}
	return buf
}

// ForceChance gives the pending event's seat card o.Code: as its riding card, or drawn
// from the pile.
func (s *State) ForceChance(o engine.ChanceOutcome) {
	s.ch.Hook = nil
	seat, k := int(s.ch.Arg), uint8(o.Code)
	if s.ch.Kind == chRider {
		s.mount(seat, k)
		return
	}
	for j := 0; j < int(s.pileLen); j++ {
		if s.pile[j] == k {
			s.take(seat, j)
			return
		}
	}
}

// The value features, for each seat against the others: "lead" is the seat's points less
// the best other seat's (the winner has the most points, DR-14), "ahead" its points less
// the others' mean; "end" is how near the end is (the larger of the summit arrivals over
// dragonsToEnd, DR-13, and the mean progress of the three dragons nearest the summit);
// "square" is the value of the square under the seat's dragon (what the next big scoring
// pays it, DR-9) and "position" how far up its dragon is, both less the others' mean;
// "push" is the movement the seat holds in cards of its own dragon's colour, less the
// others' mean; "best scoring" is the most the seat could gain on the best other seat
// with one card of its hand, by the scoring the card's move triggers (DR-8, DR-9: a free
// dragon ridden from then on), less the others' mean — what its hand is worth.
var featureNames = []string{
	"lead", "lead*end", "lead*end^2", "leader*end", "ahead",
	"square", "square*end", "position", "on summit", "push", "to move",
	"odds 3", "odds 10", "odds 30",
	"best scoring", "best scoring to move", "odds with hand",
}

const featureVersion = "draco/2"

// FeatureSet names the value features.
func (s *State) FeatureSet() (string, []string) { return featureVersion, featureNames }

// Features writes every seat's value features.
func (s *State) Features(out []float64) {
	r := s.r
	n := int(s.n)
	var top [3]int
	for c := 0; c < NumDragons; c++ {
		p := int(s.pos[c])
		for i := range top {
			if p > top[i] {
				p, top[i] = top[i], p
			}
		}
	}
	end := float64(top[0]+top[1]+top[2]) / float64(3*r.last)
	end = max(end, float64(bits.OnesCount16(s.onSummit))/float64(r.toEnd))
	if s.phase == phOver {
		end = 1
	}
	var square, position, push, play [MaxPlayers]float64
	var scoreSum, squareSum, posSum, pushSum, bestSum float64
	for seat := 0; seat < n; seat++ {
		c := s.ride[seat]
		square[seat] = float64(r.value[s.pos[c]])
		position[seat] = float64(s.pos[c]) / float64(r.last)
		for _, k := range s.hand[seat][:s.handLen[seat]] {
			if k>>4 == c {
				push[seat] += float64(r.cardValue[k&15])
			}
		}
		play[seat] = float64(s.bestScoring(seat))
		scoreSum += float64(s.score[seat])
		squareSum += square[seat]
		posSum += position[seat]
		pushSum += push[seat]
		bestSum += play[seat]
	}
	k := len(featureNames)
	others := float64(max(n-1, 1))
	for seat := 0; seat < n; seat++ {
		best := int16(-1 << 14)
		for o := 0; o < n; o++ {
			if o != seat {
				best = max(best, s.score[o])
			}
		}
		if n == 1 {
			best = 0
		}
		f := out[seat*k : seat*k+k]
		lead := float64(s.score[seat]-best) / 10
		f[0] = lead
		f[1] = lead * end
		f[2] = lead * end * end
		f[3] = sign(lead) * end
		f[4] = (float64(s.score[seat]) - (scoreSum-float64(s.score[seat]))/others) / 10
		sq := square[seat] - (squareSum-square[seat])/others
		f[5] = sq / 10
		f[6] = sq / 10 * end
		f[7] = position[seat] - (posSum-position[seat])/others
		f[8] = 0
		if s.onSummit&(1<<s.ride[seat]) != 0 {
			f[8] = 1
		}
		f[9] = (push[seat] - (pushSum-push[seat])/others) / 10
		f[10] = 0
		if int(s.toMove) == seat {
			f[10] = 1
		}
		// The lead squashed by how much can still change (tanh(points / (c·(1 − end + 0.1)))).
		left := 1 - end + 0.1
		f[11] = math.Tanh(10 * lead / (3 * left))
		f[12] = math.Tanh(10 * lead / (10 * left))
		f[13] = math.Tanh(10 * lead / (30 * left))
		b := (play[seat] - (bestSum-play[seat])/others) / 10
		f[14] = b
		f[15] = b * f[10]
		f[16] = math.Tanh((10*lead + 10*b*(0.5+0.5*f[10])) / (10 * left))
	}
}

// bestScoring is the most seat could gain on the best other seat with one card of its
// hand: for each card, the move (stopping on the last summit square, DR-7), the dragon it
// rides afterwards (a free dragon is ridden from then on, DR-8: the better choice when it
// was last) and the scoring the move triggers (DR-9), each seat's gain less the best other
// gain; 0 when no card scores (playing it changes no score).
func (s *State) bestScoring(seat int) int {
	r := s.r
	n := int(s.n)
	best := 0
	prev := uint8(0xFF)
	for _, k := range s.hand[seat][:s.handLen[seat]] {
		if k == prev {
			continue
		}
		prev = k
		c := k >> 4
		before := int(s.pos[c])
		after := min(before+int(r.cardValue[k&15]), r.last)
		big := r.kind[after] == sqGreen || (r.kind[after] == sqSummit && before < r.summitStart)
		small := r.kind[after] == sqBlue
		if !big && !small {
			continue
		}
		for _, switchTo := range [2]bool{false, true} {
			if switchTo && s.rider[c] >= 0 {
				continue
			}
			if !switchTo && s.rider[c] < 0 && s.lastMask&(1<<c) == 0 {
				continue // a free dragon not in last place must be ridden
			}
			var gain [MaxPlayers]int
			for o := 0; o < n; o++ {
				d := s.ride[o]
				if o == seat && switchTo {
					d = c
				}
				p := int(s.pos[d])
				if d == c {
					p = after
				}
				v := int(r.value[p])
				if big || v <= int(r.smallMax) {
					gain[o] = v
				}
			}
			other := -1 << 20
			for o := 0; o < n; o++ {
				if o != seat {
					other = max(other, gain[o])
				}
			}
			if n == 1 {
				other = 0
			}
			best = max(best, gain[seat]-other)
		}
	}
	return best
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
