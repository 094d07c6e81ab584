package experiment

import (
	"encoding/json"
	"strings"
	"testing"
)

// The measuring rule: the weakest level from greedy up that is significantly stronger
// than the level below it and, for greedy, at least MinGreedyElo above random.
func TestMeasuringRule(t *testing.T) {
	names := []string{"random", "casual", "greedy", "expert"}
	ladder := func(greedy, p float64) []EvidenceElo {
		greedyLo := greedy - 15
		return []EvidenceElo{{"random", -200, -215, -185, 1}, {"casual", -120, -135, -105, 1e-9},
			{"greedy", greedy, greedyLo, greedy + 15, p}, {"expert", 300, 285, 315, 1e-9}}
	}
	for _, tc := range []struct {
		name string
		ev   []EvidenceElo
		want string
		why  string
	}{
		{"greedy is a level of skill", ladder(0, 0.001), "greedy", "significantly stronger than casual"},
		{"greedy within 100 Elo of random", []EvidenceElo{{"random", -100, -115, -85, 1}, {"casual", -60, -70, -50, 1e-5},
			{"greedy", -20, -30, -10, 1e-3}, {"expert", 200, 185, 215, 1e-9}}, "expert", "only +80 Elo above random"},
		{"greedy not above casual", ladder(-100, 0.3), "expert", "not significantly stronger than casual"},
		{"no evidence", nil, "greedy", "not checked"},
		{"nothing qualifies", []EvidenceElo{{"random", 0, -10, 10, 1}, {"casual", 1, -9, 11, 0.5}, {"greedy", 2, -8, 12, 0.6}, {"expert", 3, -7, 13, 0.7}}, "expert", "no level qualified"},
	} {
		i, why := chooseMeasuring(names, tc.ev)
		if names[i] != tc.want || !strings.Contains(why, tc.why) {
			t.Errorf("%s: %s (%s); want %s, saying %q", tc.name, names[i], why, tc.want, tc.why)
		}
	}
}

// The default study measures restricted play and the sweeps at the level the rule
// chooses, and records why in the plan.
func TestStudyMeasuringLevel(t *testing.T) {
	p, err := Study{Only: []string{"redhot"}, OnlySet: true}.Plan()
	if err != nil {
		t.Fatal(err)
	}
	var o StudyOptions
	if err := json.Unmarshal(p.Options, &o); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, c := range o.Configs {
		for _, ab := range c.Ablation {
			if ab.Measuring == "" {
				t.Errorf("redhot %dp: restricted play at %s without the rule's reason", c.Players, c.Levels[ab.Level].Name)
			}
			checked++
		}
		for _, lv := range c.Levers {
			if lv.Measuring == "" {
				t.Errorf("redhot %dp: the %s sweep at %s without the rule's reason", c.Players, lv.Lever.Path, c.Levels[lv.Level].Name)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no restricted play or sweep in Red Hot's default study")
	}
}

// The evidence gives the study's answer per game: greedy where it is a level of skill,
// the strongest level in Dragon Scales for three, where no level is.
func TestMeasuringEvidence(t *testing.T) {
	levels := defaultStudy.Levels
	for key, want := range map[string]string{"redhot/2p": "greedy", "draco/4p": "greedy", "dragonscales/3p": "expert", "dragonheart/2p": "greedy"} {
		game, p, _ := strings.Cut(key, "/")
		players := int(p[0] - '0')
		i, why := measuringLevel(levels, game, players)
		if levels[i].Name != want {
			t.Errorf("%s: measured at %s (%s), want %s", key, levels[i].Name, why, want)
		}
	}
}
