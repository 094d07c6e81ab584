package sim

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/engine/value"
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

// GamesPerUnit is the number of games in one unit of a seating plan: one game (fixed,
// rotate), a deal in every rotation (duplicate: players games) or a deal played replays
// times (replay).
func GamesPerUnit(seating string, players, replays int) int {
	switch seating {
	case SeatDuplicate:
		return players
	case SeatReplay:
		return max(replays, 1)
	}
	return 1
}

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

	// Resume continues a run from a checkpoint of the same configuration (ReadCheckpoint).
	Resume *Checkpoint
	// ForceResume lets ReadCheckpoint accept a checkpoint written by another version.
	ForceResume bool
	// Checkpoint, if set, is called with the exact state of the run at block boundaries
	// (at most every CheckpointEvery), when the run ends, when a stopping rule stops it,
	// and when it is interrupted (SIGTERM, Ctrl-C): then with every unit finished, so a
	// resumed run replays nothing.
	Checkpoint      func(Checkpoint) error
	CheckpointEvery time.Duration
	// Until, if set, is a stopping rule checked at every block boundary (fixed unit
	// counts, so the stop is reproducible); true ends the run there, complete.
	// UntilSpec is its canonical text (StopRule.String), recorded in results and
	// checkpoints so that a resumed run stops by the same rule.
	Until     func(Aggregate) bool
	UntilSpec string

	// Optional aggregates (extras.go, observe.go): Components reads the game's
	// engine.Tracker records into per-agent tallies, Metrics adds the game-feel metrics,
	// Replays is K (≥ 2) for SeatReplay, ignored by the other plans.
	Components bool
	Metrics    bool
	Replays    int
	// Substitute and Decisions ask for the value aggregates (value.go): component values
	// by substitution (each deal also played with one seat's setup changed; fixed seating
	// only) and decision values from the search root of the agents that report it.
	Substitute *Substitution
	Decisions  bool
	// Outcomes keeps every unit's game outcomes in unit order (outcomes.go), so that runs
	// on the same seeds can be compared deal by deal.
	Outcomes bool
	// Luck, if set, is the value function with which every game's outcome is split into
	// luck and decisions (luck.go); it must be the game's (LoadValue).
	Luck  *value.Loaded
	shape whyShape // set by check
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
	val     valuer   // substitutions and decision values (value_run.go)
	// restricted are the restricted agents by agent index (nil for the others), and
	// counted their counts already in agg (Aggregate.Restrict), when some agent is one.
	restricted []agents.Restricted
	counted    []Restriction
	unitNo     int64 // the unit being played
	// stop is the run's stop flag when some agent polls it inside its decisions
	// (agents.Stoppable); nil otherwise. See playUnit.
	stop *atomic.Bool
	// rec is the record of the unit being played (Config.Outcomes).
	rec []byte
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
	if w.agg.Restrict != nil {
		w.restricted, w.counted = make([]agents.Restricted, len(w.agents)), make([]Restriction, len(w.agents))
		for j, a := range w.agents {
			w.restricted[j], _ = a.(agents.Restricted)
		}
	}
	w.initObserver()
	w.initValuer()
	return w, nil
}

// watchStop hands the run's stop flag to the agents that search (agents.Stoppable), so
// that a stop (Ctrl-C, SIGTERM, SIGHUP) ends a long decision within milliseconds.
func (w *worker) watchStop(stop *atomic.Bool) {
	for _, a := range w.agents {
		if agents.SetStop(a, stop) {
			w.stop = stop
		}
	}
}

