package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"dragonlab/agents"
	"dragonlab/reports"
	"dragonlab/reports/studies"
	"dragonlab/sim"
)

type skillOptions struct {
	game      gameOptions
	Budgets   string
	Base      string
	Agents    string
	Games     int64
	SelfGames int64
	// budgetsSet and agentsSet say which of --budgets and --agents the user gave.
	budgetsSet bool
	agentsSet  bool
	multiOptions
}

func init() {
	commands = append(commands, func(stdout, stderr io.Writer) *cobra.Command {
		o := &skillOptions{multiOptions: multiOptions{stdout: stdout, stderr: stderr}}
		cmd := &cobra.Command{
			Use:   "skill [--budgets 10,100,1000 | --agents spec1,spec2…]",
			Short: "Climb a ladder of agents: how many levels of skill, and does the seat advantage change with skill",
			Long: `Play a ladder of agents, weakest first: by default IS-MCTS with the given budgets
(mcts:iters=B for each B of --budgets; --base sets the other MCTS options), or any list
of agent specs with --agents.

Each rung plays the rung below it on duplicate deals (with more than two players, alone
against copies of it): its head-to-head win share with a one-sided 90% lower bound; a
rung is a new level of skill when that bound is above 55%. Each rung also plays itself
(fixed seating) to measure the first-player advantage at that level of play, and a
chi-square test for trend says whether the advantage changes with skill.

Writes into --out: the results files (step-… and self-…), report.pdf, summary.md,
summary.json and the charts (seat-advantage, ladder). Ctrl-C keeps finished runs.`,
			Example: `  dragonlab skill --game draco --players 2 --budgets 10,100,1000 --games 400
  dragonlab skill --game draco --agents random,greedy:samples=1,greedy,mcts:iters=100 --games 1000`,
			Args: cobra.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error {
				o.begin(cmd)
				o.budgetsSet = cmd.Flags().Changed("budgets")
				o.agentsSet = cmd.Flags().Changed("agents")
				return o.run()
			},
		}
		o.game.addFlags(cmd)
		f := cmd.Flags()
		f.StringVar(&o.Budgets, "budgets", "10,100,1000", "MCTS iterations per decision of each rung, increasing, comma-separated")
		f.StringVar(&o.Base, "base", "mcts", "the agent the budgets apply to, with its other options (e.g. mcts:c=1 or oracle); iters is set per rung")
		f.StringVarP(&o.Agents, "agents", "a", "", "instead of --budgets: the rungs as agent specs, weakest first")
		f.Int64VarP(&o.Games, "games", "n", 400, "games per ladder step (a multiple of the player count)")
		f.Int64Var(&o.SelfGames, "self-games", 0, "self-play games per rung for the seat advantage (default: --games)")
		o.addFlags(cmd, "skill")
		return cmd
	})
}

