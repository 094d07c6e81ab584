package experiment

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// Value is the value experiment (dragonlab value): what each component is worth, by
// substitution at the measuring level, and what each decision is worth, read from the
// measuring level's search at its decisions.
type Value struct {
	Common
	Game Game
	// Agents is the measuring level: one spec, played in every seat.
	Agents string
	// Components are the components to substitute: nil for the game's default list (its
	// coarsest components: Dragonheart's card types, not each value), ["all"] for every
	// one.
	Components []string
	// Fewer also plays one fewer copy of each component.
	Fewer bool
	// Games is the number of deals of the substitution run (each played as dealt and
	// once per component, direction and seat changed).
	Games int64
	// DecisionGames is the number of games of the decision run (0: Games/5, at least 10);
	// DecisionIters the search iterations a decision there (0: DefaultDecisionIters, or
	// the level's own when it has more).
	DecisionGames int64
	DecisionIters int
}

// DefaultDecisionIters is the search per decision of a decision run unless asked: the
// critical share settles by about a thousand iterations (Red Hot, two players: 17.7% of
// decisions at 100, 8.4% at 400, 5.5% at 1,500, 4.9% at 4,000), the noise of fewer
// inflating it.
const DefaultDecisionIters = 1000

// ValueOptions are the plan options of a value experiment.
type ValueOptions struct {
	Meta Meta `json:"meta"`
	// Level is the measuring level; DecisionAgent the agent of the decision run (the
	// level with rollouts to the end and DecisionIters).
	Level         string `json:"level"`
	DecisionAgent string `json:"decisionAgent"`
	// Substitution and Decisions name the runs.
	Substitution string `json:"substitution"`
	Decisions    string `json:"decisions"`
}

func init() {
	register(&Kind{Name: "value", DefaultOut: "value", check: checkValue})
}

// Plan is a substitution run (fixed seating, the level in every seat) and a decision run
// (self-play of the decision agent, decision values recorded).
func (o Value) Plan() (*plan.Plan, error) {
	g, params, players, err := o.Game.Resolve()
	if err != nil {
		return nil, err
	}
	s, err := g.NewGame(params, players, 1)
	if err != nil {
		return nil, err
	}
	valid, err := sim.Substitutes(s)
	if err != nil {
		return nil, fmt.Errorf("%s, %d players: %v", g.Name, players, err)
	}
	comps, err := components(o.Components, valid, g.Name)
	if err != nil {
		return nil, err
	}
	level, err := oneAgent(o.Agents)
	if err != nil {
		return nil, err
	}
	if err := noTimeBudget("--agents", level.Spec); err != nil {
		return nil, err
	}
	dec, err := DecisionAgent(level, s, o.DecisionIters)
	if err != nil {
		return nil, err
	}
	if o.Games <= 0 {
		return nil, fmt.Errorf("--games must be positive, not %d", o.Games)
	}
	games := o.DecisionGames
	if games == 0 {
		games = max(10, o.Games/5)
	}
	if games < 0 {
		return nil, fmt.Errorf("--decision-games must be positive, not %d", games)
	}
	p := o.newPlan("value")
	opts := ValueOptions{Meta: newMeta(g, params, players, o.Seed), Level: level.Spec, DecisionAgent: dec.Spec,
		Substitution: "substitution", Decisions: "decisions"}
	p.Add(plan.Run{Name: opts.Substitution, Label: "substitutions at " + agents.Short(level.Spec), Players: players,
		Seating: sim.SeatFixed, Seed: o.Seed, Units: o.Games, Substitute: &sim.Substitution{Components: comps, Fewer: o.Fewer}},
		g, params, repeat(level, players))
	p.Add(plan.Run{Name: opts.Decisions, Label: "decisions of " + agents.Short(dec.Spec), Players: players,
		Seating: sim.SeatFixed, Seed: o.Seed, Units: games, Decisions: true}, g, params, repeat(dec, players))
	if err := p.Resolve(); err != nil {
		return nil, err
	}
	return p, p.SetOptions(opts)
}

// oneAgent reads --agents: exactly one spec.
func oneAgent(list string) (agents.Factory, error) {
	if strings.TrimSpace(list) == "" {
		return agents.Factory{}, errors.New("--agents is required: the measuring level, one spec (e.g. expert; see dragonlab agents)")
	}
	fs, err := agents.ParseList(list)
	if err != nil {
		return agents.Factory{}, err
	}
	if len(fs) != 1 {
		return agents.Factory{}, fmt.Errorf("--agents %s: give one spec, the measuring level played in every seat (got %d)", list, len(fs))
	}
	return fs[0], nil
}

