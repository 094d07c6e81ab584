// Package luck answers "How much does luck decide?": luck measured along the game from a
// run's luck accounting (accounting.go: the share of the spread of results the chance
// events carry, each kind of event's swing, luck-adjusted seat advantages; AIVAT), the
// luck share of a replay run (the part of the variance of a game's outcome fixed by the
// deal, by one-way random-effects analysis of variance with a bootstrap interval), how
// often a stronger agent beats a weaker on the same deal, and the luck experiment that
// measures them per level of play.
package luck

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"sort"

	"dragonlab/reports/doc"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// The luck share's bootstrap: resamples over deals and a fixed seed, so a report is the
// same every time it is built.
const (
	BootstrapResamples = 2000
	BootstrapSeed      = 0x6c75636b // "luck"
)

// Method states the estimator, for the report.
const Method = "Each deal (hands, draw piles and chance fixed) is played K times with fresh agent streams. " +
	"By the law of total variance a game's win share varies because of the deal (the variance of the per-deal " +
	"mean share) and within a deal (the agents' choices). The deal part is estimated by one-way random-effects " +
	"analysis of variance, which removes the within-deal noise from the variance of the per-deal means: " +
	"σ²(deal) = (MS between − MS within)/K, truncated at 0, and σ²(rest) = MS within; the luck share is " +
	"σ²(deal)/(σ²(deal) + σ²(rest)), the intraclass correlation ICC(1). Each seat has its own mean, so a seat " +
	"advantage is not counted as luck. The interval is a percentile bootstrap over deals (2,000 resamples, fixed seed)."

// VarianceParts is the decomposition of one seat's (or the pooled seats') win share per
// game into the part the deal fixes and the rest, in units of (win share)².
type VarianceParts struct {
	Deals int64   `json:"deals"`
	Mean  float64 `json:"mean"` // mean win share per game (pooled: averaged over the seats)
	// Total = Deal + Rest: the variance of one game's win share around its seat's mean.
	Total float64 `json:"total"`
	Deal  float64 `json:"deal"` // σ²(deal), between deals
	Rest  float64 `json:"rest"` // σ²(rest), within a deal
	// MSBetween and MSWithin are the analysis-of-variance mean squares (pooled: averaged
	// over the seats; MSBetween 0 with one deal). Every part of the pooled row is the
	// average of the seats' parts.
	MSBetween float64 `json:"msBetween"`
	MSWithin  float64 `json:"msWithin"`
	// Share is the luck share Deal/Total with its bootstrap interval (N = deals).
	Share doc.EstimateN `json:"share"`
	// Defined is false when the luck share cannot be estimated: fewer than two deals, or
	// no variation at all (every game the same outcome). Share is then 0 in [0, 1].
	Defined bool `json:"defined"`
}

// Stats is the luck share of a replay run, per seat and pooled over the seats.
type Stats struct {
	K         int             `json:"k"` // replays per deal
	Seats     []VarianceParts `json:"seats"`
	Pooled    VarianceParts   `json:"pooled"`
	Resamples int             `json:"resamples"`
	Seed      uint64          `json:"seed"`
}

// Analyze decomposes the variance of the outcome of a replay run (sim.SeatReplay) into
// the part fixed by the deal and the rest, per seat and pooled, with bootstrap intervals.
//
// Pooled over the seats the parts are averaged: Deal = mean of Deal_s, Rest = mean of
// Rest_s, and the luck share is their ratio. The runner keeps one histogram per seat, not
// which bins of different seats came from the same deal, so the pooled interval pairs the
// seats' bootstrap resamples by rank of their luck share: it treats the seats' estimates
// as perfectly correlated (comonotone, the most spread-out joint case for an average of
// them), and is exact when the seats mirror each other (two players and a winner in every
// game). With independent seats it is wider than it need be.
func Analyze(rep *sim.ReplayAgg) (*Stats, error) { return AnalyzeAt(rep, stats.Level) }

