package designer

import (
	"fmt"
	"math"

	"dragonlab/reports/fairness"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// The cheapest level that answers Fair?. Every level plays the same deals (common random
// numbers), and a greedy game costs about a hundredth of an expert one, so a seat
// advantage that greedy and expert play share is far cheaper to settle at greedy. The
// rule (fairLevel, its one home):
//
//  1. Where the measuring level (expert) settles Fair? — fair, or a seat clearly favoured —
//     it answers.
//  2. Otherwise the level just below it answers, and the cell names it ("fair (greedy)"),
//     where the two agree: on the deals both played, every seat's paired difference of
//     win share (measuring level minus the level below, deal by deal) has a 95% interval
//     that holds 0 and lies within ±gapReach × the seat target (±6 points at two
//     players, ±9 at more: the pilot could have seen a gap that large). That
//     level's answer may itself be not settled: the study's rounds then play it, at its
//     own cost. Where the gap's interval is wider, the rounds first play the measuring
//     level only until it is narrow enough (Report.Settle: gapMore), then judge again.
//  3. Without a level below with self-play on shared deals (the weakest level, the floor,
//     never answers for another), or without the per-deal outcomes that pair them
//     (sim.Outcomes), the measuring level answers.
//
// "Disagree" is judged on the plain 95% interval of each seat's paired difference, with
// no Holm or look widening: a wider interval would make agreement easier to claim, so the
// burden stays on agreement. It is still only the absence of evidence: a pilot this small
// misses a gap of a few points (TestFairCheapestLevelError measures how often the answer
// at the level below then differs from the truth at the measuring level), which is why the
// cell names the level it was measured at.

// FairGap is the paired difference of each seat's win share between the measuring level
// and the level below on the deals both played.
type FairGap struct {
	// Lower is the index of the level below; Deals the deals both played.
	Lower int   `json:"lower"`
	Deals int64 `json:"deals"`
	// Seats are, by seat, measuring level minus the level below, in win share, with
	// their plain 95% intervals.
	Seats []Est `json:"seats"`
	// Disagree: some seat's interval leaves 0. Informative: every seat's interval lies
	// within ±Reach (gapReach × the seat target), so a gap that large would have shown.
	Disagree    bool    `json:"disagree"`
	Informative bool    `json:"informative"`
	Reach       float64 `json:"reach"`
	// Half is the widest seat interval's half-width.
	Half float64 `json:"half"`
}

// gapReach is how far, in seat targets, the gap's interval may reach for the level below
// to answer. The gap's spread is about that of the two levels' own (their results on a
// deal are little correlated), so a bound of one target would cost as much expert play as
// settling the question at expert; three targets is what the default study's pilots reach
// after a step, and its price in errors is measured (TestFairCheapestLevelError).
const gapReach = 3

// fairGap is the paired gap between levels upper and lower of the configuration, nil
// where either has no per-deal outcomes or they share fewer than two deals.
func fairGap(c *Config, upper, lower int, target float64) *FairGap {
	if upper < 0 || lower < 0 || upper >= len(c.Levels) || lower >= len(c.Levels) {
		return nil
	}
	ru, rl := c.Levels[upper].Result, c.Levels[lower].Result
	if ru == nil || rl == nil || ru.Players < 2 || ru.Players != rl.Players || ru.Seed != rl.Seed ||
		ru.Seating != rl.Seating || ru.Aggregate.Outcomes == nil || rl.Aggregate.Outcomes == nil {
		return nil
	}
	n := ru.Players
	// per is each unit's seat shares (averaged over its plays), in unit order.
	type unitShares struct {
		unit int64
		v    []float64
	}
	per := func(r *sim.Result) ([]unitShares, error) {
		units := r.Aggregate.Outcomes.UnitCount()
		if units == 0 || r.Games%units != 0 {
			return nil, fmt.Errorf("outcomes of %d units for %d games", units, r.Games)
		}
		gpu := int(r.Games / units)
		out := make([]unitShares, 0, units)
		err := r.Aggregate.Outcomes.Each(n, gpu, func(unit int64, games []sim.GameOutcome) error {
			v := make([]float64, n)
			for _, g := range games {
				for s := range v {
					v[s] += float64(g.Share60[s]) / 60 / float64(len(games))
				}
			}
			out = append(out, unitShares{unit, v})
			return nil
		})
		return out, err
	}
	u, err := per(ru)
	if err != nil {
		return nil
	}
	l, err := per(rl)
	if err != nil {
		return nil
	}
	// Pair the units in order (the sums' order is fixed: the same bytes every run).
	sum, sumSq := make([]float64, n), make([]float64, n)
	var deals int64
	for i, j := 0, 0; i < len(u) && j < len(l); {
		switch {
		case u[i].unit < l[j].unit:
			i++
			continue
		case u[i].unit > l[j].unit:
			j++
			continue
		}
		vu, vl := u[i].v, l[j].v
		i, j = i+1, j+1
		deals++
		for s := range n {
			d := vu[s] - vl[s]
			sum[s] += d
			sumSq[s] += d * d
		}
	}
	if deals < 2 {
		return nil
	}
	g := &FairGap{Lower: lower, Deals: deals, Reach: gapReach * target, Informative: true}
	for s := range n {
		m := sum[s] / float64(deals)
		v := math.Max(0, (sumSq[s]-float64(deals)*m*m)/float64(deals-1))
		h := stats.Z95Literal * math.Sqrt(v/float64(deals))
		g.Seats = append(g.Seats, Est{Estimate: stats.Estimate{Value: m, Lo: m - h, Hi: m + h, N: deals, Method: "paired"}})
		if m-h > 0 || m+h < 0 {
			g.Disagree = true
		}
		if math.Abs(m)+h > g.Reach {
			g.Informative = false
		}
		g.Half = math.Max(g.Half, h)
	}
	return g
}

// fairLevel is the index of the level whose seats answer Fair? (the rule above), and
// the gap it was chosen on (nil where the measuring level answers without one).
func (a *Answer) fairLevel() (int, *FairGap) {
	m := a.Measure
	if m < 0 || a.Players < 2 || len(a.Levels[m].Seats) == 0 {
		return m, nil
	}
	tg := a.cfg.target().Seat
	if judgeFair(a.Levels[m].Seats, a.Levels[m].Games, tg).Verdict != fairness.NotSettled {
		return m, nil
	}
	lower := m - 1
	if lower < 1 || len(a.Levels[lower].Seats) == 0 {
		// The weakest level (random legal moves, the floor) never answers for a skilled one.
		return m, nil
	}
	g := fairGap(a.cfg, m, lower, tg)
	if g == nil || g.Disagree || !g.Informative {
		return m, g
	}
	return lower, g
}

// gapText is the seat whose paired gap is largest, in points with its interval:
// "seat 1 +1.2 [-2.0, +4.4]".
func gapText(g *FairGap) string {
	best := 0
	for s, e := range g.Seats {
		if math.Abs(e.Value) > math.Abs(g.Seats[best].Value)+1e-12 {
			best = s
		}
	}
	return fmt.Sprintf("seat %d %s", best, ptsIv(g.Seats[best]))
}

// gapMore is about how many more games of the measuring level's self-play would make the
// gap informative (its widest interval within ±Reach), where the measuring level answers
// Fair? only because the gap is still too wide to tell: the study's rounds play these
// first, the cheaper step, and judge again. 0 where that would not help: the gap shows
// a disagreement or is informative already, or the level below has no more deals to pair.
func (a *Answer) gapMore() int64 {
	g := a.FairGap
	if g == nil || a.FairAt != a.Measure || g.Disagree || g.Informative || a.Levels[g.Lower].Deals <= g.Deals {
		return 0
	}
	// The half-width needed leaves room for the gap's own size (need = Reach − |gap|,
	// at least half of Reach: a gap near Reach is settled by the disagreement test).
	far := 0.0
	for _, e := range g.Seats {
		far = math.Max(far, math.Abs(e.Value))
	}
	need := math.Max(g.Reach-far, g.Reach/2)
	la := a.Levels[a.Measure]
	more := stats.MoreGames(la.Games, g.Half, need)
	if la.Deals > 0 {
		// No more than the level below has deals to pair with.
		more = min(more, (a.Levels[g.Lower].Deals-g.Deals)*(la.Games/la.Deals))
	}
	return max(more, 0)
}

// cheapestLegend is page 1's legend of the rule, where some Fair? cell is answered at the
// level below ("" otherwise: the legend says only what the page uses).
func (rp *Report) cheapestLegend() string {
	for _, g := range rp.Games {
		for _, a := range g.Configs {
			if a.FairAt >= 0 && a.FairAt != a.Measure {
				return "; Fair? is answered at the level below where the measuring level does not settle it and, on the deals both played, " +
					"every seat's paired gap between them holds 0 within three times the seat target"
			}
		}
	}
	return ""
}
