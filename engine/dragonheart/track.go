package dragonheart

import (
	"math/bits"
	"strconv"

	"dragonlab/engine"
)

// Components (engine.Tracker). A component is a card of the deck, type × value ("princess
// 3", "ship 0": every distinct value of the deck parameter, DH-1, in the canonical type
// order of DH-23 and ascending value), then the achievements below. Events:
//
//   - dealt: the card was in the seat's opening hand (DH-4);
//   - drawn: the seat drew it later (DH-8), a card put back by DH-14 and drawn again included;
//   - played: the seat played it (DH-5);
//   - achieved: the seat made the achievement.
//
// At most 9 types × 6 values (the limits of Validate) plus 6 achievements: 60 ≤ 64.
const (
	evDealt = iota
	evDrawn
	evPlayed
	evAchieved
	numEvents
)

var trackEvents = []string{"dealt", "drawn", "played", "achieved"}

// Achievements, in the order of their components after the cards.
const (
	achFigurine    = iota // took the Dragon figurine: came to own it (DH-11)
	achTheft              // took it from the opponent (DH-11, DH-14)
	achCardLost           // had a hand card put back on his pile by the opponent's theft (DH-14)
	achVoyage             // completed a voyage (DH-13)
	achFinalVoyage        // completed the voyage that ends the game (voyagesToEnd, DH-15)
	achFigurineEnd        // owned the figurine at the end of the game (its bonus, DH-19)
	numAch
)

var achNames = [numAch]string{"figurine", "figurine theft", "card put back", "voyage", "final voyage", "figurine at end"}

// tracks are the records of one game: per seat and event, a bitset of components. They
// live in the value state, so a copy is still an assignment.
type tracks struct {
	on   bool
	bits [2][numEvents]uint64
}

// trackRules are the component tables compiled with the rules.
type trackRules struct {
	names []string
	card  [numTypes << 3]uint64 // component bit of each card code
	first [numTypes]uint8       // component index of each type's lowest value
	ach   uint8                 // component index of the first achievement
}

func (r *rules) buildTracking() {
	k := 0
	for t := 0; t < numTypes; t++ {
		r.trk.first[t] = uint8(k)
		for vi := 0; vi < int(r.nv[t]); vi++ {
			r.trk.names = append(r.trk.names, typeWords[t]+" "+strconv.Itoa(int(r.val[t][vi])))
			r.trk.card[cardCode(t, vi)] = 1 << k
			k++
		}
	}
	r.trk.ach = uint8(k)
	r.trk.names = append(r.trk.names, achNames[:]...)
}

var _ engine.Tracker = (*State)(nil)

// Components names the cards of the deck (type value) and the achievements.
func (s *State) Components() []string { return s.r.trk.names }

// TrackEvents are dealt, drawn, played and achieved.
func (s *State) TrackEvents() []string { return trackEvents }

// SetTracking turns recording on or off; it takes effect from the next Reset on (the
// opening hands are recorded by Reset).
func (s *State) SetTracking(on bool) { s.trk.on = on }

// Tracked is the set of components on which event happened to seat in this game. The
// owner of the figurine at the end follows from the final state, so it is read from it
// rather than written when the game ends.
func (s *State) Tracked(seat, event int) uint64 {
	b := s.trk.bits[seat][event]
	if event == evAchieved && s.terminal && s.trk.on && int(s.fig) == seat {
		b |= 1 << (int(s.r.trk.ach) + achFigurineEnd)
	}
	return b
}

// trackDeal turns what Reset's refills recorded as drawn into the opening hands (DH-4).
func (s *State) trackDeal() {
	for p := range s.trk.bits {
		b := &s.trk.bits[p]
		b[evDealt], b[evDrawn] = b[evDrawn], 0
	}
}

// trackPlay records the cards of play a by me (DH-5). The components of one type are
// consecutive bits from first[t], one per value index, so the played values (the non-zero
// count nibbles of a) map onto them directly.
func (s *State) trackPlay(me int, a engine.Action) {
	t := int(a >> typeShift & 15)
	m := uint64(0)
	for x := uint32(a) & (1<<typeShift - 1); x != 0; x &= x - 1 {
		m |= 1 << (bits.TrailingZeros32(x) >> 2)
	}
	s.trk.bits[me][evPlayed] |= m << s.r.trk.first[t]
}

func (s *State) achieve(seat, ach int) {
	s.trk.bits[seat][evAchieved] |= 1 << (int(s.r.trk.ach) + ach)
}

// trackFigurine records me taking the figurine (DH-11): from the opponent it is a theft,
// and lost says whether the opponent had a card put back (DH-14).
func (s *State) trackFigurine(me int, lost bool) {
	if int(s.fig) == me {
		return // he keeps it: nothing taken
	}
	s.achieve(me, achFigurine)
	if int(s.fig) == 1-me {
		s.achieve(me, achTheft)
	}
	if lost {
		s.achieve(1-me, achCardLost)
	}
}

// trackVoyage records a voyage completed by me (DH-13, DH-15).
func (s *State) trackVoyage(me int) {
	s.achieve(me, achVoyage)
	if s.voyages == s.r.voyagesToEnd {
		s.achieve(me, achFinalVoyage)
	}
}

var _ engine.Lengther = (*State)(nil)

// Length is the number of turns played (DH-5, a pass included, DH-16).
func (s *State) Length() int { return int(s.turn) }

// LengthUnit is "turns".
func (s *State) LengthUnit() string { return "turns" }
