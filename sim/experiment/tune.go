package experiment

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/sim"
	"dragonlab/sim/plan"
	"dragonlab/sim/stats"
	"dragonlab/sim/text"
	"dragonlab/sim/tune"
)

// Tune is `dragonlab tune`: the smallest change of the rules that meets the targets,
// searched in rounds and certified on fresh deals (sim/tune). A tune is a sequence of
// plans, one per round, each a pure function of the flags and of the results of the
// rounds before it (tune.Next), played like every plan (resume, shards, merge) into its
// own directory under the output directory:
//
//	OUT/tune.json        the tune: its flags resolved (game, rules, levers, targets, budget)
//	OUT/round-K/         round K's plan, results files, parts/ (shards) and cpu.json
//	OUT/report.pdf …     the report, once the certification is played
//
// Running the same command into the same OUT again resumes: finished rounds are read
// back, the round in progress resumes from its checkpoints, and every later round is
// planned again from them — the same bytes. With --shard i/n one shard of the current
// round is played; `dragonlab merge OUT` merges it, and the same command plays the next.
type Tune struct {
	Common
	Game Game
	// Agents is the measuring level: one agent spec that plays every seat.
	Agents string
	// Levers and Targets as the command line gives them (tune.ParseLevers,
	// tune.ParseTargets).
	Levers  []string
	Targets []string
	// Budget is a number of games ("40000") or a CPU time ("30m": user + sys).
	Budget string
	// Certify fixes the deals of each certification run (0: sized from the targets).
	Certify int64
	// Rounds bounds the search rounds; MaxChanged the parameters a candidate changes.
	Rounds, MaxChanged int
	// Raw turns luck adjustment off: the seats' advantages are then the raw win shares
	// even where the game has a frozen value function.
	Raw bool
}

// DefaultTuneBudget is the budget when none is given, in games.
const DefaultTuneBudget = "40000"

// TuneFile is the tune's description in its output directory.
const TuneFile = "tune.json"

// ProposalRules is the file of the proposal's rules (every parameter) in a tune's
// directory, for --rules.
const ProposalRules = "proposal-rules.json"

// TuneSchema names its format.
const TuneSchema = "dragonlab.tune/v1"

// TuneSetup is a tune resolved: what tune.json holds.
type TuneSetup struct {
	Schema  string          `json:"schema"`
	Tool    string          `json:"tool"`
	Command string          `json:"command,omitempty"`
	Params  json.RawMessage `json:"params"` // the rules searched from
	Spec    tune.Spec       `json:"spec"`

	game engine.Game
	base engine.Params
}

// TuneRoundKind is the kind of a round's plan.
const TuneRoundKind = "tune-round"

// TuneRoundOptions are a round's plan options: the round and which runs play each entry.
type TuneRoundOptions struct {
	Round tune.Round `json:"round"`
	// Runs are the self-play run of each entry; Ladder the ladder runs of each entry (skill
	// target), one per step.
	Runs   []string   `json:"runs"`
	Ladder [][]string `json:"ladder,omitempty"`
	// Levels are, in the certification, each entry's self-play runs at the extra levels
	// of play a fair target names (Spec.ExtraLevels).
	Levels [][]string `json:"levels,omitempty"`
}

func init() {
	register(&Kind{Name: TuneRoundKind, DefaultOut: "tune", check: checkTuneRound})
}

// tuneReport analyses a finished tune and writes its report into dir: the report side's
// (SetTuneReport), as a kind's Writer is.
var tuneReport = func(ts *TuneSetup, dir string, hist []tune.Played, stdout, stderr io.Writer) error {
	return errors.New("no report writer is registered for a tune (link in reports/analysis)")
}

// SetTuneReport registers the writer of a finished tune's report (reports/analysis does).
func SetTuneReport(f func(ts *TuneSetup, dir string, hist []tune.Played, stdout, stderr io.Writer) error) {
	tuneReport = f
}

// Game is the game the tune plays.
func (ts *TuneSetup) Game() engine.Game { return ts.game }

