package dragonheart

import (
	"math/bits"
	"strconv"
	"strings"

	"dragonlab/engine"
)

// An Action packs (type, values, choice) (DH-22): bits 4i..4i+3 count the cards of value
// index i played, bits 24..27 are the type, bits 28..29 the choice.
const (
	typeShift   = 24
	choiceShift = 28
	choiceNone  = 0
	choiceA     = 1 // Princess: treasure; Hero: princess
	choiceB     = 2 // Princess: petrified; Hero: troll
)

// Legal lists the plays of the seat to move in the canonical order of DH-23: by type, then
// count ascending, then ascending value lists in lexicographic order, then choice.
//
// For each type the sub-multisets of the hand's cards of that type come from a table built
// at New (rules.tab), already in canonical order with their type bits (and, for Princess
// plays, both choices); plays of at most k cards are a prefix of that list. Types whose
// table would be too large are enumerated.
func (s *State) Legal(buf []engine.Action) []engine.Action {
	buf = buf[:0]
	if s.terminal {
		return buf
	}
	r := s.r
	me := s.toMove
	for types := s.types[me]; types != 0; types &= types - 1 {
		t := bits.TrailingZeros16(types)
		n := int(s.typeN[me][t])
		kmax, fill := n, -1
		if c := int(r.capacity[t]); c > 0 { // DH-6: at most the free slots
			free := c - int(s.boardN[t])
			kmax = min(kmax, free)
			fill = free
		}
		c := &s.hand[me][t]
		tab := r.tab[t]
		if tab == nil {
			buf = multisets(buf, engine.Action(t)<<typeShift, c, int(r.nv[t]), kmax, fill, t == tPrincess, t == tHero)
			continue
		}
		e := &tab[s.row[me][t]]
		list := r.acts[e.off : e.off+uint32(e.ends[kmax-1])]
		if t == tHero && fill == kmax { // DH-22: both choices for the plays that fill the space
			lo := 0
			if fill > 1 {
				lo = int(e.ends[fill-2])
			}
			buf = appendActs(buf, list[:lo])
			for _, a := range list[lo:] {
				buf = append(buf, a|choiceA<<choiceShift, a|choiceB<<choiceShift)
			}
			continue
		}
		buf = appendActs(buf, list)
	}
	return buf
}

// multisets appends, in canonical order, the plays of 1..kmax cards drawn from the
// multiset c (nv value indexes) with type bits base; with choice every play is offered
// with both choices, with heroChoice only the plays of fill cards.
func multisets(buf []engine.Action, base engine.Action, c *[maxVals]uint8, nv, kmax, fill int, choice, heroChoice bool) []engine.Action {
	var suf [maxVals + 1]int
	for i := nv - 1; i >= 0; i-- {
		suf[i] = suf[i+1] + int(c[i])
	}
	for k := 1; k <= kmax; k++ {
		ch := choice || (heroChoice && k == fill)
		// Count vectors of sum k in decreasing lexicographic order are exactly the
		// ascending value lists in increasing lexicographic order.
		var m [maxVals]int
		rem := k
		for i := 0; i < nv && rem > 0; i++ {
			x := min(int(c[i]), rem)
			m[i] = x
			rem -= x
		}
		if rem > 0 {
			break
		}
		for {
			a := base
			for i := 0; i < nv; i++ {
				a |= engine.Action(m[i]) << (4 * i)
			}
			buf = emit(buf, a, ch)
			// Next: move one card from the last position that can give one to the
			// positions after it, then fill those greedily.
			tail, i := 0, nv-2
			for ; i >= 0; i-- {
				tail += m[i+1]
				if m[i] > 0 && suf[i+1] > tail {
					break
				}
			}
			if i < 0 {
				break
			}
			m[i]--
			rem := tail + 1
			for j := i + 1; j < nv; j++ {
				x := min(int(c[j]), rem)
				m[j] = x
				rem -= x
			}
		}
	}
	return buf
}

// appendActs appends the few actions of list (a plain loop beats a memmove call here).
func appendActs(buf, list []engine.Action) []engine.Action {
	n := len(buf)
	if n+len(list) > cap(buf) {
		return append(buf, list...)
	}
	buf = buf[:n+len(list)]
	dst := buf[n:]
	for i, a := range list {
		dst[i] = a
	}
	return buf
}

func emit(buf []engine.Action, a engine.Action, choice bool) []engine.Action {
	if choice {
		return append(buf, a|choiceA<<choiceShift, a|choiceB<<choiceShift)
	}
	return append(buf, a)
}

// choiceWords are the choice words of the text form, by type and choice.
func choiceWord(t int, ch engine.Action) string {
	switch {
	case t == tPrincess && ch == choiceA:
		return "treasure"
	case t == tPrincess && ch == choiceB:
		return "petrified"
	case t == tHero && ch == choiceA:
		return "princess"
	case t == tHero && ch == choiceB:
		return "troll"
	}
	return ""
}

// ActionText is the text form of DH-22: `3 dwarf (1,1,2)`, `2 princess (1,3) >petrified`.
func (s *State) ActionText(a engine.Action) string {
	t := int(a >> typeShift & 15)
	if t >= numTypes {
		return "invalid action " + strconv.FormatUint(uint64(a), 10)
	}
	var m [maxVals]uint8
	for vi := range m {
		m[vi] = uint8(a >> (4 * vi) & 15)
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(s.r.countOf(&m)))
	b.WriteByte(' ')
	b.WriteString(typeWords[t])
	b.WriteByte(' ')
	b.WriteString(s.r.valueList(t, &m))
	if w := choiceWord(t, a>>choiceShift&3); w != "" {
		b.WriteString(" >")
		b.WriteString(w)
	}
	return b.String()
}

func (r *rules) countOf(m *[maxVals]uint8) int {
	n := 0
	for _, x := range m {
		n += int(x)
	}
	return n
}

// valueList writes a multiset of one type as "(1,1,3)".
func (r *rules) valueList(t int, m *[maxVals]uint8) string {
	var b strings.Builder
	b.WriteByte('(')
	first := true
	for vi := 0; vi < maxVals; vi++ {
		for j := 0; j < int(m[vi]); j++ {
			if !first {
				b.WriteByte(',')
			}
			first = false
			b.WriteString(strconv.Itoa(int(r.val[t][vi])))
		}
	}
	b.WriteByte(')')
	return b.String()
}
