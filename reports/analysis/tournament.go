package analysis

import (
	"dragonlab/agents"
	"dragonlab/reports/format"
	"dragonlab/reports/skill"
	"dragonlab/sim/experiment"
	"fmt"
	"io"
	"text/tabwriter"
)

// analyzeRoundRobin rates the agents of a tournament or ladder plan.
func analyzeRoundRobin(a *experiment.Analysis) (*skill.Tournament, experiment.RoundRobinOptions, error) {
	var o experiment.RoundRobinOptions
	if err := a.Options(&o); err != nil {
		return nil, o, err
	}
	var pairings []skill.Pairing
	for _, pr := range o.Pairings {
		pairings = append(pairings, skill.Pairing{A: pr.A, B: pr.B, File: a.File(pr.Run), Result: a.Result(pr.Run)})
	}
	t, err := skill.AnalyzeTournament(meta(a, o.Meta), o.Agents, o.Meta.Players, pairings)
	return t, o, err
}

func analyzeTournament(a *experiment.Analysis) ([]string, error) {
	t, _, err := analyzeRoundRobin(a)
	if err != nil {
		return nil, err
	}
	printTournament(a.Stdout, t)
	return t.Write(a.Dir)
}

// printTournament writes a tournament's summary for the terminal.
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

// newTable starts a terminal table of the summaries: tab-separated cells, each ending in
// a tab, right-aligned in columns two spaces apart (Flush prints it).
func newTable(w io.Writer) *tabwriter.Writer {
	return tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
}
