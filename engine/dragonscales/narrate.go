package dragonscales

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"dragonlab/engine"
)

var (
	_ engine.Narrator      = (*State)(nil)
	_ engine.ViewNarrator  = (*State)(nil)
	_ engine.SetupNarrator = (*State)(nil)
	_ engine.Describer     = (*State)(nil)
)

// Narrate is the omniscient narration of a, without the action line (see NarrateView).
func (s *State) Narrate(before engine.State, a engine.Action) []string {
	return engine.OmniscientNarration(s, before, a)
}

// NarrateView describes, for viewer, what applying a to before did: the action (line 0;
// a gesture or a card chosen from the hand is secret until revealed, DS-11, DS-16, DS-22),
// the throw, the cards revealed, the combats fought, the pieces moved, reshuffles (with
// the new order of the piles for the omniscient viewer), the cards drawn into the hands
// (named for their owner) and the end.
func (s *State) NarrateView(before engine.State, a engine.Action, viewer int) []string {
	c := *before.(*State)
	if c.phase == phOver {
		return nil
	}
	prev := c
	line0 := c.ActionText(a)
	if k, _ := split(a); (k == kGesture || k == kPlay) && !engine.Sees(viewer, int(c.toMove)) {
		line0 = "(secret choice)"
	}
	c.decide(a)
	lines := c.narrateStep(&prev, a, viewer, []string{line0})
	for c.phase == phAuto {
		prev = c
		c.step()
		lines = c.narrateStep(&prev, 0, viewer, lines)
	}
	return lines
}

// NarrateReset is the omniscient NarrateResetView.
func (s *State) NarrateReset(seed uint64) []string {
	return s.NarrateResetView(seed, engine.Omniscient)
}

// NarrateResetView deals the game of seed into s like Reset and describes, for viewer,
// the deal (the order of every pile for the omniscient viewer; their sizes and top colours
// and the seat's own hand for a seat) and every combat played before the first decision
// (the solitaire and the two-player game may play many).
func (s *State) NarrateResetView(seed uint64, viewer int) []string {
	s.deal(seed)
	lines := []string{"deal: " + s.describePiles()}
	lines = append(lines, s.pileOrders(viewer)...)
	lines = append(lines, s.handLines(viewer)...)
	for s.phase == phAuto {
		prev := *s
		s.step()
		lines = s.narrateStep(&prev, 0, viewer, lines)
	}
	return lines
}

// pileOrders lists, for the omniscient viewer only, the face-down piles from the top.
func (s *State) pileOrders(viewer int) []string {
	if viewer != engine.Omniscient {
		return nil
	}
	var lines []string
	for i := 0; i < 2; i++ {
		if p := &s.piles[i]; p.n > 0 {
			lines = append(lines, fmt.Sprintf("%s, top first: %s", s.pileName(i), s.cardList(p, true)))
		}
	}
	return lines
}

// handLines lists the hands (two players, hand variant) that viewer may see.
func (s *State) handLines(viewer int) []string {
	if s.r.players != 2 || s.r.hand == 0 {
		return nil
	}
	var lines []string
	for seat := 0; seat < 2; seat++ {
		if engine.Sees(viewer, seat) {
			lines = append(lines, fmt.Sprintf("seat %d hand: %s", seat, s.handText(seat)))
		}
	}
	return lines
}

func (s *State) handText(seat int) string {
	h := &s.hands[seat]
	var p pile
	for _, c := range h.c[:h.n] {
		p.push(c)
	}
	return s.cardList(&p, false)
}

// cardList names the cards of p, top first when topFirst (else in card order), "; "
// between cards (card texts contain spaces and commas).
func (s *State) cardList(p *pile, topFirst bool) string {
	cards := append([]uint8(nil), p.c[:p.n]...)
	if topFirst {
		slices.Reverse(cards)
	} else {
		slices.Sort(cards)
	}
	var names []string
	for _, c := range cards {
		names = append(names, s.r.cardText[c])
	}
	if names == nil {
		return "-"
	}
	return strings.Join(names, "; ")
}

