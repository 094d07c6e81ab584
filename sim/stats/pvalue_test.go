package stats

import (
	"math"
	"testing"

	"dragonlab/sim/stats/statstest"
)

func TestNormalAndTP(t *testing.T) {
	statstest.NearRel(t, "z 1.96", NormalP(1.96), 0.049995790296440869, 1e-12)           // 2*pnorm(-1.96)
	statstest.NearRel(t, "z -3.5", NormalP(-3.5), 0.00046525815807105007, 1e-12)         // 2*pnorm(-3.5)
	statstest.NearRel(t, "t 2.1 on 10", TTwoSided(2.1, 10), 0.062077244202218582, 1e-10) // 2*pt(-2.1, 10)
	statstest.NearRel(t, "t -0.7 on 3", TTwoSided(-0.7, 3), 0.53432699830476363, 1e-10)  // 2*pt(-0.7, 3)
	if NormalP(math.NaN()) != 1 || TTwoSided(math.NaN(), 3) != 1 || TTwoSided(2, 0) != 1 {
		t.Error("undefined statistics must give p 1")
	}
}

func TestHolm(t *testing.T) {
	tests := []struct{ p, want []float64 }{
		{[]float64{0.01, 0.04, 0.03, 0.005, 0.5}, []float64{0.04, 0.09, 0.09, 0.025, 0.5}}, // p.adjust(c(0.01,0.04,0.03,0.005,0.5), "holm")
		{[]float64{0.2, 1e-10, 0.2, 0.04}, []float64{0.4, 4e-10, 0.4, 0.12}},               // p.adjust(c(0.2,1e-10,0.2,0.04), "holm")
		{[]float64{0.01, 0.04, 0.03, 0.2}, []float64{0.04, 0.09, 0.09, 0.2}},               // p.adjust(c(0.01,0.04,0.03,0.2), "holm")
	}
	for _, tc := range tests {
		got := Holm(tc.p)
		for i := range got {
			statstest.NearRel(t, "Holm", got[i], tc.want[i], 1e-12)
		}
	}
	if len(Holm(nil)) != 0 {
		t.Error("Holm(nil) not empty")
	}
}

func TestHolmSubset(t *testing.T) {
	// p.adjust(c(0.04, 0.001, 0.03, 0.5, 0.01), "holm") = 0.09 0.005 0.09 0.5 0.04; the
	// untested entries in between get 1 and do not count in the family.
	ps := []float64{0.04, 0.9, 0.001, 0.03, 0.5, 0.2, 0.01}
	tested := []bool{true, false, true, true, true, false, true}
	out := make([]float64, len(ps))
	if fam := HolmSubset(ps, tested, out); fam != 5 {
		t.Errorf("family %d, want 5", fam)
	}
	want := []float64{0.09, 1, 0.005, 0.09, 0.5, 1, 0.04}
	for i := range want {
		statstest.Near(t, "holm", out[i], want[i], 1e-12)
	}
}

func TestHolmSeats(t *testing.T) {
	// Two seats are one test (seat 0's), mirrored to seat 1; fewer than two seats none.
	// The family is 0.01, 0.04, 0.03, 0.005: p.adjust(c(0.01,0.04,0.03,0.005), "holm") =
	// 0.03 0.06 0.06 0.02.
	p := [][]float64{{0.01, 0.99}, nil, {0.04, 0.03, 0.005}, {0.5}}
	got, fam := HolmSeats(p)
	if fam != 4 {
		t.Errorf("family %d, want 4", fam)
	}
	want := [][]float64{{0.03, 0.03}, nil, {0.06, 0.06, 0.02}, nil}
	for g := range want {
		if len(got[g]) != len(want[g]) {
			t.Fatalf("row %d: %v, want %v", g, got[g], want[g])
		}
		for s := range want[g] {
			statstest.Near(t, "holm", got[g][s], want[g][s], 1e-12)
		}
	}
}
