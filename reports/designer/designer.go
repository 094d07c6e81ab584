// Package designer is the designer's report of a balance study (dragonlab study): for every
// game it answers, in plain words with numbers and intervals, the five questions a game
// designer asks — Is it fair? Does skill matter? What decides games? How does it feel?
// What to change? — then gives the detail of every stage.
//
// The input is a study's results, stage by stage (cmd/dragonlab turns a study plan into an
// Input); Analyze computes the answers (a Report, which is also summary.json), and Doc
// builds the report model (reports/doc) that every writer renders, so the PDF, the HTML
// and the summaries cannot disagree. It composes the question analyses — reports/fairness
// (seat advantages of self-play), skill (the ladder's Bradley–Terry ratings on duplicate
// deals), luck (the luck share), value (components, restricted play), feel (game feel)
// and change (the compensation estimate) — and adds only the synthesis.
package designer

import (
	"encoding/json"

	"dragonlab/engine"
	"dragonlab/reports/worth"
	"dragonlab/sim"
)

// Input is a study: its provenance and its stages by game and player count.
type Input struct {
	Title    string
	Command  string
	Tool     string
	Budget   string // "quick", "default", "full" or "custom"
	Seed     uint64
	Replays  int  // plays of each self-play deal
	Complete bool // false when the study was interrupted
	Notes    []string
	// Configs are the games (rules variants) and player counts, in the order of the
	// report: configurations of one game and variant are consecutive.
	Configs []Config
}

// Config is one game (rules variant) at one player count.
type Config struct {
	Game    string
	Title   string // the game's human name
	Variant string // "" for the default rules
	// Params are the rules of the variant (all parameters), for the provenance.
	Params  json.RawMessage
	Players int
	// Levels are the levels of play, weakest first, with their self-play (replay seating:
	// each deal played Input.Replays times; Result nil when not played).
	Levels []Level
	// Ladder steps: level Upper alone against copies of level Lower on duplicate deals.
	Ladder []Step
	// Ablation: restricted play of every action class at a level.
	Ablation []Ablation
	// Levers: sweeps of a rules lever at a level.
	Levers []Sweep
	// Value: component values by substitution and decision values at a level.
	Value []Value

	// What other analyses add (extend.go); nil: the fallback.
	Tune   *TuneInput // certified rule changes
	Target *Target    // the precision that settles each question; nil: DefaultTarget

	// Questions are the registered questions' inputs (question.go).
	Questions []QuestionInput
}

// Level is one level of play and its self-play.
type Level struct {
	Name  string // "expert"
	Agent string // its agent spec (canonical)
	// Written is the spec as the study's design writes it, shown in the report ("" to
	// show Agent).
	Written string
	About   string // what it models, for the report
	File    string // results file, relative to the report
	Result  *sim.Result
	// Looks is how many times the study's rounds judged its self-play before it stopped
	// (1 + the rounds that continued it; 0 counts as 1): its seat tests are
	// Bonferroni-adjusted over them on top of Holm, so that stopping when a question is
	// settled does not cost the intervals their coverage.
	Looks int
}

// Step is one step of the ladder.
type Step struct {
	Upper, Lower int // level indices
	File         string
	Result       *sim.Result
}

// Ablation is restricted play at one level: each row forbids one action class; the base
// is the level's self-play.
type Ablation struct {
	Level   int
	Classes []string
	Rows    []worth.AblationInput
	// Measuring says why the level was chosen by the study's measuring rule ("" when the
	// design named it).
	Measuring string
}

// Sweep is the sweep of one rules lever at one level: the level's self-play is the point
// at the lever's Base, each Point another value (replay seating, like the self-play).
type Sweep struct {
	Level  int
	Lever  engine.LeverValues
	Points []SweepPoint
	// Measuring says why the level was chosen by the study's measuring rule.
	Measuring string
}

// SweepPoint is the lever at one value.
type SweepPoint struct {
	X      float64
	File   string
	Result *sim.Result
}
