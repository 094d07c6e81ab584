package luck

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"

	"dragonlab/engine/value"
	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// Luck measured along the game (AIVAT: Burch, Schmid, Moravčík, Morrill & Bowling, AAAI
// 2018), from the luck accounting of a run (sim.LuckAgg, `--luck`). Each number is a
// smooth function of the run's means; its interval is the delete-one-batch jackknife over
// the aggregate's interleaved batches of whole units (stats.Jackknife), right for any
// seating.
//
// The sentence a designer reads for each:
//
//   - luck share: "the chance events (cards, dice) carry 41% [38, 43] of the spread of
//     results": Σ_seats Cov(Y, L) / Σ_seats Var(Y), Y a seat's win share and L its luck;
//   - decision share: "each seat's own decisions carry 30% [29, 31]":
//     Σ_seats Cov(Y, S) / Σ_seats Var(Y), S the seat's own decisions;
//   - luck-adjusted advantage: "seat 0 wins 1.0 point [−1.3, 3.2] less than the fair share
//     once the luck of the cards and dice is taken out": the mean of Y − L less the mean
//     over every seat, the raw advantage's expectation with less variance;
//   - variance ratio: "the luck-adjusted advantages are as precise as the raw ones from
//     1.7 times as many games";
//   - mean swing of a kind of chance event: "a flame's dice move 4.7 points of winning
//     chance on average", and its part of the luck share.

// AccountingMethod states the estimators, for the report.
const AccountingMethod = "Luck is measured along the game (AIVAT, Burch et al. 2018): at every chance event (a card " +
	"drawn among those nobody has seen, a die) the value of the position after it less the value expected over " +
	"the event's possible outcomes, summed over the game, per seat; a frozen value function (a linear model of " +
	"the position fitted on other seeds) gives the values. Each term has mean zero whatever the value function, " +
	"so subtracting a seat's luck from its result keeps its expectation (a control variate). Intervals: " +
	"delete-one-batch jackknife over 64 batches of whole deals, Student's t on 63 degrees of freedom."

// GuessMethod states how guessing is measured, for reports of games with secret rounds.
const GuessMethod = "Guessing is measured like luck, at the rounds of secret simultaneous choices whose choosers " +
	"say the mixed policy they draw from (the search's purified average strategy; uniform for random play): once " +
	"every chooser has chosen, the value just after the reveal less its expectation over every joint choice " +
	"weighted by the policies (AIVAT's correction at a decision of known policy). It has mean zero, and the " +
	"round's decision term keeps what the policies are worth, the skill of mixing well; a chooser whose policy " +
	"is not known counts as choosing for sure."

// moments are the means over games of one seat's (or agent's) sums, in win-share units.
type moments struct{ y, yy, l, ll, yl, s, ss, ys, ls, g, yg float64 }

func tallyMoments(t *sim.LuckTally, games int64) moments {
	if games == 0 {
		return moments{}
	}
	n := float64(games)
	const y, l = 60.0, float64(sim.LuckScale)
	return moments{y: float64(t.Y) / y / n, yy: float64(t.YY) / (y * y) / n,
		l: float64(t.L) / l / n, ll: float64(t.LL) / (l * l) / n, yl: float64(t.YL) / (y * l) / n,
		s: float64(t.S) / l / n, ss: float64(t.SS) / (l * l) / n, ys: float64(t.YS) / (y * l) / n,
		ls: float64(t.LS) / (l * l) / n, g: float64(t.G) / l / n, yg: float64(t.YG) / (y * l) / n}
}

func sub(a, b sim.LuckTally) sim.LuckTally {
	return sim.LuckTally{Y: a.Y - b.Y, YY: a.YY - b.YY, L: a.L - b.L, LL: a.LL - b.LL, YL: a.YL - b.YL,
		S: a.S - b.S, SS: a.SS - b.SS, YS: a.YS - b.YS, LS: a.LS - b.LS, V0: a.V0 - b.V0,
		DD: a.DD - b.DD, MM: a.MM - b.MM, DM: a.DM - b.DM, G: a.G - b.G, GG: a.GG - b.GG, YG: a.YG - b.YG}
}

