// Package agents holds the players: random, and (registered by their own files) greedy,
// IS-MCTS and its enhancements, PIMC, expert (per-game settings), the cheating oracle, and
// the wrappers noisy, softmax and restrict; plus the parser of agent specs.
//
// The spec grammar:
//
//	spec   = kind [ ":" option { "," option } ]
//	option = key "=" value
//	value  = text without ',' '(' ')'  |  "(" spec ")"  |  kind
//
// A wrapper's base is a nested spec: in parentheses when it has options
// ("noisy:base=(mcts:iters=200,c=1),eps=0.2"), bare when it has none
// ("softmax:base=greedy,t=0.5"). In a list of specs (ParseList) commas separate agents
// except inside parentheses, and a comma followed by key=value continues the previous
// spec. A canonical spec (Factory.Spec) spells out every option of the kind and of its
// base, which is in parentheses when it has options.
package agents

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"dragonlab/engine"
)

// MaxActions bounds the number of legal actions in any state of any game; agents size
// their action buffers with it.
const MaxActions = 1024

// Agent decides for the seat to move. rng is the seat's own random stream for this game
// (seeded by the runner from the game seed and the seat), so decisions are reproducible.
// An agent must see only what s.Observe(s.ToMove()) shows: anything else it learns from s
// must come through Determinize (only agents whose kind says Cheats may do otherwise).
type Agent interface {
	Act(s engine.State, rng *engine.RNG) engine.Action
}

// Searcher is implemented by agents that run search iterations (MCTS and its variants):
// Iterations is the number run since the agent was made. The runner reads it around
// decisions to report iterations per decision beside the time per decision.
type Searcher interface {
	Iterations() int64
}

// Option describes one option of an agent kind. An empty Default makes it required.
type Option struct {
	Name    string
	Default string
	Doc     string
}

// Kind is a registered kind of agent.
type Kind struct {
	Name    string
	Doc     string
	docFunc func() string // if set, makes Doc when the kinds are listed
	Cheats  bool          // searches the true hidden state: an upper bound, never a fair player
	Options []Option
	// Build validates the options (all present, defaults filled in) and returns a
	// constructor of fresh, independent agents. It may rewrite values in opts to their
	// canonical text ("c=.70" → "0.7"), which the Factory's Spec then shows.
	Build func(opts map[string]string) (func() Agent, error)
	// Make, if set, is used instead of Build by kinds whose Factory depends on their
	// options beyond New: wrappers (noisy, softmax, restrict) cheat exactly when their
	// base does, and may need to Check the game. Parse fills in Spec and Kind.
	Make func(opts map[string]string) (Factory, error)
}

var kinds = map[string]Kind{}

// RegisterKind adds an agent kind; called from init of the file that implements it.
func RegisterKind(k Kind) {
	if _, dup := kinds[k.Name]; dup {
		panic("agents: duplicate kind " + k.Name)
	}
	kinds[k.Name] = k
}