// pileName names face-down pile i.
func (s *State) pileName(i int) string {
	switch s.r.players {
	case 1:
		return [2]string{"red pile", "blue pile"}[i]
	case 2:
		return fmt.Sprintf("seat %d pile", i)
	}
	if s.switched {
		return "pile"
	}
	return [2]string{"left pile", "right pile"}[i]
}

func (s *State) seatName(seat int) string { return fmt.Sprintf("seat %d", seat) }

// holderName names where a piece lies.
func (s *State) holderName(h int) string {
	switch s.r.players {
	case 1:
		return [3]string{"red dragon", "blue dragon", "grey dragon"}[h]
	case 2:
		if h == hCentre {
			return "red dragon"
		}
	case 3:
		if h == hFree {
			return "free"
		}
	}
	return s.seatName(h)
}

func (s *State) holderOf(cell int) int {
	for h, m := range s.at {
		if m&(1<<cell) != 0 {
			return h
		}
	}
	return -1
}

// narrateStep describes, for viewer, the difference between prev and s, after the
// decision a (0: a step of chance).
func (s *State) narrateStep(prev *State, a engine.Action, viewer int, lines []string) []string {
	r := s.r
	if s.throws > prev.throws {
		var parts []string
		for seat := 0; seat < 3; seat++ {
			if g := s.lastThrow[seat]; g != noGesture {
				parts = append(parts, fmt.Sprintf("%s %s", s.seatName(seat), weaponNames[g]))
			}
		}
		out := "replay"
		switch {
		case s.rpsIn != prev.rpsIn && bits.OnesCount8(s.rpsIn) == 2 && s.phase == phGesture:
			w := s.rpsIn
			out = fmt.Sprintf("seats %d and %d win and play again", bits.TrailingZeros8(w), 7-bits.LeadingZeros8(w))
		case s.combats > prev.combats || s.phase == phPile:
			out = fmt.Sprintf("%s wins the throw", s.seatName(int(s.actor)))
		case s.end == endCapThrows:
			out = "no winner"
		}
		lines = append(lines, fmt.Sprintf("throw %d: %s → %s", s.throws, strings.Join(parts, ", "), out))
	}
	// Reshuffles that come before the combat they feed (DS-13, DS-19).
	if s.cycles > prev.cycles {
		lines = append(lines, "both piles used up: each player shuffles his played cards and the piles are exchanged (DS-19)")
		lines = s.reshuffled(viewer, lines)
	}
	if prev.switched && prev.piles[pLeft].n == 0 && s.combats > prev.combats {
		lines = append(lines, "the pile was exhausted: all the cards are reshuffled into it (DS-13)")
		if viewer == engine.Omniscient {
			// The order of the new pile, its first card (now drawn) included.
			p := s.piles[pLeft]
			p.push(s.lastCards[0])
			lines = append(lines, fmt.Sprintf("pile, top first: %s", s.cardList(&p, true)))
		}
	}
	if !prev.switched && prev.piles[pLeft].n == 0 && prev.piles[pRight].n == 0 && s.phase == phPile {
		lines = append(lines, "both piles used up: all the cards reshuffled into two piles")
		lines = s.reshuffled(viewer, lines)
	}
	if s.combats > prev.combats {
		switch r.players {
		case 1:
			res := "red wins"
			if r.typ[s.lastCards[0]] == tJoker {
				res = "the Joker wins"
			} else if s.lastWin == 1 {
				res = "blue wins"
			}
			lines = append(lines, fmt.Sprintf("combat %d: %s vs %s → %s",
				s.combats, r.cardText[s.lastCards[0]], r.cardText[s.lastCards[1]], res))
		case 2:
			res := "draw"
			if s.lastWin >= 0 {
				res = s.seatName(int(s.lastWin)) + " wins"
			}
			lines = append(lines, fmt.Sprintf("combat %d: seat 0 %s vs seat 1 %s → %s",
				s.combats, r.cardText[s.lastCards[0]], r.cardText[s.lastCards[1]], res))
		case 3:
			from := "the pile"
			if k, arg := split(a); k == kPile {
				from = "the left pile"
				if arg == pRight {
					from = "the right pile"
				}
			}
			lines = append(lines, fmt.Sprintf("combat %d: %s takes %s from %s",
				s.combats, s.seatName(int(s.actor)), r.cardText[s.lastCards[0]], from))
		}
	}
	moved := false
	for cell := 0; cell < 9; cell++ {
		if h0, h1 := prev.holderOf(cell), s.holderOf(cell); h0 != h1 {
			moved = true
			lines = append(lines, fmt.Sprintf("%s: %s → %s", r.cellName[cell], s.holderName(h0), s.holderName(h1)))
		}
	}
	if s.combats > prev.combats && !moved && s.lastWin >= 0 && s.phase != phJoker && r.typ[s.wonCard()] != tJoker {
		lines = append(lines, "no piece moves")
	}
	if s.phase == phJoker && (prev.phase != phJoker || s.combats > prev.combats) {
		lines = append(lines, fmt.Sprintf("Joker: %s has %d operation(s)", s.seatName(int(s.actor)), s.ops))
	}
	if !prev.switched && s.switched {
		lines = append(lines, fmt.Sprintf("no free piece left: all %d cards shuffled into one pile; every card now steals (DS-13)", r.nCards))
		lines = append(lines, s.pileOrders(viewer)...)
	}
	lines = s.drawLines(prev, viewer, lines)
	if s.end != prev.end {
		lines = append(lines, s.endText())
	}
	return lines
}

