package redhot

import (
	"strconv"
	"strings"

	"dragonlab/engine"
)

// The rules' words for the names of reports (engine.Glossary).

var _ engine.Glossary = (*State)(nil)

// advLong names the adventurers as the rules do (RH-2).
var advLong = [nAdv]string{"Hothead", "Teaser", "Tough", "Icebox"}

var classTerms = map[string]engine.Term{
	"use-stone": {Text: "playing the Destiny stone", Rule: "RH-8"},
	"no-item":   {Text: "sending without an item", Rule: "RH-9"},
	"no-stone":  {Text: "keeping the Destiny stone", Rule: "RH-8"},
	"take":      {Text: "taking spot 1's treasure, not the princess", Rule: "RH-15"},
	"rescue":    {Text: "rescuing the princess", Rule: "RH-15"},
}

var achTerms = map[string]engine.Term{
	"princess rescued":  {Text: "rescuing the princess", Rule: "RH-15"},
	"princess declined": {Text: "leaving the princess held", Rule: "RH-15"},
	"phoenix saved":     {Text: "an adventurer saved by the Phoenix feather", Rule: "RH-14"},
	"eliminated":        {Text: "being eliminated", Rule: "RH-10"},
}

// ClassTerm names an action class in the rules' words.
func (s *State) ClassTerm(class string) engine.Term {
	if it, ok := strings.CutPrefix(class, "use-"); ok && it != "stone" {
		for i, n := range itemNames {
			if n == it {
				return engine.Term{Text: "using the " + itemLong[i], Rule: "RH-9"}
			}
		}
	}
	if a, ok := strings.CutPrefix(class, "send-"); ok {
		for i, n := range advNames {
			if n == a {
				return engine.Term{Text: "sending the " + advLong[i], Rule: "RH-9"}
			}
		}
	}
	if sp, ok := strings.CutPrefix(class, "spot-"); ok {
		return engine.Term{Text: "placing on spot " + sp, Rule: "RH-11"}
	}
	return classTerms[class]
}

// ComponentTerm names a component: an item, an adventurer, a spot or an achievement.
func (s *State) ComponentTerm(c string) engine.Term {
	for i, n := range itemNames {
		if n == c {
			return engine.Term{Text: "the " + itemLong[i], Rule: "RH-3"}
		}
	}
	for i, n := range advNames {
		if n == c {
			return engine.Term{Text: "the " + advLong[i], Rule: "RH-2"}
		}
	}
	if strings.HasPrefix(c, "spot ") {
		return engine.Term{Text: c, Rule: "RH-1"}
	}
	return achTerms[c]
}

// ParamTerm says what a parameter's value means.
func (s *State) ParamTerm(key string, v float64) engine.Term {
	x := strconv.FormatFloat(v, 'f', -1, 64)
	switch key {
	case "spots":
		return engine.Term{Text: "a lair of " + x + " spots", Rule: "RH-1"}
	case "stoneBonus":
		return engine.Term{Text: "an unused stone worth " + x + " treasures", Rule: "RH-16"}
	case "furyBonus":
		return engine.Term{Text: "the fury adding " + x + " to the flame", Rule: "RH-12"}
	case "capeBonus":
		return engine.Term{Text: "the Fire cape adding " + x + " to resistance", Rule: "RH-12"}
	case "furyInLastCards":
		return engine.Term{Text: "the fury among the last " + x + " cards", Rule: "RH-6"}
	}
	return engine.Term{}
}
