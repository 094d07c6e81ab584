package sim

import (
	"context"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
)

// Games that count their turns or rounds (engine.Pacer) have them in the game-feel
// metrics: one count per game in each unit, the same whole or merged from shards. In
// Draco a turn is one card played (DR-7), so the turns are the decisions less the discard
// steps (DR-11); Red Hot counts rounds, at least the 9 cards before the fury can come.
func TestMetricsCountTurnsAndRounds(t *testing.T) {
	for _, tc := range []struct {
		game    string
		players int
	}{{"draco", 3}, {"redhot", 4}, {"dragonheart", 2}, {"dragonscales", 1}} {
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
		if m.Turns.Total() != r.Games || m.Rounds.Total() != r.Games {
			t.Fatalf("%s: turns count %d games, rounds %d, of %d", tc.game, m.Turns.Total(), m.Rounds.Total(), r.Games)
		}
		turns, _ := m.Turns.sums()
		rounds, _ := m.Rounds.sums()
		switch tc.game {
		case "draco":
			if rounds != 0 || turns <= 0 || turns > r.Aggregate.DecisionsSum || turns < r.Aggregate.DecisionsSum*3/4 {
				t.Errorf("draco: %d turns and %d rounds in %d decisions", turns, rounds, r.Aggregate.DecisionsSum)
			}
		case "dragonheart":
			// A turn is one play, or a pass without a decision (DH-16).
			if rounds != 0 || turns < r.Aggregate.DecisionsSum || turns > r.Aggregate.DecisionsSum+2*r.Games {
				t.Errorf("dragonheart: %d turns and %d rounds in %d decisions", turns, rounds, r.Aggregate.DecisionsSum)
			}
		default:
			if turns != 0 || rounds < r.Games {
				t.Errorf("%s: %d turns and %d rounds in %d games", tc.game, turns, rounds, r.Games)
			}
		}
		var parts []*Result
		for i := range 2 {
			parts = append(parts, shardRun(t, cfg, Shard{i, 2}))
		}
		merged, err := Merge(parts, false)
		if err != nil {
			t.Fatal(err)
		}
		if mm := merged.Aggregate.Metrics; !equalHist(mm.Turns, m.Turns) || !equalHist(mm.Rounds, m.Rounds) {
			t.Errorf("%s: merged shards count other turns or rounds", tc.game)
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
