package designer

import (
	"encoding/json"

	"dragonlab/reports/doc"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
)

// A study question beyond the built-in five answers its part of the report here: a
// page-1 column (its cell for every game and player count) and a section in each game's
// answer. Its plan side (sim/experiment.Question) played its runs; the study hands their
// results to the report (Config.Questions). A question is one package implementing both
// sides, registered by one line in a composition package (reports/analysis.Register).

// Question is a study question's report side.
type Question interface {
	// Name is the question's key, the same as its plan side's.
	Name() string
	// Column is its page-1 heading ("Feel?") and the title of its section.
	Column() string
	// Cell is its page-1 answer for one game and player count (at most MaxCellWords
	// words, like the built-in cells).
	Cell(a *Answer, in *QuestionInput) Cell
	// Section adds its detail for one game and player count to the game's section.
	Section(a *Answer, in *QuestionInput, s *doc.Section)
}

// QuestionInput is what a question planned and played for one game and player count.
type QuestionInput struct {
	Name    string
	Game    string
	Players int
	// Data is what its plan side kept (experiment.StudyQuestion.Data).
	Data json.RawMessage
	// Results are its runs' results by run name (nil: not played).
	Results map[string]*sim.Result
}

var questions = experiment.Registry[Question]{Kind: "designer: question"}

// RegisterQuestion adds a question to every report written from now on, and returns the
// function that takes it out again (for tests). A name registered twice panics.
func RegisterQuestion(q Question) (unregister func()) { return questions.Register(q) }

// registered are the registered questions, by name.
func registered() []Question { return questions.All() }

// Columns are page 1's column headings: the five built-in answers', then each registered
// question's, in the order of GlanceRow.Cells.
func Columns() []string {
	cols := append([]string(nil), glanceColumns...)
	for _, q := range registered() {
		cols = append(cols, q.Column())
	}
	return cols
}

// input is the configuration's input of question q (nil when it planned nothing here).
func (c *Config) input(q Question) *QuestionInput {
	for i := range c.Questions {
		if c.Questions[i].Name == q.Name() {
			return &c.Questions[i]
		}
	}
	return nil
}

// questionCells are the registered questions' page-1 cells, "–" where a question planned
// nothing for the configuration.
func (a *Answer) questionCells() []Cell {
	var out []Cell
	for _, q := range registered() {
		c := Cell{Text: "–", Verdict: "–"}
		if in := a.cfg.input(q); in != nil {
			c = fit(q.Cell(a, in))
		}
		out = append(out, c)
	}
	return out
}

// questionSections adds each registered question's section to a game's section, with
// its detail at every player count it planned for.
func (rp *Report) questionSections(s *doc.Section, g *Game) {
	for _, q := range registered() {
		var sec *doc.Section
		for _, a := range g.Configs {
			in := a.cfg.input(q)
			if in == nil {
				continue
			}
			if sec == nil {
				sec = s.AddSection(q.Column())
			}
			q.Section(a, in, sec)
		}
	}
}