// Base is the rules the tune searches from.
func (ts *TuneSetup) Base() engine.Params { return ts.base }

// Setup validates every flag and resolves the tune. Every error is bad input, one line;
// nothing is played or written.
func (o Tune) Setup() (*TuneSetup, error) {
	g, base, players, err := o.Game.Resolve()
	if err != nil {
		return nil, err
	}
	agent := strings.TrimSpace(o.Agents)
	if agent == "" {
		return nil, errors.New("--agents is empty: give the measuring level, one agent spec for every seat (e.g. expert)")
	}
	fs, err := agents.ParseList(agent)
	if err != nil {
		return nil, err
	}
	for _, f := range fs[1:] {
		if f.Spec != fs[0].Spec {
			return nil, fmt.Errorf("--agents %s: tune measures self-play at one level: give one agent spec, which plays every seat", agent)
		}
	}
	if agents.Cheats(fs[0].Spec) {
		return nil, fmt.Errorf("--agents %s cheats (it sees hidden cards): the measuring level must be an honest agent", agent)
	}
	if err := noTimeBudget("--agents", fs[0].Spec); err != nil {
		return nil, err
	}
	targets, err := tune.ParseTargets(o.Targets, players)
	if err != nil {
		return nil, err
	}
	levers, err := tune.ParseLevers(g, base, players, o.Levers)
	if err != nil {
		return nil, err
	}
	s := tune.Spec{Game: g.Name, Players: players, Agent: fs[0].Spec, Levers: levers, Targets: targets, Seed: o.Seed,
		CertDeals: o.Certify, Rounds: o.Rounds, MaxChanged: o.MaxChanged}
	if s.Rounds == 0 {
		s.Rounds = tune.DefaultRounds
	}
	if s.Rounds < 1 || s.Rounds > 12 {
		return nil, fmt.Errorf("--rounds %d: want 1 to 12 search rounds", o.Rounds)
	}
	if s.MaxChanged == 0 {
		s.MaxChanged = min(len(levers), 3)
	}
	if s.MaxChanged < 1 {
		return nil, fmt.Errorf("--max-changed %d: want at least 1 parameter", o.MaxChanged)
	}
	if o.Certify < 0 {
		return nil, fmt.Errorf("--certify %d: want a positive number of deals (or 0 to size them from the targets)", o.Certify)
	}
	for _, t := range targets {
		// A fair target's levels of play: the certification replays each candidate at
		// each (honest agents only, as the measuring level).
		for _, name := range t.At {
			spec, _ := tune.LevelAgent(name)
			f, err := agents.Parse(spec)
			if err != nil {
				return nil, err
			}
			s.CertLevels = append(s.CertLevels, tune.CertLevel{Name: name, Agent: f.Spec})
		}
		switch t.Kind {
		case tune.Luck:
			s.Replays = 2
		case tune.Skill:
			// The ladder: the study's levels below the agent, then the agent.
			for _, l := range tune.LadderLevels {
				f, err := agents.Parse(l)
				if err != nil {
					return nil, err
				}
				if f.Spec != s.Agent {
					s.Ladder = append(s.Ladder, f.Spec)
				}
			}
			if s.Agent == "random" {
				return nil, fmt.Errorf("--target %s: the ladder climbs from random play to the measuring level, and random is the floor: give a stronger --agents", t.Text)
			}
			s.Ladder = append(s.Ladder, s.Agent)
			if t.Levels > len(s.Ladder) {
				return nil, fmt.Errorf("--target %s: the ladder has %d levels (%s)", t.Text, len(s.Ladder), strings.Join(s.Ladder, ", "))
			}
		}
	}
	budget := strings.TrimSpace(o.Budget)
	if budget == "" {
		budget = DefaultTuneBudget
	}
	if n, err := strconv.ParseInt(budget, 10, 64); err == nil {
		if n <= 0 {
			return nil, fmt.Errorf("--budget %s: want a positive number of games, or a CPU time such as 30m", budget)
		}
		s.Games = n
	} else if d, err := time.ParseDuration(budget); err == nil {
		if d <= 0 {
			return nil, fmt.Errorf("--budget %s: want a positive CPU time", budget)
		}
		if !cpuTimeAvailable {
			return nil, fmt.Errorf("--budget %s: this system cannot measure CPU time: give the budget in games", budget)
		}
		s.CPU = d.Seconds()
	} else {
		return nil, fmt.Errorf("--budget %s: want a number of games (40000) or a CPU time (30m, 1h30m)", budget)
	}
	if !o.Raw {
		s.Luck, s.LuckValue = luckFits(g, base, players, levers)
	}
	if s.Games > 0 {
		cert := tune.CertDealsFor(&s, s.Games, 0)
		if o.Certify > 0 && 3*o.Certify*s.GamesPerDeal() >= s.Games {
			return nil, fmt.Errorf("--certify %d: three certification runs of %d deals take %s games, the whole --budget of %s", o.Certify, o.Certify, text.Count(3*o.Certify*s.GamesPerDeal()), text.Count(s.Games))
		}
		if cert < 100 {
			return nil, fmt.Errorf("--budget %s: too small to certify anything (want at least %s games)", budget, text.Count(int64(float64(3*100*s.GamesPerDeal())/0.6)+1))
		}
	}
	if err := s.Check(); err != nil {
		return nil, err
	}
	if s.Games > 0 {
		// A budget in games too small for a search is refused before anything is written.
		if _, err := tune.Next(&s, nil); err != nil {
			return nil, fmt.Errorf("--budget %s: %v", budget, err)
		}
	}
	// Every candidate's rules must be valid together (levers were checked one by one).
	if _, err := tune.BaseCandidate(levers, players).Params(g, base, levers, players); err != nil {
		return nil, err
	}
	return &TuneSetup{Schema: TuneSchema, Tool: sim.ToolName(), Command: o.Command, Params: engine.ParamsJSON(base), Spec: s, game: g, base: base}, nil
}

