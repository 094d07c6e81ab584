package dragonscales

import "dragonlab/engine"

// Components (engine.Tracker), by game (the player count):
//
//   - every game: the nine pieces, in cell order (DS-1, named as in actions:
//     "green-triangle" …), then "joker" (DS-3);
//   - two and three players: "red card" and "blue card" (DS-3);
//   - three players: the gestures "net", "club", "sword" (DS-11) and the piles "pile
//     left", "pile right" (DS-12).
//
// Events (fixed per game; the lists leave out those that cannot happen in it):
//
//   - dealt: a card type in the opening hand (two-player hand variant, DS-16);
//   - drawn: a card type that came to the seat: turned from its pile (solitaire: the
//     Joker turned from the red deck; two players), drawn into the hand later (hand
//     variant), or won from a pile (three players, DS-12, DS-13);
//   - played: a card type played from the hand (hand variant); a gesture shown, a pile
//     chosen (three players);
//   - won: the card type that won the seat a combat (two players, DS-16); the gesture
//     that won it the throw giving a card (three players, DS-11);
//   - taken: a piece the seat took: free or from the red dragon (DS-12, DS-17), or moved
//     onto the blue dragon (solitaire, DS-6, DS-7);
//   - stolen: a piece it stole from an opponent (DS-12, DS-13, DS-17, DS-18);
//   - lost: a piece an opponent stole from it; in the solitaire, a piece the blue card
//     sent to the grey dragon (DS-8);
//   - held: a piece on its dragon at the end (solitaire: on the blue dragon).
const (
	evDealt = iota
	evDrawn
	evPlayed
	evWon
	evTaken
	evStolen
	evLost
	evHeld
	numEvents
)

var eventNames = [numEvents]string{"dealt", "drawn", "played", "won", "taken", "stolen", "lost", "held"}

// Component bits after the nine pieces (bit = cell).
const (
	compJoker     = 9
	compRed       = 10
	compBlue      = 11
	compWeapon    = 12 // + weapon (three players)
	compPileLeft  = 15
	compPileRight = 16
)

var compNames = [...]string{9: "joker", "red card", "blue card", "net", "club", "sword", "pile left", "pile right"}

// tracks are the records of one game, inside the value state. At most 17 components: 32
// bits are enough, and a smaller state is cheaper to deal (Reset zeroes it) when tracking
// is off — a measurable share of a one-microsecond solitaire.
type tracks struct {
	on   bool
	bits [3][numEvents]uint32
}

// trackRules are the lists and tables compiled with the rules.
type trackRules struct {
	names  []string
	events []string
	ev     []uint8        // internal event of each listed event
	card   [maxIDs]uint32 // component of each card id
}

func (r *rules) buildTracking() {
	n := compJoker + 1
	var evs []uint8
	switch r.players {
	case 1:
		evs = []uint8{evDrawn, evTaken, evLost, evHeld}
	case 2:
		n = compBlue + 1
		evs = []uint8{evDrawn, evWon, evTaken, evStolen, evLost, evHeld}
		if r.hand > 0 {
			evs = []uint8{evDealt, evDrawn, evPlayed, evWon, evTaken, evStolen, evLost, evHeld}
		}
	default:
		n = compPileRight + 1
		evs = []uint8{evDrawn, evPlayed, evWon, evTaken, evStolen, evLost, evHeld}
	}
	r.trk.names = append(append([]string(nil), r.cellName[:]...), compNames[9:n]...)
	r.trk.ev = evs
	for _, e := range evs {
		r.trk.events = append(r.trk.events, eventNames[e])
	}
	for c := 0; c < r.ids(); c++ {
		switch r.typ[c] {
		case tJoker:
			r.trk.card[c] = 1 << compJoker
		case tRed:
			r.trk.card[c] = 1 << compRed
		default:
			r.trk.card[c] = 1 << compBlue
		}
		if r.players == 1 && r.typ[c] != tJoker {
			r.trk.card[c] = 0 // the solitaire names only the Joker
		}
	}
}

var _ engine.Tracker = (*State)(nil)

// Components names the pieces, the Joker and, with several players, the card colours,
// gestures and piles.
func (s *State) Components() []string { return s.r.trk.names }

// TrackEvents lists the events of this game.
func (s *State) TrackEvents() []string { return s.r.trk.events }

// SetTracking turns recording on or off; it takes effect from the next Reset on.
func (s *State) SetTracking(on bool) { s.trk.on = on }

// Tracked is the set of components on which event happened to seat in this game.
// The pieces held at the end follow from the final state, so they are read from it rather
// than written when the game ends.
func (s *State) Tracked(seat, event int) uint64 {
	e := s.r.trk.ev[event]
	b := uint64(s.trk.bits[seat][e])
	if e == evHeld && s.phase == phOver && s.trk.on {
		h := seat
		if s.r.players == 1 {
			h = hBlue
		}
		b |= uint64(s.at[h])
	}
	return b
}

// trackHands records as event the cards of the hands from index from[seat] on.
func (s *State) trackHands(event int, from [2]uint8) {
	for seat := range 2 {
		h := &s.hands[seat]
		for _, c := range h.c[from[seat]:h.n] {
			s.trk.bits[seat][event] |= s.r.trk.card[c]
		}
	}
}

// trackGain records the pieces of m moving to the actor (DS-12, DS-13, DS-17, DS-18):
// taken from the free pieces or the red dragon, stolen from (lost by) an opponent.
func (s *State) trackGain(m uint16) {
	a := s.actor
	b := &s.trk.bits
	b[a][evTaken] |= uint32(m & s.at[s.r.src()])
	for seat := 0; seat < s.r.players; seat++ {
		if seat != int(a) {
			if x := uint32(m & s.at[seat]); x != 0 {
				b[seat][evLost] |= x
				b[a][evStolen] |= x
			}
		}
	}
}

var _ engine.Lengther = (*State)(nil)

// Length is the number of combats (DS-5, DS-11, DS-16; DS-21 counts them too).
func (s *State) Length() int { return int(s.combats) }

// LengthUnit is "combats".
func (s *State) LengthUnit() string { return "combats" }
