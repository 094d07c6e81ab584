package dragonscales

import (
	"math/bits"

	"dragonlab/engine"
)

// Action kinds (Action = kind<<8 | argument).
const (
	kGesture uint8 = iota + 1 // arg: weapon
	kPile                     // arg: pLeft or pRight
	kMoveRB                   // arg: cell (solitaire Joker: red>blue)
	kMoveGR                   // arg: cell (solitaire Joker: grey>red)
	kTake                     // arg: cell (multi-player Joker: free / red-dragon piece)
	kSteal                    // arg: cell (multi-player Joker: an opponent's piece)
	kStop                     // forgo the Joker's remaining operations
	kPlay                     // arg: card kind (hand variant)
)

func act(kind, arg uint8) engine.Action { return engine.Action(uint32(kind)<<8 | uint32(arg)) }

func split(a engine.Action) (kind, arg uint8) { return uint8(a >> 8), uint8(a) }

// Legal appends the legal actions in the canonical order of DS-23.
func (s *State) Legal(buf []engine.Action) []engine.Action {
	buf = buf[:0]
	switch s.phase {
	case phGesture:
		buf = append(buf, act(kGesture, net), act(kGesture, club), act(kGesture, sword))
	case phPile:
		if s.piles[pLeft].n > 0 {
			buf = append(buf, act(kPile, pLeft))
		}
		if s.piles[pRight].n > 0 {
			buf = append(buf, act(kPile, pRight))
		}
	case phJoker:
		k1, k2 := kTake, kSteal
		m1, m2 := s.at[s.r.src()], uint16(0)
		if s.r.players == 1 {
			k1, k2 = kMoveRB, kMoveGR
			m1, m2 = s.at[hRed], s.at[hGrey]
		} else {
			m2 = s.opponents()
		}
		for m := m1; m != 0; m &= m - 1 {
			buf = append(buf, act(k1, uint8(bits.TrailingZeros16(m))))
		}
		for m := m2; m != 0; m &= m - 1 {
			buf = append(buf, act(k2, uint8(bits.TrailingZeros16(m))))
		}
		buf = append(buf, act(kStop, 0))
	case phPlay:
		var kinds [2]uint64
		h := &s.hands[s.toMove]
		for i := uint8(0); i < h.n; i++ {
			k := s.r.kind[h.c[i]]
			kinds[k>>6] |= 1 << (k & 63)
		}
		for w := range kinds {
			for m := kinds[w]; m != 0; m &= m - 1 {
				buf = append(buf, act(kPlay, uint8(w<<6+bits.TrailingZeros64(m))))
			}
		}
	}
	return buf
}

// decide applies the decision a (without resolving the chance that follows).
func (s *State) decide(a engine.Action) {
	k, arg := split(a)
	switch k {
	case kGesture:
		s.gesture(arg)
	case kPile:
		if s.trk.on {
			s.trk.bits[s.toMove][evPlayed] |= 1 << (compPileLeft + arg)
		}
		s.take(int(arg))
	case kMoveRB, kMoveGR, kTake, kSteal:
		s.jokerOp(k, arg)
	case kStop:
		s.finishCombat()
	case kPlay:
		s.play(arg)
	default:
		panic("dragonscales: illegal action")
	}
}

// ActionText is the spec's text form (DS-23).
func (s *State) ActionText(a engine.Action) string {
	k, arg := split(a)
	switch k {
	case kGesture:
		if arg < 3 {
			return weaponNames[arg]
		}
	case kPile:
		if arg == pLeft {
			return "left"
		}
		return "right"
	case kMoveRB:
		return "move " + s.r.cellName[arg%9] + " red>blue"
	case kMoveGR:
		return "move " + s.r.cellName[arg%9] + " grey>red"
	case kTake:
		return "take " + s.r.cellName[arg%9]
	case kSteal:
		return "steal " + s.r.cellName[arg%9]
	case kStop:
		return "stop"
	case kPlay:
		if int(arg) < s.r.nCards {
			return "play " + s.r.cardText[arg]
		}
	}
	return "?"
}
