package draco

import (
	"fmt"
	"strconv"

	"dragonlab/engine"
)

// ActionText is the spec's text form (DR-16, DR-17): "red 3", "black 4 ride",
// "black 4 stay", "discard red 2", "done".
func (s *State) ActionText(a engine.Action) string {
	if a == actDone {
		return "done"
	}
	k := int(a & kindMask)
	if k>>4 >= NumDragons || k&15 >= s.r.distinct || a&^(kindMask|optRide|optStay|actDiscard) != 0 {
		return "invalid#" + strconv.Itoa(int(a))
	}
	t := s.r.text[k]
	switch {
	case a&actDiscard != 0:
		return "discard " + t
	case a&(optRide|optStay) == optRide:
		return t + " ride"
	case a&(optRide|optStay) == optStay:
		return t + " stay"
	}
	return t
}

// ParseAction finds the legal action whose text is text (for tests and tools).
func (s *State) ParseAction(text string) (engine.Action, error) {
	var buf [64]engine.Action
	for _, a := range s.Legal(buf[:0]) {
		if s.ActionText(a) == text {
			return a, nil
		}
	}
	return 0, fmt.Errorf("%q is not a legal action now", text)
}
