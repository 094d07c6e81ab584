package sim

import (
	"context"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
)

// The game-feel metrics count each game's length in the game's own unit
// (engine.Lengther): one count per game, the unit the game's, the same whole or merged
// from shards. In Draco a play is a turn, one card (DR-7), so the plays are the decisions
// less the discard steps (DR-11); Dragonheart's turns are its plays, and its passes
// (DH-16) without a decision; Red Hot's rounds and Dragon Scales' combats are at least
// one a game.
func TestMetricsCountTheGamesLength(t *testing.T) {
	for _, tc := range []struct {
		game    string
		players int
		unit    string
	}{{"draco", 3, "plays"}, {"redhot", 4, "rounds"}, {"dragonheart", 2, "turns"}, {"dragonscales", 1, "combats"}} {
		g, err := engine.Lookup(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		var fs []agents.Factory
		for range tc.players {
			f, err := agents.Parse("random")
			if err != nil {
				t.Fatal(err)
			}
			fs = append(fs, f)
		}
		cfg := Config{Game: g, Params: g.DefaultParams(), Players: tc.players, Agents: fs, Seed: 5, Units: 60, Metrics: true, Workers: 2}
		r, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		m := r.Aggregate.Metrics
		if m.LengthUnit != tc.unit || m.Length.Total() != r.Games {
			t.Fatalf("%s: length in %q counts %d games of %d", tc.game, m.LengthUnit, m.Length.Total(), r.Games)
		}
		length, _ := m.Length.sums()
		d := r.Aggregate.DecisionsSum
		switch tc.game {
		case "draco":
			if length <= 0 || length > d || length < d*3/4 {
				t.Errorf("draco: %d plays in %d decisions", length, d)
			}
		case "dragonheart":
			if length < d-r.Games || length > d+2*r.Games {
				t.Errorf("dragonheart: %d turns in %d decisions", length, d)
			}
		default:
			if length < r.Games {
				t.Errorf("%s: %d %s in %d games", tc.game, length, tc.unit, r.Games)
			}
		}
		if err := r.Validate(); err != nil {
			t.Fatal(err)
		}
		var parts []*Result
		for i := range 2 {
			parts = append(parts, shardRun(t, cfg, Shard{i, 2}))
		}
		merged, err := Merge(parts, false)
		if err != nil {
			t.Fatal(err)
		}
		if mm := merged.Aggregate.Metrics; !equalHist(mm.Length, m.Length) || mm.LengthUnit != m.LengthUnit {
			t.Errorf("%s: merged shards count another length", tc.game)
		}
	}
}

func equalHist(a, b Hist) bool {
	if a.Total() != b.Total() {
		return false
	}
	x, _ := a.sums()
	y, _ := b.sums()
	return x == y
}
