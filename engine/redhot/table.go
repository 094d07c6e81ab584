package redhot

import (
	"fmt"
	"math/bits"
	"strings"

	"dragonlab/engine"
)

var (
	_ engine.Boarder      = (*State)(nil)
	_ engine.Previewer    = (*State)(nil)
	_ engine.EndExplainer = (*State)(nil)
)

// dieNames say which die a prediction picks (RH-12).
var dieNames = [3]string{"lowest die", "middle die", "highest die"}

// itemEffects explain the items in a few words (RH-3, RH-8, RH-11..RH-15).
var itemEffects = [nItems]string{
	"places earlier", "resistance +1", "survives, brings nothing", "treasure ×2",
	"power and range −1", "power and range +1", "one back from the hall",
}

// itemShort are the same, shorter, for the board's legend.
var itemShort = [nItems]string{
	"place earlier", "resistance +1", "survive, no gain", "gain ×2", "power&range −1", "+1", "revive one",
}

// Board draws the round (RH-7: the prediction in words, second breath, fury, the princess),
// the lair with each spot's treasure and who stands there (RH-1, RH-11), what decides a
// burn (RH-2, RH-12), the items' effects while they can still be chosen, and the deck
// (RH-6). Everything on it is public (RH-18); pending secret choices are not shown.
func (s *State) Board(viewer, width int) []string {
	r := s.r
	var lines []string
	add := func(text string) { lines = append(lines, engine.Wrap(text, width, "    ")...) }
	if s.Terminal() {
		add(fmt.Sprintf("Game over after %d rounds · lair: %s", s.done, s.lairPays()))
		return lines
	}
	round := fmt.Sprintf("Round %d (seat %d first) · ", s.round, s.first)
	if s.anger {
		round += "Dragon's anger: power one die, range another"
	} else {
		round += fmt.Sprintf("%s: power = %s, range = %s", cardText(s.powSel*3+s.rngSel), dieNames[s.powSel], dieNames[s.rngSel])
	}
	add(round)
	var extra []string
	if s.second {
		extra = append(extra, "second breath (two flames)")
	}
	switch {
	case s.fury && !s.revealed:
		extra = append(extra, fmt.Sprintf("fury: last round, power and range %+d", r.furyBonus))
	case s.fury:
		extra = append(extra, "fury: last round")
	}
	if s.princess == princessHeld {
		extra = append(extra, "princess held: spot 1 may rescue her")
	}
	if s.revealed && s.mod != 0 {
		extra = append(extra, fmt.Sprintf("power and range %+d this round", s.mod))
	}
	fury := ""
	if !s.fury {
		fury = fmt.Sprintf(" (fury in the last %d)", r.furyK)
	}
	extra = append(extra, fmt.Sprintf("deck %d%s · discarded %d", s.deckLen-s.top, fury, s.nDisc))
	add("  " + strings.Join(extra, " · "))
	add("Lair (spot:treasure, hit if spot ≤ range): " + s.lairPays())
	var res []string
	for a := range uint8(nAdv) {
		res = append(res, fmt.Sprintf("%s %d", advNames[a], r.resist[a]))
	}
	add("Burned if hit and power > resistance: " + strings.Join(res, " · "))
	if s.phase == phaseChoose || s.phase == phaseStone {
		// The odds of the prediction: each adventurer's chance to burn if the flame
		// reaches him, with the fury but before anybody's items.
		mod := 0
		if s.fury {
			mod = int(r.furyBonus)
		}
		var odds []string
		for a := range uint8(nAdv) {
			odds = append(odds, fmt.Sprintf("%s %s", advNames[a], pct(s.burnChance(int(r.resist[a]), mod, 0))))
		}
		add("If hit, burns (no items): " + strings.Join(odds, " · "))
		// What the items do: the viewer's items left (all of them for the omniscient).
		var it []string
		for i := range uint8(nItems) {
			if viewer < 0 || viewer >= int(s.n) || s.used[viewer]&(1<<i) == 0 {
				it = append(it, itemNames[i]+" "+itemShort[i])
			}
		}
		if it != nil {
			add("Items: " + strings.Join(it, " · "))
		}
	}
	return lines
}

