// Package experiment holds dragonlab's experiments as data and pure functions, so that
// they can be imported, tested and reused without the command line.
//
// Every experiment (tournament, ladder, skill, sweep, ablate, luck, the study, and a
// single run as a plan) is the same pipeline: a plain options struct (what its flags
// say) → a plan (sim/plan: a deterministic list of fully specified runs plus the options
// its analysis needs; building it validates everything, every error is bad input and
// nothing is played) → the plan played, whole or one shard of every run (sim/plan) → the
// results → the experiment's analysis (its Kind) → its report (reports/…) and the summary
// printed on a terminal. The study's design (levels of play, budgets, levers and the
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
	"dragonlab/reports/doc"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// Kind is an experiment kind (the plan's kind): how its results become a report.
type Kind struct {
	Name string
	// DefaultOut is the output directory when none is given.
	DefaultOut string
	// Analyze turns the results of a plan of this kind into its report: it prints the
	// summary on a.Stdout and writes the report into a.Dir, returning the files written.
	// Its input errors are plan.InputError.
	Analyze func(a *Analysis) ([]string, error)
	// check checks the options of a plan of this kind against its runs (CheckPlan).
	check func(c *checker) error
}

var kinds = map[string]*Kind{}

func register(k *Kind) { kinds[k.Name] = k }

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

// result is the results of the run with the given name (nil if not played).
func (a *Analysis) result(name string) *sim.Result {
	i := a.Plan.Index(name)
	if i < 0 {
		return nil
	}
	return a.Results[i]
}

// file is the results file of the run with the given name, relative to the report.
func (a *Analysis) file(name string) string {
	return filepath.ToSlash(filepath.Join(a.Plan.Results, name+".json"))
}

// options decodes the plan's options.
func (a *Analysis) options(v any) error {
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

// meta is the studies provenance of the plan's results.
func (a *Analysis) meta(m Meta) doc.Meta {
	title := m.Game
	if g, err := engine.Lookup(m.Game); err == nil {
		title = g.Title
	}
	return doc.Meta{Tool: "dragonlab " + sim.Version, Command: a.Plan.Command, Game: m.Game, Title: title,
		Players: m.Players, Params: m.Params, Seed: m.Seed, Complete: a.Complete}
}
