package main

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"dragonlab/agents"
	"dragonlab/reports/format"
	"dragonlab/reports/skill"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

type skillFlags struct {
	game      gameOptions
	Budgets   string
	Base      string
	Agents    string
	Games     int64
	SelfGames int64
}

// skillPlan is the plan options of a skill ladder: the rungs, and for each the run of its
// step (against the rung below; none for the first) and of its self-play.
type skillPlan struct {
	Meta  expMeta      `json:"meta"`
	Rungs []skill.Rung `json:"rungs"`
	Steps []string     `json:"steps"` // run of rung i+1 against rung i
	Self  []string     `json:"self"`  // self-play run of rung i
}

func init() {
	registerExperiment(&experiment{
		name:  "skill",
		use:   "skill [--budgets 10,100,1000 | --agents spec1,spec2…]",
		short: "Climb a ladder of agents: how many levels of skill, and does the seat advantage change with skill",
		long: `Play a ladder of agents, weakest first: by default IS-MCTS with the given budgets
(mcts:iters=B for each B of --budgets; --base sets the other MCTS options), or any list
of agent specs with --agents.

Each rung plays the rung below it on duplicate deals (with more than two players, alone
against copies of it): its head-to-head win share with a one-sided 90% lower bound; a
rung is a new level of skill when that bound is above 55%. Each rung also plays itself
(fixed seating) to measure the first-player advantage at that level of play, and a
chi-square test for trend says whether the advantage changes with skill.

Writes into --out: the results files (step-… and self-…), report.pdf, report.html,
summary.md, summary.json, the tables as CSV and the charts (charts/: seat-advantage,
ladder). Ctrl-C keeps finished runs.`,
		exs: `  dragonlab skill --game draco --players 2 --budgets 10,100,1000 --games 400
  dragonlab skill --game draco --agents random,greedy:samples=1,greedy,mcts:iters=100 --games 1000
  dragonlab skill --game draco --budgets 10,100,1000 --shard 2/4 --out sk   # one of 4 machines`,
		defaultOut: "skill",
		flags: func(cmd *cobra.Command, c *expCommon) func() (*plan.Plan, error) {
			o := &skillFlags{}
			o.game.addFlags(cmd)
			f := cmd.Flags()
			f.StringVar(&o.Budgets, "budgets", "10,100,1000", "MCTS iterations per decision of each rung, increasing, comma-separated")
			f.StringVar(&o.Base, "base", "mcts", "the agent the budgets apply to, with its other options (e.g. mcts:c=1 or oracle); iters is set per rung, time budgets (ms=) are refused")
			f.StringVarP(&o.Agents, "agents", "a", "", "instead of --budgets: the rungs as agent specs, weakest first")
			f.Int64VarP(&o.Games, "games", "n", 400, "games per ladder step (a multiple of the player count)")
			f.Int64Var(&o.SelfGames, "self-games", 0, "self-play games per rung for the seat advantage (default: --games)")
			return func() (*plan.Plan, error) { return o.plan(c) }
		},
		analyze: func(a *analysis) ([]string, error) {
			var o skillPlan
			if err := a.options(&o); err != nil {
				return nil, err
			}
			steps, self := make([]*sim.Result, len(o.Steps)), make([]*sim.Result, len(o.Self))
			stepFiles, selfFiles := make([]string, len(o.Steps)), make([]string, len(o.Self))
			for i, name := range o.Steps {
				steps[i], stepFiles[i] = a.result(name), a.file(name)
			}
			for i, name := range o.Self {
				self[i], selfFiles[i] = a.result(name), a.file(name)
			}
			sk, err := skill.AnalyzeSkill(a.meta(o.Meta), o.Rungs, o.Meta.Players, steps, self, stepFiles, selfFiles)
			if err != nil {
				return nil, err
			}
			printSkill(a.stdout, sk)
			return sk.Write(a.dir)
		},
	})
}

// timeBudget matches a time budget option (ms=N with N > 0) anywhere in a spec, also in
// a wrapper's base.
var timeBudget = regexp.MustCompile(`(^|[:,(])ms=0*[1-9]`)

