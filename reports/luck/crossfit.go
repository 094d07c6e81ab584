package luck

import (
	"math"

	"dragonlab/sim"
	"dragonlab/sim/stats"
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

// batchSums are one batch's sums per seat (agents: per agent), in win-share units: the
// outcome y and luck l, and the advantages' squares and product dd, mm, dm (the
// advantage d = y − the mean over the seats, m likewise for the luck).
type batchSums struct {
	n                            float64
	y, l, yy, ll, yl, dd, mm, dm []float64
}

// crossFit holds a run's batches as sums, and their total. legacy: the results were
// written before the advantages' sums were kept (all zero), so β is fitted on the seats'
// own moments and the variance ratio is unknown.
type crossFit struct {
	players int
	batches []batchSums // only the batches that hold games
	total   batchSums
	legacy  bool
}

func newCrossFit(a *sim.LuckAgg, agents bool) *crossFit {
	players := len(a.Batches[0].Seats)
	f := func() []float64 { return make([]float64, players) }
	newSums := func() batchSums {
		return batchSums{y: f(), l: f(), yy: f(), ll: f(), yl: f(), dd: f(), mm: f(), dm: f()}
	}
	c := &crossFit{players: players, total: newSums(), legacy: true}
	const y, l = 60.0, float64(sim.LuckScale)
	d, m := y*float64(players), l*float64(players)
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
			s.dd[p], s.mm[p], s.dm[p] = float64(t.DD)/(d*d), float64(t.MM)/(m*m), float64(t.DM)/(d*m)
			if t.DD != 0 || t.MM != 0 {
				c.legacy = false
			}
		}
		c.total.n += s.n
		for p := range players {
			c.total.y[p] += s.y[p]
			c.total.l[p] += s.l[p]
			c.total.yy[p] += s.yy[p]
			c.total.ll[p] += s.ll[p]
			c.total.yl[p] += s.yl[p]
			c.total.dd[p] += s.dd[p]
			c.total.mm[p] += s.mm[p]
			c.total.dm[p] += s.dm[p]
		}
		c.batches = append(c.batches, s)
	}
	return c
}

// moments are the advantages' sums over every batch but those in out (indices into
// c.batches; −1 for none), for seat p: d and m the sums of the advantage in outcome and
// in luck, and their squares and product.
func (c *crossFit) moments(p int, out ...int) (n, d, m, dd, mm, dm float64) {
	sum := func(b *batchSums) (float64, float64) {
		var sy, sl float64
		for q := range c.players {
			sy += b.y[q]
			sl += b.l[q]
		}
		k := float64(c.players)
		return b.y[p] - sy/k, b.l[p] - sl/k
	}
	n = c.total.n
	d, m = sum(&c.total)
	dd, mm, dm = c.total.dd[p], c.total.mm[p], c.total.dm[p]
	if c.legacy { // the seats' own moments stand in for the advantages'
		dd, mm, dm = c.total.yy[p], c.total.ll[p], c.total.yl[p]
		d, m = c.total.y[p], c.total.l[p]
	}
	for _, o := range out {
		if o < 0 {
			continue
		}
		b := &c.batches[o]
		bd, bm := sum(b)
		bdd, bmm, bdm := b.dd[p], b.mm[p], b.dm[p]
		if c.legacy {
			bd, bm, bdd, bmm, bdm = b.y[p], b.l[p], b.yy[p], b.ll[p], b.yl[p]
		}
		n, d, m, dd, mm, dm = n-b.n, d-bd, m-bm, dd-bdd, mm-bmm, dm-bdm
	}
	return
}

// beta is β̂ fitted on every batch but those in out: Σ_seats Cov(D, M) / Σ_seats Var(M),
// D and M a seat's advantage in outcome and in luck — the coefficient that makes the
// adjusted advantages' variance smallest, one for every seat (the seats play the same
// game). Without luck (Var(M) = 0) it is 0: then M is 0 too.
func (c *crossFit) beta(out ...int) float64 {
	var cov, vm float64
	for p := range c.players {
		n, d, m, _, mm, dm := c.moments(p, out...)
		cov += dm - d*m/n
		vm += mm - m*m/n
	}
	if vm <= 0 || math.IsNaN(vm) {
		return 0
	}
	return cov / vm
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

// varianceRatio is the inverse of the variance ratio, Σ_seats Var(D − β̂·M) / Σ_seats
// Var(D) per game, D and M a seat's advantage in outcome and in luck, from the moments of
// every batch but skip (−1: none), β̂ fitted on the same batches (0 when the adjustment
// leaves no spread): 1 − ρ², ρ the pooled correlation of the advantage and its luck, the
// precision the cross-fitted adjustment reaches (its β̂₋b tend to β̂). A smooth function of
// the run's means, like the luck share, so its jackknife over batches is as reliable as
// the share's. NaN for results written without the advantages' sums.
func (c *crossFit) varianceRatio(skip int) float64 {
	if c.legacy {
		return math.NaN()
	}
	beta := c.beta(skip)
	var vd, va float64
	for p := range c.players {
		n, d, m, dd, mm, dm := c.moments(p, skip)
		v := dd/n - (d/n)*(d/n)
		vm := mm/n - (m/n)*(m/n)
		cov := dm/n - (d/n)*(m/n)
		vd += v
		va += v - 2*beta*cov + beta*beta*vm
	}
	if vd <= 0 {
		return math.NaN()
	}
	return math.Max(va, 0) / vd
}

// VarianceRatioEstimate is how many times as many games the raw seat advantages need to be
// as precise as the luck-adjusted ones, with its jackknife interval (N = games). Below 1
// the adjustment would hurt; Helps says whether the interval lies at or above 1.
func VarianceRatioEstimate(a *sim.LuckAgg, agents bool) stats.Estimate {
	return newCrossFit(a, agents).ratioEstimate()
}

// ratioEstimate is VarianceRatioEstimate of the run c holds.
func (c *crossFit) ratioEstimate() stats.Estimate {
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
// lies above 1. Where it does not, the report keeps
// the raw numbers and says so.
func Helps(ratio stats.Estimate) bool {
	return ratio.HasInterval() && ratio.Lo > 1
}