// components resolves --components against the game's list.
func components(asked, valid []string, game string) ([]string, error) {
	if len(asked) == 1 && asked[0] == "all" {
		return valid, nil
	}
	if len(asked) == 0 {
		return DefaultComponents(valid), nil
	}
	for i, c := range asked {
		if !slices.Contains(valid, c) {
			return nil, fmt.Errorf("--components: unknown component %q of %s (valid: %s, or all)", c, game, strings.Join(valid, ", "))
		}
		if slices.Contains(asked[:i], c) {
			return nil, fmt.Errorf("--components: %q is given twice", c)
		}
	}
	return asked, nil
}

// DefaultComponents are the coarsest of a game's components: a name "x y" is left out
// when "x" is a component too (Dragonheart's "troll 3" beside "troll").
func DefaultComponents(valid []string) []string {
	var out []string
	for _, c := range valid {
		first, _, found := strings.Cut(c, " ")
		if found && slices.Contains(valid, first) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// DecisionAgent is the agent whose decisions a value experiment reads: the level's
// search with its rollouts played to the end (depth=0), so that its root values are win
// shares, and at least iters iterations a decision (DefaultDecisionIters when 0; the
// level's own when it has more). A level without such a search (random, greedy, a
// wrapper) is refused.
func DecisionAgent(level agents.Factory, s engine.State, iters int) (agents.Factory, error) {
	if iters < 0 {
		return agents.Factory{}, fmt.Errorf("--decision-iters must be positive, not %d", iters)
	}
	if iters == 0 {
		iters = DefaultDecisionIters
	}
	if _, ok := level.New().(agents.RootReporter); !ok {
		return agents.Factory{}, fmt.Errorf("--agents %s: decision values are read from a search's root values, and %s has no search (use mcts, expert or oracle)", agents.Short(level.Spec), level.Kind)
	}
	spec := setOption(level.Spec, "depth", "0")
	if cur, _ := option(spec, "iters"); cur == "" || cur == "auto" {
		spec = setOption(spec, "iters", strconv.Itoa(iters))
	} else if n, err := strconv.Atoi(cur); err == nil && n < iters {
		spec = setOption(spec, "iters", strconv.Itoa(iters))
	}
	f, err := agents.Parse(spec)
	if err != nil {
		return agents.Factory{}, fmt.Errorf("--agents %s: %v", agents.Short(level.Spec), err)
	}
	rr, ok := f.New().(agents.RootReporter)
	if !ok || !rr.ReportsRoot(s) {
		return agents.Factory{}, fmt.Errorf("--agents %s: its search's root values are not win shares (a score reward?): decision values cannot be read from it", agents.Short(level.Spec))
	}
	return f, nil
}

// option is the value of a top-level option of a canonical spec.
func option(spec, key string) (string, bool) {
	_, opts, _ := strings.Cut(spec, ":")
	for _, kv := range topLevel(opts) {
		if k, v, _ := strings.Cut(kv, "="); k == key {
			return v, true
		}
	}
	return "", false
}

// setOption sets a top-level option of a spec (kind:k=v,…), adding it when absent.
func setOption(spec, key, value string) string {
	kind, opts, _ := strings.Cut(spec, ":")
	parts := topLevel(opts)
	set := false
	for i, kv := range parts {
		if k, _, _ := strings.Cut(kv, "="); k == key {
			parts[i], set = key+"="+value, true
		}
	}
	if !set {
		parts = append(parts, key+"="+value)
	}
	return kind + ":" + strings.Join(parts, ",")
}

// topLevel splits a spec's options at the commas outside parentheses (none for "").
func topLevel(opts string) []string {
	if opts == "" {
		return nil
	}
	return agents.SplitTop(opts)
}

func checkValue(c *checker) error {
	var o ValueOptions
	if err := c.options(&o); err != nil {
		return err
	}
	if err := c.meta(o.Meta, true); err != nil {
		return err
	}
	if err := agentList("level", []string{o.Level}, 1, false); err != nil {
		return err
	}
	if err := agentList("decisionAgent", []string{o.DecisionAgent}, 1, false); err != nil {
		return err
	}
	r, err := c.runOf(o.Substitution, "substitution", sim.SeatFixed, o.Level, "")
	if err != nil {
		return err
	}
	if r.Substitute == nil || r.Decisions {
		return fmt.Errorf("substitution: run %s is not a substitution run alone (substitutions %v, decision values %v)", r.Name, r.Substitute != nil, r.Decisions)
	}
	r, err = c.runOf(o.Decisions, "decisions", sim.SeatFixed, o.DecisionAgent, "")
	if err != nil {
		return err
	}
	if !r.Decisions || r.Substitute != nil {
		return fmt.Errorf("decisions: run %s is not a decision run alone (decision values %v, substitutions %v)", r.Name, r.Decisions, r.Substitute != nil)
	}
	for _, a := range [][2]string{{"level", o.Level}, {"decisionAgent", o.DecisionAgent}} {
		if err := noTimeBudget(a[0], a[1]); err != nil {
			return err
		}
	}
	return nil
}