// luckFits reports whether the game's frozen value function fits the rules and every
// change of one lever (the features it weighs are those of each), and names it: then the
// tune keeps every seat's luck and judges luck-adjusted advantages.
func luckFits(g engine.Game, base engine.Params, players int, levers []engine.LeverValues) (bool, string) {
	l, err := sim.LoadValue(g, base, players, nil)
	if err != nil {
		return false, ""
	}
	for _, c := range tune.Candidates(levers, players, 1) {
		p, err := c.Params(g, base, levers, players)
		if err != nil {
			return false, ""
		}
		if _, err := sim.LoadValue(g, p, players, nil); err != nil {
			return false, ""
		}
	}
	r := l.Ref
	return true, fmt.Sprintf("%s value function %s (sha256 %.12s…, fitted under %s play, seed %d)", r.Game, r.Version, r.SHA256, r.Agent, r.Seed)
}

// resolve looks the game and rules up again (a setup read from tune.json).
func (ts *TuneSetup) resolve() error {
	g, err := engine.Lookup(ts.Spec.Game)
	if err != nil {
		return err
	}
	p, err := engine.ParseParams(g, ts.Params)
	if err != nil {
		return err
	}
	if err := p.Validate(ts.Spec.Players); err != nil {
		return err
	}
	ts.game, ts.base, ts.Params = g, p, engine.ParamsJSON(p)
	return nil
}

// marshal is tune.json's bytes.
func (ts *TuneSetup) marshal() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(ts); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// IsTuneDir reports whether dir is the output directory of a tune.
func IsTuneDir(dir string) bool {
	st, err := os.Stat(filepath.Join(dir, TuneFile))
	return err == nil && st.Mode().IsRegular()
}