// play plays one game from seed with agent agentAt[seat] in each seat, and records it.
// It returns false, recording nothing, when the run was stopped during the game: a
// decision may have been cut short, so the game is not one the agents really played.
func (w *worker) play(seed uint64, rotation int) bool {
	s := w.state
	n := len(w.rngs)
	if lo := w.obs.luck; lo != nil {
		lo.start(w.agg.Luck)
		s.(engine.ChanceEvents).ResetObserved(seed, lo)
	} else {
		s.Reset(seed)
	}
	for seat := 0; seat < n; seat++ {
		w.rngs[seat].Seed(agentSeed(seed, seat, rotation))
	}
	var decisions int64
	observe, timed := w.obs.instrumented()
	observe = observe || w.val.classer != nil
	if observe || w.stop != nil {
		var finished bool
		if decisions, finished = w.playObserved(timed); !finished {
			return false
		}
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
	if a.Outcomes != nil {
		var luck []float64
		if w.obs.luck != nil {
			luck = w.obs.luck.l // the game's luck per seat, final after recordObserved
		}
		w.rec = appendGame(w.rec, w.out, decisions, luck)
	}
	if w.restricted != nil {
		w.countRestrictions()
	}
	return true
}

// countRestrictions adds the restricted agents' counts of the game just played (their
// counters run over the worker's games) into the aggregate. A game cut short by a stop
// is not counted, nor is the unit it belongs to (playUnit): the worker stops after it.
func (w *worker) countRestrictions() {
	for j, r := range w.restricted {
		if r == nil {
			continue
		}
		bound, unkept := r.Restriction()
		w.agg.Restrict[j].Bound += bound - w.counted[j].Bound
		w.agg.Restrict[j].Unkept += unkept - w.counted[j].Unkept
		w.counted[j] = Restriction{Bound: bound, Unkept: unkept}
	}
}

// unit plays unit index i under the seating plan. It returns false when the run was
// stopped inside the unit (only with w.stop): its games are then partly recorded, and
// playUnit throws them away.
func (w *worker) unit(i int64) bool {
	w.rec = w.rec[:0]
	if !w.playSeating(i) {
		return false
	}
	if o := w.agg.Outcomes; o != nil {
		o.add(i, w.rec)
	}
	return true
}

// playSeating plays the games of unit i under the seating plan (see unit).
func (w *worker) playSeating(i int64) bool {
	cfg := w.cfg
	n := cfg.Players
	seed := GameSeed(cfg.Seed, i)
	w.unitNo = i
	switch cfg.Seating {
	case SeatRotate:
		w.rotate(int(i % int64(n)))
		return w.play(seed, 0)
	case SeatDuplicate:
		clear(w.shares)
		for r := 0; r < n; r++ {
			w.rotate(r)
			if !w.play(seed, r) {
				return false
			}
		}
		w.agg.Paired.Add(share60(w.shares[0]))
		return true
	case SeatReplay:
		return w.replayUnit(seed)
	default:
		w.rotate(0)
		if !w.play(seed, 0) {
			return false
		}
		if cfg.Substitute != nil {
			return w.substituteUnit(seed)
		}
		return true
	}
}

// playUnit plays unit i into the worker's aggregate and reports whether it finished. A
// worker whose agents can be stopped inside a decision plays each unit into a fresh
// aggregate and adds it only when the unit finished, so that a unit cut short by a stop
// leaves no trace (a resumed run plays it again, identically). Only search agents take
// this path: their unit costs milliseconds, the aggregate's few allocations nothing.
func (w *worker) playUnit(i int64) bool {
	if w.stop == nil {
		return w.unit(i)
	}
	kept := w.agg
	w.agg = w.cfg.newRunAggregate()
	finished := w.unit(i)
	if finished {
		kept.Merge(w.agg)
	}
	w.agg = kept
	return finished
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

// Run plays the configured games. When ctx is cancelled (Ctrl-C, SIGTERM, SIGHUP) the
// workers stop after their current game — a searching agent (agents.Stoppable) ends its
// decision early and the game it was in is dropped — and Run returns what was finished,
// with Complete false (and, with cfg.Checkpoint, a final checkpoint of exactly those
// games).
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
	st := runState{agg: cfg.newRunAggregate()}
	if cfg.Resume != nil {
		// A copy: the checkpoint stays as it was, and can be resumed again.
		st = runState{agg: cfg.Resume.Aggregate.clone(), done: cfg.Resume.Done, extra: slices.Clone(cfg.Resume.Extra), stopped: cfg.Resume.Stopped}
	}
	var progress atomic.Int64
	progress.Store(finishedUnits(st.done, st.extra))
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
	err := st.play(&cfg, ws, &stop, &progress)
	close(progressDone)
	if err != nil {
		return nil, err
	}
	if cfg.Progress != nil {
		cfg.Progress(progress.Load())
	}
	complete := st.done == cfg.Units || st.stopped
	res := NewResult(cfg, st.agg, complete)
	if st.stopped {
		res.StoppedAt = st.done
	}
	elapsed := time.Since(start)
	res.Run = &RunInfo{
		Started:   start.UTC().Format(time.RFC3339),
		Seconds:   elapsed.Seconds(),
		Workers:   workers,
		GoVersion: runtime.Version(),
		Cost:      collectCost(&cfg, ws),
	}
	played := st.agg.Games
	if cfg.Resume != nil {
		played -= cfg.Resume.Aggregate.Games
		res.Run.ResumedFrom, res.Run.ResumedGames, res.Run.ResumedTool = cfg.Resume.From, cfg.Resume.Aggregate.Games, cfg.Resume.Tool
	}
	if secs := elapsed.Seconds(); secs > 0 {
		res.Run.GamesPerSec = float64(played) / secs
	}
	if !complete {
		res.Run.Interrupted = "stopped before the end (interrupt): only the finished games are counted"
	}
	return res, nil
}

// runState is where a run stands: the aggregate of exactly the finished units, which are
// the prefix [0, done) plus, after an interrupt inside a block, the ranges in extra.
type runState struct {
	agg     Aggregate
	done    int64
	extra   [][2]int64
	stopped bool // the stopping rule ended the run at done
}

// finishedUnits counts the units of the prefix [0, done) and of the ranges beyond it.
func finishedUnits(done int64, extra [][2]int64) int64 {
	for _, e := range extra {
		done += e[1] - e[0]
	}
	return done
}

// checkpoint is a snapshot: the run goes on merging into its own aggregate.
func (st *runState) checkpoint() Checkpoint {
	return Checkpoint{Aggregate: st.agg.clone(), Done: st.done, Extra: slices.Clone(st.extra), Stopped: st.stopped}
}

// play plays block after block until the end, the stopping rule or an interrupt.
func (st *runState) play(cfg *Config, ws []*worker, stop *atomic.Bool, progress *atomic.Int64) error {
	lastCheckpoint := time.Now()
	block := blockSize(cfg.Units)
	for !st.stopped && st.done < cfg.Units && !stop.Load() {
		// Blocks are [k·block, (k+1)·block) whatever the run resumed from, so the stopping
		// rule is checked at the same unit counts as in an uninterrupted run.
		hi := min(st.done-st.done%block+block, cfg.Units)
		next, tails, err := playBlock(cfg, ws, st.done, hi, st.extra, stop, progress)
		if err != nil {
			return err
		}
		for _, w := range ws {
			st.agg.Merge(w.agg)
		}
		if next < hi || len(tails) > 0 { // interrupted inside the block
			st.done, st.extra = finishedIn(st.done, hi, next, tails, st.extra)
			break
		}
		st.done, st.extra = hi, nil
		// The rule is checked before the checkpoint is written, and the checkpoint says
		// when it stopped the run: resuming a stopped run then plays nothing more.
		st.stopped = cfg.Until != nil && st.done < cfg.Units && cfg.Until(st.agg)
		if cfg.Checkpoint != nil && (st.stopped || st.done == cfg.Units || time.Since(lastCheckpoint) >= cfg.CheckpointEvery) {
			if err := cfg.Checkpoint(st.checkpoint()); err != nil {
				return err
			}
			lastCheckpoint = time.Now()
		}
	}
	if cfg.Checkpoint != nil && !st.stopped && st.done < cfg.Units {
		// Interrupted: a final checkpoint of every finished unit.
		return cfg.Checkpoint(st.checkpoint())
	}
	return nil
}

// finishedIn computes, for a block [lo, hi) stopped by an interrupt, the new finished
// prefix and the finished ranges beyond it: units below next were claimed, and every
// claimed unit was played except the tails workers left (minus units of skip, finished
// before).
func finishedIn(lo, hi, next int64, tails, skip [][2]int64) (int64, [][2]int64) {
	unfinished := append(tails, [2]int64{next, hi})
	sort.Slice(unfinished, func(i, j int) bool { return unfinished[i][0] < unfinished[j][0] })
	var done [][2]int64 // finished ranges in [lo, hi), in order
	at := lo
	for _, u := range unfinished {
		if u[0] > at {
			done = append(done, [2]int64{at, u[0]})
		}
		at = max(at, u[1])
	}
	if at < hi {
		done = append(done, [2]int64{at, hi})
	}
	done = unionSpans(done, skip)
	prefix := lo
	if len(done) > 0 && done[0][0] == lo {
		prefix, done = done[0][1], done[1:]
	}
	return prefix, done
}

// unionSpans merges two sorted lists of disjoint ranges into one, joining ranges that
// touch.
func unionSpans(a, b [][2]int64) [][2]int64 {
	all := append(append([][2]int64(nil), a...), b...)
	sort.Slice(all, func(i, j int) bool { return all[i][0] < all[j][0] })
	var out [][2]int64
	for _, s := range all {
		if s[0] >= s[1] {
			continue
		}
		if n := len(out); n > 0 && s[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], s[1])
			continue
		}
		out = append(out, s)
	}
	return out
}

