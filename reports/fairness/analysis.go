// Package fairness answers "Is it fair?": each seat's win share against the fair share,
// the first player's advantage, and the tests and verdicts that go with them, for the
// three designs that measure it — one results file of any seating (Analyze: Wilson
// intervals, exact binomial or score tests, Holm over a report), self-play with replayed
// deals (SelfPlay: every seat's advantage over the mean of the seats, deal-clustered), and
// a run's first seat (FirstSeatOf: the score test against the fair share) — with their
// charts.
package fairness

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"dragonlab/agents"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// Below these sizes the verdicts say the sample is too small to tell.
const (
	minDecisive      = 50 // decisive games
	minExpectedCount = 10 // expected wins per seat under equal shares
	// A non-significant first-player difference whose interval reaches beyond this many
	// points is "too small a sample to tell" rather than "balanced".
	wideInterval = 0.03
)

// SeatStat is one seat's (or, in Analysis.Agents, one agent's) numbers.
type SeatStat struct {
	Index int    // seat or agent index, from 0
	Agent string // agent spec ("" for a seat whose agent rotates)
	Wins  float64
	// Share is Wins / Analysis.Decisive (the success rate for a solitaire) with its 95%
	// Wilson interval (deal-clustered for replays: see Analysis.Deff).
	Share stats.Estimate
	Test  string  // "exact binomial" or "normal approximation" ("" if untested)
	P     float64 // two-sided p of Share against the fair share (NaN if untested)
	PHolm float64 // P adjusted with Holm's method over every seat test of the report
	// Score is the seat's mean final score with its t interval (stats.MeanT).
	Score stats.Estimate
}

// Effect is the difference from the fair share.
func (s SeatStat) Effect(fair float64) float64 { return s.Share.Value - fair }

// Analysis is everything a report says about one results file.
type Analysis struct {
	Result   *sim.Result
	Source   string // file name, if known
	Title    string // game title
	Label    string // "Draco, 5 players, mcts"
	Players  int
	Games    int64
	Decisive int64 // games with a winner that not every seat shares (all games for a solitaire)
	Draws    int64
	NoWinner int64
	Fair     float64 // 1/players (NaN for a solitaire)
	Seats    []SeatStat
	// Agents holds the by-agent numbers when the agents differ and the seating rotates
	// (with fixed seating the seats are the agents).
	Agents  []SeatStat
	Omnibus *stats.ChiSquare // chi-square of the seat shares against equal shares (3+ players)
	// FPA is the first-player advantage, seat 0's share minus the fair share, with its 95%
	// interval (the Wilson interval shifted by the fair share).
	FPA stats.Estimate
	// Paired is, for duplicate seating, agent 0's mean win share per game of a deal, with
	// draws counting 1/k (fair share 1/players), and its t interval over the deals.
	Paired *stats.Estimate
	// Deff is the design effect of the seats' intervals: 1 for independent games; for
	// replay seating (each deal played K times) K·Var(deal mean)/Var(game) of the most
	// correlated seat, within [1, K] (Kish 1965), so that the deal is the unit.
	Deff float64
	// Family is the number of seat tests of the whole report that Holm's method adjusted
	// over; Requested the number of games the run was asked to play.
	Family    int
	Requested int64
}

// Solitaire reports whether the result is a one-player game.
func (a *Analysis) Solitaire() bool { return a.Players == 1 }

// Small reports whether there are too few decisive games to say anything firm.
func (a *Analysis) Small() bool {
	if a.Solitaire() {
		return a.Games < minDecisive
	}
	return a.Decisive < minDecisive || float64(a.Decisive)*a.Fair < minExpectedCount
}

// SameAgents reports whether every seat holds the same agent spec (self-play).
func SameAgents(r *sim.Result) bool {
	for _, s := range r.Agents {
		if s != r.Agents[0] {
			return false
		}
	}
	return true
}

// title is the human name of a game: from opts.Titles, else the name capitalised.
func title(game string, titles map[string]string) string {
	if t, ok := titles[game]; ok && t != "" {
		return t
	}
	if game == "" {
		return "?"
	}
	return strings.ToUpper(game[:1]) + game[1:]
}

// label names a result in a sentence: "Draco, 5 players, mcts".
func label(r *sim.Result, titles map[string]string) string {
	players := fmt.Sprintf("%d players", r.Players)
	if r.Players == 1 {
		players = "solitaire"
	}
	short := make([]string, len(r.Agents))
	for i, a := range r.Agents {
		short[i] = agents.Short(a) // options left at their defaults are not repeated
	}
	names := strings.Join(short, " vs ")
	if SameAgents(r) && len(short) > 0 {
		names = short[0]
	}
	for _, a := range r.Agents {
		if agents.Cheats(a) {
			names += " (cheating upper bound)"
			break
		}
	}
	return fmt.Sprintf("%s, %s, %s", title(r.Game, titles), players, names)
}