// ReadTune reads a tune's description from its output directory.
func ReadTune(dir string) (*TuneSetup, error) {
	data, err := os.ReadFile(filepath.Join(dir, TuneFile))
	if err != nil {
		return nil, inputErr("%s is not the output directory of a tune: %v", dir, err)
	}
	var ts TuneSetup
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ts); err != nil || ts.Schema != TuneSchema {
		return nil, inputErr("%s: not a dragonlab tune (%v)", filepath.Join(dir, TuneFile), err)
	}
	if err := ts.resolve(); err != nil {
		return nil, inputErr("%s: %v", filepath.Join(dir, TuneFile), err)
	}
	if err := ts.Spec.Check(); err != nil {
		return nil, inputErr("%s: %v", filepath.Join(dir, TuneFile), err)
	}
	return &ts, nil
}

// claimTune makes dir the tune's directory: it must not exist, be empty, or hold this very
// tune (the same spec, rules and version).
func claimTune(dir string, ts *TuneSetup) error {
	if strings.TrimSpace(dir) == "" {
		return inputErr("the output directory must be named")
	}
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return inputErr("%s is a file, not a directory", dir)
	}
	if IsTuneDir(dir) {
		have, err := ReadTune(dir)
		if err != nil {
			return err
		}
		a, _ := have.marshal()
		x := *ts
		x.Command, x.Tool = have.Command, have.Tool
		b, _ := x.marshal()
		if !bytes.Equal(a, b) {
			return inputErr("%s holds another tune (%s): choose another output directory, or remove it to start again", dir, have.Command)
		}
		if have.Tool != sim.ToolName() {
			return inputErr("%s was started by %s and this is %s: finish it with that version, or choose another output directory", dir, have.Tool, sim.ToolName())
		}
		return nil
	}
	if plan.IsDir(dir) {
		return inputErr("%s holds the plan of another experiment: choose another output directory", dir)
	}
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return inputErr("%s is not empty and holds no tune: choose another output directory", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return inputErr("cannot create the output directory: %v", err)
	}
	if err := sim.CheckOutput(filepath.Join(dir, "x")); err != nil {
		return plan.InputError{Err: err}
	}
	data, err := ts.marshal()
	if err != nil {
		return err
	}
	return sim.WriteFileAtomic(filepath.Join(dir, TuneFile), data)
}

// Replay plays candidate c alone on deals fresh deals of seed (a certification round of
// index i, outside the search), into o.Dir, and returns the targets' components with
// their estimates: a change checked again on deals nothing else used.
func (ts *TuneSetup) Replay(ctx context.Context, c tune.Candidate, i int, seed uint64, deals int64, o plan.Options) ([]tune.Component, []stats.Estimate, error) {
	r := tune.Round{Index: i, Kind: tune.Certify, Seed: seed, Deals: deals, Entries: []tune.Entry{{Candidate: c, Role: tune.RoleRules}}}
	p, err := ts.RoundPlan(&r)
	if err != nil {
		return nil, nil, err
	}
	out, err := plan.Execute(ctx, p, o)
	if err != nil {
		return nil, nil, err
	}
	cs, _ := tune.Components(ts.Spec.Targets, ts.Spec.Players, nil)
	m, err := tune.MeasureOf(cs, out.Results[0], nil)
	if err != nil {
		return nil, nil, err
	}
	ests, err := tune.Estimates(cs, []*tune.Measure{m})
	return cs, ests, err
}

// roundDir is round i's directory.
func roundDir(dir string, i int) string { return filepath.Join(dir, fmt.Sprintf("round-%d", i)) }

