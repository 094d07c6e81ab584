package sim

import (
	"fmt"
	"math"
	"slices"

	"dragonlab/engine"
	"dragonlab/engine/value"
)

// Luck accounting (Config.Luck, `--luck`): AIVAT (Burch, Schmid, Moravčík, Morrill &
// Bowling, AAAI 2018) with a frozen value function V (package value). Every game's outcome
// is split, per seat, into
//
//   - luck L: the sum over the game's chance events of the value after the event minus
//     the value expected over the event's outcomes (engine.ChanceEvents lists them with
//     their probabilities; each is tried on a copy of the state). Each term has mean zero
//     given everything before it, whatever V is, so L has mean zero and the luck-adjusted
//     outcome Y − L has the mean of Y: a control variate;
//   - the seat's own decisions S: the sum over the seat's decisions of the change of its
//     value from that decision to the next one (or to the end), less the luck (and the
//     guessing) in between;
//   - guessing G (guess.go): at the rounds of secret simultaneous choices whose choosers
//     say their mixed policies, the value after the reveal less its expectation over the
//     policies' joint choices — mean zero like the luck, and taken out of S;
//   - the rest, Y − V0 − L − G − S: the other seats' decisions, and the value function's
//     own error (V0 is the value of the empty table, before the deal).
//
// V of a finished game is its result. The sums are kept per game as fixed-point integers
// (LuckScale) and aggregated exactly: sums, squares and cross-products per seat and per
// agent, in LuckBatches batches of units interleaved by unit index (unit i in batch
// i mod LuckBatches), so that any smooth function of the means (the luck share, a
// luck-adjusted seat advantage, their ratio of variances) gets a jackknife interval over
// the batches, with deals kept whole whatever the seating. Shards, resumes and merges add
// up exactly.

// LuckScale is the fixed point of the luck sums: a stored x means x/LuckScale. A game's
// sums are rounded once, at its end.
const LuckScale = 10_000

// SwingScale is the fixed point of the swing sums (rounded per event).
const SwingScale = 1_000_000

// LuckBatches is the number of interleaved batches of units.
const LuckBatches = 64

// LuckAgg is the luck accounting of a run.
type LuckAgg struct {
	Value value.Ref `json:"value"` // the value function used
	Scale int64     `json:"scale"` // LuckScale
	Kinds []string  `json:"kinds"` // the game's chance kinds (engine.ChanceEvents)
	// Events are per kind of chance event: how many happened, their swings and, per seat,
	// the luck they carried.
	Events  []LuckKind  `json:"events"`
	Batches []LuckBatch `json:"batches"`
	// Rounds counts the rounds of secret simultaneous choices whose guessing was
	// accounted (guess.go), and GuessSwing is Σ over them of the round's swing, half the
	// sum over the seats of |guessing| (SwingScale). Both are absent for a game without
	// such rounds.
	Rounds     int64 `json:"rounds,omitempty"`
	GuessSwing int64 `json:"guessSwing,omitempty"`
}

// LuckKind is what one kind of chance event did over the run.
type LuckKind struct {
	Events int64 `json:"events"`
	// Swing is Σ over the events of the event's swing, half the sum over the seats of
	// |correction|: how much winning chance the event moved from some seats to others
	// (SwingScale).
	Swing int64 `json:"swing"`
	// Luck and LuckY are per seat Σ over games of the seat's corrections from events of
	// this kind, L_k (LuckScale, rounded per game), and Σ Y·L_k (Y in sixtieths).
	Luck  []int64 `json:"luck"`
	LuckY []int64 `json:"luckY"`
}

// LuckBatch is one batch of units: per seat and per agent, the sums over its games.
type LuckBatch struct {
	Games  int64       `json:"games"`
	Seats  []LuckTally `json:"seats"`
	Agents []LuckTally `json:"agents"`
}

// LuckTally is the sums over games of one seat's (or agent's) outcome Y (win share in
// sixtieths), luck L, own decisions S (LuckScale), and value of the empty table V0.
type LuckTally struct {
	Y  int64 `json:"y"`
	YY int64 `json:"yy"`
	L  int64 `json:"l"`
	LL int64 `json:"ll"`
	YL int64 `json:"yl"`
	S  int64 `json:"s"`
	SS int64 `json:"ss"`
	YS int64 `json:"ys"`
	LS int64 `json:"ls"`
	V0 int64 `json:"v0"`
	// DD, MM and DM are the sums over games of the seat's advantage in outcome and in
	// luck, D = n·Y − Σ_seats Y and M = n·L − Σ_seats L (n players: whole numbers), squared
	// and multiplied: the variance of the luck-adjusted advantage needs them (the seats'
	// own sums do not hold their covariances). The sums of D and M follow from Y and L.
	DD int64 `json:"dd"`
	MM int64 `json:"mm"`
	DM int64 `json:"dm"`
	// G, GG and YG are the sums over games of the seat's guessing G (LuckScale), its
	// square and Y·G: the part of the outcome the draws of the rounds of secret
	// simultaneous choices carry (guess.go); absent (0) in a game without such rounds.
	G  int64 `json:"g,omitempty"`
	GG int64 `json:"gg,omitempty"`
	YG int64 `json:"yg,omitempty"`
}

