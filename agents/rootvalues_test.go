package agents

import (
	"slices"
	"testing"

	"dragonlab/engine"
)

// TestRootValues: after a search every root action is reported once, all legal, with
// values in [0, 1]; without the prior their visits add up to the iterations and the action
// played is the most visited; with the prior every legal action is there; a score reward
// reports nothing.
func TestRootValues(t *testing.T) {
	g, err := engine.Lookup("snatch")
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []string{"mcts:iters=300", "mcts:iters=300,prior=2", "expert:iters=200,depth=0", "mcts:iters=300,reward=score", "mcts:iters=300,depth=2", "expert:iters=200"} {
		f, err := Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		a := f.New()
		rr, ok := a.(RootReporter)
		if !ok {
			t.Fatalf("%s: not a RootReporter", spec)
		}
		for seed := uint64(1); seed < 6; seed++ {
			s, err := g.NewGame(nil, 2, seed)
			if err != nil {
				t.Fatal(err)
			}
			rng := engine.NewRNG(seed)
			legal := s.Legal(nil)
			chosen := a.Act(s, &rng)
			vals := rr.RootValues(nil)
			if !rr.ReportsRoot(s) {
				if len(vals) != 0 {
					t.Fatalf("%s: %d values from a score search", spec, len(vals))
				}
				continue
			}
			visits, best := 0, RootValue{}
			var seen []engine.Action
			for _, v := range vals {
				if !slices.Contains(legal, v.Action) || slices.Contains(seen, v.Action) || v.Value < 0 || v.Value > 1 || v.Visits < 0 {
					t.Fatalf("%s seed %d: bad root value %+v (legal %v)", spec, seed, v, legal)
				}
				seen = append(seen, v.Action)
				visits += v.Visits
				if v.Visits > best.Visits {
					best = v
				}
			}
			if len(vals) < 2 || (spec != "mcts:iters=300" && len(vals) != len(legal)) {
				t.Fatalf("%s seed %d: %d root values for %d legal actions", spec, seed, len(vals), len(legal))
			}
			if spec == "mcts:iters=300" && (visits != 300 || best.Action != chosen) {
				t.Fatalf("%s seed %d: %d visits in all, most visited %v, played %v", spec, seed, visits, best.Action, chosen)
			}
		}
	}
}

// TestExpertReportsRootPerGame: the expert's values are win shares in a game whose table
// row plays rollouts to the end (Dragon Scales), not where it cuts them off (Dragonheart),
// unless depth=0 is given.
func TestExpertReportsRootPerGame(t *testing.T) {
	for _, tc := range []struct {
		spec, game string
		want       bool
	}{
		{"expert", "dragonscales", true},
		{"expert", "dragonheart", false},
		{"expert:depth=0", "dragonheart", true},
		{"expert:depth=0", "redhot", true},
	} {
		f, err := Parse(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.Lookup(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		s, err := g.NewGame(nil, 2, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got := f.New().(RootReporter).ReportsRoot(s); got != tc.want {
			t.Errorf("%s in %s: ReportsRoot %v, want %v", tc.spec, tc.game, got, tc.want)
		}
	}
}
