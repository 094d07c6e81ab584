package redhot

import (
	"math"
	"math/bits"

	"dragonlab/engine"
)

// Chance events (engine.ChanceEvents) and value features (engine.ValueFeatures).
//
// The chance events of Red Hot are the Dragon cards turned (RH-7, "dragon card"), the dice
// of each flame (RH-12, RH-13, "flame dice") and the king's reward (RH-15, "king's
// reward"). A card turned is a chance event over the cards of the deck nobody has seen:
// the deck's make-up is public (the whole deck less the cards turned), its order is not,
// except that Dragon's fury lies among the last furyInLastCards cards (RH-6). So before
// that stretch the card is any of the unseen cards but the fury, equally likely; within
// it, any unseen card, the fury included, equally likely (given that the fury has not come
// yet, it is equally likely in every remaining place). A flame card borrowed from the
// discards in the fury round is known to everybody: no chance event.

// Kinds of chance event, in the order of ChanceKinds.
const (
	chCard uint8 = iota
	chFlame
	chKing
)

var chanceKinds = []string{"dragon card", "flame dice", "king's reward"}

var (
	_ engine.ChanceEvents  = (*State)(nil)
	_ engine.ValueFeatures = (*State)(nil)
)

// ChanceKinds are dragon card, flame dice and king's reward.
func (s *State) ChanceKinds() []string { return chanceKinds }

// ResetObserved is Reset, calling h around the cards turned for the first round.
func (s *State) ResetObserved(seed uint64, h engine.ChanceHook) { s.ch.ResetObserved(s, seed, h) }

// ApplyObserved is Apply, calling h around every chance event it resolves.
func (s *State) ApplyObserved(a engine.Action, h engine.ChanceHook) { s.ch.ApplyObserved(s, a, h) }

// ChanceKind is the kind of the pending event.
func (s *State) ChanceKind() int { return s.ch.ChanceKind() }

// flameOutcome is one group of dice of a flame: the dice of one representative and the
// number of the 216 equally likely throws that give the same power and range.
type flameOutcome struct {
	d [3]uint8
	w float64
}

// flameOutcomes[powSel][rngSel] groups the 216 throws of three dice by the power and
// range the prediction picks from them (RH-12): what a flame does depends on nothing else.
var flameOutcomes = func() (t [3][3][]flameOutcome) {
	for ps := range uint8(3) {
		for rs := range uint8(3) {
			var at [7][7]int // index+1 in the list by (power, range)
			for _, x := range dice3 {
				p, r := x.sorted[ps], x.sorted[rs]
				if at[p][r] == 0 {
					t[ps][rs] = append(t[ps][rs], flameOutcome{d: x.raw})
					at[p][r] = len(t[ps][rs])
				}
				t[ps][rs][at[p][r]-1].w++
			}
		}
	}
	return t
}()

// ChanceOutcomes lists the pending event's outcomes: the unseen cards by code (weighted
// by their number; the fury only where it may lie), the flame's throws grouped by the
// power and range they give (two plain dice under Dragon's anger), or the sum of the
// king's two dice.
func (s *State) ChanceOutcomes(buf []engine.ChanceOutcome) []engine.ChanceOutcome {
	buf = buf[:0]
	switch s.ch.Kind {
	case chCard:
		var count [cardFury + 1]uint8
		for _, c := range s.deck[s.top:s.deckLen] {
			count[c]++
		}
		if count[cardFury] > 0 && int(s.top) < s.r.furyLo {
			count[cardFury] = 0 // RH-6: not yet
		}
		for c, n := range count {
			if n > 0 {
				buf = append(buf, engine.ChanceOutcome{Code: uint32(c), Weight: float64(n)})
			}
		}
	case chFlame:
		if s.anger {
			for a := uint8(1); a <= 6; a++ {
				for b := uint8(1); b <= 6; b++ {
					buf = append(buf, engine.ChanceOutcome{Code: diceCode([3]uint8{a, b, 0}), Weight: 1})
				}
			}
			break
		}
		for _, o := range flameOutcomes[s.powSel][s.rngSel] {
			buf = append(buf, engine.ChanceOutcome{Code: diceCode(o.d), Weight: o.w})
		}
	case chKing:
		for sum := 2; sum <= 12; sum++ {
			buf = append(buf, engine.ChanceOutcome{Code: uint32(sum), Weight: float64(6 - abs(sum-7))})
		}
	}
	return buf
}

