// Package picktest registers deterministic test agents, which ignore their random stream
// so that a game depends on the deal alone: "studytest-first" plays the first legal
// action, "studytest-last" the last, and "studytest-first2" is a second name for the
// first policy (a tournament needs distinct specs). Import it for its side effect, in
// tests only.
package picktest

import (
	"dragonlab/agents"
	"dragonlab/engine"
)

type pickAgent struct {
	last bool
	buf  []engine.Action
}

func (a *pickAgent) Act(s engine.State, _ *engine.RNG) engine.Action {
	a.buf = s.Legal(a.buf[:0])
	if a.last {
		return a.buf[len(a.buf)-1]
	}
	return a.buf[0]
}

func init() {
	for _, k := range []struct {
		name string
		last bool
	}{{"studytest-first", false}, {"studytest-first2", false}, {"studytest-last", true}} {
		last := k.last
		agents.RegisterKind(agents.Kind{Name: k.name, Doc: "test agent: a fixed legal action",
			Build: func(map[string]string) (func() agents.Agent, error) {
				return func() agents.Agent { return New(last) }, nil
			}})
	}
}

// New is one such agent: the last legal action if last, else the first.
func New(last bool) agents.Agent {
	return &pickAgent{last: last, buf: make([]engine.Action, 0, agents.MaxActions)}
}
