// Package engine is the contract every game implements, plus the pieces all games share:
// the value RNG, seed derivation, the game registry and rules-parameter handling.
//
// Only engine/<game> packages know a game's rules. Agents, the runner and the reports see
// this contract alone, so adding a game touches only its own package and one line in
// engine/all.
package engine

// Action is a game-specific packing of one decision (type, count, choice …). Its meaning
// is private to the game; ActionText gives the spec's text form.
type Action uint32

// State is one game in progress. Implementations are fixed-size values (arrays and small
// integers; at most one pointer, to the game's immutable compiled rules), so that copying a
// state is a plain assignment and a copy is fully independent of the original.
//
// Chance (shuffles, dice, random cards) lives inside the state as a value RNG. Apply
// resolves it; the agents never see a chance node.
type State interface {
	// Players is the number of seats, numbered 0..Players()-1.
	Players() int
	// ToMove is the seat that decides now. Undefined once Terminal.
	ToMove() int
	// Terminal reports whether the game is over.
	Terminal() bool
	// Legal appends the legal actions to buf[:0] in the spec's canonical order and returns
	// it. It never allocates when buf has room; it is never empty before the end.
	Legal(buf []Action) []Action
	// Apply plays a (which must be legal), resolves every chance event and forced step it
	// triggers, and stops at the next decision or at the end.
	Apply(a Action)
	// Result writes each seat's outcome: 1 for a win alone, 1/k for a k-way shared win,
	// 0 for a loss. All zeros means nobody won (e.g. a solitaire loss or a safety cap).
	Result(out []float64)
	// Score is the seat's current score in the game's own units.
	Score(seat int) float64
	// Reset deals a new game from the seed, keeping players and rules.
	Reset(seed uint64)
	// Reseed replaces the state's chance stream, so that a copied state diverges from its
	// original in everything still to be drawn. Every fork that should diverge reseeds.
	Reseed(seed uint64)
	// Determinize re-deals everything observer cannot see (hidden cards, pending secret
	// choices of other seats, the order of draw piles) uniformly among the possibilities
	// consistent with what observer has seen, and reseeds the chance stream. After it, the
	// observer's Observe output is unchanged. It is canonical: the outcome depends only on
	// what observer sees and on seed (put the hidden cards in a fixed order, e.g. sorted,
	// before shuffling), so two states the observer cannot tell apart determinize to the
	// same state — the property that lets a test prove an agent does not peek.
	Determinize(observer int, seed uint64)
	// Observe appends to buf an encoding of everything seat can see now (its information
	// state) and returns it. Two states the seat cannot tell apart give equal bytes.
	Observe(seat int, buf []byte) []byte
	// CopyFrom makes this state an exact copy of src, which must be the same game
	// (a plain value assignment, no allocation).
	CopyFrom(src State)
	// Clone returns a new independent copy (allocates; not for hot paths).
	Clone() State
	// ActionText is the spec's text form of a, e.g. "2 princess (1,3) >petrified".
	ActionText(a Action) string
}

// Narrator is implemented by states that can describe, for traces, what happened when an
// action was applied: chance outcomes (cards drawn, dice rolled) and triggered effects.
// It is called with a copy of the state taken before Apply; it is never on a hot path.
type Narrator interface {
	Narrate(before State, a Action) []string
}

// SetupNarrator is implemented by states whose Reset already plays forced steps (e.g. a
// solitaire whose combats need no decision): NarrateReset describes what Reset(seed) did.
type SetupNarrator interface {
	NarrateReset(seed uint64) []string
}

// Describer is implemented by states that can print themselves for traces.
type Describer interface {
	Describe() string
}

// Evaluator is an optional per-game heuristic used by the greedy agent: a value added to
// the seat's score margin (e.g. cards exposed to the opponent in Dragonheart).
type Evaluator interface {
	Evaluate(seat int) float64
}

// Draw reports whether out (from Result) is a draw: every seat shares the win equally
// and there is more than one seat.
func Draw(out []float64) bool {
	if len(out) < 2 {
		return false
	}
	for _, v := range out {
		if v != out[0] || v == 0 {
			return false
		}
	}
	return true
}

// Omniscient is the viewer of a narration that sees everything (every hand, every card
// drawn): traces print games this way by default.
const Omniscient = -1

