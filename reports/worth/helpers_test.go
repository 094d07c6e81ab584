package worth

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"dragonlab/reports/doc"
	"dragonlab/sim"
	"dragonlab/sim/stats/statstest"
)

// bigComponents is 14 components over 20,000 games whose win share when seen rises with
// the component's index (seen in about half the games), for the charts.
func bigComponents() *sim.ComponentAgg {
	const games, nc = 20000, 14
	agg := &sim.ComponentAgg{Events: []string{"dealt", "drawn", "played", "seen"}}
	t := sim.ComponentTally{Games: games, Share60: 60 * games / 2}
	for e := 0; e < 4; e++ {
		t.Count = append(t.Count, make([]int64, nc))
		t.Win60 = append(t.Win60, make([]int64, nc))
		t.TurnSum = append(t.TurnSum, make([]int64, nc))
	}
	for c := 0; c < nc; c++ {
		agg.Names = append(agg.Names, fmt.Sprintf("card %d", c+1))
		seen := int64(games/2 + 200*c)
		// Win share when seen: 0.5 + (c − 7)/200; the rest of the wins when not seen.
		win := int64(float64(seen) * (0.5 + float64(c-7)/200) * 60)
		for e, frac := range []float64{0.6, 0.5, 0.8, 1} {
			n := int64(float64(seen) * frac)
			t.Count[e][c] = n
			t.Win60[e][c] = int64(float64(win) * frac)
			if e == 1 || e == 2 {
				t.TurnSum[e][c] = n * int64(3+c)
			}
		}
	}
	agg.Agents = []sim.ComponentTally{t}
	return agg
}

// The component and restricted-play content: charts drawn, no NaN, the top 10 only
// (DRAGONLAB_WHY_SAMPLE=DIR writes the charts there to look at).
func TestCharts(t *testing.T) {
	s, err := Components(bigComponents(), []string{"greedy"}, ComponentOptions{Agent: 0})
	if err != nil {
		t.Fatal(err)
	}
	cc, err := ComponentContent(s, "Toy, 2 players, greedy", "iwd", 10)
	if err != nil {
		t.Fatal(err)
	}
	ab, err := RestrictedPlay(nil, map[string]*sim.Result{
		"play-ship":  dupResult(2, map[int64]int64{0: 30, 30: 20, 60: 100, 90: 10, 120: 40}),
		"use-cape":   dupResult(2, map[int64]int64{0: 80, 60: 100, 120: 20}),
		"play-troll": dupResult(2, map[int64]int64{0: 120, 60: 60, 120: 20}),
		"pass":       dupResult(2, map[int64]int64{0: 50, 60: 100, 120: 50}),
	})
	if err != nil {
		t.Fatal(err)
	}
	ac, err := AblationContent(ab, "Toy, 2 players, greedy", "ablation")
	if err != nil {
		t.Fatal(err)
	}
	dir := os.Getenv("DRAGONLAB_WHY_SAMPLE")
	for _, c := range []*doc.Content{cc, ac} {
		if len(c.Charts) == 0 {
			t.Errorf("%s: no chart", c.Title)
		}
		for _, ch := range c.Charts {
			if len(ch.PNG) < 1000 || len(ch.SVG) < 1000 {
				t.Errorf("chart %s is empty", ch.Name)
			}
			if dir != "" {
				if err := os.WriteFile(filepath.Join(dir, ch.Name+".png"), ch.PNG, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		statstest.Encodable(t, c.Title, c)
	}
	if len(cc.Tables[0].Rows) != 10 || len(cc.Sentences) != 10 {
		t.Errorf("top 10: %d rows, %d sentences", len(cc.Tables[0].Rows), len(cc.Sentences))
	}
}
