package reports

import (
	"math"
	"testing"
)

// Every expected value below was computed once with R 4.2 (Debian's r-base-core) by the
// call written next to it; the tests never run R.

func near(t *testing.T, what string, got, want, relTol float64) {
	t.Helper()
	if math.IsNaN(got) || math.Abs(got-want) > relTol*math.Max(math.Abs(want), 1e-300) {
		t.Errorf("%s = %.17g, want %.17g (relative tolerance %g)", what, got, want, relTol)
	}
}

func TestWilson(t *testing.T) {
	tests := []struct {
		x, n   float64
		lo, hi float64
	}{
		{541, 1000, 0.51001646738872664, 0.57166973841545787},     // prop.test(541, 1000, correct=FALSE)$conf.int
		{0, 10, 0, 0.27753279986288915},                           // prop.test(0, 10, correct=FALSE)$conf.int
		{10, 10, 0.72246720013711085, 1},                          // prop.test(10, 10, correct=FALSE)$conf.int
		{4980, 20000, 0.24305546596527017, 0.25504093613489431},   // prop.test(4980, 20000, correct=FALSE)$conf.int
		{1, 3, 0.061491944720396291, 0.79234039919795229},         // prop.test(1, 3, correct=FALSE)$conf.int
		{24900, 100000, 0.24632947255440782, 0.25168981082810887}, // prop.test(24900, 1e5, correct=FALSE)$conf.int
		{12.5, 40, 0.19074487213774938, 0.46711322831123314},      // prop.test(12.5, 40, correct=FALSE)$conf.int (fractional: shared wins)
		{54, 100, 0.442648603234, 0.634391916910},                 // prop.test(54, 100, correct=FALSE)$conf.int
	}
	for _, tc := range tests {
		ci := Wilson(tc.x, tc.n)
		near(t, "Wilson lo", ci.Lo, tc.lo, 1e-9)
		near(t, "Wilson hi", ci.Hi, tc.hi, 1e-9)
	}
	if ci := Wilson(0, 0); ci.Lo != 0 || ci.Hi != 1 {
		t.Errorf("Wilson(0, 0) = %v, want [0, 1]", ci)
	}
	if iv := WilsonZ(10, 10, 1.96); iv.Hi != 1 {
		t.Errorf("all wins: hi %v", iv.Hi)
	}
}

func TestMeanCI(t *testing.T) {
	// x <- c(3,5,7,7,10,12): n 6, sum 44, sum of squares 376.
	m := MeanCI(6, 44, 376)
	near(t, "mean", m.Mean, 7.333333333333333, 1e-12) // mean(x)
	near(t, "sd", m.SD, 3.2659863237109041, 1e-12)    // sd(x)
	near(t, "lo", m.CI.Lo, 3.9058908858182484, 1e-9)  // t.test(x)$conf.int[1]
	near(t, "hi", m.CI.Hi, 10.760775780848419, 1e-9)  // t.test(x)$conf.int[2]
	// x <- c(rep(40,300), rep(41,500), rep(55,200), rep(90,7)): n 1007, sum 44130, sumsq 1982200.
	m = MeanCI(1007, 44130, 1982200)
	near(t, "mean", m.Mean, 43.823237338629596, 1e-12) // mean(x)
	near(t, "sd", m.SD, 6.9276677721803193, 1e-12)     // sd(x)
	near(t, "lo", m.CI.Lo, 43.394843484931961, 1e-9)   // t.test(x)$conf.int[1]
	near(t, "hi", m.CI.Hi, 44.251631192327231, 1e-9)   // t.test(x)$conf.int[2]

	// The same sample from a histogram.
	counts := make([]int64, 51)
	counts[0], counts[1], counts[15], counts[50] = 300, 500, 200, 7
	n, sum, sumSq := histSums(40, counts)
	if n != 1007 || sum != 44130 || sumSq != 1982200 {
		t.Errorf("histSums = %d, %d, %d; want 1007, 44130, 1982200", n, sum, sumSq)
	}

	if m := MeanCI(1, 5, 25); m.Mean != 5 || !math.IsNaN(m.CI.Lo) {
		t.Errorf("MeanCI of one value = %+v, want mean 5 and no interval", m)
	}
	// Exact variance numerator: a million games of length ~1e6 would overflow int64 in n·Σx².
	big := MeanCI(1_000_000, 1_000_000*1_000_000+500_000, 1_000_000*1_000_000*1_000_000+2*1_000_000*500_000+500_000)
	near(t, "big mean", big.Mean, 1_000_000.5, 1e-15)
	near(t, "big sd", big.SD, math.Sqrt(0.25*1e6/(1e6-1)), 1e-9)
}

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
		near(t, "BinomTest", BinomTest(tc.x, tc.n, tc.p), tc.want, 1e-6)
	}
	// binom.test(541000, 1e6, 0.5)$p.value is 2.96e-323 (subnormal): only "tiny" matters.
	if p := BinomTest(541000, 1000000, 0.5); p > 1e-300 {
		t.Errorf("BinomTest(541000, 1e6) = %g, want < 1e-300", p)
	}
	if p := BinomTest(0, 0, 0.5); p != 1 {
		t.Errorf("BinomTest with no trials = %g, want 1", p)
	}
}

