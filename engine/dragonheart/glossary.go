package dragonheart

import (
	"strconv"
	"strings"

	"dragonlab/engine"
)

// The rules' words for the names of reports (engine.Glossary).

var _ engine.Glossary = (*State)(nil)

// typeTitles are the card types as the rules name them (DH-1), in typeWords order.
var typeTitles = [numTypes]string{"Treasure chest", "Fire dragon", "Petrified dragon", "Princess", "Troll", "Dwarf", "Hero", "Dragon slayer", "Ship"}

// typeAction is the rule of each type's action (DH-10..DH-13; none for Treasure chest and
// Petrified dragon: DH-7).
var typeAction = [numTypes]string{"DH-7", "DH-10", "DH-7", "DH-11", "DH-12", "DH-13", "DH-13", "DH-13", "DH-13"}

var classTerms = map[string]engine.Term{
	"choose-treasure":  {Text: "a Princess taking the Treasure chests", Rule: "DH-11"},
	"choose-petrified": {Text: "a Princess taking the Petrified dragons", Rule: "DH-11"},
	"choose-princess":  {Text: "Heroes taking the Princesses", Rule: "DH-13"},
	"choose-troll":     {Text: "Heroes taking the Trolls", Rule: "DH-13"},
	"several":          {Text: "playing several cards at once", Rule: "DH-5"},
	"fill":             {Text: "filling a limited space", Rule: "DH-6"},
	"sail":             {Text: "completing a voyage", Rule: "DH-13"},
	"take-figurine":    {Text: "taking the Dragon figurine", Rule: "DH-11"},
}

var achTerms = map[string]engine.Term{
	"figurine":        {Text: "taking the Dragon figurine", Rule: "DH-11"},
	"figurine theft":  {Text: "taking the figurine from the opponent", Rule: "DH-14"},
	"card put back":   {Text: "a card put back on the pile", Rule: "DH-14"},
	"voyage":          {Text: "completing a voyage", Rule: "DH-13"},
	"final voyage":    {Text: "completing the last voyage", Rule: "DH-15"},
	"figurine at end": {Text: "owning the figurine at the end", Rule: "DH-19"},
}

// ClassTerm names an action class in the rules' words.
func (s *State) ClassTerm(class string) engine.Term {
	if w, ok := strings.CutPrefix(class, "play-"); ok {
		for t, tw := range typeWords {
			if tw == w {
				return engine.Term{Text: "playing " + typeTitles[t] + " cards", Rule: typeAction[t]}
			}
		}
	}
	return classTerms[class]
}

// ComponentTerm names a component: a card of a type and value, a card of a type (the
// substitutions: engine.Substituter), or an achievement.
func (s *State) ComponentTerm(c string) engine.Term {
	for t, tw := range typeWords {
		if tw == c {
			return engine.Term{Text: "a " + typeTitles[t] + " card", Rule: "DH-1"}
		}
	}
	if w, v, ok := strings.Cut(c, " "); ok {
		if _, err := strconv.Atoi(v); err == nil {
			for t, tw := range typeWords {
				if tw == w {
					return engine.Term{Text: typeTitles[t] + " " + v, Rule: "DH-1"}
				}
			}
		}
	}
	return achTerms[c]
}

// ParamTerm says what a parameter's value means.
func (s *State) ParamTerm(key string, v float64) engine.Term {
	x := strconv.FormatFloat(v, 'f', -1, 64)
	switch key {
	case "handSize":
		return engine.Term{Text: "a hand of " + x + " cards", Rule: "DH-8"}
	case "dragonHandSize":
		return engine.Term{Text: "a hand of " + x + " cards with the figurine", Rule: "DH-8"}
	case "dragonBonus":
		return engine.Term{Text: "the figurine worth " + x + " points", Rule: "DH-19"}
	case "voyagesToEnd":
		return engine.Term{Text: "the game ending after " + x + " voyages", Rule: "DH-15"}
	case "dwarf", "hero", "slayer", "ship":
		for t, tw := range typeWords {
			if tw == key {
				return engine.Term{Text: "the " + typeTitles[t] + " space holding " + x + " cards", Rule: "DH-2"}
			}
		}
	}
	return engine.Term{}
}
