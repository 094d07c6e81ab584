//go:build gonumoptimize

package studies

import (
	"fmt"

	"gonum.org/v1/gonum/optimize"
)

// minimize fits with gonum/optimize: Newton's method with the exact Hessian and a
// gradient threshold of 1e-10. It needs golang.org/x/tools in go.sum (gonum/optimize
// imports gonum/stat/distmv, which imports golang.org/x/tools/container/intsets):
// go get golang.org/x/tools@v0.36.0 (the version the module graph already selects).
func minimize(p problem, x []float64) ([]float64, error) {
	res, err := optimize.Minimize(optimize.Problem{Func: p.Func, Grad: p.Grad, Hess: p.Hess}, x,
		&optimize.Settings{GradientThreshold: 1e-10, MajorIterations: 200}, &optimize.Newton{})
	if err != nil {
		return nil, fmt.Errorf("rating fit did not converge: %v", err)
	}
	return res.X, nil
}
