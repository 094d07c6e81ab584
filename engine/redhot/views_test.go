package redhot

import (
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// RH-18: each seat's narration and description depend only on what it sees: the secret
// choices of the other seats stay hidden until the reveal.
func TestRH18_ViewsShowOnlyWhatTheSeatSees(t *testing.T) {
	g := enginetest.Lookup(t, "redhot")
	for _, players := range []int{2, 4} {
		st := enginetest.CheckViews(t, g, players, nil, 3, 2)
		if st.Compared == 0 || st.Hidden == 0 {
			t.Fatalf("%d players: the check compared nothing that was hidden: %+v", players, st)
		}
	}
}

// RH-9, RH-18: a secret choice is named to its seat and to the omniscient viewer, hidden
// from the others until the reveal names every choice.
func TestRH18_SecretChoiceNarration(t *testing.T) {
	s := newTest(t, 3, nil)
	stack(s, nil, deck(fc(selMed, selMed))...)
	var lines [3][]string
	var omni []string
	for s.phase == phaseChoose {
		seat := s.ToMove()
		txt := map[int]string{0: "icebox+bellows", 1: "hothead+phoenix", 2: "teaser"}[seat]
		before := s.Clone()
		a, _ := s.ParseAction(txt)
		s.Apply(a)
		for v := range lines {
			lines[v] = append(lines[v], s.NarrateView(before, a, v)...)
		}
		omni = append(omni, s.NarrateView(before, a, engine.Omniscient)...)
		if s.phase == phaseChoose {
			d := s.DescribeView((seat + 1) % 3)
			if strings.Contains(d, txt) || !strings.Contains(d, "has chosen in secret") {
				t.Fatalf("seat %d sees seat %d's pending choice:\n%s", (seat+1)%3, seat, d)
			}
			if !strings.Contains(s.DescribeView(engine.Omniscient), "chose "+txt+" (secret)") {
				t.Fatalf("the omniscient description lacks the pending choice:\n%s", s.DescribeView(engine.Omniscient))
			}
		}
	}
	reveal := "reveal: seat 0 icebox+bellows, seat 1 hothead+phoenix, seat 2 teaser"
	for v, l := range lines {
		got := strings.Join(l, "\n")
		if !strings.Contains(got, reveal) {
			t.Fatalf("seat %d is not told the reveal:\n%s", v, got)
		}
		if n := strings.Count(got, "(secret choice)"); n != 2 {
			t.Fatalf("seat %d: %d hidden choices, want 2:\n%s", v, n, got)
		}
	}
	if got := strings.Join(omni, "\n"); strings.Contains(got, "(secret choice)") || !strings.Contains(got, "hothead+phoenix\n") {
		t.Fatalf("omniscient:\n%s", got)
	}
}

// RH-6: the omniscient deal shows the order of the Dragon deck; a seat is not told it.
func TestRH06_DealNarration(t *testing.T) {
	s := newTest(t, 2, nil)
	omni := s.NarrateResetView(3, engine.Omniscient)
	seat := s.NarrateResetView(3, 0)
	if len(omni) != 2 || !strings.HasPrefix(omni[0], "dragon deck, top first: ") || strings.Count(omni[0], ",") != 19 {
		t.Fatalf("omniscient deal: %q", omni)
	}
	if len(seat) != 1 || seat[0] != omni[1] {
		t.Fatalf("seat deal: %q", seat)
	}
}

// RH-16: the last "scores:" line of the fury round comes before the stone bonus, which is
// announced after it; the final scores include it.
func TestRH16_ScoresLineBeforeStoneBonus(t *testing.T) {
	s := newTest(t, 2, nil)
	stack(s, nil, deck(cardFury, fc(selMin, selMin))...)
	skipStones(t, s)
	choose(t, s, "icebox", "icebox")
	withDice(t, s, 1, 1, 1)
	act(t, s, 0, "spot 1")
	before := *s
	a, _ := s.ParseAction("spot 2")
	s.Apply(a)
	if !s.Terminal() {
		t.Fatal("setup: the fury round did not end the game")
	}
	got := strings.Join(s.Narrate(&before, a), "\n")
	if !strings.Contains(got, "scores: seat 0 6, seat 1 5\n") ||
		!strings.Contains(got, "Destiny stone never played, +3: seat 0, seat 1") ||
		!strings.Contains(got, "final scores: seat 0 9, seat 1 8") {
		t.Fatalf("narration:\n%s", got)
	}
}