func add(a, b sim.LuckTally) sim.LuckTally {
	return sim.LuckTally{Y: a.Y + b.Y, YY: a.YY + b.YY, L: a.L + b.L, LL: a.LL + b.LL, YL: a.YL + b.YL,
		S: a.S + b.S, SS: a.SS + b.SS, YS: a.YS + b.YS, LS: a.LS + b.LS, V0: a.V0 + b.V0,
		DD: a.DD + b.DD, MM: a.MM + b.MM, DM: a.DM + b.DM, G: a.G + b.G, GG: a.GG + b.GG, YG: a.YG + b.YG}
}

// jackknife estimates stat of the seats' (agents: the agents') means: the estimate
// (N = games) and its standard error.
func jackknife(a *sim.LuckAgg, agents bool, stat func(m []moments) float64) (stats.Estimate, float64) {
	pick := func(b *sim.LuckBatch) []sim.LuckTally {
		if agents {
			return b.Agents
		}
		return b.Seats
	}
	players := len(a.Batches[0].Seats)
	total := make([]sim.LuckTally, players)
	var games int64
	for b := range a.Batches {
		games += a.Batches[b].Games
		for s, t := range pick(&a.Batches[b]) {
			total[s] = add(total[s], t)
		}
	}
	ms := make([]moments, players)
	eval := func(t []sim.LuckTally, games int64) float64 {
		for s := range ms {
			ms[s] = tallyMoments(&t[s], games)
		}
		return stat(ms)
	}
	full := eval(total, games)
	var loo []float64
	rest := make([]sim.LuckTally, players)
	for b := range a.Batches {
		x := &a.Batches[b]
		if x.Games == 0 {
			continue
		}
		for s, t := range pick(x) {
			rest[s] = sub(total[s], t)
		}
		loo = append(loo, eval(rest, games-x.Games))
	}
	e, se := stats.Jackknife(full, loo)
	e.N = games
	return e, se
}

func est(e stats.Estimate, _ float64) stats.Estimate { return e }

// shareOf is Σ_seats Cov(Y, Z) / Σ_seats Var(Y) with its jackknife interval, part giving a
// seat's moments E[YZ] and E[Z] of the part Z.
func shareOf(a *sim.LuckAgg, part func(moments) (yz, z float64)) stats.Estimate {
	return est(jackknife(a, false, func(m []moments) float64 {
		var cov, vr float64
		for _, x := range m {
			yz, z := part(x)
			cov += yz - x.y*z
			vr += x.yy - x.y*x.y
		}
		return cov / vr
	}))
}

// Share is the luck share of a run: Σ_seats Cov(Y, L) / Σ_seats Var(Y). With a perfect value
// function the luck and the rest of the outcome are uncorrelated and this is
// Var(L)/Var(Y); noise in the value function that has nothing to do with who wins leaves
// it unbiased (it is linear in L).
func Share(a *sim.LuckAgg) stats.Estimate {
	return shareOf(a, func(x moments) (float64, float64) { return x.yl, x.l })
}

// DecisionShare is Σ_seats Cov(Y, S) / Σ_seats Var(Y), S a seat's own decisions. What neither
// it nor the luck share carries is the other seats' decisions and the value function's
// error.
func DecisionShare(a *sim.LuckAgg) stats.Estimate {
	return shareOf(a, func(x moments) (float64, float64) { return x.ys, x.s })
}

// GuessShare is Σ_seats Cov(Y, G) / Σ_seats Var(Y), G a seat's guessing: the part of the
// spread of results the draws of the rounds of secret simultaneous choices carry, once
// each round is valued at the choosers' mixed policies (sim's guess.go). It is 0 for a
// game without such rounds; the own decisions' share no longer counts it.
func GuessShare(a *sim.LuckAgg) stats.Estimate {
	return shareOf(a, func(x moments) (float64, float64) { return x.yg, x.g })
}

