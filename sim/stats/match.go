package stats

import "gonum.org/v1/gonum/stat/distuv"

// MaxMatchGames bounds the match lengths MatchGames searches.
const MaxMatchGames = 100_001

// MatchGames is the smallest odd number of games n for which a player who wins each game
// with probability p, independently, wins a match of n games (a majority of them) with
// probability at least target: P(Binomial(n, p) ≥ (n+1)/2) ≥ target. It is 0 when no
// n up to MaxMatchGames does (p ≤ 1/2 never does). It frames how much skill shows through
// the luck of single games, as Duersch, Lambrecht & Oechssler ("Measuring skill and chance
// in games", European Economic Review 127, 2020) do: the games a better player needs to
// win reliably.
func MatchGames(p, target float64) int {
	if !(p > 0.5) || p > 1 || !(target > 0) || target >= 1 {
		return 0
	}
	for n := 1; n <= MaxMatchGames; n += 2 {
		k := float64(n+1) / 2
		// P(X ≥ k) = 1 − P(X ≤ k−1)
		if 1-(distuv.Binomial{N: float64(n), P: p}).CDF(k-1) >= target {
			return n
		}
	}
	return 0
}
