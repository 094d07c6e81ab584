package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"dragonlab/agents"
	"dragonlab/reports/luck"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

type luckFlags struct {
	game    gameOptions
	Agents  string
	Replays int
	Deals   int64
}

// luckPlan is the plan options of a luck experiment: per level of play (weakest first) a
// replay run (self-play, each deal played Replays times with fresh agent streams), and per
// pair of consecutive levels a duplicate run of the stronger alone against the weaker.
type luckPlan struct {
	Meta    expMeta     `json:"meta"`
	Levels  []string    `json:"levels"`
	Replays int         `json:"replays"`
	Replay  []string    `json:"replay"` // run of level i
	Duels   []luckDuelO `json:"duels"`
}

type luckDuelO struct {
	Stronger int    `json:"stronger"`
	Weaker   int    `json:"weaker"`
	Run      string `json:"run"`
}

func init() {
	registerExperiment(&experiment{
		name:  "luck",
		use:   "luck --game G [--players N] --agents a[,b…] [--replays K] [--deals D]",
		short: "How much of the outcome the deal decides: replayed deals per level of play",
		long: `Measure the luck share of a game (Duersch, Lambrecht & Oechssler 2020; Goodman,
Perez-Liebana & Lucas 2025): each level of play (--agents, weakest first) plays every deal
--replays times in self-play, the deal and every chance draw fixed (what "the deal" is in
each game: hands and draw piles are fixed at setup), the agents' random streams fresh in
each replay (sim seating replay). The variance of the outcome splits into the part fixed
by the deal and the rest (law of total variance), with bootstrap intervals over deals.
Consecutive levels also play each other on duplicate deals: how often the stronger agent
beats the weaker on the same deal.

Writes into --out: the results files (replay-…, duel-…), report.pdf, report.html,
summary.md, summary.json, the tables as CSV and the charts (charts/, PNG and SVG).`,
		exs: `  dragonlab luck --game dragonheart --agents random,greedy --replays 8 --deals 2000
  dragonlab luck --game draco --players 3 --agents greedy,mcts:iters=200 --replays 4 --deals 500`,
		defaultOut: "luck",
		flags: func(cmd *cobra.Command, c *expCommon) func() (*plan.Plan, error) {
			o := &luckFlags{}
			o.game.addFlags(cmd)
			f := cmd.Flags()
			f.StringVarP(&o.Agents, "agents", "a", "", "the levels of play, weakest first: agent specs, comma-separated (one or more)")
			f.IntVar(&o.Replays, "replays", 4, "times each deal is played per level (at least 2)")
			f.Int64Var(&o.Deals, "deals", 1000, "deals per level (and per duel)")
			return func() (*plan.Plan, error) { return o.plan(c) }
		},
		analyze: analyzeLuck,
	})
}

func (o *luckFlags) plan(c *expCommon) (*plan.Plan, error) {
	g, params, players, err := o.game.resolve()
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(o.Agents) == "" {
		return nil, badInput("--agents is required: the levels of play, weakest first (see dragonlab agents)")
	}
	fs, err := agents.ParseList(o.Agents)
	if err != nil {
		return nil, asBadInput(err)
	}
	if err := distinct(fs); err != nil {
		return nil, err
	}
	if o.Replays < 2 {
		return nil, badInput("--replays must be at least 2 (each deal played several times), not %d", o.Replays)
	}
	if o.Replays > 1000 {
		return nil, badInput("--replays %d: at most 1000", o.Replays)
	}
	if o.Deals <= 0 {
		return nil, badInput("--deals must be positive, not %d", o.Deals)
	}
	p := c.newPlan("luck")
	opts := luckPlan{Meta: newMeta(g, params, players, c.Seed), Levels: specs(fs), Replays: o.Replays}
	for i, f := range fs {
		name := fmt.Sprintf("replay-%d-%s", i+1, fileSlug(f.Spec))
		p.Add(plan.Run{Name: name, Label: fmt.Sprintf("%s ×%d", agents.Short(f.Spec), o.Replays), Players: players,
			Seating: sim.SeatReplay, Replays: o.Replays, Seed: c.Seed, Units: o.Deals}, g, params, repeat(f, players))
		opts.Replay = append(opts.Replay, name)
	}
	if players >= 2 {
		for i := 1; i < len(fs); i++ {
			name := fmt.Sprintf("duel-%d-%s-vs-%d-%s", i+1, fileSlug(fs[i].Spec), i, fileSlug(fs[i-1].Spec))
			p.Add(plan.Run{Name: name, Label: fmt.Sprintf("%s vs %s", agents.Short(fs[i].Spec), agents.Short(fs[i-1].Spec)),
				Players: players, Seating: sim.SeatDuplicate, Seed: c.Seed, Units: o.Deals}, g, params, aloneAgainst(fs[i], fs[i-1], players))
			opts.Duels = append(opts.Duels, luckDuelO{Stronger: i, Weaker: i - 1, Run: name})
		}
	}
	return p, p.SetOptions(opts)
}

func analyzeLuck(a *analysis) ([]string, error) {
	var o luckPlan
	if err := a.options(&o); err != nil {
		return nil, err
	}
	var levels []luck.Level
	for i, name := range o.Replay {
		levels = append(levels, luck.Level{Agent: o.Levels[i], File: a.file(name), Result: a.result(name)})
	}
	var duels []luck.Duel
	for _, d := range o.Duels {
		duels = append(duels, luck.Duel{Stronger: d.Stronger, Weaker: d.Weaker, File: a.file(d.Run), Result: a.result(d.Run)})
	}
	l, err := luck.AnalyzeExperiment(a.meta(o.Meta), o.Replays, levels, duels)
	if err != nil {
		return nil, err
	}
	l.Print(a.stdout)
	return l.Write(a.dir)
}
