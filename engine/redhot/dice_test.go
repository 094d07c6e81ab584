package redhot

import (
	"math"
	"testing"

	"dragonlab/engine"
)

// chi2SF5 is the survival function of the chi-square distribution with 5 degrees of
// freedom (closed form for odd df): P(X > x).
func chi2SF5(x float64) float64 {
	return math.Erfc(math.Sqrt(x/2)) + math.Sqrt(2*x/math.Pi)*math.Exp(-x/2)*(1+x/3)
}

// RH-5, RH-12: the engine's dice (roll3) and die selection (pick), the very functions the
// flame uses, give MIN, MED and MAX of three dice with their exact distributions:
// MIN 91,61,37,19,7,1 /216; MED 16,40,52,52,40,16 /216; MAX the mirror of MIN.
//
// The bound: a chi-square goodness-of-fit test per selection (6 cells, 5 degrees of
// freedom) over N = 432,000 rolls with a fixed seed, rejecting at alpha = 1e-6 (critical
// value 35.89). The smallest expected cell is N/216 = 2,000, far above the usual 5 needed
// for the chi-square approximation. A correct engine fails with probability 1e-6 per
// selection for a random seed (never, with this fixed one). Power: an engine off by as
// little as 1/216 between two cells (MIN 90,62 instead of 91,61) would give an expected
// statistic of about 2000/91 + 2000/61 + 5 ≈ 60, well above the critical value.
func TestRH12_DiceDistributions(t *testing.T) {
	want := [3][6]float64{
		{91, 61, 37, 19, 7, 1},
		{16, 40, 52, 52, 40, 16},
		{1, 7, 19, 37, 61, 91},
	}
	const n = 216 * 2000
	var count [3][7]int
	r := engine.NewRNG(20240601)
	for range n {
		d := roll3(&r)
		for sel := range uint8(3) {
			count[sel][pick(d, sel)]++
		}
	}
	const critical = 35.89 // chi-square, 5 df, upper 1e-6 quantile
	for sel := range 3 {
		stat := 0.0
		for v := 1; v <= 6; v++ {
			e := n * want[sel][v-1] / 216
			o := float64(count[sel][v])
			stat += (o - e) * (o - e) / e
		}
		p := chi2SF5(stat)
		t.Logf("%s: counts %v chi2 %.2f p %.3g", selNames[sel], count[sel][1:], stat, p)
		if stat > critical {
			t.Errorf("%s of three dice: chi-square %.1f > %.2f (p = %.2g): not the exact distribution %v/216",
				selNames[sel], stat, critical, p, want[sel])
		}
	}
	// The exact distributions themselves, by enumerating the 216 outcomes through pick.
	var exact [3][7]float64
	for a := uint8(1); a <= 6; a++ {
		for b := uint8(1); b <= 6; b++ {
			for c := uint8(1); c <= 6; c++ {
				for sel := range uint8(3) {
					exact[sel][pick([3]uint8{a, b, c}, sel)]++
				}
			}
		}
	}
	for sel := range 3 {
		for v := 1; v <= 6; v++ {
			if exact[sel][v] != want[sel][v-1] {
				t.Fatalf("%s: pick gives %v/216, want %v", selNames[sel], exact[sel][1:], want[sel])
			}
		}
	}
	if math.Abs(chi2SF5(35.89)-1e-6) > 1e-8 {
		t.Fatalf("chi2SF5(35.89) = %g, want 1e-6", chi2SF5(35.89))
	}
}