// AnalyzeAt is Analyze with the bootstrap intervals at another confidence level (the
// family-wise level of a certificate that makes several claims at once).
func AnalyzeAt(rep *sim.ReplayAgg, level float64) (*Stats, error) {
	if rep == nil {
		return nil, fmt.Errorf("luck share: no replay counts (run with replays)")
	}
	if rep.K < 2 {
		return nil, fmt.Errorf("luck share: %d replays per deal; at least 2 are needed", rep.K)
	}
	if len(rep.Seats) == 0 {
		return nil, fmt.Errorf("luck share: no seats")
	}
	ls := &Stats{K: rep.K, Resamples: BootstrapResamples, Seed: BootstrapSeed}
	seatParts := make([]parts, len(rep.Seats))
	boots := make([][]parts, len(rep.Seats))
	for s, raw := range rep.Seats {
		bins, err := cleanBins(raw, rep.K)
		if err != nil {
			return nil, fmt.Errorf("luck share: seat %d: %w", s, err)
		}
		seatParts[s] = exactParts(bins, rep.K)
		if d0 := seatParts[0].deals; seatParts[s].deals != d0 {
			return nil, fmt.Errorf("luck share: seat %d has %d deals, seat 0 has %d", s, seatParts[s].deals, d0)
		}
		rng := rand.New(rand.NewPCG(BootstrapSeed, uint64(s)))
		boots[s] = bootstrap(bins, rep.K, BootstrapResamples, rng)
		vp := seatParts[s].vary()
		if vp.Defined {
			vp.Share.Lo, vp.Share.Hi, vp.Share.Method = percentile(boots[s], level)
		}
		ls.Seats = append(ls.Seats, vp)
	}
	ls.Pooled = pool(seatParts, boots, level)
	return ls, nil
}

// PooledShare is the pooled luck share of rep over the seats with its bootstrap interval
// at level and the deals as N: the estimator behind tune's luck targets (sim/tune.LuckShare).
func PooledShare(rep *sim.ReplayAgg, level float64) (stats.Estimate, error) {
	ls, err := AnalyzeAt(rep, level)
	if err != nil {
		return stats.Estimate{}, err
	}
	return ls.Pooled.Share.Estimate, nil
}

// bin is one (S, Q) bin of deals.
type bin struct{ s, q, deals int64 }

// cleanBins checks a seat's bins (each (S, Q) possible for K outcomes in [0, 60]: S²/K ≤
// Q ≤ 60·S), merges equal ones and sorts them, so the bootstrap does not depend on the
// order in which the runner listed them.
func cleanBins(raw []sim.ReplayBin, k int) ([]bin, error) {
	m := map[[2]int64]int64{}
	for _, b := range raw {
		if b.Deals < 0 || b.S < 0 || b.S > 60*int64(k) || b.Q > 60*b.S || b.Q*int64(k) < b.S*b.S {
			return nil, fmt.Errorf("impossible bin S=%d Q=%d with %d deals for %d replays", b.S, b.Q, b.Deals, k)
		}
		if b.Deals > 0 {
			m[[2]int64{b.S, b.Q}] += b.Deals
		}
	}
	out := make([]bin, 0, len(m))
	for sq, c := range m {
		out = append(out, bin{sq[0], sq[1], c})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].s != out[j].s {
			return out[i].s < out[j].s
		}
		return out[i].q < out[j].q
	})
	return out, nil
}

// parts are the analysis-of-variance summaries of one sample of deals (exact or
// resampled), in sixtieths.
type parts struct {
	k        int
	deals    int64
	mean     float64 // per game
	msb, msw float64
	ok       bool // MSB defined (two deals or more)
}

func (p parts) deal() float64 {
	if !p.ok {
		return 0
	}
	return math.Max(0, (p.msb-p.msw)/float64(p.k))
}

// luck is the luck share (false when undefined).
func (p parts) luck() (float64, bool) {
	d, r := p.deal(), p.msw
	if !p.ok || !(d+r > 0) {
		return 0, false
	}
	return d / (d + r), true
}

