package experiment

import (
	"errors"
	"fmt"
	"strings"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// Luck measures the luck per level of play: each level's self-play with luck accounting
// (the luck along the game) on replayed deals (the older deal-fixed share), and
// consecutive levels on duplicate deals (luck against skill).
type Luck struct {
	Common
	Game Game
	// Agents are the levels of play, weakest first (comma-separated specs, distinct).
	Agents string
	// Replays is how many times each deal is played per level (2 to 1000).
	Replays int
	// Deals per level (and per duel).
	Deals int64
}

// LuckOptions are the plan options of a luck experiment: per level of play (weakest
// first) a replay run (self-play, each deal played Replays times with fresh agent
// streams), and per pair of consecutive levels a duplicate run of the stronger alone
// against the weaker.
type LuckOptions struct {
	Meta    Meta          `json:"meta"`
	Levels  []string      `json:"levels"`
	Replays int           `json:"replays"`
	Replay  []string      `json:"replay"` // run of level i
	Duels   []LuckDuelRun `json:"duels"`
	// NoLuck says why the level runs have no luck accounting ("" when they have it).
	NoLuck string `json:"noLuck,omitempty"`
}

// LuckDuelRun names the run of level Stronger alone against level Weaker.
type LuckDuelRun struct {
	Stronger int    `json:"stronger"`
	Weaker   int    `json:"weaker"`
	Run      string `json:"run"`
}

func init() {
	register(&Kind{Name: "luck", DefaultOut: "luck", check: checkLuck})
}

// Plan is one replay run per level and one duplicate run per pair of consecutive levels.
func (o Luck) Plan() (*plan.Plan, error) {
	g, params, players, err := o.Game.Resolve()
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(o.Agents) == "" {
		return nil, errors.New("--agents is required: the levels of play, weakest first (see dragonlab agents)")
	}
	fs, err := agents.ParseList(o.Agents)
	if err != nil {
		return nil, err
	}
	if err := distinct(fs); err != nil {
		return nil, err
	}
	if o.Replays < 2 {
		return nil, fmt.Errorf("--replays must be at least 2 (each deal played several times), not %d", o.Replays)
	}
	if o.Replays > 1000 {
		return nil, fmt.Errorf("--replays %d: at most 1000", o.Replays)
	}
	if o.Deals <= 0 {
		return nil, fmt.Errorf("--deals must be positive, not %d", o.Deals)
	}
	noLuck, err := luckAccounting(g, params, players, o.Seed)
	if err != nil {
		return nil, err
	}
	p := o.newPlan("luck")
	opts := LuckOptions{Meta: newMeta(g, params, players, o.Seed), Levels: specs(fs), Replays: o.Replays, NoLuck: noLuck}
	for i, f := range fs {
		name := fmt.Sprintf("replay-%d-%s", i+1, fileSlug(f.Spec))
		p.Add(plan.Run{Name: name, Label: fmt.Sprintf("%s ×%d", agents.Short(f.Spec), o.Replays), Players: players,
			Seating: sim.SeatReplay, Replays: o.Replays, Seed: o.Seed, Units: o.Deals, Luck: noLuck == ""}, g, params, repeat(f, players))
		opts.Replay = append(opts.Replay, name)
	}
	if players >= 2 {
		for i := 1; i < len(fs); i++ {
			name := fmt.Sprintf("duel-%d-%s-vs-%d-%s", i+1, fileSlug(fs[i].Spec), i, fileSlug(fs[i-1].Spec))
			p.Add(plan.Run{Name: name, Label: fmt.Sprintf("%s vs %s", agents.Short(fs[i].Spec), agents.Short(fs[i-1].Spec)),
				Players: players, Seating: sim.SeatDuplicate, Seed: o.Seed, Units: o.Deals}, g, params, aloneAgainst(fs[i], fs[i-1], players))
			opts.Duels = append(opts.Duels, LuckDuelRun{Stronger: i, Weaker: i - 1, Run: name})
		}
	}
	return p, p.SetOptions(opts)
}

// luckAccounting says whether runs of g (rules params, players) can have luck accounting
// with the game's own value function: "" when they can, else why not (the experiment then
// plays without it: a game without chance events or value features, or no model for the
// player count). A seed that is the value function's fit seed is refused: an analysed run
// must use other seeds.
func luckAccounting(g engine.Game, params engine.Params, players int, seed uint64) (string, error) {
	l, err := sim.LoadValue(g, params, players, nil)
	if err != nil {
		return err.Error(), nil
	}
	if l.Ref.Seed == seed {
		return "", fmt.Errorf("seed %d is the seed %s's value function was fitted on: luck accounting needs another seed (--seed)", seed, g.Name)
	}
	return "", nil
}