// addGuess adds one game's guessing g of a seat with outcome y.
func (t *LuckTally) addGuess(y, g int64) {
	t.G += g
	t.GG += g * g
	t.YG += y * g
}

// addAdvantage adds one game's advantages d and m (see DD).
func (t *LuckTally) addAdvantage(d, m int64) {
	t.DD += d * d
	t.MM += m * m
	t.DM += d * m
}

func (t *LuckTally) add(y, l, s, v0 int64) {
	t.Y += y
	t.YY += y * y
	t.L += l
	t.LL += l * l
	t.YL += y * l
	t.S += s
	t.SS += s * s
	t.YS += y * s
	t.LS += l * s
	t.V0 += v0
}

func (t *LuckTally) merge(o *LuckTally) {
	t.Y += o.Y
	t.YY += o.YY
	t.L += o.L
	t.LL += o.LL
	t.YL += o.YL
	t.S += o.S
	t.SS += o.SS
	t.YS += o.YS
	t.LS += o.LS
	t.V0 += o.V0
	t.DD += o.DD
	t.MM += o.MM
	t.DM += o.DM
	t.G += o.G
	t.GG += o.GG
	t.YG += o.YG
}

func newLuckAgg(ref value.Ref, kinds []string, players int) *LuckAgg {
	a := &LuckAgg{Value: ref, Scale: LuckScale, Kinds: slices.Clone(kinds),
		Events: make([]LuckKind, len(kinds)), Batches: make([]LuckBatch, LuckBatches)}
	for k := range a.Events {
		a.Events[k].Luck, a.Events[k].LuckY = make([]int64, players), make([]int64, players)
	}
	for b := range a.Batches {
		a.Batches[b].Seats, a.Batches[b].Agents = make([]LuckTally, players), make([]LuckTally, players)
	}
	return a
}

// merge adds o (same shape: sameWhy) into a.
func (a *LuckAgg) merge(o *LuckAgg) {
	a.Rounds += o.Rounds
	a.GuessSwing += o.GuessSwing
	for k := range a.Events {
		e, f := &a.Events[k], &o.Events[k]
		e.Events += f.Events
		e.Swing += f.Swing
		for s := range e.Luck {
			e.Luck[s] += f.Luck[s]
			e.LuckY[s] += f.LuckY[s]
		}
	}
	for b := range a.Batches {
		x, y := &a.Batches[b], &o.Batches[b]
		x.Games += y.Games
		for s := range x.Seats {
			x.Seats[s].merge(&y.Seats[s])
			x.Agents[s].merge(&y.Agents[s])
		}
	}
}

func (a *LuckAgg) clone() *LuckAgg {
	c := newLuckAgg(a.Value, a.Kinds, len(a.Batches[0].Seats))
	c.merge(a)
	return c
}

// sameShape reports whether a and o can be added: the same value function, kinds,
// scale, batches and seats.
func (a *LuckAgg) sameShape(o *LuckAgg) bool {
	return a.Value == o.Value && slices.Equal(a.Kinds, o.Kinds) && a.Scale == o.Scale &&
		len(a.Batches) == len(o.Batches) && len(a.Batches) > 0 && len(o.Batches[0].Seats) == len(a.Batches[0].Seats)
}

// LoadValue reads and validates a value-function file for g with rules p, played by
// players: the file must be g's, for this version of g's features, with a model for
// players. data nil means g's own (engine.Game.Value).
func LoadValue(g engine.Game, p engine.Params, players int, data []byte) (*value.Loaded, error) {
	if data == nil {
		data = g.Value
	}
	if p == nil {
		p = g.DefaultParams()
	}
	s, err := g.New(p, players)
	if err != nil {
		return nil, err
	}
	vf, ok1 := s.(engine.ValueFeatures)
	_, ok2 := s.(engine.ChanceEvents)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("game %s does not expose its chance events and value features: --luck is not available for it", g.Name)
	}
	if data == nil {
		return nil, fmt.Errorf("game %s has no value function yet: fit one with dragonlab luck-model fit", g.Name)
	}
	version, _ := vf.FeatureSet()
	names := map[int][]string{}
	for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
		st, err := g.New(p, n)
		if err != nil {
			// Rules for this player count only (seatBonus gives one value per seat): the
			// models of the other counts are checked against the default rules.
			st, err = g.New(g.DefaultParams(), n)
		}
		if err == nil {
			_, names[n] = st.(engine.ValueFeatures).FeatureSet()
		}
	}
	l, err := value.Parse(data, g.Name, version, names)
	if err != nil {
		return nil, err
	}
	if l.Model(players) == nil {
		return nil, fmt.Errorf("the value function of %s has no model for %d players: fit one with dragonlab luck-model fit", g.Name, players)
	}
	return l.For(players), nil
}

