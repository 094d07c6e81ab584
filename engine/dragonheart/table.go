package dragonheart

import (
	"fmt"
	"strings"

	"dragonlab/engine"
)

var (
	_ engine.Boarder      = (*State)(nil)
	_ engine.Previewer    = (*State)(nil)
	_ engine.EndExplainer = (*State)(nil)
)

// shortNames name the spaces on the compact board.
var shortNames = [numTypes]string{"Treasure chest", "Fire dragon", "Petrified", "Princess", "Troll", "Dwarf", "Hero", "Slayer", "Ship"}

// Board draws the board (DH-2, DH-21: all public): the five stack spaces on the left,
// the four limited spaces with their fill level (cards on it / capacity) and the ship's
// hold on the right, each with its cards and their total; above them the figurine, the
// voyages and the end of the game when it is near.
func (s *State) Board(viewer, width int) []string {
	r := s.r
	fig := "nobody"
	if s.fig != noOwner {
		fig = fmt.Sprintf("seat %d (+%d)", s.fig, r.dragonBonus)
	}
	head := fmt.Sprintf("Figurine: %s · voyages %d/%d · turn %d", fig, s.voyages, r.voyagesToEnd, s.turn+1)
	switch {
	case s.terminal:
		head += " · game over"
	case s.finalTurn:
		head += " · final turn"
	}
	lines := []string{head}
	left := []int{tTreasure, tFire, tPetrified, tPrincess, tTroll}
	right := []int{tDwarf, tHero, tSlayer, tShip}
	colW := max(38, (width-2)/2)
	for i, t := range left {
		l := fmt.Sprintf("%-14s %s", shortNames[t], s.spaceCards(t))
		rt := ""
		if i < len(right) {
			u := right[i]
			rt = fmt.Sprintf("%-6s %d/%d %s", shortNames[u], s.boardN[u], r.capacity[u], s.spaceCards(u))
		} else {
			rt = "Hold       " + s.holdText(colW-11)
		}
		lines = append(lines, padTo(l, colW)+rt)
	}
	return lines
}

// spaceCards is "(2,2,3) = 7" for the cards on space t, "-" when it is empty.
func (s *State) spaceCards(t int) string {
	if s.boardN[t] == 0 {
		return "-"
	}
	row := s.board[t]
	text := s.r.valueList(t, &row)
	if s.boardSum[t] > 0 {
		text += fmt.Sprintf(" = %d", s.boardSum[t])
	}
	return text
}

// holdText is the ship's hold in at most n runes.
func (s *State) holdText(n int) string {
	if s.holdN == 0 {
		return "-"
	}
	text := fmt.Sprintf("%s = %d", s.r.multiset(&s.hold), s.holdSum)
	if len([]rune(text)) > n {
		text = fmt.Sprintf("%d cards = %d", s.holdN, s.holdSum)
	}
	return text
}

func padTo(s string, n int) string {
	if k := len([]rune(s)); k < n {
		return s + strings.Repeat(" ", n-k)
	}
	return s + " "
}

// SeatBoard is seat's score (with the figurine's bonus), its hand (the cards for the
// viewer's own seat, the count for the other; DH-21) and its pile.
func (s *State) SeatBoard(seat, viewer int) string {
	r := s.r
	score := fmt.Sprintf("%d pts", s.score32(seat))
	if int(s.fig) == seat {
		score = fmt.Sprintf("%d pts (figurine +%d)", s.score32(seat), r.dragonBonus)
	}
	hand := fmt.Sprintf("hand %d cards", s.handN[seat])
	if engine.Sees(viewer, seat) {
		hand = "hand " + r.multiset(&s.hand[seat])
	}
	out := fmt.Sprintf("%s · %s · pile %d", score, hand, s.pileN[seat])
	if viewer == seat && s.knownTop[seat] != 0 {
		out += fmt.Sprintf(" (top: %s, DH-14)", r.cardText(s.knownTop[seat]-1))
	}
	if s.lastDrawn[seat] {
		out += " · drew his last card (DH-16)"
	}
	return out
}

