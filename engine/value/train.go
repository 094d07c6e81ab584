package value

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/optimize"
)

// Training the learned forms (model.go) by maximum likelihood with an L2 penalty, with
// gonum's L-BFGS (optimize.LBFGS). The loss is the cross-entropy of the values against
// the seats' win shares: with link softmax −Σ_s y_s·log v_s per position (the shares sum
// to 1), with link logistic the binary log-loss of every seat. Both give the score z_s the
// gradient v_s − y_s, so one backward pass serves both. The network is non-convex: it
// starts from the GLM's solution (its linear part) and small fixed-seed hidden weights,
// so a fit is the same every time.

// Data is the positions of a fit: every seat's raw features and final win share.
type Data struct {
	Players, K int
	X          []float64 // per position, Players×K, seat-major
	Y          []float64 // per position, Players
}

// Positions is the number of positions.
func (d *Data) Positions() int {
	if d.Players == 0 {
		return 0
	}
	return len(d.Y) / d.Players
}

// Add appends one position.
func (d *Data) Add(x, y []float64) {
	d.X = append(d.X, x...)
	d.Y = append(d.Y, y...)
}

// Append appends o's positions.
func (d *Data) Append(o *Data) {
	d.X = append(d.X, o.X...)
	d.Y = append(d.Y, o.Y...)
}

// Thin keeps at most max positions, evenly spread (every ⌈n/max⌉-th).
func (d *Data) Thin(max int) *Data {
	n := d.Positions()
	if n <= max {
		return d
	}
	step := (n + max - 1) / max
	o := &Data{Players: d.Players, K: d.K}
	nk := d.Players * d.K
	for i := 0; i < n; i += step {
		o.Add(d.X[i*nk:(i+1)*nk], d.Y[i*d.Players:(i+1)*d.Players])
	}
	return o
}

// LinkFor is the link a learned model of d takes: softmax when there are several seats
// and every position's shares sum to 1, else logistic.
func LinkFor(d *Data) string {
	if d.Players < 2 {
		return LinkLogistic
	}
	for i := 0; i < d.Positions(); i++ {
		sum := 0.0
		for _, y := range d.Y[i*d.Players : (i+1)*d.Players] {
			sum += y
		}
		if math.Abs(sum-1) > 1e-9 {
			return LinkLogistic
		}
	}
	return LinkSoftmax
}

// Spec is a learned form to train.
type Spec struct {
	Kind   string  // KindGLM or KindMLP
	Pairs  bool    // glm: the pairwise products
	Hidden int     // mlp: hidden units
	L2     float64 // penalty on every weight but the intercepts, per position
	Iters  int     // L-BFGS iterations at most
	// MaxPositions bounds the positions it is trained on (Data.Thin): the CPU of a fit.
	MaxPositions int
}

// Name is the spec in a few characters: "glm", "glm+pairs", "mlp:8".
func (sp Spec) Name() string {
	switch {
	case sp.Kind == KindMLP:
		return fmt.Sprintf("mlp:%d", sp.Hidden)
	case sp.Pairs:
		return "glm+pairs"
	}
	return sp.Kind
}

// trainer holds a training set standardised and the parameter layout.
type trainer struct {
	sp       Spec
	link     string
	n, k, p  int // seats, features, linear+pair weights
	xs       []float64
	y        []float64
	rows     int
	z, t, dz []float64 // scratch: scores, hidden activations (seat-major), score gradients
}

