package draco

import (
	"strconv"
	"strings"

	"dragonlab/engine"
)

// The rules' words for the names of reports (engine.Glossary).

var _ engine.Glossary = (*State)(nil)

var classTerms = map[string]engine.Term{
	"switch-dragon": {Text: "switching to a free dragon", Rule: "DR-8"},
	"stay":          {Text: "declining a switch", Rule: "DR-8"},
	"move-own":      {Text: "moving one's own dragon", Rule: "DR-7"},
	"move-other":    {Text: "moving another player's dragon", Rule: "DR-7"},
	"move-free":     {Text: "moving a free dragon", Rule: "DR-8"},
	"move-summit":   {Text: "moving a dragon already on the summit", Rule: "DR-9"},
	"reach-summit":  {Text: "bringing a dragon to the summit", Rule: "DR-9"},
	"score-small":   {Text: "small scorings", Rule: "DR-9"},
	"score-big":     {Text: "big scorings", Rule: "DR-9"},
	"discard":       {Text: "discarding summit cards", Rule: "DR-11"},
	"done":          {Text: "ending the discards", Rule: "DR-11"},
}

var achTerms = map[string]engine.Term{
	"switch":         {Text: "switching dragon", Rule: "DR-8"},
	"stay":           {Text: "declining a switch", Rule: "DR-8"},
	"small scoring":  {Text: "triggering a small scoring", Rule: "DR-9"},
	"big scoring":    {Text: "triggering a big scoring", Rule: "DR-9"},
	"summit arrival": {Text: "bringing a dragon to the summit", Rule: "DR-9"},
	"discard":        {Text: "discarding a summit card", Rule: "DR-11"},
	"summit rider":   {Text: "riding a summit dragon at the end", Rule: "DR-13"},
}

// ClassTerm names an action class in the rules' words.
func (s *State) ClassTerm(class string) engine.Term {
	if v, ok := strings.CutPrefix(class, "play-"); ok {
		return engine.Term{Text: "playing " + v + "s", Rule: "DR-7"}
	}
	return classTerms[class]
}

// ComponentTerm names a component: a dragon, an achievement or a card value.
func (s *State) ComponentTerm(c string) engine.Term {
	if v, ok := strings.CutPrefix(c, "card "); ok {
		return engine.Term{Text: "cards of value " + v, Rule: "DR-2"}
	}
	if strings.HasSuffix(c, " dragon") {
		return engine.Term{Text: "the " + c, Rule: "DR-1"}
	}
	return achTerms[c]
}

// ParamTerm says what a parameter's value means.
func (s *State) ParamTerm(key string, v float64) engine.Term {
	x := strconv.FormatFloat(v, 'f', -1, 64)
	switch key {
	case "handSize":
		return engine.Term{Text: "a hand of " + x + " cards", Rule: "DR-10"}
	case "smallScoringMax":
		return engine.Term{Text: "small scorings paying squares up to " + x, Rule: "DR-9"}
	case "summitSquares":
		return engine.Term{Text: x + " summit squares", Rule: "DR-3"}
	case "dragonsToEnd":
		return engine.Term{Text: "the game ending when " + x + " dragons reach the summit", Rule: "DR-13"}
	}
	return engine.Term{}
}
