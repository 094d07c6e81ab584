package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/reports/format"
	"dragonlab/reports/value"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

type ablateFlags struct {
	game       gameOptions
	Agents     string
	Forbid     []string
	ForbidEach bool
	Games      int64
}

// ablatePlan is the plan options of a restricted-play experiment.
type ablatePlan struct {
	Meta         expMeta       `json:"meta"`
	Base         string        `json:"base"`
	Classes      []string      `json:"classes"`
	Baseline     string        `json:"baseline"`
	Restrictions []restriction `json:"restrictions"`
}

type restriction struct {
	Forbid []string `json:"forbid"`
	Run    string   `json:"run"`
}

// actionClasses names the action classes of a game with the given rules and player count
// (engine.ActionClasser); a variable so that tests can stand in for games without them.
var actionClasses = func(g engine.Game, p engine.Params, players int) ([]string, error) {
	s, err := g.NewGame(p, players, 1)
	if err != nil {
		return nil, err
	}
	ac, ok := s.(engine.ActionClasser)
	if !ok || len(ac.ActionClasses()) == 0 {
		return nil, fmt.Errorf("%s does not name its action classes: there is nothing to forbid", g.Name)
	}
	return ac.ActionClasses(), nil
}

// restrictSpec is the spec of the base agent restricted from the classes.
func restrictSpec(base string, forbid []string) string {
	return fmt.Sprintf("restrict:base=(%s),forbid=%s", base, strings.Join(forbid, "+"))
}

func init() {
	registerExperiment(&experiment{
		name:  "ablate",
		use:   "ablate --game G [--players N] --agents BASE (--forbid class[,class…] … | --forbid-each)",
		short: "What each kind of action is worth: restricted play against unrestricted copies",
		long: `Measure what a kind of action is worth (restricted play, Jaffe et al. 2012): the base
agent, forbidden to choose the given action classes whenever another action is legal,
plays alone against unrestricted copies of itself on duplicate deals, rotated through
every seat. Each --forbid is one restriction (the classes of one --forbid are forbidden
together); --forbid-each adds one restriction per action class of the game. A baseline
run (the base agent against copies of itself, on the same deals) gives the share an
unrestricted player gets.

For each restriction: the change of win share with its 95% interval and a Holm-adjusted
p-value, as a table and a chart ("what each action is worth"). Rules-level ablation (a
card removed from the deck) is a sweep: dragonlab sweep --variants or --vary.

Writes into --out: the results files (base, forbid-…), report.pdf, report.html,
summary.md, summary.json, the table as CSV and the chart (charts/, PNG and SVG). The action classes of a game are listed when a --forbid
names an unknown one.`,
		exs: `  dragonlab ablate --game dragonheart --agents greedy --forbid-each --games 2000
  dragonlab ablate --game redhot --players 3 --agents greedy --forbid help   # lists Red Hot's action classes
  dragonlab ablate --game redhot --players 3 --agents greedy --forbid A --forbid B,C --games 3000
  dragonlab ablate --game draco --agents mcts:iters=200 --forbid-each --games 600 --shard auto/4 --out abl`,
		defaultOut: "ablate",
		flags: func(cmd *cobra.Command, c *expCommon) func() (*plan.Plan, error) {
			o := &ablateFlags{}
			o.game.addFlags(cmd)
			f := cmd.Flags()
			f.StringVarP(&o.Agents, "agents", "a", "", "the base agent: one spec (list: dragonlab agents)")
			f.StringArrayVar(&o.Forbid, "forbid", nil, "action classes forbidden together, comma-separated; repeat for more restrictions")
			f.BoolVar(&o.ForbidEach, "forbid-each", false, "one restriction per action class of the game")
			f.Int64VarP(&o.Games, "games", "n", 2400, "games per restriction (a multiple of the player count: each deal is played in every rotation)")
			return func() (*plan.Plan, error) { return o.plan(c) }
		},
		analyze: func(a *analysis) ([]string, error) {
			var o ablatePlan
			if err := a.options(&o); err != nil {
				return nil, err
			}
			var rows []value.AblationInput
			for _, r := range o.Restrictions {
				rows = append(rows, value.AblationInput{Forbid: r.Forbid, File: a.file(r.Run), Result: a.result(r.Run)})
			}
			ab, err := value.AnalyzeAblation(a.meta(o.Meta), o.Base, o.Meta.Players, o.Classes, a.result(o.Baseline), a.file(o.Baseline), rows)
			if err != nil {
				return nil, err
			}
			printAblation(a.stdout, ab)
			return ab.Write(a.dir)
		},
	})
}

