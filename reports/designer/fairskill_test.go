package designer

import (
	"encoding/json"
	"strings"
	"testing"
)

// The skill section says whether fairness changes with skill, from the levels' own
// self-play: a study whose seat 0 gains 3 points a level says it changes (in the section,
// its table and summary.json); one whose levels are all fair says there is no evidence.
func TestSkillSectionSaysWhetherFairnessChanges(t *testing.T) {
	levels := func(game string, d float64) []Level {
		var lv []Level
		for i, name := range []string{"random", "casual", "greedy", "expert"} {
			lv = append(lv, Level{Name: name, Agent: name, Result: fakeSelfPlay(game, 2000, shares2(d*float64(i))...)})
		}
		return lv
	}
	in := &Input{Title: "fixtures", Budget: "custom", Replays: 1, Complete: true, Configs: []Config{
		{Game: "draco", Title: "Draco", Players: 2, Levels: levels("draco", 0.03)},
		{Game: "redhot", Title: "Red Hot", Players: 2, Levels: levels("redhot", 0)},
	}}
	rp, err := Analyze(in)
	if err != nil {
		t.Fatal(err)
	}
	grows, flat := rp.Games[0].Configs[0].FairnessBySkill, rp.Games[1].Configs[0].FairnessBySkill
	if grows == nil || !grows.Changes || grows.Seats[0].Trend.Slope <= 0 {
		t.Fatalf("seat 0 gaining 3 points a level: %+v", grows)
	}
	if flat == nil || flat.Changes {
		t.Fatalf("every level fair: %+v", flat)
	}
	js, md := renderedSummary(t, rp)
	for _, want := range []string{
		"**Does fairness change with skill?**",
		"- 2 players: the first-player advantage changes with skill: seat 0's share grows by 3.0 pts per level",
		"Seat 0 wins 50.0% [47.8, 52.2] of 2,000 games at random, 53.0% [50.8, 55.2] of 2,000 at casual",
		"- 2 players: No evidence that the first-player advantage changes with skill",
		"| 2 | 0 | 50.0% [47.8, 52.2] | 53.0% [50.8, 55.2] | 56.0% [53.8, 58.2] | 59.0% [56.8, 61.1] | +3.0 pts | < 0.001 | < 0.001 | yes |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("summary.md lacks %q", want)
		}
	}
	var sum struct {
		Data struct {
			Games []struct {
				Configs []struct {
					FairnessBySkill *struct {
						Changes bool `json:"changes"`
						Seats   []struct {
							Shares []struct {
								Value float64 `json:"value"`
								N     int64   `json:"n"`
							} `json:"shares"`
						} `json:"seats"`
					} `json:"fairnessBySkill"`
				} `json:"configs"`
			} `json:"games"`
		} `json:"data"`
	}
	if err := json.Unmarshal(js, &sum); err != nil {
		t.Fatal(err)
	}
	fb := sum.Data.Games[0].Configs[0].FairnessBySkill
	if fb == nil || !fb.Changes || len(fb.Seats) != 1 || len(fb.Seats[0].Shares) != 4 || fb.Seats[0].Shares[3].N != 2000 || fb.Seats[0].Shares[3].Value != 0.59 {
		t.Errorf("summary.json's fairnessBySkill: %+v", fb)
	}
}
