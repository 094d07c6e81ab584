package redhot

import (
	"fmt"
	"strings"

	"dragonlab/engine"
)

var (
	_ engine.Narrator      = (*State)(nil)
	_ engine.ViewNarrator  = (*State)(nil)
	_ engine.SetupNarrator = (*State)(nil)
	_ engine.Describer     = (*State)(nil)
	_ engine.Evaluator     = (*State)(nil)
)

func cardText(c uint8) string {
	switch c {
	case cardPrincess:
		return "Princess in distress"
	case cardSecond:
		return "Second breath"
	case cardAnger:
		return "Dragon's anger"
	case cardFury:
		return "Dragon's fury"
	}
	return selNames[c/3] + "/" + selNames[c%3]
}

// roundIntro describes the cards turned this round and the prediction (RH-7).
func (s *State) roundIntro() string {
	var b strings.Builder
	fmt.Fprintf(&b, "round %d, first player seat %d: dragon card", s.round, s.first)
	if s.nTurned > 1 {
		b.WriteString("s")
	}
	b.WriteString(" ")
	for i, c := range s.turned[:s.nTurned] {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(cardText(c))
	}
	if s.borrowed {
		b.WriteString(" (deck empty: the most recently discarded flame card is taken)")
	}
	if s.anger {
		b.WriteString(" -> no prediction: one die for power, another for range")
	} else {
		fmt.Fprintf(&b, " -> power %s, range %s", selNames[s.powSel], selNames[s.rngSel])
	}
	if s.second {
		b.WriteString("; the dragon breathes twice")
	}
	if s.fury {
		fmt.Fprintf(&b, "; last round, power and range %+d", s.r.furyBonus)
	}
	if s.princess == princessHeld {
		b.WriteString("; the princess is held by the dragon")
	}
	return b.String()
}

// choiceText is seat's pending secret choice in the text form of RH-19.
func (s *State) choiceText(seat uint8) string {
	t := advNames[s.adv[seat]]
	if s.item[seat] != noItem {
		t += "+" + itemNames[s.item[seat]]
	}
	return t
}

// Narrate is the omniscient narration of a, without the action line (see NarrateView).
func (s *State) Narrate(before engine.State, a engine.Action) []string {
	return engine.OmniscientNarration(s, before, a)
}

// NarrateView describes, for viewer, what the action and the chance it triggered did:
// the action (line 0; a secret choice is "(secret choice)" for every other seat until the
// reveal, RH-18), the reveal, the dice, power and range, who burned and who was saved, the
// princess, treasure gained, eliminations, the next round's Dragon cards and the end.
// Everything but the secret choices is public, so the views differ only there.
func (s *State) NarrateView(before engine.State, a engine.Action, viewer int) []string {
	b, ok := before.(*State)
	if !ok || b.phase == phaseOver {
		return nil
	}
	seat := b.toMove
	out := []string{b.ActionText(a)}
	if a&kindMask == kindChoose && viewer != engine.Omniscient && viewer != int(seat) {
		out[0] = "(secret choice)"
	}
	switch a & kindMask {
	case kindStone:
		out = append(out, fmt.Sprintf("seat %d plays the Destiny stone: its %s comes back from the Hall of Flame", seat, advNames[uint8(a)]))
	}
	if b.phase == phaseChoose && s.revealed && s.round == b.round {
		var parts, ord []string
		for st := range s.n {
			t := (s.first + st) % s.n
			if !s.active(t) {
				continue
			}
			parts = append(parts, fmt.Sprintf("seat %d %s", t, s.choiceText(t)))
		}
		for _, t := range s.order[:s.nOrder] {
			ord = append(ord, fmt.Sprintf("seat %d", t))
		}
		out = append(out, "reveal: "+strings.Join(parts, ", "), "placement order: "+strings.Join(ord, ", "))
	}
	if a&kindMask == kindSpot && b.step+1 == b.nOrder {
		out = append(out, s.flameLines()...)
	}
	if s.done != b.done {
		out = append(out, s.harvestLines(a)...)
		if s.Terminal() {
			out = append(out, s.endText()...)
		} else {
			out = append(out, s.roundIntro())
		}
	}
	return out
}

// NarrateResetView deals the game of seed into s (as Reset does) and describes, for
// viewer, what Reset did: for the omniscient viewer the order of the Dragon deck (RH-6,
// hidden from every seat, RH-18), then for everyone the cards turned for the first
// round's prediction (RH-7), which happen before the first decision.
func (s *State) NarrateResetView(seed uint64, viewer int) []string {
	s.Reset(seed)
	var out []string
	if viewer == engine.Omniscient {
		out = append(out, "dragon deck, top first: "+s.cardList(s.deck[:s.deckLen]))
	}
	return append(out, s.roundIntro())
}

// NarrateReset deals the game of seed into s and describes the cards turned for the
// first round's prediction (RH-7), which happen before the first decision.
func (s *State) NarrateReset(seed uint64) []string {
	s.Reset(seed)
	return []string{s.roundIntro()}
}

