package stats

import (
	"math"

	"dragonlab/sim"
)

// Duplicate deals. With sim.SeatDuplicate every deal (game seed) is played once in each
// rotation of the seats; sim.Aggregate.Paired histograms, per deal, agent 0's win share
// summed over the rotations, in sixtieths. A fair agent 0 expects exactly one game's worth
// per deal: 1/2 in each of the two rotations of a two-player game, 1/n in each of the n
// rotations of agent 0 alone against n−1 copies of another agent. So 60 is the fair deal
// total for every player count.

// FairDeal is the fair deal total of agent 0, in sixtieths.
const FairDeal = 60

// Paired summarises agent 0's results on duplicate deals.
type Paired struct {
	Rotations int   `json:"rotations"` // games per deal (the player count)
	Deals     int64 `json:"deals"`
	// Better, Worse and Ties count the deals on which agent 0 did better than fair, worse,
	// or exactly fair (e.g. won one seat order and lost the other).
	Better int64 `json:"better"`
	Worse  int64 `json:"worse"`
	Ties   int64 `json:"ties"`
	// SignP is the exact two-sided sign test of Better against Worse.
	SignP float64 `json:"signP"`
	// Share is agent 0's mean win share per game; DealSD the standard deviation of its
	// per-deal mean share (the deal is the independent unit).
	Share  float64 `json:"share"`
	DealSD float64 `json:"dealSD"`
	// NEff is the effective number of independent games (Kish's n / design effect),
	// clamped to [deals, games]; CI is the 95% Wilson interval at NEff.
	NEff float64  `json:"nEff"`
	CI   Estimate `json:"ci"`
}

// AnalyzePaired reads the Paired histogram of a duplicate run with the given number of
// rotations per deal.
//
// The interval treats the deal, not the game, as the independent unit: the games of one
// deal share its cards and are correlated (usually negatively, which is the point of
// duplicate play). The per-deal mean shares m_d have sample variance s²; a deal is then
// worth p̂(1−p̂)/s² independent games (Kish 1965, the design effect), and the interval is
// the Wilson score interval (Wilson 1927) at that effective size. The effective size is
// clamped to [deals, games]: a deal is never worth less than one game (a [0, 1] variable
// has variance at most p(1−p)), and never credited with more than its games, so that
// deals which all came out alike (s² = 0) still get an honest, non-degenerate interval.
func AnalyzePaired(h sim.Hist, rotations int) Paired {
	p := Paired{Rotations: rotations, SignP: 1, CI: Estimate{Lo: 0, Hi: 1, Method: "wilson"}}
	if rotations < 1 {
		return p
	}
	var sum, sumSq float64
	for i, c := range h.Counts {
		if c == 0 {
			continue
		}
		v := h.Lo + int64(i)
		p.Deals += c
		switch {
		case v > FairDeal:
			p.Better += c
		case v < FairDeal:
			p.Worse += c
		default:
			p.Ties += c
		}
		m := float64(v) / 60 / float64(rotations) // mean share per game on this deal
		sum += float64(c) * m
		sumSq += float64(c) * m * m
	}
	if p.Deals == 0 {
		return p
	}
	n := float64(p.Deals)
	p.Share = sum / n
	if p.Deals > 1 {
		p.DealSD = math.Sqrt(math.Max(0, (sumSq-sum*p.Share)/(n-1)))
	}
	p.SignP = SignTest(p.Better, p.Worse)
	games := n * float64(rotations)
	p.NEff = games
	if v := p.DealSD * p.DealSD; v > 0 {
		p.NEff = math.Min(games, math.Max(n, n*p.Share*(1-p.Share)/v))
	}
	p.CI = Wilson(p.Share*p.NEff, p.NEff)
	p.CI.Value, p.CI.N = p.Share, p.Deals
	return p
}

// LowerBound is the one-sided lower confidence bound for agent 0's share at level (the
// same effective-size Wilson interval as CI, one-sided).
func (p Paired) LowerBound(level float64) float64 {
	if p.Deals == 0 {
		return 0
	}
	return WilsonZ(p.Share*p.NEff, p.NEff, ZOneSided(level)).Lo
}

// HeadToHead converts agent 0's share q of the wins in games against field copies of
// another agent into the equivalent two-player win probability under Luce's choice model
// (Luce 1959; the winner is seat i with probability π_i/Σπ): q = π/(π+field·π'), so
// π/π' = field·q/(1−q) and the head-to-head share is π/(π+π'). For field = 1 it is q.
func HeadToHead(q float64, field int) float64 {
	if field <= 1 {
		return q
	}
	f := float64(field)
	if q >= 1 {
		return 1
	}
	return f * q / (f*q + 1 - q)
}
