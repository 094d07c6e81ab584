package sim

import (
	"encoding/binary"
	"fmt"
	"sort"
)

// Per-unit outcomes (Config.Outcomes): the outcome of every game of every unit, kept in
// unit order, so that two runs played on the same seeds (common random numbers: the same
// deals and agent streams, other rules or agents) can be compared deal by deal — the paired
// differences whose variance no sum over games can give. A record is exact and small: per
// game, each seat's win share in sixtieths (one byte: 60, 60/k or 0) and the game's
// decisions (an unsigned varint). Records are grouped in spans of consecutive units; spans
// merge exactly (workers, blocks, resumed checkpoints and shards each hold disjoint units),
// so the log of a run is the same bytes for any worker count or shard split.

// Outcomes is the per-unit outcome log of a run: spans of consecutive units, sorted, not
// overlapping and not touching (touching spans are joined).
type Outcomes struct {
	// Luck says that each game's record also holds every seat's luck (the run has luck
	// accounting, luck.go): the game's L in LuckScale, as a signed varint per seat, so that
	// a luck-adjusted outcome Y − L (a control variate: L has mean zero) pairs deal by deal.
	Luck  bool          `json:"luck,omitempty"`
	Spans []OutcomeSpan `json:"spans"`
}

// OutcomeSpan is the records of units First .. First+Units-1 (absolute unit indices of the
// run, as GameSeed numbers them), one after the other.
type OutcomeSpan struct {
	First int64  `json:"first"`
	Units int64  `json:"units"`
	Data  []byte `json:"data"` // base64 in JSON
}

// GameOutcome is one game of a unit as the log records it.
type GameOutcome struct {
	// Share60 is each seat's win share in sixtieths (60 for a win alone, 60/k for a k-way
	// shared win, 0 for a loss); only the first Players entries are used.
	Share60   [MaxSeats]uint8
	Decisions int64
	// Luck is each seat's luck in LuckScale (Outcomes.Luck), 0 otherwise.
	Luck [MaxSeats]int64
}

// MaxSeats bounds the seats a per-unit record holds (the games have at most 5).
const MaxSeats = 8

// appendGame appends one game's record (luck: every seat's luck, or nil).
func appendGame(buf []byte, out []float64, decisions int64, luck []float64) []byte {
	for _, v := range out {
		buf = append(buf, uint8(share60(v)))
	}
	buf = binary.AppendUvarint(buf, uint64(decisions))
	for _, l := range luck {
		buf = binary.AppendVarint(buf, fixed(l))
	}
	return buf
}

// add appends the record of unit i (rec: its games one after the other). A unit right
// after the last span extends it (the common case: a worker plays consecutive units).
func (o *Outcomes) add(i int64, rec []byte) {
	if n := len(o.Spans); n > 0 && o.Spans[n-1].First+o.Spans[n-1].Units == i {
		s := &o.Spans[n-1]
		s.Data = append(s.Data, rec...)
		s.Units++
		return
	}
	o.insert(OutcomeSpan{First: i, Units: 1, Data: append([]byte(nil), rec...)})
}

// insert puts a span (owned by o from now on) in order, joining it with the spans it
// touches.
func (o *Outcomes) insert(sp OutcomeSpan) {
	k := sort.Search(len(o.Spans), func(k int) bool { return o.Spans[k].First > sp.First })
	o.Spans = append(o.Spans, OutcomeSpan{})
	copy(o.Spans[k+1:], o.Spans[k:])
	o.Spans[k] = sp
	// Join with the next span, then with the previous one.
	if k+1 < len(o.Spans) && o.Spans[k].First+o.Spans[k].Units == o.Spans[k+1].First {
		o.Spans[k].Data = append(o.Spans[k].Data, o.Spans[k+1].Data...)
		o.Spans[k].Units += o.Spans[k+1].Units
		o.Spans = append(o.Spans[:k+1], o.Spans[k+2:]...)
	}
	if k > 0 && o.Spans[k-1].First+o.Spans[k-1].Units == o.Spans[k].First {
		o.Spans[k-1].Data = append(o.Spans[k-1].Data, o.Spans[k].Data...)
		o.Spans[k-1].Units += o.Spans[k].Units
		o.Spans = append(o.Spans[:k], o.Spans[k+1:]...)
	}
}

// merge adds o2's spans (copied) into o.
func (o *Outcomes) merge(o2 *Outcomes) {
	for _, sp := range o2.Spans {
		o.insert(OutcomeSpan{First: sp.First, Units: sp.Units, Data: append([]byte(nil), sp.Data...)})
	}
}

func (o *Outcomes) clone() *Outcomes {
	c := &Outcomes{Luck: o.Luck}
	c.merge(o)
	return c
}

// Shifted is a copy of o whose spans start d units later: the log of a part of a run
// re-based to count its units from another start (a study round's slice file).
func (o *Outcomes) Shifted(d int64) *Outcomes {
	if o == nil {
		return nil
	}
	c := &Outcomes{Luck: o.Luck, Spans: make([]OutcomeSpan, len(o.Spans))}
	for i, sp := range o.Spans {
		sp.First += d
		c.Spans[i] = sp
	}
	return c
}

// UnitCount is the number of units the log holds.
func (o *Outcomes) UnitCount() int64 {
	var n int64
	for _, sp := range o.Spans {
		n += sp.Units
	}
	return n
}

