package draco

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// TestConformance runs the shared harness for every player count.
func TestConformance(t *testing.T) {
	g := enginetest.Lookup(t, "draco")
	if g.Spec != "DR" || g.MinPlayers != 2 || g.MaxPlayers != 5 {
		t.Fatalf("registry entry %+v", g)
	}
	for players := 2; players <= 5; players++ {
		games := 200
		if testing.Short() {
			games = 40
		}
		enginetest.Run(t, g, players, nil, enginetest.Options{Games: games, MaxDecisions: 400})
	}
	// A variant: small hands, 3 summit squares, 2 dragons to end.
	p := DefaultParams()
	p.HandSize, p.SummitSquares, p.DragonsToEnd = 3, 3, 2
	p.Track23 = "1 2B 3 4G 5 -1 6 7B 2G 6S 7S 8S"
	enginetest.Run(t, g, 3, p, enginetest.Options{Games: 40, MaxDecisions: 400})
}

// TestZeroAllocs: a whole random game (Reset, Legal/Apply, Result) allocates nothing.
func TestZeroAllocs(t *testing.T) {
	for players := 2; players <= 5; players++ {
		s := newGame(t, players)
		r := engine.NewRNG(9)
		allocs := enginetest.AllocsPerGame(100, s, &r, func(uint64) { _ = s.Score(0) })
		if allocs != 0 {
			t.Fatalf("%dp: %.1f allocations per game", players, allocs)
		}
		// Copying and determinizing allocate nothing either.
		var c State
		allocs = testing.AllocsPerRun(100, func() {
			c = *s
			c.CopyFrom(s)
			c.Determinize(1, 7)
			c.Reseed(3)
		})
		if allocs != 0 {
			t.Fatalf("%dp: copy/determinize allocates %.1f", players, allocs)
		}
	}
}

// TestGolden compares random-policy traces for fixed seeds with testdata (-update rewrites).
func TestGolden(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		for players := 2; players <= 5; players++ {
			name := fmt.Sprintf("golden_seed%d_%dp.txt", seed, players)
			enginetest.Golden(t, filepath.Join("testdata", name), []byte(trace(t, seed, players)))
		}
	}
}

func trace(t *testing.T, seed uint64, players int) string {
	s := enginetest.NewGame(t, "draco", nil, players, seed).(*State)
	r := engine.NewRNG(seed)
	var b strings.Builder
	fmt.Fprintf(&b, "draco %d players, seed %d\n%s\n", players, seed, s.Describe())
	enginetest.TraceRandomGame(s, &r, func(d enginetest.TraceStep) {
		fmt.Fprintf(&b, "%d: %s\n", d.Seat, d.Text)
		for _, line := range d.Narration {
			fmt.Fprintf(&b, "   %s\n", line)
		}
	})
	out := make([]float64, players)
	s.Result(out)
	fmt.Fprintf(&b, "%s\nscores:", s.Describe())
	for i := 0; i < players; i++ {
		fmt.Fprintf(&b, " %d", int(s.Score(i)))
	}
	fmt.Fprintf(&b, "\nresult: %v\n", out)
	return b.String()
}

// FuzzRandomGames plays random games from fuzzed seeds and checks the invariants: 110 cards
// conserved, one rider per dragon and one dragon per player, dragons never move backwards,
// the game ends within a bound, same seed same game, a copy plays on identically.
func FuzzRandomGames(f *testing.F) {
	for i := uint64(0); i < 8; i++ {
		f.Add(i, uint64(i*7+1), uint8(i))
	}
	f.Fuzz(func(t *testing.T, seed, policy uint64, np uint8) {
		players := 2 + int(np%4)
		s := newGame(t, players)
		s.Reset(seed)
		r := engine.NewRNG(policy)
		var buf [64]engine.Action
		var prev State
		var texts []string
		fork := int(policy % 60)
		var copyState State
		var copyRNG engine.RNG
		forkAt := -1
		for n := 0; !s.Terminal(); n++ {
			if n > 2*110 {
				t.Fatalf("game did not end within %d decisions", n)
			}
			if n == fork {
				copyState, copyRNG, forkAt = *s, r, len(texts)
			}
			l := s.Legal(buf[:0])
			if len(l) == 0 {
				t.Fatal("no legal action before the end")
			}
			a := l[r.IntN(len(l))]
			texts = append(texts, s.ActionText(a))
			prev = *s
			s.Apply(a)
			if err := checkInvariants(s, &prev); err != nil {
				t.Fatalf("after %q: %v", texts[len(texts)-1], err)
			}
		}
		var out [MaxPlayers]float64
		s.Result(out[:players])
		sum := 0.0
		for _, v := range out[:players] {
			sum += v
		}
		if sum < 0.999 || sum > 1.001 {
			t.Fatalf("result %v", out[:players])
		}
		// Same seed, same game.
		s2 := newGame(t, players)
		s2.Reset(seed)
		r2 := engine.NewRNG(policy)
		for i := 0; !s2.Terminal(); i++ {
			l := s2.Legal(buf[:0])
			a := l[r2.IntN(len(l))]
			if i >= len(texts) || s2.ActionText(a) != texts[i] {
				t.Fatalf("same seed, another game at decision %d", i)
			}
			s2.Apply(a)
		}
		if s2.score != s.score || s2.pos != s.pos {
			t.Fatal("same seed, other final scores")
		}
		// A copy plays on identically.
		if forkAt >= 0 {
			c := copyState
			for i := forkAt; !c.Terminal(); i++ {
				l := c.Legal(buf[:0])
				a := l[copyRNG.IntN(len(l))]
				if i >= len(texts) || c.ActionText(a) != texts[i] {
					t.Fatalf("a copy plays on differently at decision %d", i)
				}
				c.Apply(a)
			}
			if c.score != s.score {
				t.Fatal("a copy ends with other scores")
			}
		}
	})
}
