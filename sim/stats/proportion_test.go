package stats

import (
	"encoding/json"
	"testing"

	"dragonlab/sim/stats/statstest"
)

// newc(x1, n1, x2, n2) is Newcombe's hybrid score interval built in R from two Wilson
// intervals:
//
//	newc <- function(x1,n1,x2,n2){ p1<-x1/n1; p2<-x2/n2
//	  a<-prop.test(x1,n1,correct=FALSE)$conf.int; b<-prop.test(x2,n2,correct=FALSE)$conf.int
//	  d<-p1-p2; c(d, d-sqrt((p1-a[1])^2+(b[2]-p2)^2), d+sqrt((a[2]-p1)^2+(p2-b[1])^2)) }

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
		statstest.NearRel(t, "Wilson lo", ci.Lo, tc.lo, 1e-9)
		statstest.NearRel(t, "Wilson hi", ci.Hi, tc.hi, 1e-9)
		if ci.Method != "wilson" || ci.Value != tc.x/tc.n {
			t.Errorf("Wilson(%v, %v) = %+v", tc.x, tc.n, ci)
		}
	}
	if ci := Wilson(0, 0); ci.Lo != 0 || ci.Hi != 1 {
		t.Errorf("Wilson(0, 0) = %v, want [0, 1]", ci)
	}
	if iv := WilsonZ(10, 10, 1.96); iv.Hi != 1 {
		t.Errorf("all wins: hi %v", iv.Hi)
	}
	// One-sided 90% lower bounds: prop.test(x, n, alternative="greater", conf.level=0.9,
	// correct=FALSE)$conf.int[1]; mpmath: the Wilson formula at z = qnorm(0.9).
	statstest.NearRel(t, "one-sided 54/100", WilsonZ(54, 100, ZOneSided(0.9)).Lo, 0.47599630442194755, 1e-12)
	statstest.NearRel(t, "one-sided 541/1000", WilsonZ(541, 1000, ZOneSided(0.9)).Lo, 0.52075435448975428, 1e-12)
}

func TestShare(t *testing.T) {
	// A design effect of 2: Wilson at half the counts, the value of the whole.
	s := Share(30, 100, 2)
	statstest.NearRel(t, "share", s.Value, 0.3, 1e-15)
	statstest.NearRel(t, "lo", s.Lo, 0.19103553500880948, 1e-12) // prop.test(15, 50, correct=FALSE)$conf.int[1]
	statstest.NearRel(t, "hi", s.Hi, 0.43750350464453400, 1e-12) // prop.test(15, 50, correct=FALSE)$conf.int[2]
	if s.N != 100 || s.Method != "wilson" {
		t.Errorf("Share: %+v", s)
	}
	if s := Share(0, 0, 1); s.Value != 0 || s.Lo != 0 || s.Hi != 1 || s.N != 0 {
		t.Errorf("no games: %+v", s)
	}
}

func TestAgrestiCoullSE(t *testing.T) {
	// sqrt(pt*(1-pt)/(n+4)) with pt <- (x+2)/(n+4); mpmath.
	statstest.NearRel(t, "30/100", AgrestiCoullSE(30, 100), 0.045257569647273238, 1e-13)
	statstest.NearRel(t, "0/10", AgrestiCoullSE(0, 10), 0.093521952958282449, 1e-13)
	statstest.NearRel(t, "12.5/40", AgrestiCoullSE(12.5, 40), 0.070862422394300630, 1e-13)
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
		statstest.NearRel(t, "z²", z*z, tc.chi2, 1e-12)
		statstest.NearRel(t, "PropZTest p", p, tc.want, 1e-9)
	}
	// prop.test(30.5, 60, 0.5, correct=FALSE)$p.value (a shared win counts 1/2)
	_, p := PropZTest(30.5, 60, 0.5)
	statstest.NearRel(t, "prop z", p, 0.89727896126, 1e-9)
}

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
		d, p := NewcombeDiff(tc.x1, tc.n1, tc.x2, tc.n2, 1)
		statstest.Near(t, "diff", d.Value, tc.x1/float64(tc.n1)-tc.x2/float64(tc.n2), 1e-15)
		statstest.Near(t, "lo", d.Lo, tc.lo, 1e-9)
		statstest.Near(t, "hi", d.Hi, tc.hi, 1e-9)
		statstest.Near(t, "p", p, tc.p, 1e-9)
		if !d.HasInterval() {
			t.Errorf("%v: not tested", tc)
		}
	}
	// A design effect of 2 is Newcombe at half the counts: newc(28,35,24,40) and
	// prop.test(c(28,24),c(35,40),correct=FALSE)$p.value.
	d, p := NewcombeDiff(56, 70, 48, 80, 2)
	d2, p2 := NewcombeDiff(28, 35, 24, 40, 1)
	statstest.Near(t, "deff lo", d.Lo, d2.Lo, 1e-12)
	statstest.Near(t, "deff hi", d.Hi, d2.Hi, 1e-12)
	statstest.Near(t, "deff p", p, p2, 1e-12)
	// (g) 10/10 − 0/20: 0.6791 to 1.0000, every game won against none.
	d, _ = NewcombeDiff(10, 10, 0, 20, 1)
	statstest.Near(t, "lo", d.Lo, 0.67908603714191484, 1e-9) // newc(10,10,0,20)
	if d.Hi != 1 || d.Value != 1 {
		t.Errorf("all against none: %+v", d)
	}
	// Both sides all wins: no difference, nothing to test (R's prop.test gives NaN).
	if d, p := NewcombeDiff(10, 10, 20, 20, 1); d.Value != 0 || p != 1 || !d.Contains(0) {
		t.Errorf("all wins on both sides: %+v, p %v", d, p)
	}
	// No games on one side: untested, the widest interval.
	for _, n := range [][2]int64{{0, 10}, {10, 0}} {
		d, p := NewcombeDiff(3*float64(n[0])/10, n[0], 3*float64(n[1])/10, n[1], 1)
		if d.HasInterval() || p != 1 || d.Lo != -1 || d.Hi != 1 || d.Value != 0 {
			t.Errorf("no games: %+v, p %v", d, p)
		}
		if _, err := json.Marshal(d); err != nil {
			t.Errorf("untested diff: %v", err)
		}
	}
}

func TestPropDiffP(t *testing.T) {
	// prop.test(c(30,45),c(100,100),correct=FALSE)$p.value; mpmath: erfc(|z|/sqrt(2)) of the pooled z.
	statstest.NearRel(t, "30/100 vs 45/100", PropDiffP(0.3, 100, 0.45, 100), 0.028459736916310577, 1e-9)
	if p := PropDiffP(1, 10, 1, 20); p != 1 {
		t.Errorf("pooled share 1: p %v, want 1", p)
	}
}