// RoundPlan is the plan of a round: per entry its self-play (fixed seating, or replay with
// a luck target) and, with a skill target, a duplicate run per ladder step; every run on the
// round's seed, keeping its per-unit outcomes.
func (ts *TuneSetup) RoundPlan(r *tune.Round) (*plan.Plan, error) {
	s := &ts.Spec
	p := plan.New(TuneRoundKind, ts.Command)
	opts := TuneRoundOptions{Round: *r}
	agent, err := agents.Parse(s.Agent)
	if err != nil {
		return nil, err
	}
	var ladder []agents.Factory
	for _, l := range s.Ladder {
		f, err := agents.Parse(l)
		if err != nil {
			return nil, err
		}
		ladder = append(ladder, f)
	}
	for i, e := range r.Entries {
		params, err := e.Candidate.Params(ts.game, ts.base, s.Levers, s.Players)
		if err != nil {
			return nil, err
		}
		stem := fmt.Sprintf("r%d-c%02d-%s", r.Index, i, fileSlug(e.Candidate.Name))
		if e.Role != "" {
			stem = fmt.Sprintf("r%d-%s-%s", r.Index, e.Role, fileSlug(e.Candidate.Name))
		}
		label := fmt.Sprintf("round %d (%s): %s", r.Index, r.Kind, e.Candidate.Name)
		run := plan.Run{Name: stem, Label: label, Players: s.Players, Seating: sim.SeatFixed, Seed: r.Seed, Units: r.Deals, Outcomes: true, Luck: s.Luck}
		if s.Replays > 1 {
			run.Seating, run.Replays = sim.SeatReplay, s.Replays
		}
		p.Add(run, ts.game, params, repeat(agent, s.Players))
		opts.Runs = append(opts.Runs, stem)
		if len(ladder) > 1 {
			var names []string
			for k := 1; k < len(ladder); k++ {
				name := fmt.Sprintf("%s-step%d", stem, k)
				p.Add(plan.Run{Name: name, Label: label + fmt.Sprintf(" ladder step %d", k), Players: s.Players, Seating: sim.SeatDuplicate,
					Seed: r.Seed, Units: r.Deals, Outcomes: true}, ts.game, params, aloneAgainst(ladder[k], ladder[k-1], s.Players))
				names = append(names, name)
			}
			opts.Ladder = append(opts.Ladder, names)
		}
		if extra := s.ExtraLevels(); r.Kind == tune.Certify && len(extra) > 0 {
			var names []string
			for _, l := range extra {
				f, err := agents.Parse(l.Agent)
				if err != nil {
					return nil, err
				}
				name := fmt.Sprintf("%s-at-%s", stem, l.Name)
				lr := run
				lr.Name, lr.Label = name, label+" at "+l.Name+" play"
				lr.Seating, lr.Replays = sim.SeatFixed, 0
				p.Add(lr, ts.game, params, repeat(f, s.Players))
				names = append(names, name)
			}
			opts.Levels = append(opts.Levels, names)
		}
	}
	if err := p.SetOptions(opts); err != nil {
		return nil, err
	}
	return p, p.Resolve()
}

// checkTuneRound checks a round's options against its runs.
func checkTuneRound(c *checker) error {
	var o TuneRoundOptions
	if err := c.options(&o); err != nil {
		return err
	}
	if len(o.Runs) != len(o.Round.Entries) || (o.Ladder != nil && len(o.Ladder) != len(o.Runs)) || (o.Levels != nil && len(o.Levels) != len(o.Runs)) {
		return fmt.Errorf("%d runs for %d candidates", len(o.Runs), len(o.Round.Entries))
	}
	for i, name := range o.Runs {
		r, err := c.run(name, fmt.Sprintf("runs[%d]", i))
		if err != nil {
			return err
		}
		if !r.Outcomes || r.Seed != o.Round.Seed || r.Units != o.Round.Deals {
			return fmt.Errorf("run %s is not the round's (seed, deals and per-unit outcomes)", name)
		}
		if o.Ladder != nil {
			for k, l := range o.Ladder[i] {
				if _, err := c.run(l, fmt.Sprintf("ladder[%d][%d]", i, k)); err != nil {
					return err
				}
			}
		}
		if o.Levels != nil {
			for k, l := range o.Levels[i] {
				lr, err := c.run(l, fmt.Sprintf("levels[%d][%d]", i, k))
				if err != nil {
					return err
				}
				if !lr.Outcomes || lr.Seed != o.Round.Seed || lr.Units != o.Round.Deals {
					return fmt.Errorf("run %s is not the round's (seed, deals and per-unit outcomes)", l)
				}
			}
		}
	}
	return nil
}

