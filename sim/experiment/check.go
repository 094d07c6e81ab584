package experiment

import (
	"bytes"
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

// A plan file is input from outside, like a results file: run-plan, merge DIR and --from
// check it completely before anything is played or merged. plan.Parse checks the runs
// (game, players, rules, agents, seating, units, names); CheckPlan adds the experiment's
// own options: every run they name exists and is named once, every run is named, every
// index is in range, and each run is the run the options say it is (its agents, seating
// and rules), so that an edited plan is refused in one line instead of panicking or
// reporting without some runs after everything played.

// ReadPlan reads a plan file and checks it completely (CheckPlan).
func ReadPlan(file string) (*plan.Plan, error) {
	p, err := plan.Read(file)
	if err != nil {
		return nil, err
	}
	if Lookup(p.Kind) == nil {
		return nil, fmt.Errorf("%s is a plan of a %q, which this dragonlab cannot report (known: %s)", file, p.Kind, strings.Join(Names(), ", "))
	}
	if err := CheckPlan(p); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return p, nil
}

// CheckPlan checks a plan completely: its runs (plan.Plan.Resolve), its kind, and the
// kind's options against the runs. Every error is bad input, one line.
func CheckPlan(p *plan.Plan) error {
	if err := p.Resolve(); err != nil {
		return err
	}
	k := Lookup(p.Kind)
	if k == nil {
		return fmt.Errorf("a plan of a %q, which this dragonlab cannot report (known: %s)", p.Kind, strings.Join(Names(), ", "))
	}
	if k.check == nil {
		return nil
	}
	c := &checker{p: p, used: make([]bool, len(p.Runs))}
	if err := k.check(c); err != nil {
		return fmt.Errorf("plan options of a %s: %w", p.Kind, err)
	}
	for i, used := range c.used {
		if !used {
			return fmt.Errorf("plan options of a %s: run %s is not part of the experiment (its options never name it)", p.Kind, p.Runs[i].Name)
		}
	}
	return nil
}

// checker checks a plan's options against its runs.
type checker struct {
	p    *plan.Plan
	used []bool
}

// options decodes the plan's options strictly.
func (c *checker) options(v any) error {
	if len(bytes.TrimSpace(c.p.Options)) == 0 {
		return errors.New("no options")
	}
	return c.p.DecodeOptions(v)
}

// run is the run the options name (what says where): it must exist and be named once.
func (c *checker) run(name, what string) (*plan.Run, error) {
	i := c.p.Index(name)
	if i < 0 {
		return nil, fmt.Errorf("%s: no run %q in the plan", what, name)
	}
	if c.used[i] {
		return nil, fmt.Errorf("%s: run %s is named twice", what, name)
	}
	c.used[i] = true
	return &c.p.Runs[i], nil
}

// runOf checks that the named run plays seating with agent first in seat 0 and rest in the
// other seats (rest "" : first everywhere).
func (c *checker) runOf(name, what, seating, first, rest string) (*plan.Run, error) {
	r, err := c.run(name, what)
	if err != nil {
		return nil, err
	}
	if r.Seating != seating {
		return nil, fmt.Errorf("%s: run %s has %s seating, not %s", what, name, r.Seating, seating)
	}
	if rest == "" {
		rest = first
	}
	for j, a := range r.Agents {
		want := rest
		if j == 0 {
			want = first
		}
		if a != want {
			return nil, fmt.Errorf("%s: run %s has %s in seat %d, not %s", what, name, a, j, want)
		}
	}
	return r, nil
}

// meta checks the provenance against every run: the game, players and seed, and the rules
// (sameRules: every run plays them).
func (c *checker) meta(m Meta, sameRules bool) error {
	g, err := engine.Lookup(m.Game)
	if err != nil {
		return fmt.Errorf("meta: %v", err)
	}
	if err := g.CheckPlayers(m.Players); err != nil {
		return fmt.Errorf("meta: %v", err)
	}
	params, err := engine.ParseParams(g, m.Params)
	if err != nil {
		return fmt.Errorf("meta: %s rules: %v", g.Name, err)
	}
	if err := params.Validate(m.Players); err != nil {
		return fmt.Errorf("meta: %s rules: %v", g.Name, err)
	}
	rules := engine.ParamsJSON(params)
	for i := range c.p.Runs {
		r := &c.p.Runs[i]
		switch {
		case r.Game != m.Game || r.Players != m.Players:
			return fmt.Errorf("meta: %s with %d players, but run %s plays %s with %d", m.Game, m.Players, r.Name, r.Game, r.Players)
		case r.Seed != m.Seed:
			return fmt.Errorf("meta: seed %d, but run %s has seed %d", m.Seed, r.Name, r.Seed)
		case sameRules && !bytes.Equal(r.Params, rules):
			return fmt.Errorf("meta: the rules differ from those of run %s", r.Name)
		}
	}
	return nil
}

// agentList checks a list of agent specs: valid, canonical and (distinct) each once.
func agentList(what string, list []string, least int, distinct bool) error {
	if len(list) < least {
		return fmt.Errorf("%s: %d agents, want at least %d", what, len(list), least)
	}
	seen := map[string]bool{}
	for i, s := range list {
		f, err := agents.Parse(s)
		if err != nil {
			return fmt.Errorf("%s[%d]: %v", what, i, err)
		}
		if f.Spec != s {
			return fmt.Errorf("%s[%d]: %s is not canonical (%s)", what, i, s, f.Spec)
		}
		if distinct && seen[s] {
			return fmt.Errorf("%s[%d]: agent %s is listed twice", what, i, s)
		}
		seen[s] = true
	}
	return nil
}

// index checks an index into a list of n.
func index(what string, i, n int) error {
	if i < 0 || i >= n {
		return fmt.Errorf("%s: index %d out of range (0 to %d)", what, i, n-1)
	}
	return nil
}

// noTimeBudget refuses a spec with a time budget (ms=), also in a wrapper's base: where
// results must reproduce (ladders, studies, budget rungs).
func noTimeBudget(what, spec string) error {
	if timeBudget.MatchString(spec) {
		return fmt.Errorf("%s: %s has a time budget (ms=), which does not reproduce: give iterations", what, spec)
	}
	return nil
}

// checkRoundRobin checks a tournament's or a ladder's options.
func checkRoundRobin(ladder bool) func(c *checker) error {
	return func(c *checker) error {
		var o RoundRobinOptions
		if err := c.options(&o); err != nil {
			return err
		}
		if err := c.meta(o.Meta, true); err != nil {
			return err
		}
		if err := agentList("agents", o.Agents, 2, true); err != nil {
			return err
		}
		if ladder {
			for i, s := range o.Agents {
				if err := noTimeBudget(fmt.Sprintf("agents[%d]", i), s); err != nil {
					return err
				}
			}
		}
		if len(o.Pairings) == 0 {
			return errors.New("no pairings")
		}
		seen := map[[2]int]bool{}
		for i, pr := range o.Pairings {
			what := fmt.Sprintf("pairings[%d]", i)
			if err := index(what+".a", pr.A, len(o.Agents)); err != nil {
				return err
			}
			if err := index(what+".b", pr.B, len(o.Agents)); err != nil {
				return err
			}
			if pr.A == pr.B {
				return fmt.Errorf("%s: agent %d against itself", what, pr.A)
			}
			key := [2]int{pr.A, pr.B}
			if o.Meta.Players == 2 && pr.A > pr.B { // two players: both seat orders in one run
				key = [2]int{pr.B, pr.A}
			}
			if seen[key] {
				return fmt.Errorf("%s: agents %d and %d meet twice", what, pr.A, pr.B)
			}
			seen[key] = true
			if _, err := c.runOf(pr.Run, what, sim.SeatDuplicate, o.Agents[pr.A], o.Agents[pr.B]); err != nil {
				return err
			}
		}
		return nil
	}
}

// checkSkill checks a skill ladder's options.
func checkSkill(c *checker) error {
	var o SkillOptions
	if err := c.options(&o); err != nil {
		return err
	}
	if err := c.meta(o.Meta, true); err != nil {
		return err
	}
	specs := make([]string, len(o.Rungs))
	for i, r := range o.Rungs {
		specs[i] = r.Spec
		if math.IsNaN(r.Budget) || r.Budget < 0 || r.Budget > 1<<53 || r.Budget != math.Trunc(r.Budget) {
			return fmt.Errorf("rungs[%d]: budget %v is not a whole number of iterations", i, r.Budget)
		}
		if r.Budget > 0 {
			if err := noTimeBudget(fmt.Sprintf("rungs[%d]", i), r.Spec); err != nil {
				return err
			}
			// The budget labels the rung's games: it must be what the rung's agent plays.
			if it, _ := option(r.Spec, "iters"); it != strconv.FormatFloat(r.Budget, 'f', -1, 64) {
				return fmt.Errorf("rungs[%d]: budget %v, but its agent %s plays iters=%s", i, r.Budget, r.Spec, it)
			}
		}
	}
	if err := agentList("rungs", specs, 2, true); err != nil {
		return err
	}
	if len(o.Steps) != len(o.Rungs)-1 || len(o.Self) != len(o.Rungs) {
		return fmt.Errorf("%d rungs need %d steps and %d self-play runs, not %d and %d", len(o.Rungs), len(o.Rungs)-1, len(o.Rungs), len(o.Steps), len(o.Self))
	}
	for i, name := range o.Steps {
		if _, err := c.runOf(name, fmt.Sprintf("steps[%d]", i), sim.SeatDuplicate, specs[i+1], specs[i]); err != nil {
			return err
		}
	}
	for i, name := range o.Self {
		if _, err := c.runOf(name, fmt.Sprintf("self[%d]", i), sim.SeatFixed, specs[i], ""); err != nil {
			return err
		}
	}
	return nil
}

// checkSweep checks a sweep's options: its varied parameters and the rules of every cell.
func checkSweep(c *checker) error {
	var o SweepOptions
	if err := c.options(&o); err != nil {
		return err
	}
	if err := c.meta(o.Meta, false); err != nil {
		return err
	}
	g, _ := engine.Lookup(o.Meta.Game)
	if len(o.Agents) != o.Meta.Players {
		return fmt.Errorf("%d agents for %d players", len(o.Agents), o.Meta.Players)
	}
	if err := agentList("agents", o.Agents, 1, false); err != nil {
		return err
	}
	if len(o.Vary) < 1 || len(o.Vary) > 2 {
		return fmt.Errorf("%d varied parameters: a sweep varies one or two", len(o.Vary))
	}
	defaults := map[string]string{}
	for _, kv := range engine.ParamValues(g.DefaultParams()) {
		defaults[kv.Key] = kv.Value
	}
	for k, v := range o.Vary {
		what := fmt.Sprintf("vary[%d]", k)
		if len(v.Values) < 2 || len(v.Values) > MaxVaryValues {
			return fmt.Errorf("%s: %d values, want 2 to %d", what, len(v.Values), MaxVaryValues)
		}
		if v.Key == variantsKey {
			if k != len(o.Vary)-1 || v.Numeric || v.Integer || len(v.Nums) > 0 {
				return fmt.Errorf("%s: the rules files are the last dimension, not numeric", what)
			}
			continue
		}
		def, ok := defaults[v.Key]
		if !ok {
			return fmt.Errorf("%s: unknown %s parameter %q", what, g.Name, v.Key)
		}
		if k == 1 && o.Vary[0].Key == v.Key {
			return fmt.Errorf("%s: %s is varied twice", what, v.Key)
		}
		var dv float64
		numeric := json.Unmarshal([]byte(def), &dv) == nil
		if v.Numeric != numeric || v.Integer != (numeric && !strings.ContainsAny(def, ".eE")) {
			return fmt.Errorf("%s: %s is numeric: %v, not %v", what, v.Key, numeric, v.Numeric)
		}
		if numeric && len(v.Nums) != len(v.Values) || !numeric && len(v.Nums) != 0 {
			return fmt.Errorf("%s: %d numbers for %d values", what, len(v.Nums), len(v.Values))
		}
		for i, x := range v.Nums {
			if y, err := engine.ParseFinite(v.Key, v.Values[i]); err != nil || y != x {
				return fmt.Errorf("%s: value %q is not the number %v", what, v.Values[i], x)
			}
		}
	}
	n, cell := SweepCells(o.Vary)
	if n > MaxSweepCells {
		return fmt.Errorf("%d runs, more than the %d a sweep allows", n, MaxSweepCells)
	}
	if len(o.Runs) != n {
		return fmt.Errorf("%d runs for %d combinations of values", len(o.Runs), n)
	}
	for i, name := range o.Runs {
		what := fmt.Sprintf("runs[%d]", i)
		r, err := c.run(name, what)
		if err != nil {
			return err
		}
		if r.Seating != sim.SeatFixed || strings.Join(r.Agents, ",") != strings.Join(o.Agents, ",") {
			return fmt.Errorf("%s: run %s plays %s with %s seating, not %s with fixed seating", what, name, strings.Join(r.Agents, ","), r.Seating, strings.Join(o.Agents, ","))
		}
		params, err := engine.ParseParams(g, r.Params)
		if err != nil {
			return fmt.Errorf("%s: %v", what, err)
		}
		for k, j := range cell(i) {
			v := o.Vary[k]
			if v.Key == variantsKey {
				continue
			}
			if err := engine.SetParam(g, params, v.Assignment(j)); err != nil {
				return fmt.Errorf("%s: %v", what, err)
			}
		}
		if !bytes.Equal(engine.ParamsJSON(params), r.Params) {
			return fmt.Errorf("%s: run %s does not play the values of its cell", what, name)
		}
	}
	return nil
}

// checkAblate checks a restricted-play experiment's options.
func checkAblate(c *checker) error {
	var o AblateOptions
	if err := c.options(&o); err != nil {
		return err
	}
	if err := c.meta(o.Meta, true); err != nil {
		return err
	}
	if err := agentList("base", []string{o.Base}, 1, false); err != nil {
		return err
	}
	g, _ := engine.Lookup(o.Meta.Game)
	params, _ := engine.ParseParams(g, o.Meta.Params)
	if o.Meta.Players < 2 {
		return errors.New("restricted play needs two players or more")
	}
	classes, err := ActionClasses(g, params, o.Meta.Players)
	if err != nil {
		return err
	}
	if strings.Join(o.Classes, ",") != strings.Join(classes, ",") {
		return fmt.Errorf("classes %v are not the action classes of %s (%v)", o.Classes, g.Name, classes)
	}
	if _, err := c.runOf(o.Baseline, "baseline", sim.SeatDuplicate, o.Base, ""); err != nil {
		return err
	}
	if len(o.Restrictions) == 0 {
		return errors.New("no restrictions")
	}
	seen := map[string]bool{}
	for i, r := range o.Restrictions {
		what := fmt.Sprintf("restrictions[%d]", i)
		if err := checkForbid(what, r.Forbid, classes); err != nil {
			return err
		}
		key := strings.Join(r.Forbid, "+")
		if seen[key] {
			return fmt.Errorf("%s: the restriction %s is given twice", what, key)
		}
		seen[key] = true
		f, err := agents.Parse(restrictSpec(o.Base, r.Forbid))
		if err != nil {
			return fmt.Errorf("%s: %v", what, err)
		}
		if _, err := c.runOf(r.Run, what, sim.SeatDuplicate, f.Spec, o.Base); err != nil {
			return err
		}
	}
	return nil
}

// checkForbid checks a set of forbidden classes: known, in the game's order, each once,
// not every class.
func checkForbid(what string, forbid, classes []string) error {
	at := map[string]int{}
	for i, cl := range classes {
		at[cl] = i
	}
	last := -1
	for _, cl := range forbid {
		i, ok := at[cl]
		if !ok {
			return fmt.Errorf("%s: unknown action class %q (valid: %s)", what, cl, strings.Join(classes, ", "))
		}
		if i <= last {
			return fmt.Errorf("%s: classes %v are not each once in the game's order", what, forbid)
		}
		last = i
	}
	if len(forbid) == 0 || len(forbid) >= len(classes) {
		return fmt.Errorf("%s: forbids %d of %d action classes (want 1 to %d)", what, len(forbid), len(classes), len(classes)-1)
	}
	return nil
}

// checkLuck checks a luck experiment's options.
func checkLuck(c *checker) error {
	var o LuckOptions
	if err := c.options(&o); err != nil {
		return err
	}
	if err := c.meta(o.Meta, true); err != nil {
		return err
	}
	if err := agentList("levels", o.Levels, 1, true); err != nil {
		return err
	}
	if o.Replays < 2 || o.Replays > 1000 {
		return fmt.Errorf("replays %d: want 2 to 1000", o.Replays)
	}
	if len(o.Replay) != len(o.Levels) {
		return fmt.Errorf("%d replay runs for %d levels", len(o.Replay), len(o.Levels))
	}
	for i, name := range o.Replay {
		r, err := c.runOf(name, fmt.Sprintf("replay[%d]", i), sim.SeatReplay, o.Levels[i], "")
		if err != nil {
			return err
		}
		if r.Replays != o.Replays {
			return fmt.Errorf("replay[%d]: run %s plays each deal %d times, not %d", i, name, r.Replays, o.Replays)
		}
		if r.Luck != (o.NoLuck == "") {
			return fmt.Errorf("replay[%d]: run %s has luck accounting %v, but the options say %q", i, name, r.Luck, o.NoLuck)
		}
	}
	if o.Meta.Players < 2 && len(o.Duels) > 0 {
		return errors.New("duels need two players or more")
	}
	for i, d := range o.Duels {
		what := fmt.Sprintf("duels[%d]", i)
		if err := index(what+".stronger", d.Stronger, len(o.Levels)); err != nil {
			return err
		}
		if err := index(what+".weaker", d.Weaker, len(o.Levels)); err != nil {
			return err
		}
		if d.Stronger == d.Weaker {
			return fmt.Errorf("%s: level %d against itself", what, d.Stronger)
		}
		if _, err := c.runOf(d.Run, what, sim.SeatDuplicate, o.Levels[d.Stronger], o.Levels[d.Weaker]); err != nil {
			return err
		}
	}
	return nil
}

// checkRun checks a single run's options.
func checkRun(c *checker) error {
	var o RunOptions
	if err := c.options(&o); err != nil {
		return err
	}
	if err := c.meta(o.Meta, true); err != nil {
		return err
	}
	if len(c.p.Runs) != 1 {
		return fmt.Errorf("%d runs in the plan of a single run", len(c.p.Runs))
	}
	r, err := c.run(RunResultsName, "the run")
	if err != nil {
		return err
	}
	if r.Seating == sim.SeatReplay {
		return errors.New("a single run's plan has fixed, rotate or duplicate seating")
	}
	return nil
}

// checkStudy checks a study's options: every game and player count, its levels and the
// runs of each stage, with the rules each stage plays.
func checkStudy(c *checker) error {
	var o StudyOptions
	if err := c.options(&o); err != nil {
		return err
	}
	if o.Replays < 2 || o.Replays > 100 {
		return fmt.Errorf("replays %d: each deal is played 2 to 100 times", o.Replays)
	}
	if len(o.Configs) == 0 {
		return errors.New("no games")
	}
	for i := range c.p.Runs {
		if r := &c.p.Runs[i]; r.Seed != c.p.Runs[0].Seed {
			return fmt.Errorf("run %s has seed %d, the study %d: every stage plays the same deals", r.Name, r.Seed, c.p.Runs[0].Seed)
		}
	}
	seen := map[string]bool{}
	for i := range o.Configs {
		cfg := &o.Configs[i]
		what := fmt.Sprintf("configs[%d]", i)
		key := fmt.Sprintf("%s/%s/%d", cfg.Game, cfg.Variant, cfg.Players)
		if seen[key] {
			return fmt.Errorf("%s: %s%s with %d players is studied twice", what, cfg.Game, variantText(cfg.Variant), cfg.Players)
		}
		seen[key] = true
		if err := checkStudyConfig(c, what, cfg, o.Replays); err != nil {
			return err
		}
	}
	return nil
}

func checkStudyConfig(c *checker, what string, cfg *StudyConfig, replays int) error {
	g, err := engine.Lookup(cfg.Game)
	if err != nil {
		return fmt.Errorf("%s: %v", what, err)
	}
	if err := g.CheckPlayers(cfg.Players); err != nil {
		return fmt.Errorf("%s: %v", what, err)
	}
	if t := cfg.Target; t != nil {
		for _, v := range []float64{t.Seat, t.Luck, t.Worth} {
			if v != 0 && !(v >= 0.001 && v <= 0.5) {
				return fmt.Errorf("%s.target: %v: a half-width in win share, from 0.001 to 0.5 (0: the default)", what, v)
			}
		}
	}
	if cfg.Variant != "" && !nameKey.MatchString(cfg.Variant) {
		return fmt.Errorf("%s: variant %q: lower-case letters, digits and '-', at most 24", what, cfg.Variant)
	}
	if len(cfg.Levels) < 2 || len(cfg.Levels) > 8 {
		return fmt.Errorf("%s: %d levels, want 2 to 8", what, len(cfg.Levels))
	}
	cc := &configCheck{c: c, what: what, cfg: cfg, g: g, n: cfg.Players, replays: replays}
	for _, check := range []func() error{cc.levels, cc.ladder, cc.ablation, cc.value} {
		if err := check(); err != nil {
			return err
		}
	}
	swept := map[int]bool{}
	for j := range cfg.Levers {
		if err := checkStudyLever(c, fmt.Sprintf("%s.levers[%d]", what, j), g, cfg, &cfg.Levers[j], cc.base, replays, swept); err != nil {
			return err
		}
	}
	if err := checkQuestions(c, what, cfg); err != nil {
		return err
	}
	return cc.classes()
}

// configCheck is the check of one configuration of a study (checkStudyConfig), stage by
// stage, in the order of its fields.
type configCheck struct {
	c       *checker
	what    string
	cfg     *StudyConfig
	g       engine.Game
	n       int // players
	replays int
	// base is the rules every stage of the game plays but the lever sweep.
	base []byte
}

// rules checks that the run plays the configuration's game, players and rules.
func (cc *configCheck) rules(where string, r *plan.Run) error {
	if r.Game != cc.cfg.Game || r.Players != cc.n {
		return fmt.Errorf("%s: run %s plays %s with %d players, not %s with %d", where, r.Name, r.Game, r.Players, cc.cfg.Game, cc.n)
	}
	if cc.base == nil {
		cc.base = r.Params
	}
	if !bytes.Equal(cc.base, r.Params) {
		return fmt.Errorf("%s: run %s plays other rules than the rest of %s%s", where, r.Name, cc.cfg.Game, variantText(cc.cfg.Variant))
	}
	return nil
}

// levels checks the levels of play and their self-play runs.
func (cc *configCheck) levels() error {
	names := map[string]bool{}
	for j, lv := range cc.cfg.Levels {
		where := fmt.Sprintf("%s.levels[%d]", cc.what, j)
		if !nameKey.MatchString(lv.Name) || names[lv.Name] {
			return fmt.Errorf("%s: name %q: lower-case letters, digits and '-', each level its own", where, lv.Name)
		}
		names[lv.Name] = true
		if err := agentList(where+".agent", []string{lv.Agent}, 1, false); err != nil {
			return err
		}
		if agents.Cheats(lv.Agent) {
			return fmt.Errorf("%s.agent: %s cheats (it sees hidden cards): a level of play must be an honest agent", where, lv.Agent)
		}
		if err := noTimeBudget(where+".agent", lv.Agent); err != nil {
			return err
		}
		if lv.Run == "" {
			continue
		}
		r, err := cc.c.runOf(lv.Run, where, sim.SeatReplay, lv.Agent, "")
		if err != nil {
			return err
		}
		if r.Replays != cc.replays || !r.Metrics || r.Components != lv.Components || r.Luck != lv.Luck {
			return fmt.Errorf("%s: run %s is not the level's self-play (replays %d, metrics %v, components %v, luck %v)", where, r.Name, r.Replays, r.Metrics, r.Components, r.Luck)
		}
		if err := cc.rules(where, r); err != nil {
			return err
		}
	}
	return nil
}

// ladder checks the skill steps: each level against the one below it.
func (cc *configCheck) ladder() error {
	if len(cc.cfg.Ladder) > 0 && cc.n < 2 {
		return fmt.Errorf("%s: a ladder needs two players or more", cc.what)
	}
	steps := map[int]bool{}
	for j, st := range cc.cfg.Ladder {
		where := fmt.Sprintf("%s.ladder[%d]", cc.what, j)
		if err := index(where+".upper", st.Upper, len(cc.cfg.Levels)); err != nil {
			return err
		}
		if st.Lower != st.Upper-1 || steps[st.Upper] {
			return fmt.Errorf("%s: a step is a level against the level below it, once (not %d against %d)", where, st.Upper, st.Lower)
		}
		steps[st.Upper] = true
		r, err := cc.c.runOf(st.Run, where, sim.SeatDuplicate, cc.cfg.Levels[st.Upper].Agent, cc.cfg.Levels[st.Lower].Agent)
		if err != nil {
			return err
		}
		if r.Luck != cc.cfg.Levels[st.Upper].Luck {
			return fmt.Errorf("%s: run %s has luck accounting %v, its upper level %v", where, r.Name, r.Luck, cc.cfg.Levels[st.Upper].Luck)
		}
		if err := cc.rules(where, r); err != nil {
			return err
		}
	}
	return nil
}

// ablation checks restricted play: one class forbidden per run.
func (cc *configCheck) ablation() error {
	ablated := map[int]bool{}
	for j, ab := range cc.cfg.Ablation {
		where := fmt.Sprintf("%s.ablation[%d]", cc.what, j)
		if err := index(where+".level", ab.Level, len(cc.cfg.Levels)); err != nil {
			return err
		}
		if ablated[ab.Level] || cc.n < 2 || len(ab.Classes) < 2 || len(ab.Runs) == 0 {
			return fmt.Errorf("%s: restricted play at a level once, with two players or more and two classes or more", where)
		}
		ablated[ab.Level] = true
		level := cc.cfg.Levels[ab.Level].Agent
		forbidden := map[string]bool{}
		for k, rs := range ab.Runs {
			w := fmt.Sprintf("%s.runs[%d]", where, k)
			if err := checkForbid(w, rs.Forbid, ab.Classes); err != nil {
				return err
			}
			if len(rs.Forbid) != 1 || forbidden[rs.Forbid[0]] {
				return fmt.Errorf("%s: the study forbids one class per run, each once", w)
			}
			forbidden[rs.Forbid[0]] = true
			f, err := agents.Parse(restrictSpec(level, rs.Forbid))
			if err != nil {
				return fmt.Errorf("%s: %v", w, err)
			}
			r, err := cc.c.runOf(rs.Run, w, sim.SeatDuplicate, f.Spec, level)
			if err != nil {
				return err
			}
			if err := cc.rules(w, r); err != nil {
				return err
			}
		}
	}
	return nil
}

// value checks the substitution and decision-value runs.
func (cc *configCheck) value() error {
	valued := map[int]bool{}
	for j, v := range cc.cfg.Value {
		where := fmt.Sprintf("%s.value[%d]", cc.what, j)
		if err := index(where+".level", v.Level, len(cc.cfg.Levels)); err != nil {
			return err
		}
		if valued[v.Level] || cc.n < 2 || (v.SubstitutionRun == "" && v.DecisionRun == "") {
			return fmt.Errorf("%s: the value of a level once, with two players or more, and a run", where)
		}
		valued[v.Level] = true
		if v.SubstitutionRun != "" {
			r, err := cc.c.runOf(v.SubstitutionRun, where+".substitution", sim.SeatFixed, cc.cfg.Levels[v.Level].Agent, "")
			if err != nil {
				return err
			}
			if r.Substitute == nil || r.Decisions {
				return fmt.Errorf("%s: run %s is not a substitution run alone", where, r.Name)
			}
			if err := cc.rules(where, r); err != nil {
				return err
			}
		}
		if v.DecisionRun != "" {
			if err := agentList(where+".decisionAgent", []string{v.DecisionAgent}, 1, false); err != nil {
				return err
			}
			r, err := cc.c.runOf(v.DecisionRun, where+".decisions", sim.SeatFixed, v.DecisionAgent, "")
			if err != nil {
				return err
			}
			if !r.Decisions || r.Substitute != nil {
				return fmt.Errorf("%s: run %s is not a decision run alone", where, r.Name)
			}
			if err := cc.rules(where, r); err != nil {
				return err
			}
		}
	}
	return nil
}

// classes checks restricted play's classes against the game's action classes under the
// configuration's rules.
func (cc *configCheck) classes() error {
	if cc.base != nil {
		params, err := engine.ParseParams(cc.g, cc.base)
		if err != nil {
			return err
		}
		if len(cc.cfg.Ablation) > 0 {
			classes, err := ActionClasses(cc.g, params, cc.n)
			if err != nil {
				return fmt.Errorf("%s: %v", cc.what, err)
			}
			for j, ab := range cc.cfg.Ablation {
				if strings.Join(ab.Classes, ",") != strings.Join(classes, ",") {
					return fmt.Errorf("%s.ablation[%d]: classes %v are not the action classes of %s (%v)", cc.what, j, ab.Classes, cc.g.Name, classes)
				}
			}
		}
	}
	return nil
}

// checkStudyLever checks a lever sweep: its key, and that each point's run plays the
// stage's rules with the lever at the point's value.
func checkStudyLever(c *checker, where string, g engine.Game, cfg *StudyConfig, sl *StudySweep, base []byte, replays int, swept map[int]bool) error {
	if err := index(where+".level", sl.Level, len(cfg.Levels)); err != nil {
		return err
	}
	if swept[sl.Level] || len(sl.Points) == 0 || len(sl.Points) > 20 {
		return fmt.Errorf("%s: a lever is swept at a level once, at 1 to 20 values", where)
	}
	swept[sl.Level] = true
	lv := &sl.Lever
	if math.IsNaN(lv.Base) || math.IsInf(lv.Base, 0) || lv.Family() && lv.Base != 0 {
		return fmt.Errorf("%s: lever %s: base %v", where, lv.Path, lv.Base)
	}
	level := cfg.Levels[sl.Level].Agent
	xs := map[float64]bool{}
	for k, pt := range sl.Points {
		w := fmt.Sprintf("%s.points[%d]", where, k)
		if math.IsNaN(pt.X) || math.IsInf(pt.X, 0) || xs[pt.X] || pt.X == lv.Base {
			return fmt.Errorf("%s: value %v (each value once, finite, not the rules' own)", w, pt.X)
		}
		xs[pt.X] = true
		r, err := c.runOf(pt.Run, w, sim.SeatReplay, level, "")
		if err != nil {
			return err
		}
		if r.Game != cfg.Game || r.Players != cfg.Players || r.Replays != replays || !r.Metrics || r.Luck && !cfg.Levels[sl.Level].Luck {
			return fmt.Errorf("%s: run %s is not a self-play of %s with %d players at its level", w, r.Name, cfg.Game, cfg.Players)
		}
		// The stage's rules: the other stages', or this run's with the lever back at
		// its base value.
		params, err := engine.ParseParams(g, r.Params)
		if err != nil {
			return err
		}
		if base != nil {
			if params, err = engine.ParseParams(g, base); err != nil {
				return err
			}
		} else {
			back := lv.Path + "=" + strconvFloat(lv.Base)
			if lv.Family() {
				back = "seatBonus=[]"
			}
			if err := engine.SetParam(g, params, back); err != nil {
				return fmt.Errorf("%s: %v", w, err)
			}
		}
		own, err := leverOf(g, params, cfg.Players, &engine.LeverValues{Path: lv.Path})
		if err != nil {
			return fmt.Errorf("%s: %v", w, err)
		}
		if own == nil || own.Lever.Base != lv.Base {
			return fmt.Errorf("%s: lever %s does not start from the rules' own value", w, lv.Path)
		}
		want, err := leverParams(g, params, cfg.Players, lv, pt.X)
		if err != nil {
			return fmt.Errorf("%s: %v", w, err)
		}
		if want == nil || !bytes.Equal(engine.ParamsJSON(want), r.Params) {
			return fmt.Errorf("%s: run %s does not play %s at %v", w, r.Name, lv.Path, pt.X)
		}
	}
	return nil
}

func strconvFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
