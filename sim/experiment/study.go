package experiment

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// The study: the designer's report. For every game and player count it plays
//
//   - self-play at each level of play (weakest first), each deal played `replays` times
//     (the luck share; the seat intervals then count the deal as the unit), with the
//     game-feel metrics, and the component tallies at the levels that ask for them; every
//     level plays the same deals (the same seed: common random numbers);
//   - the ladder: each level alone against copies of the level below, on duplicate deals
//     (every seat rotation of each deal), rated on one Elo scale;
//   - restricted play of every action class at the ablation levels (duplicate deals);
//   - the sweep of a rules lever at the compensation levels: seatBonus for the score games
//     ("seat s starts with x·s points"), Dragon Scales' own levers.
//
// Everything is one plan, so --shard, resume and merge work as for every experiment. The
// sweep does not depend on the results (a plan is fixed before anything is played): it is
// always played, and the analysis reports the fair value where a seat is significantly
// favoured, "no seat is significantly favoured" otherwise.

// The budgets. Sizes are deals per stage; a self-play deal is played `replays` (2) times,
// a duplicate deal once per seat. They were sized from the cost per decision measured
// with run.cost on this project's 2-core machine (README: "The study"): the default fits
// in five minutes there. The default's expert self-play is round 0's pilot (500 deals at
// two players): its rounds (rounds.go) continue the stages whose Fair? answer is not
// settled, within DefaultStudyBudget.
var studyBudgets = map[string]*Design{
	"quick":   quickStudy,
	"default": defaultStudy,
	"full":    fullStudy,
}

// defaultLevers: which of a game's declared levers (engine.Game.Levers: its range and
// why) the study sweeps, by game; a design that names a lever without values sweeps its
// declared range.
var defaultLevers = By(map[string]*engine.LeverValues{
	"default":         {Path: "seatBonus"},
	"dragonscales/1p": {Path: "soloJokers"},
	// The hand variant is swept at the expert level only (expertLevers): the engine takes the
	// two secret choices one after the other, and one-ply greedy looks one move ahead, so
	// the first chooser sees no combat resolve and picks blind while the second picks
	// against a re-dealt guess of the first card — an edge of the agent, not of the rules.
	"dragonscales/2p": nil,
	"dragonscales/3p": {Path: "trioTarget"},
})

// duoHandLever is Dragon Scales' two-player lever, measured at the expert level.
var duoHandLever = &engine.LeverValues{Path: "duoHand",
	Caveat: "One-ply greedy picks blind when it chooses first, so the lever is measured under expert play, whose search takes a secret round as one node (the seat asked first or second makes no measured difference)"}

// expertLevers are the levers swept at the expert level in the quick and default budgets;
// allLevers every lever, for the full budget.
var (
	expertLevers = By(map[string]*engine.LeverValues{"dragonscales/2p": duoHandLever})
	allLevers    = By(map[string]*engine.LeverValues{
		"default":         defaultLevers.by["default"],
		"dragonscales/1p": defaultLevers.by["dragonscales/1p"],
		"dragonscales/2p": duoHandLever,
		"dragonscales/3p": defaultLevers.by["dragonscales/3p"],
	})
)

func studyLevels(agent [4]ByKey[string], deals [4]ByKey[int64]) []DesignLevel {
	return []DesignLevel{
		{Name: "random", Agent: agent[0], Deals: deals[0], About: "random legal moves: the floor"},
		{Name: "casual", Agent: agent[1], Deals: deals[1], About: "a casual player: greedy with random slips"},
		{Name: "greedy", Agent: agent[2], Deals: deals[2], Comps: One[Boolean](true), About: "the best move one step ahead"},
		{Name: "expert", Agent: agent[3], Deals: deals[3], Comps: One[Boolean](true), Luck: One[Boolean](true), About: "the strongest honest search (agents: expert)"},
	}
}

// The levels' agents. The casual player is greedy with a uniformly random move a quarter
// of the time (agents: noisy). The expert of the default budget is the agents'
// expert (IS-MCTS with per-game settings) at the iterations per decision that fit the
// budget, per game: enough to beat greedy clearly (measured on duplicate deals, README
// "The study") at 0.2–0.7 ms per decision on this machine's cores; the full budget plays
// it at full strength.
var (
	casualAgent = One("noisy:base=(greedy),eps=0.25")
	expertAgent = By(map[string]string{
		"default":     "expert:iters=150",
		"dragonheart": "expert:iters=100",
		"draco":       "expert:iters=200",
		"redhot":      "expert:iters=100",
		// Three players throw rock-paper-scissors at once: search finds no edge there
		// (the expert does not beat greedy), so a short search suffices.
		"dragonscales/3p": "expert:iters=60",
	})
	quickExpert = By(map[string]string{"default": "expert:iters=60", "draco": "expert:iters=100"})
	fullExpert  = One("expert")
)

