package why

import (
	"encoding/json"
	"math"
	"testing"

	"dragonlab/sim"
)

// Every expected value below was computed once with R 4.2 (Debian's r-base-core) by the
// call written next to it; the tests never run R. newc(x1, n1, x2, n2) is Newcombe's
// hybrid score interval built in R from two Wilson intervals:
//
//	newc <- function(x1,n1,x2,n2){ p1<-x1/n1; p2<-x2/n2
//	  a<-prop.test(x1,n1,correct=FALSE)$conf.int; b<-prop.test(x2,n2,correct=FALSE)$conf.int
//	  d<-p1-p2; c(d, d-sqrt((p1-a[1])^2+(b[2]-p2)^2), d+sqrt((a[2]-p1)^2+(p2-b[1])^2)) }

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(got) || math.Abs(got-want) > tol*math.Max(math.Abs(want), 1) {
		t.Errorf("%s = %.17g, want %.17g (tolerance %g)", what, got, want, tol)
	}
}

// noNaN fails if v holds a NaN or an infinity anywhere: encoding/json refuses them.
func noNaN(t *testing.T, what string, v any) {
	t.Helper()
	if _, err := json.Marshal(v); err != nil {
		t.Errorf("%s: %v", what, err)
	}
}

func hist(lo int64, counts ...int64) sim.Hist { return sim.Hist{Lo: lo, Counts: counts} }

func TestNewcombeDiff(t *testing.T) {
	tests := []struct {
		x1     float64
		n1     int64
		x2     float64
		n2     int64
		lo, hi float64
		p      float64
	}{
		// Newcombe (1998), Table II, method 10: (a) 0.0524 to 0.3339.
		{56, 70, 48, 80, 0.052431472402364926, 0.333872654036905858, 0.0080450813681965643}, // newc(56,70,48,80); prop.test(c(56,48),c(70,80),correct=FALSE)$p.value
		// (b) 0.1705 to 0.8090.
		{9, 10, 3, 10, 0.17052272393450307, 0.80901797353548799, 0.0061698993205441532}, // newc(9,10,3,10); prop.test(c(9,3),c(10,10),correct=FALSE)$p.value
		// (d) −0.0381 to 0.1926: a zero count.
		{5, 56, 0, 29, -0.038137147903536853, 0.192560013855111567, 0.097186568170579746}, // newc(5,56,0,29); prop.test(c(5,0),c(56,29),correct=FALSE)$p.value
		// Fractional (shared wins).
		{12.5, 40, 20, 41, -0.366449702994890547, 0.036841032112963523, 0.1075435729529589}, // newc(12.5,40,20,41); prop.test(c(12.5,20),c(40,41),correct=FALSE)$p.value
	}
	for _, tc := range tests {
		d := NewcombeDiff(tc.x1, tc.n1, tc.x2, tc.n2)
		near(t, "diff", d.Value, tc.x1/float64(tc.n1)-tc.x2/float64(tc.n2), 1e-15)
		near(t, "lo", d.CI.Lo, tc.lo, 1e-9)
		near(t, "hi", d.CI.Hi, tc.hi, 1e-9)
		near(t, "p", d.P, tc.p, 1e-9)
		if !d.Tested {
			t.Errorf("%v: not tested", tc)
		}
	}
	// (g) 10/10 − 0/20: 0.6791 to 1.0000, every game won against none.
	d := NewcombeDiff(10, 10, 0, 20)
	near(t, "lo", d.CI.Lo, 0.67908603714191484, 1e-9) // newc(10,10,0,20)
	if d.CI.Hi != 1 || d.Value != 1 {
		t.Errorf("all against none: %+v", d)
	}
	// Both sides all wins: no difference, nothing to test (R's prop.test gives NaN).
	if d := NewcombeDiff(10, 10, 20, 20); d.Value != 0 || d.P != 1 || !d.CI.Contains(0) {
		t.Errorf("all wins on both sides: %+v", d)
	}
	// No games on one side: untested, the widest interval.
	for _, d := range []Diff{NewcombeDiff(0, 0, 3, 10), NewcombeDiff(3, 10, 0, 0)} {
		if d.Tested || d.P != 1 || d.CI.Lo != -1 || d.CI.Hi != 1 || d.Value != 0 {
			t.Errorf("no games: %+v", d)
		}
		noNaN(t, "untested diff", d)
	}
}

func TestHistQuantile(t *testing.T) {
	// x <- c(rep(3,4), 5, rep(7,6), rep(12,2), 20)
	h := hist(3, 4, 0, 1, 0, 6, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1)
	for _, tc := range []struct{ p, want float64 }{ // quantile(x, c(0,0.1,0.25,0.5,0.75,0.9,1))
		{0, 3}, {0.1, 3}, {0.25, 3.5}, {0.5, 7}, {0.75, 7}, {0.9, 12}, {1, 20},
	} {
		near(t, "quantile", HistQuantile(h, tc.p), tc.want, 1e-12)
	}
	// m <- c(rep(1,4), rep(2,3), rep(5,2), 11): quantile(m, 0.9) = 5.6 (interpolated).
	near(t, "quantile 0.9", HistQuantile(hist(1, 4, 3, 0, 0, 2, 0, 0, 0, 0, 0, 1), 0.9), 5.5999999999999979, 1e-12)
	if q := HistQuantile(hist(7, 1), 0.1); q != 7 { // quantile(7, 0.1)
		t.Errorf("one value: %v", q)
	}
	if q := HistQuantile(sim.Hist{}, 0.5); q != 0 {
		t.Errorf("empty: %v", q)
	}
	if q := Quantile([]float64{1, 2, 4}, 0.25); q != 1.5 { // quantile(c(1,2,4), 0.25)
		t.Errorf("Quantile = %v, want 1.5", q)
	}
}

func TestHolmInto(t *testing.T) {
	// p.adjust(c(0.04, 0.001, 0.03, 0.5, 0.01), "holm") = 0.09 0.005 0.09 0.5 0.04; the
	// untested entries in between get 1 and do not count in the family.
	ps := []float64{0.04, 0.9, 0.001, 0.03, 0.5, 0.2, 0.01}
	tested := []bool{true, false, true, true, true, false, true}
	out := make([]float64, len(ps))
	if fam := holmInto(ps, tested, out); fam != 5 {
		t.Errorf("family %d, want 5", fam)
	}
	want := []float64{0.09, 1, 0.005, 0.09, 0.5, 1, 0.04}
	for i := range want {
		near(t, "holm", out[i], want[i], 1e-12)
	}
}
