package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"dragonlab/engine"
	"dragonlab/reports/change"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

type sweepFlags struct {
	game     gameOptions
	Agents   string
	Vary     []string
	Variants []string
	Games    int64
}

// sweepPlan is the plan options of a sweep: the varied parameters (a rules-file variant is
// a "parameter" named rules whose values are the files) and the run of each cell, in
// change.SweepCells order.
type sweepPlan struct {
	Meta   expMeta       `json:"meta"`
	Agents []string      `json:"agents"`
	Vary   []change.Vary `json:"vary"`
	Runs   []string      `json:"runs"`
}

// variantsKey names the rules-file dimension of a sweep.
const variantsKey = "rules"

func init() {
	registerExperiment(&experiment{
		name:  "sweep",
		use:   "sweep --vary key=v1,v2,… | key=lo..hi[:step] [--vary …] | --variants a.json,b.json",
		short: "Play the same run for each value of one or two rules parameters (or each rules file), and find the fair value",
		long: `Play the same run (agents, fixed seating, seed, games) for each value of one rules
parameter, or each combination of two (--vary twice), or each rules file of --variants
(with at most one --vary: every value on every variant). Every value is set on a fresh
copy of the rules (the defaults, then --rules, then the variant file, then --set, then the
varied value) and all are validated before anything is played. Every run uses the same
seed: the same deal seeds.

Values: key=v1,v2,… (JSON values; arrays allowed: cardValues=[1,2],[2,3]) or, for a
numeric parameter, key=lo..hi with an optional :step (default 1). --variants takes rules
files (JSON objects of parameters, as --rules) to compare whole rule changes side by side.

Charts: seat win shares and game length against the value with 95% intervals, seat 0's
advantage with its band (one parameter) or a heat map (two). Compensation: when the
first parameter is numeric and moves the first-player advantage, the value that makes
the seats fair, with its 95% interval — or the statement that none in the range does.

Writes into --out: one results file per value, report.pdf, report.html,
summary.md, summary.json, the tables as CSV and the charts (charts/). Ctrl-C keeps finished runs.`,
		exs: `  dragonlab sweep --game draco --players 2 --vary handSize=4..8 --games 20000
  dragonlab sweep --game dragonheart --vary dragonBonus=0..6 --games 50000
  dragonlab sweep --game draco --players 3 --vary handSize=4..8:2 --vary smallScoringMax=2,3,4
  dragonlab sweep --game draco --variants classic.json,short.json,long.json --games 50000
  dragonlab sweep --game draco --vary handSize=4..8 --variants a.json,b.json   # the fair hand size of each`,
		defaultOut: "sweep",
		flags: func(cmd *cobra.Command, c *expCommon) func() (*plan.Plan, error) {
			o := &sweepFlags{}
			o.game.addFlags(cmd)
			f := cmd.Flags()
			f.StringVarP(&o.Agents, "agents", "a", "", "one agent spec per seat, comma-separated (default: random in every seat)")
			f.StringArrayVar(&o.Vary, "vary", nil, "the parameter to vary and its values: key=v1,v2,… or key=lo..hi[:step]; once or twice")
			f.StringSliceVar(&o.Variants, "variants", nil, "rules files to compare, comma-separated (each over the defaults and --rules; --set applies on top)")
			f.Int64VarP(&o.Games, "games", "n", 20000, "games per value")
			return func() (*plan.Plan, error) { return o.plan(c) }
		},
		analyze: func(a *analysis) ([]string, error) {
			var o sweepPlan
			if err := a.options(&o); err != nil {
				return nil, err
			}
			results, files := make([]*sim.Result, len(o.Runs)), make([]string, len(o.Runs))
			for i, name := range o.Runs {
				results[i], files[i] = a.result(name), a.file(name)
			}
			sw, err := change.AnalyzeSweep(a.meta(o.Meta), o.Agents, o.Meta.Players, o.Vary, results, files)
			if err != nil {
				return nil, err
			}
			printSweep(a.stdout, sw)
			return sw.Write(a.dir)
		},
	})
}

