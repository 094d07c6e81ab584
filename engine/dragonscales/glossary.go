package dragonscales

import (
	"strconv"
	"strings"

	"dragonlab/engine"
)

// The rules' words for the names of reports (engine.Glossary).

var _ engine.Glossary = (*State)(nil)

var classTerms = map[string]engine.Term{
	"move":       {Text: "a Joker moving pieces to the blue dragon", Rule: "DS-7"},
	"move-back":  {Text: "a Joker bringing pieces back from grey", Rule: "DS-7"},
	"stop":       {Text: "stopping a Joker's moves early", Rule: "DS-23"},
	"take":       {Text: "a Joker taking a piece", Rule: "DS-17"},
	"steal":      {Text: "a Joker stealing a piece", Rule: "DS-17"},
	"play-red":   {Text: "playing red cards", Rule: "DS-16"},
	"play-blue":  {Text: "playing blue cards", Rule: "DS-16"},
	"play-joker": {Text: "playing the Joker", Rule: "DS-16"},
	"play-net":   {Text: "playing net cards", Rule: "DS-16"},
	"play-club":  {Text: "playing club cards", Rule: "DS-16"},
	"play-sword": {Text: "playing sword cards", Rule: "DS-16"},
	"net":        {Text: "showing the net", Rule: "DS-11"},
	"club":       {Text: "showing the club", Rule: "DS-11"},
	"sword":      {Text: "showing the sword", Rule: "DS-11"},
	"pile-left":  {Text: "taking from the left pile", Rule: "DS-12"},
	"pile-right": {Text: "taking from the right pile", Rule: "DS-12"},
}

var compTerms = map[string]engine.Term{
	"joker":      {Text: "the Jokers", Rule: "DS-3"},
	"red card":   {Text: "red cards", Rule: "DS-3"},
	"blue card":  {Text: "blue cards", Rule: "DS-3"},
	"net":        {Text: "the net", Rule: "DS-2"},
	"club":       {Text: "the club", Rule: "DS-2"},
	"sword":      {Text: "the sword", Rule: "DS-2"},
	"pile left":  {Text: "the left pile", Rule: "DS-12"},
	"pile right": {Text: "the right pile", Rule: "DS-12"},
}

// ClassTerm names an action class in the rules' words.
func (s *State) ClassTerm(class string) engine.Term { return classTerms[class] }

// ComponentTerm names a component: a piece (scale), a card kind, a weapon or a pile.
func (s *State) ComponentTerm(c string) engine.Term {
	for _, n := range s.r.cellName {
		if n == c {
			return engine.Term{Text: "the " + strings.ReplaceAll(c, "-", " ") + " scale", Rule: "DS-1"}
		}
	}
	return compTerms[c]
}

// ParamTerm says what a parameter's value means.
func (s *State) ParamTerm(key string, v float64) engine.Term {
	x := strconv.FormatFloat(v, 'f', -1, 64)
	switch key {
	case "soloJokers":
		if v == 1 {
			return engine.Term{Text: "1 Joker in the solitaire", Rule: "DS-4"}
		}
		return engine.Term{Text: x + " Jokers in the solitaire", Rule: "DS-4"}
	case "duoHand":
		if v == 0 {
			return engine.Term{Text: "cards turned from the pile", Rule: "DS-16"}
		}
		return engine.Term{Text: "a hand of " + x + " cards", Rule: "DS-16"}
	case "trioTarget":
		return engine.Term{Text: "winning with " + x + " connected scales", Rule: "DS-14"}
	case "duoTarget":
		return engine.Term{Text: "winning with " + x + " scales", Rule: "DS-20"}
	case "maxRounds":
		return engine.Term{Text: "a draw after " + x + " combats", Rule: "DS-21"}
	}
	return engine.Term{}
}