// exactParts computes the mean squares exactly from the integer sums. With D deals, K
// replays, T = ΣS, A = ΣS² and Σ Q over the deals:
//
//	SS within  = ΣQ − A/K,            df D(K−1)
//	SS between = A/K − T²/(DK),       df D−1
//
// (R: anova(lm(y ~ factor(deal)))).
func exactParts(bins []bin, k int) parts {
	p := parts{k: k}
	T, A, Q := new(big.Int), new(big.Int), new(big.Int)
	for _, b := range bins {
		c := big.NewInt(b.deals)
		p.deals += b.deals
		T.Add(T, new(big.Int).Mul(c, big.NewInt(b.s)))
		s2 := new(big.Int).Mul(big.NewInt(b.s), big.NewInt(b.s))
		A.Add(A, s2.Mul(s2, c))
		Q.Add(Q, new(big.Int).Mul(c, big.NewInt(b.q)))
	}
	if p.deals == 0 {
		return p
	}
	K, D := big.NewInt(int64(k)), big.NewInt(p.deals)
	p.mean, _ = new(big.Rat).SetFrac(T, new(big.Int).Mul(D, K)).Float64()
	// MSW = (K·ΣQ − A) / (K·D·(K−1))
	num := new(big.Int).Sub(new(big.Int).Mul(K, Q), A)
	den := new(big.Int).Mul(new(big.Int).Mul(K, D), big.NewInt(int64(k-1)))
	p.msw, _ = new(big.Rat).SetFrac(num, den).Float64()
	if p.deals >= 2 {
		// MSB = (D·A − T²) / (D·K·(D−1))
		num := new(big.Int).Sub(new(big.Int).Mul(D, A), new(big.Int).Mul(T, T))
		den := new(big.Int).Mul(new(big.Int).Mul(D, K), big.NewInt(p.deals-1))
		p.msb, _ = new(big.Rat).SetFrac(num, den).Float64()
		p.ok = true
	}
	return p
}

// floatParts is exactParts for resampled deal counts, in floating point, with the sums of
// squares taken around the mean for accuracy.
func floatParts(bins []bin, counts []int64, k int) parts {
	p := parts{k: k}
	var t float64
	for i, b := range bins {
		p.deals += counts[i]
		t += float64(counts[i]) * float64(b.s)
	}
	if p.deals == 0 {
		return p
	}
	kf, d := float64(k), float64(p.deals)
	p.mean = t / (d * kf)
	var ssb, ssw float64
	for i, b := range bins {
		if counts[i] == 0 {
			continue
		}
		c, s := float64(counts[i]), float64(b.s)
		dev := s/kf - p.mean
		ssb += c * kf * dev * dev
		ssw += c * (float64(b.q) - s*s/kf)
	}
	p.msw = math.Max(0, ssw) / (d * (kf - 1))
	if p.deals >= 2 {
		p.msb, p.ok = ssb/(d-1), true
	}
	return p
}

// vary converts parts (in sixtieths) into VarianceParts in win share units; the interval
// is left at [0, 1] for the caller.
func (p parts) vary() VarianceParts {
	vp := VarianceParts{Deals: p.deals, Share: undefined(p.deals)}
	if p.deals == 0 {
		return vp
	}
	vp.Mean = p.mean / 60
	vp.MSWithin = p.msw / 3600
	vp.Rest = vp.MSWithin
	if p.ok {
		vp.MSBetween = p.msb / 3600
		vp.Deal = p.deal() / 3600
	}
	vp.Total = vp.Deal + vp.Rest
	vp.Share.Value, vp.Defined = p.luck()
	return vp
}

// bootstrap resamples the deals with replacement B times (stats.Resample) and returns
// the parts of each resample.
func bootstrap(bins []bin, k, b int, rng *rand.Rand) []parts {
	deals := make([]int64, len(bins))
	for i, x := range bins {
		deals[i] = x.deals
	}
	out := make([]parts, b)
	counts := make([]int64, len(bins))
	for r := range out {
		stats.Resample(deals, rng, counts)
		out[r] = floatParts(bins, counts, k)
	}
	return out
}

// percentile is the percentile interval of the defined luck shares of resamples
// (stats.Percentile; [0, 1] if none is defined) and its method.
func percentile(boot []parts, level float64) (lo, hi float64, method string) {
	var xs []float64
	for _, p := range boot {
		if v, ok := p.luck(); ok {
			xs = append(xs, v)
		}
	}
	return percentileOf(xs, level)
}

func percentileOf(xs []float64, level float64) (lo, hi float64, method string) {
	e := stats.PercentileAt(xs, level)
	if !e.HasInterval() {
		return 0, 1, "none defined: [0, 1]"
	}
	return e.Lo, e.Hi, e.Method
}

