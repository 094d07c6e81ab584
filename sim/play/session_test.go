package play

import (
	"strings"
	"testing"
	"unicode/utf8"

	"dragonlab/engine"
	_ "dragonlab/engine/all"
)

// plainConsole is a console without a terminal that prints nothing (for the parts of a
// session tested without a game).
type plainConsole struct{}

func (plainConsole) Terminal() bool                { return false }
func (plainConsole) Clear()                        {}
func (plainConsole) Print(string)                  {}
func (plainConsole) ReadLine() (string, error)     { return "", nil }
func (plainConsole) Paint(_ Role, s string) string { return s }

// Answers: a number, the exact text (any case), a unique prefix; an ambiguous prefix is
// explained with the actions it fits.
func TestPlayAnswers(t *testing.T) {
	ps := &Session{con: plainConsole{}}
	texts := []string{"red 3", "red 4 ride", "red 4 stay", "blue 1", "discard green 2"}
	for in, want := range map[string]int{"1": 0, "5)": 4, "RED 3": 0, "blue": 3, "red 4 s": 2, "disc": 4, " Blue   1 ": 3, "green": 4, "4 ride": 1} {
		if got, msg := ps.answer(0, in, make([]engine.Action, len(texts)), texts); got != want {
			t.Errorf("%q: %d (%s), want %d", in, got, msg, want)
		}
	}
	for in, want := range map[string]string{"red 4": "fits 2 actions: 2) red 4 ride, 3) red 4 stay", "6": "no action 6", "yellow": "not an action", "": "Type the number"} {
		if got, msg := ps.answer(0, in, make([]engine.Action, len(texts)), texts); got != -1 || !strings.Contains(msg, want) {
			t.Errorf("%q: %d %q, want a message with %q", in, got, msg, want)
		}
	}
}

// The rules command lists, one line each, the rules of the current choice from the spec.
func TestPlayRulesOfAChoice(t *testing.T) {
	for game, tc := range map[string]struct {
		texts []string
		ids   []string
	}{
		"dragonheart":  {[]string{"2 princess (1,3) >petrified", "1 hero (2) >troll"}, []string{"DH-5", "DH-11", "DH-14", "DH-13"}},
		"draco":        {[]string{"discard red 2", "done"}, []string{"DR-11", "DR-17"}},
		"redhot":       {[]string{"tough+cape", "tough"}, []string{"RH-9", "RH-3"}},
		"dragonscales": {[]string{"net", "club", "sword"}, []string{"DS-11", "DS-2"}},
	} {
		ids := rulesFor(game, tc.texts)
		lines := ruleLines(game, ids, 100)
		if len(lines) != len(ids) {
			t.Fatalf("%s: %d lines for %v", game, len(lines), ids)
		}
		for _, id := range tc.ids {
			found := false
			for _, l := range lines {
				found = found || strings.HasPrefix(l, id+" ")
			}
			if !found {
				t.Fatalf("%s: no line for %s in %q", game, id, lines)
			}
		}
		for _, l := range lines {
			if strings.Contains(l, "\n") || utf8.RuneCountInString(l) > 100 {
				t.Fatalf("%s: not one short line: %q", game, l)
			}
		}
	}
	// Every ID named in the map exists in its game's specification.
	for game, rules := range choiceRules {
		spec := parseRules(engine.RulesText(game))
		for _, cr := range rules {
			for _, id := range cr.ids {
				if _, ok := spec[id]; !ok {
					t.Errorf("%s: rule %s is not in the specification", game, id)
				}
			}
		}
	}
}
