package sim

import (
	"sort"
)

// Replay seating (SeatReplay, Config.Replays = K): unit i is the deal of game seed
// GameSeed(seed, i), played K times with agent j in seat j. The deal — everything the
// game seed fixes: hands, piles, and the state's chance stream — is the same in every
// replay; only the agents' streams differ: replay r seeds seat s's agent with
// agentSeed(game seed, s, r), so replay 0 is game i of a fixed-seating run and no two
// games of a run share an agent stream. Per seat the runner records, over the deals, the
// joint histogram of (S, Q) = (Σ_r v_r, Σ_r v_r²) with v_r the seat's win share in
// sixtieths: exactly what the law of total variance needs (between-deal and within-deal
// parts), with no floating point in the aggregate.

// replayUnit plays the deal of seed K times and records it; false when the run was
// stopped inside it (see worker.unit).
func (w *worker) replayUnit(seed uint64) bool {
	k := w.cfg.Replays
	w.rotate(0)
	clear(w.obs.replayS)
	clear(w.obs.replayQ)
	for r := 0; r < k; r++ {
		if !w.play(seed, r) {
			return false
		}
		for seat, v := range w.out {
			s := share60(v)
			w.obs.replayS[seat] += s
			w.obs.replayQ[seat] += s * s
		}
	}
	ra := w.agg.Replays
	for seat := range ra.Seats {
		ra.Seats[seat] = addReplayBin(ra.Seats[seat], w.obs.replayS[seat], w.obs.replayQ[seat], 1)
	}
	return true
}

// addReplayBin adds deals deals at (s, q) to bins, kept sorted by (S, Q). It allocates
// only when a new (S, Q) pair grows the slice past its capacity (rarely: the pairs are
// few).
func addReplayBin(bins []ReplayBin, s, q, deals int64) []ReplayBin {
	i := sort.Search(len(bins), func(i int) bool {
		b := bins[i]
		return b.S > s || (b.S == s && b.Q >= q)
	})
	if i < len(bins) && bins[i].S == s && bins[i].Q == q {
		bins[i].Deals += deals
		return bins
	}
	bins = append(bins, ReplayBin{})
	copy(bins[i+1:], bins[i:])
	bins[i] = ReplayBin{S: s, Q: q, Deals: deals}
	return bins
}

// merge adds o (same K and seats: checked by the callers) into a.
func (a *ReplayAgg) merge(o *ReplayAgg) {
	for seat := range a.Seats {
		for _, b := range o.Seats[seat] {
			a.Seats[seat] = addReplayBin(a.Seats[seat], b.S, b.Q, b.Deals)
		}
	}
}

func (a *ReplayAgg) clone() *ReplayAgg {
	c := &ReplayAgg{K: a.K, Seats: make([][]ReplayBin, len(a.Seats))}
	c.merge(a)
	return c
}

// Deals is the number of deals recorded (the same for every seat).
func (a *ReplayAgg) Deals() int64 {
	var n int64
	if len(a.Seats) > 0 {
		for _, b := range a.Seats[0] {
			n += b.Deals
		}
	}
	return n
}
