package sim

import (
	"math/bits"
	"slices"
)

// Component statistics (Config.Components): at the end of every game the runner reads
// each seat's engine.Tracker bitsets into the integer tallies of the agent in that seat.
// The first decision at which each bit appeared is found by comparing the bitsets after
// every decision with the previous ones (a few word operations per seat and event).

// Event names the runner knows: "dealt" and "drawn" by the engine.Tracker convention, and
// the derived "seen" (dealt or drawn), appended after the game's own events.
const (
	EventDealt = "dealt"
	EventDrawn = "drawn"
	EventSeen  = "seen"
)

// componentEvents is ComponentAgg.Events for a game's engine.Tracker events: those
// events, then the derived "seen" when the game has "dealt" or "drawn", whose indices it
// returns (-1 when absent).
func componentEvents(events []string) (all []string, dealt, drawn int) {
	dealt, drawn = -1, -1
	for i, e := range events {
		switch e {
		case EventDealt:
			dealt = i
		case EventDrawn:
			drawn = i
		}
	}
	all = slices.Clone(events)
	if dealt >= 0 || drawn >= 0 {
		all = append(all, EventSeen)
	}
	return all, dealt, drawn
}

func newComponentAgg(names, events []string, agentsN int) *ComponentAgg {
	c := &ComponentAgg{Names: names, Events: events, Agents: make([]ComponentTally, agentsN)}
	for j := range c.Agents {
		t := &c.Agents[j]
		t.Count, t.Win60, t.TurnSum = matrix(len(events), len(names)), matrix(len(events), len(names)), matrix(len(events), len(names))
	}
	return c
}

func matrix(rows, cols int) [][]int64 {
	m := make([][]int64, rows)
	for i := range m {
		m[i] = make([]int64, cols)
	}
	return m
}

func cloneMatrix(m [][]int64) [][]int64 {
	out := make([][]int64, len(m))
	for i := range m {
		out[i] = slices.Clone(m[i])
	}
	return out
}

func (c *ComponentAgg) clone() *ComponentAgg {
	out := &ComponentAgg{Names: slices.Clone(c.Names), Events: slices.Clone(c.Events), Agents: make([]ComponentTally, len(c.Agents)),
		Stratified: c.Stratified, LengthUnit: c.LengthUnit}
	for j, t := range c.Agents {
		out.Agents[j] = ComponentTally{Games: t.Games, Share60: t.Share60,
			Count: cloneMatrix(t.Count), Win60: cloneMatrix(t.Win60), TurnSum: cloneMatrix(t.TurnSum),
			Strata: mergeStrata(nil, t.Strata, len(c.Names))}
	}
	return out
}

// stratifiedEvent is the index of the event split by game length: "seen" when the game
// has it, else the first event (the event the reports rank components by).
func stratifiedEvent(events []string) int {
	if i := slices.Index(events, EventSeen); i >= 0 {
		return i
	}
	return 0
}

// merge adds o (of the same shape: sameShape) into c.
func (c *ComponentAgg) merge(o *ComponentAgg) {
	for j := range c.Agents {
		t, u := &c.Agents[j], &o.Agents[j]
		t.Games += u.Games
		t.Share60 += u.Share60
		addMatrix(t.Count, u.Count)
		addMatrix(t.Win60, u.Win60)
		addMatrix(t.TurnSum, u.TurnSum)
		t.Strata = mergeStrata(t.Strata, u.Strata, len(c.Names))
	}
}

func addMatrix(m, o [][]int64) {
	for i := range m {
		for k := range m[i] {
			m[i][k] += o[i][k]
		}
	}
}

// sameShape reports whether o has c's components, events and agents.
func (c *ComponentAgg) sameShape(o *ComponentAgg) bool {
	return slices.Equal(c.Names, o.Names) && slices.Equal(c.Events, o.Events) && len(c.Agents) == len(o.Agents) &&
		c.Stratified == o.Stratified && c.LengthUnit == o.LengthUnit
}

// startComponents reads the records of the freshly dealt game: what is there before the
// first decision happened at decision 0.
func (o *observer) startComponents(players int) {
	clear(o.prev)
	o.stepComponents(players, 0)
}

// stepComponents reads every seat's bitsets after decision d (0: the deal), the derived
// "seen" included, and notes the decision at which new bits appeared: one Tracked call
// per seat and engine event, one comparison per bitset. Bits beyond the game's component
// list are masked, so that a game's bug cannot index past the tallies.
func (o *observer) stepComponents(players int, d int64) {
	dd := int32(min(d, 1<<31-1))
	k := 0
	for seat := 0; seat < players; seat++ {
		var seen uint64
		for e := 0; e < o.nEng; e++ {
			b := o.tracker.Tracked(seat, e) & o.compMask
			if e == o.dealt || e == o.drawn {
				seen |= b
			}
			o.note(k, b, dd)
			k++
		}
		if o.seenEv >= 0 {
			o.note(k, seen, dd)
			k++
		}
	}
}

// note records bitset b of slot k at decision dd.
func (o *observer) note(k int, b uint64, dd int32) {
	if p := o.prev[k]; b != p {
		for nb := b &^ p; nb != 0; nb &= nb - 1 {
			o.first[k*64+bits.TrailingZeros64(nb)] = dd
		}
		o.prev[k] = b
	}
}

// endComponents adds the finished game to the tallies of the agents by seat.
func (o *observer) endComponents(c *ComponentAgg, agentAt []int, out []float64) {
	for seat, j := range agentAt {
		t := &c.Agents[j]
		sh := share60(out[seat])
		t.Games++
		t.Share60 += sh
		if o.lengther != nil {
			t.Strata = addStratum(t.Strata, LengthStratum(int64(o.lengther.Length())), sh, o.prev[seat*o.nEv+o.keyEv], len(t.Count[0]))
		}
		for e := 0; e < o.nEv; e++ {
			k := seat*o.nEv + e
			count, win, turn := t.Count[e], t.Win60[e], t.TurnSum[e]
			for b := o.prev[k]; b != 0; b &= b - 1 {
				i := bits.TrailingZeros64(b)
				count[i]++
				win[i] += sh
				turn[i] += int64(o.first[k*64+i])
			}
		}
	}
}