// undefined is a luck share that cannot be estimated: 0 in [0, 1], no interval.
func undefined(deals int64) doc.EstimateN {
	return doc.EstimateN{Estimate: stats.Estimate{Lo: 0, Hi: 1, N: deals}}
}

// pool averages the seats' variance parts; its interval pairs the seats' resamples by rank of
// their luck share (see Luck).
func pool(seats []parts, boots [][]parts, level float64) VarianceParts {
	vp := VarianceParts{Deals: seats[0].deals, Share: undefined(seats[0].deals)}
	ok := seats[0].ok
	n := float64(len(seats))
	for _, p := range seats {
		vp.Mean += p.mean / 60 / n
		vp.MSWithin += p.msw / 3600 / n
		vp.MSBetween += p.msb / 3600 / n
		vp.Deal += p.deal() / 3600 / n
		vp.Rest += p.msw / 3600 / n
	}
	vp.Total = vp.Deal + vp.Rest
	if !ok || !(vp.Total > 0) {
		return vp
	}
	vp.Share.Value, vp.Defined = vp.Deal/vp.Total, true
	sorted := make([][]parts, len(boots))
	for s, b := range boots {
		sorted[s] = append([]parts(nil), b...)
		sort.SliceStable(sorted[s], func(i, j int) bool {
			li, oki := sorted[s][i].luck()
			lj, okj := sorted[s][j].luck()
			if oki != okj {
				return !oki // undefined (no variation) first: the least luck
			}
			return li < lj
		})
	}
	var xs []float64
	for r := range sorted[0] {
		var d, t float64
		for s := range sorted {
			p := sorted[s][r]
			d += p.deal()
			t += p.deal() + p.msw
		}
		if t > 0 {
			xs = append(xs, d/t)
		}
	}
	vp.Share.Lo, vp.Share.Hi, vp.Share.Method = percentileOf(xs, level)
	return vp
}

// SameDeal is how often agent 0 (the stronger agent, by the caller's choice) does better
// than the other agents on the same deal, from a duplicate-seating run: on each deal
// agent 0 plays every seat once, and its summed win share is compared with the fair
// total (one game's worth, 60 sixtieths).
type SameDeal struct {
	Stronger string `json:"stronger"`
	Weaker   string `json:"weaker"`
	Players  int    `json:"players"`
	Deals    int64  `json:"deals"`
	Better   int64  `json:"better"` // deals on which agent 0 took more than its fair total
	Ties     int64  `json:"ties"`
	Worse    int64  `json:"worse"`
	// Beats is Better/Deals with its Wilson interval (N = deals); TiesShare Ties/Deals.
	Beats     doc.EstimateN `json:"beats"`
	TiesShare doc.EstimateN `json:"tiesShare"`
}

// SameDealWins reads a duplicate-seating result of agent 0 against copies of another agent.
func SameDealWins(r *sim.Result) (*SameDeal, error) {
	if r == nil {
		return nil, fmt.Errorf("same-deal wins: no result")
	}
	if r.Seating != sim.SeatDuplicate {
		return nil, fmt.Errorf("same-deal wins: the run must use duplicate seating, not %q", r.Seating)
	}
	if r.Players < 2 || len(r.Agents) < 2 {
		return nil, fmt.Errorf("same-deal wins: needs at least two players")
	}
	sd := &SameDeal{Stronger: r.Agents[0], Weaker: r.Agents[1], Players: r.Players}
	h := r.Aggregate.Paired
	for i, c := range h.Counts {
		v := h.Lo + int64(i)
		if c < 0 || v < 0 || v > 60*int64(r.Players) {
			return nil, fmt.Errorf("same-deal wins: impossible deal total %d/60", v)
		}
		sd.Deals += c
		switch {
		case v > 60:
			sd.Better += c
		case v < 60:
			sd.Worse += c
		default:
			sd.Ties += c
		}
	}
	sd.Beats = doc.EstimateN{Estimate: stats.Share(float64(sd.Better), sd.Deals, 1)}
	sd.TiesShare = doc.EstimateN{Estimate: stats.Share(float64(sd.Ties), sd.Deals, 1)}
	return sd, nil
}
