package experiment

import (
	"encoding/json"
	"strings"
	"testing"

	"dragonlab/engine"
)

// A design names a lever by its path ("key", its older name, reads the same); it gives
// values, why and caveat, never what the rules fix (the base, the step).
func TestDesignLeverReads(t *testing.T) {
	for _, in := range []string{
		`{"path": "handSize", "values": [4, 6], "why": "w"}`,
		`{"key": "handSize", "values": [4, 6], "why": "w"}`,
		`{"default": {"key": "handSize", "values": [4, 6], "why": "w"}, "3p": null}`,
	} {
		var b ByKey[*engine.LeverValues]
		if err := json.Unmarshal([]byte(in), &b); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		l := b.at("draco", 2)
		if l == nil || l.Path != "handSize" || len(l.Values) != 2 || l.Values[1] != 6 || l.Why != "w" {
			t.Fatalf("%s: read %+v", in, l)
		}
		out, err := json.Marshal(b)
		if err != nil || strings.Contains(string(out), "base") || strings.Contains(string(out), "key") || !strings.Contains(string(out), `"path":"handSize"`) {
			t.Errorf("%s: written as %s (%v)", in, out, err)
		}
	}
	for _, in := range []string{
		`{"path": "handSize", "values": [4], "base": 3}`,
		`{"path": "handSize", "key": "handSize", "values": [4]}`,
		`{"default": {"path": "handSize", "values": [4], "step": 1}}`,
	} {
		var b ByKey[*engine.LeverValues]
		if err := json.Unmarshal([]byte(in), &b); err == nil {
			t.Errorf("%s: read without an error", in)
		}
	}
}
