package worth

import (
	"fmt"
	"math"
	"sort"

	"dragonlab/reports/doc"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// AblationMethod states the estimator, for the report.
const AblationMethod = "Restricted play (Jaffe et al., \"Evaluating Competitive Game Balance with Restricted Play\", " +
	"AIIDE 2012): an agent forbidden one class of actions (it never chooses one when another action is legal) " +
	"plays duplicate deals against unrestricted copies of itself, in every seat of each deal. Its mean win share " +
	"per game is compared with the fair share of the unrestricted agent in self-play (1/players, less the games " +
	"nobody wins). The deal is the unit: the share's interval is Wilson's at the effective number of games (the " +
	"games over the design effect of the deal, between the deals and the games), so it stays within 0–100%; the " +
	"change's interval is that interval less the fair share, and the p-value the score test Wilson's interval " +
	"inverts, Holm-adjusted over the classes."

// AblationRow is the effect of forbidding one action class.
type AblationRow struct {
	Class string `json:"class"`
	Agent string `json:"agent"` // the restricted agent's spec
	Deals int64  `json:"deals"`
	Games int64  `json:"games"`
	// Share is the restricted agent's mean win share per game (interval over deals;
	// N = deals).
	Share doc.EstimateN `json:"share"`
	// Change is Share minus the baseline (fair) share: negative when forbidding the class
	// costs win share. Its interval adds the baseline's small uncertainty.
	Change doc.EstimateN `json:"change"`
	P      float64       `json:"p"`     // two-sided, of Change = 0
	PHolm  float64       `json:"pHolm"` // Holm over the tested classes
	Tested bool          `json:"tested"`
	// Choice says that forbidding the class leaves what the player holds as it is
	// (engine.ChoiceClasser); a restriction of any other class also makes the player keep
	// what the class would spend, so it measures holding that forever (set by the
	// experiment's analysis; false when the game does not say).
	Choice bool `json:"choice"`
	// Unkept is the share of the restricted decisions in which every legal move was
	// forbidden (the agent then played as its base would); -1 when not counted.
	Unkept float64 `json:"unkept"`
	// Method says which interval was used: "wilson" (Wilson's interval at the effective
	// number of games, stats.AnalyzePaired), "one deal" or "no deals" (untested).
	Method string `json:"method"`
}

// Worth is what the class is worth to the player: minus Change (win share lost when it is
// forbidden), with the interval turned round.
func (r AblationRow) Worth() stats.Estimate { return r.Change.Negate() }

// AblationTable is the restricted-play analysis of one base agent.
type AblationTable struct {
	Game    string `json:"game"`
	Players int    `json:"players"`
	Base    string `json:"base"` // the base agent's spec ("" without a base result)
	// Baseline is the fair share of the unrestricted agent: (1 − share of games nobody
	// won)/players in the base self-play, or exactly 1/players without a base result;
	// BaselineSE its standard error (0 when every base game had a winner).
	Baseline   float64 `json:"baseline"`
	BaselineSE float64 `json:"baselineSE"`
	// BaseCheck is the base agent 0's own mean share in self-play, which should be near
	// Baseline (a check of the setup, not part of the comparison).
	BaseCheck doc.EstimateN `json:"baseCheck"`
	Rows      []AblationRow `json:"rows"` // most costly class first; untested last, by name
	Family    int           `json:"family"`
}

// RestrictedPlay compares, for each forbidden action class, the duplicate-deal result of the
// restricted agent (agent 0 of restricted[class], seating sim.SeatDuplicate, the other
// seats unrestricted copies of the base agent) with the fair share of the base agent in
// its own self-play result base (same game, player count and deals; any seating). base
// may be nil: the baseline is then exactly 1/players, which is right when every game has
// a winner. It fails on a nil or non-duplicate restricted result, a one-player game, or
// results of different games or player counts.
func RestrictedPlay(base *sim.Result, restricted map[string]*sim.Result) (*AblationTable, error) {
	if len(restricted) == 0 {
		return nil, fmt.Errorf("ablation: no restricted results")
	}
	t := &AblationTable{}
	classes := make([]string, 0, len(restricted))
	for c := range restricted {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	for _, c := range classes {
		r := restricted[c]
		switch {
		case r == nil:
			return nil, fmt.Errorf("ablation: no result for class %q", c)
		case r.Seating != sim.SeatDuplicate:
			return nil, fmt.Errorf("ablation: class %q: the run must use duplicate seating, not %q", c, r.Seating)
		case r.Players < 2:
			return nil, fmt.Errorf("ablation: class %q: restricted play needs at least two players", c)
		case t.Players != 0 && (r.Players != t.Players || r.Game != t.Game):
			return nil, fmt.Errorf("ablation: class %q is %s with %d players, others %s with %d", c, r.Game, r.Players, t.Game, t.Players)
		}
		t.Game, t.Players = r.Game, r.Players
	}
	n := float64(t.Players)
	t.Baseline = 1 / n
	if base != nil {
		switch {
		case base.Players != t.Players || base.Game != t.Game:
			return nil, fmt.Errorf("ablation: the base result is %s with %d players, the restricted ones %s with %d", base.Game, base.Players, t.Game, t.Players)
		case base.Games <= 0:
			return nil, fmt.Errorf("ablation: the base result has no games")
		case base.NoWinner < 0 || base.NoWinner > base.Games:
			return nil, fmt.Errorf("ablation: the base result has %d games without a winner in %d", base.NoWinner, base.Games)
		}
		if len(base.Agents) > 0 {
			t.Base = base.Agents[0]
		}
		// Every game with a winner hands out exactly one game's worth of win share; by
		// symmetry of self-play each agent's expectation is a 1/players part of it.
		q := float64(base.NoWinner) / float64(base.Games)
		t.Baseline = (1 - q) / n
		units := float64(base.Games) // a deal's games may be correlated: count deals
		if base.Seating == sim.SeatDuplicate {
			units /= n
		}
		t.BaselineSE = math.Sqrt(q*(1-q)/units) / n
		if base.Seating == sim.SeatDuplicate && base.Aggregate.Paired.Total() > 0 {
			t.BaseCheck.Estimate = stats.HistMeanT(base.Aggregate.Paired).Scale(1 / (60 * n))
		} else if len(base.ByAgent) > 0 {
			t.BaseCheck.Estimate = stats.Share(base.ByAgent[0].WinShare, base.ByAgent[0].Games, 1)
		}
	}
	for _, c := range classes {
		row, err := ablationRow(c, restricted[c], t.Baseline, t.BaselineSE)
		if err != nil {
			return nil, err
		}
		t.Rows = append(t.Rows, row)
	}
	sort.SliceStable(t.Rows, func(i, j int) bool {
		a, b := t.Rows[i], t.Rows[j]
		if a.Tested != b.Tested {
			return a.Tested
		}
		if a.Tested && a.Change.Value != b.Change.Value {
			return a.Change.Value < b.Change.Value
		}
		return a.Class < b.Class
	})
	ps := make([]float64, len(t.Rows))
	tested := make([]bool, len(t.Rows))
	for i, r := range t.Rows {
		ps[i], tested[i] = r.P, r.Tested
	}
	adj := make([]float64, len(t.Rows))
	t.Family = stats.HolmSubset(ps, tested, adj)
	for i := range t.Rows {
		t.Rows[i].PHolm = adj[i]
	}
	return t, nil
}

// ablationRow reads one restricted result: agent 0's summed win share per deal over the
// rotations, in sixtieths (sim.Aggregate.Paired).
func ablationRow(class string, r *sim.Result, base, baseSE float64) (AblationRow, error) {
	n := float64(r.Players)
	row := AblationRow{Class: class, Games: r.Games, P: 1, PHolm: 1}
	if len(r.Agents) > 0 {
		row.Agent = r.Agents[0]
	}
	h := r.Aggregate.Paired
	for i, c := range h.Counts {
		if v := h.Lo + int64(i); c < 0 || (c > 0 && (v < 0 || v > 60*int64(r.Players))) {
			return row, fmt.Errorf("ablation: class %q: impossible deal total %d/60", class, v)
		}
	}
	d, sum, _ := stats.HistSums(h)
	row.Deals = d
	scale := 1 / (60 * n) // a deal's total in sixtieths → mean share per game
	switch {
	case d == 0:
		row.Method = "no deals"
		row.Share.Estimate = stats.Share(0, 0, 1)
		row.Change.Estimate = stats.Estimate{Value: 0, Lo: -base, Hi: 1 - base, Method: "none: no deals"}
		return row, nil
	case d == 1:
		row.Method = "one deal"
		row.Share.Estimate = stats.Share(float64(sum)*scale, 1, 1)
		row.Change.Estimate = shiftWithSE(row.Share.Estimate, base, baseSE)
		return row, nil
	}
	// Wilson's interval at the effective number of games (stats.AnalyzePaired, as the
	// tournaments' duplicate share): it stays inside [0, 1] however few the deals, where
	// Student's t over 10 deals reached −5 points.
	pr := stats.AnalyzePaired(h, r.Players)
	row.Method = "wilson"
	row.Share.Estimate = pr.CI
	row.Change.Estimate = shiftWithSE(pr.CI, base, baseSE)
	row.P = scoreP(pr.Share, pr.NEff, base, baseSE)
	row.Tested = true
	return row, nil
}

// scoreP is the two-sided p-value of share = base by the score test that Wilson's
// interval inverts, at n effective games: z = (share − base)/√(base(1−base)/n + baseSE²)
// (R: prop.test(share·n, n, p = base, correct = FALSE) when baseSE is 0).
func scoreP(share, n, base, baseSE float64) float64 {
	v := base*(1-base)/n + baseSE*baseSE
	if !(v > 0) {
		if share == base {
			return 1
		}
		return 0
	}
	return stats.NormalP((share - base) / math.Sqrt(v))
}

// shiftWithSE is a share's estimate minus the baseline: the share's own (bounded)
// interval shifted, its half-widths combined in quadrature with the baseline's z·SE, and
// kept within what a share in [0, 1] minus the baseline's interval can be.
func shiftWithSE(s stats.Estimate, base, baseSE float64) stats.Estimate {
	b := stats.Z95 * baseSE
	return stats.Estimate{
		Value: s.Value - base, N: s.N, Method: s.Method,
		Lo: math.Max(s.Value-base-math.Hypot(s.Value-s.Lo, b), -base-b),
		Hi: math.Min(s.Value-base+math.Hypot(s.Hi-s.Value, b), 1-base+b),
	}
}
