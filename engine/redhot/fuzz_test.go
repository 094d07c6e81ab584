package redhot

import (
	"fmt"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// maxDecisions bounds a game: at most 19 rounds (each turns at least one card and the fury
// ends the game) of at most 5 stones + 5 choices + 5 placements + 1 princess decision.
const maxDecisions = 19 * 16

// playChecked plays a random game from seed with policy seed pseed, checking the
// invariants after every decision, and returns its action log.
func playChecked(t *testing.T, players int, seed, pseed uint64) []string {
	t.Helper()
	s := newTest(t, players, nil)
	s.Reset(seed)
	r := engine.NewRNG(pseed)
	var buf [64]engine.Action
	var log []string
	var spent [maxSeats][nItems]int
	furyRound := -1
	check := func(prev *State) {
		for seat := range s.n {
			lair := uint8(0)
			if s.inLair&(1<<seat) != 0 {
				lair = 1 << s.adv[seat]
			}
			tm, h := s.team[seat], s.hall[seat]
			// Each adventurer is in exactly one of team, lair, Hall of Flame.
			if tm&h != 0 || tm&lair != 0 || h&lair != 0 || tm|h|lair != 0xF {
				t.Fatalf("seat %d adventurers: team %04b lair %04b hall %04b", seat, tm, lair, h)
			}
			if s.score[seat] < prev.score[seat] {
				t.Fatalf("seat %d score fell from %d to %d", seat, prev.score[seat], s.score[seat])
			}
			if s.used[seat]&prev.used[seat] != prev.used[seat] {
				t.Fatalf("seat %d got a spent item back", seat)
			}
			if prev.active(seat) && !s.active(seat) && s.team[seat] != 0 {
				t.Fatalf("seat %d out with a team", seat)
			}
			if !prev.active(seat) && s.active(seat) {
				t.Fatalf("seat %d came back into the game", seat)
			}
		}
		if prev.phase == phaseChoose && s.revealed && s.round == prev.round {
			for seat := range s.n {
				if s.active(seat) && s.item[seat] != noItem {
					if spent[seat][s.item[seat]]++; spent[seat][s.item[seat]] > 1 {
						t.Fatalf("seat %d played its %s twice", seat, itemNames[s.item[seat]])
					}
				}
			}
		}
		if prev.phase == phaseStone && s.used[prev.toMove]&stoneBit != 0 && prev.used[prev.toMove]&stoneBit == 0 {
			spent[prev.toMove][itemStone]++
		}
		if s.fury && furyRound < 0 {
			furyRound = int(s.round)
		}
		// The game ends after the fury round: no round starts after it.
		if furyRound >= 0 && int(s.round) != furyRound && !s.Terminal() {
			t.Fatalf("round %d started after the fury round %d", s.round, furyRound)
		}
	}
	for n := 0; !s.Terminal(); n++ {
		if n > maxDecisions {
			t.Fatalf("seed %d: no end after %d decisions", seed, n)
		}
		if !s.active(s.toMove) {
			t.Fatalf("eliminated seat %d to move", s.toMove)
		}
		legal := s.Legal(buf[:0])
		if len(legal) == 0 {
			t.Fatal("no legal action")
		}
		a := legal[r.IntN(len(legal))]
		log = append(log, fmt.Sprintf("%d:%s", s.toMove, s.ActionText(a)))
		prev := *s
		s.Apply(a)
		check(&prev)
	}
	if !s.fury && s.outMask != 1<<s.n-1 {
		t.Fatalf("game over before the fury with players left")
	}
	for seat := range s.n {
		var m uint8
		for it := range uint8(nItems) {
			if spent[seat][it] > 0 {
				m |= 1 << it
			}
		}
		if m != s.used[seat] {
			t.Fatalf("seat %d spent %07b but played %07b", seat, s.used[seat], m)
		}
	}
	if s.round > 19 {
		t.Fatalf("%d rounds with a 19-card deck", s.round)
	}
	return log
}

func fuzzOne(t *testing.T, seed uint64, players uint8, fork uint8) {
	p := int(players%4) + 2
	a := playChecked(t, p, seed, seed^0x5eed)
	b := playChecked(t, p, seed, seed^0x5eed)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatalf("seed %d: the same seed gives another game", seed)
	}
	// A copy taken mid-game plays on identically.
	s := newTest(t, p, nil)
	s.Reset(seed)
	r := engine.NewRNG(seed ^ 0x5eed)
	var buf [64]engine.Action
	for i := 0; i < int(fork) && !s.Terminal(); i++ {
		l := s.Legal(buf[:0])
		s.Apply(l[r.IntN(len(l))])
	}
	c := *s
	rc := r
	for !s.Terminal() {
		l := s.Legal(buf[:0])
		s.Apply(l[r.IntN(len(l))])
		l = c.Legal(buf[:0])
		c.Apply(l[rc.IntN(len(l))])
		if s.Observe(0, nil) == nil || string(s.Observe(0, nil)) != string(c.Observe(0, nil)) || s.rng != c.rng {
			t.Fatal("a copied state plays on differently")
		}
	}
}

func FuzzRandomGames(f *testing.F) {
	for i := range 8 {
		f.Add(uint64(i*7919), uint8(i), uint8(i*5))
	}
	f.Fuzz(func(t *testing.T, seed uint64, players, fork uint8) { fuzzOne(t, seed, players, fork) })
}

func TestRandomGameInvariants(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 40
	}
	for i := range games {
		fuzzOne(t, uint64(i)*104729+1, uint8(i), uint8(i%60))
	}
}

func TestZeroAllocsPerGame(t *testing.T) {
	for players := 2; players <= 5; players++ {
		s := newTest(t, players, nil)
		r := engine.NewRNG(1)
		allocs := enginetest.AllocsPerGame(100, s, &r, func(uint64) { _ = s.Score(0) })
		if allocs != 0 {
			t.Fatalf("%d players: %.1f allocations per game, want 0", players, allocs)
		}
	}
}
