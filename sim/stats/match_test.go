package stats

import (
	"math"
	"testing"
)

// majority is P(Binomial(n, p) ≥ (n+1)/2) summed term by term in logs (independent of
// gonum's incomplete beta).
func majority(n int, p float64) float64 {
	lg := func(x float64) float64 { v, _ := math.Lgamma(x); return v }
	s := 0.0
	for k := (n + 1) / 2; k <= n; k++ {
		s += math.Exp(lg(float64(n+1)) - lg(float64(k+1)) - lg(float64(n-k+1)) + float64(k)*math.Log(p) + float64(n-k)*math.Log1p(-p))
	}
	return s
}

func TestMatchGames(t *testing.T) {
	// p = 3/4: best of 5 wins 0.896484375 (< 0.9), best of 7 0.9294… (by hand: Σ_{k≥4}).
	if n := MatchGames(0.75, 0.9); n != 7 {
		t.Errorf("MatchGames(0.75, 0.9) = %d, want 7", n)
	}
	if m := majority(5, 0.75); math.Abs(m-0.896484375) > 1e-12 {
		t.Fatalf("majority(5, 0.75) = %v", m)
	}
	for _, p := range []float64{0.51, 0.55, 0.6, 0.83, 0.95} {
		n := MatchGames(p, 0.9)
		if n < 1 || majority(n, p) < 0.9 || (n > 1 && majority(n-2, p) >= 0.9) {
			t.Errorf("MatchGames(%v, 0.9) = %d: best of %d wins %v, best of %d %v", p, n, n, majority(n, p), n-2, majority(max(n-2, 1), p))
		}
	}
	for _, p := range []float64{0.5, 0.3, math.NaN()} {
		if n := MatchGames(p, 0.9); n != 0 {
			t.Errorf("MatchGames(%v) = %d, want 0 (never)", p, n)
		}
	}
}
