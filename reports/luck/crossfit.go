package luck

import (
	"math"

	"dragonlab/reports/stats"
	"dragonlab/sim"
)

// Luck adjustment that never hurts (Chernozhukov et al. 2018's cross-fitting applied to a
// control variate). A seat's luck-adjusted result is Y − β·L: L, the luck along the game,
// has mean zero whatever the value function, so any β keeps the expectation, and the
// variance is smallest at β* = Cov(Y, L)/Var(L). β = 1 (AIVAT's choice) is β* only when
// the value function is exact; with an imperfect one it can add variance (Var(L) < 2·Cov
// fails), which is what made the adjusted numbers less precise than the raw ones in some
// games. So β is fitted — but out of sample: the results of batch b are adjusted with β̂
// fitted on the other batches (β̂₋b), so β̂ does not depend on the results it corrects,
// the adjusted mean stays unbiased, and its variance is asymptotically at most the raw
// one's (β = 0 is among the values fitted).
//
// The interval of every cross-fitted number is the delete-one-batch jackknife, β̂ refitted
// without the deleted batch too (β̂₋{b,j}), so the fit's own noise is in the interval.

// batchSums are one batch's sums per seat (agents: per agent), in win-share units.
type batchSums struct {
	n                float64
	y, l, yy, ll, yl []float64
}

// crossFit holds a run's batches as sums, and their total.
type crossFit struct {
	players int
	batches []batchSums // only the batches that hold games
	total   batchSums
}

func newCrossFit(a *sim.LuckAgg, agents bool) *crossFit {
	players := len(a.Batches[0].Seats)
	newSums := func() batchSums {
		return batchSums{y: make([]float64, players), l: make([]float64, players), yy: make([]float64, players),
			ll: make([]float64, players), yl: make([]float64, players)}
	}
	c := &crossFit{players: players, total: newSums()}
	const y, l = 60.0, float64(sim.LuckScale)
	for b := range a.Batches {
		x := &a.Batches[b]
		if x.Games == 0 {
			continue
		}
		ts := x.Seats
		if agents {
			ts = x.Agents
		}
		s := newSums()
		s.n = float64(x.Games)
		for p, t := range ts {
			s.y[p], s.l[p] = float64(t.Y)/y, float64(t.L)/l
			s.yy[p], s.ll[p], s.yl[p] = float64(t.YY)/(y*y), float64(t.LL)/(l*l), float64(t.YL)/(y*l)
		}
		c.total.n += s.n
		for p := range players {
			c.total.y[p] += s.y[p]
			c.total.l[p] += s.l[p]
			c.total.yy[p] += s.yy[p]
			c.total.ll[p] += s.ll[p]
			c.total.yl[p] += s.yl[p]
		}
		c.batches = append(c.batches, s)
	}
	return c
}

// beta is β̂ fitted on every batch but those in out (indices into c.batches; −1 for
// none): Σ_seats Cov(Y, L) / Σ_seats Var(L), one coefficient for every seat (the seats
// play the same game). Without luck (Var(L) = 0) it is 0: then L is 0 too.
func (c *crossFit) beta(out ...int) float64 {
	n := c.total.n
	var cov, vl float64
	for p := range c.players {
		y, l, ll, yl := c.total.y[p], c.total.l[p], c.total.ll[p], c.total.yl[p]
		for _, o := range out {
			if o < 0 {
				continue
			}
			b := &c.batches[o]
			y, l, ll, yl = y-b.y[p], l-b.l[p], ll-b.ll[p], yl-b.yl[p]
		}
		cov += yl - y*l/nOf(n, c, out)
		vl += ll - l*l/nOf(n, c, out)
	}
	if vl <= 0 || math.IsNaN(vl) {
		return 0
	}
	return cov / vl
}

// nOf is the games of every batch but those in out.
func nOf(n float64, c *crossFit, out []int) float64 {
	for _, o := range out {
		if o >= 0 {
			n -= c.batches[o].n
		}
	}
	return n
}

// means are the seats' cross-fitted adjusted means over every batch but skip (−1: none),
// each batch adjusted with β̂ fitted without it (and without skip); into m. With luckPart
// they are the means of β̂·L instead, what the adjustment takes out (raw − adjusted).
func (c *crossFit) means(skip int, m []float64, luckPart bool) {
	for p := range m {
		m[p] = 0
	}
	n := 0.0
	for b := range c.batches {
		if b == skip {
			continue
		}
		beta := c.beta(b, skip)
		x := &c.batches[b]
		n += x.n
		for p := range m {
			if luckPart {
				m[p] += beta * x.l[p]
			} else {
				m[p] += x.y[p] - beta*x.l[p]
			}
		}
	}
	for p := range m {
		m[p] /= n
	}
}