var defaultStudy = &Design{
	Schema: DesignSchema, Title: "dragonlab balance study",
	Levels: studyLevels([4]ByKey[string]{One("random"), casualAgent, One("greedy"), expertAgent},
		[4]ByKey[int64]{One[int64](4000), One[int64](600), One[int64](1000),
			By(map[string]int64{"default": 150, "2p": 500, "dragonheart": 500, "dragonscales/1p": 1300, "dragonscales/2p": 800, "dragonscales/3p": 200})}),
	Ladder:   DesignLadder{Deals: By(map[string]int64{"default": 80, "2p": 300})},
	Ablation: []DesignAblation{{Level: MeasuringLevel, Deals: By(map[string]int64{"default": 40, "2p": 200})}},
	Compensation: []DesignCompensation{{Level: MeasuringLevel, Deals: By(map[string]int64{"default": 300, "2p": 600}), Lever: defaultLevers},
		{Level: "expert", Deals: By(map[string]int64{"dragonscales/2p": 600}), Lever: expertLevers}},
	Value: []DesignValue{{Level: "expert", Deals: defaultValueDeals, Games: defaultValueGames}},
	// Where a seat is favoured, tune certifies a change at the Fair? answer's level while
	// DefaultTuneCPU pays for it (a fair game's certification within ±2 points takes about
	// 100,000 games: affordable at greedy play, not at expert).
	Tune: &DesignTune{CPU: DefaultTuneCPU},
}

// DefaultTuneCPU is the default study's tune stage cap, estimated CPU seconds (make demo
// stays within its CPU budget with it).
const DefaultTuneCPU = 60

// The value stage of the default budget: two players, about a CPU-minute a game on this
// machine (README: "What a card is worth"). It answers What matters? and is round 0's
// largest stage: it was halved so that the rounds can settle Fair? within the default
// budget (a component whose interval then leaves no answer says so on page 1).
var (
	defaultValueDeals = By(map[string]int64{"dragonheart/2p": 100, "draco/2p": 150, "redhot/2p": 300, "dragonscales/2p": 2500})
	defaultValueGames = By(map[string]int64{"dragonheart/2p": 16, "draco/2p": 40, "redhot/2p": 80, "dragonscales/2p": 300})
)

var quickStudy = &Design{
	Schema: DesignSchema, Title: "dragonlab balance study (quick look)",
	Levels: studyLevels([4]ByKey[string]{One("random"), casualAgent, One("greedy"), quickExpert},
		[4]ByKey[int64]{One[int64](1000), One[int64](150), One[int64](250),
			By(map[string]int64{"default": 30, "2p": 120})}),
	Ladder:   DesignLadder{Deals: By(map[string]int64{"default": 30, "2p": 80})},
	Ablation: []DesignAblation{{Level: MeasuringLevel, Deals: By(map[string]int64{"default": 0, "2p": 40})}},
	Compensation: []DesignCompensation{{Level: MeasuringLevel, Deals: By(map[string]int64{"default": 100, "2p": 200}), Lever: defaultLevers},
		{Level: "expert", Deals: By(map[string]int64{"dragonscales/2p": 150}), Lever: expertLevers}},
	Value: []DesignValue{{Level: "expert",
		Deals: By(map[string]int64{"dragonheart/2p": 30, "draco/2p": 30, "redhot/2p": 60, "dragonscales/2p": 500}),
		Games: By(map[string]int64{"dragonheart/2p": 4, "draco/2p": 6, "redhot/2p": 12, "dragonscales/2p": 60}),
		Iters: One[int64](400)}},
}

