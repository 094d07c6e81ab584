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

// plantedData draws positions of two seats from a known softmax model: seat s's score is
// b_s + w·x_s + u·x_s0·x_s1 with three features.
func plantedData(n int, seed uint64) *Data {
	d := &Data{Players: 2, K: 3}
	b := []float64{0.2, -0.2}
	w := []float64{1.0, -0.5, 0.3}
	u := 0.8
	x := make([]float64, 6)
	y := make([]float64, 2)
	v := make([]float64, 2)
	rnd := func() float64 {
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return float64((z^z>>31)>>11) / (1 << 53)
	}
	for i := 0; i < n; i++ {
		for s := 0; s < 2; s++ {
			for j := 0; j < 3; j++ {
				x[s*3+j] = 2*rnd() - 1
			}
			v[s] = b[s] + u*x[s*3]*x[s*3+1]
			for j := 0; j < 3; j++ {
				v[s] += w[j] * x[s*3+j]
			}
		}
		link(LinkSoftmax, v)
		y[0] = 0
		if rnd() < v[0] {
			y[0] = 1
		}
		y[1] = 1 - y[0]
		d.Add(x, y)
	}
	return d
}

// TestLearnedFormsBeatLinearOnPlantedModel: on data drawn from a softmax model with an
// interaction, the GLM with pairs and the network reach a held-out log-loss below the
// least-squares linear model's, and every learned model's values are probabilities that
// sum to 1 over the seats.
func TestLearnedFormsBeatLinearOnPlantedModel(t *testing.T) {
	train, test := plantedData(6000, 1), plantedData(4000, 2)
	nm := NewNormal(2, 3)
	for i := 0; i < train.Positions(); i++ {
		for s := 0; s < 2; s++ {
			nm.AddRow(s, train.X[i*6+s*3:i*6+s*3+3], train.Y[i*2+s])
		}
	}
	ic, w, _, err := nm.Solve(0)
	if err != nil {
		t.Fatal(err)
	}
	feats := []string{"a", "b", "c"}
	lin := &Model{Players: 2, Features: feats, Intercept: ic, Weights: w}
	linLoss := Score(lin, test, 0).LogLoss
	if LinkFor(train) != LinkSoftmax {
		t.Fatalf("link %s for shares that sum to 1", LinkFor(train))
	}
	for _, sp := range []Spec{{Kind: KindGLM, Pairs: true, L2: 1e-5, Iters: 200}, {Kind: KindMLP, Hidden: 4, L2: 1e-5, Iters: 300}} {
		m, err := Train(train, sp, LinkSoftmax, nil)
		if err != nil {
			t.Fatal(err)
		}
		m.Players, m.Features = 2, feats
		if err := m.checkForm(); err != nil {
			t.Fatalf("%s: %v", sp.Name(), err)
		}
		got := Score(m, test, 0)
		if got.LogLoss >= linLoss {
			t.Errorf("%s: held-out log-loss %.4f, not below the linear model's %.4f", sp.Name(), got.LogLoss, linLoss)
		}
		v := make([]float64, 2)
		m.Eval(test.X[:6], v)
		if math.Abs(v[0]+v[1]-1) > 1e-12 || v[0] <= 0 || v[1] <= 0 {
			t.Errorf("%s: values %v", sp.Name(), v)
		}
		if a := testing.AllocsPerRun(100, func() { m.Eval(test.X[:6], v) }); a != 0 {
			t.Errorf("%s: Eval allocates %.0f times", sp.Name(), a)
		}
	}
}

// TestParseRefusesBadLearnedFiles: a truncated file, an unknown schema version, a kind
// or link this dragonlab does not know, parameters of the wrong shape and a learned model
// in a v1 file are refused with one line each.
func TestParseRefusesBadLearnedFiles(t *testing.T) {
	good := Model{Players: 2, Kind: KindMLP, Link: LinkSoftmax, Features: []string{"a"}, Intercept: []float64{0, 0},
		Weights: []float64{1}, Center: []float64{0}, Spread: []float64{1}, Hidden: 1, Layer: []float64{0, 1}, Out: []float64{1}}
	names := map[int][]string{2: {"a"}}
	enc := func(schema string, m Model) []byte {
		f := File{Schema: schema, Game: "g", Version: "g/1", Models: []Model{m}}
		data, err := f.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	if _, err := Parse(enc(Schema, good), "g", "g/1", names); err != nil {
		t.Fatalf("a good file: %v", err)
	}
	mut := func(f func(m *Model)) Model {
		m := good
		f(&m)
		return m
	}
	data := enc(Schema, good)
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"truncated", data[:len(data)/2], "not a dragonlab value-function file"},
		{"schema v9", enc("dragonlab.value/v9", good), "version this dragonlab reads"},
		{"v1 with a network", enc(SchemaV1, good), "v1 file"},
		{"kind", enc(Schema, mut(func(m *Model) { m.Kind = "forest" })), "unknown kind"},
		{"link", enc(Schema, mut(func(m *Model) { m.Link = "probit" })), "unknown link"},
		{"layer", enc(Schema, mut(func(m *Model) { m.Layer = []float64{1} })), "layer"},
		{"spread", enc(Schema, mut(func(m *Model) { m.Spread = []float64{0} })), "spread"},
		{"weights", enc(Schema, mut(func(m *Model) { m.Weights = []float64{1, 2} })), "weights"},
		{"hidden", enc(Schema, mut(func(m *Model) { m.Hidden = MaxHidden + 1 })), "larger"},
	} {
		_, err := Parse(tc.data, "g", "g/1", names)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want one line containing %q", tc.name, err, tc.want)
		}
	}
}
