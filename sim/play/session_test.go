package play

import (
	"strings"
	"testing"
	"unicode/utf8"

	"dragonlab/engine"
	_ "dragonlab/engine/all"
)

// Answers: a number or the full text (any case, any spacing); a part of a name — its
// first letters, a word of it — is never played: it is answered with the actions it fits.
func TestPlayAnswers(t *testing.T) {
	ps := &Session{con: &scriptConsole{w: 100}}
	texts := []string{"red 3", "red 4 ride", "red 4 stay", "blue 1", "discard green 2"}
	for in, want := range map[string]int{"1": 0, "5)": 4, "RED 3": 0, " Blue   1 ": 3, "discard green 2": 4} {
		if got, msg := ps.answer(0, in, make([]engine.Action, len(texts)), texts); got != want {
			t.Errorf("%q: %d (%s), want %d", in, got, msg, want)
		}
	}
	for in, want := range map[string]string{"red 4": "fits 2 actions: 2) red 4 ride, 3) red 4 stay", "blue": "4) blue 1",
		"disc": "5) discard green 2", "4 ride": "2) red 4 ride", "6": "no action 6", "yellow": "not an action", "": "Type the number"} {
		if got, msg := ps.answer(0, in, make([]engine.Action, len(texts)), texts); got != -1 || !strings.Contains(msg, want) {
			t.Errorf("%q: %d %q, want a message with %q", in, got, msg, want)
		}
	}
}

// Issue 36: "h" or "sh" typed at a Dragonheart choice does not play the hero or the ship
// (it lists them); the command names stay commands.
func TestPlayAPrefixNeverPlays(t *testing.T) {
	ps := &Session{con: &scriptConsole{w: 100}, Config: Config{Game: mustGame(t, "dragonheart")}}
	texts := []string{"1 hero (1)", "1 ship (0)", "2 troll (3)"}
	legal := make([]engine.Action, len(texts))
	for _, in := range []string{"h", "he", "hero", "sh", "s", "1 hero", "troll"} {
		if got, msg := ps.answer(0, in, legal, texts); got != -1 || !strings.Contains(msg, "Nothing was played") {
			t.Errorf("%q played %d (%q)", in, got, msg)
		}
	}
	if got, _ := ps.answer(0, "1 hero (1)", legal, texts); got != 0 {
		t.Errorf("the full name does not play the hero: %d", got)
	}
	if got, msg := ps.answer(0, "help", legal, texts); got != -1 || !strings.Contains(msg, "Commands:") {
		t.Errorf("help: %d %q", got, msg)
	}
}

// The rules command prints the rules of the current choice whole (DH-13 with its Hero,
// Slayer and Ship lines, DH-1 with its table), never an implementation note; rules ID
// prints one rule; every ID of the table of choices is in its game's specification.
func TestPlayRulesOfAChoice(t *testing.T) {
	for game, tc := range map[string]struct {
		texts []string
		ids   []string
		want  []string
	}{
		"dragonheart": {[]string{"2 princess (1,3) >petrified", "1 hero (2) >troll"}, []string{"DH-5", "DH-11", "DH-14", "DH-13"},
			[]string{"Ship (3rd card): take every card in the ship's hold", "Then both Heroes move into the ship's hold."}},
		"draco":        {[]string{"discard red 2", "done"}, []string{"DR-11"}, []string{"holds at least one such card"}},
		"redhot":       {[]string{"tough+cape", "tough"}, []string{"RH-9", "RH-3"}, []string{"Destiny stone (Pierre du destin)."}},
		"dragonscales": {[]string{"net", "club", "sword"}, []string{"DS-11", "DS-2"}, nil},
	} {
		con := &scriptConsole{w: 80}
		ps := &Session{con: con, Config: Config{Game: mustGame(t, game)}}
		out := ps.rulesText(tc.texts)
		for _, id := range tc.ids {
			if !strings.Contains(out, "\n"+id+" ") {
				t.Errorf("%s: no rule %s in\n%s", game, id, out)
			}
		}
		for _, w := range tc.want {
			if !strings.Contains(strings.Join(strings.Fields(out), " "), w) {
				t.Errorf("%s: the rules lack %q:\n%s", game, w, out)
			}
		}
		for _, l := range strings.Split(out, "\n") {
			if utf8.RuneCountInString(l) > 79 {
				t.Errorf("%s: a line of %d characters: %q", game, utf8.RuneCountInString(l), l)
			}
		}
		for _, r := range parseRules(engine.RulesText(game)) {
			if r.note() && strings.Contains(out, "\n"+r.id+" ") {
				t.Errorf("%s: the implementation note %s is listed as a rule", game, r.id)
			}
		}
	}
	con := &scriptConsole{w: 80}
	ps := &Session{con: con, Config: Config{Game: mustGame(t, "dragonheart")}}
	for arg, want := range map[string]string{
		"DH-13": "DH-13 Limited spaces, when filled:", "dh-1": "| Dwarf | 10 | 1,1,1,1,1,1,2,2,2,3 |", "13": "- Ship (3rd card)",
		"22": "an implementation note", "DR-5": "is not a rule of", "99": "has no rule DH-99", "all": "DH-24 ",
	} {
		if out := ps.ruleText(strings.ToLower(arg)); !strings.Contains(out, want) {
			t.Errorf("rules %s: %q lacks %q", arg, out, want)
		}
	}
	// Every ID named in the table exists in its game's specification.
	for game, rules := range choiceRules {
		spec := parseRules(engine.RulesText(game))
		for _, cr := range rules {
			for _, id := range cr.ids {
				if _, ok := findRule(spec, id); !ok {
					t.Errorf("%s: rule %s is not in the specification", game, id)
				}
			}
		}
	}
}

func mustGame(t *testing.T, name string) engine.Game {
	t.Helper()
	g, err := engine.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
