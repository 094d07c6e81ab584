package dragonheart

import (
	"bytes"
	"slices"
	"testing"

	"dragonlab/engine"
)

// maxDecisions bounds a game: every turn plays a card, and only DH-14 (at most once per
// petrified dragon taken) puts a card back.
const maxDecisions = 120

// FuzzRandomGames plays random games from fuzzed seeds and checks the invariants: all 100
// cards are somewhere exactly once (hands, piles, board, hold, sailed ships, score piles),
// the game ends within maxDecisions, the same seed gives the same game, a copied state
// plays on identically, and Determinize keeps the observer's view and stays playable.
func FuzzRandomGames(f *testing.F) {
	for i := uint64(0); i < 8; i++ {
		f.Add(i, i*31+7, uint8(i*5))
	}
	base := newDefault(f, 0)
	f.Fuzz(func(t *testing.T, seed, policy uint64, fork uint8) {
		s := *base
		s.Reset(seed)
		r := engine.NewRNG(policy)
		var buf, dbuf [512]engine.Action
		var log []engine.Action
		var copied State
		var copyRNG engine.RNG
		copyAt := int(fork) % 60
		n := 0
		for !s.Terminal() {
			if n == copyAt {
				copied, copyRNG = s, r
			}
			checkCensus(t, &s)
			if n >= maxDecisions {
				t.Fatalf("no end within %d decisions", maxDecisions)
			}
			legal := s.Legal(buf[:0])
			if len(legal) == 0 {
				t.Fatal("no legal action before the end")
			}
			if n%7 == int(fork)%7 {
				seat := int(fork) % 2
				d := s
				d.Determinize(seat, seed+uint64(n))
				checkCensus(t, &d)
				if !bytes.Equal(d.Observe(seat, nil), s.Observe(seat, nil)) {
					t.Fatal("Determinize changed the observer's view")
				}
				dr := engine.NewRNG(policy ^ uint64(n))
				for m := 0; !d.Terminal(); m++ {
					if m >= maxDecisions {
						t.Fatal("a determinized game does not end")
					}
					l := d.Legal(dbuf[:0])
					d.Apply(l[dr.IntN(len(l))])
				}
				checkCensus(t, &d)
			}
			a := legal[r.IntN(len(legal))]
			log = append(log, a)
			s.Apply(a)
			n++
		}
		checkCensus(t, &s)
		var out [2]float64
		s.Result(out[:])
		if out[0]+out[1] != 1 {
			t.Fatalf("result %v", out)
		}
		// Same seed, same game.
		s2 := *base
		s2.Reset(seed)
		for _, a := range log {
			if s2.Terminal() {
				t.Fatal("the replay ended early")
			}
			if !slices.Contains(s2.Legal(buf[:0]), a) {
				t.Fatal("the replay offers other actions")
			}
			s2.Apply(a)
		}
		if s2 != s {
			t.Fatal("the same seed and actions gave another final state")
		}
		// A copy taken mid-game plays on identically.
		if copyAt < n {
			rest := log[copyAt:]
			rr := copyRNG
			c := copied
			for _, a := range rest {
				legal := c.Legal(buf[:0])
				if b := legal[rr.IntN(len(legal))]; b != a {
					t.Fatal("a copy chose differently")
				}
				c.Apply(a)
			}
			if c != s {
				t.Fatal("a copy ended in another state")
			}
		}
	})
}