// Advantage is seat's (agents: agent's) mean win share less the mean over every seat, raw
// or luck-adjusted (each outcome less its luck).
func Advantage(a *sim.LuckAgg, seat int, agents, adjusted bool) stats.Estimate {
	return est(advantage(a, seat, agents, adjusted))
}

func advantage(a *sim.LuckAgg, seat int, agents, adjusted bool) (stats.Estimate, float64) {
	if adjusted {
		return newCrossFit(a, agents).estimate(advantageOf(seat), false)
	}
	return jackknife(a, agents, func(m []moments) float64 {
		fair := 0.0
		for _, x := range m {
			fair += x.y
		}
		return m[seat].y - fair/float64(len(m))
	})
}

// AdvantageTest is Advantage with its jackknife standard error and the two-sided p-value
// of no advantage: Student's t on the jackknife's degrees of freedom (the batches played,
// less one), as its interval. p is 1 without an interval.
func AdvantageTest(a *sim.LuckAgg, seat int, agents, adjusted bool) (e stats.Estimate, se, p float64) {
	e, se = advantage(a, seat, agents, adjusted)
	return e, se, tTest(e.Value, se, batchesPlayed(a)-1)
}

// Mean is seat's (agents: agent's) mean win share, raw or luck-adjusted (each outcome less
// its luck: the same expectation), with its jackknife interval.
func Mean(a *sim.LuckAgg, seat int, agents, adjusted bool) stats.Estimate {
	e, _, _ := MeanTest(a, seat, agents, adjusted, 0)
	return e
}

// MeanTest is Mean with its standard error and the two-sided p-value of a mean of fair
// (Student's t on the batches played less one; 1 without an interval).
func MeanTest(a *sim.LuckAgg, seat int, agents, adjusted bool, fair float64) (e stats.Estimate, se, p float64) {
	if adjusted {
		e, se = newCrossFit(a, agents).estimate(func(m []float64) float64 { return m[seat] }, false)
	} else {
		e, se = jackknife(a, agents, func(m []moments) float64 { return m[seat].y })
	}
	return e, se, tTest(e.Value-fair, se, batchesPlayed(a)-1)
}

// batchesPlayed counts the batches that hold games: the jackknife's groups.
func batchesPlayed(a *sim.LuckAgg) int {
	n := 0
	for b := range a.Batches {
		if a.Batches[b].Games > 0 {
			n++
		}
	}
	return n
}

// tTest is the two-sided p-value of v = 0 for an estimate with standard error se on df
// degrees of freedom: 1 when there is no standard error or no degree of freedom (v = 0
// with se = 0 too), 0 for v ≠ 0 with se = 0.
func tTest(v, se float64, df int) float64 {
	switch {
	case df < 1 || math.IsNaN(se) || math.IsNaN(v):
		return 1
	case se == 0:
		if v == 0 {
			return 1
		}
		return 0
	}
	return stats.TTwoSided(v/se, float64(df))
}

// LuckAdvantage is the luck's part of seat's advantage: its mean luck (times each batch's
// cross-fitted β̂) less the mean over every seat. It has mean zero; the luck-adjusted
// advantage is the raw one less it.
func LuckAdvantage(a *sim.LuckAgg, seat int, agents bool) stats.Estimate {
	return est(newCrossFit(a, agents).estimate(advantageOf(seat), true))
}

// VarianceRatio is Σ_seats Var(raw advantage) / Σ_seats Var(luck-adjusted advantage): the
// luck-adjusted advantages are as precise as the raw ones from that many times as many
// games (VarianceRatioEstimate gives its interval). Two seats have one ratio (their
// advantages mirror). It is not bounded by 1/(1 − luck share): with β = 1 that bound holds
// only when Var(L) ≥ Cov(Y, L); with the fitted β it is 1/(1 − ρ²), ρ the correlation of
// a seat's result and its luck.
func VarianceRatio(a *sim.LuckAgg, agents bool) float64 {
	return VarianceRatioEstimate(a, agents).Value
}

