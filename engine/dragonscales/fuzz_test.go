package dragonscales

import (
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// FuzzRandomGames plays random games from fuzzed seeds and variants and checks the
// invariants: each piece in exactly one place, every card in exactly one pile, hand or
// used pile, Legal non-empty until the end, the end by a win, a loss or the cap within a
// bound; the same seed gives the same game; a copied state plays on identically.
func FuzzRandomGames(f *testing.F) {
	for seed := uint64(0); seed < 8; seed++ {
		f.Add(seed, uint8(seed%3+1), uint8(seed))
	}
	f.Fuzz(func(t *testing.T, seed uint64, players, variant uint8) {
		n := int(players%3) + 1
		s := newTest(t, n, func(p *Params) {
			p.DuoHand = int(variant % 4)
			p.DuoConnected = variant&4 == 0
			p.SoloJokers = int(variant/8) % 3
			p.TrioTarget = 3 + int(variant/8)%7
			p.DuoTarget = 3 + int(variant/16)%7
			if variant >= 200 {
				p.MaxRounds = 1 + int(variant-200)
			}
		})
		s.Reset(seed)
		r := engine.NewRNG(seed ^ 0xabcdef)
		fork := r.IntN(30)
		var buf [64]engine.Action
		var log []engine.Action
		var twin State
		decisions := 0
		bound := 20 * (int(s.r.maxRounds) + 1) * 8
		for !s.Terminal() {
			checkInvariants(t, s)
			if decisions == fork {
				twin = *s
			}
			l := s.Legal(buf[:0])
			if len(l) == 0 {
				t.Fatal("Legal is empty before the end")
			}
			a := l[r.IntN(len(l))]
			log = append(log, a)
			s.Apply(a)
			if decisions++; decisions > bound {
				t.Fatalf("no end after %d decisions", decisions)
			}
		}
		checkInvariants(t, s)
		switch s.end {
		case endWin:
			if s.r.players > 1 && s.measure(s.at[s.winner]) < s.r.target || s.r.players == 1 && s.at[hBlue] != full {
				t.Fatal("a win below the target")
			}
		case endLoss:
			if s.r.players != 1 {
				t.Fatal("only the solitaire is lost")
			}
		case endCapRounds:
			if s.combats != s.r.maxRounds {
				t.Fatalf("cap after %d combats", s.combats)
			}
		case endCapThrows:
			if s.r.players != 3 {
				t.Fatal("throw cap outside the three-player game")
			}
		default:
			t.Fatalf("terminal without an end: %d", s.end)
		}
		// Same seed, same game.
		again := newTest(t, n, nil)
		again.r = s.r
		again.Reset(seed)
		for _, a := range log {
			if again.Terminal() {
				t.Fatal("replay ended early")
			}
			again.Apply(a)
		}
		if *again != *s {
			t.Fatal("the same seed and actions give another game")
		}
		// A copy taken mid-game plays on identically.
		if twin.r != nil {
			c := twin
			for _, a := range log[fork:] {
				c.Apply(a)
			}
			if c != *s {
				t.Fatal("a copied state plays on differently")
			}
		}
	})
}

// TestZeroAllocs: a whole random game allocates nothing, for every player count.
func TestZeroAllocs(t *testing.T) {
	for _, tc := range []struct {
		players int
		hand    int
	}{{1, 0}, {2, 0}, {2, 3}, {3, 0}} {
		s := newTest(t, tc.players, func(p *Params) { p.DuoHand = tc.hand })
		r := engine.NewRNG(1)
		var seed uint64 // the last game's seed
		allocs := enginetest.AllocsPerGame(200, s, &r, func(last uint64) {
			_ = s.Score(0)
			seed = last
		})
		if allocs != 0 {
			t.Fatalf("%d players (hand %d): %.1f allocations per game", tc.players, tc.hand, allocs)
		}
		var obs [512]byte
		allocs = testing.AllocsPerRun(100, func() {
			s.Reset(seed)
			s.Determinize(0, seed)
			_ = s.Observe(0, obs[:0])
		})
		if allocs != 0 {
			t.Fatalf("%d players: Determinize/Observe allocate %.1f times", tc.players, allocs)
		}
	}
}