// reshuffled appends the new order of the piles for the omniscient viewer.
func (s *State) reshuffled(viewer int, lines []string) []string {
	if viewer != engine.Omniscient {
		return lines
	}
	// Two players without hands fight at once after the exchange: show the piles as they
	// were before it, with the two cards just fought back on top.
	c := *s
	if s.r.players == 2 && s.r.hand == 0 {
		c.piles[0].push(s.lastCards[0])
		c.piles[1].push(s.lastCards[1])
	}
	return append(lines, c.pileOrders(viewer)...)
}

// drawLines describes the cards that came into the hands (two players, hand variant):
// named for their owner and the omniscient viewer, counted for the other seat.
func (s *State) drawLines(prev *State, viewer int, lines []string) []string {
	if s.r.players != 2 || s.r.hand == 0 {
		return lines
	}
	for seat := 0; seat < 2; seat++ {
		// Card ids are unique: the cards drawn are those in the hand now and not before.
		var got pile
		old := prev.hands[seat].c[:prev.hands[seat].n]
		for _, c := range s.hands[seat].c[:s.hands[seat].n] {
			if !slices.Contains(old, c) {
				got.push(c)
			}
		}
		switch {
		case got.n == 0:
		case engine.Sees(viewer, seat):
			lines = append(lines, fmt.Sprintf("seat %d draws %s", seat, s.cardList(&got, false)))
		default:
			lines = append(lines, fmt.Sprintf("seat %d draws %d card(s)", seat, got.n))
		}
	}
	return lines
}

// wonCard is the card that won the last combat (lastWin >= 0).
func (s *State) wonCard() uint8 {
	if s.r.players == 3 {
		return s.lastCards[0]
	}
	return s.lastCards[s.lastWin]
}

func (s *State) endText() string {
	switch s.end {
	case endWin:
		if s.r.players == 1 {
			return fmt.Sprintf("solitaire won: all 9 pieces on the blue dragon after %d combats", s.combats)
		}
		what := "connected pieces"
		if !s.r.connected {
			what = "pieces"
		}
		return fmt.Sprintf("%s wins with %d %s", s.seatName(int(s.winner)), s.measure(s.at[s.winner]), what)
	case endLoss:
		return fmt.Sprintf("solitaire lost: a deck ran out with %d pieces on the blue dragon", bits.OnesCount16(s.at[hBlue]))
	case endCapRounds:
		return fmt.Sprintf("safety cap maxRounds=%d reached: draw after %d combats, nobody wins (DS-21)", s.r.maxRounds, s.combats)
	case endCapThrows:
		return fmt.Sprintf("safety cap maxThrows=%d reached: draw after %d rock-paper-scissors throws, nobody wins (DS-21)", s.r.maxThrows, s.throws)
	}
	return ""
}

