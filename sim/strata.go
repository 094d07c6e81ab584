package sim

import (
	"fmt"
	"math/bits"
	"sort"
)

// Component tallies by game length. A component's win rate when seen goes with the
// length of the game (longer games see more cards), so for games that count their length
// (engine.Lengther: turns, plays, rounds, combats) the runner also splits the tallies of
// one event — "seen" when the game has it, else its first event (the event the reports
// rank by) — by the game's final length: games of the same length can then be compared
// (a stratified, length-adjusted difference). Lengths are exact below 64 and bucketed
// above, with buckets at most 1/32 of the length wide (LengthStratum).

// ComponentStratum counts, for one agent, the games of one length stratum: their number
// and win share, and per component the games in which the stratified event happened to
// it and the win share in those games (sixtieths).
type ComponentStratum struct {
	Length  int64   `json:"length"` // the stratum's smallest length (LengthStratum)
	Games   int64   `json:"games"`
	Share60 int64   `json:"share60"`
	Count   []int64 `json:"count"`
	Win60   []int64 `json:"win60"`
}

// LengthStratum is the stratum of a game of length n: n itself below 64, above its six
// leading bits (a bucket of 2^k lengths, at most 1/32 of n).
func LengthStratum(n int64) int64 {
	if n < 64 {
		return max(n, 0)
	}
	shift := bits.Len64(uint64(n)) - 6
	return n >> shift << shift
}

// addStratum adds one game of length stratum L, win share sh, to the sorted strata; seen
// is the set of components on which the event happened (bit i: component i of nc).
func addStratum(strata []ComponentStratum, L, sh int64, seen uint64, nc int) []ComponentStratum {
	i := sort.Search(len(strata), func(i int) bool { return strata[i].Length >= L })
	if i == len(strata) || strata[i].Length != L {
		strata = append(strata, ComponentStratum{})
		copy(strata[i+1:], strata[i:])
		strata[i] = ComponentStratum{Length: L, Count: make([]int64, nc), Win60: make([]int64, nc)}
	}
	s := &strata[i]
	s.Games++
	s.Share60 += sh
	for b := seen; b != 0; b &= b - 1 {
		k := bits.TrailingZeros64(b)
		s.Count[k]++
		s.Win60[k] += sh
	}
	return strata
}

// mergeStrata adds the strata of o into s (both sorted).
func mergeStrata(s, o []ComponentStratum, nc int) []ComponentStratum {
	for _, x := range o {
		i := sort.Search(len(s), func(i int) bool { return s[i].Length >= x.Length })
		if i == len(s) || s[i].Length != x.Length {
			s = append(s, ComponentStratum{})
			copy(s[i+1:], s[i:])
			s[i] = ComponentStratum{Length: x.Length, Count: make([]int64, nc), Win60: make([]int64, nc)}
		}
		y := &s[i]
		y.Games += x.Games
		y.Share60 += x.Share60
		for k := range y.Count {
			y.Count[k] += x.Count[k]
			y.Win60[k] += x.Win60[k]
		}
	}
	return s
}

// checkStrata validates one agent's strata against its tally of the stratified event ev.
func (c *ComponentAgg) checkStrata(j int, t *ComponentTally, ev int) error {
	nc := len(c.Names)
	var games, share int64
	count, win := make([]int64, nc), make([]int64, nc)
	for i, s := range t.Strata {
		if s.Length < 0 || s.Length > HistLimit || LengthStratum(s.Length) != s.Length || (i > 0 && t.Strata[i-1].Length >= s.Length) {
			return fmt.Errorf("agent %d: length strata not sorted, or a length %d that is no stratum", j, s.Length)
		}
		if len(s.Count) != nc || len(s.Win60) != nc || s.Games < 1 || s.Share60 < 0 || s.Share60 > satMul(60, s.Games) {
			return fmt.Errorf("agent %d, games of length %d: %d games, %d/60 wins, %d and %d entries for %d components", j, s.Length, s.Games, s.Share60, len(s.Count), len(s.Win60), nc)
		}
		games, share = satAdd(games, s.Games), satAdd(share, s.Share60)
		for k := range nc {
			n, w := s.Count[k], s.Win60[k]
			if n < 0 || n > s.Games || w < 0 || w > s.Share60 || w > satMul(60, n) {
				return fmt.Errorf("agent %d, games of length %d, %s: %d games, %d/60 wins", j, s.Length, c.Names[k], n, w)
			}
			count[k], win[k] = satAdd(count[k], n), satAdd(win[k], w)
		}
	}
	if games != t.Games || share != t.Share60 {
		return fmt.Errorf("agent %d: the length strata count %d games and %d/60 wins, the tally %d and %d/60", j, games, share, t.Games, t.Share60)
	}
	for k := range nc {
		if count[k] != t.Count[ev][k] || win[k] != t.Win60[ev][k] {
			return fmt.Errorf("agent %d, %s: the length strata disagree with the %s counts", j, c.Names[k], c.Stratified)
		}
	}
	return nil
}