var fullStudy = &Design{
	Schema: DesignSchema, Title: "dragonlab balance study (full)",
	Levels: studyLevels([4]ByKey[string]{One("random"), casualAgent, One("greedy"), fullExpert},
		[4]ByKey[int64]{One[int64](200000), One[int64](50000), One[int64](50000),
			By(map[string]int64{"default": 5000, "2p": 20000})}),
	Ladder: DesignLadder{Deals: By(map[string]int64{"default": 3000, "2p": 5000})},
	Ablation: []DesignAblation{
		{Level: MeasuringLevel, Deals: By(map[string]int64{"default": 2000, "2p": 5000})},
		{Level: "expert", Deals: By(map[string]int64{"default": 300, "2p": 1000})},
	},
	Compensation: []DesignCompensation{
		{Level: MeasuringLevel, Deals: One[int64](20000), Lever: defaultLevers},
		{Level: "expert", Deals: By(map[string]int64{"default": 2000, "2p": 5000}), Lever: allLevers},
	},
	Value: []DesignValue{{Level: "expert", Deals: By(map[string]int64{"default": 1000, "2p": 3000, "dragonscales/2p": 30000}),
		Games: By(map[string]int64{"default": 300, "2p": 1000})}},
	// The full budget certifies what to change: a tune of 100,000 games wherever a seat is
	// off under expert play (the quick and default budgets leave it to --tune or a
	// dragonlab tune of its own: a certificate within ±2 points takes tens of thousands of
	// expert games).
	Tune: &DesignTune{Budget: One[int64](100000)},
}

// StudyOptions are the plan options of a study: what the analysis needs beyond the runs.
type StudyOptions struct {
	Title   string        `json:"title"`
	Budget  string        `json:"budget"`
	Replays int           `json:"replays"`
	Configs []StudyConfig `json:"configs"`
	Notes   []string      `json:"notes,omitempty"`
	// TuneTarget and TuneLevers are the tune stage's (StudyConfig.Tune: its budgets).
	TuneTarget string `json:"tuneTarget,omitempty"`
	TuneLevers string `json:"tuneLevers,omitempty"`
	// TuneCPU is the tune stage's cap (DesignTune.CPU), 0 for none.
	TuneCPU float64 `json:"tuneCPU,omitempty"`
	// Rounds is the budget of the study's rounds after the plan (rounds.go); nil: the plan
	// alone.
	Rounds *StudyRounds `json:"rounds,omitempty"`
}

// StudyConfig is one game (rules variant) and player count.
type StudyConfig struct {
	Game    string       `json:"game"`
	Variant string       `json:"variant,omitempty"`
	Players int          `json:"players"`
	Levels  []StudyLevel `json:"levels"`
	// Ladder steps: level Upper alone against copies of level Lower.
	Ladder   []StudyStep     `json:"ladder,omitempty"`
	Ablation []StudyAblation `json:"ablation,omitempty"`
	Levers   []StudySweep    `json:"levers,omitempty"`
	Value    []StudyValue    `json:"value,omitempty"`
	// Questions are the registered questions' runs and data (question.go).
	Questions []StudyQuestion `json:"questions,omitempty"`
	// Target is the design's precision for this game and player count (nil: the
	// designer's default).
	Target *StudyTarget `json:"target,omitempty"`
	// Tune is the tune stage's budget in games (0: none): dragonlab tune runs after the plan
	// at the most skilled level played, if a seat is off there.
	Tune int64 `json:"tune,omitempty"`
	// Params are the rules studied (the variant's), for the tune stage.
	Params json.RawMessage `json:"params,omitempty"`
}

// StudyTarget is the precision that settles each question (designer.Target).
type StudyTarget struct {
	Seat  float64 `json:"seat,omitempty"`
	Luck  float64 `json:"luck,omitempty"`
	Worth float64 `json:"worth,omitempty"`
}

// StudyValue is the value stage at a level: the substitution run (SubstitutionRun, ""
// when not played) and the decision run of DecisionAgent ("" when not played).
type StudyValue struct {
	Level           int    `json:"level"`
	SubstitutionRun string `json:"substitution,omitempty"`
	DecisionAgent   string `json:"decisionAgent,omitempty"`
	DecisionRun     string `json:"decisions,omitempty"`
}

type StudyLevel struct {
	Name  string `json:"name"`
	Agent string `json:"agent"` // canonical spec
	// Written is the spec as the design writes it (shorter, for the report).
	Written    string `json:"written,omitempty"`
	About      string `json:"about,omitempty"`
	Run        string `json:"run,omitempty"` // self-play run ("" when not played)
	Components bool   `json:"components,omitempty"`
	// Luck: the level's self-play, lever sweeps and ladder step against the level below
	// play with luck accounting (the design's luck, where the game has it).
	Luck bool `json:"luck,omitempty"`
}

