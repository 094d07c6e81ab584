package engine_test

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/engine"
)

// JSON null reads as "leave the field alone" in encoding/json; a rules file or --set that
// says null must be refused with the parameter's name, not read as the default.
func TestNullParametersAreRefusedByName(t *testing.T) {
	g, err := engine.Lookup("dragonheart")
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range []string{"deck=null", "dragonBonus=null", `deck={"ship":null}`, `deck={"ship":[1,null,1,1,1,1]}`} {
		err := engine.SetParam(g, g.DefaultParams(), set)
		key, _, _ := strings.Cut(set, "=")
		if err == nil || !strings.Contains(err.Error(), "null") || !strings.Contains(err.Error(), `"`+key+`"`) {
			t.Errorf("--set %s: %v, want a refusal naming %s", set, err, key)
		}
	}
	dir := t.TempDir()
	for name, doc := range map[string]string{
		"null document": `null`,
		"null value":    `{"handSize": null}`,
		"array":         `[1, 2]`,
		"number":        `3`,
	} {
		path := filepath.Join(dir, "rules.json")
		os.WriteFile(path, []byte(doc), 0o644)
		if err := engine.LoadParams(g, g.DefaultParams(), path); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: rules file %s accepted (%v)", name, doc, err)
		}
		if _, err := engine.ParseParams(g, []byte(doc)); err == nil {
			t.Errorf("%s: saved params %s accepted", name, doc)
		}
	}
	// A string that happens to be "null" is a string, not null.
	if err := engine.SetParam(g, g.DefaultParams(), `dragonBonus="null"`); err == nil || strings.Contains(err.Error(), "null is not") {
		t.Errorf(`a quoted "null" is a (wrongly typed) string: %v`, err)
	}
}

func TestNonFiniteNumbersAreRefused(t *testing.T) {
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if err := engine.CheckFinite("--seconds", x); err == nil || !strings.Contains(err.Error(), "--seconds") {
			t.Errorf("%v accepted: %v", x, err)
		}
	}
	if err := engine.CheckFinite("x", -1e300); err != nil {
		t.Errorf("a finite number refused: %v", err)
	}
	for _, text := range []string{"NaN", "nan", "Inf", "-inf", "+Infinity", "1e999", "x", ""} {
		if _, err := engine.ParseFinite("alpha", text); err == nil {
			t.Errorf("%q accepted", text)
		}
	}
	if x, err := engine.ParseFinite("alpha", " 0.05 "); err != nil || x != 0.05 {
		t.Errorf("0.05: %v %v", x, err)
	}
}
