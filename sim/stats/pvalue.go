package stats

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"
)

// NormalP is the two-sided p-value of a standard normal statistic z, erfc(|z|/√2)
// (R: 2 * pnorm(-abs(z))); 1 for NaN.
func NormalP(z float64) float64 {
	if math.IsNaN(z) {
		return 1
	}
	return math.Erfc(math.Abs(z) / math.Sqrt2)
}

// TTwoSided is the two-sided p-value of a t statistic with df degrees of freedom
// (R: 2 * pt(-abs(t), df)); 1 for NaN or df ≤ 0.
func TTwoSided(t, df float64) float64 {
	if math.IsNaN(t) || df <= 0 {
		return 1
	}
	return 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Survival(math.Abs(t))
}

// Holm adjusts p-values for multiple comparisons with Holm's step-down method (Holm
// 1979, "A simple sequentially rejective multiple test procedure", Scand. J. Statist.
// 6:65–70): the i-th smallest of m is multiplied by m − i + 1, then made non-decreasing
// and capped at 1 (R: p.adjust(p, method = "holm")). The result is in the order of the
// input.
func Holm(p []float64) []float64 {
	m := len(p)
	idx := make([]int, m)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return p[idx[a]] < p[idx[b]] })
	out := make([]float64, m)
	run := 0.0
	for rank, i := range idx {
		v := math.Min(1, float64(m-rank)*p[i])
		run = math.Max(run, v)
		out[i] = run
	}
	return out
}

// HolmSubset sets out[i] to the Holm-adjusted p of ps[i] over the family of the indices
// tested; the others get 1. It returns the family size.
func HolmSubset(ps []float64, tested []bool, out []float64) int {
	var idx []int
	var fam []float64
	for i, ok := range tested {
		out[i] = 1
		if ok {
			idx = append(idx, i)
			fam = append(fam, ps[i])
		}
	}
	for k, p := range Holm(fam) {
		out[idx[k]] = p
	}
	return len(fam)
}

// HolmSeats adjusts the seat tests of several results (levels, configurations) with
// Holm's method over one family. p[g][s] is the p-value of seat s in result g. Two seats
// are one test — seat 1's advantage is seat 0's mirror — so only p[g][0] enters the family
// and both seats get its adjusted value; with more seats each seat is a test; a result
// with fewer than two seats has none (its row stays empty). It returns the adjusted
// p-values in the shape of p and the family size.
func HolmSeats(p [][]float64) ([][]float64, int) {
	type ref struct{ g, s int }
	var refs []ref
	var ps []float64
	for g, row := range p {
		switch {
		case len(row) == 2:
			refs, ps = append(refs, ref{g, 0}), append(ps, row[0])
		case len(row) > 2:
			for s, v := range row {
				refs, ps = append(refs, ref{g, s}), append(ps, v)
			}
		}
	}
	out := make([][]float64, len(p))
	for g, row := range p {
		if len(row) >= 2 {
			out[g] = make([]float64, len(row))
		}
	}
	for k, adj := range Holm(ps) {
		rf := refs[k]
		out[rf.g][rf.s] = adj
		if len(p[rf.g]) == 2 {
			out[rf.g][1] = adj
		}
	}
	return out, len(ps)
}
