package redhot

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// trace plays one game from seed with a fixed uniform random policy and returns the text
// trace: the start, every decision with its Narrate lines, the final scores and result.
func trace(t *testing.T, seed uint64, players int) string {
	t.Helper()
	st := enginetest.NewGame(t, "redhot", nil, players, seed).(*State)
	var b strings.Builder
	fmt.Fprintf(&b, "redhot seed %d, %d players, uniform random policy (policy seed %d)\n", seed, players, seed)
	b.WriteString(st.Describe() + "\n")
	r := engine.NewRNG(seed)
	enginetest.TraceRandomGame(st, &r, func(d enginetest.TraceStep) {
		fmt.Fprintf(&b, "seat %d: %s\n", d.Seat, d.Text)
		for _, l := range d.Narration {
			b.WriteString("  " + l + "\n")
		}
	})
	out := make([]float64, players)
	st.Result(out)
	b.WriteString(st.Describe() + "\n")
	fmt.Fprintf(&b, "result: %v\n", out)
	return b.String()
}

func TestGoldenTraces(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		for _, players := range []int{2, 5} {
			name := fmt.Sprintf("golden_seed%d_%dp.txt", seed, players)
			t.Run(name, func(t *testing.T) {
				enginetest.Golden(t, filepath.Join("testdata", name), []byte(trace(t, seed, players)))
			})
		}
	}
}

// Narrate shows the cards turned, the dice, power and range, who burned and who was
// saved, the princess and the treasure gained.
func TestNarrate(t *testing.T) {
	s := newTest(t, 3, nil)
	stack(s, nil, deck(cardPrincess, cardSecond, fc(selMax, selMin), fc(selMed, selMed))...)
	choose(t, s, "icebox+bellows", "hothead+phoenix", "teaser")
	withDice(t, s, 3, 3, 3, 1, 2, 2)
	var lines []string
	for s.phase == phasePlace {
		before := s.Clone()
		sp := map[int]string{0: "spot 1", 1: "spot 2", 2: "spot 3"}[s.ToMove()]
		a, _ := s.ParseAction(sp)
		s.Apply(a)
		lines = append(lines, s.Narrate(before, a)...)
	}
	withDice(t, s, 5, 6)
	before := s.Clone()
	act(t, s, 0, "rescue")
	lines = append(lines, s.Narrate(before, actRescue)...)
	got := strings.Join(lines, "\n")
	for _, want := range []string{
		"flame 1: dice 3 3 3 -> power MAX 3, range MIN 3; +1 (1 bellows) -> power 4, range 4",
		"seat 1 hothead on spot 2 (resistance 2) burns, saved by the Phoenix feather",
		"seat 2 teaser on spot 3 (resistance 3) burns",
		"seat 0 icebox on spot 1 (resistance 5) resists",
		"flame 2: dice 1 2 2 -> power MAX 2, range MIN 1; +1 (1 bellows) -> power 3, range 2",
		"seat 0 survives on spot 1 while the princess is held: take or rescue",
		"seat 0 rescues the princess: the king's reward is 5+6 = 11 treasures",
		"scores: seat 0 11, seat 1 0, seat 2 0",
		"round 2, first player seat 1: dragon card MED/MED -> power MED, range MED",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("narration lacks %q:\n%s", want, got)
		}
	}
	if d := s.Describe(); !strings.Contains(d, "rescued the princess") || !strings.Contains(d, "hall teaser") {
		t.Errorf("Describe:\n%s", d)
	}
}
