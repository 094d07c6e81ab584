package agents

import (
	"math"
	"strings"
	"testing"

	"dragonlab/engine"
)

// TestOppOptions: the opponent model's options parse to a canonical spec, their defaults
// leave the expert's spec text unchanged, and a parameter without its mode is refused.
func TestOppOptions(t *testing.T) {
	plain := mustParse(t, "expert").Spec
	for _, spec := range []string{"expert:opp=tree", "expert:opp=tree,oppeps=0,oppw=2"} {
		if got := mustParse(t, spec).Spec; got != plain {
			t.Errorf("Parse(%q).Spec = %q, want the plain expert's %q", spec, got, plain)
		}
	}
	for spec, want := range map[string]string{
		"expert:opp=greedy":              "opp=greedy,oppeps=0,",
		"expert:opp=greedy,oppeps=.20":   "opp=greedy,oppeps=0.2,",
		"expert:opp=prior,oppw=8.0":      "opp=prior,oppw=8,",
		"expert:opp=prior":               "opp=prior,oppw=2,",
		"expert:opp=greedy,v=cut,vw=0.5": "opp=greedy,oppeps=0,",
	} {
		got := mustParse(t, spec).Spec
		if !strings.Contains(got, want) {
			t.Errorf("Parse(%q).Spec = %q, want it to contain %q", spec, got, want)
		}
		if g := mustParse(t, got).Spec; g != got {
			t.Errorf("the canonical %q parses to %q", got, g)
		}
	}
	for spec, want := range map[string]string{
		"expert:opp=mo":                 "option opp=mo: want one of tree, greedy, prior",
		"expert:oppeps=0.2":             "options oppeps and oppw need opp=greedy or opp=prior",
		"expert:oppw=5":                 "options oppeps and oppw need opp=greedy or opp=prior",
		"expert:opp=greedy,oppw=5":      "option oppw needs opp=prior",
		"expert:opp=prior,oppeps=0.1":   "option oppeps needs opp=greedy",
		"expert:opp=greedy,oppeps=1.5":  "option oppeps=1.5: want a number from 0 to 1",
		"expert:opp=prior,oppw=0":       "option oppw=0: want a number from 0.01 to 1e+06",
		"expert:opp=greedy,oppeps=NaN":  "option oppeps=NaN",
		"expert:opp=prior,oppw=1e9,c=1": "option oppw=1e9",
	} {
		_, err := Parse(spec)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Parse(%q) error %v, want one line containing %q", spec, err, want)
		}
	}
}

// TestOppGreedyPlaysTheDeterminizedHand: with opp=greedy and oppeps=0, the other seat's
// move at its node is the best one-move evaluation of the hand the determinization dealt
// it (a move of that hand, never a pooled statistic), and the searching seat's own nodes
// are not modelled.
func TestOppGreedyPlaysTheDeterminizedHand(t *testing.T) {
	u := setup{name: "draco/2p", game: mustLookup(t, "draco"), players: 2}
	var buf [MaxActions]engine.Action
	checked := 0
	for _, s := range u.positions(t, []uint64{3, 4, 5, 6}, 6) {
		m := &MCTS{Iters: 10, C: 0.7, Scale: 8, Opp: oppGreedy}
		m.tmp, m.out = s.Clone(), make([]float64, s.Players())
		m.nodes = append(make([]node, 0, 64), node{parent: -1, child: -1, sibling: -1, mover: -1})
		m.limit = 64
		mover := s.ToMove()
		for k := uint64(0); k < 4; k++ {
			st := s.Clone()
			st.Determinize(1-mover, 1000+k) // the searching seat is the other one
			legal := st.Legal(buf[:0])
			best := math.Inf(-1)
			vals := make([]float64, len(legal))
			for i, a := range legal {
				c := st.Clone()
				c.Apply(a)
				vals[i] = evaluate(c, mover, make([]float64, 2))
				best = max(best, vals[i])
			}
			r := engine.NewRNG(k)
			id, _ := m.descendOpp(st, 0, legal, int32(mover), &r)
			if id < 0 {
				t.Fatalf("descendOpp made no node with room in the arena")
			}
			got := m.nodes[id].action
			found := false
			for i, a := range legal {
				if a == got {
					found = true
					if vals[i] != best {
						t.Errorf("the modelled seat played %s worth %g; the best of its determinized hand is worth %g",
							st.ActionText(got), vals[i], best)
					}
				}
			}
			if !found {
				t.Errorf("the modelled seat played %s, not in the hand the determinization dealt it", st.ActionText(got))
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no position checked")
	}
}