// Preview says what the play a does at once (DH-6..DH-15), all from the public board and
// the player's own cards: the cards it takes and the points they bring, the figurine, a
// space it fills and the voyage, or how full it leaves a limited space and what the card
// that fills it will take (whoever plays it).
func (s *State) Preview(a engine.Action) string {
	if s.terminal {
		return ""
	}
	r := s.r
	me := int(s.toMove)
	x := *s
	x.play(a)
	t := int(a >> typeShift & 15)
	took := x.scoreSum[me] - s.scoreSum[me]
	gain := x.score32(me) - s.score32(me)
	takes := "nothing to take"
	switch {
	case x.fig != s.fig:
		takes = fmt.Sprintf("takes %d + figurine: %+d", took, gain)
	case took > 0:
		takes = fmt.Sprintf("takes %d: %+d", took, gain)
	}
	c := r.capacity[t]
	filled := c > 0 && x.boardN[t] < s.boardN[t]+uint8(r.countOf(actionCounts(a)))
	var parts []string
	switch {
	case t == tTreasure || t == tPetrified:
		parts = append(parts, fmt.Sprintf("no action; %s now %d", shortNames[t], x.boardSum[t]))
	case c == 0:
		parts = append(parts, takes)
	case filled && t == tShip:
		parts = append(parts, fmt.Sprintf("fills Ship: voyage %d/%d", x.voyages, r.voyagesToEnd), takes)
		if x.voyages == r.voyagesToEnd {
			parts = append(parts, fmt.Sprintf("seat %d's last turn", 1-me))
		}
	case filled && (t == tHero || t == tSlayer):
		parts = append(parts, "fills "+shortNames[t], takes, "to the hold")
	case filled:
		parts = append(parts, "fills "+shortNames[t], takes)
	default:
		parts = append(parts, fmt.Sprintf("%s %d/%d", shortNames[t], x.boardN[t], c))
		if int(c)-int(x.boardN[t]) == 1 {
			if stake := fillStake(&x, t); stake != "" {
				parts = append(parts, fmt.Sprintf("next %s takes %s", typeWords[t], stake))
			}
		}
	}
	return strings.Join(parts, "; ")
}

// fillStake is what the card that fills limited space t of x would take ("" nothing).
func fillStake(x *State, t int) string {
	switch {
	case t == tDwarf:
		return fmt.Sprintf("%d+", x.boardSum[tDwarf])
	case t == tHero && (x.boardSum[tPrincess] > 0 || x.boardSum[tTroll] > 0):
		return fmt.Sprintf("Princess %d | Troll %d", x.boardSum[tPrincess], x.boardSum[tTroll])
	case t == tSlayer && x.boardSum[tFire] > 0:
		return fmt.Sprintf("Fire %d", x.boardSum[tFire])
	case t == tShip && x.holdSum > 0:
		return fmt.Sprintf("hold %d", x.holdSum)
	}
	return ""
}

// ScoreParts is seat's score pile by type, the seat's starting points and the figurine's
// bonus (DH-19).
func (s *State) ScoreParts(seat int) string {
	r := s.r
	var parts []string
	for t := 0; t < numTypes; t++ {
		sum := int32(0)
		for vi, n := range s.score[seat][t] {
			sum += int32(n) * r.val[t][vi]
		}
		if sum > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", typeWords[t], sum))
		}
	}
	if b := r.seatBonus[seat]; b != 0 {
		parts = append(parts, fmt.Sprintf("start %d", b))
	}
	if int(s.fig) == seat {
		parts = append(parts, fmt.Sprintf("figurine %d", r.dragonBonus))
	}
	if len(parts) == 0 {
		parts = []string{"no cards"}
	}
	return fmt.Sprintf("%s = %d", strings.Join(parts, " + "), s.score32(seat))
}

// Decider names what ended the game (the last voyage, DH-15, or a pile run out, DH-16)
// and the tie-break of DH-20 when the scores are equal.
func (s *State) Decider() string {
	if !s.terminal {
		return ""
	}
	end := "a pile ran out (DH-16)"
	if s.voyages >= s.r.voyagesToEnd {
		end = fmt.Sprintf("voyage %d sailed (DH-15)", s.voyages)
	}
	a, b := s.score32(0), s.score32(1)
	switch {
	case a != b:
		return end
	case s.r.tieBreak && s.fig != noOwner:
		return fmt.Sprintf("%s; a tie at %d: the owner of the Dragon figurine, seat %d, wins (DH-20)", end, a, s.fig)
	case s.r.tieBreak:
		return fmt.Sprintf("%s; a tie at %d and nobody owns the figurine: a draw (DH-20)", end, a)
	}
	return fmt.Sprintf("%s; a tie at %d: a draw (tieBreakFigurine is false)", end, a)
}
