package designer

import (
	"encoding/json"

	"dragonlab/reports/doc"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
)

// A question beyond the built-in answers (fairness, skill, luck, what matters, what to
// change) writes its part of the report here: its section in each game's answer, and
// optionally a page-1 column, what it reads from each level's self-play and its line of
// the methods. Its plan side, where it has runs of its own (sim/experiment.Question),
// played them; the study hands their results to the report (Config.Questions). A
// question is one package implementing both sides, registered by one line in a
// composition package (reports/analysis.Register).

// Question is a study question's report side.
type Question interface {
	// Name is the question's key, the same as its plan side's.
	Name() string
	// Section adds the question's section to a game's section s (nothing when it has
	// nothing to say for the game).
	Section(rp *Report, g *Game, s *doc.Section)
}

// The optional parts of a question's report side.
type (
	// Placed is a question whose section goes before a built-in section (its title,
	// "What to change?") instead of after them all.
	Placed interface{ Before() string }
	// Celled is a question with a page-1 column: its heading ("Toy?") and its cell for
	// one game and player count it planned runs for (at most MaxCellWords words).
	Celled interface {
		Name() string
		Column() string
		Cell(a *Answer, in *QuestionInput) Cell
	}
	// LevelReader is a question that reads each level's self-play result into its
	// level's answer (the game feel).
	LevelReader interface {
		ReadLevel(la *LevelAnswer, r *sim.Result) error
	}
	// Methodical is a question with a line in the report's methods.
	Methodical interface{ Method() string }
	// Answered is a question with a sentence in the game's answer: at the headline player
	// count h, at its end when it fits within MaxAnswerWords; at is " with N players"
	// when the game has several counts ("" otherwise), "" says nothing.
	Answered interface {
		AnswerSentence(h *Answer, at string) string
	}
)

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

// celled are the registered questions with a page-1 column, by name.
func celled() []Celled {
	var out []Celled
	for _, q := range registered() {
		if c, ok := q.(Celled); ok {
			out = append(out, c)
		}
	}
	return out
}

// Columns are page 1's column headings: the five built-in answers', then each registered
// question's, in the order of GlanceRow.Cells.
func Columns() []string {
	cols := append([]string(nil), glanceColumns...)
	for _, q := range celled() {
		cols = append(cols, q.Column())
	}
	return cols
}

// Input is what the question named planned and played for this game and player count
// (nil when it planned nothing here).
func (a *Answer) Input(name string) *QuestionInput {
	for i := range a.cfg.Questions {
		if a.cfg.Questions[i].Name == name {
			return &a.cfg.Questions[i]
		}
	}
	return nil
}

// questionCells are the registered questions' page-1 cells, "–" where a question planned
// nothing for the configuration.
func (a *Answer) questionCells() []Cell {
	var out []Cell
	for _, q := range celled() {
		c := Cell{Text: "–", Verdict: "–"}
		if in := a.Input(q.Name()); in != nil {
			c = fit(q.Cell(a, in))
		}
		out = append(out, c)
	}
	return out
}

// readLevel lets every registered LevelReader read a level's self-play result.
func readLevel(la *LevelAnswer, r *sim.Result) error {
	for _, q := range registered() {
		if lr, ok := q.(LevelReader); ok {
			if err := lr.ReadLevel(la, r); err != nil {
				return err
			}
		}
	}
	return nil
}

// questionSections adds the sections of the registered questions placed before the
// built-in section titled before ("": those placed after them all) to a game's section.
func (rp *Report) questionSections(s *doc.Section, g *Game, before string) {
	for _, q := range registered() {
		at := ""
		if p, ok := q.(Placed); ok {
			at = p.Before()
		}
		if at == before {
			q.Section(rp, g, s)
		}
	}
}

// questionMethods are the registered questions' lines of the methods.
func questionMethods() []string {
	var out []string
	for _, q := range registered() {
		if m, ok := q.(Methodical); ok {
			out = append(out, m.Method())
		}
	}
	return out
}

// questionAnswers are the registered questions' sentences in a game's answer.
func questionAnswers(h *Answer, at string) []string {
	var out []string
	for _, q := range registered() {
		if aq, ok := q.(Answered); ok {
			if s := aq.AnswerSentence(h, at); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}