// checkLuck validates Config.Luck against the run (called by checkWhy).
func (cfg *Config) checkLuck() error {
	if cfg.Luck == nil {
		return nil
	}
	s, err := cfg.Game.New(cfg.Params, cfg.Players)
	if err != nil {
		return err
	}
	vf, ok1 := s.(engine.ValueFeatures)
	ce, ok2 := s.(engine.ChanceEvents)
	if !ok1 || !ok2 {
		return fmt.Errorf("game %s does not expose its chance events and value features: --luck is not available for it", cfg.Game.Name)
	}
	version, names := vf.FeatureSet()
	m := cfg.Luck.Model(cfg.Players)
	switch {
	case cfg.Luck.Ref.Game != cfg.Game.Name:
		return fmt.Errorf("the value function is for %s, not %s", cfg.Luck.Ref.Game, cfg.Game.Name)
	case cfg.Luck.Ref.Version != version:
		return fmt.Errorf("the value function weighs the features %s, but %s has %s: refit it (dragonlab luck-model fit)", cfg.Luck.Ref.Version, cfg.Game.Name, version)
	case m == nil:
		return fmt.Errorf("the value function of %s has no model for %d players", cfg.Game.Name, cfg.Players)
	case !slices.Equal(m.Features, names):
		return fmt.Errorf("the value function weighs other features than %s has with these rules", cfg.Game.Name)
	case cfg.Luck.Ref.Seed == cfg.Seed:
		return fmt.Errorf("seed %d is the seed the value function was fitted on: an analysed run must use other seeds", cfg.Seed)
	}
	kinds := ce.ChanceKinds()
	if len(kinds) == 0 || len(kinds) > engine.MaxChanceKinds {
		return fmt.Errorf("game %s names %d kinds of chance event (want 1 to %d)", cfg.Game.Name, len(kinds), engine.MaxChanceKinds)
	}
	cfg.shape.luckKinds = slices.Clone(kinds)
	return nil
}

// luckObserver is a worker's luck accounting: the engine.ChanceHook of its games, and the
// per-decision and end-of-game bookkeeping. Every buffer is sized once.
type luckObserver struct {
	model   *value.Model
	scratch engine.State // copies on which the outcomes of an event are tried
	n, k    int
	feat    []float64 // every seat's features
	v       []float64 // every seat's value
	expect  []float64 // the pending event's expected value, by seat
	outs    []engine.ChanceOutcome
	kind    int
	single  bool // the pending event has one outcome
	agg     *LuckAgg

	// the game being played (added to agg only when it is recorded: a game a stop cuts
	// short is not)
	started    bool
	v0, l, s   []float64 // by seat
	kl         []float64 // [kind*n + seat]
	events     []int64   // by kind
	swings     []int64   // by kind, SwingScale
	vDec, lDec []float64 // value and luck at the last decision
	decider    int       // seat of the last decision, -1 before the first

	// guessing (guess.go): the seats' guessing so far, at the last decision, and the
	// round of secret choices in progress
	g, gDec []float64
	round   guessRound
}

func newLuckObserver(cfg *Config, s engine.State) *luckObserver {
	_, names := s.(engine.ValueFeatures).FeatureSet()
	n, k := cfg.Players, len(names)
	f := func() []float64 { return make([]float64, n) }
	o := &luckObserver{model: cfg.Luck.Model(n), scratch: s.Clone(), n: n, k: k,
		feat: make([]float64, n*k), v: f(), expect: f(), outs: make([]engine.ChanceOutcome, 0, engine.MaxChanceOutcomes),
		v0: f(), l: f(), s: f(), kl: make([]float64, len(cfg.shape.luckKinds)*n), vDec: f(), lDec: f(),
		events: make([]int64, len(cfg.shape.luckKinds)), swings: make([]int64, len(cfg.shape.luckKinds)),
		g: f(), gDec: f(), round: newGuessRound(s, n)}
	o.round.hook.o = o
	return o
}

// value writes every seat's value in st into out: its result once it is over.
func (o *luckObserver) value(st engine.State, out []float64) {
	if st.Terminal() {
		st.Result(out)
		return
	}
	st.(engine.ValueFeatures).Features(o.feat)
	o.model.Eval(o.feat, out)
}

