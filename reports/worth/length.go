package worth

import (
	"fmt"
	"math"
	"sort"

	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// Component win rates within games of the same length. Longer games see more cards, so a
// component's win rate when seen (IWD) reads the game's length as much as the component;
// the runner splits the tallies of the ranking event by the game's own length
// (engine.Lengther, sim.ComponentAgg.Stratified), and the difference is compared within
// games of one length and pooled over the lengths (Mantel–Haenszel). It stays an
// association: whatever else brings a component into play still goes with it.

// LengthMethod states the estimator, for the report.
const LengthMethod = "Associations within games of the same length: for each component, the win share in games in which " +
	"the event happened to it minus in the others, within games of the same length (the game's own unit: turns, plays, " +
	"rounds, combats; exact below 64, buckets of at most 1/32 above), pooled over the lengths with Mantel–Haenszel " +
	"weights n₁n₀/(n₁+n₀) (Mantel & Haenszel 1959; the risk difference, Greenland & Robins 1985), with a normal 95% " +
	"interval from the Bernoulli variance of each length (shared wins only lower it) multiplied by the design effect of " +
	"pooled seats and replays; Holm over the components. An association, not an effect: only the game's length is held fixed."

// LengthRow is one component.
type LengthRow struct {
	Name string `json:"name"`
	// Crude is the difference over all games (as IWD), Adjusted within games of the same
	// length (interval only when some length has games with and without the event).
	Crude    stats.Estimate `json:"-"`
	Adjusted stats.Estimate `json:"-"`
	Lengths  int            `json:"lengths"` // lengths with games both with and without the event
	P        float64        `json:"p"`
	PHolm    float64        `json:"pHolm"`
}

// LengthStats is the length-adjusted association of every component.
type LengthStats struct {
	Event        string      `json:"event"`
	Unit         string      `json:"unit"`
	DesignEffect float64     `json:"designEffect"`
	Rows         []LengthRow `json:"rows"` // clearest adjusted difference first
	Family       int         `json:"family"`
}

// LengthAdjusted computes the length-adjusted associations of a component aggregate,
// pooled over its agents; replays > 1 says each deal was played that many times (the
// variance then counts 1/replays of the games too, as Components does). nil, nil when the
// aggregate is not split by length.
func LengthAdjusted(agg *sim.ComponentAgg, replays int) (*LengthStats, error) {
	if agg == nil || agg.Stratified == "" {
		return nil, nil
	}
	nc := len(agg.Names)
	// Pool the agents' strata by length.
	byLen := map[int64]*sim.ComponentStratum{}
	for _, t := range agg.Agents {
		for _, s := range t.Strata {
			if len(s.Count) != nc || len(s.Win60) != nc {
				return nil, fmt.Errorf("length strata: %d and %d entries for %d components", len(s.Count), len(s.Win60), nc)
			}
			p := byLen[s.Length]
			if p == nil {
				p = &sim.ComponentStratum{Length: s.Length, Count: make([]int64, nc), Win60: make([]int64, nc)}
				byLen[s.Length] = p
			}
			p.Games += s.Games
			p.Share60 += s.Share60
			for k := range nc {
				p.Count[k] += s.Count[k]
				p.Win60[k] += s.Win60[k]
			}
		}
	}
	strata := make([]*sim.ComponentStratum, 0, len(byLen))
	for _, st := range byLen {
		strata = append(strata, st)
	}
	sort.Slice(strata, func(i, j int) bool { return strata[i].Length < strata[j].Length }) // sums in one order: the same bytes
	de := float64(max(len(agg.Agents), 1) * max(replays, 1))
	ls := &LengthStats{Event: agg.Stratified, Unit: agg.LengthUnit, DesignEffect: de}
	var ps []float64
	var tested []bool
	for k, name := range agg.Names {
		var n1, n0, w1, w0 float64
		var sw, swd, sv float64
		lengths := 0
		for _, s := range strata {
			a1, a0 := float64(s.Count[k]), float64(s.Games-s.Count[k])
			y1, y0 := float64(s.Win60[k])/60, float64(s.Share60-s.Win60[k])/60
			n1, n0, w1, w0 = n1+a1, n0+a0, w1+y1, w0+y0
			if a1 == 0 || a0 == 0 {
				continue
			}
			lengths++
			p1, p0 := y1/a1, y0/a0
			w := a1 * a0 / (a1 + a0)
			sw += w
			swd += w * (p1 - p0)
			sv += w * w * (p1*(1-p1)/a1 + p0*(1-p0)/a0)
		}
		row := LengthRow{Name: name, Lengths: lengths, P: 1,
			Crude:    stats.Estimate{Value: math.NaN(), Lo: math.NaN(), Hi: math.NaN()},
			Adjusted: stats.Estimate{Value: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}}
		if n1 > 0 && n0 > 0 {
			row.Crude.Value = w1/n1 - w0/n0
		}
		if sw > 0 {
			d, se := swd/sw, math.Sqrt(sv*de)/sw
			row.Adjusted = stats.Normal(d, se, stats.Z95)
			row.Adjusted.N = int64(n1)
			if se > 0 {
				row.P = stats.NormalP(d / se)
			} else if d != 0 {
				row.P = 0
			}
		}
		ls.Rows = append(ls.Rows, row)
		ps = append(ps, row.P)
		tested = append(tested, row.Adjusted.HasInterval())
	}
	holm := make([]float64, len(ps))
	ls.Family = stats.HolmSubset(ps, tested, holm)
	for i := range ls.Rows {
		ls.Rows[i].PHolm = holm[i]
	}
	sort.SliceStable(ls.Rows, func(i, j int) bool {
		a, b := ls.Rows[i], ls.Rows[j]
		if a.Adjusted.HasInterval() != b.Adjusted.HasInterval() {
			return a.Adjusted.HasInterval()
		}
		return evidenceOf(a.Adjusted) > evidenceOf(b.Adjusted)
	})
	return ls, nil
}

// evidenceOf is how far the interval stays from 0 (0 when it contains it).
func evidenceOf(e stats.Estimate) float64 { return math.Max(0, math.Max(e.Lo, -e.Hi)) }

// Table lists the top rows (all when top is 0).
func (ls *LengthStats) Table(top int) doc.TextTable {
	t := doc.TextTable{Title: fmt.Sprintf("Associations within games of the same length (%s)", ls.Unit),
		Header: []string{"component", "when " + ls.Event + " minus not, all games (points)", "within the same length (points)", "95% interval", "lengths", "Holm p"},
		Note:   LengthMethod}
	for i, r := range ls.Rows {
		if top > 0 && i >= top {
			break
		}
		crude, adj, iv, p := "–", "–", "–", "–"
		if !math.IsNaN(r.Crude.Value) {
			crude = format.Pts(r.Crude.Value)
		}
		if r.Adjusted.HasInterval() {
			adj, iv, p = format.Pts(r.Adjusted.Value), format.IvPts(r.Adjusted), format.PCell(r.PHolm)
		}
		t.Rows = append(t.Rows, []string{r.Name, crude, adj, iv, fmt.Sprint(r.Lengths), p})
	}
	return t
}
