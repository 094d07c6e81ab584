package sim

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"dragonlab/agents"
	"dragonlab/engine"
)

// Seating plans.
const (
	// SeatFixed puts agent j in seat j in every game.
	SeatFixed = "fixed"
	// SeatRotate puts agent j in seat (j+i) mod n in game i, so every agent plays every
	// seat equally often.
	SeatRotate = "rotate"
	// SeatDuplicate plays each deal (game seed) once in every rotation of the seats:
	// n games per deal, analysed as paired data, so the luck of the deal cancels.
	SeatDuplicate = "duplicate"
)

// Seatings lists the valid seating plans.
var Seatings = []string{SeatFixed, SeatRotate, SeatDuplicate, SeatReplay}

// Config describes one run.
type Config struct {
	Game    engine.Game
	Params  engine.Params // validated
	Players int
	Agents  []agents.Factory // one per seat (agent j starts in seat j)
	Seating string           // SeatFixed (default), SeatRotate, SeatDuplicate or SeatReplay
	Seed    uint64
	// Units to play: games for fixed and rotate seating, deals (of Players games each) for
	// duplicate seating, deals (of Replays games each) for replay seating. A run plays
	// unit indices First .. First+Units-1 (a shard plays a slice of the indices; the whole
	// run starts at 0).
	First, Units int64
	// Shard, when Count > 0, says this run is shard Index of Count of a run of TotalUnits.
	Shard      Shard
	TotalUnits int64
	Workers    int // 0: all cores
	// Progress, if set, is called about ten times a second from its own goroutine with the
	// number of units finished so far, and once at the end.
	Progress func(done int64)

	// Resume continues a run from a checkpoint of the same configuration.
	Resume *Checkpoint
	// Checkpoint, if set, is called with the exact finished prefix of the run at block
	// boundaries, at most every CheckpointEvery, and at the end.
	Checkpoint      func(Checkpoint) error
	CheckpointEvery time.Duration
	// Until, if set, is a stopping rule checked at every block boundary (fixed unit
	// counts, so the stop is reproducible); true ends the run there, complete.
	Until func(Aggregate) bool

	// Optional aggregates (why.go, observe.go): Components reads the game's
	// engine.Tracker records into per-agent tallies, Metrics adds the game-feel metrics,
	// Replays is K (≥ 2) for SeatReplay, ignored by the other plans.
	Components bool
	Metrics    bool
	Replays    int
	shape      whyShape // set by check
}

// Checkpoint is the exact state of a run after its first Done units.
type Checkpoint struct {
	Aggregate Aggregate
	Done      int64
}

// chunk is how many units a worker claims at once: large enough that the shared counter
// costs nothing, small enough that two workers finish together.
const chunk = 64

type worker struct {
	cfg     *Config
	state   engine.State
	agents  []agents.Agent // by agent index
	rngs    []engine.RNG   // by seat
	agentAt []int          // agent index by seat, for the game being played
	out     []float64
	shares  []float64 // by agent, for a duplicate deal
	agg     Aggregate
	obs     observer // optional instrumentation (observe.go)
}

func newWorker(cfg *Config) (*worker, error) {
	s, err := cfg.Game.New(cfg.Params, cfg.Players)
	if err != nil {
		return nil, err
	}
	n := cfg.Players
	w := &worker{cfg: cfg, state: s, rngs: make([]engine.RNG, n), agentAt: make([]int, n),
		out: make([]float64, n), shares: make([]float64, n), agg: cfg.newRunAggregate()}
	for _, f := range cfg.Agents {
		w.agents = append(w.agents, f.New())
	}
	w.initObserver()
	return w, nil
}