// History reads the rounds finished in dir, in order, checking each against the plan the
// rounds before it give (tune.Next). It stops at the first round that is not finished.
func (ts *TuneSetup) History(dir string) ([]tune.Played, *tune.Round, error) {
	var hist []tune.Played
	for {
		next, err := tune.Next(&ts.Spec, hist)
		if err != nil {
			return hist, nil, plan.InputError{Err: err}
		}
		if next == nil {
			return hist, nil, nil
		}
		p, err := ts.RoundPlan(next)
		if err != nil {
			return hist, nil, err
		}
		rd := roundDir(dir, next.Index)
		if !plan.IsDir(rd) {
			return hist, next, nil
		}
		have, err := plan.ReadDir(rd)
		if err != nil {
			return hist, nil, err
		}
		if !plan.Same(have, p) {
			return hist, nil, inputErr("%s holds another round than the tune plans now (edited files, or another dragonlab?): remove %s to start again", rd, dir)
		}
		played, ok, err := ts.readRound(rd, p, next)
		if err != nil {
			return hist, nil, err
		}
		if !ok {
			return hist, next, nil
		}
		hist = append(hist, played)
	}
}

// readRound reads a finished round (every run's results complete); ok is false when some
// run is missing or incomplete.
func (ts *TuneSetup) readRound(rd string, p *plan.Plan, r *tune.Round) (tune.Played, bool, error) {
	var o TuneRoundOptions
	if err := p.DecodeOptions(&o); err != nil {
		return tune.Played{}, false, err
	}
	results := make([]*sim.Result, len(p.Runs))
	var games int64
	for i := range p.Runs {
		res, err := sim.ReadResult(p.ResultPath(rd, i))
		if err != nil || !res.Complete {
			return tune.Played{}, false, nil
		}
		cfg, err := p.Config(i, 0)
		if err != nil {
			return tune.Played{}, false, err
		}
		if (res.Aggregate.Outcomes != nil) != cfg.Outcomes || res.Seed != cfg.Seed || res.Units != cfg.Units {
			return tune.Played{}, false, nil
		}
		results[i] = res
		games += res.Games
	}
	cs, _ := tune.Components(ts.Spec.Targets, ts.Spec.Players, ts.Spec.Ladder)
	if r.Kind == tune.Certify {
		cs, _ = tune.CertComponents(&ts.Spec)
	}
	played := tune.Played{Round: *r, Games: games}
	for i, name := range o.Runs {
		var ladder, levels []*sim.Result
		if o.Ladder != nil {
			for _, l := range o.Ladder[i] {
				ladder = append(ladder, results[p.Index(l)])
			}
		}
		if o.Levels != nil {
			for _, l := range o.Levels[i] {
				levels = append(levels, results[p.Index(l)])
			}
		}
		m, err := tune.MeasureOf(cs, results[p.Index(name)], ladder, levels...)
		if err != nil {
			return tune.Played{}, false, fmt.Errorf("%s: %v", rd, err)
		}
		played.Measures = append(played.Measures, m)
	}
	played.Seconds = readCPU(rd)
	return played, true, nil
}

// cpuFile records the CPU time a round took where it was played (CPU-time budgets).
const cpuFile = "cpu.json"

type cpuRecord struct {
	Seconds float64 `json:"seconds"` // user + sys of the process while it played the round
}

func readCPU(rd string) float64 {
	data, err := os.ReadFile(filepath.Join(rd, cpuFile))
	if err != nil {
		return 0
	}
	var c cpuRecord
	if json.Unmarshal(data, &c) != nil || !(c.Seconds >= 0) {
		return 0
	}
	return c.Seconds
}

func addCPU(rd string, secs float64) error {
	c := cpuRecord{Seconds: readCPU(rd) + secs}
	data, err := json.Marshal(c)
	if err != nil {
		return err
	}
	return sim.WriteFileAtomic(filepath.Join(rd, cpuFile), append(data, '\n'))
}

// TuneOptions say where and how a tune is played.
type TuneOptions struct {
	plan.Options
	// OnRound, if set, is called when a round starts playing (its plan).
	OnRound func(r *tune.Round, p *plan.Plan)
}

