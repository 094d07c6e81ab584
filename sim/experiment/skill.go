package experiment

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"dragonlab/agents"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// Skill is a skill ladder: rungs of budgets on a base agent, or of agent specs.
type Skill struct {
	Common
	Game Game
	// Budgets are the MCTS iterations of each rung, increasing, comma-separated (used
	// unless AgentsSet).
	Budgets string
	// Base is the agent the budgets apply to, with its other options.
	Base string
	// Agents are the rungs as agent specs, weakest first (when AgentsSet).
	Agents string
	// Games per ladder step (a multiple of the player count).
	Games int64
	// SelfGames are the self-play games per rung (Games unless SelfGamesSet).
	SelfGames int64
	// BudgetsSet, AgentsSet and SelfGamesSet say which flags were given.
	BudgetsSet, AgentsSet, SelfGamesSet bool
}

// SkillOptions are the plan options of a skill ladder: the rungs, and for each the run of
// its step (against the rung below; none for the first) and of its self-play.
type SkillOptions struct {
	Meta  Meta     `json:"meta"`
	Rungs []Rung   `json:"rungs"`
	Steps []string `json:"steps"` // run of rung i+1 against rung i
	Self  []string `json:"self"`  // self-play run of rung i
}

func init() {
	register(&Kind{Name: "skill", DefaultOut: "skill", check: checkSkill})
}

// timeBudget matches a time budget option (ms=N with N > 0) anywhere in a spec, also in
// a wrapper's base.
var timeBudget = regexp.MustCompile(`(^|[:,(])ms=0*[1-9]`)

// rungs reads the ladder: budgets on the base agent, or a list of specs.
func (o Skill) rungs() ([]agents.Factory, []Rung, error) {
	if o.BudgetsSet && o.AgentsSet {
		return nil, nil, errors.New("give either --budgets or --agents, not both")
	}
	if o.AgentsSet {
		fs, err := parseAgentSet(o.Agents, "a skill ladder")
		if err != nil {
			return nil, nil, err
		}
		rungs := make([]Rung, len(fs))
		for i, f := range fs {
			rungs[i] = Rung{Spec: f.Spec}
		}
		return fs, rungs, nil
	}
	var budgets []int64
	for _, s := range strings.Split(o.Budgets, ",") {
		s = strings.TrimSpace(s)
		b, err := strconv.ParseInt(s, 10, 64)
		if err != nil || b < 1 {
			return nil, nil, fmt.Errorf("--budgets %s: %q is not a positive whole number of iterations", o.Budgets, s)
		}
		if len(budgets) > 0 && b <= budgets[len(budgets)-1] {
			return nil, nil, fmt.Errorf("--budgets %s: budgets must increase (%d after %d)", o.Budgets, b, budgets[len(budgets)-1])
		}
		budgets = append(budgets, b)
	}
	if len(budgets) < 2 {
		return nil, nil, fmt.Errorf("--budgets %s: a ladder needs at least two budgets", o.Budgets)
	}
	base := strings.TrimSpace(o.Base)
	if strings.Contains(base, "iters=") {
		return nil, nil, fmt.Errorf("--base %s: iters is set by --budgets; leave it out", base)
	}
	if timeBudget.MatchString(base) {
		return nil, nil, fmt.Errorf("--base %s: a time budget (ms=) would override the iterations --budgets sets and mislabel the ladder; leave it out", base)
	}
	sep := ":"
	if strings.Contains(base, ":") {
		sep = ","
	}
	var fs []agents.Factory
	var rungs []Rung
	for _, b := range budgets {
		f, err := agents.Parse(fmt.Sprintf("%s%siters=%d", base, sep, b))
		if err != nil {
			return nil, nil, fmt.Errorf("--base %s with --budgets: %v", base, err)
		}
		if timeBudget.MatchString(f.Spec) {
			return nil, nil, fmt.Errorf("--base %s: its time budget would override the iterations --budgets sets", base)
		}
		fs = append(fs, f)
		rungs = append(rungs, Rung{Spec: f.Spec, Budget: float64(b)})
	}
	return fs, rungs, nil
}

// Plan interleaves the runs by rung (self-play of rung 0, step 1, self-play of rung 1, …),
// so that an interrupted ladder still has its lower rungs complete.
func (o Skill) Plan() (*plan.Plan, error) { return o.plan("skill") }

// plan is the ladder's plan as an experiment of the given kind (skill, ceiling).
func (o Skill) plan(kind string) (*plan.Plan, error) {
	g, params, players, err := o.Game.Resolve()
	if err != nil {
		return nil, err
	}
	fs, rungs, err := o.rungs()
	if err != nil {
		return nil, err
	}
	deals, err := dealsOf("--games", o.Games, players)
	if err != nil {
		return nil, err
	}
	self := o.SelfGames
	if !o.SelfGamesSet {
		self = o.Games
	}
	if self <= 0 {
		return nil, fmt.Errorf("--self-games must be positive, not %d", self)
	}
	name := func(i int) string {
		if rungs[i].Budget > 0 {
			return strconv.FormatInt(int64(rungs[i].Budget), 10)
		}
		return fmt.Sprintf("%d-%s", i+1, fileSlug(fs[i].Spec))
	}
	p := o.newPlan(kind)
	opts := SkillOptions{Meta: newMeta(g, params, players, o.Seed), Rungs: rungs}
	for i := range fs {
		if i > 0 {
			run := fmt.Sprintf("step-%s-vs-%s", name(i), name(i-1))
			p.Add(plan.Run{Name: run, Label: fmt.Sprintf("step %d: %s vs %s", i, agents.Short(fs[i].Spec), agents.Short(fs[i-1].Spec)),
				Players: players, Seating: sim.SeatDuplicate, Seed: o.Seed, Units: deals}, g, params, aloneAgainst(fs[i], fs[i-1], players))
			opts.Steps = append(opts.Steps, run)
		}
		run := "self-" + name(i)
		p.Add(plan.Run{Name: run, Label: "self-play " + agents.Short(fs[i].Spec), Players: players, Seating: sim.SeatFixed,
			Seed: o.Seed, Units: self}, g, params, repeat(fs[i], players))
		opts.Self = append(opts.Self, run)
	}
	return p, p.SetOptions(opts)
}

// Rung is one agent of a skill ladder.
type Rung struct {
	Spec   string  `json:"spec"`
	Budget float64 `json:"budget,omitempty"` // MCTS iterations, 0 for a ladder of arbitrary specs
}
