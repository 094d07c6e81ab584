package dragonheart

import (
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// BenchmarkRandomGame2p plays one whole uniform random game per iteration.
func BenchmarkRandomGame2p(b *testing.B) {
	enginetest.BenchRandomGames(b, enginetest.Lookup(b, "dragonheart"), 2, nil)
}

// BenchmarkLegal measures Legal alone on mid-game states.
func BenchmarkLegal(b *testing.B) {
	s, _ := New(DefaultParams())
	var states [64]State
	var buf [512]engine.Action
	r := engine.NewRNG(2)
	for i := range states {
		s.Reset(uint64(i))
		for n := r.IntN(30); n > 0 && !s.Terminal(); n-- {
			legal := s.Legal(buf[:0])
			s.Apply(legal[r.IntN(len(legal))])
		}
		if s.Terminal() {
			s.Reset(uint64(i))
		}
		states[i] = *s
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		states[i&63].Legal(buf[:0])
	}
}
