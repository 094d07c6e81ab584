package analysis

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"

	"dragonlab/agents"
	"dragonlab/reports/doc"
	"dragonlab/reports/skill"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
	"dragonlab/sim/stats"
)

// LadderName is the file the ladder writes beside its report.
const LadderName = "ladder.json"

// LadderFile is ladder.json: every agent's rating on one Elo scale for one game and player
// count, with what a decision of it cost. The cost varies between runs (machine, load);
// everything else is a function of the plan.
type LadderFile struct {
	Schema  string      `json:"schema"`
	Meta    doc.Meta    `json:"meta"`
	Players int         `json:"players"`
	Agents  []LadderRow `json:"agents"` // strongest first
	Notes   []string    `json:"notes,omitempty"`
}

// LadderRow is one agent of the ladder.
type LadderRow struct {
	Rank  int            `json:"rank"`
	Agent string         `json:"agent"`
	Elo   float64        `json:"elo"`
	CI    stats.Estimate `json:"ci"`
	// Cost is the agent's time (and search iterations) per decision over every game of
	// the ladder; absent when the runner did not measure it.
	Cost *sim.Cost `json:"cost,omitempty"`
}

func analyzeLadder(a *experiment.Analysis) ([]string, error) {
	t, o, err := analyzeRoundRobin(a)
	if err != nil {
		return nil, err
	}
	// Cost per agent over every run it played in (sums, so shards and runs add up).
	var lists [][]sim.Cost
	for _, r := range a.Results {
		lists = append(lists, plan.Costs(r))
	}
	cost := map[string]*sim.Cost{}
	for _, c := range plan.SumCosts(lists...) {
		c := c
		cost[c.Agent] = &c
	}
	lf := LadderFile{Schema: "dragonlab.ladder/v1", Meta: t.Meta, Players: o.Meta.Players, Notes: t.Notes}
	for _, r := range t.Ranking {
		lf.Agents = append(lf.Agents, LadderRow{Rank: r.Rank, Agent: r.Agent, Elo: r.Elo, CI: r.CI, Cost: cost[r.Agent]})
	}
	if len(cost) == 0 {
		lf.Notes = append(lf.Notes, "The results hold no time per decision (run.cost): this runner does not measure it.")
	}
	printLadder(a.Stdout, t, lf)
	written, err := t.Write(a.Dir)
	if err != nil {
		return written, err
	}
	data, err := json.MarshalIndent(lf, "", "  ")
	if err != nil {
		return written, err
	}
	if err := sim.WriteFileAtomic(filepath.Join(a.Dir, LadderName), append(data, '\n')); err != nil {
		return written, err
	}
	return append([]string{LadderName}, written...), nil
}

// printLadder writes a ladder's summary for the terminal.
func printLadder(w io.Writer, t *skill.Tournament, lf LadderFile) {
	fmt.Fprintf(w, "ladder: %s, %d players, %d agents, %d pairings played\n", t.Meta.Game, t.Players, len(t.Agents), len(t.Pairs))
	if len(lf.Agents) == 0 {
		fmt.Fprintln(w, "no ratings: not every agent has played")
		return
	}
	tw := newTable(w)
	fmt.Fprintln(tw, "rank\tagent\tElo\t95% interval\tms/decision\titers/decision\t")
	for _, r := range lf.Agents {
		ms, it := "–", "–"
		if c := r.Cost; c != nil && c.Decisions > 0 {
			ms = fmt.Sprintf("%.3f", c.MsPerDecision)
			if c.Iterations > 0 {
				it = fmt.Sprintf("%.0f", c.ItersPerDecision)
			}
		}
		fmt.Fprintf(tw, "%d\t%s\t%+.0f\t[%+.0f, %+.0f]\t%s\t%s\t\n", r.Rank, agents.Short(r.Agent), r.Elo, r.CI.Lo, r.CI.Hi, ms, it)
	}
	tw.Flush()
	for _, f := range t.Findings[:min(1, len(t.Findings))] {
		fmt.Fprintln(w, f)
	}
}