// start begins a game whose events add to agg.
func (o *luckObserver) start(agg *LuckAgg) {
	o.agg = agg
	o.started = false
	clear(o.l)
	clear(o.s)
	clear(o.kl)
	clear(o.events)
	clear(o.swings)
	clear(o.g)
	o.round.on, o.round.rounds, o.round.swing = false, 0, 0
	o.decider = -1
}

func (o *luckObserver) first(st engine.State) {
	if !o.started {
		o.value(st, o.v0)
		o.started = true
	}
}

// BeforeChance computes the pending event's expected value over its outcomes.
func (o *luckObserver) BeforeChance(st engine.State) {
	o.first(st)
	o.kind = st.(engine.ChanceEvents).ChanceKind()
	o.single = !o.expectation(st, o.expect, o.v)
}

// expectation writes into out every seat's value expected over the outcomes of st's
// pending chance event (tmp is scratch) and reports true, or reports false when the
// event has fewer than two outcomes (out is then unchanged).
func (o *luckObserver) expectation(st engine.State, out, tmp []float64) bool {
	o.outs = st.(engine.ChanceEvents).ChanceOutcomes(o.outs[:0])
	if len(o.outs) < 2 {
		return false
	}
	clear(out)
	total := 0.0
	sce := o.scratch.(engine.ChanceEvents)
	for _, oc := range o.outs {
		o.scratch.CopyFrom(st)
		sce.ForceChance(oc)
		o.value(o.scratch, tmp)
		for i, x := range tmp {
			out[i] += oc.Weight * x
		}
		total += oc.Weight
	}
	for i := range out {
		out[i] /= total
	}
	return true
}

// AfterChance adds the event's corrections: the value now less the expected value.
func (o *luckObserver) AfterChance(st engine.State) {
	o.events[o.kind]++
	if o.single {
		return
	}
	o.value(st, o.v)
	swing := 0.0
	for i, x := range o.v {
		c := x - o.expect[i]
		o.l[i] += c
		o.kl[o.kind*o.n+i] += c
		swing += math.Abs(c)
	}
	o.swings[o.kind] += int64(math.Round(swing / 2 * SwingScale))
}

// decision notes a decision of seat in st: the previous decision's term ends here.
func (o *luckObserver) decision(st engine.State, seat int) {
	o.value(st, o.v)
	if !o.started {
		copy(o.v0, o.v)
		o.started = true
	}
	o.roundBefore(st)
	o.closeDecision(o.v)
	copy(o.vDec, o.v)
	copy(o.lDec, o.l)
	copy(o.gDec, o.g)
	o.decider = seat
	o.roundAfter(st)
}

// closeDecision ends the last decision's term at values v: the change of its seat's value
// since, less the luck and the guessing in between.
func (o *luckObserver) closeDecision(v []float64) {
	if d := o.decider; d >= 0 {
		o.s[d] += v[d] - o.vDec[d] - (o.l[d] - o.lDec[d]) - (o.g[d] - o.gDec[d])
	}
}

func fixed(x float64) int64 { return int64(math.Round(x * LuckScale)) }

// end records the finished game with result out in batch b.
func (o *luckObserver) end(out []float64, agentAt []int, b int) {
	if !o.started {
		copy(o.v0, out)
	}
	o.roundEnd()
	o.closeDecision(out)
	batch := &o.agg.Batches[b]
	batch.Games++
	o.agg.Rounds += o.round.rounds
	o.agg.GuessSwing += o.round.swing
	var sumY, sumL int64
	for seat := 0; seat < o.n; seat++ {
		sumY += share60(out[seat])
		sumL += fixed(o.l[seat])
	}
	for seat := 0; seat < o.n; seat++ {
		y := share60(out[seat])
		l, s, v0 := fixed(o.l[seat]), fixed(o.s[seat]), fixed(o.v0[seat])
		d, m := int64(o.n)*y-sumY, int64(o.n)*l-sumL
		batch.Seats[seat].add(y, l, s, v0)
		batch.Seats[seat].addAdvantage(d, m)
		batch.Agents[agentAt[seat]].add(y, l, s, v0)
		batch.Agents[agentAt[seat]].addAdvantage(d, m)
		if g := fixed(o.g[seat]); g != 0 {
			batch.Seats[seat].addGuess(y, g)
			batch.Agents[agentAt[seat]].addGuess(y, g)
		}
		for k := range o.agg.Events {
			if seat == 0 {
				o.agg.Events[k].Events += o.events[k]
				o.agg.Events[k].Swing += o.swings[k]
			}
			lk := fixed(o.kl[k*o.n+seat])
			o.agg.Events[k].Luck[seat] += lk
			o.agg.Events[k].LuckY[seat] += y * lk
		}
	}
}
