//go:build !gonumoptimize

package studies

import (
	"errors"
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// minimize is Newton's method on gonum/mat (see newton). Build with -tags gonumoptimize
// to fit with gonum/optimize instead (bt_optimize.go), once go.sum holds
// golang.org/x/tools, which gonum/optimize needs through gonum/stat/distmv.
func minimize(p problem, x []float64) ([]float64, error) { return newton(p, x) }

// newton minimises a smooth convex function by Newton's method with a backtracking
// (Armijo) line search, stopping when every gradient component is below 1e-10.
//
// It does what gonum/optimize.Minimize with optimize.Newton does, in a few lines of
// gonum/mat: importing gonum/optimize pulls in gonum/stat/distmv and through it
// golang.org/x/tools, which go.sum does not hold yet.
func newton(p problem, x []float64) ([]float64, error) {
	n := len(x)
	g := make([]float64, n)
	h := mat.NewSymDense(n, nil)
	step := mat.NewVecDense(n, nil)
	trial := make([]float64, n)
	f := p.Func(x)
	for iter := 0; iter < 200; iter++ {
		p.Grad(g, x)
		if maxAbs(g) < 1e-10 {
			return x, nil
		}
		p.Hess(h, x)
		var chol mat.Cholesky
		if !chol.Factorize(h) {
			// Not positive definite (a flat direction): fall back to steepest descent.
			for i := range g {
				step.SetVec(i, -g[i])
			}
		} else if err := chol.SolveVecTo(step, mat.NewVecDense(n, g)); err != nil {
			return nil, fmt.Errorf("rating fit: %w", err)
		} else {
			step.ScaleVec(-1, step)
		}
		slope := 0.0
		for i := range g {
			slope += g[i] * step.AtVec(i)
		}
		t := 1.0
		for ; t > 1e-12; t /= 2 {
			for i := range x {
				trial[i] = x[i] + t*step.AtVec(i)
			}
			if ft := p.Func(trial); ft <= f+1e-4*t*slope {
				f = ft
				copy(x, trial)
				break
			}
		}
		if t <= 1e-12 { // no further decrease: as close as floating point gets
			return x, nil
		}
		if maxAbs(x) > 4*maxTheta { // diverging (separation): let the caller add a prior
			return x, nil
		}
	}
	return nil, errors.New("rating fit did not converge in 200 Newton steps")
}
