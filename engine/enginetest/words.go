package enginetest

import (
	"strings"
	"testing"

	"dragonlab/engine"
)

// checkWords: a game with a glossary (engine.Glossary) explains every action class and
// every component it lists, each with a rule ID of the game (its Spec prefix); a game
// with a pace (engine.Pacer) never counts back, counts some turns or rounds in every
// finished game, and starts again when Reset deals a new game (a deal may play forced
// rounds already: a solitaire's combats without decisions).
func checkWords(t *testing.T, g engine.Game, newState func(uint64) engine.State, o Options) {
	s := newState(1)
	if gl, ok := s.(engine.Glossary); ok {
		prefix := g.Spec + "-"
		check := func(kind, name string, term engine.Term) {
			if term.Text == "" || !strings.HasPrefix(term.Rule, prefix) {
				t.Errorf("%s %q: glossary term %+v (want words and a %sn rule)", kind, name, term, prefix)
			}
		}
		if ac, ok := s.(engine.ActionClasser); ok {
			for _, c := range ac.ActionClasses() {
				check("action class", c, gl.ClassTerm(c))
			}
		}
		if tr, ok := s.(engine.Tracker); ok {
			for _, c := range tr.Components() {
				check("component", c, gl.ComponentTerm(c))
			}
		}
		if (gl.ClassTerm("no such class") != engine.Term{}) || (gl.ComponentTerm("no such component") != engine.Term{}) ||
			(gl.ParamTerm("noSuchKey", 1) != engine.Term{}) {
			t.Error("the glossary explains names the game does not have")
		}
	}
	if _, ok := s.(engine.Pacer); !ok {
		return
	}
	r := engine.NewRNG(7)
	var buf []engine.Action
	for seed := uint64(1); seed <= uint64(min(o.Games, 50)); seed++ {
		s := newState(seed)
		pc := s.(engine.Pacer)
		lastT, lastR := pc.Pace()
		if lastT < 0 || lastR < 0 {
			t.Fatalf("seed %d: a game dealt has played %d turns and %d rounds", seed, lastT, lastR)
		}
		for !s.Terminal() {
			buf = s.Legal(buf[:0])
			s.Apply(buf[r.IntN(len(buf))])
			tu, ro := pc.Pace()
			if tu < lastT || ro < lastR {
				t.Fatalf("seed %d: the pace went back from %d turns, %d rounds to %d, %d", seed, lastT, lastR, tu, ro)
			}
			lastT, lastR = tu, ro
		}
		if lastT+lastR == 0 {
			t.Fatalf("seed %d: a finished game counts neither turns nor rounds", seed)
		}
		s.Reset(seed + 1000)
		gotT, gotR := pc.Pace()
		wantT, wantR := newState(seed + 1000).(engine.Pacer).Pace()
		if gotT != wantT || gotR != wantR {
			t.Fatalf("seed %d: Reset keeps the pace of the game before: %d turns, %d rounds, a new state %d, %d", seed, gotT, gotR, wantT, wantR)
		}
	}
}