func (s *State) describePiles() string {
	var b strings.Builder
	names := [4]string{"red pile", "blue pile", "used", ""}
	switch s.r.players {
	case 2:
		names = [4]string{"seat 0 pile", "seat 1 pile", "seat 0 played", "seat 1 played"}
	case 3:
		names = [4]string{"left pile", "right pile", "used", ""}
		if s.switched { // DS-13: one pile
			names[0], names[1] = "pile", ""
		}
	}
	for i, name := range names {
		if name == "" {
			continue
		}
		p := &s.piles[i]
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %d", name, p.n)
		if i < 2 && p.n > 0 {
			fmt.Fprintf(&b, " (top %s)", [2]string{"red", "blue"}[s.r.back[p.top()]])
		}
	}
	return b.String()
}

// Describe prints the whole state (pile orders, hands and pending choices included).
func (s *State) Describe() string { return s.DescribeView(engine.Omniscient) }

// DescribeView prints the state as viewer sees it (DS-22): every piece's place, the piles'
// sizes and top colours, the combats; the seat's own hand and pending secret choice; for
// the omniscient viewer also the order of every pile, both hands and every pending choice.
func (s *State) DescribeView(viewer int) string {
	var b strings.Builder
	holders := 3
	if s.r.players == 3 {
		holders = 4
	}
	for h := 0; h < holders; h++ {
		var names []string
		for cell := 0; cell < 9; cell++ {
			if s.at[h]&(1<<cell) != 0 {
				names = append(names, s.r.cellName[cell])
			}
		}
		if len(names) == 0 {
			names = []string{"-"}
		}
		fmt.Fprintf(&b, "%s: %s\n", s.holderName(h), strings.Join(names, " "))
	}
	b.WriteString(s.gridText())
	fmt.Fprintf(&b, "%s; combats %d", s.describePiles(), s.combats)
	if s.r.players == 3 {
		fmt.Fprintf(&b, ", throws %d", s.throws)
	}
	for _, l := range s.pileOrders(viewer) {
		b.WriteString("\n" + l)
	}
	if s.r.hand > 0 && s.r.players == 2 {
		for seat := 0; seat < 2; seat++ {
			if engine.Sees(viewer, seat) {
				fmt.Fprintf(&b, "\nseat %d hand: %s", seat, s.handText(seat))
			} else {
				fmt.Fprintf(&b, "\nseat %d hand: %d cards", seat, s.hands[seat].n)
			}
			if i := s.sel[seat]; i >= 0 {
				if engine.Sees(viewer, seat) {
					fmt.Fprintf(&b, " (chose %s in secret)", s.r.cardText[s.hands[seat].c[i]])
				} else {
					b.WriteString(" (has chosen in secret)")
				}
			}
		}
	}
	if s.r.players == 3 && s.phase == phGesture {
		for seat := 0; seat < 3; seat++ {
			if g := s.gest[seat]; g != noGesture {
				if engine.Sees(viewer, seat) {
					fmt.Fprintf(&b, "\nseat %d chose %s in secret", seat, weaponNames[g])
				} else {
					fmt.Fprintf(&b, "\nseat %d has chosen in secret", seat)
				}
			}
		}
	}
	return b.String()
}

// gridText draws the 3×3 layout of DS-1 (row 1 at the top, columns A–C), each cell with
// its piece and where that piece is, so that a reader sees the groups (DS-14, DS-20).
func (s *State) gridText() string {
	var b strings.Builder
	b.WriteString("layout (DS-1):\n")
	for row := 0; row < 3; row++ {
		line := fmt.Sprintf("  %d ", row+1)
		for col := 0; col < 3; col++ {
			cell := row*3 + col
			where := strings.TrimSuffix(s.holderName(s.holderOf(cell)), " dragon")
			line += fmt.Sprintf(" %-24s", s.r.cellName[cell]+"="+where)
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	return b.String()
}

// Evaluate is a small heuristic for the greedy agent: the pieces held (multi-player) or
// the pieces one step from the blue dragon (solitaire), a quarter point each.
func (s *State) Evaluate(seat int) float64 {
	if s.r.players == 1 {
		return 0.25 * float64(bits.OnesCount16(s.at[hRed]))
	}
	return 0.25 * float64(bits.OnesCount16(s.at[seat]))
}
