package stats

import (
	"math"

	"dragonlab/sim"
)

// ReplayDeff is the design effect of replayed deals (sim.SeatReplay: each deal played K
// times), so that the deal, not the game, is the unit: for each seat
//
//	deff = K·Var(deal mean)/Var(game) = 1 + (K − 1)·ICC
//
// (Kish 1965, Survey Sampling, sec. 8.2), computed from the seat's replay bins (S: the
// deal's win share summed over the K plays, Q: the sum of squares, both in sixtieths)
// and kept within [1, K]; the result is that of the most correlated seat. It is 1
// without replays (nil or K < 2) and K when a seat has fewer than two deals.
func ReplayDeff(rep *sim.ReplayAgg) float64 {
	deff := 1.0
	if rep == nil || rep.K < 2 {
		return deff
	}
	k := float64(rep.K)
	for _, bins := range rep.Seats {
		var d, sum, sumSq, q float64
		for _, b := range bins {
			c := float64(b.Deals)
			m := float64(b.S) / 60 / k
			d += c
			sum += c * m
			sumSq += c * m * m
			q += c * float64(b.Q) / 3600
		}
		if d < 2 {
			return k
		}
		mean := sum / d
		varDeal := (sumSq - d*mean*mean) / (d - 1)
		varGame := q/(d*k) - mean*mean
		if varGame > 0 {
			deff = math.Max(deff, math.Min(math.Max(k*varDeal/varGame, 1), k))
		}
	}
	return deff
}
