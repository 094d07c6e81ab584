package engine

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Levers: the numbers of a game's rules that a designer turns to change how it plays, and
// the paths that address them. `dragonlab tune --levers auto` searches the levers the
// game declares (Game.Levers); any other number of the rules can be named by its path.
//
// A path is a parameter key followed by field names and list indices (from 0), the way
// the rules file writes it:
//
//	handSize          a number parameter
//	treasure[0]       an element of a list parameter
//	deck.troll[2]     an element of a list inside an object parameter
//	seatBonus[1]      seat 1's starting points (seatBonus may be empty: zeros)
//
// A game may address numbers inside a parameter written as text (a track of squares) by
// implementing NumberPather on its rules parameters.

// Lever is a number of the rules that a designer may turn, with the range to search.
type Lever struct {
	// Path addresses the number (see above). "seatBonus" alone means every seat's
	// starting points, each seat a lever of its own.
	Path string
	// Lo and Hi bound the values searched (inclusive); Step is the spacing of the values
	// (1 for a whole-number parameter).
	Lo, Hi, Step float64
	// Players lists the player counts the lever applies to (nil: every count).
	Players []int
	// Why says in one line why a designer turns it (shown in tune's report).
	Why string
}

// AppliesTo reports whether the lever applies at the player count.
func (l Lever) AppliesTo(players int) bool {
	if len(l.Players) == 0 {
		return true
	}
	for _, n := range l.Players {
		if n == players {
			return true
		}
	}
	return false
}

// Values are the values of the declared range: Lo to Hi by Step (Lo alone without a
// positive Step).
func (l Lever) Values() []float64 {
	if !(l.Step > 0) {
		return []float64{l.Lo}
	}
	var out []float64
	for i := 0; ; i++ {
		x := l.Lo + float64(i)*l.Step
		if x > l.Hi+l.Step*1e-9 {
			return out
		}
		out = append(out, x)
	}
}

// FamilyValues are the values x of the seat family (seat s starts with x·s points) that
// the declared per-seat range reaches at a player count: up to a common shift of every
// seat's points, the family at x gives the seats points spread over |x|·(players−1), so
// the values are the multiples of Step from −k to k but 0, k the largest with
// k·(players−1) ≤ Hi−Lo.
func (l Lever) FamilyValues(players int) []float64 {
	if players < 2 || !(l.Step > 0) {
		return nil
	}
	n := int(math.Floor((l.Hi - l.Lo) / float64(players-1) / l.Step))
	var out []float64
	for i := -n; i <= n; i++ {
		if i != 0 {
			out = append(out, float64(i)*l.Step)
		}
	}
	return out
}

// LeverValues is a lever at a base with the values to try: one dimension of tune's search,
// a lever the study's design sweeps, and the lever of a study's sweep stage and of its
// answer (each holds it beside its own results).
type LeverValues struct {
	// Path addresses the number. In tune it is one number ("seatBonus[1]"); in a study
	// "seatBonus" alone is the family "seat s starts with x·s points" (Family).
	Path string `json:"path"`
	// Base is its value in the rules played from (0 for the seat family); Values are the
	// values to try (tune: ascending, Base among them; a study plays the base once, as
	// the level's self-play).
	Base    float64   `json:"base"`
	Values  []float64 `json:"values"`
	Step    float64   `json:"step"`
	Integer bool      `json:"integer"`
	// Seat is s for seatBonus[s], −1 otherwise.
	Seat int    `json:"seat"`
	Why  string `json:"why,omitempty"`
	// Caveat, if set, is said with the lever's result: what may make the measurement the
	// agents' rather than the rules'.
	Caveat string `json:"caveat,omitempty"`
}

// Family reports whether the lever is the seat family: every seat s starting with x·s
// points over the values x (later seats get more, the usual compensation of a
// first-player advantage).
func (l LeverValues) Family() bool { return l.Path == "seatBonus" }

// NumberPather is implemented by rules parameters that address numbers a generic path
// cannot reach, such as a square of a track written as text ("track23[5]": the value of
// square 5). ok is false for a path that is not one of its own (the generic JSON path
// then applies).
type NumberPather interface {
	Number(path string) (v float64, ok bool, err error)
	SetNumber(path string, v float64) (ok bool, err error)
}