// KindShare is the part of the luck share carried by kind k of chance event:
// Σ_seats Cov(Y, L_k) / Σ_seats Var(Y), L_k a seat's luck from events of that kind (the
// kinds' parts add up to the luck share, but for the rounding of each kind's sums). From
// the run's totals, without an interval.
func KindShare(a *sim.LuckAgg, k int) float64 {
	players := len(a.Batches[0].Seats)
	tot := make([]sim.LuckTally, players)
	var games int64
	for b := range a.Batches {
		games += a.Batches[b].Games
		for s, t := range a.Batches[b].Seats {
			tot[s] = add(tot[s], t)
		}
	}
	if games == 0 {
		return math.NaN()
	}
	n := float64(games)
	var cov, vr float64
	for s := range players {
		m := tallyMoments(&tot[s], games)
		lk := float64(a.Events[k].Luck[s]) / sim.LuckScale / n
		ylk := float64(a.Events[k].LuckY[s]) / (60 * sim.LuckScale) / n
		cov += ylk - m.y*lk
		vr += m.yy - m.y*m.y
	}
	return cov / vr
}

// MeanSwing is the mean swing of the events of kind k: half the sum over seats of
// |correction|, the winning chance one event moves from some seats to others.
func MeanSwing(a *sim.LuckAgg, k int) float64 {
	e := a.Events[k]
	if e.Events == 0 {
		return math.NaN()
	}
	return float64(e.Swing) / sim.SwingScale / float64(e.Events)
}

// Accounting is what a run's luck accounting says.
type Accounting struct {
	Games int64     `json:"games"`
	Value value.Ref `json:"value"` // the value function
	// ByAgent: the seats' rows are agents (seats rotate).
	ByAgent       bool      `json:"byAgent"`
	LuckShare     ShareJSON `json:"luckShare"`
	DecisionShare ShareJSON `json:"decisionShare"`
	// VarianceRatio is how many times as many games the raw seat advantages need to be as
	// precise as the luck-adjusted ones, with its jackknife interval (null for a
	// solitaire); Adjusted says whether the luck-adjusted numbers are the ones to use:
	// the ratio's interval lies at or above 1 (Helps). Beta is the luck's fitted
	// coefficient (1 for an exact value function; each batch uses one fitted without it).
	VarianceRatio doc.Number `json:"varianceRatio"`
	VarianceCI    ShareJSON  `json:"varianceRatioInterval"`
	Adjusted      bool       `json:"adjusted"`
	Beta          doc.Number `json:"beta"`
	Seats         []SeatLuck `json:"seats"`
	Kinds         []KindLuck `json:"kinds"` // by mean swing, largest first
	// Guessing is what the draws of the rounds of secret simultaneous choices carry,
	// absent for a run without such rounds (or whose agents do not say their policies).
	Guessing *Guessing `json:"guessing,omitempty"`
}

// Guessing is the third part of the outcome: the draws of the mixed choices of the rounds
// of secret simultaneous choices (GuessShare).
type Guessing struct {
	Share     ShareJSON  `json:"share"`
	Rounds    int64      `json:"rounds"`
	MeanSwing doc.Number `json:"meanSwing"` // winning chance one round's draw moves
}

// GuessingOf is a run's guessing, nil when it accounted no round of secret choices.
func GuessingOf(a *sim.LuckAgg) *Guessing {
	if a.Rounds == 0 {
		return nil
	}
	return &Guessing{Share: ShareJSON{GuessShare(a)}, Rounds: a.Rounds, MeanSwing: doc.Number(float64(a.GuessSwing) / sim.SwingScale / float64(a.Rounds))}
}

// SeatLuck is one seat's (or agent's) advantage, raw and luck-adjusted.
type SeatLuck struct {
	Seat     int          `json:"seat"`
	Raw      doc.Estimate `json:"raw"`
	Adjusted doc.Estimate `json:"adjusted"`
	Luck     doc.Estimate `json:"luck"` // the luck's part: raw − adjusted, mean zero
}