type StudyStep struct {
	Upper int    `json:"upper"`
	Lower int    `json:"lower"`
	Run   string `json:"run"`
}

type StudyAblation struct {
	Level   int           `json:"level"`
	Classes []string      `json:"classes"`
	Runs    []Restriction `json:"runs"`
	// Measuring says why the level was chosen, for a stage at MeasuringLevel.
	Measuring string `json:"measuring,omitempty"`
}

// StudySweep is a lever swept at a level: the lever (its Base the rules' own value, 0 for
// the seat family) and the runs played at its other values.
type StudySweep struct {
	Level  int                `json:"level"`
	Lever  engine.LeverValues `json:"lever"`
	Points []StudyPoint       `json:"points"`
	// Measuring says why the level was chosen, for a stage at MeasuringLevel.
	Measuring string `json:"measuring,omitempty"`
}

// StudyPoint is the run of a sweep at one value of its lever.
type StudyPoint struct {
	X   float64 `json:"x"`
	Run string  `json:"run"`
}

// Study is the study: a budget (default, Quick or Full) or a design file, scaled by Games,
// restricted to the games of Only.
type Study struct {
	Common
	Quick, Full bool
	// DesignFile is a study design file (JSON, DesignSchema), when DesignSet.
	DesignFile string
	DesignSet  bool
	// Games, when GamesSet, scales every stage so that the random level plays this many
	// games per stage.
	Games    int64
	GamesSet bool
	// Only, when OnlySet, studies only these games.
	Only    []string
	OnlySet bool
	// Tune, when TuneSet, is the tune stage's budget in games for every game and player
	// count (0: none), replacing the design's.
	Tune    int64
	TuneSet bool
	// Budget, when BudgetSet, is the budget of the study's rounds (ParseStudyBudget); the
	// default budget plays rounds within DefaultStudyBudget, the others only when given.
	Budget    string
	BudgetSet bool
}

func init() {
	register(&Kind{Name: "study", DefaultOut: "study", check: checkStudy})
}

// Design is the design the options choose, and the name of its budget (default, quick,
// full, or custom for a design file).
func (o Study) Design() (*Design, string, error) {
	n := 0
	for _, b := range []bool{o.Quick, o.Full, o.DesignSet} {
		if b {
			n++
		}
	}
	if n > 1 {
		return nil, "", errors.New("give one of --quick, --full and --plan")
	}
	budget, s := "default", defaultStudy
	switch {
	case o.Quick:
		budget, s = "quick", quickStudy
	case o.Full:
		budget, s = "full", fullStudy
	case o.DesignSet:
		if strings.TrimSpace(o.DesignFile) == "" {
			return nil, "", errors.New("--plan is empty: name a study design file")
		}
		var err error
		if s, err = ReadDesign(o.DesignFile); err != nil {
			return nil, "", err
		}
		budget = "custom"
	}
	if o.GamesSet {
		if o.Games <= 0 {
			return nil, "", fmt.Errorf("--games must be positive, not %d", o.Games)
		}
		base := int64(0)
		if len(s.Levels) > 0 {
			base = s.Levels[0].Deals.at("", 2) * int64(s.replays())
		}
		if base <= 0 {
			return nil, "", errors.New("--games: the design's first level plays no self-play games to scale from")
		}
		s = s.scaled(float64(o.Games) / float64(base))
	}
	if o.TuneSet {
		if o.Tune < 0 {
			return nil, "", fmt.Errorf("--tune %d: want a number of games (0: no tune stage)", o.Tune)
		}
		c := *s
		t := DesignTune{Budget: One(o.Tune)} // games for every cell, in place of a cap
		if s.Tune != nil {
			t.Target, t.Levers = s.Tune.Target, s.Tune.Levers
		}
		c.Tune = &t
		s = &c
	}
	return s, budget, nil
}

