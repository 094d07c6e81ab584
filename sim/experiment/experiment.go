// Package experiment holds dragonlab's experiments as data and pure functions, so that
// they can be imported, tested and reused without the command line.
//
// Every experiment (tournament, ladder, skill, sweep, ablate, luck, the study, and a
// single run as a plan) is the same pipeline: a plain options struct (what its flags
// say) → a plan (sim/plan: a deterministic list of fully specified runs plus the options
// its analysis needs; building it validates everything, every error is bad input and
// nothing is played) → the plan played, whole or one shard of every run (sim/plan) → the
// results → the experiment's analysis → its report and the summary printed on a terminal.
// This package plays; the analysis and the report are the kind's Writer, which the report
// side (reports/analysis) registers, so that nothing here imports reports. The study's design (levels of play, budgets, levers and the
// design file format) lives here too, as do the parts of playing a plan into an output
// directory that are not terminal I/O (Play, ReportFrom, MergeDir: resume, shards,
// --from, merge DIR).
//
// cmd/dragonlab parses flags into the options structs, prints, and draws progress bars.
package experiment

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"path/filepath"
	"sort"

	"dragonlab/engine"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// Kind is an experiment kind (the plan's kind): how its plan is checked here, and how its
// results become a report (its Writer, which the report side registers: sim plays, reports
// write, and nothing here imports reports).
type Kind struct {
	Name string
	// DefaultOut is the output directory when none is given.
	DefaultOut string
	Writer
	// check checks the options of a plan of this kind against its runs (CheckPlan).
	check func(c *checker) error
}

// Writer is what the executor needs from a kind's report side.
type Writer struct {
	// Analyze turns the results of a plan of this kind into its report: it prints the
	// summary on a.Stdout and writes the report into a.Dir, returning the files written.
	// Its input errors are plan.InputError.
	Analyze func(a *Analysis) ([]string, error)
	// Unsettled lists the runs whose question the complete results have not settled
	// (Settle plays them on); nil for a kind that cannot be settled.
	Unsettled func(a *Analysis) ([]Need, error)
}

// Need is a run whose question is not settled: its results file (relative to the
// report, Analysis.File), the question, and about how many more games would settle it.
type Need struct {
	File     string
	Question string
	Games    int64
	// Answered is true when page 1 gives the question an answer all the same (a seat
	// clearly favoured whose size is not yet within the target): the study's rounds play
	// only the questions page 1 calls not settled; --settle plays every one.
	Answered bool
}

var kinds = map[string]*Kind{}

func register(k *Kind) { kinds[k.Name] = k }

// SetWriter registers the report side of the kind of that name (reports/analysis does, for
// every kind). It panics on an unknown kind: a wiring mistake, not an input.
func SetWriter(name string, w Writer) {
	k := kinds[name]
	if k == nil {
		panic("experiment: no kind " + name)
	}
	k.Writer = w
}

// Lookup returns the experiment kind of that name, or nil.
func Lookup(name string) *Kind { return kinds[name] }

// Names lists the experiment kinds, sorted.
func Names() []string {
	var names []string
	for name := range kinds {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// Common is what every experiment's options share.
type Common struct {
	// Seed is every run's seed: every run plays the same deals.
	Seed uint64
	// Command is the experiment's command line, for the report's provenance (only the
	// flags that define the experiment).
	Command string
}

// newPlan starts the plan of the experiment.
func (c Common) newPlan(kind string) *plan.Plan { return plan.New(kind, c.Command) }

// ErrInterrupted says that a plan was stopped (Ctrl-C, SIGTERM) before its end: what was
// finished has been written, and reported marked incomplete.
var ErrInterrupted = errors.New("interrupted: the games finished so far were kept and written, marked incomplete")

// Analysis is what an experiment's analysis gets: the plan, the results by run (nil for
// runs not played), whether everything was played, and where to write.
type Analysis struct {
	Plan           *plan.Plan
	Results        []*sim.Result
	Complete       bool
	Dir            string
	Stdout, Stderr io.Writer
	// ctx and workers are for the stages an analysis plays after the plan (the study's
	// tune stage): a stop ends them, keeping what they finished.
	ctx     context.Context
	workers int
}

// Result is the results of the run with the given name (nil if not played).
func (a *Analysis) Result(name string) *sim.Result {
	i := a.Plan.Index(name)
	if i < 0 {
		return nil
	}
	return a.Results[i]
}

// File is the results file of the run with the given name, relative to the report.
func (a *Analysis) File(name string) string {
	return filepath.ToSlash(filepath.Join(a.Plan.Results, name+".json"))
}

// Options decodes the plan's options.
func (a *Analysis) Options(v any) error {
	if err := a.Plan.DecodeOptions(v); err != nil {
		return plan.InputError{Err: err}
	}
	return nil
}

// Meta is the provenance an experiment keeps in its plan options.
type Meta struct {
	Game    string          `json:"game"`
	Players int             `json:"players"`
	Params  json.RawMessage `json:"params"`
	Seed    uint64          `json:"seed"`
}

func newMeta(g engine.Game, p engine.Params, players int, seed uint64) Meta {
	return Meta{Game: g.Name, Players: players, Params: engine.ParamsJSON(p), Seed: seed}
}