var segmentRE = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9]*)((?:\[[0-9]+\])*)$`)

type pathStep struct {
	key   string // "" for an index step
	index int
}

// parsePath splits a path into steps; the first is always a parameter key.
func parsePath(path string) ([]pathStep, error) {
	if strings.TrimSpace(path) == "" {
		return nil, fmt.Errorf("an empty path")
	}
	var steps []pathStep
	for _, seg := range strings.Split(path, ".") {
		m := segmentRE.FindStringSubmatch(seg)
		if m == nil {
			return nil, fmt.Errorf("malformed path %q: want key, key[i] or key.field[i] (indices from 0)", path)
		}
		steps = append(steps, pathStep{key: m[1]})
		for _, ix := range strings.Split(m[2], "]") {
			ix = strings.TrimPrefix(ix, "[")
			if ix == "" {
				continue
			}
			i, err := strconv.Atoi(ix)
			if err != nil || i > 1<<16 {
				return nil, fmt.Errorf("malformed path %q: index %s", path, ix)
			}
			steps = append(steps, pathStep{index: i})
		}
	}
	return steps, nil
}

// PathKey is the parameter key a path starts with ("deck" for "deck.troll[2]").
func PathKey(path string) string {
	steps, err := parsePath(path)
	if err != nil {
		return ""
	}
	return steps[0].key
}

// paramsTree is p as a generic JSON tree (numbers kept exact).
func paramsTree(p Params) (map[string]any, error) {
	data, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	var tree map[string]any
	if err := dec.Decode(&tree); err != nil {
		return nil, err
	}
	return tree, nil
}

// Number reads the number at path in p. seatBonus[s] of an empty seatBonus is 0.
func Number(g Game, p Params, path string) (float64, error) {
	if np, ok := p.(NumberPather); ok {
		if v, own, err := np.Number(path); own {
			return v, err
		}
	}
	steps, err := parsePath(path)
	if err != nil {
		return 0, err
	}
	tree, err := paramsTree(p)
	if err != nil {
		return 0, err
	}
	if err := knownKey(g, steps[0].key); err != nil {
		return 0, err
	}
	if steps[0].key == "seatBonus" && len(steps) == 2 && steps[1].key == "" {
		if l, _ := tree["seatBonus"].([]any); steps[1].index >= len(l) {
			return 0, nil
		}
	}
	var cur any = tree
	for i, st := range steps {
		switch {
		case st.key != "":
			m, ok := cur.(map[string]any)
			if !ok {
				return 0, fmt.Errorf("%s: %s is not an object", path, pathText(steps[:i]))
			}
			v, ok := m[st.key]
			if !ok {
				return 0, fmt.Errorf("%s: %s has no field %q (fields: %s)", path, pathText(steps[:i]), st.key, strings.Join(sortedKeys(m), ", "))
			}
			cur = v
		default:
			l, ok := cur.([]any)
			if !ok {
				return 0, fmt.Errorf("%s: %s is not a list", path, pathText(steps[:i]))
			}
			if st.index >= len(l) {
				return 0, fmt.Errorf("%s: %s has %d entries (indices 0..%d)", path, pathText(steps[:i]), len(l), len(l)-1)
			}
			cur = l[st.index]
		}
	}
	n, ok := cur.(json.Number)
	if !ok {
		return 0, fmt.Errorf("%s is not a number (it is %s)", path, describeJSON(cur))
	}
	return n.Float64()
}

// IsInteger reports whether the number at path is a whole-number parameter: its value in
// the defaults is written without a fraction (the parameters are Go ints).
func IsInteger(g Game, path string) bool {
	p := g.DefaultParams()
	if np, ok := p.(NumberPather); ok {
		if _, own, _ := np.Number(path); own {
			return true // game-specific paths address whole numbers (squares)
		}
	}
	steps, err := parsePath(path)
	if err != nil {
		return false
	}
	if steps[0].key == "seatBonus" {
		return true
	}
	tree, err := paramsTree(p)
	if err != nil {
		return false
	}
	var cur any = tree
	for _, st := range steps {
		switch c := cur.(type) {
		case map[string]any:
			cur = c[st.key]
		case []any:
			if st.index >= len(c) {
				if len(c) == 0 {
					return false
				}
				cur = c[0] // a longer list than the default's: its entries' type
			} else {
				cur = c[st.index]
			}
		default:
			return false
		}
	}
	n, ok := cur.(json.Number)
	return ok && !strings.ContainsAny(string(n), ".eE")
}

// SetNumber sets the number at path in p to v (a whole number for a whole-number
// parameter). Setting seatBonus[s] of an empty seatBonus fills the other seats with 0
// (players entries). It does not validate the rules: the caller does, for its player count.
func SetNumber(g Game, p Params, path string, v float64, players int) error {
	if err := CheckFinite(path, v); err != nil {
		return err
	}
	if np, ok := p.(NumberPather); ok {
		if own, err := np.SetNumber(path, v); own {
			return err
		}
	}
	steps, err := parsePath(path)
	if err != nil {
		return err
	}
	if err := knownKey(g, steps[0].key); err != nil {
		return err
	}
	if IsInteger(g, path) && v != math.Trunc(v) {
		return fmt.Errorf("%s takes whole numbers, not %s", path, strconv.FormatFloat(v, 'g', -1, 64))
	}
	tree, err := paramsTree(p)
	if err != nil {
		return err
	}
	if steps[0].key == "seatBonus" && len(steps) == 2 && steps[1].key == "" {
		l, _ := tree["seatBonus"].([]any)
		if steps[1].index >= players {
			return fmt.Errorf("%s: there are %d seats (0..%d)", path, players, players-1)
		}
		for len(l) < players {
			l = append(l, json.Number("0"))
		}
		tree["seatBonus"] = l
	}
	num := json.Number(strconv.FormatFloat(v, 'f', -1, 64))
	var cur any = tree
	for i, st := range steps {
		last := i == len(steps)-1
		switch {
		case st.key != "":
			m, ok := cur.(map[string]any)
			if !ok {
				return fmt.Errorf("%s: %s is not an object", path, pathText(steps[:i]))
			}
			next, ok := m[st.key]
			if !ok {
				return fmt.Errorf("%s: %s has no field %q (fields: %s)", path, pathText(steps[:i]), st.key, strings.Join(sortedKeys(m), ", "))
			}
			if last {
				if _, isNum := next.(json.Number); !isNum {
					return fmt.Errorf("%s is not a number (it is %s)", path, describeJSON(next))
				}
				m[st.key] = num
			}
			cur = next
		default:
			l, ok := cur.([]any)
			if !ok {
				return fmt.Errorf("%s: %s is not a list", path, pathText(steps[:i]))
			}
			if st.index >= len(l) {
				return fmt.Errorf("%s: %s has %d entries (indices 0..%d)", path, pathText(steps[:i]), len(l), len(l)-1)
			}
			if last {
				if _, isNum := l[st.index].(json.Number); !isNum {
					return fmt.Errorf("%s is not a number (it is %s)", path, describeJSON(l[st.index]))
				}
				l[st.index] = num
			}
			cur = l[st.index]
		}
	}
	data, err := json.Marshal(tree)
	if err != nil {
		return err
	}
	if err := decodeParams(g, data, p); err != nil {
		return fmt.Errorf("%s=%s: %w", path, num, err)
	}
	return nil
}

func knownKey(g Game, key string) error {
	for _, k := range ParamKeys(g) {
		if k == key {
			return nil
		}
	}
	return fmt.Errorf("unknown %s parameter %q (valid: %s)", g.Name, key, strings.Join(ParamKeys(g), ", "))
}

func pathText(steps []pathStep) string {
	var b strings.Builder
	for i, st := range steps {
		if st.key != "" {
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(st.key)
		} else {
			fmt.Fprintf(&b, "[%d]", st.index)
		}
	}
	return b.String()
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

func describeJSON(v any) string {
	switch v.(type) {
	case map[string]any:
		return "an object"
	case []any:
		return "a list"
	case string:
		return "text"
	case bool:
		return "true or false"
	case nil:
		return "null"
	}
	return "a number"
}
