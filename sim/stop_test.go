package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"
	"time"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/sim/valuetest"
)

// stuckAgent stands for a search that takes very long: it plays +1 in the toy game until
// the shared budget of decisions is used up, then "searches" until the run's stop flag is
// set (agents.Stoppable) and plays +2 — a decision cut short, which must never count.
type stuckAgent struct {
	left  *atomic.Int64 // decisions before the long one, shared by every copy
	stuck chan struct{} // closed when the long decision starts
	stop  *atomic.Bool
}

func (a *stuckAgent) Act(engine.State, *engine.RNG) engine.Action {
	if a.left.Add(-1) != -1 {
		return 1
	}
	close(a.stuck)
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if a.stop != nil && a.stop.Load() {
			return 2
		}
	}
	return 2
}

func (a *stuckAgent) SetStop(stop *atomic.Bool) bool { a.stop = stop; return true }

// stuckAgents makes the agents of a toy run whose decision number after is the long one.
func stuckAgents(players int, after int64) ([]agents.Factory, chan struct{}) {
	left := new(atomic.Int64)
	left.Store(after)
	stuck := make(chan struct{})
	fs := make([]agents.Factory, players)
	for i := range fs {
		fs[i] = agents.Factory{Spec: "stuck", Kind: "stuck", New: func() agents.Agent { return &stuckAgent{left: left, stuck: stuck} }}
	}
	return fs, stuck
}

// Issue 27, item 3: a stop (Ctrl-C, SIGTERM) inside a long decision ends the run at
// once; the run keeps exactly the units finished before, drops the one whose decision was
// cut short, and its final checkpoint resumes into the uninterrupted result — for every
// seating (a duplicate or replay unit is several games) and with the optional aggregates
// that are recorded during a game.
func TestStopInsideADecisionKeepsTheFinishedUnits(t *testing.T) {
	for _, c := range []struct {
		seating string
		replays int
		metrics bool
	}{{SeatFixed, 0, false}, {SeatRotate, 0, true}, {SeatDuplicate, 0, true}, {SeatReplay, 3, true}} {
		t.Run(c.seating, func(t *testing.T) {
			fs, stuck := stuckAgents(2, 700)
			cfg := Config{Game: toyGame, Params: toyGame.DefaultParams(), Players: 2, Agents: fs, Seating: c.seating,
				Replays: c.replays, Metrics: c.metrics, Seed: 5, Units: 400, Workers: 1}
			var last *Checkpoint
			cfg.Checkpoint = func(ck Checkpoint) error { last = &ck; return nil }
			cfg.CheckpointEvery = time.Hour
			ctx, cancel := context.WithCancel(context.Background())
			var stopped time.Time
			go func() {
				<-stuck
				stopped = time.Now()
				cancel()
			}()
			res, err := Run(ctx, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if d := time.Since(stopped); d > 2*time.Second {
				t.Errorf("the run ended %v after the stop", d)
			}
			if res.Complete || last == nil || last.Aggregate.Games != res.Games {
				t.Fatalf("complete %v, %d games; final checkpoint %+v", res.Complete, res.Games, last)
			}
			units := res.Games / int64(GamesPerUnit(c.seating, 2, c.replays))
			if units == 0 || last.Done != units || len(last.Extra) != 0 {
				t.Fatalf("%d games: checkpoint done %d, extra %v", res.Games, last.Done, last.Extra)
			}
			// The same units, played without a stop, give the same aggregate: the unit
			// with the cut decision (a +2) left no trace.
			clean := cfg
			clean.Agents, _ = stuckAgents(2, 1<<40)
			clean.Units, clean.Checkpoint = units, nil
			want := run(t, clean)
			if !sameAggregate(res.Aggregate, want.Aggregate) {
				t.Fatalf("the interrupted run's %d games differ from the same games played without a stop", res.Games)
			}
			// Resuming (agents that do not get stuck) ends with the uninterrupted run.
			whole := cfg
			whole.Agents, _ = stuckAgents(2, 1<<40)
			whole.Checkpoint = nil
			resumed := whole
			resumed.Resume = last
			if a, b := run(t, resumed), run(t, whole); !bytes.Equal(withoutRun(t, a), withoutRun(t, b)) {
				t.Fatal("the resumed run differs from the uninterrupted one")
			}
		})
	}
}

func sameAggregate(a, b Aggregate) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

// A stop inside a changed deal of a substitution unit drops the whole unit: the deal as
// dealt is not kept without its changed deals.
func TestStopInsideASubstitutionUnit(t *testing.T) {
	fs, stuck := stuckAgents(2, 1000)
	cfg := Config{Game: valuetest.CardGame, Params: valuetest.CardGame.DefaultParams(), Players: 2, Agents: fs, Seed: 5, Units: 400, Workers: 1,
		Substitute: &Substitution{Components: []string{"a", "c"}, Fewer: true}}
	var last *Checkpoint
	cfg.Checkpoint = func(ck Checkpoint) error { last = &ck; return nil }
	cfg.CheckpointEvery = time.Hour
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-stuck
		cancel()
	}()
	res, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete || last == nil || last.Done != res.Games || res.Games == 0 {
		t.Fatalf("complete %v, %d games; final checkpoint %+v", res.Complete, res.Games, last)
	}
	for _, cell := range res.Aggregate.Substitutions.Cells {
		if cell.Diff.Clusters != res.Games {
			t.Fatalf("%d deals but a cell of %d", res.Games, cell.Diff.Clusters)
		}
	}
	clean := cfg
	clean.Agents, _ = stuckAgents(2, 1<<40)
	clean.Units, clean.Checkpoint = res.Games, nil
	if !sameAggregate(res.Aggregate, run(t, clean).Aggregate) {
		t.Fatal("the interrupted run differs from its finished deals played without a stop")
	}
}