// Train fits sp on d with link; init (nil or a model of the same data without pairs or
// hidden units) is the starting point of the intercepts and linear weights.
func Train(d *Data, sp Spec, link string, init *Model) (*Model, error) {
	if d.Positions() == 0 {
		return nil, fmt.Errorf("no positions to fit")
	}
	if d.K > MaxFeatures || sp.Hidden > MaxHidden || d.Players > MaxSeats {
		return nil, fmt.Errorf("a value function has at most %d features, %d hidden units and %d seats", MaxFeatures, MaxHidden, MaxSeats)
	}
	n, k := d.Players, d.K
	m := &Model{Kind: sp.Kind, Link: link, Pairs: sp.Pairs, Hidden: sp.Hidden, Center: make([]float64, k), Spread: make([]float64, k)}
	rows := d.Positions() * n
	for j := 0; j < k; j++ {
		var s, ss float64
		for r := 0; r < rows; r++ {
			x := d.X[r*k+j]
			s += x
			ss += x * x
		}
		mean := s / float64(rows)
		m.Center[j] = mean
		m.Spread[j] = math.Sqrt(math.Max(ss/float64(rows)-mean*mean, 0))
		if m.Spread[j] < 1e-9 {
			m.Spread[j] = 1 // a feature that never varies: its weight stays at the penalty's 0
		}
	}
	tr := &trainer{sp: sp, link: link, n: n, k: k, p: k, y: d.Y, rows: d.Positions(),
		xs: make([]float64, len(d.X)), z: make([]float64, n), t: make([]float64, n*max(sp.Hidden, 1)), dz: make([]float64, n)}
	if sp.Pairs {
		tr.p += pairCount(k)
	}
	for r := 0; r < rows; r++ {
		for j := 0; j < k; j++ {
			tr.xs[r*k+j] = (d.X[r*k+j] - m.Center[j]) / m.Spread[j]
		}
	}
	size := n + tr.p + sp.Hidden*(k+1) + sp.Hidden
	x0 := make([]float64, size)
	if init != nil && len(init.Intercept) == n {
		copy(x0, init.Intercept)
		if init.kind() != KindLinear && len(init.Weights) >= k {
			copy(x0[n:], init.Weights[:k]) // the same standardisation: the same data
		}
	}
	if sp.Hidden > 0 {
		rng := rand.New(rand.NewPCG(0x76616c7565, uint64(sp.Hidden)))
		scale := 1 / math.Sqrt(float64(k))
		for i := n + tr.p; i < size; i++ {
			x0[i] = scale * (2*rng.Float64() - 1)
		}
	}
	prob := optimize.Problem{
		Func: func(x []float64) float64 { return tr.eval(x, nil) },
		Grad: func(g, x []float64) { tr.eval(x, g) },
	}
	res, err := optimize.Minimize(prob, x0, &optimize.Settings{MajorIterations: sp.Iters, GradientThreshold: 1e-7}, &optimize.LBFGS{})
	if res == nil {
		return nil, fmt.Errorf("%s: %v", sp.Name(), err)
	}
	x := res.X
	for _, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("%s: the fit diverged", sp.Name())
		}
	}
	m.Intercept = append([]float64(nil), x[:n]...)
	m.Weights = append([]float64(nil), x[n:n+tr.p]...)
	if sp.Hidden > 0 {
		m.Layer = append([]float64(nil), x[n+tr.p:n+tr.p+sp.Hidden*(k+1)]...)
		m.Out = append([]float64(nil), x[n+tr.p+sp.Hidden*(k+1):]...)
	}
	return m, nil
}

// eval is the penalised mean loss at x, and its gradient into g unless g is nil.
func (tr *trainer) eval(x, g []float64) float64 {
	n, k, p, H := tr.n, tr.k, tr.p, tr.sp.Hidden
	b, w := x[:n], x[n:n+p]
	layer, out := x[n+p:n+p+H*(k+1)], x[n+p+H*(k+1):]
	var gb, gw, gl, gout []float64
	if g != nil {
		clear(g)
		gb, gw = g[:n], g[n:n+p]
		gl, gout = g[n+p:n+p+H*(k+1)], g[n+p+H*(k+1):]
	}
	loss := 0.0
	for i := 0; i < tr.rows; i++ {
		for s := 0; s < n; s++ {
			xs := tr.xs[(i*n+s)*k : (i*n+s+1)*k]
			z := b[s]
			for j, v := range xs {
				z += w[j] * v
			}
			if tr.sp.Pairs {
				q := k
				for a := 0; a < k; a++ {
					for c := a; c < k; c++ {
						z += w[q] * xs[a] * xs[c]
						q++
					}
				}
			}
			for h := 0; h < H; h++ {
				row := layer[h*(k+1) : (h+1)*(k+1)]
				a := row[0]
				for j, v := range xs {
					a += row[j+1] * v
				}
				t := math.Tanh(a)
				tr.t[s*H+h] = t
				z += out[h] * t
			}
			tr.z[s] = z
		}
		y := tr.y[i*n : (i+1)*n]
		loss += tr.loss(y)
		if g == nil {
			continue
		}
		for s := 0; s < n; s++ {
			d := tr.dz[s]
			gb[s] += d
			xs := tr.xs[(i*n+s)*k : (i*n+s+1)*k]
			for j, v := range xs {
				gw[j] += d * v
			}
			if tr.sp.Pairs {
				q := k
				for a := 0; a < k; a++ {
					da := d * xs[a]
					for c := a; c < k; c++ {
						gw[q] += da * xs[c]
						q++
					}
				}
			}
			for h := 0; h < H; h++ {
				t := tr.t[s*H+h]
				gout[h] += d * t
				e := d * out[h] * (1 - t*t)
				row := gl[h*(k+1) : (h+1)*(k+1)]
				row[0] += e
				for j, v := range xs {
					row[j+1] += e * v
				}
			}
		}
	}
	rows := float64(tr.rows)
	loss /= rows
	pen := 0.0
	for i := n; i < len(x); i++ {
		pen += x[i] * x[i]
	}
	loss += tr.sp.L2 / 2 * pen
	if g != nil {
		for i := range g {
			g[i] /= rows
		}
		for i := n; i < len(x); i++ {
			g[i] += tr.sp.L2 * x[i]
		}
	}
	return loss
}

// loss is one position's loss from the scores tr.z and outcomes y; it leaves the scores'
// gradients in tr.dz.
func (tr *trainer) loss(y []float64) float64 {
	copy(tr.dz, tr.z)
	link(tr.link, tr.dz) // now the values
	l := 0.0
	for s, v := range tr.dz {
		c := min(max(v, 1e-15), 1-1e-15)
		if tr.link == LinkSoftmax {
			l -= y[s] * math.Log(c)
		} else {
			l -= y[s]*math.Log(c) + (1-y[s])*math.Log(1-c)
		}
		tr.dz[s] = v - y[s]
	}
	return l
}