// DecisiveWins is a tally's wins in decisive games: 1 per win alone and 1/k per win shared
// k ways, leaving out the draws (wins shared by all players seats).
func DecisiveWins(t sim.Tally, players int) float64 {
	x := float64(t.Wins)
	for k := 2; k < sim.MaxShare && k < players; k++ {
		x += float64(t.SharedWins[k]) / float64(k)
	}
	return x
}

func integral(x float64) bool { return x == math.Trunc(x) }

// seatTest tests x wins of n decisive games against the fair share p0: exactly when x is
// an integer, with the normal approximation when shared wins make it fractional.
func seatTest(x float64, n int64, p0 float64) (string, float64) {
	if integral(x) {
		return "exact binomial", stats.BinomTest(int64(x), n, p0)
	}
	_, p := stats.PropZTest(x, float64(n), p0)
	return "normal approximation", p
}

// tallyStats computes the seats' (or agents') numbers. deff ≥ 1 is the design effect of
// correlated games (replays of one deal): the intervals and tests then count decisive/deff
// effective games.
func tallyStats(ts []sim.Tally, agents []string, players int, decisive int64, fair, deff float64) []SeatStat {
	out := make([]SeatStat, len(ts))
	for i, t := range ts {
		s := SeatStat{Index: i, P: math.NaN(), PHolm: math.NaN()}
		if i < len(agents) {
			s.Agent = agents[i]
		}
		if players == 1 {
			s.Wins = float64(t.Wins)
		} else {
			s.Wins = DecisiveWins(t, players)
		}
		s.Share = stats.Wilson(s.Wins/deff, float64(decisive)/deff)
		s.Share.Value, s.Share.N = 0, decisive
		if decisive > 0 {
			s.Share.Value = s.Wins / float64(decisive)
		}
		if players > 1 && decisive > 0 {
			if deff > 1 {
				s.Test = "normal approximation, deal-clustered"
				_, s.P = stats.PropZTest(s.Wins/deff, float64(decisive)/deff, fair)
			} else {
				s.Test, s.P = seatTest(s.Wins, decisive, fair)
			}
		}
		s.Score = stats.MeanT(t.Games, t.ScoreSum, t.ScoreSumSq)
		out[i] = s
	}
	return out
}

// Analyze computes the statistics of one (checked) result. The Holm adjustment across a
// report is done by AdjustFamily.
func Analyze(r *sim.Result, titles map[string]string) *Analysis {
	n := r.Players
	agg := r.Aggregate
	a := &Analysis{
		Result: r, Title: title(r.Game, titles), Label: label(r, titles), Players: n,
		Games: agg.Games, Draws: agg.Draws, NoWinner: agg.NoWinner, Fair: 1 / float64(n),
		Requested: r.Units,
	}
	switch {
	case r.Seating == sim.SeatDuplicate:
		a.Requested = r.Units * int64(n)
	case r.Seating == sim.SeatReplay && agg.Replays != nil:
		a.Requested = r.Units * int64(agg.Replays.K)
	}
	if n == 1 {
		a.Fair = math.NaN()
		a.Decisive = agg.Games
		a.Draws, a.NoWinner = 0, 0
	} else {
		a.Decisive = agg.Games - agg.Draws - agg.NoWinner
	}
	seatAgents := make([]string, n)
	if r.Seating == sim.SeatFixed || r.Seating == "" || SameAgents(r) {
		copy(seatAgents, r.Agents)
	}
	a.Deff = stats.ReplayDeff(agg.Replays)
	a.Seats = tallyStats(agg.Seats, seatAgents, n, a.Decisive, a.Fair, a.Deff)
	if n > 1 && !SameAgents(r) && r.Seating != sim.SeatFixed && r.Seating != "" {
		a.Agents = tallyStats(agg.Agents, r.Agents, n, a.Decisive, a.Fair, 1)
	}
	if n > 1 {
		a.FPA = a.Seats[0].Share.Shift(-a.Fair)
	}
	if n > 2 && a.Decisive > 0 {
		obs := make([]float64, n)
		eq := make([]float64, n)
		for i, s := range a.Seats {
			obs[i], eq[i] = s.Wins, 1
		}
		cs := stats.ChiSquareGOF(obs, eq)
		a.Omnibus = &cs
	}
	if r.Seating == sim.SeatDuplicate && agg.Paired.Total() > 1 {
		m := stats.HistMeanT(agg.Paired).Scale(1 / (60 * float64(n))) // sixtieths of a win, summed over n rotations
		a.Paired = &m
	}
	return a
}

