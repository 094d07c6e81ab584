package value

import (
	"math"
	"strings"
	"testing"
)

// TestSolveRecoversPlantedModel: rows drawn from a known linear model with noise give
// back its intercepts and weights.
func TestSolveRecoversPlantedModel(t *testing.T) {
	n := NewNormal(2, 3)
	b := []float64{0.55, 0.45}
	w := []float64{0.3, -0.2, 0.05}
	x := make([]float64, 3)
	seed := uint64(1)
	rnd := func() float64 { // splitmix-ish uniform in [-1, 1)
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return float64((z^z>>31)>>11)/(1<<52) - 1
	}
	for i := 0; i < 20000; i++ {
		s := i % 2
		y := b[s]
		for j := range x {
			x[j] = rnd()
			y += w[j] * x[j]
		}
		n.AddRow(s, x, y+0.05*rnd())
	}
	ic, ws, r2, err := n.Solve(0)
	if err != nil {
		t.Fatal(err)
	}
	for s := range b {
		if math.Abs(ic[s]-b[s]) > 0.003 {
			t.Errorf("intercept %d: %.4f, want %.4f", s, ic[s], b[s])
		}
	}
	for j := range w {
		if math.Abs(ws[j]-w[j]) > 0.003 {
			t.Errorf("weight %d: %.4f, want %.4f", j, ws[j], w[j])
		}
	}
	if r2 < 0.9 || r2 > 1 {
		t.Errorf("R² %.3f", r2)
	}
}

// TestParseRefusesOtherGameOrVersion: one clear line for a file of another game, another
// feature version or other feature names.
func TestParseRefusesOtherGameOrVersion(t *testing.T) {
	f := File{Schema: Schema, Game: "g", Version: "g/1", Models: []Model{{Players: 2, Features: []string{"a"}, Intercept: []float64{0.5, 0.5}, Weights: []float64{1}}}}
	data, err := f.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	names := map[int][]string{2: {"a"}}
	if _, err := Parse(data, "g", "g/1", names); err != nil {
		t.Fatalf("a good file: %v", err)
	}
	for _, tc := range []struct {
		game, version string
		names         map[int][]string
		want          string
	}{
		{"h", "g/1", names, "is for g, not h"},
		{"g", "g/2", names, "refit it"},
		{"g", "g/1", map[int][]string{2: {"b"}}, "other features"},
		{"g", "g/1", map[int][]string{3: {"a"}}, "not played by"},
	} {
		_, err := Parse(data, tc.game, tc.version, tc.names)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s %s: %v, want one line containing %q", tc.game, tc.version, err, tc.want)
		}
	}
	if _, err := Parse([]byte(`{"schema":"x"}`), "g", "g/1", names); err == nil {
		t.Errorf("another schema was accepted")
	}
}