// Kinds lists the registered kinds sorted by name.
func Kinds() []Kind {
	out := make([]Kind, 0, len(kinds))
	for _, k := range kinds {
		if k.docFunc != nil {
			k.Doc = k.docFunc()
		}
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func kindNames() string {
	var names []string
	for _, k := range Kinds() {
		names = append(names, k.Name)
	}
	return strings.Join(names, ", ")
}

// Factory makes fresh agents of one parsed spec; every seat of every worker gets its own.
type Factory struct {
	Spec   string // canonical text: kind plus every option, e.g. "mcts:c=0.7,iters=1000"
	Kind   string
	Cheats bool
	New    func() Agent
	// Check, if set, says whether the agent can play the game of s (e.g. that the action
	// classes a restricted agent must avoid exist in it); the runner calls it with a fresh
	// state before playing and reports its error as bad input.
	Check func(s engine.State) error
}

// Parse reads an agent spec "kind" or "kind:key=value,key=value". A value may itself be
// an agent spec in parentheses (the base of a wrapper: "noisy:base=(mcts:iters=200,c=1),eps=0.2");
// a base without options may omit them ("softmax:base=greedy,t=0.5"). Parentheses must
// balance, and commas inside them belong to the inner spec.
//
// Parsing takes time linear in the length of the spec: specs nest at most MaxNesting
// levels deep, checked in one pass before anything else, and every level reads its own
// text once. Error messages quote at most a clip of the spec.
func Parse(spec string) (Factory, error) {
	spec = strings.TrimSpace(spec)
	if err := balanced(spec); err != nil {
		return Factory{}, fmt.Errorf("agent %q: %w", clip(spec), err)
	}
	name, rest, hasOpts := strings.Cut(spec, ":")
	k, ok := kinds[name]
	if !ok {
		return Factory{}, fmt.Errorf("unknown agent %q (valid: %s)", clip(name), kindNames())
	}
	opts := map[string]string{}
	for _, o := range k.Options {
		opts[o.Name] = o.Default
	}
	given := map[string]bool{}
	if hasOpts {
		for _, kv := range SplitTop(rest) {
			key, value, ok := strings.Cut(kv, "=")
			key, value = strings.TrimSpace(key), strings.TrimSpace(value)
			if !ok || key == "" || value == "" {
				return Factory{}, fmt.Errorf("agent %q: malformed option %q (want key=value)", clip(spec), clip(kv))
			}
			if _, known := opts[key]; !known {
				return Factory{}, fmt.Errorf("agent %q: unknown option %q (valid: %s)", clip(spec), clip(key), optionNames(k))
			}
			if given[key] {
				return Factory{}, fmt.Errorf("agent %q: option %q given twice", clip(spec), key)
			}
			given[key] = true
			opts[key] = value
		}
	}
	for _, o := range k.Options {
		if opts[o.Name] == "" {
			return Factory{}, fmt.Errorf("agent %q: option %s is required (%s)", clip(spec), o.Name, o.Doc)
		}
	}
	if k.Make != nil {
		f, err := k.Make(opts)
		if err != nil {
			return Factory{}, fmt.Errorf("agent %q: %w", clip(spec), err)
		}
		f.Spec, f.Kind = canonical(k, opts), k.Name
		return f, canonicalNesting(spec, f.Spec)
	}
	build, err := k.Build(opts)
	if err != nil {
		return Factory{}, fmt.Errorf("agent %q: %w", clip(spec), err)
	}
	f := Factory{Spec: canonical(k, opts), Kind: k.Name, Cheats: k.Cheats, New: build}
	return f, canonicalNesting(spec, f.Spec)
}

// canonicalNesting refuses a spec whose canonical form nests deeper than MaxNesting
// (a bare base with options is put in parentheses when spelled out): files store the
// canonical form, which must parse again.
func canonicalNesting(spec, canon string) error {
	if err := balanced(canon); err != nil {
		return fmt.Errorf("agent %q: spelled out with every option, %w", clip(spec), err)
	}
	return nil
}

// MaxNesting is how deep specs may nest (wrappers of wrappers …): far more than any real
// agent needs, and it bounds the work and memory of parsing a spec from a file.
const MaxNesting = 16

// balanced checks that the parentheses of a spec (or list of specs) nest properly, and at
// most MaxNesting deep.
func balanced(spec string) error {
	depth := 0
	for i := 0; i < len(spec); i++ {
		switch spec[i] {
		case '(':
			depth++
			if depth > MaxNesting {
				return fmt.Errorf("specs nest more than %d levels deep (parentheses inside parentheses)", MaxNesting)
			}
		case ')':
			depth--
			if depth < 0 {
				return fmt.Errorf("unbalanced parentheses: a ')' closes nothing")
			}
		}
	}
	if depth != 0 {
		return fmt.Errorf("unbalanced parentheses: %d '(' left open", depth)
	}
	return nil
}

// SplitTop splits s at the commas outside parentheses: a spec list into specs, a spec's
// options into key=value parts. "" gives one empty part.
func SplitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// ParseList reads a comma-separated list of specs, where a comma followed by key=value
// continues the previous spec's options: "mcts:iters=100,c=1,random" is two agents, and
// "noisy:base=(mcts:iters=200,c=1),eps=0.2,greedy" is two agents too (commas inside
// parentheses belong to the nested spec).
func ParseList(list string) ([]Factory, error) {
	if err := balanced(list); err != nil {
		return nil, fmt.Errorf("agents %q: %w", clip(list), err)
	}
	var specs []string
	for _, part := range SplitTop(list) {
		// "key=value" (an '=' before any ':') continues the previous spec; "kind" or
		// "kind:…" starts a new one.
		eq, colon := strings.Index(part, "="), strings.Index(part, ":")
		if eq >= 0 && (colon < 0 || eq < colon) && len(specs) > 0 {
			specs[len(specs)-1] += "," + part
			continue
		}
		specs = append(specs, part)
	}
	out := make([]Factory, 0, len(specs))
	for _, s := range specs {
		f, err := Parse(s)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

func optionNames(k Kind) string {
	if len(k.Options) == 0 {
		return "none"
	}
	var names []string
	for _, o := range k.Options {
		names = append(names, o.Name)
	}
	return strings.Join(names, ", ")
}

func canonical(k Kind, opts map[string]string) string {
	if len(k.Options) == 0 {
		return k.Name
	}
	keys := make([]string, 0, len(opts))
	for key := range opts {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, key := range keys {
		parts[i] = key + "=" + opts[key]
	}
	return k.Name + ":" + strings.Join(parts, ",")
}

// clip shortens text from a spec for an error message: a spec read from a file may be
// megabytes long, and every level of nesting quotes its own.
func clip(s string) string {
	const most = 200
	if len(s) <= most {
		return s
	}
	cut := most
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// IntOption reads an integer option within [lo, hi] with a clear error.
func IntOption(opts map[string]string, key string, lo, hi int) (int, error) {
	v, err := strconv.Atoi(opts[key])
	if err != nil || v < lo || v > hi {
		return 0, fmt.Errorf("option %s=%s: want a whole number from %d to %d", key, clip(opts[key]), lo, hi)
	}
	return v, nil
}

// FloatOption reads a float option within [lo, hi] with a clear error.
func FloatOption(opts map[string]string, key string, lo, hi float64) (float64, error) {
	v, err := strconv.ParseFloat(opts[key], 64)
	if err != nil || !(v >= lo && v <= hi) { // also rejects NaN
		return 0, fmt.Errorf("option %s=%s: want a number from %g to %g", key, clip(opts[key]), lo, hi)
	}
	return v, nil
}

// ChoiceOption reads an option that must be one of choices.
func ChoiceOption(opts map[string]string, key string, choices ...string) (string, error) {
	for _, c := range choices {
		if opts[key] == c {
			return c, nil
		}
	}
	return "", fmt.Errorf("option %s=%s: want one of %s", key, clip(opts[key]), strings.Join(choices, ", "))
}

// Short is a spec without the options left at their defaults ("mcts:iters=100" for
// "mcts:c=0.7,iters=1000,…"), for labels; a nested base spec is shortened too
// ("noisy:base=(mcts:iters=100)"). A spec that does not parse is returned unchanged.
func Short(spec string) string {
	name, rest, ok := strings.Cut(spec, ":")
	k, known := kinds[name]
	if !ok || !known || balanced(spec) != nil {
		return spec
	}
	defaults := map[string]string{}
	for _, o := range k.Options {
		defaults[o.Name] = o.Default
	}
	var kept []string
	for _, kv := range SplitTop(rest) {
		key, value, _ := strings.Cut(kv, "=")
		d, has := defaults[key]
		if inner, nested := unparen(value); nested {
			value = Short(inner)
			if has && value == Short(d) {
				continue
			}
			kept = append(kept, key+"="+paren(value))
			continue
		}
		if has && d == value {
			continue
		}
		kept = append(kept, kv)
	}
	if len(kept) == 0 {
		return name
	}
	return name + ":" + strings.Join(kept, ",")
}

// unparen returns v without its enclosing parentheses, and whether it had them.
func unparen(v string) (string, bool) {
	if len(v) >= 2 && v[0] == '(' && v[len(v)-1] == ')' {
		return v[1 : len(v)-1], true
	}
	return v, false
}

// paren puts a spec with options in parentheses, as a nested value needs them.
func paren(spec string) string {
	if strings.ContainsAny(spec, ":,") {
		return "(" + spec + ")"
	}
	return spec
}

// Cheats reports whether a spec searches the true hidden state (the oracle, or a wrapper
// around it declared with cheat=true): its results are an upper bound on skill, never
// those of a fair player.
func Cheats(spec string) bool {
	if f, err := Parse(spec); err == nil {
		return f.Cheats
	}
	name, _, _ := strings.Cut(spec, ":")
	return kinds[name].Cheats
}
