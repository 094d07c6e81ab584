package dragonscales

import (
	"fmt"
	"math/bits"
	"strings"
	"testing"

	"dragonlab/engine"
)

// DS-16, DS-17, DS-18: in the duel with hands, a card's preview says what the combat does
// when the card wins, in the position where it is chosen: over many positions of random
// games, for every card in hand and every reply of the other player that lets it win, the
// engine's combat moves pieces exactly when the preview says something moves, takes from
// the red dragon when it says "takes", steals when it says "steals", and leaves the mover
// with the count (or the win) the preview names. The Joker operations' previews (DS-7,
// DS-17, DS-18) and the solitaire's moves (DS-6) likewise name the count the engine
// reaches.
func TestDS18_PreviewsAreTheCombatsOutcome(t *testing.T) {
	checked := map[string]int{}
	for seed := uint64(1); seed <= 40; seed++ {
		for _, players := range []int{1, 2, 3} {
			s := newTest(t, players, func(p *Params) {
				if players == 2 {
					p.DuoHand = 3
				}
			})
			s.Reset(seed)
			rng := engine.NewRNG(seed)
			var buf []engine.Action
			for steps := 0; !s.Terminal() && steps < 300; steps++ {
				buf = s.Legal(buf[:0])
				for _, a := range buf {
					checkPreview(t, s, a, checked)
				}
				s.Apply(buf[rng.IntN(len(buf))])
			}
		}
	}
	t.Logf("checked: %v", checked)
	// (the solitaire's later combats are chance: the preview speaks of the move alone)
	for _, k := range []string{"nothing", "takes", "steals", "joker op", "solo move"} {
		if checked[k] < 5 {
			t.Fatalf("too few previews of kind %q checked: %v", k, checked)
		}
	}
}

func checkPreview(t *testing.T, s *State, a engine.Action, checked map[string]int) {
	t.Helper()
	r := s.r
	me := int(s.toMove)
	pv := s.Preview(a)
	k, _ := split(a)
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s: preview %q of %q: %s", s.ActionText(a), pv, s.ActionText(a), fmt.Sprintf(format, args...))
	}
	switch k {
	case kTake, kSteal:
		x := *s
		x.decide(a) // the operation itself: Apply goes on to the combats chance brings
		want := fmt.Sprintf("you %d of %d", x.measure(x.at[me]), r.target)
		if !strings.Contains(pv, want) {
			fail("the engine reaches %q", want)
		}
		checked["joker op"]++
	case kMoveRB:
		x := *s
		x.decide(a)
		if want := fmt.Sprintf("blue dragon %d of 9", bits.OnesCount16(x.at[hBlue])); !strings.Contains(pv, want) {
			fail("the engine reaches %q", want)
		}
		checked["solo move"]++
	case kPlay:
		x := *s
		x.Apply(a)
		var outcomes []State
		if x.phase != phOver && int(x.toMove) != me && x.sel[me] >= 0 { // the other chooses next
			for _, b := range x.Legal(nil) {
				y := x
				y.Apply(b)
				outcomes = append(outcomes, y)
			}
		} else {
			outcomes = append(outcomes, x)
		}
		for _, y := range outcomes {
			if int(y.lastWin) != me || r.typ[y.lastCards[me]] == tJoker {
				continue
			}
			gained := y.at[me] &^ s.at[me]
			won := pv[strings.Index(pv, "won: ")+len("won: "):]
			switch {
			case gained == 0 && !strings.HasPrefix(won, "nothing"):
				fail("the combat moved nothing")
			case gained != 0 && strings.HasPrefix(won, "nothing"):
				fail("the combat moved %s", s.piecesText(gained, gained))
			case (gained&s.at[r.src()] != 0) != strings.Contains(won, "takes "):
				fail("the combat took %s from the red dragon", s.piecesText(gained&s.at[r.src()], gained))
			case (gained&s.at[1-me] != 0) != strings.Contains(won, "steals "):
				fail("the combat stole %s", s.piecesText(gained&s.at[1-me], gained))
			}
			if gained == 0 {
				checked["nothing"]++
				continue
			}
			n := y.measure(y.at[me])
			want := fmt.Sprintf("you %d/%d", n, r.target)
			if y.phase == phOver && y.end == endWin && int(y.winner) == me {
				want = fmt.Sprintf("you win (%d/%d)", n, r.target)
			}
			if !strings.HasSuffix(won, want) {
				fail("the combat leaves %q", want)
			}
			if gained&s.at[r.src()] != 0 {
				checked["takes"]++
			} else {
				checked["steals"]++
			}
		}
	}
}
