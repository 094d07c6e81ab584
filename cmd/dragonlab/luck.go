package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"dragonlab/agents"
	"dragonlab/reports"
	"dragonlab/reports/studies"
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

// LuckInput is what the luck statistics get: the levels, and for each its replay run and
// the duels between consecutive levels.
type LuckInput struct {
	Meta    studies.Meta
	Levels  []string
	Replays int
	Replay  []*sim.Result // by level; nil when not played
	Files   []string      // results files of Replay
	Duels   []LuckDuel
}

// LuckDuel is one duplicate run of a stronger level alone against a weaker one.
type LuckDuel struct {
	Stronger, Weaker int
	File             string
	Result           *sim.Result
}

// luckStatistics is the hook for the luck statistics of issue 14 item 6 — the variance of
// the outcome split by the law of total variance into the part fixed by the deal and the
// rest, with bootstrap intervals over deals, per level — which package reports/why
// provides. HOOK: when reports/why lands, set it here, e.g.
//
//	luckStatistics = func(in LuckInput) (luckReport, error) { return why.AnalyzeLuck(…) }
//
// Until then the command writes the plan's summary (per level the games played, per duel
// how often the stronger agent beat the weaker on the same deal) and says that the
// decomposition is missing.
var luckStatistics func(in LuckInput) (luckReport, error)

// luckReport is a luck analysis that prints its summary and writes its report.
type luckReport interface {
	Print(w io.Writer)
	Write(dir string) ([]string, error)
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

Writes into --out: the results files (replay-…, duel-…), report.pdf, summary.md and
summary.json.`,
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
	g, params, players, err := resolveGame(c, &o.game)
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
	seen := map[string]bool{}
	for _, f := range fs {
		if seen[f.Spec] {
			return nil, badInput("agent %s is listed twice", f.Spec)
		}
		seen[f.Spec] = true
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
	in := LuckInput{Meta: a.meta(o.Meta), Levels: o.Levels, Replays: o.Replays}
	for _, name := range o.Replay {
		in.Replay = append(in.Replay, a.result(name))
		in.Files = append(in.Files, a.file(name))
	}
	for _, d := range o.Duels {
		in.Duels = append(in.Duels, LuckDuel{Stronger: d.Stronger, Weaker: d.Weaker, File: a.file(d.Run), Result: a.result(d.Run)})
	}
	var rep luckReport
	if luckStatistics != nil {
		var err error
		if rep, err = luckStatistics(in); err != nil {
			return nil, err
		}
	} else {
		rep = newLuckSummary(in)
	}
	rep.Print(a.stdout)
	return rep.Write(a.dir)
}

// luckSummary is what the luck command reports without the statistics of reports/why.
type luckSummary struct {
	Meta    studies.Meta `json:"meta"`
	Replays int          `json:"replays"`
	Levels  []luckLevel  `json:"levels"`
	Duels   []luckDuel   `json:"duels"`
	Notes   []string     `json:"notes"`
}

type luckLevel struct {
	Agent    string  `json:"agent"`
	File     string  `json:"file"`
	Games    int64   `json:"games"`
	Complete bool    `json:"complete"`
	Seat0    float64 `json:"seat0Share"`
}

type luckDuel struct {
	Stronger string         `json:"stronger"`
	Weaker   string         `json:"weaker"`
	File     string         `json:"file"`
	Games    int64          `json:"games"`
	Paired   studies.Paired `json:"paired"`
}

func newLuckSummary(in LuckInput) *luckSummary {
	s := &luckSummary{Meta: in.Meta, Replays: in.Replays,
		Notes: []string{"The variance decomposition (luck share with bootstrap intervals) comes from package reports/why, which this build lacks: only the runs are summarised."}}
	for i, r := range in.Replay {
		lv := luckLevel{Agent: in.Levels[i], File: in.Files[i]}
		if r != nil && r.Games > 0 {
			lv.Games, lv.Complete = r.Games, r.Complete
			lv.Seat0 = r.Aggregate.Seats[0].WinShare() / float64(r.Games)
		}
		s.Levels = append(s.Levels, lv)
	}
	for _, d := range in.Duels {
		ld := luckDuel{Stronger: in.Levels[d.Stronger], Weaker: in.Levels[d.Weaker], File: d.File}
		if r := d.Result; r != nil && r.Games > 0 {
			ld.Games = r.Games
			ld.Paired = studies.AnalyzePaired(r.Aggregate.Paired, r.Players)
		}
		s.Duels = append(s.Duels, ld)
	}
	return s
}

func (s *luckSummary) Print(w io.Writer) {
	fmt.Fprintf(w, "luck: %s, %d players, %d levels, each deal played %d times\n", s.Meta.Game, s.Meta.Players, len(s.Levels), s.Replays)
	if len(s.Duels) > 0 {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "stronger\tweaker\tdeals\tbetter\tworse\teven\tshare\t95% interval\t")
		for _, d := range s.Duels {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%.2f%%\t[%.2f, %.2f]\t\n", agents.Short(d.Stronger), agents.Short(d.Weaker), reports.Count(d.Paired.Deals),
				reports.Count(d.Paired.Better), reports.Count(d.Paired.Worse), reports.Count(d.Paired.Ties), 100*d.Paired.Share, 100*d.Paired.CI.Lo, 100*d.Paired.CI.Hi)
		}
		tw.Flush()
	}
	for _, n := range s.Notes {
		fmt.Fprintln(w, n)
	}
}

func (s *luckSummary) Write(dir string) ([]string, error) {
	d := &studies.Doc{Title: fmt.Sprintf("Luck: %s, %d players", s.Meta.Game, s.Meta.Players),
		Provenance: [][2]string{{"Game", fmt.Sprintf("%s, %d players", s.Meta.Title, s.Meta.Players)}, {"Rules", string(s.Meta.Params)},
			{"Seed", fmt.Sprint(s.Meta.Seed)}, {"Command", s.Meta.Command}, {"Tool", s.Meta.Tool}}}
	d.Blocks = append(d.Blocks, studies.Block{Bullets: s.Notes})
	tb := &studies.Table{Header: []string{"level", "games", "seat 0 share", "complete"}}
	for _, l := range s.Levels {
		tb.Rows = append(tb.Rows, []string{l.Agent, reports.Count(l.Games), fmt.Sprintf("%.2f%%", 100*l.Seat0), fmt.Sprint(l.Complete)})
	}
	d.Blocks = append(d.Blocks, studies.Block{Heading: "Replayed deals", Table: tb})
	if len(s.Duels) > 0 {
		tb := &studies.Table{Left: 2, Header: []string{"stronger", "weaker", "deals", "better", "worse", "even", "share", "95% interval"}}
		for _, x := range s.Duels {
			tb.Rows = append(tb.Rows, []string{x.Stronger, x.Weaker, reports.Count(x.Paired.Deals), reports.Count(x.Paired.Better), reports.Count(x.Paired.Worse),
				reports.Count(x.Paired.Ties), fmt.Sprintf("%.2f%%", 100*x.Paired.Share), fmt.Sprintf("[%.2f, %.2f]", 100*x.Paired.CI.Lo, 100*x.Paired.CI.Hi)})
		}
		d.Blocks = append(d.Blocks, studies.Block{Heading: "Stronger against weaker on the same deals", Table: tb,
			Text: "\"better\"/\"worse\" count the deals on which the stronger agent's share over the rotations was above/below fair."})
	}
	return studies.WriteReport(dir, d, s)
}
