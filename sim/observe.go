package sim

import (
	"fmt"
	"slices"

	"dragonlab/agents"
	"dragonlab/engine"
)

// The runner's optional instrumentation (cost, components, game-feel metrics) and the
// replay seating plan hook into runner.go through the few calls below; the fast loop of
// worker.play stays untouched when none is asked for, so plain random play keeps its
// speed. Everything a game needs is allocated once per worker: a game allocates nothing.

// whyShape is what Config.check learns about the run's optional aggregates.
type whyShape struct {
	classes    []string // engine.ActionClasser classes (nil unless Config.Decisions)
	compNames  []string // engine.Tracker Components (nil unless Config.Components)
	compEvents []string // TrackEvents, then "seen" when the game has dealt or drawn
	stratified string   // the event split by game length ("" unless the game is an engine.Lengther)
	lengthUnit string
	keyEv      int      // index of the stratified event
	dealt      int      // index of "dealt" in the engine's events, or -1
	drawn      int      // index of "drawn", or -1
	restricted bool     // some agent is a restricted agent (Aggregate.Restrict)
	luckKinds  []string // engine.ChanceEvents ChanceKinds (nil unless Config.Luck)
	feelUnit   string   // the game's engine.Lengther unit, for the metrics ("" without)
}

// CheckConfig validates cfg as Run does (players, agents, seating, rules and the optional
// aggregates: a game without engine.Tracker cannot give components), so that a command
// can report bad input before it plays or writes anything.
func CheckConfig(cfg Config) error { return cfg.check() }

// checkWhy validates the optional parts of cfg (called by check, after the rules).
func (cfg *Config) checkWhy() error {
	if cfg.Seating == SeatReplay && cfg.Replays < 2 {
		return fmt.Errorf("replay seating plays each deal K ≥ 2 times: replays must be at least 2, not %d", cfg.Replays)
	}
	if cfg.Metrics && cfg.Players > 8 {
		return fmt.Errorf("game-feel metrics support at most 8 players, not %d", cfg.Players)
	}
	if cfg.Outcomes && cfg.Players > MaxSeats {
		return fmt.Errorf("per-unit outcomes support at most %d players, not %d", MaxSeats, cfg.Players)
	}
	cfg.shape = whyShape{dealt: -1, drawn: -1}
	if err := cfg.checkValue(); err != nil {
		return err
	}
	for _, f := range cfg.Agents {
		if f.Kind == agents.RestrictKind {
			cfg.shape.restricted = true
		}
	}
	if err := cfg.checkLuck(); err != nil {
		return err
	}
	if cfg.Metrics {
		if s, err := cfg.Game.New(cfg.Params, cfg.Players); err == nil {
			if l, ok := s.(engine.Lengther); ok {
				cfg.shape.feelUnit = l.LengthUnit()
			}
		}
	}
	if !cfg.Components {
		return nil
	}
	s, err := cfg.Game.New(cfg.Params, cfg.Players)
	if err != nil {
		return err
	}
	tr, ok := s.(engine.Tracker)
	if !ok {
		return fmt.Errorf("game %s does not record components: --components is not available for it", cfg.Game.Name)
	}
	names, events := tr.Components(), tr.TrackEvents()
	if len(names) == 0 || len(names) > engine.MaxComponents || len(events) == 0 {
		return fmt.Errorf("game %s names %d components and %d events (want 1 to %d components and at least one event)", cfg.Game.Name, len(names), len(events), engine.MaxComponents)
	}
	if slices.Contains(events, EventSeen) {
		return fmt.Errorf("game %s names an event %q, which the runner derives itself", cfg.Game.Name, EventSeen)
	}
	sh := &cfg.shape
	sh.compNames = slices.Clone(names)
	sh.compEvents, sh.dealt, sh.drawn = componentEvents(events)
	if l, ok := s.(engine.Lengther); ok {
		sh.keyEv = stratifiedEvent(sh.compEvents)
		sh.stratified, sh.lengthUnit = sh.compEvents[sh.keyEv], l.LengthUnit()
	}
	return nil
}

