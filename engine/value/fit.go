package value

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Normal accumulates the normal equations of the least-squares fit of a Model: every row
// is one seat at one position, [one-hot seat, features] against the seat's final win
// share. Normals of parts of a fit add up (Add), so blocks of games fitted apart and added
// in a fixed order give the same model whatever the number of workers.
type Normal struct {
	Players, K int
	N          int64     // rows
	XtX        []float64 // (Players+K)², row-major
	Xty        []float64 // Players+K
	Yty, Ysum  float64
}

// NewNormal is an empty accumulator for players seats and k features.
func NewNormal(players, k int) *Normal {
	p := players + k
	return &Normal{Players: players, K: k, XtX: make([]float64, p*p), Xty: make([]float64, p)}
}

// AddRow adds seat's features x (k values) with outcome y.
func (n *Normal) AddRow(seat int, x []float64, y float64) {
	p := n.Players + n.K
	n.N++
	n.Yty += y * y
	n.Ysum += y
	// the one-hot part: column seat
	n.XtX[seat*p+seat]++
	n.Xty[seat] += y
	for j, xj := range x {
		c := n.Players + j
		n.XtX[seat*p+c] += xj
		n.XtX[c*p+seat] += xj
		n.Xty[c] += xj * y
		row := n.XtX[c*p+n.Players : c*p+p]
		for i, xi := range x {
			row[i] += xj * xi
		}
	}
}

// Add adds o (same shape) into n.
func (n *Normal) Add(o *Normal) {
	n.N += o.N
	n.Yty += o.Yty
	n.Ysum += o.Ysum
	for i, v := range o.XtX {
		n.XtX[i] += v
	}
	for i, v := range o.Xty {
		n.Xty[i] += v
	}
}

// Solve fits the model: least squares with a ridge penalty of ridge·N on the feature
// weights (not the seat intercepts), which only keeps rarely-varying features from
// taking huge weights. It returns the intercepts, the weights and R², the share of the
// outcome's variance around its mean that the model explains on the rows.
func (n *Normal) Solve(ridge float64) (intercept, weights []float64, r2 float64, err error) {
	p := n.Players + n.K
	if n.N < int64(p) {
		return nil, nil, 0, fmt.Errorf("%d samples for %d parameters: play more games", n.N, p)
	}
	a := mat.NewSymDense(p, nil)
	for i := 0; i < p; i++ {
		for j := i; j < p; j++ {
			a.SetSym(i, j, n.XtX[i*p+j])
		}
	}
	for j := n.Players; j < p; j++ {
		a.SetSym(j, j, a.At(j, j)+ridge*float64(n.N)+1e-9)
	}
	var ch mat.Cholesky
	if !ch.Factorize(a) {
		return nil, nil, 0, fmt.Errorf("the normal equations are singular (a seat that never moves, or a feature that never varies?)")
	}
	var w mat.VecDense
	if err := ch.SolveVecTo(&w, mat.NewVecDense(p, append([]float64(nil), n.Xty...))); err != nil {
		return nil, nil, 0, err
	}
	beta := w.RawVector().Data
	// SSE = y'y − 2β'X'y + β'X'Xβ
	sse := n.Yty
	for i := 0; i < p; i++ {
		sse -= 2 * beta[i] * n.Xty[i]
		for j := 0; j < p; j++ {
			sse += beta[i] * n.XtX[i*p+j] * beta[j]
		}
	}
	mean := n.Ysum / float64(n.N)
	sst := n.Yty - float64(n.N)*mean*mean
	r2 = 0
	if sst > 0 {
		r2 = 1 - math.Max(sse, 0)/sst
	}
	return append([]float64(nil), beta[:n.Players]...), append([]float64(nil), beta[n.Players:]...), r2, nil
}