// KindLuck is what one kind of chance event did.
type KindLuck struct {
	Kind      string     `json:"kind"`
	Events    int64      `json:"events"`
	MeanSwing doc.Number `json:"meanSwing"` // winning chance moved per event
	Share     doc.Number `json:"share"`     // its part of the luck share
}

// ShareJSON writes an estimate as {"estimate", "lo", "hi"} (null where unknown).
type ShareJSON struct{ stats.Estimate }

// MarshalJSON implements json.Marshaler.
func (s ShareJSON) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Estimate doc.Number `json:"estimate"`
		Lo       doc.Number `json:"lo"`
		Hi       doc.Number `json:"hi"`
	}{doc.Number(s.Value), doc.Number(s.Lo), doc.Number(s.Hi)})
}

// Account analyses the luck accounting of r (a run with --luck).
func Account(r *sim.Result) (*Accounting, error) {
	a := r.Aggregate.Luck
	if a == nil {
		return nil, fmt.Errorf("%s %dp: no luck accounting (run with --luck)", r.Game, r.Players)
	}
	byAgent := r.Seating != sim.SeatFixed && r.Seating != sim.SeatReplay
	acc := &Accounting{Games: r.Games, Value: a.Value, ByAgent: byAgent,
		LuckShare: ShareJSON{Share(a)}, DecisionShare: ShareJSON{DecisionShare(a)},
		VarianceRatio: doc.Number(math.NaN()), VarianceCI: ShareJSON{stats.Estimate{Value: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}},
		Guessing: GuessingOf(a),
	}
	// One cross-fit of the run serves the coefficient, the variance ratio and every
	// seat's adjusted advantage and luck.
	cf := newCrossFit(a, byAgent)
	acc.Beta = doc.Number(cf.beta())
	if r.Players > 1 {
		vr := cf.ratioEstimate()
		acc.VarianceRatio, acc.VarianceCI, acc.Adjusted = doc.Number(vr.Value), ShareJSON{vr}, Helps(vr)
		for s := 0; s < r.Players; s++ {
			adj, _ := cf.estimate(advantageOf(s), false)
			luck, _ := cf.estimate(advantageOf(s), true)
			acc.Seats = append(acc.Seats, SeatLuck{Seat: s, Raw: doc.Estimate{Estimate: Advantage(a, s, byAgent, false)},
				Adjusted: doc.Estimate{Estimate: adj}, Luck: doc.Estimate{Estimate: luck}})
		}
	}
	for k, e := range a.Events {
		if e.Events > 0 {
			acc.Kinds = append(acc.Kinds, KindLuck{Kind: a.Kinds[k], Events: e.Events, MeanSwing: doc.Number(MeanSwing(a, k)), Share: doc.Number(KindShare(a, k))})
		}
	}
	sort.SliceStable(acc.Kinds, func(i, j int) bool { return acc.Kinds[i].MeanSwing > acc.Kinds[j].MeanSwing })
	return acc, nil
}

// Sentences say what the luck accounting found, in the words of the package comment.
func (a *Accounting) Sentences() []string {
	out := []string{fmt.Sprintf("The chance events (cards, dice) carry %s of the spread of results, the seats' own decisions %s (luck measured along the game over %s; the rest is the other seats' decisions and what the value function cannot see).",
		format.PctIv(a.LuckShare.Estimate), format.PctIv(a.DecisionShare.Estimate), format.Plural(a.Games, "game"))}
	if g := a.Guessing; g != nil {
		out = append(out, GuessSentence(g))
	}
	if len(a.Kinds) > 0 {
		k := a.Kinds[0]
		out = append(out, fmt.Sprintf("The chance events that swing games most are the %s: %s on average moves %s points of winning chance from some seats to others (%s of the spread of results).",
			k.Kind, "one", format.Num(100*float64(k.MeanSwing), 1), format.Pct(float64(k.Share))))
	}
	if len(a.Seats) > 0 && !math.IsNaN(float64(a.VarianceRatio)) {
		who := "seat"
		if a.ByAgent {
			who = "agent"
		}
		s := a.Seats[0]
		out = append(out, fmt.Sprintf("Once the luck of the cards and dice is taken out, %s 0's advantage is %s points (raw %s). %s",
			who, format.PtsIv(s.Adjusted.Estimate), format.PtsIv(s.Raw.Estimate), a.PrecisionSentence()))
	}
	return out
}

