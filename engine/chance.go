package engine

// Chance events and value features: the optional interfaces behind luck accounting
// (AIVAT: Burch, Schmid, Moravčík, Morrill & Bowling, "AIVAT: A New Variance Reduction
// Technique for Agent Evaluation in Imperfect Information Games", AAAI 2018).
//
// A game that implements ChanceEvents lets an observer see every chance event the engine
// resolves — a card turned from a shuffled pile, a die, a card taken at random — with the
// event's outcome distribution, and try each alternative outcome on a copy of the state,
// while the game that is played stays exactly the one Apply plays (the engine still
// resolves chance from its own stream). A game that implements ValueFeatures describes a
// state by numbers a value function can weigh. Together they let the runner split each
// game's outcome into per-event terms: at a chance event, the value after it minus the
// value expected over its outcomes (luck); at a decision, the rest.

// MaxChanceOutcomes bounds the distinct outcomes one chance event lists (observers size
// their buffers with it).
const MaxChanceOutcomes = 512

// MaxChanceKinds bounds the kinds of chance event of one game.
const MaxChanceKinds = 16

// ChanceOutcome is one possible outcome of a pending chance event: a game-specific code
// (what ForceChance needs to bring it about) and its weight. Probabilities are the weights
// divided by their sum; outcomes that have the same effect may be listed once with their
// weights added.
type ChanceOutcome struct {
	Code   uint32
	Weight float64
}

// ChanceHook is called by a state around each chance event it resolves inside
// ResetObserved and ApplyObserved. Inside BeforeChance the state is between two steps of
// its own Reset or Apply: the hook may read it (ChanceKind, ChanceOutcomes, Features,
// Terminal, Result) and copy it, and may call ForceChance on a copy, but must not change
// it. AfterChance is called once the event's outcome (and whatever follows from it alone,
// without a decision or another chance event) has been applied.
type ChanceHook interface {
	BeforeChance(s State)
	AfterChance(s State)
}

// ChanceEvents is implemented by states that expose the chance events they resolve.
//
// An event's distribution is the true conditional law of its outcome given everything
// that happened so far, including every hidden card: a card turned from a shuffled pile is
// a chance event over the cards nobody has seen at that moment (never over the pile's
// order, which nobody knows), a card whose identity somebody knows is not a chance event.
// The state played with ResetObserved and ApplyObserved is the same, byte for byte, as
// with Reset and Apply, whatever the hook does with copies.
type ChanceEvents interface {
	// ChanceKinds names the kinds of chance event in a few words a designer reads, e.g.
	// "draw", "flame dice", "DH-14 card": a fixed list of at most MaxChanceKinds distinct
	// names for the state's rules and player count.
	ChanceKinds() []string
	// ResetObserved is Reset, calling h around every chance event of the deal.
	ResetObserved(seed uint64, h ChanceHook)
	// ApplyObserved is Apply, calling h around every chance event the action triggers.
	ApplyObserved(a Action, h ChanceHook)
	// ChanceKind is the kind (index into ChanceKinds) of the pending event (inside
	// BeforeChance, or on a copy taken there).
	ChanceKind() int
	// ChanceOutcomes appends the pending event's possible outcomes to buf[:0] (at most
	// MaxChanceOutcomes, every weight positive) and returns it.
	ChanceOutcomes(buf []ChanceOutcome) []ChanceOutcome
	// ForceChance resolves the pending event with outcome o, as if chance had given it,
	// and stops where AfterChance would be called. It is for copies taken inside
	// BeforeChance; it calls no hook.
	ForceChance(o ChanceOutcome)
}

// ValueFeatures is implemented by states that describe themselves by numbers for a
// value function (a model of each seat's expected win share). A value function judges a
// game after the fact and never plays, so the features may see every seat's hidden cards,
// but never what chance has not yet revealed (the order of a pile, a future die).
type ValueFeatures interface {
	// FeatureSet is the version of the features (e.g. "dragonheart/1": a value function
	// fitted on one version reads no other) and their names, fixed for the state's rules
	// and player count.
	FeatureSet() (version string, names []string)
	// Features writes every seat's features, seat by seat: out[seat*k+j] is feature j of
	// seat, k = len(names). It may be called between the steps of Reset and Apply (inside
	// a ChanceHook) and does not allocate.
	Features(out []float64)
}

// Chance is the plumbing of ChanceEvents that every game shares: the pending chance
// event, for an observer. A game's State keeps one (its field ch), calls Before and After
// around each chance event it resolves, and implements ResetObserved, ApplyObserved and
// ChanceKind with the methods of the same names. The hook is set only inside
// ResetObserved and ApplyObserved, so a state played with Reset and Apply calls nothing
// and allocates nothing more.
type Chance struct {
	Hook ChanceHook
	Kind uint8 // the pending event's kind, an index into the game's ChanceKinds
	Arg  uint8 // the game's detail of the event: the seat that draws, a pile, a flame
}

// Before records the event about to be resolved (its kind and the game's detail) and
// calls the hook's BeforeChance with s, the state that embeds c.
func (c *Chance) Before(s State, kind uint8, arg int) {
	if c.Hook != nil {
		c.Kind, c.Arg = kind, uint8(arg)
		c.Hook.BeforeChance(s)
	}
}

// After calls the hook's AfterChance with s once the event's outcome is applied.
func (c *Chance) After(s State) {
	if c.Hook != nil {
		c.Hook.AfterChance(s)
	}
}

// ResetObserved is s.Reset(seed) with h called around every chance event of the deal.
func (c *Chance) ResetObserved(s State, seed uint64, h ChanceHook) {
	c.Hook = h
	s.Reset(seed)
	c.Hook = nil
}

// ApplyObserved is s.Apply(a) with h called around every chance event it resolves.
func (c *Chance) ApplyObserved(s State, a Action, h ChanceHook) {
	c.Hook = h
	s.Apply(a)
	c.Hook = nil
}

// ChanceKind is the pending event's kind (ChanceEvents.ChanceKind).
func (c *Chance) ChanceKind() int { return int(c.Kind) }
