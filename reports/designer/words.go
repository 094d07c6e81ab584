package designer

import (
	"fmt"
	"strconv"
	"strings"

	"dragonlab/engine"
	"dragonlab/reports/format"
)

// Plain words: the game's names (action classes, components, rules parameters) in the
// rules' words with their rule IDs (engine.Glossary), the seatBonus family as starting
// points, and the game's title without its other names. Agent specs and parameter
// literals stay in the provenance.

// words is what a configuration's game says about its names; a game without a glossary
// (or rules that no longer build) leaves the names as they are.
type words struct {
	gl engine.Glossary
}

// wordsOf builds the game's state for the configuration's rules and player count, for its
// glossary.
func wordsOf(c *Config) words {
	g, err := engine.Lookup(c.Game)
	if err != nil {
		return words{}
	}
	p := g.DefaultParams()
	if len(c.Params) > 0 {
		if q, err := engine.ParseParams(g, c.Params); err == nil {
			p = q
		}
	}
	if p.Validate(c.Players) != nil {
		return words{}
	}
	s, err := g.New(p, c.Players)
	if err != nil {
		return words{}
	}
	gl, _ := s.(engine.Glossary)
	return words{gl: gl}
}

// class is an action class in words with its rule: "small scorings (DR-9)".
func (w words) class(name string) string { return w.classTerm(name).Describe(name) }

func (w words) classTerm(name string) engine.Term {
	if w.gl == nil {
		return engine.Term{}
	}
	return w.gl.ClassTerm(name)
}

// component is a component in words with its rule: "Troll 2 (DH-1)".
func (w words) component(name string) string {
	if w.gl == nil {
		return name
	}
	return w.gl.ComponentTerm(name).Describe(name)
}

// param is a rules parameter at a value in words: "a hand of 3 cards (DS-16)"; the
// fallback names the parameter's key ("duoHand 3").
func (w words) param(key string, v float64) string {
	if w.gl != nil {
		if t := w.gl.ParamTerm(key, v); t.Text != "" {
			return t.Describe("")
		}
	}
	return key + " " + format.Trim(v, 2)
}

// paramShort is param without the rule ID, for page-1 cells.
func (w words) paramShort(key string, v float64) string {
	if w.gl != nil {
		if t := w.gl.ParamTerm(key, v); t.Text != "" {
			return t.Text
		}
	}
	return key + " " + format.Trim(v, 2)
}

// seatPoints says the seatBonus family at x in words: "seat 1 starts with 2 points";
// "seats 1–4 start with 2, 4, 6 and 8 points"; "no starting points" at 0.
// Only the differences between the seats' points matter, so a negative x reads the other
// way, as points for the earlier seats (never "starts with -3 points"): "seat 0 starts
// with 3 points"; "seats 0–1 start with 2 and 1 points".
func seatPoints(x float64, players int) string {
	if x == 0 {
		return "no starting points"
	}
	if x < 0 {
		if players == 2 {
			return fmt.Sprintf("seat 0 starts with %s", pointsWord(-x))
		}
		var vs []string
		for s := 0; s < players-1; s++ {
			vs = append(vs, format.Trim(-x*float64(players-1-s), 2))
		}
		return fmt.Sprintf("seats 0–%d start with %s points", players-2, format.JoinAnd(vs))
	}
	if players == 2 {
		return fmt.Sprintf("seat 1 starts with %s", pointsWord(x))
	}
	var vs []string
	for s := 1; s < players; s++ {
		vs = append(vs, format.Trim(x*float64(s), 2))
	}
	return fmt.Sprintf("seats 1–%d start with %s points", players-1, format.JoinAnd(vs))
}

// pointsFor is the seatBonus family at x as a noun phrase: "2 points for seat 1", "2 and 4
// points for seats 1–2"; "no starting points" at 0.
func pointsFor(x float64, players int) string {
	if x == 0 {
		return "no starting points"
	}
	if players == 2 {
		return pointsWord(x) + " for seat 1"
	}
	var vs []string
	for s := 1; s < players; s++ {
		vs = append(vs, format.Trim(x*float64(s), 2))
	}
	return fmt.Sprintf("%s points for seats 1–%d", format.JoinAnd(vs), players-1)
}

func pointsWord(x float64) string {
	if x == 1 {
		return "1 point"
	}
	return format.Trim(x, 2) + " points"
}

// shortTitle is a game's title without its other names: "Draco" for "Draco (Mount
// Drago)".
func shortTitle(title string) string {
	if i := strings.Index(title, " ("); i > 0 {
		return title[:i]
	}
	return title
}

// wordCount counts words as a reader does: runs of non-space characters.
func wordCount(s string) int { return len(strings.Fields(s)) }

// ptsWithUnit is "+7.6 pts [+5.6, +9.6]".
func ptsWithUnit(e Est) string { return format.Pts(e.Value) + " pts " + format.IvPts(e.Estimate) }

// countWord is a count of games to come, rounded up to two significant digits: "1,300".
func countWord(n int64) string { return format.Count(roundUp2(n)) }

// roundUp2 rounds n up to two significant digits (about 1,234 → 1,300), for "about N more
// games".
func roundUp2(n int64) int64 {
	if n < 100 {
		return n
	}
	p := int64(1)
	for n/p >= 100 {
		p *= 10
	}
	return (n + p - 1) / p * p
}

func itoa(n int) string { return strconv.Itoa(n) }
