package redhot

import (
	"strconv"

	"dragonlab/engine"
)

// Components (engine.Tracker): the seven magic items (RH-3, in that order), the four
// adventurers (RH-2), the spots ("spot 1" nearest the dragon, RH-1), then the achievements
// below. Events:
//
//   - used: an item played (RH-8, RH-9), an adventurer sent (RH-9), a spot chosen (RH-11);
//   - burned: an adventurer burned for good (RH-12, RH-14: not one the Phoenix feather
//     saved), the spot he stood on, and the item he had played with (the Fire cape that
//     did not protect him, the Doubling bag he did not bring back …);
//   - achieved: the achievements.
//
// Red Hot deals no cards: there is no dealt or drawn event (every item and adventurer is
// in every player's hands from the start).
const (
	evUsed = iota
	evBurned
	evAchieved
	numEvents
)

var trackEvents = []string{"used", "burned", "achieved"}

// Achievements, in the order of their components after the spots.
const (
	achRescued  = iota // rescued the princess (RH-15)
	achDeclined        // took the treasures instead of rescuing her (RH-15)
	achSaved           // the Phoenix feather saved his adventurer from a flame (RH-14)
	achOut             // was eliminated (RH-10)
	numAch
)

var achNames = [numAch]string{"princess rescued", "princess declined", "phoenix saved", "eliminated"}

// Component bits.
const (
	compItem = 0                 // + item
	compAdv  = compItem + nItems // + adventurer
	compSpot = compAdv + nAdv    // + spot - 1
)

// tracks are the records of one game, inside the value state.
type tracks struct {
	on   bool
	bits [maxSeats][numEvents]uint64
}

// itemBit is the component of an item; noItem has none.
var itemBit = func() (b [noItem + 1]uint64) {
	for it := range nItems {
		b[it] = 1 << (compItem + it)
	}
	return b
}()

func advBit(a uint8) uint64   { return 1 << (compAdv + a) }
func spotBit(sp uint8) uint64 { return 1 << (compSpot + sp - 1) }

// buildTracking names the components for these rules.
func (r *rules) buildTracking() {
	r.trkNames = append(append([]string(nil), itemNames[:]...), advNames[:]...)
	for sp := 1; sp <= r.spots; sp++ {
		r.trkNames = append(r.trkNames, "spot "+strconv.Itoa(sp))
	}
	r.trkNames = append(r.trkNames, achNames[:]...)
}

var _ engine.Tracker = (*State)(nil)

// Components names the items, adventurers, spots and achievements.
func (s *State) Components() []string { return s.r.trkNames }

// TrackEvents are used, burned and achieved.
func (s *State) TrackEvents() []string { return trackEvents }

// SetTracking turns recording on or off; it takes effect from the next Reset on.
func (s *State) SetTracking(on bool) { s.trk.on = on }

// Tracked is the set of components on which event happened to seat in this game.
func (s *State) Tracked(seat, event int) uint64 { return s.trk.bits[seat][event] }

func (s *State) achieve(seat uint8, ach int) {
	s.trk.bits[seat][evAchieved] |= 1 << (compSpot + s.r.spots + ach)
}

var _ engine.Lengther = (*State)(nil)

// Length is the number of rounds resolved (RH-7 … RH-15).
func (s *State) Length() int { return int(s.done) }

// LengthUnit is "rounds".
func (s *State) LengthUnit() string { return "rounds" }