// estimate is stat of the cross-fitted adjusted means (luckPart: of the luck taken out),
// with its jackknife interval and standard error (N = games).
func (c *crossFit) estimate(stat func(m []float64) float64, luckPart bool) (stats.Estimate, float64) {
	m := make([]float64, c.players)
	c.means(-1, m, luckPart)
	full := stat(m)
	loo := make([]float64, 0, len(c.batches))
	for j := range c.batches {
		c.means(j, m, luckPart)
		loo = append(loo, stat(m))
	}
	e, se := stats.Jackknife(full, loo)
	e.N = int64(c.total.n)
	return e, se
}

// advantageOf is the stat of seat's advantage: its mean less the mean over every seat.
func advantageOf(seat int) func(m []float64) float64 {
	return func(m []float64) float64 {
		fair := 0.0
		for _, x := range m {
			fair += x
		}
		return m[seat] - fair/float64(len(m))
	}
}

// varianceRatio is the inverse of the variance ratio, Σ_seats Var(Y − β̂·L) / Σ_seats
// Var(Y) per game (0 when the adjustment leaves no spread), from the moments of
// every batch but skip (−1: none), β̂ fitted on the same batches: 1/(1 − ρ²) with ρ the
// pooled correlation of a seat's result and its luck, the precision the cross-fitted
// adjustment reaches (its β̂₋b tend to β̂). A smooth function of the run's means, like
// the luck share, so its jackknife over batches is as reliable as the share's. (The
// seats' advantages have the same ratio when the results and the luck each add up to a
// constant over the seats, as win shares and the corrections of a value function whose
// seat values add up to 1 do.)
func (c *crossFit) varianceRatio(skip int) float64 {
	n := nOf(c.total.n, c, []int{skip})
	beta := c.beta(skip)
	var vr, va float64
	for p := range c.players {
		y, l, yy, ll, yl := c.total.y[p], c.total.l[p], c.total.yy[p], c.total.ll[p], c.total.yl[p]
		if skip >= 0 {
			b := &c.batches[skip]
			y, l, yy, ll, yl = y-b.y[p], l-b.l[p], yy-b.yy[p], ll-b.ll[p], yl-b.yl[p]
		}
		vy := yy/n - (y/n)*(y/n)
		vl := ll/n - (l/n)*(l/n)
		cov := yl/n - (y/n)*(l/n)
		vr += vy
		va += vy - 2*beta*cov + beta*beta*vl
	}
	if vr <= 0 {
		return math.NaN()
	}
	return math.Max(va, 0) / vr
}

// VarianceRatioEstimate is how many times as many games the raw seat advantages need to be
// as precise as the luck-adjusted ones, with its jackknife interval (N = games). Below 1
// the adjustment would hurt; Helps says whether the interval lies at or above 1.
func VarianceRatioEstimate(a *sim.LuckAgg, agents bool) stats.Estimate {
	c := newCrossFit(a, agents)
	if c.players < 2 || len(c.batches) < 3 {
		return stats.Estimate{Value: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	}
	// The jackknife runs on the inverse, a share in [0, 1] that stays finite where the
	// adjustment takes out all the spread (an exact value function of a game the dice
	// alone decide); the ratio's interval is the inverse's turned round.
	full := c.varianceRatio(-1)
	loo := make([]float64, 0, len(c.batches))
	for j := range c.batches {
		loo = append(loo, c.varianceRatio(j))
	}
	inv, _ := stats.Jackknife(full, loo)
	e := stats.Estimate{Value: 1 / inv.Value, Lo: 1 / inv.Hi, Hi: math.Inf(1), N: int64(c.total.n), Method: inv.Method}
	if inv.Lo > 0 {
		e.Hi = 1 / inv.Lo
	}
	if !inv.HasInterval() {
		e.Lo, e.Hi = math.NaN(), math.NaN()
	}
	return e
}

// Helps says whether the luck adjustment is worth using: the variance ratio's interval
// lies at or above 1 (its lower end is not below 1). Where it does not, the report keeps
// the raw numbers and says so.
func Helps(ratio stats.Estimate) bool {
	return ratio.HasInterval() && ratio.Lo >= 1
}

// Beta is the coefficient of the luck fitted on every batch (what each batch's β̂₋b is
// close to): 1 for an exact value function; the report prints it.
func Beta(a *sim.LuckAgg, agents bool) float64 {
	return newCrossFit(a, agents).beta()
}
