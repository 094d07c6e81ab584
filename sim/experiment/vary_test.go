package experiment

import (
	"dragonlab/engine"
	"strings"
	"testing"
)

func TestParseVary(t *testing.T) {
	g, err := engine.Lookup("draco")
	if err != nil {
		t.Fatal(err)
	}
	ok := []struct {
		spec string
		want []string
	}{
		{"handSize=4..8", []string{"4", "5", "6", "7", "8"}},
		{"handSize=4..8:2", []string{"4", "6", "8"}},
		{"handSize=4,6,5", []string{"4", "6", "5"}},
		{"cardValues=[1,2,3],[2,3,4]", []string{"[1,2,3]", "[2,3,4]"}},
	}
	for _, c := range ok {
		v, err := ParseVary(g, c.spec)
		if err != nil {
			t.Errorf("%s: %v", c.spec, err)
			continue
		}
		if strings.Join(v.Values, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s: values %v, want %v", c.spec, v.Values, c.want)
		}
	}
	// Fractional ranges (for float parameters) round to the decimals given.
	if got, _ := rangeValues(0, 0.1, 4, decimals("0.1")); strings.Join(got, " ") != "0 0.1 0.2 0.3" {
		t.Errorf("0..0.3:0.1 gives %v", got)
	}
	if got, _ := rangeValues(1, 0.25, 3, 2); strings.Join(got, " ") != "1 1.25 1.5" {
		t.Errorf("1..1.5:0.25 gives %v", got)
	}
	if v, _ := ParseVary(g, "handSize=4..6"); !v.Numeric || !v.Integer || v.Nums[2] != 6 {
		t.Errorf("handSize: %+v", v)
	}
	if v, _ := ParseVary(g, "cardValues=[1],[2]"); v.Numeric {
		t.Errorf("cardValues is not numeric")
	}
	bad := map[string]string{
		"handSize":              "malformed",
		"=4..8":                 "malformed",
		"handSize=":             "no values",
		"handSize=8..4":         "reversed",
		"handSize=4..4":         "empty",
		"handSize=4..8:0":       "positive",
		"handSize=4..8:-1":      "positive",
		"handSize=a..b":         "malformed range",
		"handSize=4,six":        "not a number",
		"handSize=4,4":          "twice",
		"handSize=4,4.0":        "twice",
		"handSize=5":            "at least two",
		"handSize=4,,5":         "empty value",
		"handsize=4..8":         "unknown draco parameter",
		"track23=1..3":          "needs a numeric parameter",
		"handSize=0..100000":    "more than",
		"handSize=4..8:0.00001": "more than",
		"handSize=4.5,6":        "whole numbers",
		"handSize=4..6:0.5":     "whole numbers",
	}
	for spec, want := range bad {
		_, err := ParseVary(g, spec)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one containing %q", spec, err, want)
		}
	}
}