// Plan is the plan of the study's runs: a pure function of the design, the selection
// and the seed.
func (o Study) Plan() (*plan.Plan, error) {
	s, budget, err := o.Design()
	if err != nil {
		return nil, err
	}
	var only []string
	if o.OnlySet {
		if len(o.Only) == 0 {
			return nil, fmt.Errorf("--only names no game (valid: %s)", strings.Join(engine.Names(), ", "))
		}
		seen := map[string]bool{}
		for _, name := range o.Only {
			g, err := engine.Lookup(strings.TrimSpace(name))
			if err != nil {
				return nil, err
			}
			if seen[g.Name] {
				return nil, fmt.Errorf("--only names %s twice", g.Name)
			}
			seen[g.Name] = true
			only = append(only, g.Name)
		}
	}
	var rounds *StudyRounds
	switch {
	case o.BudgetSet:
		if rounds, err = ParseStudyBudget(o.Budget); err != nil {
			return nil, err
		}
	case budget == "default" && !o.GamesSet:
		rounds, _ = ParseStudyBudget(DefaultStudyBudget)
	}
	p, err := planOf(s, budget, only, o.Common)
	if err != nil || rounds == nil {
		return p, err
	}
	var so StudyOptions
	if err := p.DecodeOptions(&so); err != nil {
		return nil, err
	}
	so.Rounds = rounds
	return p, p.SetOptions(so)
}

// planOf turns a design into the plan of its runs. It is a pure function of the design,
// the selection and the seed.
func planOf(s *Design, budget string, only []string, c Common) (*plan.Plan, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	entries, err := s.entries(only)
	if err != nil {
		return nil, err
	}
	if len(entries) == 0 {
		return nil, fmt.Errorf("the design studies none of the games selected with --only")
	}
	p := c.newPlan("study")
	p.Results = "results"
	k := s.replays()
	opts := StudyOptions{Title: s.Title, Budget: budget, Replays: k}
	if s.Tune != nil {
		opts.TuneTarget, opts.TuneLevers, opts.TuneCPU = s.Tune.Target, s.Tune.Levers, s.Tune.CPU
	}
	if opts.Title == "" {
		opts.Title = "dragonlab balance study"
	}
	notes := map[string]bool{}
	note := func(n string) {
		if !notes[n] {
			notes[n] = true
			opts.Notes = append(opts.Notes, n)
		}
	}
	sp := &studyPlan{s: s, p: p, c: c, k: k, note: note}
	for _, e := range entries {
		cfg, err := sp.config(e)
		if err != nil {
			return nil, err
		}
		opts.Configs = append(opts.Configs, cfg)
	}
	if len(p.Runs) == 0 {
		return nil, fmt.Errorf("the design plays nothing: every stage has 0 deals")
	}
	return p, p.SetOptions(opts)
}

// studyPlan builds the plan of a study, one game and player count at a time (planOf).
type studyPlan struct {
	s    *Design
	p    *plan.Plan
	c    Common
	k    int // replays
	note func(string)
}

// studyStage is one game and player count being planned: the stages' shared parts.
type studyStage struct {
	e     studyEntry
	g     engine.Game
	n     int
	base  string // the runs' name prefix
	label func(what string) string
	fs    []agents.Factory // the levels' agents
	cfg   *StudyConfig
}

// config adds the runs of one game and player count and returns its configuration.
func (sp *studyPlan) config(e studyEntry) (StudyConfig, error) {
	g, n := e.game, e.players
	base := g.Name
	if e.variant != "" {
		base += "-" + e.variant
	}
	base += fmt.Sprintf("-%dp", n)
	label := func(what string) string {
		return fmt.Sprintf("%s%s %dp %s", g.Name, variantText(e.variant), n, what)
	}
	cfg := StudyConfig{Game: g.Name, Variant: e.variant, Players: n}
	if t := sp.s.Targets; t != nil {
		st := StudyTarget{Seat: t.Seat.at(g.Name, n), Luck: t.Luck.at(g.Name, n), Worth: t.Worth.at(g.Name, n)}
		if st != (StudyTarget{}) {
			cfg.Target = &st
		}
	}
	if sp.s.Tune != nil && n >= 2 {
		if cfg.Tune = sp.s.Tune.Budget.at(g.Name, n); cfg.Tune > 0 || sp.s.Tune.CPU > 0 {
			cfg.Params = engine.ParamsJSON(e.params)
		}
	}
	st := &studyStage{e: e, g: g, n: n, base: base, label: label, cfg: &cfg}
	for _, stage := range []func(*studyStage) error{sp.levels, sp.ladder, sp.ablation, sp.value, sp.compensation, sp.questionStages} {
		if err := stage(st); err != nil {
			return StudyConfig{}, err
		}
	}
	return cfg, nil
}