// inSpans reports whether unit i is in one of the sorted ranges.
func inSpans(spans [][2]int64, i int64) bool {
	k := sort.Search(len(spans), func(k int) bool { return spans[k][1] > i })
	return k < len(spans) && spans[k][0] <= i
}

// playBlock plays units [lo, hi) (offsets from first) on all workers, each claiming chunks
// from a shared counter, skipping the units in skip (finished before an interrupt). It
// returns how far units were claimed (hi or more unless stopped) and, when stopped, the
// ranges [a, b) of claimed units that workers left unplayed.
func playBlock(cfg *Config, ws []*worker, lo, hi int64, skip [][2]int64, stop *atomic.Bool, progress *atomic.Int64) (int64, [][2]int64, error) {
	var next atomic.Int64
	next.Store(lo)
	first := cfg.First
	tails := make([][2]int64, len(ws))
	var g errgroup.Group
	for k := range ws {
		g.Go(func() error {
			if ws[k] == nil {
				w, err := newWorker(cfg)
				if err != nil {
					return err
				}
				w.watchStop(stop)
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
				played := int64(0)
				for i := a; i < b; i++ {
					if stop.Load() {
						progress.Add(played)
						tails[k] = [2]int64{i, b}
						return nil
					}
					if skip != nil && inSpans(skip, i) {
						continue
					}
					if !w.playUnit(first + i) { // stopped inside the unit
						progress.Add(played)
						tails[k] = [2]int64{i, b}
						return nil
					}
					played++
				}
				progress.Add(played)
			}
			return nil
		})
	}
	err := g.Wait()
	var left [][2]int64
	for _, t := range tails {
		if t[0] < t[1] {
			left = append(left, t)
		}
	}
	return min(next.Load(), hi), left, err
}

