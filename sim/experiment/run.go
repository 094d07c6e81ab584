package experiment

import (
	"fmt"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// A single run is an experiment too: `dragonlab plan run [the flags of run]` writes a plan
// of one run, so that one big run goes to a cluster exactly like every other experiment
// (run-plan --shard, merge DIR, the submit scripts in deploy/). It has no top-level
// command: `dragonlab run` stays the direct way, with its own --shard, --checkpoint and
// --until. The plan's run is named RunResultsName, so its results land in OUT/results.json
// (run's default file name) and equal, outside "run", what `dragonlab run` writes.

// RunResultsName is the name of a single run's run (its results file's stem).
const RunResultsName = "results"

// SingleRun is one run: the flags of run that define its games (not where or how it
// plays).
type SingleRun struct {
	Common
	Game Game
	// Agents is one spec per seat, comma-separated ("": random in every seat).
	Agents string
	// Games; a multiple of the player count for duplicate seating.
	Games int64
	// Seating is fixed, rotate or duplicate.
	Seating string
}

// RunOptions are the plan options of a single run: nothing beyond its provenance.
type RunOptions struct {
	Meta Meta `json:"meta"`
}

func init() { register(&Kind{Name: "run", DefaultOut: "run", check: checkRun}) }

// resolve checks what every single run needs, the plan's and the direct one's: the
// game, one agent per seat, and a positive number of games.
func (o SingleRun) resolve() (engine.Game, engine.Params, int, []agents.Factory, error) {
	g, params, players, err := o.Game.Resolve()
	if err != nil {
		return g, nil, 0, nil, err
	}
	fs, err := ParseAgents(o.Agents, players)
	if err != nil {
		return g, nil, 0, nil, err
	}
	if o.Games <= 0 {
		return g, nil, 0, nil, fmt.Errorf("--games must be positive, not %d", o.Games)
	}
	return g, params, players, fs, nil
}

// Plan is a plan of the one run.
func (o SingleRun) Plan() (*plan.Plan, error) {
	g, params, players, fs, err := o.resolve()
	if err != nil {
		return nil, err
	}
	units := o.Games
	switch o.Seating {
	case sim.SeatFixed, sim.SeatRotate:
	case sim.SeatDuplicate:
		if units, err = dealsOf("--games", o.Games, players); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("unknown --seating %q (valid: fixed, rotate, duplicate)", o.Seating)
	}
	p := o.newPlan("run")
	p.Add(plan.Run{Name: RunResultsName, Label: fmt.Sprintf("%s %dp", g.Name, players), Players: players,
		Seating: o.Seating, Seed: o.Seed, Units: units}, g, params, fs)
	return p, p.SetOptions(RunOptions{Meta: newMeta(g, params, players, o.Seed)})
}
