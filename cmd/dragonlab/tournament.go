package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/reports"
	"dragonlab/reports/studies"
	"dragonlab/sim"
)

type tournamentOptions struct {
	game   gameOptions
	Agents string
	Games  int64
	multiOptions
}

func init() {
	commands = append(commands, func(stdout, stderr io.Writer) *cobra.Command {
		o := &tournamentOptions{multiOptions: multiOptions{stdout: stdout, stderr: stderr}}
		cmd := &cobra.Command{
			Use:   "tournament --agents a,b,c… [--games M] [--out DIR]",
			Short: "Play every pair of agents on duplicate deals and rate them (Bradley–Terry / Elo)",
			Long: `Play a round-robin between the agents: every pair meets on the same deals, each deal
played in every rotation of the seats (duplicate games), so the luck of the deal cancels.
With two players each pairing plays both seat orders; with more, each agent sits alone
against copies of each other agent and is rotated through every seat.

Writes into --out: one results file per pairing (the standard results format),
report.pdf, summary.md, summary.json, and the charts (matrix and ratings, PNG and SVG).
Reports the pairwise win-share matrix with 95% intervals, a sign test on the duplicate
deals of each pairing (Holm-adjusted), Bradley–Terry ratings on the Elo scale with 95%
intervals, and the ranking. Ctrl-C stops: finished pairings are kept and reported.`,
			Example: `  dragonlab tournament --game draco --players 2 --agents random,greedy,mcts:iters=200 --games 2000
  dragonlab tournament --game draco --players 4 --agents random,greedy --games 400 --out t4`,
			Args: cobra.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error {
				o.begin(cmd)
				return o.run()
			},
		}
		o.game.addFlags(cmd)
		f := cmd.Flags()
		f.StringVarP(&o.Agents, "agents", "a", "", "the agents, comma-separated specs (at least two; list: dragonlab agents)")
		f.Int64VarP(&o.Games, "games", "n", 2000, "games per pairing (a multiple of the player count: each deal is played in every rotation)")
		o.addFlags(cmd, "tournament")
		return cmd
	})
}

func (o *tournamentOptions) runs() ([]multiRun, []studies.Pairing, engine.Game, engine.Params, int, []agents.Factory, error) {
	g, p, players, err := o.game.resolve()
	if err != nil {
		return nil, nil, g, nil, 0, nil, err
	}
	fs, err := parseAgentSet(o.Agents, "a tournament")
	if err != nil {
		return nil, nil, g, nil, 0, nil, err
	}
	deals, err := dealsOf("--games", o.Games, players)
	if err != nil {
		return nil, nil, g, nil, 0, nil, err
	}
	if err := o.check(); err != nil {
		return nil, nil, g, nil, 0, nil, err
	}
	var runs []multiRun
	var pairings []studies.Pairing
	for _, ab := range studies.TournamentPairings(len(fs), players) {
		a, b := ab[0], ab[1]
		seats := []agents.Factory{fs[a]}
		for j := 1; j < players; j++ {
			seats = append(seats, fs[b])
		}
		file := fmt.Sprintf("pair-%d-%s-vs-%d-%s.json", a+1, fileSlug(fs[a].Spec), b+1, fileSlug(fs[b].Spec))
		runs = append(runs, multiRun{file: file, label: fmt.Sprintf("%s vs %s", fs[a].Kind, fs[b].Kind),
			cfg: sim.Config{Game: g, Params: p, Players: players, Agents: seats, Seating: sim.SeatDuplicate,
				Seed: o.Seed, Units: deals, Workers: o.Workers}})
		pairings = append(pairings, studies.Pairing{A: a, B: b, File: file})
	}
	return runs, pairings, g, p, players, fs, nil
}

func (o *tournamentOptions) run() error {
	runs, pairings, g, p, players, fs, err := o.runs()
	if err != nil {
		return err
	}
	return o.playStudy(runs, g, p, players, func(meta studies.Meta, results []*sim.Result) (studyReport, error) {
		for i := range pairings {
			pairings[i].Result = results[i]
		}
		t, err := studies.AnalyzeTournament(meta, specs(fs), players, pairings)
		if err != nil {
			return nil, err
		}
		printTournament(o.stdout, t)
		return t, nil
	})
}

func printTournament(w io.Writer, t *studies.Tournament) {
	fmt.Fprintf(w, "tournament: %s, %d players, %d agents, %d pairings played\n", t.Meta.Game, t.Players, len(t.Agents), len(t.Pairs))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "agent\topponent\tgames\twin share\t95% interval\tbetter\tworse\teven\tsign p (Holm)\t")
	for _, p := range t.Pairs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%.2f%%\t[%.2f, %.2f]\t%s\t%s\t%s\t%.4g\t\n", agents.Short(p.AgentA), agents.Short(p.AgentB), reports.Count(p.Games), 100*p.Paired.Share,
			100*p.Paired.CI.Lo, 100*p.Paired.CI.Hi, reports.Count(p.Paired.Better), reports.Count(p.Paired.Worse), reports.Count(p.Paired.Ties), p.HolmP)
	}
	tw.Flush()
	if len(t.Ranking) > 0 {
		tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
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
