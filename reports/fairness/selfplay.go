package fairness

import (
	"math"

	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// SelfPlay is the seat analysis of one self-play result (fixed or replay seating), as the
// designer's report measures it.
//
// A seat's win share per game v_s is 1 for a win alone, 1/k for a k-way shared win, 0
// otherwise; p_s is its mean. The fair share is the mean over the seats, (1 − q)/n with q
// the share of games nobody won, and seat s's advantage is a_s = p_s − mean_t p_t =
// Σ_t c_t p_t with c = e_s − 1/n. Its variance per game, Var(Σ_t c_t v_t), needs the joint
// outcome of the seats, which the aggregate does not keep; it is bounded by
// Σ_t c_t² p_t − a_s² (in a game with winner set W, Σ_t c_t v_t is the mean of c over W,
// whose square is at most the mean of c² over W), with equality when no win is shared —
// exact for most games. Games that replay one deal are correlated: the variance is
// multiplied by the design effect of the replays (stats.ReplayDeff), so that the deal is
// the unit. Intervals are normal, at stats.Z95Literal.
type SelfPlay struct {
	Players int
	Games   int64
	Deals   int64   // deals (= games without replays)
	Replays int     // plays per deal (1: independent games)
	Deff    float64 // design effect applied to every variance
	Share   []float64
	// Advantage is each seat's advantage over the fair share with its interval, SE its
	// standard error and P the two-sided p-value of a_s = 0 (normal); none for a solitaire.
	Advantage []stats.Estimate
	SE        []float64
	P         []float64
	NoWinner  float64
	// Success is the solitaire's success rate (Wilson at the effective size).
	Success stats.Estimate
}

// SelfPlayOf analyses one self-play result; nil for a result without games or whose
// seats do not match its players.
func SelfPlayOf(r *sim.Result) *SelfPlay {
	if r == nil || r.Games == 0 || len(r.Aggregate.Seats) != r.Players {
		return nil
	}
	n := r.Players
	g := float64(r.Games)
	s := &SelfPlay{Players: n, Games: r.Games, Deals: r.Games, Replays: 1, Deff: 1,
		NoWinner: float64(r.Aggregate.NoWinner) / g}
	for _, t := range r.Aggregate.Seats {
		s.Share = append(s.Share, t.WinShare()/g)
	}
	if rep := r.Aggregate.Replays; rep != nil && rep.K >= 2 && r.Seating == sim.SeatReplay {
		s.Replays = rep.K
		s.Deals = r.Games / int64(rep.K)
		s.Deff = stats.ReplayDeff(rep)
	}
	if n == 1 {
		eff := g / s.Deff
		s.Success = stats.Wilson(s.Share[0]*eff, eff)
		s.Success.Value, s.Success.N = s.Share[0], r.Games
		return s
	}
	fair := s.Fair()
	for i := range s.Share {
		var second, mean float64
		for t, p := range s.Share {
			c := -1 / float64(n)
			if t == i {
				c += 1
			}
			second += c * c * p
			mean += c * p
		}
		se := math.Sqrt(math.Max(second-mean*mean, 0) * s.Deff / g)
		a := s.Share[i] - fair
		s.Advantage = append(s.Advantage, stats.Normal(a, se, stats.Z95Literal))
		s.SE = append(s.SE, se)
		s.P = append(s.P, normalP(a, se))
	}
	return s
}

// normalP is the two-sided p-value of v = 0 for a normal estimate with standard error
// se: stats.NormalP of v/se; 1 for v = 0 and 0 otherwise when se is 0.
func normalP(v, se float64) float64 {
	if !(se > 0) {
		if v == 0 {
			return 1
		}
		return 0
	}
	return stats.NormalP(v / se)
}

// Fair is the fair share of a seat: the mean over the seats.
func (s *SelfPlay) Fair() float64 {
	f := 0.0
	for _, p := range s.Share {
		f += p / float64(len(s.Share))
	}
	return f
}