// rungs reads the ladder: budgets on the base agent, or a list of specs.
func (o *skillOptions) rungs() ([]agents.Factory, []studies.Rung, error) {
	if o.budgetsSet && o.agentsSet {
		return nil, nil, badInput("give either --budgets or --agents, not both")
	}
	if o.agentsSet {
		fs, err := parseAgentSet(o.Agents, "a skill ladder")
		if err != nil {
			return nil, nil, err
		}
		rungs := make([]studies.Rung, len(fs))
		for i, f := range fs {
			rungs[i] = studies.Rung{Spec: f.Spec}
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
	sep := ":"
	if strings.Contains(base, ":") {
		sep = ","
	}
	var fs []agents.Factory
	var rungs []studies.Rung
	for _, b := range budgets {
		f, err := agents.Parse(fmt.Sprintf("%s%siters=%d", base, sep, b))
		if err != nil {
			return nil, nil, badInput("--base %s with --budgets: %v", base, err)
		}
		fs = append(fs, f)
		rungs = append(rungs, studies.Rung{Spec: f.Spec, Budget: float64(b)})
	}
	return fs, rungs, nil
}

func (o *skillOptions) run() error {
	g, p, players, err := o.game.resolve()
	if err != nil {
		return err
	}
	fs, rungs, err := o.rungs()
	if err != nil {
		return err
	}
	deals, err := dealsOf("--games", o.Games, players)
	if err != nil {
		return err
	}
	self := o.SelfGames
	if self == 0 {
		self = o.Games
	}
	if self < 0 {
		return badInput("--self-games must be positive, not %d", self)
	}
	if err := o.check(); err != nil {
		return err
	}
	name := func(i int) string {
		if rungs[i].Budget > 0 {
			return strconv.FormatInt(int64(rungs[i].Budget), 10)
		}
		return fmt.Sprintf("%d-%s", i+1, fileSlug(fs[i].Spec))
	}
	// Interleaved by rung (self-play of rung 0, step 1, self-play of rung 1, …), so an
	// interrupted ladder still has its lower rungs complete.
	var runs []multiRun
	type slot struct{ step, self int }
	var slots []slot
	stepFiles, selfFiles := make([]string, len(fs)-1), make([]string, len(fs))
	for i := range fs {
		if i > 0 {
			seats := []agents.Factory{fs[i]}
			for j := 1; j < players; j++ {
				seats = append(seats, fs[i-1])
			}
			stepFiles[i-1] = fmt.Sprintf("step-%s-vs-%s.json", name(i), name(i-1))
			runs = append(runs, multiRun{file: stepFiles[i-1], label: fmt.Sprintf("step %d", i),
				cfg: sim.Config{Game: g, Params: p, Players: players, Agents: seats, Seating: sim.SeatDuplicate,
					Seed: o.Seed, Units: deals, Workers: o.Workers}})
			slots = append(slots, slot{step: i - 1, self: -1})
		}
		seats := make([]agents.Factory, players)
		for j := range seats {
			seats[j] = fs[i]
		}
		selfFiles[i] = fmt.Sprintf("self-%s.json", name(i))
		runs = append(runs, multiRun{file: selfFiles[i], label: fmt.Sprintf("self-play %d", i+1),
			cfg: sim.Config{Game: g, Params: p, Players: players, Agents: seats, Seating: sim.SeatFixed,
				Seed: o.Seed, Units: self, Workers: o.Workers}})
		slots = append(slots, slot{step: -1, self: i})
	}
	return o.playStudy(runs, g, p, players, func(meta studies.Meta, results []*sim.Result) (studyReport, error) {
		steps, selfs := make([]*sim.Result, len(fs)-1), make([]*sim.Result, len(fs))
		for k, r := range results {
			if s := slots[k]; s.step >= 0 {
				steps[s.step] = r
			} else {
				selfs[s.self] = r
			}
		}
		sk, err := studies.AnalyzeSkill(meta, rungs, players, steps, selfs, stepFiles, selfFiles)
		if err != nil {
			return nil, err
		}
		printSkill(o.stdout, sk)
		return sk, nil
	})
}

func printSkill(w io.Writer, s *studies.Skill) {
	name := func(i int) string {
		if b := s.Rungs[i].Budget; b > 0 {
			return fmt.Sprintf("budget %s", reports.Count(int64(b)))
		}
		return s.Rungs[i].Spec
	}
	fmt.Fprintf(w, "skill ladder: %s, %d players, %d rungs\n", s.Meta.Game, s.Players, len(s.Rungs))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "rung\tagainst\tgames\thead-to-head\t95% interval\t90% lower\tlevel\t")
	for _, st := range s.Steps {
		lvl := "no"
		if st.IsLevel {
			lvl = "yes"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%.2f%%\t[%.2f, %.2f]\t%.2f%%\t%s\t\n", name(st.Upper), name(st.Lower), reports.Count(st.Games),
			100*st.HeadToHead, 100*st.CI.Lo, 100*st.CI.Hi, 100*st.Lower90, lvl)
	}
	tw.Flush()
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "self-play\tgames\tseat 0 share\t95% interval\tadvantage\tp\t")
	for _, sp := range s.Self {
		fmt.Fprintf(tw, "%s\t%s\t%.2f%%\t[%.2f, %.2f]\t%+.2f pts\t%.4g\t\n", name(sp.Rung), reports.Count(sp.Games), 100*sp.Seats[0].Share,
			100*sp.Seats[0].CI.Lo, 100*sp.Seats[0].CI.Hi, 100*sp.Advantage, sp.P)
	}
	tw.Flush()
	for _, f := range s.Findings {
		if strings.HasPrefix(f, "The ladder") || strings.Contains(f, "changes with skill") {
			fmt.Fprintln(w, f)
		}
	}
}