// levels adds each level's self-play.
func (sp *studyPlan) levels(st *studyStage) error {
	e, g, n, base, label, cfg := st.e, st.g, st.n, st.base, st.label, st.cfg
	fs := make([]agents.Factory, len(sp.s.Levels))
	for i, lv := range sp.s.Levels {
		spec := lv.Agent.at(g.Name, n)
		f, err := agents.Parse(spec)
		if err != nil {
			return fmt.Errorf("level %s for %s %dp: %v", lv.Name, g.Name, n, err)
		}
		fs[i] = f
		sl := StudyLevel{Name: lv.Name, Agent: f.Spec, Written: spec, About: lv.About}
		if lv.Luck.at(g.Name, n) {
			why, err := luckAccounting(g, e.params, n, sp.c.Seed)
			if err != nil {
				return err
			}
			sl.Luck = why == ""
			if why != "" {
				sp.note(fmt.Sprintf("%s%s with %d players plays without luck accounting: %s.", g.Title, variantText(e.variant), n, why))
			}
		}
		if deals := lv.Deals.at(g.Name, n); deals > 0 {
			sl.Run = base + "-self-" + lv.Name
			sl.Components = bool(lv.Comps.at(g.Name, n)) && tracks(g, e.params, n)
			sp.p.Add(plan.Run{Name: sl.Run, Label: label(lv.Name + " self-play"), Players: n, Seating: sim.SeatReplay, Replays: sp.k,
				Seed: sp.c.Seed, Units: deals, Metrics: true, Components: sl.Components, Luck: sl.Luck,
				// Every deal's outcome, so that two levels' seat advantages pair deal by deal
				// (the report's cheapest level that answers Fair?).
				Outcomes: n >= 2}, g, e.params, repeat(f, n))
		}
		cfg.Levels = append(cfg.Levels, sl)
	}
	st.fs = fs
	return nil
}

// ladder adds each level against the level below it.
func (sp *studyPlan) ladder(st *studyStage) error {
	e, g, n, base, label, cfg, fs := st.e, st.g, st.n, st.base, st.label, st.cfg, st.fs
	if n >= 2 {
		for i := 1; i < len(sp.s.Levels); i++ {
			deals := sp.s.Ladder.Deals.at(g.Name, n)
			if deals <= 0 {
				continue
			}
			name := fmt.Sprintf("%s-ladder-%s-vs-%s", base, sp.s.Levels[i].Name, sp.s.Levels[i-1].Name)
			sp.p.Add(plan.Run{Name: name, Label: label(sp.s.Levels[i].Name + " vs " + sp.s.Levels[i-1].Name), Players: n,
				Seating: sim.SeatDuplicate, Seed: sp.c.Seed, Units: deals, Luck: cfg.Levels[i].Luck}, g, e.params, aloneAgainst(fs[i], fs[i-1], n))
			cfg.Ladder = append(cfg.Ladder, StudyStep{Upper: i, Lower: i - 1, Run: name})
		}
	}
	return nil
}

// ablation adds restricted play: a level forbidden one action class at a time.
func (sp *studyPlan) ablation(st *studyStage) error {
	e, g, n, base, label, cfg, fs := st.e, st.g, st.n, st.base, st.label, st.cfg, st.fs
	ablated := map[int]bool{}
	for _, ab := range sp.s.Ablation {
		deals := ab.Deals.at(g.Name, n)
		if deals <= 0 || n < 2 {
			continue
		}
		li, why := sp.s.stageLevel(ab.Level, g.Name, n)
		if ablated[li] || why != "" && sp.s.namesStage(sp.s.Ablation, li) {
			continue // a measuring stage whose level another stage ablates
		}
		ablated[li] = true
		classes, err := ActionClasses(g, e.params, n)
		if err != nil || len(classes) < 2 {
			continue // nothing to forbid
		}
		if _, err := agents.Parse(restrictSpec(fs[li].Spec, classes[:1])); err != nil {
			sp.note("Restricted play was not run: this dragonlab has no restrict agent kind (" + err.Error() + ").")
			continue
		}
		sa := StudyAblation{Level: li, Classes: classes, Measuring: why}
		for _, cl := range classes {
			r, err := agents.Parse(restrictSpec(fs[li].Spec, []string{cl}))
			if err != nil {
				return fmt.Errorf("restricted play of %s in %s: %v", fs[li].Spec, g.Name, err)
			}
			name := fmt.Sprintf("%s-ablate-%s-%s", base, sp.s.Levels[li].Name, cl)
			sp.p.Add(plan.Run{Name: name, Label: label(sp.s.Levels[li].Name + " without " + cl), Players: n, Seating: sim.SeatDuplicate,
				Seed: sp.c.Seed, Units: deals}, g, e.params, aloneAgainst(r, fs[li], n))
			sa.Runs = append(sa.Runs, Restriction{Forbid: []string{cl}, Run: name})
		}
		cfg.Ablation = append(cfg.Ablation, sa)
	}
	return nil
}