func TestPropZTest(t *testing.T) {
	tests := []struct {
		x, n, p0   float64
		chi2, want float64
	}{
		{12.5, 40, 0.25, 0.83333333333333337, 0.36131042852617878},      // prop.test(12.5, 40, 0.25, correct=FALSE): statistic, p.value
		{30, 100, 0.2, 6.25, 0.012419330651552294},                      // prop.test(30, 100, 0.2, correct=FALSE): statistic, p.value
		{5200.5, 25000, 0.2, 10.050062500000001, 0.0015234277326656796}, // prop.test(5200.5, 25000, 0.2, correct=FALSE): statistic, p.value
	}
	for _, tc := range tests {
		z, p := PropZTest(tc.x, tc.n, tc.p0)
		near(t, "z²", z*z, tc.chi2, 1e-12)
		near(t, "PropZTest p", p, tc.want, 1e-9)
	}
	// prop.test(30.5, 60, 0.5, correct=FALSE)$p.value (a shared win counts 1/2)
	_, p := PropZTest(30.5, 60, 0.5)
	near(t, "prop z", p, 0.89727896126, 1e-9)
}

func TestChiSquareGOF(t *testing.T) {
	tests := []struct {
		obs  []float64
		stat float64
		df   int
		p    float64
	}{
		{[]float64{5230, 4910, 4950, 5010, 4900}, 14.72, 4, 0.0053186191217419031}, // chisq.test(c(5230,4910,4950,5010,4900), p=rep(1/5,5))
		{[]float64{10, 12, 8}, 0.8, 2, 0.67032004603563933},                        // chisq.test(c(10,12,8), p=rep(1/3,3))
		{[]float64{4000.5, 3999.5, 4100, 3900}, 5.000125, 3, 0.17178799141145659},  // chisq.test(c(4000.5,3999.5,4100,3900), p=rep(1/4,4))
	}
	for _, tc := range tests {
		shares := make([]float64, len(tc.obs))
		for i := range shares {
			shares[i] = 1 / float64(len(shares))
		}
		got := ChiSquareGOF(tc.obs, shares)
		near(t, "chi-square statistic", got.Stat, tc.stat, 1e-12)
		if got.DF != tc.df {
			t.Errorf("df = %d, want %d", got.DF, tc.df)
		}
		near(t, "chi-square p", got.P, tc.p, 1e-9)
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
			near(t, "Holm", got[i], tc.want[i], 1e-12)
		}
	}
	if len(Holm(nil)) != 0 {
		t.Error("Holm(nil) not empty")
	}
}
