package agents

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"

	"dragonlab/engine"
)

// Wrapping agents decide through a base agent given by a nested spec: noisy (a random
// move now and then), softmax (moves sampled by their greedy value) and restrict (never a
// forbidden class of action). A wrapper is honest exactly when its base is; a wrapper
// around a cheating base (the oracle) must say cheat=true and is then labelled cheating.

// parseBase reads a wrapper's base option: a spec in parentheses, or a bare kind without
// options. It rewrites opts["base"] to the base's canonical spec (in parentheses when it
// has options) and checks the cheat option against it.
func parseBase(opts map[string]string) (Factory, error) {
	v := opts["base"]
	inner, nested := unparen(v)
	if !nested && strings.ContainsAny(v, ":=") {
		return Factory{}, fmt.Errorf("option base=%s: put a base spec with options in parentheses, e.g. base=(%s)", clip(v), clip(v))
	}
	f, err := Parse(inner)
	if err != nil {
		return Factory{}, fmt.Errorf("option base=%s: %w", clip(v), err)
	}
	opts["base"] = paren(f.Spec)
	cheat, err := ChoiceOption(opts, "cheat", "false", "true")
	if err != nil {
		return Factory{}, err
	}
	switch {
	case f.Cheats && cheat != "true":
		return Factory{}, fmt.Errorf("option base=%s: the base CHEATS (it sees hidden cards); add cheat=true to wrap it anyway (the wrapper is then labelled cheating)", paren(Short(f.Spec)))
	case !f.Cheats && cheat == "true":
		return Factory{}, fmt.Errorf("option cheat=true: the base %s does not cheat (valid: cheat=false)", Short(f.Spec))
	}
	return f, nil
}

// wrapperOptions are the base and cheat options every wrapper has, after its own.
func wrapperOptions(defaultBase string, own ...Option) []Option {
	return append([]Option{
		{Name: "base", Default: defaultBase, Doc: "the agent decided through: a kind, or a spec with options in parentheses, e.g. base=(mcts:iters=200,c=1)"},
		{Name: "cheat", Default: "false", Doc: "true is required, and only allowed, when the base cheats (the oracle); the wrapper is then labelled cheating"},
	}, own...)
}

// iterationsOf is a base agent's search iterations (0 if it does not search).
func iterationsOf(a Agent) int64 {
	if s, ok := a.(Searcher); ok {
		return s.Iterations()
	}
	return 0
}

// Noisy plays a uniformly random legal action with probability Eps, else its base's
// action: a player who usually plays well and sometimes blunders.
type Noisy struct {
	Eps  float64
	Base Agent
	buf  [MaxActions]engine.Action
}

// Act plays at random with probability Eps, else as the base.
func (n *Noisy) Act(s engine.State, rng *engine.RNG) engine.Action {
	if n.Eps > 0 && rng.Float64() < n.Eps {
		legal := s.Legal(n.buf[:0])
		return legal[rng.IntN(len(legal))]
	}
	return n.Base.Act(s, rng)
}

// Iterations is the base's search iterations.
func (n *Noisy) Iterations() int64 { return iterationsOf(n.Base) }

// valuer is a base that can value every legal action (softmax samples by these values).
type valuer interface {
	Agent
	// values writes to out[i] the value of legal[i] for the seat to move in s.
	values(s engine.State, rng *engine.RNG, legal []engine.Action, out []float64)
}

// Softmax samples an action with probability ∝ exp(value/T) over its base's values (the
// greedy evaluation: score margin plus the game's heuristic, in score units; a win or
// loss dominates): T near 0 plays like greedy, a large T like random.
type Softmax struct {
	T    float64
	Base valuer
	buf  [MaxActions]engine.Action
	val  [MaxActions]float64
}

// Act samples an action by its softmax weight.
func (x *Softmax) Act(s engine.State, rng *engine.RNG) engine.Action {
	legal := s.Legal(x.buf[:0])
	if len(legal) == 1 {
		return legal[0]
	}
	val := x.val[:len(legal)]
	x.Base.values(s, rng, legal, val)
	top := math.Inf(-1)
	for _, v := range val {
		top = max(top, v)
	}
	total := 0.0
	for i, v := range val {
		val[i] = math.Exp((v - top) / x.T) // ≤ 1, and 1 for the best: no overflow
		total += val[i]
	}
	u := rng.Float64() * total
	for i, w := range val {
		if u < w {
			return legal[i]
		}
		u -= w
	}
	return legal[len(legal)-1] // rounding
}