// lairPays lists the spots with their treasure and occupant (with his resistance and
// item): "1:6 s1 teaser(3,bag) 2:5 …".
func (s *State) lairPays() string {
	var parts []string
	for sp := 1; sp <= s.r.spots; sp++ {
		t := fmt.Sprintf("%d:%d", sp, s.r.treasure[sp])
		if o := s.occ[sp]; o != 0 {
			seat := o - 1
			res := int(s.r.resist[s.adv[seat]])
			if s.item[seat] == itemCape {
				res += int(s.r.capeBonus)
			}
			t += fmt.Sprintf(" s%d %s(%d", seat, advNames[s.adv[seat]], res)
			if it := s.item[seat]; it != noItem {
				t += "," + itemNames[it]
			}
			t += ")"
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, " ")
}

// SeatBoard is seat's treasures, its adventurers in the Hall of Flame (the others are in
// its team), the items it has used (or those left, when fewer) and, once revealed, the adventurer it sends and its
// spot (RH-18: public); a pending secret choice is named to the seat itself only.
func (s *State) SeatBoard(seat, viewer int) string {
	i := uint8(seat)
	out := fmt.Sprintf("%d treasures", s.score[i])
	if s.hall[i] != 0 {
		out += " · burned " + maskNames(s.hall[i])
	}
	var used, left []string
	for it := range uint8(nItems) {
		if s.used[i]&(1<<it) != 0 {
			used = append(used, itemNames[it])
		} else {
			left = append(left, itemNames[it])
		}
	}
	switch {
	case used == nil:
	case left == nil:
		out += " · no item left"
	case len(used) <= len(left):
		out += " · used " + strings.Join(used, " ")
	default:
		out += " · left " + strings.Join(left, " ")
	}
	switch {
	case s.inLair&(1<<i) != 0 && s.spotOf[i] == 0:
		out += " · sends " + s.choiceText(i)
	case s.inLair&(1<<i) != 0:
		out += fmt.Sprintf(" · %s on spot %d", s.choiceText(i), s.spotOf[i])
	case s.phase == phaseChoose && s.chosen&(1<<i) != 0 && engine.Sees(viewer, seat):
		out += " · chose " + s.choiceText(i) + " (secret)"
	case s.phase == phaseChoose && s.chosen&(1<<i) != 0:
		out += " · has chosen"
	}
	if !s.active(i) {
		out += " · out"
	}
	if int8(i) == s.rescuer {
		out += " · rescued the princess"
	}
	return out
}

// burnChance is the chance that an adventurer of resistance res on spot sp burns this
// round (every flame of it, RH-12, RH-13), with power and range modified by mod; sp 0
// means "if the flame reaches him" (any spot in range).
func (s *State) burnChance(res, mod, sp int) float64 {
	hit := 0
	n := 0
	if s.anger {
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				n++
				if burns(a+mod, b+mod, res, sp) {
					hit++
				}
			}
		}
	} else {
		for _, d := range dice3 {
			n++
			if burns(int(d.sorted[s.powSel])+mod, int(d.sorted[s.rngSel])+mod, res, sp) {
				hit++
			}
		}
	}
	p := float64(hit) / float64(n)
	if s.second {
		p = 1 - (1-p)*(1-p)
	}
	return p
}

func burns(pow, rng, res, sp int) bool { return pow > res && (sp == 0 || rng >= sp) }

func pct(p float64) string { return fmt.Sprintf("%.0f%%", 100*p) }