// newRunAggregate is the empty aggregate of cfg's run (cfg checked), with the optional
// parts it asks for.
func (cfg *Config) newRunAggregate() Aggregate {
	a := newAggregate(cfg.Players)
	if cfg.Components {
		a.Components = newComponentAgg(cfg.shape.compNames, cfg.shape.compEvents, cfg.Players)
		a.Components.Stratified, a.Components.LengthUnit = cfg.shape.stratified, cfg.shape.lengthUnit
	}
	if cfg.Metrics {
		a.Metrics = &Metrics{LengthUnit: cfg.shape.feelUnit}
	}
	if cfg.Seating == SeatReplay {
		a.Replays = &ReplayAgg{K: cfg.Replays, Seats: make([][]ReplayBin, cfg.Players)}
	}
	if cfg.Substitute != nil {
		a.Substitutions = newSubstitutionAgg(cfg.Substitute)
	}
	if cfg.Decisions {
		a.Decisions = newDecisionAgg(cfg.shape.classes, cfg.Players)
	}
	if cfg.shape.restricted {
		a.Restrict = make([]Restriction, len(cfg.Agents))
	}
	if cfg.Luck != nil {
		a.Luck = newLuckAgg(cfg.Luck.Ref, cfg.shape.luckKinds, cfg.Players)
	}
	if cfg.Outcomes {
		a.Outcomes = &Outcomes{Luck: cfg.Luck != nil}
	}
	return a
}

// observer is a worker's instrumentation: buffers sized once, reused by every game.
type observer struct {
	// cost (cost.go)
	every     int64             // time one game in every (1 when some agent is not random, else costSample)
	games     int64             // games played by the worker, for sampling
	cost      []costAcc         // by agent index
	searchers []agents.Searcher // by agent index; nil where the agent does not search

	// components (components.go)
	tracker  engine.Tracker  // nil unless Config.Components
	lengther engine.Lengther // the game's length, when the component tallies are split by it
	keyEv    int             // the event split by length
	nEv      int             // events including the derived "seen"
	nEng     int             // the engine's events (nEv, or nEv-1 with "seen")
	seenEv   int             // index of "seen" (-1: none)
	dealt    int             // engine event indices of "dealt" and "drawn" (-1: none)
	drawn    int
	compMask uint64   // one bit per component
	prev     []uint64 // [seat*nEv+e]: the bitset after the last decision
	first    []int32  // [(seat*nEv+e)*64+c]: decision number of the first occurrence

	// metrics (metrics.go)
	metrics  bool
	players  int
	legalBuf []engine.Action
	legal    []uint16 // per decision (1-based decision d at d-1): legal actions
	top      []uint8  // per position (0 = the deal, d = after decision d): seats at the top score
	leader   int      // strict leader at the last position that had one (-1: none yet)
	changes  int64    // lead changes in this game
	run      int      // strict leader of the current run of positions (-1: none)
	runStart int64    // first position of that run

	// replay seating (replay.go): per seat, Σ and Σ² of the win share over the replays
	replayS, replayQ []int64

	// luck accounting (luck.go); nil unless Config.Luck
	luck *luckObserver
}

func (w *worker) initObserver() {
	cfg := w.cfg
	o := &w.obs
	o.cost = make([]costAcc, len(w.agents))
	o.searchers = make([]agents.Searcher, len(w.agents))
	o.every = costSample
	for j, a := range w.agents {
		o.searchers[j], _ = a.(agents.Searcher)
		if cfg.Agents[j].Kind != "random" {
			o.every = 1
		}
	}
	if cfg.Components {
		o.tracker = w.state.(engine.Tracker) // checkWhy made sure
		o.tracker.SetTracking(true)
		if cfg.shape.stratified != "" {
			o.lengther, o.keyEv = w.state.(engine.Lengther), cfg.shape.keyEv
		}
		sh := &cfg.shape
		o.nEv, o.dealt, o.drawn, o.seenEv = len(sh.compEvents), sh.dealt, sh.drawn, -1
		o.nEng = o.nEv
		if sh.compEvents[o.nEv-1] == EventSeen {
			o.seenEv, o.nEng = o.nEv-1, o.nEv-1
		}
		o.compMask = ^uint64(0) >> (64 - len(sh.compNames))
		o.prev = make([]uint64, cfg.Players*o.nEv)
		o.first = make([]int32, cfg.Players*o.nEv*64)
	}
	if cfg.Seating == SeatReplay {
		o.replayS, o.replayQ = make([]int64, cfg.Players), make([]int64, cfg.Players)
	}
	if cfg.Luck != nil {
		o.luck = newLuckObserver(cfg, w.state)
	}
	if cfg.Metrics {
		o.metrics, o.players = true, cfg.Players
		o.legalBuf = make([]engine.Action, 0, agents.MaxActions)
		o.legal = make([]uint16, MetricsTraceCap)
		o.top = make([]uint8, MetricsTraceCap+1)
	}
}

