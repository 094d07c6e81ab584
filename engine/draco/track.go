package draco

import (
	"strconv"

	"dragonlab/engine"
)

// Components (engine.Tracker): the ten dragons ("blue dragon" …, DR-1), the achievements
// below, then one component per distinct card value ("card 1" … "card 5", DR-2). Events:
//
//   - dealt: the dragon the seat rides from the start (DR-5), the values of its opening hand;
//   - drawn: a card value drawn later (DR-10);
//   - played: a card value played (DR-7);
//   - switched: a dragon the seat switched onto during the game (DR-8);
//   - final: the dragon it rides at the end;
//   - achieved: the achievements.
//
// Card values alone, not colour × value: colour × value needs up to 10 × 16 components
// (cardValues allows 16 distinct values), more than the 64 a game may name, and even at
// the default 50 it would leave no room for the dragons; and the colours are interchangeable
// by the rules (one shared track, DR-3), so a card's colour matters only relative to the
// dragons ridden when it is played, which its own component cannot say (that relation is
// in the action classes: move-own, move-other, move-free). The dragon components are the
// symmetry check: their win rates must agree within noise.
const (
	evDealt = iota
	evDrawn
	evPlayed
	evSwitched
	evFinal
	evAchieved
	numEvents
)

var trackEvents = []string{"dealt", "drawn", "played", "switched", "final", "achieved"}

// Achievements, in the order of their components after the dragons (fixed bits, so that
// recording one is a constant OR).
const (
	achSwitch      = iota // changed dragon (DR-8), forced or by ride
	achStay               // declined an offered switch (DR-8)
	achSmall              // triggered a small scoring (DR-9, blue square)
	achBig                // triggered a big scoring (DR-9, green square or summit arrival)
	achArrival            // moved a dragon onto the summit for the first time (DR-9, DR-13)
	achDiscard            // discarded summit cards (DR-11)
	achSummitRider        // rode a dragon on the summit at the end of the game
	numAch
)

var achNames = [numAch]string{"switch", "stay", "small scoring", "big scoring", "summit arrival", "discard", "summit rider"}

// tracks are the records of one game, inside the value state.
type tracks struct {
	on   bool
	bits [MaxPlayers][numEvents]uint64
}

// Component bits: dragon c is bit c, then the achievements, then the card values.
const (
	compAch   = NumDragons
	compValue = compAch + numAch
)

// trackRules are the component tables compiled with the rules.
type trackRules struct {
	names []string
}

func (r *rules) buildTracking() {
	for c := 0; c < NumDragons; c++ {
		r.trk.names = append(r.trk.names, colourNames[c]+" dragon")
	}
	r.trk.names = append(r.trk.names, achNames[:]...)
	for d := 0; d < r.distinct; d++ {
		r.trk.names = append(r.trk.names, "card "+strconv.Itoa(int(r.cardValue[d])))
	}
}

var _ engine.Tracker = (*State)(nil)

// Components names the dragons, the card values and the achievements.
func (s *State) Components() []string { return s.r.trk.names }

// TrackEvents are dealt, drawn, played, switched, final and achieved.
func (s *State) TrackEvents() []string { return trackEvents }

// SetTracking turns recording on or off; it takes effect from the next Reset on (the deal
// is recorded by Reset). Turning it off clears the records: while off they stay zero, so
// Reset has nothing to clear.
func (s *State) SetTracking(on bool) {
	s.trk.on = on
	if !on {
		s.trk.bits = [MaxPlayers][numEvents]uint64{}
	}
}

// Tracked is the set of components on which event happened to seat in this game. The
// records of the end (the dragon ridden, a summit rider) follow from the final state, so
// they are read from it rather than written by Apply.
func (s *State) Tracked(seat, event int) uint64 {
	b := s.trk.bits[seat][event]
	if s.phase == phOver && s.trk.on {
		c := s.ride[seat]
		switch {
		case event == evFinal:
			b |= 1 << c
		case event == evAchieved && s.onSummit&(1<<c) != 0:
			b |= 1 << (compAch + achSummitRider)
		}
	}
	return b
}

// valueBit is the component of card kind k's value.
func valueBit(k uint8) uint64 { return 1 << (compValue + k&15) }

func (s *State) achieve(seat, ach int) {
	s.trk.bits[seat][evAchieved] |= 1 << (compAch + ach)
}

// trackDeal turns the deal's draws into the opening hands and records the dragons ridden
// from the start (DR-5).
func (s *State) trackDeal() {
	for seat := 0; seat < int(s.n); seat++ {
		b := &s.trk.bits[seat]
		b[evDealt], b[evDrawn] = b[evDrawn]|1<<s.ride[seat], 0
	}
}

// trackPlay records, before it is applied, the play of card k by seat with option a: its
// value, a switch or a stay (DR-8). Apply records the scorings (DR-9).
func (s *State) trackPlay(seat int, k uint8, a engine.Action) {
	b := &s.trk.bits[seat]
	b[evPlayed] |= valueBit(k)
	c := k >> 4
	if s.rider[c] < 0 {
		if a&optStay != 0 {
			b[evAchieved] |= 1 << (compAch + achStay)
		} else {
			b[evAchieved] |= 1 << (compAch + achSwitch)
			b[evSwitched] |= 1 << c
		}
	}
}

var _ engine.Lengther = (*State)(nil)

// Length is the number of cards played (DR-7): each adds one to its player's stack, which
// starts with the riding card (DR-5).
func (s *State) Length() int {
	n := 0
	for seat := 0; seat < int(s.n); seat++ {
		n += int(s.stack[seat]) - 1
	}
	return n
}

// LengthUnit is "plays".
func (s *State) LengthUnit() string { return "plays" }
