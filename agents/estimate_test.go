package agents

import (
	"testing"

	"dragonlab/engine"
)

// Estimate reports the chosen action's mean reward (a win share in [0, 1]) over the most
// visits of the root's children; nothing before a search.
func TestMCTSEstimate(t *testing.T) {
	f, err := Parse("mcts:iters=400")
	if err != nil {
		t.Fatal(err)
	}
	m := f.New().(*MCTS)
	if _, _, ok := m.Estimate(); ok {
		t.Fatal("an estimate before any search")
	}
	g, err := engine.Lookup("snatch")
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.NewGame(nil, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(1)
	m.Act(s, &rng)
	v, visits, ok := m.Estimate()
	if !ok || v < 0 || v > 1 || visits <= 0 || visits > 400 {
		t.Fatalf("estimate %v over %d visits (ok %v)", v, visits, ok)
	}
	for ch := m.nodes[0].child; ch >= 0; ch = m.nodes[ch].sibling {
		if int(m.nodes[ch].visits) > visits {
			t.Fatalf("a child has %d visits, more than the chosen action's %d", m.nodes[ch].visits, visits)
		}
	}
}
