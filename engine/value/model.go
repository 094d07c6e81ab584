package value

import (
	"fmt"
	"math"
)

// The forms a model can take. A linear model (the first files) is least squares on the
// raw features; it can stray outside [0, 1] and treats every feature's effect as the same
// whatever the rest of the position. The learned forms read standardised features
// (x−Center)/Spread and give every seat a score z; the link turns the scores into values:
//
//   - glm: z = intercept + Σ w·x + Σ_{i≤j} u_ij·x_i·x_j (with Pairs), a regularised
//     logistic GLM with the features' pairwise interactions;
//   - mlp: z = intercept + Σ w·x + Σ_h out_h·tanh(b_h + Σ W_hj·x_j), a network with one
//     hidden layer of Hidden units beside the linear part.
//
// Link softmax gives seat s exp(z_s)/Σ_t exp(z_t): the seats' values sum to 1, as their
// win shares do (every result of two or more players), so a seat's value reads the other
// seats' positions too. Link logistic gives 1/(1+exp(−z_s)) (a solitaire, or a game whose
// shares need not sum to 1).
const (
	KindLinear = "linear"
	KindGLM    = "glm"
	KindMLP    = "mlp"

	LinkSoftmax  = "softmax"
	LinkLogistic = "logistic"
)

// Bounds of the learned forms: Eval keeps its work in fixed arrays on the stack, so it
// allocates nothing.
const (
	MaxFeatures = 64
	MaxHidden   = 32
	MaxSeats    = 8
)

// pairCount is the number of pairwise products of k features (i ≤ j).
func pairCount(k int) int { return k * (k + 1) / 2 }

// kind is the model's form ("" in a first file means linear).
func (m *Model) kind() string {
	if m.Kind == "" {
		return KindLinear
	}
	return m.Kind
}

// Form names the model's form: "linear", "glm", "glm+pairs", "mlp:8".
func (m *Model) Form() string {
	return Spec{Kind: m.kind(), Pairs: m.Pairs, Hidden: m.Hidden}.Name()
}

// Eval writes every seat's value from the features (seat-major, as
// engine.ValueFeatures.Features writes them) into v. It allocates nothing.
func (m *Model) Eval(features, v []float64) {
	k := len(m.Features)
	if m.kind() == KindLinear {
		for s := range v {
			x := m.Intercept[s]
			for j, w := range m.Weights {
				x += w * features[s*k+j]
			}
			v[s] = x
		}
		return
	}
	for s := range v {
		v[s] = m.Intercept[s] + m.score(features[s*k:(s+1)*k])
	}
	link(m.Link, v)
}

// score is a learned model's score of one seat's raw features (without the intercept).
func (m *Model) score(raw []float64) float64 {
	var x [MaxFeatures]float64
	k := len(raw)
	z := 0.0
	for j, r := range raw {
		x[j] = (r - m.Center[j]) / m.Spread[j]
		z += m.Weights[j] * x[j]
	}
	if m.Pairs {
		p := k
		for i := 0; i < k; i++ {
			for j := i; j < k; j++ {
				z += m.Weights[p] * x[i] * x[j]
				p++
			}
		}
	}
	for h := 0; h < m.Hidden; h++ {
		row := m.Layer[h*(k+1) : (h+1)*(k+1)]
		a := row[0]
		for j := 0; j < k; j++ {
			a += row[j+1] * x[j]
		}
		z += m.Out[h] * math.Tanh(a)
	}
	return z
}

// link turns scores into values in place.
func link(name string, v []float64) {
	if name == LinkLogistic {
		for s, z := range v {
			v[s] = 1 / (1 + math.Exp(-z))
		}
		return
	}
	top := math.Inf(-1)
	for _, z := range v {
		top = max(top, z)
	}
	sum := 0.0
	for s, z := range v {
		v[s] = math.Exp(z - top)
		sum += v[s]
	}
	for s := range v {
		v[s] /= sum
	}
}

// checkForm validates a model's form: its parameters' shapes for its kind.
func (m *Model) checkForm() error {
	k := len(m.Features)
	switch m.kind() {
	case KindLinear:
		if len(m.Weights) != k || m.Link != "" || m.Pairs || m.Hidden != 0 || len(m.Center)+len(m.Spread)+len(m.Layer)+len(m.Out) > 0 {
			return fmt.Errorf("the %d-player linear model has %d weights for %d features, or parts of another form", m.Players, len(m.Weights), k)
		}
		return nil
	case KindGLM, KindMLP:
	default:
		return fmt.Errorf("the %d-player model is of an unknown kind %q (linear, glm, mlp)", m.Players, m.Kind)
	}
	want := k
	if m.Pairs {
		want += pairCount(k)
	}
	switch {
	case m.Link != LinkSoftmax && m.Link != LinkLogistic:
		return fmt.Errorf("the %d-player model has an unknown link %q (softmax, logistic)", m.Players, m.Link)
	case m.Link == LinkSoftmax && m.Players < 2:
		return fmt.Errorf("the %d-player model cannot share out the win between seats (softmax)", m.Players)
	case k > MaxFeatures || m.Players > MaxSeats || m.Hidden < 0 || m.Hidden > MaxHidden:
		return fmt.Errorf("the %d-player model is larger than a value function may be (%d features, %d hidden units)", m.Players, k, m.Hidden)
	case m.Kind == KindGLM && (m.Hidden != 0 || len(m.Layer)+len(m.Out) > 0):
		return fmt.Errorf("the %d-player GLM has hidden units", m.Players)
	case m.Kind == KindMLP && (m.Hidden < 1 || m.Pairs):
		return fmt.Errorf("the %d-player network has %d hidden units (and pairs %v)", m.Players, m.Hidden, m.Pairs)
	case len(m.Weights) != want || len(m.Center) != k || len(m.Spread) != k:
		return fmt.Errorf("the %d-player model has %d weights, %d centres and %d spreads for %d features", m.Players, len(m.Weights), len(m.Center), len(m.Spread), k)
	case len(m.Layer) != m.Hidden*(k+1) || len(m.Out) != m.Hidden:
		return fmt.Errorf("the %d-player network's layer has %d weights for %d units of %d inputs", m.Players, len(m.Layer), m.Hidden, k)
	}
	for _, s := range m.Spread {
		if !(s > 0) {
			return fmt.Errorf("the %d-player model has a spread that is not positive", m.Players)
		}
	}
	return nil
}

// numbers are every parameter of the model, to check that they are finite.
func (m *Model) numbers() [][]float64 {
	return [][]float64{m.Weights, m.Intercept, {m.R2}, m.Center, m.Spread, m.Layer, m.Out}
}