func (o *ablateFlags) plan(c *expCommon) (*plan.Plan, error) {
	g, params, players, err := o.game.resolve()
	if err != nil {
		return nil, err
	}
	if players < 2 {
		return nil, badInput("ablate compares a restricted player with unrestricted opponents: %s with %d player has none (use --players 2 or more)", g.Name, players)
	}
	if strings.TrimSpace(o.Agents) == "" {
		return nil, badInput("--agents is required: the base agent, one spec (see dragonlab agents)")
	}
	fs, err := agents.ParseList(o.Agents)
	if err != nil {
		return nil, asBadInput(err)
	}
	if len(fs) != 1 {
		return nil, badInput("--agents %s: ablate takes one base agent, got %d", o.Agents, len(fs))
	}
	base := fs[0]
	deals, err := dealsOf("--games", o.Games, players)
	if err != nil {
		return nil, err
	}
	classes, err := actionClasses(g, params, players)
	if err != nil {
		return nil, asBadInput(err)
	}
	if len(o.Forbid) == 0 && !o.ForbidEach {
		return nil, badInput("give --forbid class[,class…] or --forbid-each (%s action classes: %s)", g.Name, strings.Join(classes, ", "))
	}
	index := map[string]int{}
	for i, name := range classes {
		index[name] = i
	}
	// The restrictions: each --forbid (classes in the game's order), then each class.
	var sets [][]string
	seen := map[string]bool{}
	addSet := func(set []string, flag string) error {
		key := strings.Join(set, "+")
		if seen[key] {
			return badInput("%s: the restriction %s is given twice", flag, key)
		}
		seen[key] = true
		sets = append(sets, set)
		return nil
	}
	for _, spec := range o.Forbid {
		in := map[string]bool{}
		for _, name := range strings.Split(spec, ",") {
			name = strings.TrimSpace(name)
			if _, ok := index[name]; !ok {
				return nil, badInput("--forbid %s: unknown action class %q of %s (valid: %s)", spec, name, g.Name, strings.Join(classes, ", "))
			}
			in[name] = true
		}
		if len(in) == len(classes) {
			return nil, badInput("--forbid %s forbids every action class of %s: the restricted player would have no choice left to compare", spec, g.Name)
		}
		var set []string
		for _, name := range classes { // canonical order
			if in[name] {
				set = append(set, name)
			}
		}
		if err := addSet(set, "--forbid "+spec); err != nil {
			return nil, err
		}
	}
	if o.ForbidEach {
		if len(classes) < 2 {
			return nil, badInput("--forbid-each: %s has a single action class (%s); forbidding it forbids every action", g.Name, classes[0])
		}
		for _, name := range classes {
			if !seen[name] {
				addSet([]string{name}, "--forbid-each")
			}
		}
	}
	p := c.newPlan("ablate")
	opts := ablatePlan{Meta: newMeta(g, params, players, c.Seed), Base: base.Spec, Classes: classes, Baseline: "base"}
	p.Add(plan.Run{Name: "base", Label: "baseline: " + agents.Short(base.Spec), Players: players, Seating: sim.SeatDuplicate,
		Seed: c.Seed, Units: deals}, g, params, repeat(base, players))
	for i, set := range sets {
		spec := restrictSpec(base.Spec, set)
		r, err := agents.Parse(spec)
		if err != nil {
			return nil, badInput("cannot restrict %s: %v", base.Spec, err)
		}
		name := "forbid-" + strings.Join(set, "+")
		if len(name) > 120 {
			name = fmt.Sprintf("forbid-%d-%s", i+1, fileSlug(strings.Join(set, "+")))
		}
		p.Add(plan.Run{Name: name, Label: "forbid " + strings.Join(set, "+"), Players: players, Seating: sim.SeatDuplicate,
			Seed: c.Seed, Units: deals}, g, params, aloneAgainst(r, base, players))
		opts.Restrictions = append(opts.Restrictions, restriction{Forbid: set, Run: name})
	}
	return p, p.SetOptions(opts)
}

func printAblation(w io.Writer, ab *value.Ablation) {
	if ab.Table == nil {
		fmt.Fprintf(w, "restricted play: %s, %d players, base %s: nothing played\n", ab.Meta.Game, ab.Players, agents.Short(ab.Base))
		return
	}
	fmt.Fprintf(w, "restricted play: %s, %d players, base %s, fair share %.2f%%\n", ab.Meta.Game, ab.Players, agents.Short(ab.Base), 100*ab.Table.Baseline)
	tw := newTable(w)
	fmt.Fprintln(tw, "forbidden\tdeals\twin share\tworth\t95% interval\tHolm p\t")
	for _, r := range ab.Table.Rows {
		if !r.Tested {
			fmt.Fprintf(tw, "%s\t%s\t–\t–\t–\t–\t\n", r.Class, format.Count(r.Deals))
			continue
		}
		wv := r.Worth()
		fmt.Fprintf(tw, "%s\t%s\t%.2f%%\t%+.2f pts\t[%+.2f, %+.2f]\t%.4g\t\n", r.Class, format.Count(r.Deals), 100*r.Share.Value,
			100*wv.Value, 100*wv.Lo, 100*wv.Hi, r.PHolm)
	}
	tw.Flush()
	for _, f := range ab.Findings {
		fmt.Fprintln(w, f)
	}
}
