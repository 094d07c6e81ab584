package skill

import (
	"fmt"
	"math"
	"strings"

	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/sim/stats"
)

// Does fairness change with skill? The one test and its words, read by the skill ladder
// and its ceiling trace (seat 0 against log10(budget) or the rung) and by the study's
// skill section (every seat against the level).

// TrendAlpha is the level at which a seat's share is said to change with skill.
const TrendAlpha = 0.05

// TrendLevel is one level of play (a rung) as the trend test reads its self-play: its name,
// its score on the trend's scale, each seat's wins (a k-way shared win counts 1/k) in
// Games games, and the design effect of those games (1 for independent games; the replays
// of one deal are correlated, stats.ReplayDeff).
type TrendLevel struct {
	Name  string
	Score float64
	Wins  []float64
	Games int64
	Deff  float64
}

// SeatTrend is one seat's win share along the levels and the tests of whether it moves.
type SeatTrend struct {
	Seat int `json:"seat"`
	// Shares is the seat's win share at each level, with the Wilson 95% interval at the
	// effective number of games (games / design effect); N is the games played.
	Shares []doc.EstimateN `json:"shares"`
	// Trend is the chi-square test for trend in proportions (Cochran–Armitage) of the
	// share against the score, Homogeneity Pearson's test that the shares are equal; both
	// count each level's games at their effective number.
	Trend       stats.ChiSquare `json:"trend"`
	Homogeneity stats.ChiSquare `json:"homogeneity"`
	// PAdjusted is Trend.P adjusted over the seats tested (Holm) and Bonferroni over the
	// looks; Trend.P itself where one seat is tested once.
	PAdjusted float64 `json:"pAdjusted"`
	// Changes: PAdjusted < TrendAlpha.
	Changes bool `json:"changes"`
}

// FairnessTrend says whether fairness changes with skill: the trend test of a seat's
// share along the levels. Seat 0 alone is tested with two players (seat 1 is its mirror)
// or where the caller asks for seat 0 only (the ladder's first-player advantage); with
// more players every seat is, Holm-adjusted over the seats, since a trend may move the
// last seat and leave the first alone.
type FairnessTrend struct {
	ScoreName string      `json:"scoreName"`
	Levels    []string    `json:"levels"`
	Scores    []float64   `json:"scores"`
	Seats     []SeatTrend `json:"seats"`
	// Looks is how many times adaptive rounds judged the levels (Bonferroni factor on
	// every p); 1 when played in one go.
	Looks    int    `json:"looks"`
	Changes  bool   `json:"changes"`
	Sentence string `json:"sentence"`
}

// NewFairnessTrend tests the seat shares of the levels (those without games are left
// out). seat0Only tests seat 0 alone whatever the player count; looks (≥ 1) is the
// Bonferroni factor of adaptive stopping. Nil with fewer than two levels played.
func NewFairnessTrend(scoreName string, levels []TrendLevel, seat0Only bool, looks int) *FairnessTrend {
	var played []TrendLevel
	for _, lv := range levels {
		if lv.Games > 0 && len(lv.Wins) > 0 {
			played = append(played, lv)
		}
	}
	if len(played) < 2 {
		return nil
	}
	if looks < 1 {
		looks = 1
	}
	t := &FairnessTrend{ScoreName: scoreName, Looks: looks}
	seats := len(played[0].Wins)
	for _, lv := range played {
		t.Levels = append(t.Levels, lv.Name)
		t.Scores = append(t.Scores, lv.Score)
		seats = min(seats, len(lv.Wins))
	}
	tested := seats
	if seat0Only || seats <= 2 {
		tested = 1
	}
	var ps []float64
	for s := 0; s < tested; s++ {
		st := SeatTrend{Seat: s}
		var xs, ns []float64
		for _, lv := range played {
			deff := lv.Deff
			if !(deff >= 1) {
				deff = 1
			}
			st.Shares = append(st.Shares, doc.EstimateN{Estimate: stats.Share(lv.Wins[s], lv.Games, deff)})
			xs = append(xs, lv.Wins[s]/deff)
			ns = append(ns, float64(lv.Games)/deff)
		}
		st.Trend = stats.PropTrend(xs, ns, t.Scores)
		st.Homogeneity = stats.PropHomogeneity(xs, ns)
		t.Seats = append(t.Seats, st)
		ps = append(ps, st.Trend.P)
	}
	for i, p := range stats.Holm(ps) {
		st := &t.Seats[i]
		st.PAdjusted = math.Min(1, p*float64(looks))
		st.Changes = st.PAdjusted < TrendAlpha
		t.Changes = t.Changes || st.Changes
	}
	t.Sentence = t.words()
	return t
}

