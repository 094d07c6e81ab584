package experiment

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/sim"
)

// ValueFit is a fit of a game's value function as `dragonlab luck-model fit` gives it:
// self-play at the measuring level for each player count, on seeds disjoint from every
// analysed run. It is no plan: the fit is a deliberate refit of a file built into the
// tool, not an experiment.
type ValueFit struct {
	Game Game
	// PlayerCounts are the counts to fit, comma-separated and ascending; "" for every
	// count of the game.
	PlayerCounts string
	// Agent is the measuring level: the spec in every seat.
	Agent   string
	Games   int64 // per player count
	Seed    uint64
	Workers int
	Ridge   float64
	// Forms are the learned forms tried beside the linear model (sim.ParseForms), measured
	// on HeldOut games of HeldOutSeed.
	Forms       string
	HeldOut     int64
	HeldOutSeed uint64
}

// Fit checks the options into the fit (its file still empty) and the player counts to
// fit; every error is bad input.
func (o ValueFit) Fit() (*sim.FileFit, []int, error) {
	g, p, _, err := o.Game.Resolve()
	if err != nil {
		return nil, nil, err
	}
	if o.Game.PlayersSet {
		return nil, nil, errors.New("give --player-counts (a list), not --players")
	}
	counts, err := playerCounts(g, o.PlayerCounts)
	if err != nil {
		return nil, nil, err
	}
	f, err := agents.Parse(o.Agent)
	if err != nil {
		return nil, nil, err
	}
	if o.Games < 1 {
		return nil, nil, fmt.Errorf("--games must be positive, not %d", o.Games)
	}
	if err := sim.CheckRidge(o.Ridge); err != nil {
		return nil, nil, err
	}
	if err := noTimeBudget("--agents", f.Spec); err != nil {
		return nil, nil, err
	}
	forms, err := sim.ParseForms(o.Forms)
	if err != nil {
		return nil, nil, err
	}
	if len(forms) > 0 {
		if o.HeldOut < 1 {
			return nil, nil, fmt.Errorf("--held-out must be positive, not %d: the learned forms are measured on held-out games", o.HeldOut)
		}
		if o.HeldOutSeed == o.Seed {
			return nil, nil, fmt.Errorf("--held-out-seed must differ from --seed %d", o.Seed)
		}
		if o.Games < sim.ValidEvery {
			return nil, nil, fmt.Errorf("--games %d: the learned forms need at least %d (every %d-th game validates)", o.Games, sim.ValidEvery, sim.ValidEvery)
		}
	}
	ff := sim.NewFileFit(g, p, f, o.Seed, o.Games, o.Workers, o.Ridge)
	ff.Forms, ff.HeldOut, ff.HeldOutSeed = forms, o.HeldOut, o.HeldOutSeed
	return ff, counts, nil
}

// playerCounts reads --player-counts: ascending, distinct counts of g; "" for all of them.
func playerCounts(g engine.Game, list string) ([]int, error) {
	if list == "" {
		var all []int
		for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
			all = append(all, n)
		}
		return all, nil
	}
	var out []int
	for _, x := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(x))
		if err != nil {
			return nil, fmt.Errorf("--player-counts: %q is not a number", x)
		}
		if err := g.CheckPlayers(n); err != nil {
			return nil, err
		}
		if len(out) > 0 && n <= out[len(out)-1] {
			return nil, errors.New("--player-counts must be ascending and distinct")
		}
		out = append(out, n)
	}
	return out, nil
}
