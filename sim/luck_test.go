package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/value"
)

// fitRandom fits a value function of game g for players on a few random games (any
// value function gives unbiased luck; these tests need one, not a good one).
func fitRandom(t testing.TB, game string, players int, workers int) *value.Loaded {
	t.Helper()
	g, err := engine.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	p := g.DefaultParams()
	f := randomAgents(t, 1)[0]
	m, err := FitValue(context.Background(), FitConfig{Game: g, Params: p, Players: players, Agent: f, Seed: 7, Games: 60, Workers: workers, Ridge: 1e-4})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := g.New(p, players)
	version, names := s.(engine.ValueFeatures).FeatureSet()
	file := value.File{Schema: value.Schema, Game: game, Version: version, Fit: value.FitInfo{Seed: 7}, Models: []value.Model{*m}}
	data, err := file.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	l, err := value.Parse(data, game, version, map[int][]string{players: names})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// The fit is the same for any number of workers.
func TestFitValueSameForAnyWorkers(t *testing.T) {
	a, b := fitRandom(t, "redhot", 3, 1), fitRandom(t, "redhot", 3, 3)
	if !reflect.DeepEqual(a.File, b.File) || a.Ref != b.Ref {
		t.Fatalf("1 and 3 workers fit different models:\n%+v\n%+v", a.File.Models[0], b.File.Models[0])
	}
}

func luckConfigs(t *testing.T) []Config {
	vf := fitRandom(t, "redhot", 3, 0)
	g, _ := engine.Lookup("redhot")
	var cs []Config
	for _, seating := range Seatings {
		cs = append(cs, Config{Game: g, Players: 3, Agents: randomAgents(t, 3), Seed: 5, Units: 301,
			Seating: seating, Replays: 2, Metrics: true, Workers: 2, Luck: vf})
	}
	return cs
}

// Luck accounting changes no game: the results with and without it are the same but
// for the luck aggregate.
func TestLuckChangesNoGame(t *testing.T) {
	for _, cfg := range luckConfigs(t) {
		with := run(t, cfg)
		if with.Aggregate.Luck == nil || with.Aggregate.Luck.Events[0].Events == 0 {
			t.Fatalf("%s: no luck recorded", cfg.Seating)
		}
		plain := cfg
		plain.Luck = nil
		without := run(t, plain)
		with.Aggregate.Luck = nil
		if !bytes.Equal(withoutRun(t, with), withoutRun(t, without)) {
			t.Fatalf("%s: the games played with --luck differ", cfg.Seating)
		}
	}
}

// A run with luck and the same run as 3 merged shards, or on 1 worker, or through files,
// are byte-identical outside "run"; a resumed run too.
func TestLuckMergesAndResumesExactly(t *testing.T) {
	for _, cfg := range luckConfigs(t) {
		a := withoutRun(t, run(t, cfg))
		one := cfg
		one.Workers = 1
		if !bytes.Equal(a, withoutRun(t, run(t, one))) {
			t.Fatalf("%s: 1 and 2 workers differ", cfg.Seating)
		}
		dir := t.TempDir()
		var parts []*Result
		for _, i := range []int{2, 0, 1} {
			p := shardRun(t, cfg, Shard{i, 3})
			path := filepath.Join(dir, "p"+string(rune('0'+i))+".json")
			if err := p.WriteFile(path); err != nil {
				t.Fatal(err)
			}
			r, err := ReadResult(path)
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, r)
		}
		merged, err := Merge(parts, false)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, withoutRun(t, merged)) {
			t.Fatalf("%s: merged shards differ from the single run", cfg.Seating)
		}
		// Resume from a checkpoint taken part way.
		path := filepath.Join(dir, "ck.json")
		ck := checkpointAt(t, cfg, path, 256)
		resumed := cfg
		resumed.Resume = ck
		if ck.Done < cfg.Units && !bytes.Equal(a, withoutRun(t, run(t, resumed))) {
			t.Fatalf("%s: the resumed run differs", cfg.Seating)
		}
		plain := cfg
		plain.Luck = nil
		if _, err := ReadCheckpoint(path, plain); err == nil {
			t.Fatalf("%s: a checkpoint with luck resumed without", cfg.Seating)
		}
	}
}

// With luck accounting (and cost timing and metrics) a game allocates nothing.
func TestLuckGameAllocatesNothing(t *testing.T) {
	for _, cfg := range luckConfigs(t)[:2] {
		if err := cfg.check(); err != nil {
			t.Fatal(err)
		}
		w, err := newWorker(&cfg)
		if err != nil {
			t.Fatal(err)
		}
		for i := int64(0); i < 200; i++ {
			w.unit(i)
		}
		i := int64(0)
		if n := testing.AllocsPerRun(100, func() { i++; w.unit(i % 100) }); n != 0 {
			t.Fatalf("%s: one unit with luck allocates %.1f times, want 0", cfg.Seating, n)
		}
	}
}

