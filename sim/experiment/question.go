package experiment

import (
	"encoding/json"
	"fmt"
	"regexp"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// A study question beyond the built-in stages plans its own runs here: the study asks
// every registered question, for every game and player count, for its plan fragment
// (Question.Plan), and keeps the runs it added and the data it returned in the plan's
// options (StudyConfig.Questions), where its report side (reports/designer.Question)
// finds them. The executor defines what it needs from a question; the question's package
// implements it, and one composition package registers it (nothing here imports a
// report).

// Question is a study question's plan side.
type Question interface {
	// Name is the question's key: lower-case letters, digits and '-'; its runs' names
	// carry it, and the plan's options and the report find it by it.
	Name() string
	// Plan adds the question's runs for one game and player count (QuestionStage.Add)
	// and returns what its analysis needs beyond them (nil: nothing). Adding no run skips
	// the question for this game and player count.
	Plan(st *QuestionStage) (json.RawMessage, error)
}

// QuestionStage is one game and player count being planned, as a question sees it.
type QuestionStage struct {
	Game    engine.Game
	Params  engine.Params // the rules studied
	Players int
	Seed    uint64
	// Levels are the levels of play (weakest first), Agents their agents.
	Levels []StudyLevel
	Agents []agents.Factory
	// Replays is the study's plays of a self-play deal.
	Replays int

	sp    *studyPlan
	base  string
	label func(string) string
	q     *StudyQuestion
}

// Add adds a run of the question, named "<game>-<N>p-<question>-<what>", with the
// study's seed, the stage's game and rules, and returns its name.
func (st *QuestionStage) Add(what string, r plan.Run, fs []agents.Factory) string {
	r.Name = st.base + "-" + st.q.Name + "-" + what
	r.Label = st.label(st.q.Name + " " + what)
	r.Players, r.Seed = st.Players, st.Seed
	st.sp.p.Add(r, st.Game, st.Params, fs)
	st.q.Runs = append(st.q.Runs, r.Name)
	return r.Name
}

// StudyQuestion is what a registered question planned for one game and player count.
type StudyQuestion struct {
	Name string          `json:"name"`
	Runs []string        `json:"runs"`
	Data json.RawMessage `json:"data,omitempty"`
}

var questions = Registry[Question]{Kind: "experiment: question"}

var questionName = regexp.MustCompile(`^[a-z][a-z0-9-]{0,23}$`)

// RegisterQuestion adds a question to every study planned from now on, and returns the
// function that takes it out again (for tests). A name registered twice or malformed
// panics: registration is the program's own wiring.
func RegisterQuestion(q Question) (unregister func()) {
	if !questionName.MatchString(q.Name()) {
		panic(fmt.Sprintf("experiment: question name %q: lower-case letters, digits and '-'", q.Name()))
	}
	return questions.Register(q)
}

// registered are the registered questions, by name.
func registered() []Question { return questions.All() }

// questionStages asks every registered question for its plan fragment.
func (sp *studyPlan) questionStages(st *studyStage) error {
	for _, q := range registered() {
		sq := &StudyQuestion{Name: q.Name()}
		qs := &QuestionStage{Game: st.g, Params: st.e.params, Players: st.n, Seed: sp.c.Seed, Levels: st.cfg.Levels, Agents: st.fs,
			Replays: sp.k, sp: sp, base: st.base, label: st.label, q: sq}
		data, err := q.Plan(qs)
		if err != nil {
			return fmt.Errorf("question %s for %s %dp: %v", q.Name(), st.g.Name, st.n, err)
		}
		if len(sq.Runs) > 0 {
			sq.Data = data
			st.cfg.Questions = append(st.cfg.Questions, *sq)
		}
	}
	return nil
}

// checkQuestions checks a configuration's questions: each is registered, named once, and
// names runs of the configuration's game and player count, each once.
func checkQuestions(c *checker, what string, cfg *StudyConfig) error {
	known := map[string]bool{}
	for _, q := range registered() {
		known[q.Name()] = true
	}
	seen := map[string]bool{}
	for j, sq := range cfg.Questions {
		w := fmt.Sprintf("%s.questions[%d]", what, j)
		if !known[sq.Name] || seen[sq.Name] {
			return fmt.Errorf("%s: question %q is not one this dragonlab asks, or is named twice", w, sq.Name)
		}
		seen[sq.Name] = true
		if len(sq.Runs) == 0 {
			return fmt.Errorf("%s: question %s names no run", w, sq.Name)
		}
		for _, name := range sq.Runs {
			r, err := c.run(name, w)
			if err != nil {
				return err
			}
			if r.Game != cfg.Game || r.Players != cfg.Players {
				return fmt.Errorf("%s: run %s is not a run of %s with %d players", w, name, cfg.Game, cfg.Players)
			}
		}
	}
	return nil
}

// QuestionResults are the results of a question's runs in an analysis, by run name (nil
// for a run not played).
func (a *Analysis) QuestionResults(sq StudyQuestion) map[string]*sim.Result {
	out := map[string]*sim.Result{}
	for _, name := range sq.Runs {
		out[name] = a.Result(name)
	}
	return out
}

// Settler is a question that knows when it is settled: over the merged results of its
// runs, the more games of each run that would settle it (by run name; none: settled).
// study --settle plays them with the built-in questions' needs.
type Settler interface {
	Unsettled(data json.RawMessage, results map[string]*sim.Result) (map[string]int64, error)
}

// questionNeeds are the registered questions' needs (Settler) in a study's analysis.
func (a *Analysis) questionNeeds() ([]Need, error) {
	var o StudyOptions
	if err := a.Options(&o); err != nil {
		return nil, err
	}
	byName := map[string]Question{}
	for _, q := range registered() {
		byName[q.Name()] = q
	}
	var needs []Need
	for _, c := range o.Configs {
		for _, sq := range c.Questions {
			s, ok := byName[sq.Name].(Settler)
			if !ok {
				continue
			}
			more, err := s.Unsettled(sq.Data, a.QuestionResults(sq))
			if err != nil {
				return nil, fmt.Errorf("question %s for %s %dp: %v", sq.Name, c.Game, c.Players, err)
			}
			for _, run := range sq.Runs {
				if g := more[run]; g > 0 {
					needs = append(needs, Need{File: a.File(run), Question: sq.Name, Games: g})
				}
			}
		}
	}
	return needs, nil
}