// plan validates everything and builds one run per combination of values.
func (o *sweepFlags) plan(c *expCommon) (*plan.Plan, error) {
	g, base, players, err := o.game.resolve()
	if err != nil {
		return nil, err
	}
	fs, err := parseAgents(o.Agents, players)
	if err != nil {
		return nil, err
	}
	if o.Games <= 0 {
		return nil, badInput("--games must be positive, not %d", o.Games)
	}
	maxVary := 2
	if c.changed("variants") {
		maxVary = 1
	}
	switch n := len(o.Vary); {
	case n == 0 && !c.changed("variants"):
		return nil, badInput("--vary or --variants is required: key=v1,v2,… or key=lo..hi[:step] (keys: %s), or rules files", strings.Join(engine.ParamKeys(g), ", "))
	case n > maxVary && maxVary == 1:
		return nil, badInput("--vary is given %d times with --variants: a sweep of rules files varies at most one parameter", n)
	case n > maxVary:
		return nil, badInput("--vary is given %d times: a sweep varies one or two parameters", n)
	}
	var vs []change.Vary
	for _, spec := range o.Vary {
		v, err := change.ParseVary(g, spec)
		if err != nil {
			return nil, asBadInput(err)
		}
		if len(vs) == 1 && vs[0].Key == v.Key {
			return nil, badInput("--vary %s is given twice", v.Key)
		}
		vs = append(vs, v)
	}
	// The rules files, each read onto a fresh copy of the base rules (validated below,
	// with the varied values).
	variants := map[string]engine.Params{}
	if c.changed("variants") {
		v := change.Vary{Key: variantsKey}
		for _, file := range o.Variants {
			file = strings.TrimSpace(file)
			if file == "" {
				return nil, badInput("--variants: an empty file name")
			}
			if _, dup := variants[file]; dup {
				return nil, badInput("--variants: %s is given twice", file)
			}
			p := cloneParams(g, base)
			if err := engine.LoadParams(g, p, file); err != nil {
				return nil, badInput("--variants: %v", err)
			}
			for _, s := range o.game.Sets { // --set stays on top of every variant
				if err := engine.SetParam(g, p, s); err != nil {
					return nil, asBadInput(err)
				}
			}
			variants[file] = p
			v.Values = append(v.Values, file)
		}
		if len(v.Values) < 2 {
			return nil, badInput("--variants needs at least two rules files to compare, got %d", len(v.Values))
		}
		vs = append(vs, v)
	}
	n, index := change.SweepCells(vs)
	if n > change.MaxSweepCells {
		return nil, badInput("the sweep has %d runs, more than the %d allowed: use fewer values", n, change.MaxSweepCells)
	}
	p := c.newPlan("sweep")
	opts := sweepPlan{Meta: newMeta(g, base, players, c.Seed), Agents: specs(fs), Vary: vs}
	used := map[string]bool{}
	for i := 0; i < n; i++ {
		idx := index(i)
		// The variant first (it replaces the base rules; the rules files are the last
		// dimension), then the varied parameter.
		params := base
		if k := len(vs) - 1; vs[k].Key == variantsKey {
			params = variants[vs[k].Values[idx[k]]]
		}
		params = cloneParams(g, params)
		var label, stem []string
		for k, j := range idx {
			v := vs[k]
			if v.Key == variantsKey {
				label = append(label, v.Values[j])
				stem = append(stem, fileSlug(strings.TrimSuffix(v.Values[j], ".json")))
				continue
			}
			a := v.Assignment(j)
			if err := engine.SetParam(g, params, a); err != nil {
				msg := strings.TrimPrefix(err.Error(), "--set "+a+": ")
				return nil, badInput("--vary %s: %s", a, msg)
			}
			label = append(label, a)
			stem = append(stem, fileSlug(v.Key)+"="+fileSlug(v.Values[j]))
		}
		if err := params.Validate(players); err != nil {
			return nil, badInput("%s: %s rules: %v", strings.Join(label, " "), g.Name, err)
		}
		name := "sweep-" + strings.Join(stem, "-")
		if used[strings.ToLower(name)] { // long values cut to the same name
			name = fmt.Sprintf("sweep-%d-%s", i+1, strings.Join(stem, "-"))
		}
		used[strings.ToLower(name)] = true
		p.Add(plan.Run{Name: name, Label: strings.Join(label, " "), Players: players, Seating: sim.SeatFixed,
			Seed: c.Seed, Units: o.Games}, g, params, fs)
		opts.Runs = append(opts.Runs, name)
	}
	return p, p.SetOptions(opts)
}

// cloneParams copies rules parameters through their JSON form (engine.Params has no
// copy of its own).
func cloneParams(g engine.Game, p engine.Params) engine.Params {
	q, err := engine.ParseParams(g, engine.ParamsJSON(p))
	if err != nil {
		panic("rules parameters do not survive their own JSON: " + err.Error())
	}
	return q
}

func printSweep(w io.Writer, s *change.Sweep) {
	var keys []string
	for _, v := range s.Vary {
		keys = append(keys, v.Key)
	}
	fmt.Fprintf(w, "sweep of %s: %s, %d players, %d runs\n", strings.Join(keys, " × "), s.Meta.Game, s.Players, len(s.Cells))
	tw := newTable(w)
	hdr := strings.Join(keys, "\t") + "\tgames"
	for seat := 0; seat < s.Players; seat++ {
		hdr += fmt.Sprintf("\tseat %d", seat)
	}
	fmt.Fprintln(tw, hdr+"\tseat 0 advantage\t95% interval\tdecisions\t")
	for _, c := range s.Cells {
		row := strings.Join(c.Values, "\t") + "\t" + format.Count(c.Games)
		for _, sh := range c.Seats {
			row += fmt.Sprintf("\t%.2f%%", 100*sh.Share.Value)
		}
		fmt.Fprintf(tw, "%s\t%+.2f pts\t[%+.2f, %+.2f]\t%.1f\t\n", row, 100*c.Advantage, 100*c.AdvCI.Lo, 100*c.AdvCI.Hi, c.Length.Value)
	}
	tw.Flush()
	for _, c := range s.Compensation {
		fmt.Fprintln(w, c.Text)
	}
}