// ViewNarrator is implemented by states that can narrate a game for one viewer: a seat
// (0..Players-1) sees what that seat sees (its own hand and draws, public events, never
// another seat's hidden cards or pending secret choices), Omniscient sees everything.
// Traces (`trace --view SEAT`) and the interactive `play` command are built on it. Like
// Narrator it is never on a hot path.
type ViewNarrator interface {
	// NarrateResetView deals the game of seed into the receiver (it ends as Reset(seed)
	// leaves it) and describes, for viewer, the deal (hands, riders, piles …) and the
	// forced steps Reset already plays.
	NarrateResetView(seed uint64, viewer int) []string
	// NarrateView describes, for viewer, what happened when a was applied to before
	// (the receiver is the state after): the action, chance outcomes (cards drawn: named
	// for viewers allowed to see them, counted otherwise), triggered effects, the end.
	// The first line is the action as viewer sees it: before.ActionText(a) for the
	// omniscient viewer and the seat that acted, "(secret choice)" for a seat that may not
	// see it yet (RH-9, DS-11, DS-16). It is nil once before is terminal.
	NarrateView(before State, a Action, viewer int) []string
	// DescribeView prints the current state as viewer sees it (Omniscient: everything).
	DescribeView(viewer int) string
}

// MaxComponents bounds the number of trackable components of a game (one bit each).
const MaxComponents = 64

// Tracker is implemented by states that can record, per seat, which of the game's
// components each kind of event touched during the current game (a card dealt, drawn or
// played; an item used; a dragon ridden; an achievement such as taking the figurine). The
// records are plain bitsets inside the value state, so a copy stays an assignment and
// recording costs a few ORs per Apply; recording is off unless SetTracking(true) was
// called, and Reset clears the records (keeping the setting). Reports turn them into
// win rates per component (opening hand, drawn, in hand, never seen, played …).
type Tracker interface {
	// Components names the trackable components for the state's rules and player count:
	// a fixed list of at most MaxComponents names (lower case, no commas), the same for
	// every game dealt with these rules.
	Components() []string
	// TrackEvents names the kinds of event recorded, e.g. "dealt", "drawn", "played". By
	// convention "dealt" is the opening hand or initial state and "drawn" a card drawn
	// later: a component is "seen" by a seat when either happened to it.
	TrackEvents() []string
	// SetTracking turns recording on or off.
	SetTracking(on bool)
	// Tracked is the set of components (bit i for Components()[i]) on which event
	// happened to seat so far in this game.
	Tracked(seat, event int) uint64
}

// ActionClasser is implemented by states that sort their actions into named classes, so
// that reports and agents can refer to actions by name ("ship", "cape", "switch") — for
// example a restricted-play agent that may never choose one class.
type ActionClasser interface {
	// ActionClasses names the classes for the state's rules and player count: a fixed list
	// of at most 64 short names (lower case letters, digits and '-', e.g. "play-ship",
	// "use-cape", "switch-dragon"), the same for every game dealt with these rules.
	ActionClasses() []string
	// ActionClass is the set of classes (bit i for ActionClasses()[i]) that a, legal in
	// the current state, belongs to. An action may be in several classes (e.g. a Red Hot
	// choice "tough+cape" sends the Tough and uses the Fire cape) or in none.
	ActionClass(a Action) uint64
}

// Lengther is implemented by states that count how long the game has gone in its own
// unit — turns, rounds, combats — which decisions do not measure in every game (a
// solitaire whose only decisions are a Joker's operations). Reports compare games of the
// same length with it (component win rates stratified by length: longer games see more
// cards).
type Lengther interface {
	// Length is the game's length so far: never negative, never decreasing during a game
	// (a game whose Reset already plays forced steps may start above 0).
	Length() int
	// LengthUnit names the unit, plural ("turns", "rounds", "combats").
	LengthUnit() string
}

// ChoiceClasser is implemented by ActionClassers that mark their choice classes: those
// whose every action has a twin outside the class that spends the same things (the same
// cards, items, adventurers, or nothing), only chosen another way — a Princess taking the
// chests instead of the Petrified dragons, a spot, a gesture, a pile. Restricted play of a
// choice class leaves what the player holds as it would be; restricted play of any other
// class also makes the player keep what the class would have spent (a card it may never
// play stays in its hand), so it measures holding that forever as much as the choice.
type ChoiceClasser interface {
	// ChoiceClasses is the set of choice classes (bit i for ActionClasses()[i]).
	ChoiceClasses() uint64
}

// Sees reports whether viewer may see what only seat sees (its hand, its draws, its
// pending secret choice): the seat itself and the omniscient viewer.
func Sees(viewer, seat int) bool { return viewer == Omniscient || viewer == seat }

// OmniscientNarration is Narrator.Narrate for a game that implements ViewNarrator: the
// omniscient view of what applying a to before did, without the action line that
// NarrateView puts first.
func OmniscientNarration(after ViewNarrator, before State, a Action) []string {
	lines := after.NarrateView(before, a, Omniscient)
	if len(lines) == 0 {
		return nil
	}
	return lines[1:]
}