// AdjustFamily applies Holm's method over every seat test of a report: for 2 players the
// one binomial test of seat 0 (seat 1's is the same test), for 3 or more one test per
// seat.
func AdjustFamily(as []*Analysis) {
	ps := make([][]float64, len(as))
	for i, a := range as {
		if a.Players < 2 || a.Decisive == 0 {
			continue
		}
		for _, s := range a.Seats {
			ps[i] = append(ps[i], s.P)
		}
	}
	adj, family := stats.HolmSeats(ps)
	for i, a := range as {
		for s := range adj[i] {
			a.Seats[s].PHolm = adj[i][s]
		}
		a.Family = family
	}
}

// Finding is one ranked line of a multi-result report.
type Finding struct {
	A    *Analysis
	Seat int // from 0
	// Significant after Holm's adjustment.
	Significant bool
}

// Effect is the seat's difference from the fair share.
func (f Finding) Effect() float64 { return f.A.Seats[f.Seat].Effect(f.A.Fair) }

// Findings ranks the seat findings of a report: every significant seat, largest effect
// first, then, for each result with nothing significant, its largest deviation, smallest
// p first. Solitaire results have no seats to compare and are left out.
func Findings(as []*Analysis) []Finding {
	var sig, not []Finding
	for _, a := range as {
		if a.Players < 2 || a.Decisive == 0 {
			continue
		}
		seats := []int{0}
		if a.Players > 2 {
			seats = seats[:0]
			for j := range a.Seats {
				seats = append(seats, j)
			}
		}
		best, found := -1, false
		for _, j := range seats {
			if a.Seats[j].PHolm < stats.Alpha {
				sig = append(sig, Finding{A: a, Seat: j, Significant: true})
				found = true
			}
			if best < 0 || math.Abs(a.Seats[j].Effect(a.Fair)) > math.Abs(a.Seats[best].Effect(a.Fair)) {
				best = j
			}
		}
		if !found {
			not = append(not, Finding{A: a, Seat: best})
		}
	}
	sort.SliceStable(sig, func(i, j int) bool {
		return math.Abs(sig[i].Effect()) > math.Abs(sig[j].Effect())
	})
	sort.SliceStable(not, func(i, j int) bool {
		a, b := not[i].A, not[j].A
		if a.Small() != b.Small() {
			return b.Small() // samples too small to tell go last
		}
		return a.Seats[not[i].Seat].P < b.Seats[not[j].Seat].P
	})
	return append(sig, not...)
}

// FindingsHeadline says in one sentence how many seat tests came out significant.
func FindingsHeadline(as []*Analysis, fs []Finding) string {
	family := 0
	if len(as) > 0 {
		family = as[0].Family
	}
	sig := 0
	for _, f := range fs {
		if f.Significant {
			sig++
		}
	}
	switch {
	case family == 0:
		return "No result has two or more players to compare seats."
	case sig == 0:
		return fmt.Sprintf("No seat's win share differs significantly from its fair share (Holm's adjustment over %s); the largest deviations of each result follow, most suggestive first.", format.Plural(int64(family), "seat test"))
	default:
		return fmt.Sprintf("%s of %s differ significantly from the fair share after Holm's adjustment: they come first, largest difference first; then the largest deviation of each other result.", format.Plural(int64(sig), "seat"), format.Plural(int64(family), "seat test"))
	}
}

// Sentence states the finding in one line: "Draco, 5 players, mcts: seat 1 wins 24.9%
// [24.1, 25.7] of 20,000 games, fair share 20% — significant (Holm p < 0.001)".
func (f Finding) Sentence() string {
	a := f.A
	s := a.Seats[f.Seat]
	verdict := "not significant"
	switch {
	case f.Significant:
		verdict = "significant"
	case a.Small():
		verdict = "too few games to tell"
	}
	return fmt.Sprintf("%s: seat %d wins %s of %s %s, fair share %s — %s (Holm %s)",
		a.Label, f.Seat, format.PctIv(s.Share), format.Count(a.Decisive), a.GamesWord(),
		format.PctShort(a.Fair), verdict, format.PText(s.PHolm))
}

// GamesWord is "games", or "decisive games" when draws or winnerless games were left out.
func (a *Analysis) GamesWord() string {
	if a.Draws+a.NoWinner > 0 {
		return "decisive games"
	}
	return "games"
}
