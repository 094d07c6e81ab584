package dragonheart

import (
	"fmt"
	"slices"
	"strings"

	"dragonlab/engine"
)

var (
	_ engine.Narrator     = (*State)(nil)
	_ engine.ViewNarrator = (*State)(nil)
	_ engine.Describer    = (*State)(nil)
)

// Narrate is the omniscient narration of a, without the action line (see NarrateView).
func (s *State) Narrate(before engine.State, a engine.Action) []string {
	return engine.OmniscientNarration(s, before, a)
}

// NarrateView replays a from before, step by step (the same steps as Apply), and describes
// each step for viewer by comparing the states around it: the play (line 0: every play is
// public, DH-21), cards taken, cards moved to the hold, voyages, the figurine, the DH-14
// card put back (named for the omniscient viewer and its owner only), cards drawn (named
// for the drawer and the omniscient viewer, counted for the opponent), passes, end-of-game
// triggers and the final scores. Nothing is logged on the hot path.
func (s *State) NarrateView(before engine.State, a engine.Action, viewer int) []string {
	b, ok := before.(*State)
	if !ok || b.terminal {
		return nil
	}
	lines := []string{b.ActionText(a)}
	x := *b
	x.play(a)
	lines = describePlay(b, &x, a, viewer, lines)
	for {
		y := x
		more := y.endTurn()
		lines = describeEnd(&x, &y, viewer, lines)
		x = y
		if !more {
			break
		}
		lines = append(lines, fmt.Sprintf("seat %d has no card in hand and passes (DH-16)", x.toMove))
	}
	return lines
}

// NarrateResetView deals the game of seed into s (as Reset does) and describes the deal
// for viewer (DH-4): every hand and both draw piles (top first) for the omniscient viewer;
// a seat sees its own hand and how many cards the opponent holds.
func (s *State) NarrateResetView(seed uint64, viewer int) []string {
	s.Reset(seed)
	return s.dealLines(viewer)
}

// dealLines describes the hands and piles of a freshly dealt s for viewer.
func (s *State) dealLines(viewer int) []string {
	r := s.r
	var lines []string
	for p := 0; p < 2; p++ {
		if engine.Sees(viewer, p) {
			lines = append(lines, fmt.Sprintf("seat %d is dealt %d cards: %s", p, s.handN[p], r.multiset(&s.hand[p])))
		} else {
			lines = append(lines, fmt.Sprintf("seat %d is dealt %d cards", p, s.handN[p]))
		}
	}
	for p := 0; p < 2; p++ {
		if viewer == engine.Omniscient {
			lines = append(lines, fmt.Sprintf("seat %d's draw pile, top first (%d cards): %s", p, s.pileN[p], s.pileText(p)))
		}
	}
	return lines
}

// pileText lists p's draw pile from the top down.
func (s *State) pileText(p int) string {
	var cards []string
	for i := int(s.pileN[p]) - 1; i >= 0; i-- {
		cards = append(cards, s.r.cardText(s.pile[p][i]))
	}
	if cards == nil {
		return "-"
	}
	return strings.Join(cards, ", ")
}