// play plays one game from seed with agent agentAt[seat] in each seat, and records it.
func (w *worker) play(seed uint64, rotation int) {
	s := w.state
	n := len(w.rngs)
	s.Reset(seed)
	for seat := 0; seat < n; seat++ {
		w.rngs[seat].Seed(agentSeed(seed, seat, rotation))
	}
	var decisions int64
	observe, timed := w.obs.instrumented()
	if observe {
		decisions = w.playObserved(timed)
	} else {
		for !s.Terminal() {
			seat := s.ToMove()
			s.Apply(w.agents[w.agentAt[seat]].Act(s, &w.rngs[seat]))
			decisions++
		}
	}
	s.Result(w.out)
	winners := 0
	for _, v := range w.out {
		if v > 0 {
			winners++
		}
	}
	a := &w.agg
	a.Games++
	switch {
	case winners == 0:
		a.NoWinner++
	case engine.Draw(w.out):
		a.Draws++
	}
	a.DecisionsSum += decisions
	a.DecisionsSumSq += decisions * decisions
	a.DecisionsHist.Add(decisions)
	for seat := 0; seat < n; seat++ {
		score := int64(s.Score(seat))
		a.Seats[seat].add(w.out[seat], winners, score)
		a.Agents[w.agentAt[seat]].add(w.out[seat], winners, score)
		w.shares[w.agentAt[seat]] += w.out[seat]
	}
	if observe {
		w.recordObserved(decisions, winners)
	}
}

// unit plays unit index i under the seating plan.
func (w *worker) unit(i int64) {
	cfg := w.cfg
	n := cfg.Players
	seed := GameSeed(cfg.Seed, i)
	switch cfg.Seating {
	case SeatRotate:
		w.rotate(int(i % int64(n)))
		w.play(seed, 0)
	case SeatDuplicate:
		for j := range w.shares {
			w.shares[j] = 0
		}
		for r := 0; r < n; r++ {
			w.rotate(r)
			w.play(seed, r)
		}
		w.agg.Paired.Add(int64(w.shares[0]*60 + 0.5))
	case SeatReplay:
		w.replayUnit(seed)
	default:
		w.rotate(0)
		w.play(seed, 0)
	}
}

// rotate seats agent j in seat (j+r) mod n.
func (w *worker) rotate(r int) {
	n := len(w.agentAt)
	for j := range w.agentAt {
		w.agentAt[(j+r)%n] = j
	}
}

// blockSize is how many units are played between two synchronisation points, where the
// finished prefix of the run is exact: checkpoints are taken and stopping rules checked
// there. It depends only on the configuration, never on the workers or the clock, so a
// stopping rule stops at the same game count on any machine.
func blockSize(units int64) int64 {
	return min(max(units/64, 256), 16384)
}

// Run plays the configured games. When ctx is cancelled (Ctrl-C) the workers stop after
// their current game and Run returns what was finished, with Complete false.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	start := time.Now()
	var stop atomic.Bool
	stopWatch := context.AfterFunc(ctx, func() { stop.Store(true) })
	defer stopWatch()

	// Workers are built inside their own goroutines (playBlock): what a worker writes on
	// every game (its state, agents, aggregate) is then allocated by the processor that
	// runs it, not next to another worker's — false sharing of a cache line between two
	// states cost up to 40% of the parallel speed-up.
	ws := make([]*worker, workers)
	agg := cfg.newRunAggregate()
	done := int64(0) // the finished prefix, in units from cfg.First
	if cfg.Resume != nil {
		agg, done = cfg.Resume.Aggregate, cfg.Resume.Done
	}
	var progress atomic.Int64
	progress.Store(done)
	progressDone := make(chan struct{})
	if cfg.Progress != nil {
		go func() {
			t := time.NewTicker(100 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-progressDone:
					return
				case <-t.C:
					cfg.Progress(progress.Load())
				}
			}
		}()
	}
	lastCheckpoint := time.Now()
	stoppedEarly := false
	block := blockSize(cfg.Units)
	for done < cfg.Units && !stop.Load() {
		hi := min(done+block, cfg.Units)
		finished, err := playBlock(&cfg, ws, done, hi, &stop, &progress)
		if err != nil {
			close(progressDone)
			return nil, err
		}
		for _, w := range ws {
			agg.Merge(w.agg)
		}
		if finished < hi { // interrupted inside the block
			done = -1
			break
		}
		done = hi
		if cfg.Checkpoint != nil && (time.Since(lastCheckpoint) >= cfg.CheckpointEvery || done == cfg.Units) {
			if err := cfg.Checkpoint(Checkpoint{Aggregate: agg, Done: done}); err != nil {
				close(progressDone)
				return nil, err
			}
			lastCheckpoint = time.Now()
		}
		if cfg.Until != nil && done < cfg.Units && cfg.Until(agg) {
			stoppedEarly = true
			break
		}
	}
	close(progressDone)
	if cfg.Progress != nil {
		cfg.Progress(progress.Load())
	}
	complete := done == cfg.Units || stoppedEarly
	res := NewResult(cfg, agg, complete)
	if stoppedEarly {
		res.StoppedAt = done
	}
	elapsed := time.Since(start)
	res.Run = &RunInfo{
		Started:     start.UTC().Format(time.RFC3339),
		Seconds:     elapsed.Seconds(),
		Workers:     workers,
		GamesPerSec: float64(agg.Games) / elapsed.Seconds(),
		GoVersion:   runtime.Version(),
		Cost:        collectCost(&cfg, ws),
	}
	if !complete {
		res.Run.Interrupted = "stopped before the end (interrupt): only the finished games are counted"
	}
	return res, nil
}

