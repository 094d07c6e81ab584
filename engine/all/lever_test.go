package all

import (
	"strings"
	"testing"

	"dragonlab/engine"
)

// Paths address the numbers of every game's rules, and setting one changes exactly that
// number.
func TestNumberPaths(t *testing.T) {
	for _, c := range []struct {
		game, path string
		players    int
		def, set   float64
		want       string // in the rules JSON after setting
	}{
		{"draco", "handSize", 2, 6, 7, `"handSize":7`},
		{"draco", "cardValues[10]", 2, 5, 6, `"cardValues":[1,1,2,2,3,3,3,4,4,5,6]`},
		{"draco", "seatBonus[1]", 2, 0, 3, `"seatBonus":[0,3]`},
		{"draco", "seatBonus[2]", 4, 0, 2, `"seatBonus":[0,0,2,0]`},
		{"draco", "track23[3]", 2, 0, 5, `3:5 4:3B`},
		{"draco", "track45[26]", 4, 4, 5, `26:5G`},
		{"dragonheart", "deck.troll[4]", 2, 3, 2, `"troll":[1,1,2,2,2]`},
		{"redhot", "treasure[0]", 3, 6, 7, `"treasure":[7,5,4,3,2,1]`},
		{"dragonscales", "trioTarget", 3, 5, 4, `"trioTarget":4`},
	} {
		g, err := engine.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		p := g.DefaultParams()
		if v, err := engine.Number(g, p, c.path); err != nil || v != c.def {
			t.Errorf("%s %s: read %v, %v; want %v", c.game, c.path, v, err, c.def)
			continue
		}
		if !engine.IsInteger(g, c.path) {
			t.Errorf("%s %s: not a whole-number parameter", c.game, c.path)
		}
		if err := engine.SetNumber(g, p, c.path, c.set, c.players); err != nil {
			t.Errorf("%s %s=%v: %v", c.game, c.path, c.set, err)
			continue
		}
		if err := p.Validate(c.players); err != nil {
			t.Errorf("%s %s=%v: invalid rules: %v", c.game, c.path, c.set, err)
		}
		if v, _ := engine.Number(g, p, c.path); v != c.set {
			t.Errorf("%s %s: set %v, read back %v", c.game, c.path, c.set, v)
		}
		if js := string(engine.ParamsJSON(p)); !strings.Contains(js, c.want) {
			t.Errorf("%s %s=%v: the rules read %s, want %s in them", c.game, c.path, c.set, js, c.want)
		}
	}
}

func TestBadNumberPaths(t *testing.T) {
	for _, c := range []struct {
		game, path string
		v          float64
		want       string
	}{
		{"draco", "handsize", 5, "valid: track23"},
		{"draco", "handSize", 5.5, "whole numbers"},
		{"draco", "cardValues[11]", 3, "indices 0..10"},
		{"draco", "track23", 3, "not a number"},
		{"draco", "track23[27]", 3, "squares 1..26"},
		{"draco", "track23[5]", 9, "-2..8"},
		{"draco", "seatBonus[2]", 1, "2 seats"},
		{"dragonheart", "deck.orc[0]", 1, `no field "orc"`},
		{"dragonheart", "deck[0]", 1, "not a list"},
		{"redhot", "treasure..x", 1, "malformed path"},
	} {
		g, _ := engine.Lookup(c.game)
		err := engine.SetNumber(g, g.DefaultParams(), c.path, c.v, 2)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s=%v: %v, want an error saying %q", c.game, c.path, c.v, err, c.want)
		}
	}
}

// Every declared lever addresses a number of its game's rules, and its range gives valid
// rules at every player count it applies to.
func TestDeclaredLevers(t *testing.T) {
	for _, g := range engine.Games() {
		if g.Name == "toy" {
			continue
		}
		if len(g.Levers) == 0 {
			t.Errorf("%s declares no levers", g.Name)
		}
		for _, l := range g.Levers {
			if l.Lo > l.Hi || l.Step <= 0 || l.Why == "" {
				t.Errorf("%s lever %s: range %v..%v step %v, why %q", g.Name, l.Path, l.Lo, l.Hi, l.Step, l.Why)
			}
			for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
				if !l.AppliesTo(n) || (l.Path == "seatBonus" && n < 2) {
					continue
				}
				path := l.Path
				if path == "seatBonus" {
					path = "seatBonus[1]"
				}
				for x := l.Lo; x <= l.Hi; x += l.Step {
					p := g.DefaultParams()
					if err := engine.SetNumber(g, p, path, x, n); err != nil {
						t.Errorf("%s %dp %s=%v: %v", g.Name, n, path, x, err)
					} else if err := p.Validate(n); err != nil {
						t.Errorf("%s %dp %s=%v: invalid rules: %v", g.Name, n, path, x, err)
					}
				}
			}
		}
	}
}
