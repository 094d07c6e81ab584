package dragonheart

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// goldenTrace plays seed's game with a uniform random policy (engine.RNG seeded with the
// same seed) and writes every action with its narration, then the scores and result.
func goldenTrace(t *testing.T, seed uint64) string {
	s := enginetest.NewGame(t, "dragonheart", nil, 2, seed).(*State)
	var b strings.Builder
	fmt.Fprintf(&b, "# dragonheart, 2 players, default rules, game seed %d, uniform random policy (engine.NewRNG(%d))\n", seed, seed)
	b.WriteString(s.Describe())
	r := engine.NewRNG(seed)
	enginetest.TraceRandomGame(s, &r, func(d enginetest.TraceStep) {
		fmt.Fprintf(&b, "seat %d: %s   [%d legal]\n", d.Seat, d.Text, d.Legal)
		for _, line := range d.Narration {
			fmt.Fprintf(&b, "    %s\n", line)
		}
	})
	b.WriteString(s.Describe())
	var out [2]float64
	s.Result(out[:])
	fmt.Fprintf(&b, "final scores: seat 0 %v, seat 1 %v; result %v\n", s.Score(0), s.Score(1), out)
	return b.String()
}

// TestGoldenTraces compares three fixed games with testdata (DH-22 text form, narration).
func TestGoldenTraces(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		path := filepath.Join("testdata", fmt.Sprintf("golden_seed%d_2p.txt", seed))
		enginetest.Golden(t, path, []byte(goldenTrace(t, seed)))
	}
}

// TestZeroAllocs: a whole random game (Reset, Legal/Apply loop, Result) allocates nothing.
func TestZeroAllocs(t *testing.T) {
	s := newDefault(t, 1)
	r := engine.NewRNG(5)
	allocs := enginetest.AllocsPerGame(200, s, &r, func(seed uint64) {
		s.Determinize(0, seed)
		s.Evaluate(1)
	})
	if allocs != 0 {
		t.Fatalf("a random game allocates %.1f times; want 0", allocs)
	}
}

// TestNarrateReplaysApply: the narration's replay reaches the state Apply reached, and
// reports every draw.
func TestNarrateReplaysApply(t *testing.T) {
	for seed := uint64(0); seed < 30; seed++ {
		s := newDefault(t, seed)
		r := engine.NewRNG(seed)
		enginetest.TraceRandomGame(s, &r, func(d enginetest.TraceStep) {
			before := d.Before.(*State)
			lines := strings.Join(d.Narration, "\n")
			drew := s.pileN[before.toMove] < before.pileN[before.toMove]
			if drew != strings.Contains(lines, fmt.Sprintf("seat %d draws", before.toMove)) {
				t.Fatalf("draws not narrated:\n%s", lines)
			}
			if s.Terminal() != strings.Contains(lines, "game over") {
				t.Fatalf("the end is not narrated:\n%s", lines)
			}
			if s.fig != before.fig && !strings.Contains(lines, "figurine") {
				t.Fatalf("the figurine is not narrated:\n%s", lines)
			}
			if s.voyages != before.voyages && !strings.Contains(lines, "voyage") {
				t.Fatalf("the voyage is not narrated:\n%s", lines)
			}
		})
	}
}

// TestEvaluate: the heuristic charges a seat for what it leaves exposed, from public
// information only.
func TestEvaluate(t *testing.T) {
	s := blank(t)
	onBoard(t, s, "treasure 4", "treasure 2", "petrified 3")
	s.toMove = 1
	// Seat 1 to move could take the petrified dragon and the figurine: 3+3 > 6 chests? no: 6.
	if got := s.Evaluate(0); got != -3 {
		t.Fatalf("Evaluate(0) = %v, want -3 (6 exposed)", got)
	}
	if got := s.Evaluate(1); got != 3 {
		t.Fatalf("Evaluate(1) = %v, want +3", got)
	}
	onBoard(t, s, "petrified 4") // petrified 7 + figurine 3 = 10
	if got := s.Evaluate(0); got != -5 {
		t.Fatalf("Evaluate(0) = %v, want -5", got)
	}
	s.fig = 1 // already his: no bonus
	if got := s.Evaluate(0); got != -3.5 {
		t.Fatalf("Evaluate(0) = %v, want -3.5", got)
	}
	d := *s
	give(t, &d, 1, "firedragon 1")
	if d.Evaluate(0) != s.Evaluate(0) {
		t.Fatal("Evaluate looks at the opponent's hand")
	}
}

// TestDescribe prints the state.
func TestDescribe(t *testing.T) {
	s := newDefault(t, 1)
	d := s.Describe()
	if !strings.Contains(d, "seat 0 to move") || !strings.Contains(d, "pile 45") {
		t.Fatalf("Describe:\n%s", d)
	}
}
