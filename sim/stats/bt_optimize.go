package stats

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/optimize"
)

// minimize fits with gonum/optimize: Newton's method with the exact Hessian and a
// gradient threshold of 1e-10.
//
// Near the optimum of a nearly separated table (an agent that wins almost every game) the
// gradient reaches the level of floating-point noise before 1e-10, and the line search
// then reports that it cannot make progress. The point is accepted when the gradient is
// below 1e-6 there: the ratings are then exact to far better than their intervals.
func minimize(p problem, x []float64) ([]float64, error) {
	res, err := optimize.Minimize(optimize.Problem{Func: p.Func, Grad: p.Grad, Hess: p.Hess}, x,
		&optimize.Settings{GradientThreshold: 1e-10, MajorIterations: 200}, &optimize.Newton{})
	if err != nil {
		if res == nil || !nearlyStationary(p, res.X) {
			return nil, fmt.Errorf("rating fit did not converge: %v", err)
		}
	}
	return res.X, nil
}

func nearlyStationary(p problem, x []float64) bool {
	g := make([]float64, len(x))
	p.Grad(g, x)
	n := floats.Norm(g, math.Inf(1))
	return !math.IsNaN(n) && n < 1e-6
}
