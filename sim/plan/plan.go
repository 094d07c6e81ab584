// Package plan turns every experiment into a plan: a deterministic list of fully specified
// runs (game, players, rules, agents per seat, seating, seed, units), plus the options the
// experiment's analysis needs. One executor plays any plan — whole, or one shard of every
// run — into an output directory with checkpoints, so that a killed or preempted task
// resumes where it stopped; MergeDir merges the shards of every run exactly. The
// experiment commands (cmd/dragonlab) only parse flags into a plan and hand the results
// to reports.
//
// A plan is a pure function of the command's flags: the same flags give the same bytes.
// Its JSON form (schema dragonlab.plan/v1) is the contract between machines: write it with
// `dragonlab plan <command> … --out plan.json`, run it anywhere with `dragonlab run-plan`.
package plan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"regexp"
	"strings"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/engine/value"
	"dragonlab/sim"
)

// Schema names the plan format; readers check it.
const Schema = "dragonlab.plan/v1"

// FileName is the name of the plan inside an output directory: it says which plan the
// directory belongs to.
const FileName = "plan.json"

// PartsDir is the subdirectory of an output directory that holds shard results and
// checkpoints.
const PartsDir = "parts"

// Plan is an experiment: its kind (the command that analyses it), the options its
// analysis needs, and its runs in a fixed order.
type Plan struct {
	Schema string `json:"schema"`
	// Tool is the version of dragonlab that made the plan.
	Tool string `json:"tool"`
	// Kind names the experiment (study, tournament, skill, ladder, sweep, ablate, luck):
	// the analysis that turns the results into a report.
	Kind string `json:"kind"`
	// Command is the experiment's command line, for the reports' provenance (only the
	// flags that define the experiment: never --out, --workers or --shard).
	Command string `json:"command,omitempty"`
	// Results is the subdirectory of the output directory that holds the results files
	// ("" for the directory itself).
	Results string `json:"results,omitempty"`
	// Options are the kind's own options (JSON object): what the analysis needs beyond
	// the runs, e.g. which run is which pairing.
	Options json.RawMessage `json:"options,omitempty"`
	Runs    []Run           `json:"runs"`

	resolved []resolved // by run, after Resolve
}

// Run is one fully specified run: everything sim.Config needs except the workers.
type Run struct {
	// Name is unique in the plan and the stem of the run's results file (NAME.json).
	Name    string          `json:"name"`
	Label   string          `json:"label,omitempty"` // shown by the progress bar
	Game    string          `json:"game"`
	Players int             `json:"players"`
	Params  json.RawMessage `json:"params"` // every rules parameter (sorted keys)
	Agents  []string        `json:"agents"` // canonical spec per seat (agent j starts in seat j)
	Seating string          `json:"seating"`
	// Replays is K for replay seating (each deal played K times), 0 otherwise.
	Replays int    `json:"replays,omitempty"`
	Seed    uint64 `json:"seed"`
	// Units are games (fixed, rotate), deals of Players games (duplicate) or deals of
	// Replays games (replay).
	Units int64 `json:"units"`
	// Components and Metrics ask the runner for the component and game-feel aggregates.
	Components bool `json:"components,omitempty"`
	Metrics    bool `json:"metrics,omitempty"`
	// Substitute and Decisions ask for the value aggregates: component values by
	// substitution (each deal played once more per component, direction and seat, fixed
	// seating) and decision values read from the agents' search roots.
	Substitute *sim.Substitution `json:"substitute,omitempty"`
	Decisions  bool              `json:"decisions,omitempty"`
	// Outcomes asks for every unit's game outcomes in unit order (sim.Outcomes), so that
	// runs on the same seed are compared deal by deal.
	Outcomes bool `json:"outcomes,omitempty"`
	// Luck asks for luck accounting with the game's own value function (sim.LoadValue).
	Luck bool `json:"luck,omitempty"`
}

// resolved is a run's configuration, checked: everything but workers, shard and hooks.
type resolved struct {
	game   engine.Game
	params engine.Params
	agents []agents.Factory
	luck   *value.Loaded
}

// Games is the number of games the run plays.
func (r *Run) Games() int64 { return r.Units * int64(r.PlayedPerUnit()) }

// GamesPerUnit is the number of games in one unit of the run.
func (r *Run) GamesPerUnit() int { return sim.GamesPerUnit(r.Seating, r.Players, r.Replays) }