// describePlay describes, for viewer, the play a that took b to x.
func describePlay(b, x *State, a engine.Action, viewer int, lines []string) []string {
	r := x.r
	me := int(b.toMove)
	opp := 1 - me
	t := int(a >> typeShift & 15)
	if x.voyages > b.voyages {
		lines = append(lines, fmt.Sprintf("the Ship space is full: voyage %d of %d sails; its %d ship cards are set aside (DH-13)",
			x.voyages, r.voyagesToEnd, r.capacity[tShip]))
	}
	took := false
	for u := 0; u < numTypes; u++ {
		var m [maxVals]uint8
		n := 0
		for vi := range m {
			m[vi] = x.score[me][u][vi] - b.score[me][u][vi]
			n += int(m[vi])
		}
		if n == 0 {
			continue
		}
		took = true
		from := "the " + typeNames[u] + " space"
		if u == tHero || u == tSlayer {
			from = "the ship's hold"
		}
		lines = append(lines, fmt.Sprintf("seat %d takes %d %s %s from %s", me, n, typeWords[u], r.valueList(u, &m), from))
	}
	triggered := t == tFire || t == tPrincess || t == tTroll ||
		(r.capacity[t] > 0 && x.boardN[t] < b.boardN[t]+uint8(r.countOf(actionCounts(a))))
	if triggered && !took {
		lines = append(lines, "nothing to take: "+emptyTarget(t, a>>choiceShift&3)+" is empty (DH-9)")
	}
	if x.holdN > b.holdN {
		lines = append(lines, fmt.Sprintf("the %d %s cards move to the ship's hold (DH-13)", x.holdN-b.holdN, typeWords[t]))
	}
	if x.fig != b.fig {
		if b.fig == noOwner {
			lines = append(lines, fmt.Sprintf("seat %d takes the Dragon figurine (DH-11)", me))
		} else {
			lines = append(lines, fmt.Sprintf("seat %d takes the Dragon figurine from seat %d (DH-11)", me, opp))
		}
	}
	if x.pileN[opp] > b.pileN[opp] {
		// DH-14, DH-21: the card is known to its owner only, not to the taker.
		if engine.Sees(viewer, opp) {
			c := x.pile[opp][x.pileN[opp]-1]
			lines = append(lines, fmt.Sprintf("seat %d puts a random card of seat %d's hand on top of seat %d's pile: %s (seen by seat %d only) (DH-14)",
				me, opp, opp, r.cardText(c), opp))
		} else {
			lines = append(lines, fmt.Sprintf("seat %d puts a random card of seat %d's hand, unseen, on top of seat %d's pile (DH-14)",
				me, opp, opp))
		}
	}
	if took {
		lines = append(lines, fmt.Sprintf("score: seat 0 %d, seat 1 %d", x.score32(0), x.score32(1)))
	}
	return lines
}

// emptyTarget names what a play of type t with choice ch takes from.
func emptyTarget(t int, ch engine.Action) string {
	switch {
	case t == tFire || (t == tPrincess && ch == choiceA):
		return "the Treasure chest space"
	case t == tPrincess:
		return "the Petrified dragon space"
	case t == tTroll || (t == tHero && ch == choiceA):
		return "the Princess space"
	case t == tHero:
		return "the Troll space"
	case t == tSlayer:
		return "the Fire dragon space"
	case t == tShip:
		return "the ship's hold"
	}
	return "the space"
}

func actionCounts(a engine.Action) *[maxVals]uint8 {
	var m [maxVals]uint8
	for vi := range m {
		m[vi] = uint8(a >> (4 * vi) & 15)
	}
	return &m
}

// describeEnd describes, for viewer, the end of x's turn, y being the state after it.
func describeEnd(x, y *State, viewer int, lines []string) []string {
	r := y.r
	me := int(x.toMove)
	if y.terminal && x.finalTurn {
		return append(lines, "that was the final turn: "+gameOver(y))
	}
	if y.finalTurn && !x.finalTurn {
		if x.voyaged && x.voyages == r.voyagesToEnd {
			lines = append(lines, fmt.Sprintf("voyage %d completed: seat %d plays one more turn, then the game ends (DH-15)", x.voyages, 1-me))
		} else {
			lines = append(lines, fmt.Sprintf("seat %d's pile ran out and this turn completed no voyage: seat %d plays one more turn, then the game ends (DH-16)", me, 1-me))
		}
	}
	if n := int(x.pileN[me]) - int(y.pileN[me]); n > 0 {
		if engine.Sees(viewer, me) {
			drawn := x.pile[me][y.pileN[me]:x.pileN[me]]
			var cards []string
			if viewer == engine.Omniscient {
				for i := len(drawn) - 1; i >= 0; i-- { // in the order drawn
					cards = append(cards, r.cardText(drawn[i]))
				}
			} else {
				// The seat's view keeps no drawing order (its hand is a multiset): sorted.
				sorted := append([]uint8(nil), drawn...)
				slices.Sort(sorted)
				for _, c := range sorted {
					cards = append(cards, r.cardText(c))
				}
			}
			lines = append(lines, fmt.Sprintf("seat %d draws %d (seen by seat %d only): %s", me, n, me, strings.Join(cards, ", ")))
		} else {
			lines = append(lines, fmt.Sprintf("seat %d draws %d card(s), %d left in his pile", me, n, y.pileN[me]))
		}
	}
	if y.lastDrawn[me] && !x.lastDrawn[me] {
		lines = append(lines, fmt.Sprintf("seat %d has drawn the last card of his pile: each later turn of his without a voyage is his last (DH-16)", me))
	}
	if y.terminal {
		// Not a final turn: both hands and both piles are empty, nobody can play (DH-16).
		lines = append(lines, "both hands and both draw piles are empty: nobody can play any more, so the game ends now; "+gameOver(y))
	}
	return lines
}

