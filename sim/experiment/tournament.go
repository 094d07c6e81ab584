package experiment

import (
	"fmt"
	"io"
	"text/tabwriter"

	"dragonlab/agents"
	"dragonlab/reports/format"
	"dragonlab/reports/skill"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// RoundRobin is a round robin between agents: a tournament or a ladder.
type RoundRobin struct {
	Common
	Game Game
	// Agents are the agents, comma-separated specs (at least two, distinct).
	Agents string
	// Games per pairing: a multiple of the player count (each deal in every rotation).
	Games int64
}

// RoundRobinOptions are the plan options of a tournament or a ladder.
type RoundRobinOptions struct {
	Meta     Meta             `json:"meta"`
	Agents   []string         `json:"agents"`
	Pairings []PairingOptions `json:"pairings"`
}

// PairingOptions name the run of agent A alone against copies of agent B.
type PairingOptions struct {
	A   int    `json:"a"`
	B   int    `json:"b"`
	Run string `json:"run"`
}

func init() {
	register(&Kind{Name: "tournament", DefaultOut: "tournament", Analyze: analyzeTournament, check: checkRoundRobin(false)})
	register(&Kind{Name: "ladder", DefaultOut: "ladder", Analyze: analyzeLadder, check: checkRoundRobin(true)})
}

// TournamentPlan is the plan of a tournament: one duplicate run per pairing.
func (o RoundRobin) TournamentPlan() (*plan.Plan, error) { return o.plan("tournament", "a tournament") }

// LadderPlan is the plan of a ladder: a tournament that refuses time budgets.
func (o RoundRobin) LadderPlan() (*plan.Plan, error) { return o.plan("ladder", "a ladder") }

// plan is one duplicate run per pairing: agent A alone against copies of agent B.
func (o RoundRobin) plan(kind, what string) (*plan.Plan, error) {
	g, params, players, err := o.Game.Resolve()
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
				return nil, fmt.Errorf("--agents: %s has a time budget (ms=); a ladder rates agents by iteration budgets, so that its ratings reproduce and its cost per decision means something", f.Spec)
			}
		}
	}
	deals, err := dealsOf("--games", o.Games, players)
	if err != nil {
		return nil, err
	}
	p := o.newPlan(kind)
	opts := RoundRobinOptions{Meta: newMeta(g, params, players, o.Seed), Agents: specs(fs)}
	for _, ab := range skill.TournamentPairings(len(fs), players) {
		a, b := ab[0], ab[1]
		name := fmt.Sprintf("pair-%d-%s-vs-%d-%s", a+1, fileSlug(fs[a].Spec), b+1, fileSlug(fs[b].Spec))
		p.Add(plan.Run{Name: name, Label: fmt.Sprintf("%s vs %s", agents.Short(fs[a].Spec), agents.Short(fs[b].Spec)),
			Players: players, Seating: sim.SeatDuplicate, Seed: o.Seed, Units: deals}, g, params, aloneAgainst(fs[a], fs[b], players))
		opts.Pairings = append(opts.Pairings, PairingOptions{A: a, B: b, Run: name})
	}
	return p, p.SetOptions(opts)
}

// analyzeRoundRobin rates the agents of a tournament or ladder plan.
func analyzeRoundRobin(a *Analysis) (*skill.Tournament, RoundRobinOptions, error) {
	var o RoundRobinOptions
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

func analyzeTournament(a *Analysis) ([]string, error) {
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