func (s *State) cardList(cards []uint8) string {
	var p []string
	for _, c := range cards {
		p = append(p, cardText(c))
	}
	if p == nil {
		return "-"
	}
	return strings.Join(p, ", ")
}

// flameLines describes the flame(s) of the round just resolved (RH-12 … RH-14).
func (s *State) flameLines() []string {
	L := &s.last
	var out []string
	var buckets, bellows int
	for i := range s.n {
		if L.entered&(1<<i) == 0 {
			continue
		}
		switch L.item[i] {
		case itemBucket:
			buckets++
		case itemBellows:
			bellows++
		}
	}
	for k := 0; k < int(L.flames); k++ {
		d := L.dice[k]
		var line string
		name := "flame"
		if L.flames == 2 {
			name = fmt.Sprintf("flame %d", k+1)
		}
		if L.anger {
			line = fmt.Sprintf("%s (Dragon's anger): dice %d %d -> power %d, range %d", name, d[0], d[1], int(d[0]), int(d[1]))
		} else {
			line = fmt.Sprintf("%s: dice %d %d %d -> power %s %d, range %s %d", name, d[0], d[1], d[2],
				selNames[L.powSel], pick(d, L.powSel), selNames[L.rngSel], pick(d, L.rngSel))
		}
		if L.mod != 0 || buckets+bellows > 0 {
			var m []string
			if bellows > 0 {
				m = append(m, fmt.Sprintf("%d bellows", bellows))
			}
			if buckets > 0 {
				m = append(m, fmt.Sprintf("%d bucket(s)", buckets))
			}
			// The round's own fury, not s.fury: when the round ends at once, the next
			// round (maybe the fury round) has begun by now.
			if L.fury && s.r.furyBonus != 0 {
				m = append(m, fmt.Sprintf("fury %+d", s.r.furyBonus))
			}
			line += fmt.Sprintf("; %+d (%s) -> power %d, range %d", L.mod, strings.Join(m, ", "), L.pow[k], L.rng[k])
		}
		out = append(out, line)
		var hits []string
		for sp := 1; sp <= s.r.spots; sp++ {
			for i := range s.n {
				bit := uint8(1) << i
				if L.hit[k]&bit == 0 || int(L.spot[i]) != sp {
					continue
				}
				res := int(s.r.resist[L.adv[i]])
				if L.item[i] == itemCape {
					res += int(s.r.capeBonus)
				}
				what := "resists"
				switch {
				case L.burned[k]&bit != 0:
					what = "burns"
				case L.saved[k]&bit != 0:
					what = "burns, saved by the Phoenix feather"
				}
				hits = append(hits, fmt.Sprintf("seat %d %s on spot %d (resistance %d) %s", i, advNames[L.adv[i]], sp, res, what))
			}
		}
		if len(hits) == 0 {
			out = append(out, "  the flame reaches no one")
		}
		for _, h := range hits {
			out = append(out, "  "+h)
		}
	}
	if s.phase == phasePrincess {
		out = append(out, fmt.Sprintf("seat %d survives on spot 1 while the princess is held: take or rescue", s.toMove))
	}
	return out
}

// harvestLines describes the treasure, the princess and eliminations (RH-10, RH-15).
func (s *State) harvestLines(a engine.Action) []string {
	L := &s.last
	var out []string
	gone := uint8(0)
	for k := 0; k < int(L.flames); k++ {
		gone |= L.burned[k] | L.saved[k]
	}
	if L.rescue >= 0 {
		out = append(out, fmt.Sprintf("seat %d rescues the princess: the king's reward is %d+%d = %d treasures",
			L.rescue, L.king[0], L.king[1], int(L.king[0])+int(L.king[1])))
	} else if a&kindMask == kindTake {
		out = append(out, "the adventurer on spot 1 takes the treasure; the princess stays with the dragon")
	}
	for i := range s.n {
		bit := uint8(1) << i
		if L.entered&bit == 0 || gone&bit != 0 || int8(i) == L.rescue {
			continue
		}
		t := fmt.Sprintf("seat %d %s brings back %d treasure(s) from spot %d", i, advNames[L.adv[i]], L.gain[i], L.spot[i])
		if L.item[i] == itemBag {
			t += " (doubled by the Doubling bag)"
		}
		out = append(out, t)
	}
	for i := range s.n {
		if L.elim&(1<<i) != 0 {
			out = append(out, fmt.Sprintf("seat %d has no adventurer left and is out of the game", i))
		}
	}
	// At the end the stone bonus (RH-16) is already in the scores; it is announced after
	// this line, so this line shows the scores before it.
	out = append(out, "scores: "+s.scoreText(s.Terminal()))
	return out
}

