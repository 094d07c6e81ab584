package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"dragonlab/agents"
	"dragonlab/reports/format"
	"dragonlab/reports/skill"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// roundRobinFlags are the flags of a round robin between agents (tournament, ladder).
type roundRobinFlags struct {
	game   gameOptions
	Agents string
	Games  int64
}

// roundRobinPlan is the plan options of a tournament or a ladder.
type roundRobinPlan struct {
	Meta     expMeta          `json:"meta"`
	Agents   []string         `json:"agents"`
	Pairings []pairingOptions `json:"pairings"`
}

type pairingOptions struct {
	A   int    `json:"a"`
	B   int    `json:"b"`
	Run string `json:"run"`
}

func (o *roundRobinFlags) add(cmd *cobra.Command, defaultGames int64) {
	o.game.addFlags(cmd)
	f := cmd.Flags()
	f.StringVarP(&o.Agents, "agents", "a", "", "the agents, comma-separated specs (at least two; list: dragonlab agents)")
	f.Int64VarP(&o.Games, "games", "n", defaultGames, "games per pairing (a multiple of the player count: each deal is played in every rotation)")
}

// plan is one duplicate run per pairing: agent A alone against copies of agent B.
func (o *roundRobinFlags) plan(c *expCommon, kind, what string) (*plan.Plan, error) {
	g, params, players, err := o.game.resolve()
	if err != nil {
		return nil, err
	}
	fs, err := parseAgentSet(o.Agents, what)
	if err != nil {
		return nil, err
	}
	if kind == "ladder" {
		// A ladder is a calibrated skill axis per CPU second: a time budget would make both
		// the ratings (they depend on the machine's load) and the cost meaningless.
		for _, f := range fs {
			if timeBudget.MatchString(f.Spec) {
				return nil, badInput("--agents: %s has a time budget (ms=); a ladder rates agents by iteration budgets, so that its ratings reproduce and its cost per decision means something", f.Spec)
			}
		}
	}
	deals, err := dealsOf("--games", o.Games, players)
	if err != nil {
		return nil, err
	}
	p := c.newPlan(kind)
	opts := roundRobinPlan{Meta: newMeta(g, params, players, c.Seed), Agents: specs(fs)}
	for _, ab := range skill.TournamentPairings(len(fs), players) {
		a, b := ab[0], ab[1]
		name := fmt.Sprintf("pair-%d-%s-vs-%d-%s", a+1, fileSlug(fs[a].Spec), b+1, fileSlug(fs[b].Spec))
		p.Add(plan.Run{Name: name, Label: fmt.Sprintf("%s vs %s", agents.Short(fs[a].Spec), agents.Short(fs[b].Spec)),
			Players: players, Seating: sim.SeatDuplicate, Seed: c.Seed, Units: deals}, g, params, aloneAgainst(fs[a], fs[b], players))
		opts.Pairings = append(opts.Pairings, pairingOptions{A: a, B: b, Run: name})
	}
	return p, p.SetOptions(opts)
}

// analyzeRoundRobin rates the agents of a tournament or ladder plan.
func analyzeRoundRobin(a *analysis) (*skill.Tournament, roundRobinPlan, error) {
	var o roundRobinPlan
	if err := a.options(&o); err != nil {
		return nil, o, err
	}
	var pairings []skill.Pairing
	for _, pr := range o.Pairings {
		pairings = append(pairings, skill.Pairing{A: pr.A, B: pr.B, File: a.file(pr.Run), Result: a.result(pr.Run)})
	}
	t, err := skill.AnalyzeTournament(a.meta(o.Meta), o.Agents, o.Meta.Players, pairings)
	return t, o, err
}

func init() {
	registerExperiment(&experiment{
		name:  "tournament",
		use:   "tournament --agents a,b,c… [--games M] [--out DIR]",
		short: "Play every pair of agents on duplicate deals and rate them (Bradley–Terry / Elo)",
		long: `Play a round-robin between the agents: every pair meets on the same deals, each deal
played in every rotation of the seats (duplicate games), so the luck of the deal cancels.
With two players each pairing plays both seat orders; with more, each agent sits alone
against copies of each other agent and is rotated through every seat.

Writes into --out: one results file per pairing (the standard results format),
report.pdf, report.html, summary.md, summary.json, the tables as CSV and the charts
(charts/: matrix and ratings, PNG and SVG).
Reports the pairwise win-share matrix with 95% intervals, a sign test on the duplicate
deals of each pairing (Holm-adjusted), Bradley–Terry ratings on the Elo scale with 95%
intervals, and the ranking. Ctrl-C stops: finished pairings are kept and reported.`,
		exs: `  dragonlab tournament --game draco --players 2 --agents random,greedy,mcts:iters=200 --games 2000
  dragonlab tournament --game draco --players 4 --agents random,greedy --games 400 --out t4
  dragonlab tournament --game draco --agents random,greedy,mcts --games 2000 --shard auto/8 --out t   # one task of 8
  dragonlab merge t                                                                                 # then: the report`,
		defaultOut: "tournament",
		flags: func(cmd *cobra.Command, c *expCommon) func() (*plan.Plan, error) {
			o := &roundRobinFlags{}
			o.add(cmd, 2000)
			return func() (*plan.Plan, error) { return o.plan(c, "tournament", "a tournament") }
		},
		analyze: func(a *analysis) ([]string, error) {
			t, _, err := analyzeRoundRobin(a)
			if err != nil {
				return nil, err
			}
			printTournament(a.stdout, t)
			return t.Write(a.dir)
		},
	})
}

func printTournament(w io.Writer, t *skill.Tournament) {
	fmt.Fprintf(w, "tournament: %s, %d players, %d agents, %d pairings played\n", t.Meta.Game, t.Players, len(t.Agents), len(t.Pairs))
	tw := newTable(w)
	fmt.Fprintln(tw, "agent\topponent\tgames\twin share\t95% interval\tbetter\tworse\teven\tsign p (Holm)\t")
	for _, p := range t.Pairs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%.2f%%\t[%.2f, %.2f]\t%s\t%s\t%s\t%.4g\t\n", agents.Short(p.AgentA), agents.Short(p.AgentB), format.Count(p.Games), 100*p.Paired.Share,
			100*p.Paired.CI.Lo, 100*p.Paired.CI.Hi, format.Count(p.Paired.Better), format.Count(p.Paired.Worse), format.Count(p.Paired.Ties), p.HolmP)
	}
	tw.Flush()
	if len(t.Ranking) > 0 {
		tw = newTable(w)
		fmt.Fprintln(tw, "rank\tagent\tElo\t95% interval\t")
		for _, r := range t.Ranking {
			fmt.Fprintf(tw, "%d\t%s\t%+.0f\t[%+.0f, %+.0f]\t\n", r.Rank, agents.Short(r.Agent), r.Elo, r.CI.Lo, r.CI.Hi)
		}
		tw.Flush()
	}
	for _, f := range t.Findings[:min(1, len(t.Findings))] {
		fmt.Fprintln(w, f)
	}
}