// PlayTune plays the tune into o.Dir round after round — each round a plan built from the
// rounds before it, resumed from what o.Dir holds — and writes the report once the
// certification is played. With o.Shard it plays its shard of the first round not yet
// finished and stops: merge the shards (MergeTune) and run it again for the next round.
func PlayTune(ctx context.Context, ts *TuneSetup, o TuneOptions, stdout, stderr io.Writer) error {
	dir := o.Dir
	if o.Shard.Count > 0 && ts.Spec.CPU > 0 {
		return inputErr("--budget %s is a CPU time, measured where a round is played: give the budget in games to play shards", time.Duration(ts.Spec.CPU*float64(time.Second)))
	}
	start := startOf(dir)
	if err := claimTune(dir, ts); err != nil {
		return err
	}
	lock, err := plan.LockDir(dir, o.Shard)
	if err != nil {
		return err
	}
	defer lock.Release()
	for {
		hist, next, err := ts.History(dir)
		if err != nil {
			return start.abandon(err, hist)
		}
		if next == nil {
			return tuneReport(ts, dir, hist, stdout, stderr)
		}
		p, err := ts.RoundPlan(next)
		if err != nil {
			return err
		}
		if o.OnRound != nil {
			o.OnRound(next, p)
		}
		ro := o.Options
		ro.Dir = roundDir(dir, next.Index)
		before := cpuSeconds()
		out, err := plan.Execute(ctx, p, ro)
		if o.Shard.Count == 0 {
			if werr := addCPU(ro.Dir, cpuSeconds()-before); werr != nil && err == nil {
				err = werr
			}
		}
		if err != nil {
			return interrupted(err)
		}
		if o.Shard.Count > 0 {
			fmt.Fprintf(stdout, "shard %s of round %d of the tune (%s, %s): %d played, %d resumed, %d already done\n",
				o.Shard, next.Index, next.Kind, text.Plural(int64(len(p.Runs)), "run"), out.Played, out.Resumed, out.Reused)
			if !out.Complete {
				return ErrInterrupted
			}
			fmt.Fprintf(stdout, "when every shard is done: dragonlab merge %s, then run this command again for the next round\n", dir)
			return nil
		}
		if !out.Complete {
			return ErrInterrupted
		}
		if o.Options.Log != nil {
			fmt.Fprintf(o.Options.Log, "round %d (%s) done: %s\n", next.Index, next.Kind, next.Why)
		}
	}
}

// MergeTune merges the shards of the tune's current round in dir and, when that finishes
// the certification, writes the report; otherwise it says what to run next.
func MergeTune(dir string, partial bool, stdout, stderr io.Writer) error {
	ts, err := ReadTune(dir)
	if err != nil {
		return err
	}
	hist, next, err := ts.History(dir)
	if err != nil {
		return err
	}
	if next == nil {
		return tuneReport(ts, dir, hist, stdout, stderr)
	}
	rd := roundDir(dir, next.Index)
	if !plan.IsDir(rd) {
		return inputErr("round %d of the tune in %s has not been played yet: run %s (with --shard i/n on each machine)", next.Index, dir, ts.Command)
	}
	lock, err := plan.LockDir(dir, sim.Shard{})
	if err != nil {
		return err
	}
	defer lock.Release()
	_, m, err := plan.MergeDirs([]string{rd}, partial)
	if err != nil {
		return interrupted(err)
	}
	fmt.Fprintf(stdout, "merged %s of round %d (%s) in %s\n", text.Plural(int64(m.Parts), "part"), next.Index, next.Kind, rd)
	if !m.Complete {
		return ErrInterrupted
	}
	hist, next, err = ts.History(dir)
	if err != nil {
		return err
	}
	if next == nil {
		return tuneReport(ts, dir, hist, stdout, stderr)
	}
	fmt.Fprintf(stdout, "next: round %d (%s, %s): run %s --shard i/n on each machine, then dragonlab merge %s\n",
		next.Index, next.Kind, text.Plural(int64(len(next.Entries)), "candidate"), ts.Command, dir)
	return nil
}
