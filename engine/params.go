package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
)

// CheckFinite refuses NaN and ±Inf: every float a user gives (a flag, an option, a rule)
// goes through it, because a range check written as x <= 0 || x >= 0.5 lets NaN through.
// what names the value in the message, e.g. "--seconds".
func CheckFinite(what string, x float64) error {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return fmt.Errorf("%s=%v: want a finite number", what, x)
	}
	return nil
}

// ParseFinite reads a user's number and refuses NaN and ±Inf (strconv.ParseFloat accepts
// "NaN", "Inf" and "infinity").
func ParseFinite(what, text string) (float64, error) {
	x, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
	if err != nil {
		return 0, fmt.Errorf("%s=%s: want a number", what, text)
	}
	return x, CheckFinite(what, x)
}

// LoadParams reads a rules file (JSON, a subset of the keys) over the defaults in p.
// Unknown keys are an error.
func LoadParams(g Game, p Params, path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("read rules %s: %w", path, err)
	}
	if err := decodeParams(g, data, p); err != nil {
		return fmt.Errorf("rules file %s: %w", path, err)
	}
	return nil
}

// decodeParams reads a JSON object of parameters over p: only exact parameter names, no
// null anywhere, nothing after the object.
func decodeParams(g Game, data []byte, p Params) error {
	if err := checkKeys(g, data); err != nil {
		return err
	}
	if err := decodeStrict(data, p); err != nil {
		return describeJSONError(g, err)
	}
	return nil
}

// checkKeys refuses keys that are not exactly a parameter's name (encoding/json would
// match "handsize" to handSize, and a rules file should mean what it says), a document
// that is not an object, and null values: encoding/json reads null as "leave the field
// alone" (or an empty list inside an array), so `--set deck=null` would silently mean
// something the user did not write.
func checkKeys(g Game, data []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		if _, syntax := err.(*json.SyntaxError); syntax {
			return nil // decodeStrict reports malformed JSON with its position
		}
		return fmt.Errorf("want a JSON object of parameters (keys: %s)", strings.Join(ParamKeys(g), ", "))
	}
	if m == nil {
		return fmt.Errorf("null is not a set of parameters: want a JSON object (keys: %s)", strings.Join(ParamKeys(g), ", "))
	}
	keys := ParamKeys(g)
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names) // the same message whatever the map order
	for _, k := range names {
		known := false
		for _, want := range keys {
			known = known || k == want
		}
		if !known {
			return fmt.Errorf("unknown field %q (valid keys: %s)", k, strings.Join(keys, ", "))
		}
		if hasNull(m[k]) {
			return fmt.Errorf("parameter %q: null is not a value (give a value, or leave %s out for its default)", k, k)
		}
	}
	return nil
}

// hasNull reports whether a JSON value is or contains null.
func hasNull(raw json.RawMessage) bool {
	dec := json.NewDecoder(bytes.NewReader(raw))
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		if tok == nil {
			return true
		}
	}
}

// SetParam applies one `key=value` assignment. The value is read as JSON (numbers, true,
// false, arrays, objects); anything that is not valid JSON is taken as a string.
func SetParam(g Game, p Params, assignment string) error {
	key, value, ok := strings.Cut(assignment, "=")
	key = strings.TrimSpace(key)
	if !ok || key == "" {
		return fmt.Errorf("malformed --set %q: want key=value (keys: %s)", assignment, strings.Join(ParamKeys(g), ", "))
	}
	known := false
	for _, k := range ParamKeys(g) {
		if k == key {
			known = true
		}
	}
	if !known {
		return fmt.Errorf("unknown %s parameter %q (valid: %s)", g.Name, key, strings.Join(ParamKeys(g), ", "))
	}
	raw := json.RawMessage(value)
	if !json.Valid(raw) {
		quoted, _ := json.Marshal(value)
		raw = quoted
	}
	doc, _ := json.Marshal(map[string]json.RawMessage{key: raw})
	if err := decodeParams(g, doc, p); err != nil {
		return fmt.Errorf("--set %s: %w", assignment, err)
	}
	return nil
}

// ParamKeys lists a game's parameter keys (JSON names) in declaration order.
func ParamKeys(g Game) []string {
	kv := ParamValues(g.DefaultParams())
	keys := make([]string, len(kv))
	for i, e := range kv {
		keys[i] = e.Key
	}
	return keys
}

// KeyValue is one parameter with its value as compact JSON.
type KeyValue struct {
	Key   string
	Value string
}

// ParamValues lists the parameters of p in declaration order with compact JSON values.
func ParamValues(p Params) []KeyValue {
	data, err := json.Marshal(p)
	if err != nil {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var out []KeyValue
	if _, err := dec.Token(); err != nil { // {
		return nil
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return out
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return out
		}
		out = append(out, KeyValue{Key: tok.(string), Value: string(raw)})
	}
	return out
}

// ParamsJSON is p as a JSON object with its keys sorted, for results files (stable bytes).
func ParamsJSON(p Params) json.RawMessage {
	kv := ParamValues(p)
	sort.Slice(kv, func(i, j int) bool { return kv[i].Key < kv[j].Key })
	var b bytes.Buffer
	b.WriteByte('{')
	for i, e := range kv {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(e.Key)
		b.Write(k)
		b.WriteByte(':')
		b.WriteString(e.Value)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// ParseParams reads params saved by ParamsJSON back over the game's defaults.
func ParseParams(g Game, data []byte) (Params, error) {
	p := g.DefaultParams()
	if err := decodeParams(g, data, p); err != nil {
		return nil, err
	}
	return p, nil
}

func decodeStrict(data []byte, p Params) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(p); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("trailing data after the JSON object")
	}
	return nil
}

func describeJSONError(g Game, err error) error {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case asError(err, &typeErr):
		return fmt.Errorf("parameter %q: cannot use a JSON %s here", typeErr.Field, typeErr.Value)
	case asError(err, &syntaxErr):
		return fmt.Errorf("malformed JSON at byte %d: %v", syntaxErr.Offset, err)
	case strings.HasPrefix(err.Error(), "json: unknown field"):
		return fmt.Errorf("%s (valid keys: %s)", strings.TrimPrefix(err.Error(), "json: "), strings.Join(ParamKeys(g), ", "))
	}
	return err
}