// Preview says what a choice does, from public information and the seat's own choice:
// a stone brings an adventurer back (RH-8); a secret choice's resistance, the chance that
// the flame burns it if it reaches it (with the seat's own bucket or bellows and the fury,
// before the other seats' items are known) and its item's effect (RH-9, RH-12); a spot its
// treasure and the chance of a burn there, every modifier being revealed by then (RH-11,
// RH-12, RH-13); take or rescue their stakes (RH-15, RH-17).
func (s *State) Preview(a engine.Action) string {
	r := s.r
	seat := s.toMove
	switch a & kindMask {
	case kindStone:
		return advNames[uint8(a)] + " comes back; no item this round"
	case kindNoStone:
		if s.team[seat] == 0 {
			return ""
		}
		return fmt.Sprintf("keep the stone (+%d at the end if never played)", r.stoneBonus)
	case kindChoose:
		adv, it := uint8(a>>4)&0xF, uint8(a)&0xF
		res := int(r.resist[adv])
		mod := 0
		if s.fury {
			mod += int(r.furyBonus)
		}
		switch it {
		case itemCape:
			res += int(r.capeBonus)
		case itemBucket:
			mod--
		case itemBellows:
			mod++
		}
		text := fmt.Sprintf("res %d: burns if reached %s", res, pct(s.burnChance(res, mod, 0)))
		if it != noItem {
			text += "; " + itemNames[it] + ": " + itemEffects[it]
		}
		return text
	case kindSpot:
		sp := int(uint8(a))
		res := int(r.resist[s.adv[seat]])
		if s.item[seat] == itemCape {
			res += int(r.capeBonus)
		}
		pay := r.treasure[sp]
		if s.item[seat] == itemBag {
			pay *= 2
		}
		p := s.burnChance(res, int(s.mod), sp)
		text := fmt.Sprintf("pays %d; burns %s", pay, pct(p))
		if s.item[seat] == itemPhoenix && p > 0 {
			text = fmt.Sprintf("pays %d; %s the phoenix saves him (no treasure)", pay, pct(p))
		}
		if sp == 1 && s.princess == princessHeld {
			text += "; may rescue the princess"
		}
		return text
	case kindTake:
		pay := r.treasure[1]
		if s.item[seat] == itemBag {
			pay *= 2
		}
		// A take that ends the game also brings the stone bonus (RH-16): the preview
		// names the whole gain, so what it says is what the score shows.
		if bonus := int32(s.stones(uint8(seat))) * int32(r.stoneBonus); bonus != 0 {
			x := s.Clone()
			x.Apply(a)
			if x.Terminal() {
				return fmt.Sprintf("+%d: %d treasures and %d for the unused stone (RH-16); the game ends", pay+bonus, pay, bonus)
			}
		}
		return fmt.Sprintf("+%d treasures; the princess stays", pay)
	case kindRescue:
		return "+2 dice (2–12, 7 on average); you win ties (RH-17)"
	}
	return ""
}

// ScoreParts is seat's treasures and, once the game is over, the stone bonus (RH-16).
func (s *State) ScoreParts(seat int) string {
	i := uint8(seat)
	k := int32(s.stones(i))
	if !s.Terminal() || k == 0 || s.r.stoneBonus == 0 {
		return ""
	}
	return fmt.Sprintf("treasures %d + stone never played %d = %d", s.score[i]-k*s.r.stoneBonus, k*s.r.stoneBonus, s.score[i])
}

// Decider says what ended the game (RH-16 or RH-10) and how a tie was decided (RH-17),
// and who could not win (RH-10).
func (s *State) Decider() string {
	if !s.Terminal() {
		return ""
	}
	if s.outMask == 1<<s.n-1 {
		return "every player is out: no winner (RH-10)"
	}
	parts := []string{"the fury round is over (RH-16)"}
	best := int32(-1 << 30)
	var tied uint8
	for i := range s.n {
		if !s.active(i) {
			continue
		}
		switch sc := s.score[i]; {
		case sc > best:
			best, tied = sc, 1<<i
		case sc == best:
			tied |= 1 << i
		}
	}
	if bits.OnesCount8(tied) > 1 {
		if s.rescuer >= 0 && tied&(1<<s.rescuer) != 0 {
			parts = append(parts, fmt.Sprintf("a tie at %d: seat %d rescued the princess and wins (RH-17)", best, s.rescuer))
		} else {
			parts = append(parts, fmt.Sprintf("a tie at %d: seats %s share the win (RH-17)", best, seatList(tied)))
		}
	}
	if s.outMask != 0 {
		if bits.OnesCount8(s.outMask) == 1 {
			parts = append(parts, fmt.Sprintf("seat %s is out and cannot win (RH-10)", seatList(s.outMask)))
		} else {
			parts = append(parts, fmt.Sprintf("seats %s are out and cannot win (RH-10)", seatList(s.outMask)))
		}
	}
	return strings.Join(parts, "; ")
}

func seatList(m uint8) string {
	var p []string
	for ; m != 0; m &= m - 1 {
		p = append(p, fmt.Sprint(bits.TrailingZeros8(m)))
	}
	return strings.Join(p, ", ")
}
