package luck

import (
	"fmt"

	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// MatchTarget is the share of matches the stronger level must win (AgainstSkill).
const MatchTarget = 0.9

// AgainstSkill is how far a stronger level's skill shows through the luck, from a
// duplicate run of it alone against copies of a weaker one (Duersch, Lambrecht &
// Oechssler, "Measuring skill and chance in games", European Economic Review 2020):
//
//   - WeakerBetter: the share of deals on which the weaker level does better than the
//     stronger (its total over the deal's seat rotations above fair), Wilson over deals;
//   - HeadToHead: the stronger level's chance of winning one game against one weaker
//     player (its win share; with more players converted by Luce's model,
//     stats.HeadToHead, as the skill ladder does), luck-adjusted when the run had luck
//     accounting (each result less the level's luck: the same expectation, a narrower
//     interval), with the raw share beside it;
//   - MatchGames: the smallest odd n with P(Binomial(n, p) ≥ (n+1)/2) ≥ MatchTarget for p
//     the head-to-head share (stats.MatchGames), and the range its interval allows (Lo
//     from the interval's top, Hi from its bottom; 0 means no match length up to
//     stats.MaxMatchGames: a share of 50% or less).
type AgainstSkill struct {
	Deals        int64        `json:"deals"`
	WeakerBetter doc.Estimate `json:"weakerBetter"`
	HeadToHead   doc.Estimate `json:"headToHead"`
	// Adjusted: HeadToHead is luck-adjusted; Raw is then the raw one.
	Adjusted     bool          `json:"luckAdjusted"`
	Raw          *doc.Estimate `json:"raw,omitempty"`
	MatchGames   int           `json:"matchGames"`
	MatchGamesLo int           `json:"matchGamesLo"`
	MatchGamesHi int           `json:"matchGamesHi"`
}

// Against analyses a duplicate run whose first agent is the stronger level, alone
// against copies of the weaker.
func Against(r *sim.Result) (*AgainstSkill, error) {
	if r == nil || r.Seating != sim.SeatDuplicate || r.Players < 2 {
		return nil, fmt.Errorf("luck against skill: needs a duplicate run of two players or more")
	}
	p := stats.AnalyzePaired(r.Aggregate.Paired, r.Players)
	if p.Deals == 0 {
		return nil, fmt.Errorf("luck against skill: no deals")
	}
	field := r.Players - 1
	h2h := func(e stats.Estimate) stats.Estimate {
		return stats.Estimate{Value: stats.HeadToHead(e.Value, field), Lo: stats.HeadToHead(e.Lo, field), Hi: stats.HeadToHead(e.Hi, field), N: e.N, Method: e.Method}
	}
	raw := p.CI
	raw.Value = p.Share
	a := &AgainstSkill{Deals: p.Deals, WeakerBetter: doc.Estimate{Estimate: stats.Share(float64(p.Worse), p.Deals, 1)},
		HeadToHead: doc.Estimate{Estimate: h2h(raw)}}
	if l := r.Aggregate.Luck; l != nil {
		rw := a.HeadToHead
		a.Raw, a.Adjusted = &rw, true
		a.HeadToHead = doc.Estimate{Estimate: h2h(Mean(l, 0, true, true))}
	}
	e := a.HeadToHead
	a.MatchGames = stats.MatchGames(e.Value, MatchTarget)
	a.MatchGamesLo, a.MatchGamesHi = stats.MatchGames(e.Hi, MatchTarget), stats.MatchGames(e.Lo, MatchTarget)
	return a, nil
}

// Sentence says it in words: "On the same deals random does better than greedy on 12%
// [8, 17] of them; greedy wins 90% of matches of 13 games [9, 27]."
func (a *AgainstSkill) Sentence(stronger, weaker string) string {
	return fmt.Sprintf("On the same deals %s does better than %s on %s of them; %s.", weaker, stronger, format.PctIv(a.WeakerBetter.Estimate), a.MatchText(stronger))
}

// MatchText is the match length in words: "greedy wins 90% of matches of 13 games [9, 27]".
func (a *AgainstSkill) MatchText(stronger string) string {
	games := func(n int) string {
		if n == 0 {
			return "∞"
		}
		return format.Count(int64(n))
	}
	if a.MatchGames == 0 {
		return fmt.Sprintf("no match length makes %s win %.0f%% of matches (its share is not above 50%%)", stronger, 100*MatchTarget)
	}
	return fmt.Sprintf("%s wins %.0f%% of matches of %s [%s, %s]", stronger, 100*MatchTarget, format.Plural(int64(a.MatchGames), "game"), games(a.MatchGamesLo), games(a.MatchGamesHi))
}
