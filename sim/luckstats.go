package sim

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Estimators on the luck aggregate (luck.go). Each number is a smooth function of the
// run's means; its interval is the delete-one-batch jackknife over the LuckBatches
// interleaved batches of units (Quenouille 1956, Tukey 1958; Efron & Stein 1981 for its
// variance estimate), with Student's t on (batches − 1) degrees of freedom. Whole units
// (deals played in several rotations or replays) stay in one batch, so the interval is
// right for any seating.

// LuckEstimate is an estimate with its 95% jackknife interval.
type LuckEstimate struct {
	Value   float64 `json:"estimate"`
	Lo      float64 `json:"lo"`
	Hi      float64 `json:"hi"`
	SE      float64 `json:"se"`
	Batches int     `json:"batches"` // non-empty batches behind it
}

// moments are the means over games of one seat's (or agent's) sums, in win-share units.
type moments struct{ y, yy, l, ll, yl, s, ss, ys, ls, v0 float64 }

func tallyMoments(t *LuckTally, games int64) moments {
	if games == 0 {
		return moments{}
	}
	n := float64(games)
	const y = 60.0
	const l = LuckScale
	return moments{y: float64(t.Y) / y / n, yy: float64(t.YY) / (y * y) / n,
		l: float64(t.L) / l / n, ll: float64(t.LL) / (l * l) / n, yl: float64(t.YL) / (y * l) / n,
		s: float64(t.S) / l / n, ss: float64(t.SS) / (l * l) / n, ys: float64(t.YS) / (y * l) / n,
		ls: float64(t.LS) / (l * l) / n, v0: float64(t.V0) / l / n}
}

// jackknife estimates stat over the tallies (agents or seats) of the batches.
func (a *LuckAgg) jackknife(agents bool, stat func(m []moments) float64) LuckEstimate {
	pick := func(b *LuckBatch) []LuckTally {
		if agents {
			return b.Agents
		}
		return b.Seats
	}
	players := len(a.Batches[0].Seats)
	total := LuckBatch{Seats: make([]LuckTally, players), Agents: make([]LuckTally, players)}
	for b := range a.Batches {
		x := &a.Batches[b]
		total.Games += x.Games
		for s := range players {
			total.Seats[s].merge(&x.Seats[s])
			total.Agents[s].merge(&x.Agents[s])
		}
	}
	ms := make([]moments, players)
	eval := func(t []LuckTally, games int64) float64 {
		for s := range ms {
			ms[s] = tallyMoments(&t[s], games)
		}
		return stat(ms)
	}
	est := LuckEstimate{Value: eval(pick(&total), total.Games)}
	var loo []float64
	rest := make([]LuckTally, players)
	for b := range a.Batches {
		x := &a.Batches[b]
		if x.Games == 0 {
			continue
		}
		for s := range players {
			t, o := pick(&total)[s], pick(x)[s]
			rest[s] = LuckTally{Y: t.Y - o.Y, YY: t.YY - o.YY, L: t.L - o.L, LL: t.LL - o.LL, YL: t.YL - o.YL,
				S: t.S - o.S, SS: t.SS - o.SS, YS: t.YS - o.YS, LS: t.LS - o.LS, V0: t.V0 - o.V0}
		}
		loo = append(loo, eval(rest, total.Games-x.Games))
	}
	est.Batches = len(loo)
	est.Lo, est.Hi = math.NaN(), math.NaN()
	if len(loo) < 2 || math.IsNaN(est.Value) {
		return est
	}
	mean := 0.0
	for _, v := range loo {
		mean += v
	}
	mean /= float64(len(loo))
	ss := 0.0
	for _, v := range loo {
		ss += (v - mean) * (v - mean)
	}
	m := float64(len(loo))
	est.SE = math.Sqrt((m - 1) / m * ss)
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: m - 1}.Quantile(0.975)
	est.Lo, est.Hi = est.Value-t*est.SE, est.Value+t*est.SE
	return est
}

