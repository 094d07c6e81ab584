package analysis

import (
	"dragonlab/reports/designer"
	"dragonlab/sim/experiment"
)

// Question is a study question in one package: its plan side (the runs it needs, planned
// by sim/experiment for every game and player count) and its report side (its page-1
// cell and its section, written by reports/designer).
type Question interface {
	experiment.Question
	designer.Question
}

// Register adds a question to every study: the one line a new question adds (here, in
// the list below, or in a test). It returns the function that takes it out again.
func Register(q Question) (unregister func()) {
	plan := experiment.RegisterQuestion(q)
	report := designer.RegisterQuestion(q)
	return func() { plan(); report() }
}

// The questions beyond the five built-in answers. None yet: a new question registers
// here, e.g. `var _ = Register(toy.Question{})`.
