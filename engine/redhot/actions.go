package redhot

import (
	"strconv"

	"dragonlab/engine"
)

// Action packing: kind in bits 8..11; the stone's adventurer, the spot, or for a secret
// choice the adventurer in bits 4..7 and the item in bits 0..3 (7 = no item).
const (
	kindMask    engine.Action = 0xF00
	kindStone   engine.Action = 1 << 8
	kindNoStone engine.Action = 2 << 8
	kindChoose  engine.Action = 3 << 8
	kindSpot    engine.Action = 4 << 8
	kindTake    engine.Action = 5 << 8
	kindRescue  engine.Action = 6 << 8

	actNoStone = kindNoStone
	actTake    = kindTake
	actRescue  = kindRescue
)

func actStone(adv uint8) engine.Action { return kindStone | engine.Action(adv) }
func actChoose(adv, item uint8) engine.Action {
	return kindChoose | engine.Action(adv)<<4 | engine.Action(item)
}
func actSpot(spot uint8) engine.Action { return kindSpot | engine.Action(spot) }

var advNames = [nAdv]string{"hothead", "teaser", "tough", "icebox"}

var itemNames = [nItems]string{"boots", "cape", "phoenix", "bag", "bucket", "bellows", "stone"}

// itemLong names the items in narration.
var itemLong = [nItems]string{"Speed boots", "Fire cape", "Phoenix feather", "Doubling bag", "Water bucket", "Giant bellows", "Destiny stone"}

// ActionText is the spec's text form (RH-19): "stone hothead", "no stone", "tough",
// "tough+cape", "spot 3", "take", "rescue".
func (s *State) ActionText(a engine.Action) string {
	switch a & kindMask {
	case kindStone:
		if adv := uint8(a); adv < nAdv {
			return "stone " + advNames[adv]
		}
	case kindNoStone:
		return "no stone"
	case kindChoose:
		adv, it := uint8(a>>4)&0xF, uint8(a)&0xF
		if adv < nAdv {
			if it == noItem {
				return advNames[adv]
			}
			if it < itemStone {
				return advNames[adv] + "+" + itemNames[it]
			}
		}
	case kindSpot:
		return "spot " + strconv.Itoa(int(uint8(a)))
	case kindTake:
		return "take"
	case kindRescue:
		return "rescue"
	}
	return "?" + strconv.Itoa(int(a))
}

// ParseAction returns the legal action whose text is txt, if any.
func (s *State) ParseAction(txt string) (engine.Action, bool) {
	var buf [64]engine.Action
	for _, a := range s.Legal(buf[:0]) {
		if s.ActionText(a) == txt {
			return a, true
		}
	}
	return 0, false
}