// instrumented reports whether the next game needs the observed loop, and whether its
// decisions are timed (the cost policy, cost.go).
func (o *observer) instrumented() (observe, timed bool) {
	timed = o.games%o.every == 0
	o.games++
	return timed || o.tracker != nil || o.metrics || o.luck != nil, timed
}

// playObserved plays the game dealt in w.state like the plain loop of play, with the
// instrumentation asked for, and returns the number of decisions. With w.stop (agents
// that search) it also looks at the run's stop flag after every decision and gives the
// game up (false) once it is set.
func (w *worker) playObserved(timed bool) (int64, bool) {
	s, o := w.state, &w.obs
	if o.tracker != nil {
		o.startComponents(len(w.rngs))
	}
	if o.metrics {
		o.startMetrics(s)
	}
	if w.val.classer != nil {
		w.val.startDecisions()
	}
	var decisions int64
	for !s.Terminal() {
		seat := s.ToMove()
		j := w.agentAt[seat]
		nLegal := 0
		if o.metrics {
			nLegal = len(s.Legal(o.legalBuf))
		}
		if o.luck != nil {
			o.luck.decision(s, seat)
		}
		var a engine.Action
		if timed {
			sr := o.searchers[j]
			var it int64
			if sr != nil {
				it = sr.Iterations()
			}
			t0 := monoNanos()
			a = w.agents[j].Act(s, &w.rngs[seat])
			ns := monoNanos() - t0
			c := &o.cost[j]
			c.decisions++
			c.nanos += ns
			if sr != nil {
				c.iterations += sr.Iterations() - it
			}
		} else {
			a = w.agents[j].Act(s, &w.rngs[seat])
		}
		if w.stop != nil && w.stop.Load() {
			return decisions, false
		}
		if w.val.classer != nil {
			w.val.recordDecision(w.agg.Decisions, s, j, a)
		}
		if o.luck != nil {
			o.luck.chose(s, seat, w.agents[j], a)
			s.(engine.ChanceEvents).ApplyObserved(a, o.luck)
		} else {
			s.Apply(a)
		}
		decisions++
		if o.tracker != nil {
			o.stepComponents(len(w.rngs), decisions)
		}
		if o.metrics {
			o.stepMetrics(&w.agg, s, decisions, nLegal)
		}
	}
	return decisions, true
}

// record adds the instrumentation's part of a finished game to the worker's aggregate.
func (w *worker) recordObserved(decisions int64, winners int) {
	if w.obs.tracker != nil {
		w.obs.endComponents(w.agg.Components, w.agentAt, w.out)
	}
	if w.obs.metrics {
		w.obs.endMetrics(w.agg.Metrics, w.state, w.out, decisions, winners)
	}
	if w.val.classer != nil {
		w.val.endDecisions(w.agg.Decisions)
	}
	if w.obs.luck != nil {
		w.obs.luck.end(w.out, w.agentAt, int(w.unitNo%LuckBatches))
	}
}

// share60 is a seat's outcome (1, 1/k or 0) in sixtieths.
func share60(v float64) int64 { return int64(v*60 + 0.5) }

