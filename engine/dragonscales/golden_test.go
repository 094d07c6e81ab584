package dragonscales

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// trace plays the game of seed with a uniform random policy (RNG seeded with seed) and
// writes every action with its narration, then the result and scores.
func trace(t *testing.T, players int, p *Params, seed uint64) string {
	t.Helper()
	s := enginetest.NewGame(t, "dragonscales", p, players, seed).(*State)
	var b strings.Builder
	fmt.Fprintf(&b, "# dragonscales, %d player(s), game seed %d, uniform random policy (RNG seed %d)\n", players, seed, seed)
	narrated := *s
	for _, line := range narrated.NarrateReset(seed) {
		fmt.Fprintf(&b, "  %s\n", line)
	}
	if narrated != *s {
		t.Fatal("NarrateReset must deal the same game as Reset")
	}
	fmt.Fprintf(&b, "%s\n", s.Describe())
	r := engine.NewRNG(seed)
	enginetest.TraceRandomGame(s, &r, func(d enginetest.TraceStep) {
		fmt.Fprintf(&b, "seat %d: %s\n", d.Seat, d.Text)
		for _, line := range d.Narration {
			fmt.Fprintf(&b, "  %s\n", line)
		}
	})
	fmt.Fprintf(&b, "%s\n", s.Describe())
	out := make([]float64, players)
	s.Result(out)
	scores := make([]float64, players)
	for i := range scores {
		scores[i] = s.Score(i)
	}
	fmt.Fprintf(&b, "result: %v\nscores: %v\n", out, scores)
	return b.String()
}

func TestGoldenTraces(t *testing.T) {
	type golden struct {
		file    string
		players int
		seed    uint64
		mod     func(*Params)
	}
	var cases []golden
	for players := 1; players <= 3; players++ {
		for seed := uint64(1); seed <= 3; seed++ {
			cases = append(cases, golden{fmt.Sprintf("golden_seed%d_%dp.txt", seed, players), players, seed, nil})
		}
	}
	cases = append(cases, golden{"golden_seed1_2p_hand3.txt", 2, 1, func(p *Params) { p.DuoHand = 3 }})
	for _, g := range cases {
		p := DefaultParams()
		if g.mod != nil {
			g.mod(p)
		}
		enginetest.Golden(t, filepath.Join("testdata", g.file), []byte(trace(t, g.players, p, g.seed)))
	}
}