// unit is the trend's unit of score in words: "per tenfold budget", "per rung", "per level".
func (t *FairnessTrend) unit() string {
	if t.ScoreName == "log10(budget)" {
		return "per tenfold budget"
	}
	return "per " + t.ScoreName
}

// adjusted says how a seat's p was adjusted (Holm over the seats, Bonferroni over the
// looks), "" when it was not.
func (t *FairnessTrend) adjusted(st SeatTrend) string {
	var how []string
	if len(t.Seats) > 1 {
		how = append(how, fmt.Sprintf("%d seats", len(t.Seats)))
	}
	if t.Looks > 1 {
		how = append(how, fmt.Sprintf("%d looks", t.Looks))
	}
	if len(how) == 0 {
		return ""
	}
	return fmt.Sprintf(", adjusted for %s %s", strings.Join(how, " and "), format.PTextFine(st.PAdjusted))
}

// words says it: the ladder's own sentence for seat 0 ("The first-player advantage
// changes with skill: …" or "No evidence that …"), the seats' with more.
func (t *FairnessTrend) words() string {
	homog := func(st SeatTrend) string {
		return fmt.Sprintf("homogeneity χ² = %.2f on %d df, %s", st.Homogeneity.Stat, st.Homogeneity.DF, format.PTextFine(st.Homogeneity.P))
	}
	moves := func(st SeatTrend) string {
		dir := "grows"
		if st.Trend.Slope < 0 {
			dir = "shrinks"
		}
		return fmt.Sprintf("seat %d's share %s by %s %s (trend test χ² = %.2f, %s%s; %s)",
			st.Seat, dir, format.PtsUnit(math.Abs(st.Trend.Slope))[1:], t.unit(), st.Trend.Stat, format.PTextFine(st.Trend.P), t.adjusted(st), homog(st))
	}
	flat := func(st SeatTrend) string {
		return fmt.Sprintf("trend test χ² = %.2f, %s%s; slope %s %s; %s",
			st.Trend.Stat, format.PTextFine(st.Trend.P), t.adjusted(st), format.PtsUnit(st.Trend.Slope), t.unit(), homog(st))
	}
	if len(t.Seats) == 1 {
		st := t.Seats[0]
		if st.Changes {
			return "The first-player advantage changes with skill: " + moves(st) + "."
		}
		return "No evidence that the first-player advantage changes with skill (" + flat(st) + ")."
	}
	var moved []string
	for _, st := range t.Seats {
		if st.Changes {
			moved = append(moved, moves(st))
		}
	}
	least := t.Seats[t.Lead()] // Seats holds seats 0, 1, … in order
	if len(moved) > 0 {
		return "The seat advantage changes with skill: " + strings.Join(moved, "; ") + "."
	}
	return fmt.Sprintf("No evidence that any seat's advantage changes with skill (each seat tested; seat %d's trend is the clearest: %s).", least.Seat, flat(least))
}

// Along says the shares of a seat along the levels, with their intervals and games:
// "seat 0 wins 50.4% [49.6, 51.2] of 8,000 games at random, …, 56.0% [52.9, 59.1] of
// 1,000 at expert".
func (t *FairnessTrend) Along(seat int) string {
	for _, st := range t.Seats {
		if st.Seat != seat {
			continue
		}
		var parts []string
		for i, e := range st.Shares {
			games := format.Count(e.N)
			if i == 0 {
				games += " games"
			}
			parts = append(parts, fmt.Sprintf("%s of %s at %s", format.PctIv(e.Estimate), games, t.Levels[i]))
		}
		return fmt.Sprintf("seat %d wins %s", seat, strings.Join(parts, ", "))
	}
	return ""
}

// Lead is the seat a one-line summary follows: the one that changes most clearly, else
// the one with the smallest adjusted p (seat 0 on ties).
func (t *FairnessTrend) Lead() int {
	lead := t.Seats[0]
	for _, st := range t.Seats {
		if st.PAdjusted < lead.PAdjusted {
			lead = st
		}
	}
	return lead.Seat
}