// value adds the value runs of the levels the design values.
func (sp *studyPlan) value(st *studyStage) error {
	e, g, n, base, label, cfg, fs := st.e, st.g, st.n, st.base, st.label, st.cfg, st.fs
	for _, dv := range sp.s.Value {
		sv, err := valueStage(sp.p, dv, sp.s.level(dv.Level), fs, g, e.params, n, base, sp.c.Seed, label)
		if err != nil {
			return err
		}
		if sv != nil {
			cfg.Value = append(cfg.Value, *sv)
		}
	}
	return nil
}

// compensation adds the lever sweeps: a level's self-play with one rules lever moved.
func (sp *studyPlan) compensation(st *studyStage) error {
	e, g, n, base, label, cfg, fs := st.e, st.g, st.n, st.base, st.label, st.cfg, st.fs
	swept := map[int]bool{}
	for ci, cs := range sp.s.Compensation {
		lv := cs.Lever.at(g.Name, n)
		deals := cs.Deals.at(g.Name, n)
		if lv == nil || deals <= 0 {
			continue
		}
		li, why := sp.s.stageLevel(cs.Level, g.Name, n)
		if swept[li] || why != "" && sp.s.namesComp(li) {
			continue // a measuring stage whose level another stage sweeps
		}
		swept[li] = true
		level := sp.s.Levels[li].Name
		path := lv.Path
		if lv = declared(g, n, lv); lv == nil {
			sp.note(fmt.Sprintf("%s%s with %d players declares no %s lever and the design gives it no values: no sweep at %s.", g.Title, variantText(e.variant), n, path, level))
			continue
		}
		sl, err := leverOf(g, e.params, n, lv)
		if err != nil {
			return fmt.Errorf("compensation at %s for %s %dp: %v", level, g.Name, n, err)
		}
		if sl == nil {
			continue
		}
		sl.Level, sl.Measuring = li, why
		for _, x := range lv.Values {
			if x == sl.Lever.Base {
				continue // the level's own self-play
			}
			params, err := leverParams(g, e.params, n, &sl.Lever, x)
			if err != nil {
				return fmt.Errorf("compensation[%d].lever (%s, %s%s %dp): value %v: %v", ci, lv.Path, g.Name, variantText(e.variant), n, x, err)
			}
			name := fmt.Sprintf("%s-lever-%s-%s=%s", base, level, lv.Path, strconv.FormatFloat(x, 'g', -1, 64))
			luck := false
			if cfg.Levels[li].Luck {
				why, err := luckAccounting(g, params, n, sp.c.Seed)
				if err != nil {
					return err
				}
				luck = why == ""
			}
			sp.p.Add(plan.Run{Name: name, Label: label(fmt.Sprintf("%s %s=%g", level, lv.Path, x)), Players: n, Seating: sim.SeatReplay,
				Replays: sp.k, Seed: sp.c.Seed, Units: deals, Metrics: true, Luck: luck}, g, params, repeat(fs[li], n))
			sl.Points = append(sl.Points, StudyPoint{X: x, Run: name})
		}
		if len(sl.Points) > 0 {
			cfg.Levers = append(cfg.Levers, *sl)
		}
	}
	return nil
}

// valueStage adds the value runs of one level for one game and player count: the
// substitution run where the seats start with something of their own, the decision run
// where the level has a search. nil when neither is played.
func valueStage(p *plan.Plan, dv DesignValue, li int, fs []agents.Factory, g engine.Game, params engine.Params, n int, base string, seed uint64, label func(string) string) (*StudyValue, error) {
	sv := &StudyValue{Level: li}
	s, err := g.NewGame(params, n, 1)
	if err != nil {
		return nil, err
	}
	if deals := dv.Deals.at(g.Name, n); deals > 0 {
		if comps, err := sim.Substitutes(s); err == nil {
			sv.SubstitutionRun = fmt.Sprintf("%s-value-%s-substitution", base, dv.Level)
			p.Add(plan.Run{Name: sv.SubstitutionRun, Label: label(dv.Level + " substitutions"), Players: n, Seating: sim.SeatFixed, Seed: seed, Units: deals,
				Substitute: &sim.Substitution{Components: DefaultComponents(comps)}}, g, params, repeat(fs[li], n))
		}
	}
	if games := dv.Games.at(g.Name, n); games > 0 {
		if f, err := DecisionAgent(fs[li], s, int(dv.Iters.at(g.Name, n))); err == nil {
			if _, ok := s.(engine.ActionClasser); ok {
				sv.DecisionAgent = f.Spec
				sv.DecisionRun = fmt.Sprintf("%s-value-%s-decisions", base, dv.Level)
				p.Add(plan.Run{Name: sv.DecisionRun, Label: label(dv.Level + " decisions"), Players: n, Seating: sim.SeatFixed, Seed: seed, Units: games,
					Decisions: true}, g, params, repeat(f, n))
			}
		}
	}
	if sv.SubstitutionRun == "" && sv.DecisionRun == "" {
		return nil, nil
	}
	return sv, nil
}