// GuessSentence says what the guessing carries, apart from the luck and the decisions.
func GuessSentence(g *Guessing) string {
	return fmt.Sprintf("Guessing — which choice the draw from a mixed policy gives in the rounds of secret simultaneous choices, valued at the policies the choosers play — carries %s of the spread of results (%s rounds, %s points of winning chance per round); it is neither the chance events' luck nor the seats' own decisions.",
		format.PctIv(g.Share.Estimate), format.Count(g.Rounds), format.Num(100*float64(g.MeanSwing), 1))
}

// Tables are the seats' advantages raw and luck-adjusted, and the kinds of chance event.
func (a *Accounting) Tables() []doc.TextTable {
	var out []doc.TextTable
	if len(a.Seats) > 0 {
		who := "seat"
		if a.ByAgent {
			who = "agent"
		}
		t := doc.TextTable{Title: "Seat advantage, raw and luck-adjusted (points of win share above the fair share)",
			Header: []string{who, "raw", "95% interval", "luck-adjusted", "95% interval", "luck's part"},
			Note:   "Luck-adjusted: each result less the seat's luck (times a coefficient fitted on the other batches); the same expectation. " + a.PrecisionSentence()}
		for _, s := range a.Seats {
			t.Rows = append(t.Rows, []string{fmt.Sprint(s.Seat), format.Pts(s.Raw.Value), format.IvPts(s.Raw.Estimate),
				format.Pts(s.Adjusted.Value), format.IvPts(s.Adjusted.Estimate), format.Pts(s.Luck.Value)})
		}
		out = append(out, t)
	}
	t := doc.TextTable{Title: "Chance events, by mean swing",
		Header: []string{"chance event", "events", "mean swing (points)", "share of the spread"},
		Note:   "Swing of an event: half the sum over the seats of |value after − value expected|, the winning chance it moves from some seats to others."}
	for _, k := range a.Kinds {
		t.Rows = append(t.Rows, []string{k.Kind, format.Count(k.Events), format.Num(100*float64(k.MeanSwing), 2), format.Pct(float64(k.Share))})
	}
	return append(out, t)
}

// AccountingContent is the luck accounting's sentences and tables, with the method.
func AccountingContent(a *Accounting) *doc.Content {
	return &doc.Content{Title: "Luck along the game", Sentences: a.Sentences(), Tables: a.Tables(), Notes: []string{AccountingMethod}}
}

// PrecisionSentence says how much precision the luck adjustment buys, with the variance
// ratio's interval, and whether the adjusted numbers are used.
func (a *Accounting) PrecisionSentence() string {
	return PrecisionSentence(a.VarianceCI.Estimate)
}

// PrecisionSentence says what a variance ratio with its interval means for the luck
// adjustment: used where its interval lies above 1, else the raw numbers are.
func PrecisionSentence(vr stats.Estimate) string {
	if math.IsNaN(vr.Value) {
		return ""
	}
	ratio := format.Num(vr.Value, 2) + " " + format.IvNum(vr, 2)
	if Helps(vr) {
		return fmt.Sprintf("The luck-adjusted advantages are as precise as the raw ones from %s times as many games (variance ratio, 95%% interval), so the verdicts use them.", ratio)
	}
	return fmt.Sprintf("The variance ratio is %s: its interval does not lie above 1, so taking the luck out is not shown to help, and the verdicts use the raw advantages.", ratio)
}
