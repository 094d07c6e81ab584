package dragonscales

import (
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// DS-21: a game stopped by either safety cap (maxRounds combats; maxThrows throws in the
// three-player game) is a draw that nobody wins: Result is all zeros, which the runner
// counts as noWinner (not as a shared win, engine.Draw is false), and the narration names
// the cap that ended it.
func TestDS21_CapsCountAsNoWinnerAndAreNamed(t *testing.T) {
	for _, tc := range []struct {
		name    string
		players int
		mod     func(*Params)
		end     uint8
		cap     string
	}{
		{"maxRounds, two players", 2, func(p *Params) { p.MaxRounds = 2; p.DuoTarget = 9 }, endCapRounds, "maxRounds=2"},
		{"maxRounds, three players", 3, func(p *Params) { p.MaxRounds = 1; p.TrioTarget = 9 }, endCapRounds, "maxRounds=1"},
		{"maxThrows, three players", 3, func(p *Params) { p.MaxThrows = 3 }, endCapThrows, "maxThrows=3"},
	} {
		p := DefaultParams()
		tc.mod(p)
		s := enginetest.NewGame(t, "dragonscales", p, tc.players, 1).(*State)
		lines := fullNarration(s, 1, engine.Omniscient)
		if s.end != tc.end {
			t.Fatalf("%s: end %d, want %d", tc.name, s.end, tc.end)
		}
		out := result(s)
		for _, v := range out {
			if v != 0 {
				t.Fatalf("%s: result %v, want nobody winning", tc.name, out)
			}
		}
		if engine.Draw(out) {
			t.Fatalf("%s: counted as a shared win", tc.name)
		}
		last := lines[len(lines)-1]
		if !strings.Contains(last, "safety cap "+tc.cap+" reached") || !strings.Contains(last, "nobody wins (DS-21)") {
			t.Fatalf("%s: the end is narrated as %q", tc.name, last)
		}
	}
	if p := DefaultParams(); p.MaxThrows != 4000 || p.MaxRounds != 400 {
		t.Fatalf("defaults maxRounds %d maxThrows %d, want 400 and 4000 (DS-21)", p.MaxRounds, p.MaxThrows)
	}
	if doc := enginetest.Lookup(t, "dragonscales").ParamDocs["maxThrows"]; !strings.Contains(doc, "DS-21") {
		t.Fatalf("maxThrows is not documented with DS-21: %q", doc)
	}
}

// DS-23: after the switch of DS-13 there is one pile and no pile choice: winning a throw
// takes its top card at once, never asking for "left" or "right".
func TestDS23_SinglePileTopCardIsNotADecision(t *testing.T) {
	switched := 0
	for seed := uint64(1); seed <= 30; seed++ {
		s := enginetest.NewGame(t, "dragonscales", nil, 3, seed).(*State)
		r := engine.NewRNG(seed)
		var buf [64]engine.Action
		for !s.Terminal() {
			legal := s.Legal(buf[:0])
			if s.switched {
				switched++
				if s.phase == phPile {
					t.Fatalf("seed %d: a pile choice after the switch: %v", seed, legalTexts(s))
				}
			}
			before := *s
			s.Apply(legal[r.IntN(len(legal))])
			// A throw won after the switch is followed by its combat in the same Apply.
			if before.switched && s.throws > before.throws && s.phase != phGesture && s.phase != phOver && s.phase != phJoker {
				t.Fatalf("seed %d: phase %d after a throw", seed, s.phase)
			}
		}
	}
	if switched == 0 {
		t.Fatal("no game reached the switch")
	}
}
