package experiment

import (
	"fmt"

	"dragonlab/agents"
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
	register(&Kind{Name: "tournament", DefaultOut: "tournament", check: checkRoundRobin(false)})
	register(&Kind{Name: "ladder", DefaultOut: "ladder", check: checkRoundRobin(true)})
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
	for _, ab := range TournamentPairings(len(fs), players) {
		a, b := ab[0], ab[1]
		name := fmt.Sprintf("pair-%d-%s-vs-%d-%s", a+1, fileSlug(fs[a].Spec), b+1, fileSlug(fs[b].Spec))
		p.Add(plan.Run{Name: name, Label: fmt.Sprintf("%s vs %s", agents.Short(fs[a].Spec), agents.Short(fs[b].Spec)),
			Players: players, Seating: sim.SeatDuplicate, Seed: o.Seed, Units: deals}, g, params, aloneAgainst(fs[a], fs[b], players))
		opts.Pairings = append(opts.Pairings, PairingOptions{A: a, B: b, Run: name})
	}
	return p, p.SetOptions(opts)
}

// TournamentPairings lists the pairings of a tournament of k agents: every unordered pair
// once for two players (duplicate seating plays both seat orders), every ordered pair for
// more players (each agent alone against copies of each other).
func TournamentPairings(k, players int) [][2]int {
	var out [][2]int
	for a := 0; a < k; a++ {
		for b := 0; b < k; b++ {
			if a == b || (players == 2 && b < a) {
				continue
			}
			out = append(out, [2]int{a, b})
		}
	}
	return out
}
