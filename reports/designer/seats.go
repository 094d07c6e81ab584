package designer

import (
	"math"

	"dragonlab/reports"
	"dragonlab/reports/doc"
	"dragonlab/sim"
)

// Est is a number with its 95% interval (summary.json: value, lo, hi; null when unknown).
type Est struct {
	Value doc.Number `json:"value"`
	Lo    doc.Number `json:"lo"`
	Hi    doc.Number `json:"hi"`
}

func est(v float64, iv reports.Interval) Est {
	return Est{doc.Number(v), doc.Number(iv.Lo), doc.Number(iv.Hi)}
}

func (e Est) v() float64              { return float64(e.Value) }
func (e Est) iv() reports.Interval    { return reports.Interval{Lo: float64(e.Lo), Hi: float64(e.Hi)} }
func (e Est) excludes(x float64) bool { return float64(e.Lo) > x || float64(e.Hi) < x }
func (e Est) halfWidth() float64      { return (float64(e.Hi) - float64(e.Lo)) / 2 }
func (e Est) reach() float64          { return math.Max(math.Abs(float64(e.Lo)), math.Abs(float64(e.Hi))) }
func (e Est) defined() bool           { return !math.IsNaN(float64(e.Value)) }

// point is v with the normal 95% interval v ± z·se.
func point(v, se float64) Est {
	return Est{doc.Number(v), doc.Number(v - z95*se), doc.Number(v + z95*se)}
}

// pNormal is the two-sided p-value of v = 0 for a normal estimate with standard error se.
func pNormal(v, se float64) float64 {
	if !(se > 0) {
		if v == 0 {
			return 1
		}
		return 0
	}
	return math.Erfc(math.Abs(v/se) / math.Sqrt2)
}

// z95 is the 97.5% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// seats is the seat analysis of one self-play result (fixed or replay seating).
//
// A seat's win share per game v_s is 1 for a win alone, 1/k for a k-way shared win, 0
// otherwise; p_s is its mean. The fair share is the mean over the seats, (1 − q)/n with q
// the share of games nobody won, and seat s's advantage is a_s = p_s − mean_t p_t =
// Σ_t c_t p_t with c = e_s − 1/n. Its variance per game, Var(Σ_t c_t v_t), needs the joint
// outcome of the seats, which the aggregate does not keep; it is bounded by
// Σ_t c_t² p_t − a_s² (in a game with winner set W, Σ_t c_t v_t is the mean of c over W,
// whose square is at most the mean of c² over W), with equality when no win is shared —
// exact for most games. Games that replay one deal are correlated: the variance is
// multiplied by the design effect 1 + (K − 1)·ICC (Kish 1965) of the most correlated seat,
// measured exactly from the replay bins (K·Var(deal mean)/Var(game), kept within [1, K]).
type seats struct {
	players  int
	games    int64
	deals    int64   // deals (= games without replays)
	replays  int     // plays per deal (1: independent games)
	deff     float64 // design effect applied to every variance
	share    []float64
	adv      []Est
	advSE    []float64
	p        []float64 // two-sided p of a_s = 0 (normal)
	noWinner float64
	// success is the solitaire's success rate (Wilson at the effective size).
	success Est
}

func seatsOf(r *sim.Result) *seats {
	if r == nil || r.Games == 0 || len(r.Aggregate.Seats) != r.Players {
		return nil
	}
	n := r.Players
	g := float64(r.Games)
	s := &seats{players: n, games: r.Games, deals: r.Games, replays: 1, deff: 1,
		noWinner: float64(r.Aggregate.NoWinner) / g}
	for _, t := range r.Aggregate.Seats {
		s.share = append(s.share, t.WinShare()/g)
	}
	if rep := r.Aggregate.Replays; rep != nil && rep.K >= 2 && r.Seating == sim.SeatReplay {
		s.replays = rep.K
		s.deals = r.Games / int64(rep.K)
		for _, bins := range rep.Seats {
			s.deff = math.Max(s.deff, designEffect(bins, rep.K))
		}
	}
	if n == 1 {
		eff := g / s.deff
		s.success = est(s.share[0], reports.Wilson(s.share[0]*eff, eff))
		return s
	}
	fair := 0.0
	for _, p := range s.share {
		fair += p / float64(n)
	}
	for i := range s.share {
		var second, mean float64
		for t, p := range s.share {
			c := -1 / float64(n)
			if t == i {
				c += 1
			}
			second += c * c * p
			mean += c * p
		}
		se := math.Sqrt(math.Max(second-mean*mean, 0) * s.deff / g)
		a := s.share[i] - fair
		s.adv = append(s.adv, point(a, se))
		s.advSE = append(s.advSE, se)
		s.p = append(s.p, pNormal(a, se))
	}
	return s
}

// designEffect is K·Var(deal mean)/Var(game) of one seat's replay bins, within [1, K].
func designEffect(bins []sim.ReplayBin, k int) float64 {
	var d, sum, sumSq, q float64
	for _, b := range bins {
		c := float64(b.Deals)
		d += c
		m := float64(b.S) / 60 / float64(k)
		sum += c * m
		sumSq += c * m * m
		q += c * float64(b.Q) / 3600
	}
	if d < 2 {
		return float64(k)
	}
	mean := sum / d
	varDeal := (sumSq - d*mean*mean) / (d - 1)
	varGame := q/(d*float64(k)) - mean*mean
	if !(varGame > 0) {
		return 1
	}
	return math.Min(math.Max(float64(k)*varDeal/varGame, 1), float64(k))
}

// fair is the fair share of a seat: the mean over the seats.
func (s *seats) fair() float64 {
	f := 0.0
	for _, p := range s.share {
		f += p / float64(len(s.share))
	}
	return f
}