// Bad luck configurations are refused with one clear line: a game without chance events,
// a value function of another game, the value function's own fitting seed; parts with and
// without luck do not merge; damaged luck sums do not read.
func TestLuckRefusals(t *testing.T) {
	vf := fitRandom(t, "redhot", 3, 0)
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Units: 10, Luck: vf}, "--luck is not available"},
		{Config{Game: dracoGame(t), Players: 2, Agents: randomAgents(t, 2), Units: 10, Seed: 1, Luck: vf}, "is for redhot, not draco"},
		{Config{Game: luckConfigs(t)[0].Game, Players: 3, Agents: randomAgents(t, 3), Units: 10, Seed: 7, Luck: vf}, "fitted on"},
		{Config{Game: luckConfigs(t)[0].Game, Players: 2, Agents: randomAgents(t, 2), Units: 10, Seed: 1, Luck: vf}, "no model for 2 players"},
	} {
		err := CheckConfig(tc.cfg)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want one line containing %q", tc.cfg.Game.Name, err, tc.want)
		}
	}
	cfg := luckConfigs(t)[0]
	plain := cfg
	plain.Luck = nil
	if _, err := Merge([]*Result{shardRun(t, cfg, Shard{0, 2}), shardRun(t, plain, Shard{1, 2})}, false); err == nil || !strings.Contains(err.Error(), "--luck") {
		t.Fatalf("parts with and without luck merged: %v", err)
	}
	other := cfg
	other.Luck = fitRandom(t, "redhot", 3, 2)
	other.Luck.Ref.SHA256 = strings.Repeat("0", 64)
	if _, err := Merge([]*Result{shardRun(t, cfg, Shard{0, 2}), shardRun(t, other, Shard{1, 2})}, false); err == nil || !strings.Contains(err.Error(), "value functions") {
		t.Fatalf("parts with different value functions merged: %v", err)
	}

	data, err := run(t, cfg).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, damage := range map[string]func(l map[string]any){
		"batches":   func(l map[string]any) { l["batches"] = l["batches"].([]any)[1:] },
		"outcomes":  func(l map[string]any) { luckSeat(l)["y"] = luckSeat(l)["y"].(float64) + 60 },
		"squares":   func(l map[string]any) { luckSeat(l)["ll"] = 0.0 },
		"products":  func(l map[string]any) { luckSeat(l)["yl"] = 1e15 },
		"kinds":     func(l map[string]any) { l["kinds"] = []any{"dragon card", "flame dice", "king's ransom"} },
		"version":   func(l map[string]any) { l["value"].(map[string]any)["version"] = "redhot/0" },
		"game":      func(l map[string]any) { l["value"].(map[string]any)["game"] = "draco" },
		"scale":     func(l map[string]any) { l["scale"] = 100.0 },
		"negatives": func(l map[string]any) { l["events"].([]any)[0].(map[string]any)["events"] = -1.0 },
	} {
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		damage(doc["aggregate"].(map[string]any)["luck"].(map[string]any))
		b, _ := json.Marshal(doc)
		path := filepath.Join(dir, name+".json")
		os.WriteFile(path, b, 0o644)
		if _, err := ReadResult(path); err == nil || !strings.Contains(err.Error(), "luck") {
			t.Errorf("damaged luck (%s) read: %v", name, err)
		}
	}
}

// luckSeat is the first batch's seat 0 tally with games of a luck aggregate in JSON.
func luckSeat(l map[string]any) map[string]any {
	for _, b := range l["batches"].([]any) {
		bm := b.(map[string]any)
		if bm["games"].(float64) > 0 {
			return bm["seats"].([]any)[0].(map[string]any)
		}
	}
	panic("no batch with games")
}

// Every game has a frozen value function for every player count, for its default rules.
func TestEveryGameHasAValueFunction(t *testing.T) {
	for _, name := range []string{"dragonheart", "draco", "redhot", "dragonscales"} {
		g, err := engine.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
			l, err := LoadValue(g, nil, n, nil)
			if err != nil {
				t.Errorf("%s %dp: %v", name, n, err)
				continue
			}
			if m := l.Model(n); m.Games < 300 || m.R2 <= 0 || l.Ref.Agent == "" || l.Ref.Seed == 1 {
				t.Errorf("%s %dp: fitted on %d games of %q (seed %d), R² %.3f", name, n, m.Games, l.Ref.Agent, l.Ref.Seed, m.R2)
			}
		}
	}
}

func dracoGame(t *testing.T) engine.Game {
	g, err := engine.Lookup("draco")
	if err != nil {
		t.Fatal(err)
	}
	return g
}
