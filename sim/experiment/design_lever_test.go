package experiment

import (
	"encoding/json"
	"strings"
	"testing"

	"dragonlab/engine"
)

// A design names a lever by its path ("key", its older name, reads the same); it gives
// values, why and caveat, never what the rules fix (the base, the step).
func TestDesignLeverReads(t *testing.T) {
	for _, in := range []string{
		`{"path": "handSize", "values": [4, 6], "why": "w"}`,
		`{"key": "handSize", "values": [4, 6], "why": "w"}`,
		`{"default": {"key": "handSize", "values": [4, 6], "why": "w"}, "3p": null}`,
	} {
		var b ByKey[*engine.LeverValues]
		if err := json.Unmarshal([]byte(in), &b); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		l := b.at("draco", 2)
		if l == nil || l.Path != "handSize" || len(l.Values) != 2 || l.Values[1] != 6 || l.Why != "w" {
			t.Fatalf("%s: read %+v", in, l)
		}
		out, err := json.Marshal(b)
		if err != nil || strings.Contains(string(out), "base") || strings.Contains(string(out), "key") || !strings.Contains(string(out), `"path":"handSize"`) {
			t.Errorf("%s: written as %s (%v)", in, out, err)
		}
	}
	for _, in := range []string{
		`{"path": "handSize", "values": [4], "base": 3}`,
		`{"path": "handSize", "key": "handSize", "values": [4]}`,
		`{"default": {"path": "handSize", "values": [4], "step": 1}}`,
	} {
		var b ByKey[*engine.LeverValues]
		if err := json.Unmarshal([]byte(in), &b); err == nil {
			t.Errorf("%s: read without an error", in)
		}
	}
}

// The study's built-in levers name a game's declared lever and nothing more: the range
// and the reason have one home, the game's declaration, shared with tune's --levers auto.
func TestStudyLeversAreDeclared(t *testing.T) {
	for budget, d := range studyBudgets {
		for _, c := range d.Compensation {
			for _, g := range engine.Games() {
				for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
					lv := c.Lever.at(g.Name, n)
					if lv == nil {
						continue
					}
					if len(lv.Values) > 0 || lv.Why != "" {
						t.Errorf("%s %s %dp: lever %s redeclares values %v or why %q", budget, g.Name, n, lv.Path, lv.Values, lv.Why)
					}
					got := declared(g, n, lv)
					if got == nil {
						if lv.Family() && n == 1 {
							continue // a solitaire has no seats: no sweep
						}
						t.Fatalf("%s %s %dp: %s is not declared", budget, g.Name, n, lv.Path)
					}
					var d engine.Lever
					for _, dl := range g.Levers {
						if dl.Path == lv.Path && dl.AppliesTo(n) {
							d = dl
						}
					}
					for _, x := range got.Values {
						lo, hi := d.Lo, d.Hi
						if lv.Family() {
							lo, hi = -(d.Hi-d.Lo)/float64(n-1), (d.Hi-d.Lo)/float64(n-1)
						}
						if x < lo || x > hi {
							t.Errorf("%s %s %dp: %s=%v outside the declared %v..%v", budget, g.Name, n, lv.Path, x, lo, hi)
						}
					}
					if len(got.Values) == 0 || got.Why != d.Why {
						t.Errorf("%s %s %dp: %+v from %+v", budget, g.Name, n, got, d)
					}
				}
			}
		}
	}
}

func TestDesignLeverWritesDeclared(t *testing.T) {
	out, err := json.Marshal(One(&engine.LeverValues{Path: "seatBonus"}))
	if err != nil || string(out) != `{"path":"seatBonus"}` {
		t.Errorf("a declared lever is written %s (%v)", out, err)
	}
}
