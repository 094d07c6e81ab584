package enginetest

import (
	"strings"
	"testing"

	"dragonlab/engine"
)

// checkWords: a game with a glossary (engine.Glossary) explains every action class and
// every component it lists (tracked or substituted), each with a rule ID of the game
// (its Spec prefix), and nothing else.
func checkWords(t *testing.T, g engine.Game, newState func(uint64) engine.State) {
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
		if su, ok := s.(engine.Substituter); ok {
			for _, c := range su.Substitutes() {
				check("substitute", c, gl.ComponentTerm(c))
			}
		}
		if (gl.ClassTerm("no such class") != engine.Term{}) || (gl.ComponentTerm("no such component") != engine.Term{}) ||
			(gl.ParamTerm("noSuchKey", 1) != engine.Term{}) {
			t.Error("the glossary explains names the game does not have")
		}
	}
}
