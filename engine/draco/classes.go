package draco

import (
	"strconv"

	"dragonlab/engine"
)

// Action classes (engine.ActionClasser). A play (DR-7, DR-16) is in
//
//   - exactly one of move-own (the seat's own dragon), move-other (a dragon another seat
//     rides) and move-free (a free dragon, DR-8);
//   - switch-dragon when it makes the seat change dragon (a free dragon: forced, or "ride"),
//     stay when it declines the offered switch ("stay");
//   - move-summit when the dragon is already on the summit (the move triggers nothing),
//     reach-summit when it arrives there (DR-9, DR-13);
//   - score-small / score-big when it triggers a small / big scoring (DR-9; an arrival on
//     the summit is a big scoring);
//   - play-<v> for its card value (DR-2).
//
// The discard step (DR-11, DR-17) has discard and done. Every class but done can be
// avoided whenever another action is legal; done is only ever legal beside discards.
const (
	clSwitch = iota
	clStay
	clMoveOwn
	clMoveOther
	clMoveFree
	clMoveSummit
	clReachSummit
	clScoreSmall
	clScoreBig
	clDiscard
	clDone
	clPlay // + value index
)

var fixedClasses = []string{"switch-dragon", "stay", "move-own", "move-other", "move-free", "move-summit",
	"reach-summit", "score-small", "score-big", "discard", "done"}

var _ engine.ActionClasser = (*State)(nil)

// buildClasses names the classes: the fixed ones, then play-<v> per distinct card value.
func (r *rules) buildClasses() {
	r.classes = append([]string(nil), fixedClasses...)
	for d := 0; d < r.distinct; d++ {
		r.classes = append(r.classes, "play-"+strconv.Itoa(int(r.cardValue[d])))
	}
}

// ActionClasses names the classes for these rules.
func (s *State) ActionClasses() []string { return s.r.classes }

var _ engine.ChoiceClasser = (*State)(nil)

// ChoiceClasses is stay: declining an offered switch has its twin, the same card played
// with "ride" (DR-8). Every other class decides which card leaves the hand (switch-dragon
// too: most switches are forced by the card played) or which summit cards are discarded.
func (s *State) ChoiceClasses() uint64 { return 1 << clStay }

// ActionClass is the set of classes of a, legal in s.
func (s *State) ActionClass(a engine.Action) uint64 {
	switch {
	case a == actDone:
		return 1 << clDone
	case a&actDiscard != 0:
		return 1 << clDiscard
	}
	r := s.r
	k := uint8(a & kindMask)
	c := k >> 4
	cl := uint64(1) << (clPlay + int(k&15))
	switch rider := s.rider[c]; {
	case int(rider) == int(s.toMove):
		cl |= 1 << clMoveOwn
	case rider >= 0:
		cl |= 1 << clMoveOther
	default:
		cl |= 1 << clMoveFree
		if a&optStay != 0 {
			cl |= 1 << clStay
		} else {
			cl |= 1 << clSwitch
		}
	}
	before := int(s.pos[c])
	after := min(before+int(r.cardValue[k&15]), r.last)
	switch r.kind[after] {
	case sqBlue:
		cl |= 1 << clScoreSmall
	case sqGreen:
		cl |= 1 << clScoreBig
	case sqSummit:
		if before >= r.summitStart {
			cl |= 1 << clMoveSummit
		} else {
			cl |= 1<<clReachSummit | 1<<clScoreBig
		}
	}
	return cl
}