// scoreText lists the scores; withoutBonus takes the RH-16 stone bonus off a finished
// game's scores.
func (s *State) scoreText(withoutBonus bool) string {
	var p []string
	for i := range s.n {
		sc := s.score[i]
		if withoutBonus {
			sc -= int32(s.stones(i)) * s.r.stoneBonus
		}
		t := fmt.Sprintf("seat %d %d", i, sc)
		if !s.active(i) {
			t += " (out)"
		}
		p = append(p, t)
	}
	return strings.Join(p, ", ")
}

func (s *State) endText() []string {
	var out []string
	if s.outMask == 1<<s.n-1 {
		out = append(out, "every player is out: the game ends with no winner")
	} else {
		out = append(out, "the fury round is over: the game ends")
	}
	var bonus []string
	for i := range s.n {
		if s.used[i]&stoneBit == 0 {
			bonus = append(bonus, fmt.Sprintf("seat %d", i))
		}
	}
	if len(bonus) > 0 && s.r.stoneBonus != 0 {
		out = append(out, fmt.Sprintf("Destiny stone never played, +%d: %s", s.r.stoneBonus, strings.Join(bonus, ", ")))
	}
	out = append(out, "final scores: "+s.scoreText(false))
	res := make([]float64, s.n)
	s.Result(res)
	var w []string
	for i, v := range res {
		if v > 0 {
			w = append(w, fmt.Sprintf("seat %d", i))
		}
	}
	switch {
	case len(w) == 0:
		out = append(out, "no winner")
	case len(w) == 1:
		t := "winner: " + w[0]
		if s.rescuer >= 0 && res[s.rescuer] > 0 {
			n := 0
			for i := range s.n {
				if s.active(i) && s.score[i] == s.score[s.rescuer] {
					n++
				}
			}
			if n > 1 {
				t += " (tie broken: rescued the princess)"
			}
		}
		out = append(out, t)
	default:
		out = append(out, "shared win: "+strings.Join(w, ", "))
	}
	return out
}

func maskNames(m uint8) string {
	var p []string
	for a := range uint8(nAdv) {
		if m&(1<<a) != 0 {
			p = append(p, advNames[a])
		}
	}
	if len(p) == 0 {
		return "-"
	}
	return strings.Join(p, " ")
}

// Describe prints the whole state (pending secret choices and the deck order included).
func (s *State) Describe() string { return s.DescribeView(engine.Omniscient) }

// DescribeView prints the state as viewer sees it: everything public (RH-18) and, for a
// seat, its own pending secret choice; the omniscient viewer also sees every pending
// choice and the order of the Dragon deck.
func (s *State) DescribeView(viewer int) string {
	var b strings.Builder
	phases := [...]string{"stone", "secret choice", "placement", "princess", "over"}
	if s.Terminal() {
		fmt.Fprintf(&b, "game over after %d rounds\n", s.done)
	} else {
		b.WriteString(s.roundIntro())
		fmt.Fprintf(&b, "\nphase %s, seat %d to move; %d dragon cards left, %d discarded\n",
			phases[s.phase], s.toMove, s.deckLen-s.top, s.nDisc)
		if viewer == engine.Omniscient {
			fmt.Fprintf(&b, "dragon deck, top first: %s\n", s.cardList(s.deck[s.top:s.deckLen]))
		}
	}
	for i := range s.n {
		fmt.Fprintf(&b, "seat %d: %d treasures; team %s; hall %s; items", i, s.score[i], maskNames(s.team[i]), maskNames(s.hall[i]))
		if s.used[i] == 1<<nItems-1 {
			b.WriteString(" -")
		}
		for it := range uint8(nItems) {
			if s.used[i]&(1<<it) == 0 {
				b.WriteString(" " + itemNames[it])
			}
		}
		if s.inLair&(1<<i) != 0 { // revealed (RH-9): public
			if s.spotOf[i] == 0 {
				fmt.Fprintf(&b, "; sends %s, not placed yet", s.choiceText(i))
			} else {
				fmt.Fprintf(&b, "; %s on spot %d", s.choiceText(i), s.spotOf[i])
			}
		}
		if s.phase == phaseChoose && s.chosen&(1<<i) != 0 {
			if engine.Sees(viewer, int(i)) {
				fmt.Fprintf(&b, "; chose %s (secret)", s.choiceText(i))
			} else {
				b.WriteString("; has chosen in secret")
			}
		}
		if !s.active(i) {
			b.WriteString("; out")
		}
		if int8(i) == s.rescuer {
			b.WriteString("; rescued the princess")
		}
		b.WriteString("\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// Evaluate is a small heuristic for the greedy agent: the stone bonus still to come and
// one treasure per adventurer not burned.
func (s *State) Evaluate(seat int) float64 {
	if s.Terminal() || !s.active(uint8(seat)) {
		return 0
	}
	v := float64(nAdv - popcount(s.hall[seat]) - popcount(s.hall2[seat]))
	v += float64(s.stones(uint8(seat)) * int(s.r.stoneBonus))
	return v
}

func popcount(m uint8) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}
