package studies

import (
	"fmt"

	"gonum.org/v1/gonum/optimize"
)

// minimize fits with gonum/optimize: Newton's method with the exact Hessian and a
// gradient threshold of 1e-10.
func minimize(p problem, x []float64) ([]float64, error) {
	res, err := optimize.Minimize(optimize.Problem{Func: p.Func, Grad: p.Grad, Hess: p.Hess}, x,
		&optimize.Settings{GradientThreshold: 1e-10, MajorIterations: 200}, &optimize.Newton{})
	if err != nil {
		return nil, fmt.Errorf("rating fit did not converge: %v", err)
	}
	return res.X, nil
}