// MaxWorkers is the most workers a run may have: 4× the CPUs. More would only cost
// memory (each worker holds its own game, agents and aggregates), never speed, and a
// huge count would try to allocate gigabytes before the first game.
func MaxWorkers() int { return 4 * runtime.NumCPU() }

// CheckWorkers validates a worker count: 0 (one per core) to MaxWorkers.
func CheckWorkers(n int) error {
	switch {
	case n < 0:
		return fmt.Errorf("workers must be positive (or 0 for all cores), not %d", n)
	case n > MaxWorkers():
		return fmt.Errorf("workers: %d is more than 4 × the %d CPUs (at most %d): more workers would only use memory", n, runtime.NumCPU(), MaxWorkers())
	}
	return nil
}

func (cfg *Config) check() error {
	if err := cfg.Game.CheckPlayers(cfg.Players); err != nil {
		return err
	}
	if err := CheckWorkers(cfg.Workers); err != nil {
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
	if !slices.Contains(Seatings, cfg.Seating) {
		return fmt.Errorf("unknown seating %q (valid: %s)", cfg.Seating, strings.Join(Seatings, ", "))
	}
	if cfg.Params == nil {
		cfg.Params = cfg.Game.DefaultParams()
	}
	if err := cfg.Params.Validate(cfg.Players); err != nil {
		return err
	}
	if err := CheckAgents(cfg.Game, cfg.Params, cfg.Players, cfg.Agents); err != nil {
		return err
	}
	if err := cfg.checkWhy(); err != nil {
		return err
	}
	if cfg.Resume != nil {
		if err := cfg.Resume.fits(*cfg); err != nil {
			return fmt.Errorf("resume: the checkpoint does not fit this run: %v", err)
		}
	}
	return nil
}

// CheckAgents lets every agent that can check its game (agents.Factory.Check, e.g. the
// action classes a restricted agent avoids) say so before anything is played.
func CheckAgents(g engine.Game, params engine.Params, players int, fs []agents.Factory) error {
	var s engine.State
	for _, f := range fs {
		if f.Check == nil {
			continue
		}
		if s == nil {
			var err error
			if s, err = g.NewGame(params, players, 1); err != nil {
				return err
			}
		}
		if err := f.Check(s); err != nil {
			return fmt.Errorf("agent %s: %w", f.Spec, err)
		}
	}
	return nil
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