// PlayedPerUnit is the number of games one unit plays: its games, and with substitutions
// the changed deals too (the cost of a unit).
func (r *Run) PlayedPerUnit() int {
	n := r.GamesPerUnit()
	if r.Substitute != nil {
		n += r.Substitute.Variants(r.Players)
	}
	return n
}

// File is the run's results file name.
func (r *Run) File() string { return r.Name + ".json" }

// New starts a plan of the given kind; add runs with Add, set the options with SetOptions.
func New(kind, command string) *Plan {
	return &Plan{Schema: Schema, Tool: sim.ToolName(), Kind: kind, Command: command}
}

// SetOptions stores the kind's options (any JSON-encodable value).
func (p *Plan) SetOptions(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode plan options: %w", err)
	}
	p.Options = b
	return nil
}

// DecodeOptions reads the kind's options into v.
func (p *Plan) DecodeOptions(v any) error {
	dec := json.NewDecoder(bytes.NewReader(p.Options))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("plan options of a %s: %v", p.Kind, err)
	}
	return nil
}

// Add appends a run with the given game, rules and agents and returns its index. Call
// Resolve once every run is added: it checks the plan as a reader of its file would.
func (p *Plan) Add(r Run, g engine.Game, params engine.Params, fs []agents.Factory) int {
	r.Game, r.Params = g.Name, engine.ParamsJSON(params)
	r.Agents = make([]string, len(fs))
	for i, f := range fs {
		r.Agents[i] = f.Spec
	}
	p.Runs = append(p.Runs, r)
	p.resolved = nil // Resolve checks the whole plan again
	return len(p.Runs) - 1
}

// Index returns the index of the run with the given name, or -1.
func (p *Plan) Index(name string) int {
	for i := range p.Runs {
		if p.Runs[i].Name == name {
			return i
		}
	}
	return -1
}

// Marshal encodes the plan as indented JSON with a final newline: the same plan always
// gives the same bytes.
func (p *Plan) Marshal() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(p); err != nil {
		return nil, fmt.Errorf("encode plan: %w", err)
	}
	return b.Bytes(), nil
}

// Games is the number of games of the whole plan.
func (p *Plan) Games() int64 {
	var n int64
	for i := range p.Runs {
		n += p.Runs[i].Games()
	}
	return n
}

// Parse reads a plan, checks it completely (schema, every run's game, players, rules,
// agents, seating, units, unique names) and puts it in canonical form (every rules
// parameter, canonical agent specs), so that an equivalent plan gives the same bytes. Any
// problem is one error naming the run.
func Parse(data []byte) (*Plan, error) {
	var p Plan
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("not a dragonlab plan: %v", err)
	}
	if dec.More() {
		return nil, errors.New("not a dragonlab plan: trailing data after the JSON object")
	}
	if p.Schema != Schema {
		return nil, fmt.Errorf("not a dragonlab plan (schema %q, want %q)", p.Schema, Schema)
	}
	if err := p.Resolve(); err != nil {
		return nil, err
	}
	if len(p.Options) > 0 {
		var b bytes.Buffer
		if err := json.Compact(&b, p.Options); err != nil {
			return nil, fmt.Errorf("plan options: %v", err)
		}
		p.Options = b.Bytes()
	}
	return &p, nil
}

// Read reads and checks a plan file.
func Read(file string) (*Plan, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("read plan: %w", err)
	}
	p, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return p, nil
}

var nameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._=+-]*$`)

// MaxRuns bounds the runs of a plan (a sweep has at most 400).
const MaxRuns = 100000

// Resolve checks every run and resolves its game, rules and agents (once). It rewrites the
// params and agents into canonical form.
func (p *Plan) Resolve() error {
	if len(p.resolved) == len(p.Runs) && len(p.Runs) > 0 {
		return nil
	}
	if strings.TrimSpace(p.Kind) == "" {
		return errors.New("plan: no kind (the experiment it belongs to)")
	}
	if len(p.Runs) == 0 {
		return errors.New("plan: no runs")
	}
	if len(p.Runs) > MaxRuns {
		return fmt.Errorf("plan: %d runs, more than the %d allowed", len(p.Runs), MaxRuns)
	}
	if r := p.Results; r != "" {
		if strings.Contains(r, `\`) || path.IsAbs(r) || path.Clean(r) != r || r == "." || strings.HasPrefix(r, "..") || r == PartsDir {
			return fmt.Errorf("plan: results directory %q must be a plain relative path inside the output directory", r)
		}
	}
	res := make([]resolved, len(p.Runs))
	seen := map[string]bool{}
	for i := range p.Runs {
		r := &p.Runs[i]
		if err := r.resolve(&res[i]); err != nil {
			what := fmt.Sprintf("run %d", i+1)
			if r.Name != "" {
				what += " (" + r.Name + ")"
			}
			return fmt.Errorf("plan: %s: %w", what, err)
		}
		if seen[strings.ToLower(r.Name)] {
			return fmt.Errorf("plan: two runs are named %s (names must differ, also in case)", r.Name)
		}
		seen[strings.ToLower(r.Name)] = true
	}
	p.resolved = res
	return nil
}

func (r *Run) resolve(out *resolved) error {
	switch {
	case !nameRE.MatchString(r.Name) || len(r.Name) > 160:
		return fmt.Errorf("name %q: want letters, digits and . _ = + - (at most 160, not starting with a dot or dash)", r.Name)
	case strings.Contains(r.Name, ".shard-") || strings.HasSuffix(r.Name, ".ckpt"):
		return fmt.Errorf("name %q: must not contain .shard- or end in .ckpt (parts use them)", r.Name)
	}
	g, err := engine.Lookup(r.Game)
	if err != nil {
		return err
	}
	if err := g.CheckPlayers(r.Players); err != nil {
		return err
	}
	if len(bytes.TrimSpace(r.Params)) == 0 || bytes.Equal(bytes.TrimSpace(r.Params), []byte("null")) {
		return errors.New("no rules parameters (give an object, {} for the defaults)")
	}
	params, err := engine.ParseParams(g, r.Params)
	if err != nil {
		return fmt.Errorf("%s rules: %w", g.Name, err)
	}
	if err := params.Validate(r.Players); err != nil {
		return fmt.Errorf("%s rules: %w", g.Name, err)
	}
	r.Params = engine.ParamsJSON(params)
	if len(r.Agents) != r.Players {
		return fmt.Errorf("%d agents for %d players: give one agent per seat", len(r.Agents), r.Players)
	}
	fs := make([]agents.Factory, len(r.Agents))
	for j, spec := range r.Agents {
		f, err := agents.Parse(spec)
		if err != nil {
			return err
		}
		fs[j] = f
		r.Agents[j] = f.Spec
	}
	switch r.Seating {
	case sim.SeatFixed, sim.SeatRotate, sim.SeatDuplicate:
		if r.Replays != 0 {
			return fmt.Errorf("replays %d with %s seating: replays belong to replay seating", r.Replays, r.Seating)
		}
	case sim.SeatReplay:
		if r.Replays < 2 {
			return fmt.Errorf("replay seating needs replays of at least 2, not %d", r.Replays)
		}
	default:
		return fmt.Errorf("unknown seating %q (valid: %s)", r.Seating, strings.Join(sim.Seatings, ", "))
	}
	if r.Units <= 0 {
		return fmt.Errorf("units must be positive, not %d", r.Units)
	}
	if r.Units > (1<<62)/int64(r.PlayedPerUnit()) {
		return fmt.Errorf("units %d: too many games", r.Units)
	}
	if err := sim.CheckAgents(g, params, r.Players, fs); err != nil {
		return err
	}
	var luck *value.Loaded
	if r.Luck {
		if luck, err = sim.LoadValue(g, params, r.Players, nil); err != nil {
			return err
		}
	}
	// The runner's own check of what it would refuse only once playing (a run with luck
	// accounting on the value function's fit seed, a substitution the game cannot make).
	if r.Substitute != nil || r.Decisions || r.Luck {
		cfg := sim.Config{Game: g, Params: params, Players: r.Players, Agents: fs, Seating: r.Seating, Seed: r.Seed,
			Units: r.Units, Replays: r.Replays, Substitute: r.Substitute, Decisions: r.Decisions, Luck: luck}
		if err := sim.CheckConfig(cfg); err != nil {
			return err
		}
	}
	*out = resolved{game: g, params: params, agents: fs, luck: luck}
	return nil
}

// Config is run i's runner configuration for the whole run (no shard, no hooks).
func (p *Plan) Config(i int, workers int) (sim.Config, error) {
	if err := p.Resolve(); err != nil {
		return sim.Config{}, err
	}
	r, rs := &p.Runs[i], p.resolved[i]
	return sim.Config{Game: rs.game, Params: rs.params, Players: r.Players, Agents: rs.agents,
		Seating: r.Seating, Seed: r.Seed, Units: r.Units, Workers: workers,
		Replays: r.Replays, Components: r.Components, Metrics: r.Metrics, Outcomes: r.Outcomes, Luck: rs.luck,
		Substitute: r.Substitute, Decisions: r.Decisions}, nil
}