// rungs reads the ladder: budgets on the base agent, or a list of specs.
func (o *skillFlags) rungs(c *expCommon) ([]agents.Factory, []skill.Rung, error) {
	if c.changed("budgets") && c.changed("agents") {
		return nil, nil, badInput("give either --budgets or --agents, not both")
	}
	if c.changed("agents") {
		fs, err := parseAgentSet(o.Agents, "a skill ladder")
		if err != nil {
			return nil, nil, err
		}
		rungs := make([]skill.Rung, len(fs))
		for i, f := range fs {
			rungs[i] = skill.Rung{Spec: f.Spec}
		}
		return fs, rungs, nil
	}
	var budgets []int64
	for _, s := range strings.Split(o.Budgets, ",") {
		s = strings.TrimSpace(s)
		b, err := strconv.ParseInt(s, 10, 64)
		if err != nil || b < 1 {
			return nil, nil, badInput("--budgets %s: %q is not a positive whole number of iterations", o.Budgets, s)
		}
		if len(budgets) > 0 && b <= budgets[len(budgets)-1] {
			return nil, nil, badInput("--budgets %s: budgets must increase (%d after %d)", o.Budgets, b, budgets[len(budgets)-1])
		}
		budgets = append(budgets, b)
	}
	if len(budgets) < 2 {
		return nil, nil, badInput("--budgets %s: a ladder needs at least two budgets", o.Budgets)
	}
	base := strings.TrimSpace(o.Base)
	if strings.Contains(base, "iters=") {
		return nil, nil, badInput("--base %s: iters is set by --budgets; leave it out", base)
	}
	if timeBudget.MatchString(base) {
		return nil, nil, badInput("--base %s: a time budget (ms=) would override the iterations --budgets sets and mislabel the ladder; leave it out", base)
	}
	sep := ":"
	if strings.Contains(base, ":") {
		sep = ","
	}
	var fs []agents.Factory
	var rungs []skill.Rung
	for _, b := range budgets {
		f, err := agents.Parse(fmt.Sprintf("%s%siters=%d", base, sep, b))
		if err != nil {
			return nil, nil, badInput("--base %s with --budgets: %v", base, err)
		}
		if timeBudget.MatchString(f.Spec) {
			return nil, nil, badInput("--base %s: its time budget would override the iterations --budgets sets", base)
		}
		fs = append(fs, f)
		rungs = append(rungs, skill.Rung{Spec: f.Spec, Budget: float64(b)})
	}
	return fs, rungs, nil
}

// plan interleaves the runs by rung (self-play of rung 0, step 1, self-play of rung 1, …),
// so that an interrupted ladder still has its lower rungs complete.
func (o *skillFlags) plan(c *expCommon) (*plan.Plan, error) {
	g, params, players, err := o.game.resolve()
	if err != nil {
		return nil, err
	}
	fs, rungs, err := o.rungs(c)
	if err != nil {
		return nil, err
	}
	deals, err := dealsOf("--games", o.Games, players)
	if err != nil {
		return nil, err
	}
	self := o.SelfGames
	if !c.changed("self-games") {
		self = o.Games
	}
	if self <= 0 {
		return nil, badInput("--self-games must be positive, not %d", self)
	}
	name := func(i int) string {
		if rungs[i].Budget > 0 {
			return strconv.FormatInt(int64(rungs[i].Budget), 10)
		}
		return fmt.Sprintf("%d-%s", i+1, fileSlug(fs[i].Spec))
	}
	p := c.newPlan("skill")
	opts := skillPlan{Meta: newMeta(g, params, players, c.Seed), Rungs: rungs}
	for i := range fs {
		if i > 0 {
			run := fmt.Sprintf("step-%s-vs-%s", name(i), name(i-1))
			p.Add(plan.Run{Name: run, Label: fmt.Sprintf("step %d: %s vs %s", i, agents.Short(fs[i].Spec), agents.Short(fs[i-1].Spec)),
				Players: players, Seating: sim.SeatDuplicate, Seed: c.Seed, Units: deals}, g, params, aloneAgainst(fs[i], fs[i-1], players))
			opts.Steps = append(opts.Steps, run)
		}
		run := "self-" + name(i)
		p.Add(plan.Run{Name: run, Label: "self-play " + agents.Short(fs[i].Spec), Players: players, Seating: sim.SeatFixed,
			Seed: c.Seed, Units: self}, g, params, repeat(fs[i], players))
		opts.Self = append(opts.Self, run)
	}
	return p, p.SetOptions(opts)
}

func printSkill(w io.Writer, s *skill.Skill) {
	name := func(i int) string {
		if b := s.Rungs[i].Budget; b > 0 {
			return fmt.Sprintf("budget %s", format.Count(int64(b)))
		}
		return s.Rungs[i].Spec
	}
	fmt.Fprintf(w, "skill ladder: %s, %d players, %d rungs\n", s.Meta.Game, s.Players, len(s.Rungs))
	tw := newTable(w)
	fmt.Fprintln(tw, "rung\tagainst\tgames\thead-to-head\t95% interval\t90% lower\tlevel\t")
	for _, st := range s.Steps {
		lvl := "no"
		if st.IsLevel {
			lvl = "yes"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%.2f%%\t[%.2f, %.2f]\t%.2f%%\t%s\t\n", name(st.Upper), name(st.Lower), format.Count(st.Games),
			100*st.HeadToHead, 100*st.CI.Lo, 100*st.CI.Hi, 100*st.Lower90, lvl)
	}
	tw.Flush()
	tw = newTable(w)
	fmt.Fprintln(tw, "self-play\tgames\tseat 0 share\t95% interval\tadvantage\tp\t")
	for _, sp := range s.Self {
		fmt.Fprintf(tw, "%s\t%s\t%.2f%%\t[%.2f, %.2f]\t%+.2f pts\t%.4g\t\n", name(sp.Rung), format.Count(sp.Games), 100*sp.Seats[0].Share.Value,
			100*sp.Seats[0].Share.Lo, 100*sp.Seats[0].Share.Hi, 100*sp.Advantage, sp.P)
	}
	tw.Flush()
	for _, f := range s.Findings {
		if strings.HasPrefix(f, "The ladder") || strings.Contains(f, "changes with skill") {
			fmt.Fprintln(w, f)
		}
	}
}
