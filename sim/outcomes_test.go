package sim

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"dragonlab/engine"
)

// The per-unit outcomes are the same bytes for any worker count, for merged shards and
// for a run interrupted inside a block and resumed, in every seating plan.
func TestOutcomesAreExactForWorkersShardsAndResume(t *testing.T) {
	for _, seating := range Seatings {
		cfg := Config{Game: toyGame, Players: 3, Agents: randomAgents(t, 3), Seed: 5, Units: 3001, Seating: seating,
			Workers: 1, Replays: 2, Outcomes: true}
		one := mustRun(t, context.Background(), cfg)
		if o := one.Aggregate.Outcomes; o == nil || len(o.Spans) != 1 || o.UnitCount() != cfg.Units {
			t.Fatalf("%s: the log is not one span of every unit: %+v", seating, o)
		}
		cfg.Workers = 3
		want := withoutRun(t, one)
		if got := withoutRun(t, mustRun(t, context.Background(), cfg)); !bytes.Equal(got, want) {
			t.Fatalf("%s: 3 workers give another log than 1", seating)
		}
		var parts []*Result
		for _, i := range []int{1, 2, 0} {
			parts = append(parts, shardRun(t, cfg, Shard{i, 3}))
		}
		merged, err := Merge(parts, false)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(withoutRun(t, merged), want) {
			t.Fatalf("%s: merged shards give another log", seating)
		}
		ctx, cancel := context.WithCancel(context.Background())
		first := cfg
		first.Agents = cancelAgents(t, 3, 4000, cancel)
		first.CheckpointEvery = time.Hour
		var last *Checkpoint
		first.Checkpoint = func(c Checkpoint) error { last = &c; return nil }
		part := mustRun(t, ctx, first)
		cancel()
		if part.Complete || last == nil {
			t.Fatalf("%s: the run was not interrupted", seating)
		}
		if !bytes.Equal(withoutRun(t, resumeFrom(t, cfg, *last)), want) {
			t.Fatalf("%s: the resumed run gives another log (interrupted at unit %d, %d ranges beyond)", seating, last.Done, len(last.Extra))
		}
	}
}

// A known truth: the record of unit i of a fixed-seating run is game i as Trace replays
// it (its winner and its decisions).
func TestOutcomeRecordsAreTheGamesPlayed(t *testing.T) {
	cfg := Config{Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Seed: 9, Units: 40, Outcomes: true}
	res := mustRun(t, context.Background(), cfg)
	seen := 0
	err := res.Aggregate.Outcomes.Each(2, 1, func(unit int64, games []GameOutcome) error {
		decisions := int64(0)
		end, err := Trace(cfg, unit, func(Step) { decisions++ })
		if err != nil {
			return err
		}
		out := make([]float64, 2)
		end.Result(out)
		for s := range out {
			if int64(games[0].Share60[s]) != share60(out[s]) {
				t.Errorf("unit %d seat %d: recorded %d sixtieths, the game gives %v", unit, s, games[0].Share60[s], out[s])
			}
		}
		if games[0].Decisions != decisions {
			t.Errorf("unit %d: recorded %d decisions, the game has %d", unit, games[0].Decisions, decisions)
		}
		seen++
		return nil
	})
	if err != nil || seen != 40 {
		t.Fatalf("decoded %d units: %v", seen, err)
	}
}

// A log that does not match its aggregate or its units is refused by the reader.
func TestTamperedOutcomesAreRefused(t *testing.T) {
	cfg := Config{Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Seed: 3, Units: 200, Workers: 2, Outcomes: true}
	res := mustRun(t, context.Background(), cfg)
	if _, err := ParseResult(marshal(t, res)); err != nil {
		t.Fatalf("the untouched file is refused: %v", err)
	}
	for name, tamper := range map[string]func(o *Outcomes){
		"a winner changed": func(o *Outcomes) {
			d := o.Spans[0].Data
			d[0], d[1] = d[1], d[0]
			if d[0] == d[1] {
				d[0], d[1] = 60, 0
			}
		},
		"a unit dropped":   func(o *Outcomes) { o.Spans[0].Units--; o.Spans[0].Data = o.Spans[0].Data[:len(o.Spans[0].Data)-3] },
		"bytes added":      func(o *Outcomes) { o.Spans[0].Data = append(o.Spans[0].Data, 0) },
		"a span moved":     func(o *Outcomes) { o.Spans[0].First = 1 },
		"impossible share": func(o *Outcomes) { o.Spans[0].Data[0] = 61 },
	} {
		c := *res
		c.Aggregate.Outcomes = res.Aggregate.Outcomes.clone()
		tamper(c.Aggregate.Outcomes)
		if _, err := ParseResult(marshal(t, &c)); err == nil || !strings.Contains(err.Error(), "outcomes") {
			t.Errorf("%s: accepted (%v)", name, err)
		}
	}
	// Parts with and without a log are not merged.
	a := shardRun(t, cfg, Shard{0, 2})
	plain := cfg
	plain.Outcomes = false
	b := shardRun(t, plain, Shard{1, 2})
	if _, err := Merge([]*Result{a, b}, false); err == nil || !strings.Contains(err.Error(), "outcomes") {
		t.Fatalf("parts with and without outcomes merged: %v", err)
	}
}

// With luck accounting, each game's record also holds every seat's luck: the records sum
// to the luck aggregate, and the log is the same bytes for any workers and for merged
// shards.
func TestOutcomesCarryTheLuck(t *testing.T) {
	g := dracoGame(t)
	l, err := LoadValue(g, nil, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Game: g, Players: 3, Agents: randomAgents(t, 3), Seed: 7, Units: 600, Workers: 1, Luck: l, Outcomes: true}
	one := mustRun(t, context.Background(), cfg)
	if !one.Aggregate.Outcomes.Luck {
		t.Fatal("the records do not say they hold the luck")
	}
	nonzero := false
	err = one.Aggregate.Outcomes.Each(3, 1, func(_ int64, games []GameOutcome) error {
		nonzero = nonzero || games[0].Luck[0] != 0
		return nil
	})
	if err != nil || !nonzero {
		t.Fatalf("no luck in the records (%v)", err)
	}
	cfg.Workers = 3
	want := withoutRun(t, one)
	if !bytes.Equal(withoutRun(t, mustRun(t, context.Background(), cfg)), want) {
		t.Fatal("3 workers give other records")
	}
	merged, err := Merge([]*Result{shardRun(t, cfg, Shard{1, 2}), shardRun(t, cfg, Shard{0, 2})}, false)
	if err != nil || !bytes.Equal(withoutRun(t, merged), want) {
		t.Fatalf("merged shards give other records (%v)", err)
	}
	// A record's luck changed is refused: it no longer sums to the accounting's.
	c := *one
	c.Aggregate.Outcomes = one.Aggregate.Outcomes.clone()
	d := c.Aggregate.Outcomes.Spans[0].Data
	d[4] ^= 2 // the first game's seat 0 luck (after 3 shares and a one-byte decision count)
	if _, err := ParseResult(marshal(t, &c)); err == nil {
		t.Fatal("a changed luck record was accepted")
	}
}

// Rules for one player count (seatBonus has one value per seat) keep the game's value
// function: the other counts' models are checked against the default rules.
func TestValueFunctionOfRulesForOnePlayerCount(t *testing.T) {
	g := dracoGame(t)
	p := g.DefaultParams()
	if err := engine.SetParam(g, p, "seatBonus=[0,3]"); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadValue(g, p, 2, nil); err != nil {
		t.Fatal(err)
	}
}
