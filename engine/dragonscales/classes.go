package dragonscales

import "dragonlab/engine"

// Action classes (engine.ActionClasser), by game (DS-23):
//
//   - solitaire: the Joker's operations move (red>blue, DS-7), move-back (grey>red) and stop;
//   - two players: the Joker's take (a piece from the red dragon, DS-17), steal (from the
//     opponent, DS-17, DS-18) and stop; with the hand variant (DS-16) also the plays by
//     card colour (play-red, play-blue, play-joker) and by weapon (play-net, play-club,
//     play-sword; a Joker has no weapon);
//   - three players: the gestures net, club, sword (DS-11), pile-left and pile-right
//     (DS-12), and the Joker's take (a free piece), steal and stop (DS-12, DS-13).
//
// stop is legal beside every other Joker operation, so forbidding take, steal or move
// never leaves a Joker without a legal action; forbidding stop forces every operation.
var (
	soloClasses = []string{"move", "move-back", "stop"}
	duoClasses  = []string{"take", "steal", "stop"}
	handClasses = []string{"take", "steal", "stop", "play-red", "play-blue", "play-joker", "play-net", "play-club", "play-sword"}
	trioClasses = []string{"net", "club", "sword", "pile-left", "pile-right", "take", "steal", "stop"}
)

var _ engine.ActionClasser = (*State)(nil)

var _ engine.ChoiceClasser = (*State)(nil)

// ChoiceClasses are every class but the plays of the hand variant: the Joker's operations
// (a piece to move, take or steal, or stop: DS-7, DS-12, DS-17), the gestures (DS-11) and
// the piles (DS-12) spend nothing the seat holds. The hand variant's plays (DS-16) decide
// which card leaves the hand.
func (s *State) ChoiceClasses() uint64 {
	n := len(s.ActionClasses())
	if s.r.players == 2 && s.r.hand > 0 {
		return 1<<3 - 1 // take, steal, stop
	}
	return 1<<n - 1
}

// ActionClasses names the classes of this game.
func (s *State) ActionClasses() []string {
	switch {
	case s.r.players == 1:
		return soloClasses
	case s.r.players == 3:
		return trioClasses
	case s.r.hand > 0:
		return handClasses
	}
	return duoClasses
}

// ActionClass is the set of classes of a, legal in s.
func (s *State) ActionClass(a engine.Action) uint64 {
	k, arg := split(a)
	trio := s.r.players == 3
	switch k {
	case kGesture:
		return 1 << arg
	case kPile:
		return 1 << (3 + arg)
	case kMoveRB:
		return 1 << 0
	case kMoveGR:
		return 1 << 1
	case kTake, kSteal, kStop:
		i := int(k - kTake) // take 0, steal 1, stop 2
		if s.r.players == 1 {
			return 1 << 2 // stop
		}
		if trio {
			i += 5
		}
		return 1 << i
	case kPlay:
		c := arg // the card kind is the lowest id of identical cards
		switch s.r.typ[c] {
		case tJoker:
			return 1 << 5
		case tRed:
			return 1<<3 | 1<<(6+s.r.weapon[c])
		default:
			return 1<<4 | 1<<(6+s.r.weapon[c])
		}
	}
	return 0
}