// Iterations is the base's search iterations.
func (x *Softmax) Iterations() int64 { return iterationsOf(x.Base) }

// RestrictKind names the restricted-play agent kind (restrict:base=(…),forbid=…).
const RestrictKind = "restrict"

// Restricted is implemented by restricted-play agents (restrict): Restriction counts the
// agent's decisions in which the restriction bound (a legal action was forbidden and
// another one allowed) and those in which it could not be kept (every legal action was
// forbidden, so the agent played as its base would).
type Restricted interface {
	Restriction() (bound, unkept int64)
}

// Restrict is restricted play (Jaffe et al., "Evaluating Competitive Game Balance with
// Restricted Play", AIIDE 2012): its base decides on a view of the state in which, when
// the restricted seat is to move, the actions of the forbidden classes are not legal
// unless every legal action is forbidden. The base's search therefore also knows that the
// seat will keep the restriction later in the game.
type Restrict struct {
	Forbid []string // class names (engine.ActionClasser)
	Base   Agent

	mask     uint64
	resolved bool // mask computed (class lists are fixed per rules: once per agent)
	view     restricted
	buf      [MaxActions]engine.Action
	bound    int64
	unkept   int64
}

// Restriction reports how often the restriction bound and how often it could not be kept.
func (r *Restrict) Restriction() (bound, unkept int64) { return r.bound, r.unkept }

// Iterations is the base's search iterations.
func (r *Restrict) Iterations() int64 { return iterationsOf(r.Base) }

// Act lets the base decide on the restricted view of s.
func (r *Restrict) Act(s engine.State, rng *engine.RNG) engine.Action {
	cl, ok := s.(engine.ActionClasser)
	if !ok {
		panic("agents: restrict needs a game with action classes (the runner calls Factory.Check first)")
	}
	r.resolve(cl)
	legal := s.Legal(r.buf[:0])
	allowed := 0
	for _, a := range legal {
		if cl.ActionClass(a)&r.mask == 0 {
			allowed++
		}
	}
	switch {
	case allowed == 0:
		r.unkept++
	case allowed < len(legal):
		r.bound++
	}
	r.view = restricted{inner: s, seat: s.ToMove(), mask: r.mask}
	a := r.Base.Act(&r.view, rng)
	r.view.inner = nil // do not keep the caller's state alive
	return a
}

// resolve computes the mask of the forbidden classes, once: an agent plays one game with
// one set of rules, whose class list is fixed.
func (r *Restrict) resolve(cl engine.ActionClasser) {
	if r.resolved {
		return
	}
	mask, err := classMask(cl.ActionClasses(), r.Forbid)
	if err != nil {
		panic("agents: restrict: " + err.Error() + " (the runner calls Factory.Check first)")
	}
	r.mask, r.resolved = mask, true
}