// gameOver describes the end of the finished game y: scores, figurine and result.
func gameOver(y *State) string {
	var out [2]float64
	y.Result(out[:])
	res := "a draw"
	if out[0] == 1 {
		res = "seat 0 wins"
	} else if out[1] == 1 {
		res = "seat 1 wins"
	}
	fig := "nobody owns the figurine"
	if y.fig != noOwner {
		fig = fmt.Sprintf("seat %d owns the figurine (+%d)", y.fig, y.r.dragonBonus)
	}
	return fmt.Sprintf("game over; seat 0 %d, seat 1 %d (%s): %s (DH-19, DH-20)", y.score32(0), y.score32(1), fig, res)
}

func (r *rules) cardText(c uint8) string {
	return fmt.Sprintf("%s %d", typeWords[cardType(c)], r.val[cardType(c)][cardVI(c)])
}

// multiset writes the cards of m, type by type: "dwarf (1,2), hero (3)".
func (r *rules) multiset(m *counts) string {
	var parts []string
	for t := range m {
		row := m[t]
		if r.countOf(&row) > 0 {
			parts = append(parts, typeWords[t]+" "+r.valueList(t, &row))
		}
	}
	if parts == nil {
		return "-"
	}
	return strings.Join(parts, ", ")
}

// Describe prints the whole state (both hands and both piles) for traces.
func (s *State) Describe() string { return s.DescribeView(engine.Omniscient) }

// DescribeView prints the state as viewer sees it (DH-21): the board, the hold, scores,
// the figurine, and the hands and piles it may see — every hand and pile (top first) for
// the omniscient viewer; for a seat its own hand, the card it knows on top of its pile
// (DH-14), and only the sizes of the rest.
func (s *State) DescribeView(viewer int) string {
	r := s.r
	var b strings.Builder
	fig := "nobody"
	if s.fig != noOwner {
		fig = fmt.Sprintf("seat %d", s.fig)
	}
	status := fmt.Sprintf("seat %d to move", s.toMove)
	if s.terminal {
		status = "game over"
	} else if s.finalTurn {
		status += " (final turn)"
	}
	fmt.Fprintf(&b, "turn %d, %s; figurine: %s; voyages %d/%d\n", s.turn, status, fig, s.voyages, r.voyagesToEnd)
	for t := 0; t < numTypes; t++ {
		row := s.board[t]
		if n := r.countOf(&row); n > 0 {
			fmt.Fprintf(&b, "  %s space: %s\n", typeNames[t], r.valueList(t, &row))
		}
	}
	fmt.Fprintf(&b, "  hold: %s\n", r.multiset(&s.hold))
	for p := 0; p < 2; p++ {
		if engine.Sees(viewer, p) {
			fmt.Fprintf(&b, "  seat %d: score %d, hand %s, pile %d", p, s.score32(p), r.multiset(&s.hand[p]), s.pileN[p])
		} else {
			fmt.Fprintf(&b, "  seat %d: score %d, hand %d cards, pile %d", p, s.score32(p), s.handN[p], s.pileN[p])
		}
		switch {
		case viewer == engine.Omniscient && s.pileN[p] > 0:
			fmt.Fprintf(&b, " (top first: %s)", s.pileText(p))
		case viewer == p && s.knownTop[p] != 0:
			fmt.Fprintf(&b, " (top: %s, put back by DH-14)", r.cardText(s.knownTop[p]-1))
		}
		if s.lastDrawn[p] {
			b.WriteString(" (drew his last card)")
		}
		b.WriteByte('\n')
	}
	return b.String()
}