// tracks reports whether the game records components (engine.Tracker).
func tracks(g engine.Game, params engine.Params, players int) bool {
	s, err := g.NewGame(params, players, 1)
	if err != nil {
		return false
	}
	tr, ok := s.(engine.Tracker)
	return ok && len(tr.Components()) > 0
}

// declared completes a design's lever from the game's declaration (engine.Game.Levers):
// without values it sweeps the declared range (the seat family: the values the per-seat
// range reaches, engine.Lever.FamilyValues), without a why it gives the declared one. It
// is nil for a lever without values that the game does not declare.
func declared(g engine.Game, players int, lv *engine.LeverValues) *engine.LeverValues {
	out := *lv
	for _, d := range g.Levers {
		if d.Path != lv.Path || !d.AppliesTo(players) {
			continue
		}
		if len(out.Values) == 0 {
			out.Values = d.Values()
			if out.Family() {
				out.Values = d.FamilyValues(players)
			}
		}
		if out.Why == "" {
			out.Why = d.Why
		}
		return &out
	}
	if len(out.Values) == 0 {
		return nil
	}
	return &out
}

// leverOf checks a lever against a game: nil (no sweep) for the seat family where it
// means nothing (one player).
func leverOf(g engine.Game, params engine.Params, players int, lv *engine.LeverValues) (*StudySweep, error) {
	cur := map[string]string{}
	for _, kv := range engine.ParamValues(params) {
		cur[kv.Key] = kv.Value
	}
	v, ok := cur[lv.Path]
	if !ok {
		return nil, fmt.Errorf("lever %s: %s has no such rules parameter (valid: %s)", lv.Path, g.Name, strings.Join(engine.ParamKeys(g), ", "))
	}
	sl := &StudySweep{Lever: engine.LeverValues{Path: lv.Path, Values: lv.Values, Seat: -1, Why: lv.Why, Caveat: lv.Caveat}}
	if sl.Lever.Family() {
		if players < 2 {
			return nil, nil
		}
		if strings.TrimSpace(v) != "[]" {
			return nil, fmt.Errorf("lever seatBonus: the rules already set seatBonus=%s; the sweep starts from no bonus", v)
		}
		return sl, nil
	}
	base, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return nil, fmt.Errorf("lever %s: not a numeric rules parameter (%s)", lv.Path, v)
	}
	sl.Lever.Base = base
	return sl, nil
}

// leverParams are the rules with the lever at x; an error when x is outside the
// parameter's range for this player count, not a whole number for a whole parameter, or
// makes the rules invalid.
func leverParams(g engine.Game, base engine.Params, players int, lv *engine.LeverValues, x float64) (engine.Params, error) {
	p := cloneParams(g, base)
	value := strconv.FormatFloat(x, 'g', -1, 64)
	if lv.Family() {
		if x != math.Trunc(x) {
			return nil, fmt.Errorf("lever seatBonus: value %g is not a whole number of points", x)
		}
		if math.Abs(x)*float64(players-1) > engine.MaxSeatBonus {
			return nil, fmt.Errorf("seat %d would start with %g points, more than the %d allowed", players-1, x*float64(players-1), engine.MaxSeatBonus)
		}
		b := make([]string, players)
		for s := range b {
			b[s] = strconv.Itoa(int(x) * s)
		}
		value = "[" + strings.Join(b, ",") + "]"
	}
	if err := engine.SetParam(g, p, lv.Path+"="+value); err != nil {
		return nil, err
	}
	if err := p.Validate(players); err != nil {
		return nil, fmt.Errorf("%s rules: %v", g.Name, err)
	}
	return p, nil
}
