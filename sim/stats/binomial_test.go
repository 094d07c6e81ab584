package stats

import (
	"testing"

	"dragonlab/sim/stats/statstest"
)

func TestBinomTest(t *testing.T) {
	tests := []struct {
		x, n int64
		p    float64
		want float64
	}{
		{7, 20, 0.5, 0.26317596435546875},              // binom.test(7, 20, 0.5)$p.value
		{13, 20, 0.5, 0.26317596435546875},             // binom.test(13, 20, 0.5)$p.value
		{0, 10, 0.5, 0.0019531250000000004},            // binom.test(0, 10, 0.5)$p.value
		{5, 10, 0.5, 1},                                // binom.test(5, 10, 0.5)$p.value
		{5010, 10000, 0.5, 0.84931032663732042},        // binom.test(5010, 10000, 0.5)$p.value
		{4990, 10000, 0.5, 0.84931032663732042},        // binom.test(4990, 10000, 0.5)$p.value
		{30, 100, 0.2, 0.016945359676785163},           // binom.test(30, 100, 0.2)$p.value
		{12, 100, 0.2, 0.045348959953569502},           // binom.test(12, 100, 0.2)$p.value
		{3, 7, 1.0 / 3, 0.69272976680384113},           // binom.test(3, 7, 1/3)$p.value
		{250, 1000, 0.2, 0.00012262983509634838},       // binom.test(250, 1000, 0.2)$p.value
		{2, 20, 0.25, 0.1930722893876009},              // binom.test(2, 20, 0.25)$p.value
		{502000, 1000000, 0.5, 6.3609337500824807e-05}, // binom.test(502000, 1e6, 0.5)$p.value
		{201500, 1000000, 0.2, 0.00017949321518450373}, // binom.test(201500, 1e6, 0.2)$p.value
		{198700, 1000000, 0.2, 0.0011489728945446461},  // binom.test(198700, 1e6, 0.2)$p.value
		{51500, 100000, 0.5, 2.4384264313434738e-21},   // binom.test(51500, 1e5, 0.5)$p.value
	}
	for _, tc := range tests {
		statstest.NearRel(t, "BinomTest", BinomTest(tc.x, tc.n, tc.p), tc.want, 1e-6)
	}
	// binom.test(541000, 1e6, 0.5)$p.value is 2.96e-323 (subnormal): only "tiny" matters.
	if p := BinomTest(541000, 1000000, 0.5); p > 1e-300 {
		t.Errorf("BinomTest(541000, 1e6) = %g, want < 1e-300", p)
	}
	if p := BinomTest(0, 0, 0.5); p != 1 {
		t.Errorf("BinomTest with no trials = %g, want 1", p)
	}
}

func TestSignTestMatchesR(t *testing.T) {
	for _, c := range []struct {
		wins, losses int64
		want         float64
	}{
		{12, 8, 0.503444671631},     // binom.test(12, 20)$p.value
		{3, 14, 0.0127258300781},    // binom.test(3, 17)$p.value
		{530, 470, 0.0620231950984}, // binom.test(530, 1000)$p.value
		{0, 6, 0.03125},             // binom.test(0, 6)$p.value
		{5, 5, 1},
		{0, 0, 1},
	} {
		statstest.Near(t, "sign test", SignTest(c.wins, c.losses), c.want, 1e-9)
		statstest.Near(t, "sign test (mirrored)", SignTest(c.losses, c.wins), c.want, 1e-9)
	}
}
