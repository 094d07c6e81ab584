package redhot

import (
	"strconv"

	"dragonlab/engine"
)

// Action classes (engine.ActionClasser):
//
//   - use-<item>, one per magic item (RH-3): a secret choice with that item (RH-9), or for
//     use-stone a Destiny stone played (RH-8);
//   - send-<adventurer> (RH-2): a secret choice sending him (RH-9);
//   - no-item: a secret choice without an item;
//   - no-stone: declining the Destiny stone (RH-8, offered only when it is not compulsory);
//   - take, rescue: the survivor's choice on spot 1 while the princess is held (RH-15);
//   - spot-N: placing on spot N (RH-11).
//
// A secret choice "tough+cape" is in send-tough and use-cape.
const (
	clUse     = 0              // + item
	clSend    = clUse + nItems // + adventurer
	clNoItem  = clSend + nAdv
	clNoStone = clNoItem + 1
	clTake    = clNoItem + 2
	clRescue  = clNoItem + 3
	clSpot    = clNoItem + 4 // + spot - 1
)

func (r *rules) buildClasses() {
	for _, it := range itemNames {
		r.classes = append(r.classes, "use-"+it)
	}
	for _, a := range advNames {
		r.classes = append(r.classes, "send-"+a)
	}
	r.classes = append(r.classes, "no-item", "no-stone", "take", "rescue")
	for sp := 1; sp <= r.spots; sp++ {
		r.classes = append(r.classes, "spot-"+strconv.Itoa(sp))
	}
}

var _ engine.ActionClasser = (*State)(nil)

var _ engine.ChoiceClasser = (*State)(nil)

// ChoiceClasses are take and rescue (RH-15) and the spots (RH-11): each has its twin,
// the other answer or another free spot (six spots, at most five adventurers). Sending an
// adventurer, using an item, playing no item and declining the stone decide what the seat
// risks or spends.
func (s *State) ChoiceClasses() uint64 {
	c := uint64(1)<<clTake | 1<<clRescue
	for sp := 0; sp < s.r.spots; sp++ {
		c |= 1 << (clSpot + sp)
	}
	return c
}

// ActionClasses names the classes for these rules.
func (s *State) ActionClasses() []string { return s.r.classes }

// ActionClass is the set of classes of a, legal in s.
func (s *State) ActionClass(a engine.Action) uint64 {
	switch a & kindMask {
	case kindStone:
		return 1 << (clUse + itemStone)
	case kindNoStone:
		return 1 << clNoStone
	case kindChoose:
		adv, it := uint8(a>>4)&0xF, uint8(a)&0xF
		c := uint64(1) << (clSend + adv)
		if it == noItem {
			return c | 1<<clNoItem
		}
		return c | 1<<(clUse+it)
	case kindSpot:
		return 1 << (clSpot + int(uint8(a)) - 1)
	case kindTake:
		return 1 << clTake
	case kindRescue:
		return 1 << clRescue
	}
	return 0
}