// Each decodes the log of a run of players seats with gpu games per unit, calling fn for
// every unit in order with its games (the slice is reused between calls). It fails on a
// record that does not decode.
func (o *Outcomes) Each(players, gpu int, fn func(unit int64, games []GameOutcome) error) error {
	if players < 1 || players > MaxSeats || gpu < 1 {
		return fmt.Errorf("outcomes: %d players with %d games per unit", players, gpu)
	}
	games := make([]GameOutcome, gpu)
	for _, sp := range o.Spans {
		data := sp.Data
		for u := int64(0); u < sp.Units; u++ {
			for g := range games {
				if len(data) < players+1 {
					return fmt.Errorf("outcomes: unit %d: the record is cut short", sp.First+u)
				}
				for s := 0; s < players; s++ {
					games[g].Share60[s] = data[s]
				}
				d, n := binary.Uvarint(data[players:])
				if n <= 0 || d > HistLimit {
					return fmt.Errorf("outcomes: unit %d: malformed decision count", sp.First+u)
				}
				games[g].Decisions = int64(d)
				data = data[players+n:]
				for s := 0; s < players && o.Luck; s++ {
					l, n := binary.Varint(data)
					if n <= 0 || l > maxGameLuck || l < -maxGameLuck {
						return fmt.Errorf("outcomes: unit %d: malformed luck", sp.First+u)
					}
					games[g].Luck[s] = l
					data = data[n:]
				}
			}
			if err := fn(sp.First+u, games); err != nil {
				return err
			}
		}
		if len(data) != 0 {
			return fmt.Errorf("outcomes: the span from unit %d holds %d bytes more than its %d units", sp.First, len(data), sp.Units)
		}
	}
	return nil
}

// check validates the log against the aggregate of its run: spans sorted, disjoint and
// not touching, within [first, first+units), holding games/gpu units, every record
// decoding to shares that a game can have, and the sums of the shares and decisions equal
// to the aggregate's.
func (o *Outcomes) check(a *Aggregate, players int, gpu, first, units int64) error {
	at := int64(-1)
	var n int64
	for _, sp := range o.Spans {
		if sp.Units < 1 || sp.First < first || sp.First > first+units-sp.Units || sp.First <= at {
			return fmt.Errorf("the span of units %d..%d is out of order or outside units %d..%d", sp.First, sp.First+sp.Units-1, first, first+units-1)
		}
		at = sp.First + sp.Units
		n += sp.Units
	}
	if n*gpu != a.Games {
		return fmt.Errorf("%d units recorded for %d games", n, a.Games)
	}
	share := make([]int64, players)
	luck := make([]int64, players)
	var dec int64
	err := o.Each(players, int(gpu), func(unit int64, games []GameOutcome) error {
		for _, g := range games {
			total, winners := int64(0), int64(0)
			for s := 0; s < players; s++ {
				v := int64(g.Share60[s])
				share[s] += v
				total += v
				if v > 0 {
					winners++
				}
			}
			if winners > 0 && (60%winners != 0 || total != 60) {
				return fmt.Errorf("unit %d: shares %v are not a game's outcome", unit, g.Share60[:players])
			}
			for s := 0; s < players; s++ {
				if v := int64(g.Share60[s]); v != 0 && v*winners != 60 {
					return fmt.Errorf("unit %d: shares %v are not a game's outcome", unit, g.Share60[:players])
				}
			}
			dec += g.Decisions
			for s := 0; s < players; s++ {
				luck[s] += g.Luck[s]
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for s := 0; s < players; s++ {
		if share[s] != tallyShare60(&a.Seats[s]) {
			return fmt.Errorf("seat %d's shares sum to %d sixtieths, the tally to %d", s, share[s], tallyShare60(&a.Seats[s]))
		}
	}
	if dec != a.DecisionsSum {
		return fmt.Errorf("the decisions sum to %d, the aggregate to %d", dec, a.DecisionsSum)
	}
	if o.Luck {
		if a.Luck == nil {
			return fmt.Errorf("luck in the records of a run without luck accounting")
		}
		for s := 0; s < players; s++ {
			var want int64
			for b := range a.Luck.Batches {
				if s < len(a.Luck.Batches[b].Seats) {
					want += a.Luck.Batches[b].Seats[s].L
				}
			}
			if luck[s] != want {
				return fmt.Errorf("seat %d's luck sums to %d in the records, %d in the luck accounting", s, luck[s], want)
			}
		}
	}
	return nil
}

// maxGameLuck bounds one seat's luck in one game (LuckScale): a value moves by at most
// one game's result per event, and no game has a million events.
const maxGameLuck = LuckScale << 20

// covers reports whether the log holds exactly the units of the prefix [first,
// first+done) and of the ranges extra (offsets from first).
func (o *Outcomes) covers(first, done int64, extra [][2]int64) bool {
	want := unionSpans([][2]int64{{0, done}}, extra)
	var have [][2]int64
	for _, sp := range o.Spans {
		have = append(have, [2]int64{sp.First - first, sp.First - first + sp.Units})
	}
	if len(want) != len(have) {
		return false
	}
	for i := range want {
		if want[i] != have[i] {
			return false
		}
	}
	return true
}
