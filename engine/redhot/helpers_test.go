package redhot

import (
	"strconv"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// newTest builds a state with the default parameters changed by mod.
func newTest(t testing.TB, players int, mod func(*Params)) *State {
	t.Helper()
	p := DefaultParams()
	if mod != nil {
		mod(p)
	}
	s, err := New(p, players)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// fc is the code of a flame card.
func fc(pow, rng uint8) uint8 { return pow*3 + rng }

// stack starts a fresh game whose Dragon deck is cards (top first), after setup has
// adjusted the seats (nil: none).
func stack(s *State, setup func(*State), cards ...uint8) {
	s.Reset(1)
	if setup != nil {
		setup(s)
	}
	s.deck = [maxCards]uint8{}
	copy(s.deck[:], cards)
	s.deckLen, s.top, s.nDisc = uint8(len(cards)), 0, 0
	s.round, s.fury, s.princess, s.rescuer = 0, false, princessInDeck, -1
	s.startRound()
}

// texts lists the legal actions as text.
var texts = enginetest.LegalTexts

// act plays the action with text txt for seat, which must be to move.
func act(t testing.TB, s *State, seat int, txt string) {
	t.Helper()
	if s.Terminal() {
		t.Fatalf("act %d %q: game over", seat, txt)
	}
	if s.ToMove() != seat {
		t.Fatalf("act %q: seat %d to move, not %d (phase %d)", txt, s.ToMove(), seat, s.phase)
	}
	a, ok := s.ParseAction(txt)
	if !ok {
		t.Fatalf("seat %d: %q is not legal; legal: %s", seat, txt, strings.Join(texts(s), ", "))
	}
	s.Apply(a)
}

// choose makes every secret choice of the round: bySeat[seat] is that seat's choice.
func choose(t testing.TB, s *State, bySeat ...string) {
	t.Helper()
	for s.phase == phaseChoose {
		act(t, s, s.ToMove(), bySeat[s.ToMove()])
	}
}

// place places every adventurer: bySeat[seat] is that seat's spot.
func place(t testing.TB, s *State, bySeat ...int) {
	t.Helper()
	for s.phase == phasePlace {
		seat := s.ToMove()
		act(t, s, seat, "spot "+itoa(bySeat[seat]))
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// withDice reseeds s so that its next dice are vals (0 means any value), rolled the way
// the engine will roll them from this state: the king's reward and Dragon's anger roll
// single dice, a flame with a prediction rolls three at once (roll3).
func withDice(t testing.TB, s *State, vals ...uint8) {
	t.Helper()
	single := s.phase == phasePrincess || s.anger
	for seed := uint64(1); seed < 1<<26; seed++ {
		r := engine.NewRNG(seed)
		ok := true
		for i := 0; ok && i < len(vals); {
			if single {
				d := rollDie(&r)
				ok = vals[i] == 0 || vals[i] == d
				i++
				continue
			}
			d := roll3(&r)
			for j := 0; j < 3 && i < len(vals); j, i = j+1, i+1 {
				ok = ok && (vals[i] == 0 || vals[i] == d[j])
			}
		}
		if ok {
			s.Reseed(seed)
			return
		}
	}
	t.Fatalf("no seed gives dice %v", vals)
}

// skipStones answers "no stone" for every stone decision (helper for rounds that do not test RH-8).
func skipStones(t testing.TB, s *State) {
	t.Helper()
	for s.phase == phaseStone {
		act(t, s, s.ToMove(), "no stone")
	}
}
