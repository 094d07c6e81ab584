package analysis

import (
	"dragonlab/reports/designer"
	"dragonlab/reports/feel"
	"dragonlab/sim/experiment"
)

// A study question is one package: its report side (designer.Question: its section, and
// optionally its page-1 column, what it reads from each level's self-play and its line of
// the methods) and, when it needs runs of its own, its plan side (experiment.Question,
// planned by sim/experiment for every game and player count; optionally a Settler).

// Register adds a question to every study: the one line a new question adds (here, in
// the list below, or in a test). It returns the function that takes it out again.
func Register(q designer.Question) (unregister func()) {
	report := designer.RegisterQuestion(q)
	pq, ok := q.(experiment.Question)
	if !ok {
		return report
	}
	plan := experiment.RegisterQuestion(pq)
	return func() { plan(); report() }
}

// The questions beyond the built-in answers (fairness, skill, luck, what matters, what to
// change), one line each.
var _ = Register(feel.Question{})