// playBlock plays units [lo, hi) (offsets from first) on all workers, each claiming chunks
// from a shared counter, and returns lo plus the number of units finished (hi unless
// stopped).
func playBlock(cfg *Config, ws []*worker, lo, hi int64, stop *atomic.Bool, progress *atomic.Int64) (int64, error) {
	var next, finished atomic.Int64
	next.Store(lo)
	first := cfg.First
	var g errgroup.Group
	for k := range ws {
		g.Go(func() error {
			if ws[k] == nil {
				w, err := newWorker(cfg)
				if err != nil {
					return err
				}
				ws[k] = w
			}
			w := ws[k]
			w.agg = cfg.newRunAggregate()
			for !stop.Load() {
				a := next.Add(chunk) - chunk
				if a >= hi {
					return nil
				}
				b := min(a+chunk, hi)
				for i := a; i < b; i++ {
					if stop.Load() {
						finished.Add(i - a)
						progress.Add(i - a)
						return nil
					}
					w.unit(first + i)
				}
				finished.Add(b - a)
				progress.Add(b - a)
			}
			return nil
		})
	}
	err := g.Wait()
	return lo + finished.Load(), err
}

func (cfg *Config) check() error {
	if err := cfg.Game.CheckPlayers(cfg.Players); err != nil {
		return err
	}
	if len(cfg.Agents) != cfg.Players {
		return fmt.Errorf("%d agents for %d players: give one agent per seat", len(cfg.Agents), cfg.Players)
	}
	if cfg.Units <= 0 {
		return fmt.Errorf("the number of games must be positive")
	}
	if cfg.Seating == "" {
		cfg.Seating = SeatFixed
	}
	switch cfg.Seating {
	case SeatFixed, SeatRotate, SeatDuplicate, SeatReplay:
	default:
		return fmt.Errorf("unknown seating %q (valid: fixed, rotate, duplicate, replay)", cfg.Seating)
	}
	if cfg.Params == nil {
		cfg.Params = cfg.Game.DefaultParams()
	}
	if err := cfg.Params.Validate(cfg.Players); err != nil {
		return err
	}
	return cfg.checkWhy()
}

// agentSeed seeds the random stream of the agent in seat for one game.
func agentSeed(gameSeed uint64, seat, rotation int) uint64 {
	return engine.DeriveSeed(gameSeed, uint64(1+seat+8*rotation))
}

// GameSeed is the seed of unit i of a run.
func GameSeed(runSeed uint64, i int64) uint64 { return engine.DeriveSeed(runSeed, uint64(i)) }

// Step is one decision of a traced game.
type Step struct {
	Seat   int
	Action engine.Action
	Before engine.State // the state before the action (a copy)
	After  engine.State // the state after it
}

// Trace replays game index i of a fixed-seating run exactly as Run plays it, calling
// visit after every decision. It returns the final state.
func Trace(cfg Config, i int64, visit func(Step)) (engine.State, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	seed := GameSeed(cfg.Seed, i)
	s, err := cfg.Game.NewGame(cfg.Params, cfg.Players, seed)
	if err != nil {
		return nil, err
	}
	n := cfg.Players
	rngs := make([]engine.RNG, n)
	as := make([]agents.Agent, n)
	for seat := range rngs {
		rngs[seat].Seed(agentSeed(seed, seat, 0))
		as[seat] = cfg.Agents[seat].New()
	}
	for !s.Terminal() {
		seat := s.ToMove()
		a := as[seat].Act(s, &rngs[seat])
		before := s.Clone()
		s.Apply(a)
		visit(Step{Seat: seat, Action: a, Before: before, After: s})
	}
	return s, nil
}
