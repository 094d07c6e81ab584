package experiment

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"dragonlab/engine"
)

// MaxVaryValues bounds the values of one --vary (and MaxSweepCells the runs of a sweep),
// so that a typo such as 0..100000 is caught before anything is played.
const (
	MaxVaryValues = 200
	MaxSweepCells = 400
)

// Vary is one parsed --vary: a rules parameter and the values it takes.
type Vary struct {
	Key string `json:"key"`
	// Values are the JSON values, as set with engine.SetParam.
	Values []string `json:"values"`
	// Numeric: the parameter is a number (its default is a JSON number); Nums then holds
	// the values as numbers.
	Numeric bool      `json:"numeric"`
	Nums    []float64 `json:"nums,omitempty"`
	// Integer: the parameter's default is a whole number (an int field).
	Integer bool `json:"integer"`
}

// ParseVary reads "key=v1,v2,…" or "key=lo..hi[:step]" (step 1 by default) for game g.
// The key must be one of the game's parameters; a range needs a numeric parameter, and
// every value of a numeric parameter must be a number. It does not check that the values
// are valid rules (the caller sets each on a fresh copy of the parameters and validates).
func ParseVary(g engine.Game, spec string) (Vary, error) {
	key, rest, ok := strings.Cut(spec, "=")
	key = strings.TrimSpace(key)
	if !ok || key == "" {
		return Vary{}, fmt.Errorf("malformed --vary %q: want key=v1,v2,… or key=lo..hi[:step]", spec)
	}
	v := Vary{Key: key}
	var def string
	known := false
	for _, kv := range engine.ParamValues(g.DefaultParams()) {
		if kv.Key == key {
			known, def = true, kv.Value
		}
	}
	if !known {
		return v, fmt.Errorf("--vary: unknown %s parameter %q (valid: %s)", g.Name, key, strings.Join(engine.ParamKeys(g), ", "))
	}
	var dv float64
	if err := json.Unmarshal([]byte(def), &dv); err == nil {
		v.Numeric = true
		v.Integer = !strings.ContainsAny(def, ".eE")
	}
	rest = strings.TrimSpace(rest)
	if rest == "" {
		return v, fmt.Errorf("--vary %s: no values (want %s=v1,v2,… or %s=lo..hi[:step])", key, key, key)
	}
	if lo, hi, isRange := strings.Cut(rest, ".."); isRange && !strings.ContainsAny(rest, "[{\"") {
		if !v.Numeric {
			return v, fmt.Errorf("--vary %s: a range lo..hi needs a numeric parameter, and %s is not one (list its values instead)", key, key)
		}
		hi, stepText, hasStep := strings.Cut(hi, ":")
		a, errA := engine.ParseFinite(key, lo)
		b, errB := engine.ParseFinite(key, hi)
		step := 1.0
		var errS error
		if hasStep {
			step, errS = engine.ParseFinite(key, stepText)
		}
		switch {
		case errA != nil || errB != nil || errS != nil:
			return v, fmt.Errorf("--vary %s=%s: malformed range (want lo..hi or lo..hi:step with numbers)", key, rest)
		case b < a:
			return v, fmt.Errorf("--vary %s=%s: the range is reversed (%s > %s)", key, rest, strings.TrimSpace(lo), strings.TrimSpace(hi))
		case step <= 0:
			return v, fmt.Errorf("--vary %s=%s: the step must be positive", key, rest)
		case b == a:
			return v, fmt.Errorf("--vary %s=%s: the range is empty (a single value); a sweep needs at least two values", key, rest)
		}
		n := int(math.Floor((b-a)/step+1e-9)) + 1
		if n > MaxVaryValues {
			return v, fmt.Errorf("--vary %s=%s: %d values, more than the %d a sweep allows", key, rest, n, MaxVaryValues)
		}
		v.Values, v.Nums = rangeValues(a, step, n, max(decimals(lo), decimals(hi), decimals(stepText)))
	} else {
		for _, s := range splitTop(rest) {
			s = strings.TrimSpace(s)
			if s == "" {
				return v, fmt.Errorf("--vary %s=%s: an empty value", key, rest)
			}
			if v.Numeric {
				x, err := engine.ParseFinite(key, s)
				if err != nil {
					return v, fmt.Errorf("--vary %s: %q is not a number, and %s is numeric", key, s, key)
				}
				v.Nums = append(v.Nums, x)
			}
			v.Values = append(v.Values, s)
		}
		if len(v.Values) > MaxVaryValues {
			return v, fmt.Errorf("--vary %s: %d values, more than the %d a sweep allows", key, len(v.Values), MaxVaryValues)
		}
	}
	if len(v.Values) < 2 {
		return v, fmt.Errorf("--vary %s=%s: a sweep needs at least two values", key, rest)
	}
	if v.Integer {
		for i, x := range v.Nums {
			if x != math.Trunc(x) {
				return v, fmt.Errorf("--vary %s: %s takes whole numbers, not %s", key, key, v.Values[i])
			}
		}
	}
	seen := map[string]bool{}
	for i, s := range v.Values {
		id := s
		if v.Numeric {
			id = strconv.FormatFloat(v.Nums[i], 'g', -1, 64)
		}
		if seen[id] {
			return v, fmt.Errorf("--vary %s: the value %s is given twice", key, s)
		}
		seen[id] = true
	}
	return v, nil
}

// rangeValues lists n values a, a+step, … rounded to dec decimals (so that 0.1 steps do
// not give 0.30000000000000004), as text and as numbers.
func rangeValues(a, step float64, n, dec int) ([]string, []float64) {
	var texts []string
	var nums []float64
	scale := math.Pow(10, float64(dec))
	for i := 0; i < n; i++ {
		x := math.Round((a+float64(i)*step)*scale) / scale
		texts = append(texts, strconv.FormatFloat(x, 'f', -1, 64))
		nums = append(nums, x)
	}
	return texts, nums
}

// decimals counts the digits after the decimal point of a number's text.
func decimals(s string) int {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '.'); i >= 0 && !strings.ContainsAny(s, "eE") {
		return len(s) - i - 1
	}
	return 0
}

// splitTop splits on commas outside brackets, braces and strings, so that JSON arrays
// and objects can be values: cardValues=[1,2,3],[2,3,4].
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	inStr, esc := false, false
	for i, c := range s {
		switch {
		case esc:
			esc = false
		case inStr && c == '\\':
			esc = true
		case c == '"':
			inStr = !inStr
		case inStr:
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
		case c == ',' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// Assignment is the key=value text for engine.SetParam of value i.
func (v Vary) Assignment(i int) string { return v.Key + "=" + v.Values[i] }

// SweepCells gives the number of runs of a sweep and the value indices of run i
// (row-major: the first parameter's value changes slowest).
func SweepCells(vs []Vary) (int, func(i int) []int) {
	n := 1
	for _, v := range vs {
		n *= len(v.Values)
	}
	return n, func(i int) []int {
		idx := make([]int, len(vs))
		for k := len(vs) - 1; k >= 0; k-- {
			m := len(vs[k].Values)
			idx[k] = i % m
			i /= m
		}
		return idx
	}
}