// mergeWhy adds o's optional parts into a. Parts of one run have the same shape (Run
// builds them from one Config; Merge of results checks sameWhy first).
func (a *Aggregate) mergeWhy(o Aggregate) {
	if o.Components != nil {
		if a.Components == nil {
			a.Components = o.Components.clone()
		} else {
			a.Components.merge(o.Components)
		}
	}
	if o.Metrics != nil {
		if a.Metrics == nil {
			a.Metrics = o.Metrics.clone()
		} else {
			a.Metrics.merge(o.Metrics)
		}
	}
	if o.Replays != nil {
		if a.Replays == nil {
			a.Replays = o.Replays.clone()
		} else {
			a.Replays.merge(o.Replays)
		}
	}
	if o.Substitutions != nil {
		if a.Substitutions == nil {
			a.Substitutions = o.Substitutions.clone()
		} else {
			a.Substitutions.merge(o.Substitutions)
		}
	}
	if o.Decisions != nil {
		if a.Decisions == nil {
			a.Decisions = o.Decisions.clone()
		} else {
			a.Decisions.merge(o.Decisions)
		}
	}
	if o.Outcomes != nil {
		if a.Outcomes == nil {
			a.Outcomes = o.Outcomes.clone()
		} else {
			a.Outcomes.merge(o.Outcomes)
		}
	}
	if o.Restrict != nil {
		if a.Restrict == nil {
			a.Restrict = make([]Restriction, len(o.Restrict))
		}
		for j, c := range o.Restrict {
			a.Restrict[j].Bound += c.Bound
			a.Restrict[j].Unkept += c.Unkept
		}
	}
	if o.Luck != nil {
		if a.Luck == nil {
			a.Luck = o.Luck.clone()
		} else {
			a.Luck.merge(o.Luck)
		}
	}
}

// sameWhy says why two aggregates of the same run cannot be added (nil if they can):
// both must have or lack each optional part, with the same shape.
func sameWhy(a, b *Aggregate) error {
	switch {
	case (a.Components == nil) != (b.Components == nil):
		return fmt.Errorf("some parts have component statistics (--components) and others do not: run every part with the same options")
	case a.Components != nil && !a.Components.sameShape(b.Components):
		return fmt.Errorf("the parts track different components or events (different dragonlab versions?)")
	case (a.Metrics == nil) != (b.Metrics == nil):
		return fmt.Errorf("some parts have game-feel metrics (--metrics) and others do not: run every part with the same options")
	case (a.Replays == nil) != (b.Replays == nil):
		return fmt.Errorf("some parts use replay seating and others do not")
	case a.Replays != nil && (a.Replays.K != b.Replays.K || len(a.Replays.Seats) != len(b.Replays.Seats)):
		return fmt.Errorf("the parts replay each deal a different number of times (%d vs %d)", a.Replays.K, b.Replays.K)
	case (a.Substitutions == nil) != (b.Substitutions == nil) || a.Substitutions != nil && !a.Substitutions.sameShape(b.Substitutions):
		return fmt.Errorf("the parts substitute different components (or some none): run every part with the same options")
	case (a.Decisions == nil) != (b.Decisions == nil) || a.Decisions != nil && !a.Decisions.sameShape(b.Decisions):
		return fmt.Errorf("some parts have decision values and others do not (or other classes): run every part with the same options")
	case (a.Outcomes == nil) != (b.Outcomes == nil) || a.Outcomes != nil && a.Outcomes.Luck != b.Outcomes.Luck:
		return fmt.Errorf("some parts keep per-unit outcomes and others do not: run every part with the same options")
	case (a.Restrict == nil) != (b.Restrict == nil) || len(a.Restrict) != len(b.Restrict):
		return fmt.Errorf("some parts count the restricted agent's decisions and others do not (different dragonlab versions?)")
	case (a.Luck == nil) != (b.Luck == nil):
		return fmt.Errorf("some parts have luck accounting (--luck) and others do not: run every part with the same options")
	case a.Luck != nil && !a.Luck.sameShape(b.Luck):
		return fmt.Errorf("the parts' luck accounting used different value functions (or dragonlab versions)")
	}
	return nil
}
