package experiment

import (
	"strings"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
)

// TestDecisionAgent: the decision run's agent is the level's search with rollouts to the
// end and at least the iterations asked; a level without a search is refused.
func TestDecisionAgent(t *testing.T) {
	g, err := engine.Lookup("draco")
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.NewGame(nil, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		level string
		iters int
		want  string // options the decision agent must have, or the error
	}{
		{"expert", 0, "depth=0,eps=auto,iters=1000"},
		{"expert:iters=100", 0, "iters=1000"},
		{"expert:iters=100", 300, "iters=300"},
		{"mcts:iters=5000,depth=8", 0, "depth=0,eps=0,iters=5000"},
		{"oracle:iters=20", 50, "iters=50"},
		{"greedy", 0, "greedy has no search"},
		{"noisy:base=(expert)", 0, "noisy has no search"},
		{"mcts:reward=score", 0, "not win shares"},
	} {
		level, err := agents.Parse(tc.level)
		if err != nil {
			t.Fatal(err)
		}
		f, err := DecisionAgent(level, s, tc.iters)
		got := f.Spec
		if err != nil {
			got = err.Error()
		}
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s (iters %d): %q, want %q", tc.level, tc.iters, got, tc.want)
		}
	}
}

// TestDefaultComponents: the coarsest components (Dragonheart's types, not each value).
func TestDefaultComponents(t *testing.T) {
	got := DefaultComponents([]string{"troll", "ship", "troll 1", "troll 3", "ship 0", "card 5", "red card"})
	if strings.Join(got, ",") != "troll,ship,card 5,red card" {
		t.Errorf("default components %v", got)
	}
}