func diceCode(d [3]uint8) uint32 { return uint32(d[0])<<8 | uint32(d[1])<<4 | uint32(d[2]) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// ForceChance turns card o.Code (it is moved to the top of the deck first: the order of
// the rest is nobody's knowledge), throws the dice o.Code for the flame, or gives the
// king's reward o.Code.
func (s *State) ForceChance(o engine.ChanceOutcome) {
	s.ch.Hook = nil
	switch s.ch.Kind {
	case chCard:
		c := uint8(o.Code)
		for j := s.top; j < s.deckLen; j++ {
			if s.deck[j] == c {
				s.deck[j], s.deck[s.top] = s.deck[s.top], c
				break
			}
		}
		c, _ = s.draw()
		s.turn(c)
	case chFlame:
		s.flame(int(s.ch.Arg), [3]uint8{uint8(o.Code >> 8), uint8(o.Code >> 4 & 15), uint8(o.Code & 15)})
	case chKing:
		sum := uint8(o.Code)
		k1 := min(sum-1, 6)
		s.rescue(s.ch.Arg, k1, sum-k1)
	}
}

// The value features, for each seat against the others still in: "lead" is the seat's
// treasures, the stone's bonus counted while it may still come (RH-16), less the best
// other seat's (the most treasures wins, RH-17), "ahead" less the others' mean; "end" is
// the share of the Dragon deck turned, 1 in the fury round (RH-16); "sure gain" is what
// the seat's adventurer brings home this round once every flame has burnt (RH-15), "gain
// at stake" what it would bring while a flame is still to come; "team", "items" and
// "burned" count adventurers and items left and adventurers in the Hall of Flame, less the
// others' mean.
var featureNames = []string{
	"lead", "lead*end", "lead*end^2", "leader*end", "leader*fury", "ahead",
	"out", "team", "items", "burned", "stone left", "rescuer",
	"sure gain", "gain at stake", "gain at stake*fury",
	"odds 2", "odds 6", "odds 20",
}

const featureVersion = "redhot/1"

// FeatureSet names the value features.
func (s *State) FeatureSet() (string, []string) { return featureVersion, featureNames }

// Features writes every seat's value features.
func (s *State) Features(out []float64) {
	r := s.r
	n := int(s.n)
	end := float64(s.top) / float64(max(s.deckLen, 1))
	fury := 0.0
	if s.fury || s.phase == phaseOver {
		end, fury = 1, 1
	}
	flamesLeft := s.phase != phasePrincess && s.phase != phaseOver && int(s.flamed) < 1+int(b2u(s.second))
	var proj, team, items, burned, sure, stake [maxSeats]float64
	var sums [6]float64
	for seat := range n {
		sc := s.score[seat]
		if s.phase != phaseOver {
			sc += int32(s.stones(uint8(seat))) * r.stoneBonus // every stone kept (RH-16; two with a substitution)
		}
		proj[seat] = float64(sc)
		// Second copies (a substitution, substitute.go) count too.
		team[seat] = float64(bits.OnesCount8(s.team[seat]) + bits.OnesCount8(s.team2[seat]))
		items[seat] = float64(nItems - bits.OnesCount8(s.used[seat]) + bits.OnesCount8(s.spare[seat]))
		burned[seat] = float64(bits.OnesCount8(s.hall[seat]) + bits.OnesCount8(s.hall2[seat]))
		if s.inLair&(1<<seat) != 0 && s.spotOf[seat] != 0 {
			g := float64(r.treasure[s.spotOf[seat]])
			if s.item[seat] == itemBag {
				g *= 2
			}
			if flamesLeft {
				stake[seat] = g
			} else {
				sure[seat] = g
			}
		}
		for i, v := range [...]float64{proj[seat], team[seat], items[seat], burned[seat], sure[seat], stake[seat]} {
			sums[i] += v
		}
	}
	k := len(featureNames)
	others := float64(max(n-1, 1))
	rel := func(i int, x float64) float64 { return x - (sums[i]-x)/others }
	for seat := range n {
		best := -1e9
		for o := range n {
			if o != seat && s.active(uint8(o)) {
				best = max(best, proj[o])
			}
		}
		if best == -1e9 {
			best = 0 // nobody else in
		}
		f := out[seat*k : seat*k+k]
		lead := (proj[seat] - best) / 10
		f[0] = lead
		f[1] = lead * end
		f[2] = lead * end * end
		f[3] = sign(lead) * end
		f[4] = sign(lead) * fury
		f[5] = rel(0, proj[seat]) / 10
		f[6] = 0
		if !s.active(uint8(seat)) {
			f[6] = 1
		}
		f[7] = rel(1, team[seat]) / nAdv
		f[8] = rel(2, items[seat]) / nItems
		f[9] = rel(3, burned[seat]) / nAdv
		f[10] = float64(s.stones(uint8(seat)))
		f[11] = 0
		if int(s.rescuer) == seat {
			f[11] = 1
		}
		f[12] = rel(4, sure[seat]) / 10
		f[13] = rel(5, stake[seat]) / 10
		f[14] = f[13] * fury
		// The lead with this round's sure gains, squashed by how much can still change.
		left := 1 - end + 0.1
		pts := 10*lead + sure[seat]
		f[15] = math.Tanh(pts / (2 * left))
		f[16] = math.Tanh(pts / (6 * left))
		f[17] = math.Tanh(pts / (20 * left))
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