// LuckShare is the share of the outcome's variance carried by the chance corrections:
// Σ_seats Cov(Y, L) / Σ_seats Var(Y), Y a seat's win share and L its luck. With a perfect
// value function the luck and the rest of the outcome are uncorrelated, and this is
// Var(L)/Var(Y); with an imperfect one, value-function noise that is unrelated to the
// outcome does not bias it (it is linear in L).
func (a *LuckAgg) LuckShare() LuckEstimate {
	return a.jackknife(false, func(m []moments) float64 {
		var cov, vr float64
		for _, x := range m {
			cov += x.yl - x.y*x.l
			vr += x.yy - x.y*x.y
		}
		return cov / vr
	})
}

// DecisionShare is, likewise, the share carried by the seats' own decisions:
// Σ_seats Cov(Y, S) / Σ_seats Var(Y). What neither carries is the other seats' decisions
// and the value function's error.
func (a *LuckAgg) DecisionShare() LuckEstimate {
	return a.jackknife(false, func(m []moments) float64 {
		var cov, vr float64
		for _, x := range m {
			cov += x.ys - x.y*x.s
			vr += x.yy - x.y*x.y
		}
		return cov / vr
	})
}

// Advantage is seat's (agents: agent's) mean win share less the mean over every seat
// (the fair share): raw, or luck-adjusted (each outcome less its luck, a control variate:
// the same expectation, less variance).
func (a *LuckAgg) Advantage(seat int, agents, adjusted bool) LuckEstimate {
	return a.jackknife(agents, func(m []moments) float64 {
		v := func(x moments) float64 {
			if adjusted {
				return x.y - x.l
			}
			return x.y
		}
		fair := 0.0
		for _, x := range m {
			fair += v(x)
		}
		return v(m[seat]) - fair/float64(len(m))
	})
}

// LuckAdvantage is the luck's part of seat's (agents: agent's) advantage: its mean luck
// less the mean over every seat. It has mean zero (every chance correction has); the
// luck-adjusted advantage is the raw one less it.
func (a *LuckAgg) LuckAdvantage(seat int, agents bool) LuckEstimate {
	return a.jackknife(agents, func(m []moments) float64 {
		mean := 0.0
		for _, x := range m {
			mean += x.l
		}
		return m[seat].l - mean/float64(len(m))
	})
}

// VarianceRatio is how many times smaller the luck-adjusted seat advantage's variance is
// than the raw one's (their jackknife variances): the same interval from that many times
// fewer games.
func (a *LuckAgg) VarianceRatio(seat int, agents bool) float64 {
	raw, adj := a.Advantage(seat, agents, false), a.Advantage(seat, agents, true)
	return raw.SE * raw.SE / (adj.SE * adj.SE)
}

// KindShare is the part of the luck share carried by kind k of chance event:
// Σ_seats Cov(Y, L_k) / Σ_seats Var(Y), L_k a seat's luck from events of that kind
// (the kinds' parts add up to the luck share, but for the rounding of each kind's sums).
// From the run's totals, without an interval.
func (a *LuckAgg) KindShare(k int) float64 {
	var games int64
	players := len(a.Batches[0].Seats)
	tot := make([]LuckTally, players)
	for b := range a.Batches {
		games += a.Batches[b].Games
		for s := range players {
			tot[s].merge(&a.Batches[b].Seats[s])
		}
	}
	if games == 0 {
		return math.NaN()
	}
	n := float64(games)
	var cov, vr float64
	for s := range players {
		m := tallyMoments(&tot[s], games)
		lk := float64(a.Events[k].Luck[s]) / LuckScale / n
		ylk := float64(a.Events[k].LuckY[s]) / (60 * LuckScale) / n
		cov += ylk - m.y*lk
		vr += m.yy - m.y*m.y
	}
	return cov / vr
}

// MeanSwing is the mean swing of the events of kind k: half the sum over seats of
// |correction|, the winning chance one event moves from some seats to others.
func (a *LuckAgg) MeanSwing(k int) float64 {
	e := a.Events[k]
	if e.Events == 0 {
		return math.NaN()
	}
	return float64(e.Swing) / SwingScale / float64(e.Events)
}