// classMask is the set of bits of the forbidden class names in names.
func classMask(names, forbid []string) (uint64, error) {
	var mask uint64
	for _, f := range forbid {
		i := indexOf(names, f)
		if i < 0 {
			if len(names) == 0 {
				return 0, fmt.Errorf("unknown action class %q: this game names no action classes", f)
			}
			return 0, fmt.Errorf("unknown action class %q (valid: %s)", f, strings.Join(names, ", "))
		}
		mask |= 1 << uint(i)
	}
	return mask, nil
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// restricted is the view of a state a restricted agent's base decides on: the same state,
// except that Legal leaves out the forbidden actions when seat is to move (unless all are
// forbidden). Copies and determinizations stay restricted views, so the base's search
// keeps the restriction for the seat's future moves too.
type restricted struct {
	inner engine.State
	seat  int
	mask  uint64
}

func (r *restricted) Players() int          { return r.inner.Players() }
func (r *restricted) ToMove() int           { return r.inner.ToMove() }
func (r *restricted) Terminal() bool        { return r.inner.Terminal() }
func (r *restricted) Apply(a engine.Action) { r.inner.Apply(a) }
func (r *restricted) Result(out []float64)  { r.inner.Result(out) }
func (r *restricted) Score(seat int) float64 {
	return r.inner.Score(seat)
}
func (r *restricted) Reset(seed uint64)                     { r.inner.Reset(seed) }
func (r *restricted) Reseed(seed uint64)                    { r.inner.Reseed(seed) }
func (r *restricted) Determinize(observer int, seed uint64) { r.inner.Determinize(observer, seed) }
func (r *restricted) Observe(seat int, buf []byte) []byte   { return r.inner.Observe(seat, buf) }
func (r *restricted) ActionText(a engine.Action) string     { return r.inner.ActionText(a) }

// Legal is the inner state's legal list without the forbidden actions of the seat.
func (r *restricted) Legal(buf []engine.Action) []engine.Action {
	legal := r.inner.Legal(buf)
	if r.mask == 0 || r.inner.ToMove() != r.seat {
		return legal
	}
	cl := r.inner.(engine.ActionClasser)
	n := 0
	for _, a := range legal {
		if cl.ActionClass(a)&r.mask == 0 {
			n++
		}
	}
	if n == 0 || n == len(legal) {
		return legal
	}
	n = 0
	for _, a := range legal {
		if cl.ActionClass(a)&r.mask == 0 {
			legal[n] = a
			n++
		}
	}
	return legal[:n]
}

// CopyFrom copies another view (of the same game).
func (r *restricted) CopyFrom(src engine.State) {
	o := src.(*restricted)
	if r.inner == nil || !sameType(r.inner, o.inner) {
		r.inner = o.inner.Clone()
	} else {
		r.inner.CopyFrom(o.inner)
	}
	r.seat, r.mask = o.seat, o.mask
}

// Clone returns an independent view.
func (r *restricted) Clone() engine.State {
	return &restricted{inner: r.inner.Clone(), seat: r.seat, mask: r.mask}
}

// Evaluate forwards the game's heuristic (0 if it has none, which evaluate treats alike).
func (r *restricted) Evaluate(seat int) float64 {
	if ev, ok := r.inner.(engine.Evaluator); ok {
		return ev.Evaluate(seat)
	}
	return 0
}

// ActionClasses and ActionClass forward the game's classes (a restrict inside a restrict).
func (r *restricted) ActionClasses() []string {
	return r.inner.(engine.ActionClasser).ActionClasses()
}

func (r *restricted) ActionClass(a engine.Action) uint64 {
	return r.inner.(engine.ActionClasser).ActionClass(a)
}

// Unwrap is the state seen through the view.
func (r *restricted) Unwrap() engine.State { return r.inner }

// wrapCheck is a wrapper's Factory.Check: its base's, if any.
func wrapCheck(base Factory) func(engine.State) error {
	return base.Check
}

func init() {
	RegisterKind(Kind{
		Name: "noisy",
		Doc: "a casual player: a uniformly random legal move with probability eps, else the base's move " +
			"(honest when the base is)",
		Options: wrapperOptions("greedy",
			Option{Name: "eps", Default: "0.2", Doc: "probability of a uniformly random move, 0 to 1"}),
		Make: func(opts map[string]string) (Factory, error) {
			base, err := parseBase(opts)
			if err != nil {
				return Factory{}, err
			}
			eps, err := FloatOption(opts, "eps", 0, 1)
			if err != nil {
				return Factory{}, err
			}
			canonFloat(opts, "eps", eps)
			return Factory{Cheats: base.Cheats, Check: wrapCheck(base),
				New: func() Agent { return &Noisy{Eps: eps, Base: base.New()} }}, nil
		},
	})
	RegisterKind(Kind{
		Name: "softmax",
		Doc: "a casual player: moves sampled with probability ∝ exp(value/t) over the base's values " +
			"(the greedy evaluation, in score units; a win or loss dominates)",
		Options: wrapperOptions("greedy",
			Option{Name: "t", Default: "0.5", Doc: "temperature in score units, above 0 (small: nearly greedy; large: nearly random)"}),
		Make: func(opts map[string]string) (Factory, error) {
			base, err := parseBase(opts)
			if err != nil {
				return Factory{}, err
			}
			if _, ok := base.New().(valuer); !ok {
				return Factory{}, fmt.Errorf("option base=%s: softmax needs a base that values every move (valid: greedy)", Short(base.Spec))
			}
			t, err := FloatOption(opts, "t", 0, 1e9)
			if err != nil || t == 0 {
				return Factory{}, fmt.Errorf("option t=%s: want a temperature above 0 and at most 1e+09", clip(opts["t"]))
			}
			canonFloat(opts, "t", t)
			return Factory{Cheats: base.Cheats, Check: wrapCheck(base),
				New: func() Agent { return &Softmax{T: t, Base: base.New().(valuer)} }}, nil
		},
	})
	RegisterKind(Kind{
		Name: RestrictKind,
		Doc: "restricted play (Jaffe et al. 2012): the base never chooses an action of a forbidden class " +
			"when another action is legal (if every legal action is forbidden it plays as the base would, " +
			"and counts it); its search keeps the restriction for its own later moves too",
		Options: wrapperOptions("greedy",
			Option{Name: "forbid", Doc: "required: the forbidden action classes, joined by '+' (e.g. forbid=play-troll+use-cape); the game's classes are checked before play"}),
		Make: func(opts map[string]string) (Factory, error) {
			base, err := parseBase(opts)
			if err != nil {
				return Factory{}, err
			}
			forbid, err := parseForbid(opts["forbid"])
			if err != nil {
				return Factory{}, err
			}
			opts["forbid"] = strings.Join(forbid, "+")
			check := func(s engine.State) error {
				if base.Check != nil {
					if err := base.Check(s); err != nil {
						return err
					}
				}
				cl, ok := s.(engine.ActionClasser)
				if !ok {
					return fmt.Errorf("restrict: this game names no action classes, so nothing can be forbidden")
				}
				names := cl.ActionClasses()
				if _, err := classMask(names, forbid); err != nil {
					return fmt.Errorf("restrict: forbid=%s: %w", opts["forbid"], err)
				}
				if len(forbid) == len(names) {
					return fmt.Errorf("restrict: forbid=%s forbids every action class of this game (%s): nothing would be left to play", opts["forbid"], strings.Join(names, ", "))
				}
				if keepable(s, cl, forbid) == 0 {
					return fmt.Errorf("restrict: forbid=%s forbids every action the game offers (in %d random games no decision had an allowed action): nothing would be left to play", opts["forbid"], probeGames)
				}
				return nil
			}
			return Factory{Cheats: base.Cheats, Check: check,
				New: func() Agent { return &Restrict{Forbid: forbid, Base: base.New()} }}, nil
		},
	})
}

// probeGames is how many random games keepable plays.
const probeGames = 20

// keepable plays probeGames random games of the game of s (fixed seeds: the answer is
// reproducible) and counts the decisions at which an action outside the forbidden
// classes was legal: 0 means the restriction forbids everything the game offers (e.g.
// every play-<type> class of Dragonheart, which together cover every action).
func keepable(s engine.State, cl engine.ActionClasser, forbid []string) int {
	mask, err := classMask(cl.ActionClasses(), forbid)
	if err != nil {
		return 0
	}
	st := s.Clone()
	var rng engine.RNG
	buf := make([]engine.Action, 0, MaxActions)
	n := 0
	for g := uint64(0); g < probeGames; g++ {
		st.Reset(engine.DeriveSeed(0x5eed, g))
		rng.Seed(g)
		for !st.Terminal() {
			legal := st.Legal(buf[:0])
			for _, a := range legal {
				if st.(engine.ActionClasser).ActionClass(a)&mask == 0 {
					n++
					break
				}
			}
			st.Apply(legal[rng.IntN(len(legal))])
		}
	}
	return n
}

// parseForbid reads "a+b+c": class names (lower case letters, digits and '-'), sorted and
// without repeats, so that equal restrictions have equal canonical specs.
func parseForbid(v string) ([]string, error) {
	var out []string
	for _, name := range strings.Split(v, "+") {
		name = strings.TrimSpace(name)
		if name == "" || strings.Trim(name, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
			return nil, fmt.Errorf("option forbid=%s: want action class names (lower case letters, digits, '-') joined by '+'", clip(v))
		}
		if indexOf(out, name) < 0 {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out, nil
}

// sameType reports whether two states are of the same concrete type (CopyFrom needs it).
func sameType(a, b engine.State) bool { return reflect.TypeOf(a) == reflect.TypeOf(b) }
