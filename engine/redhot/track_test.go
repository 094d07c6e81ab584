package redhot

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// BenchmarkRandomGameTracked plays whole random games with component tracking on.
func BenchmarkRandomGameTracked(b *testing.B) {
	for _, n := range []int{2, 5} {
		b.Run(fmt.Sprintf("%dp", n), func(b *testing.B) {
			enginetest.BenchRandomGamesTracked(b, enginetest.Lookup(b, "redhot"), n, nil)
		})
	}
}

// trackedTest is newTest with tracking on.
func trackedTest(t *testing.T, players int) *State {
	s := newTest(t, players, nil)
	s.SetTracking(true)
	return s
}

func wantNames(t *testing.T, s *State, seat int, event string, want ...string) {
	t.Helper()
	got := enginetest.TrackedNames(t, s, seat, event)
	if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
		t.Fatalf("seat %d %s: %q, want %q", seat, event, got, want)
	}
}

// RH-1, RH-2, RH-3: the components.
func TestRH3_Components(t *testing.T) {
	s := newTest(t, 2, nil)
	want := "boots|cape|phoenix|bag|bucket|bellows|stone|hothead|teaser|tough|icebox|" +
		"spot 1|spot 2|spot 3|spot 4|spot 5|spot 6|princess rescued|princess declined|phoenix saved|eliminated"
	if got := strings.Join(s.Components(), "|"); got != want {
		t.Fatalf("components %s", got)
	}
	if got := strings.Join(s.TrackEvents(), "|"); got != "used|burned|achieved" {
		t.Fatalf("events %s", got)
	}
	big := newTest(t, 2, func(p *Params) { p.Spots, p.Treasure = maxSpots, make([]int, maxSpots) })
	if n := len(big.Components()); n != 7+4+maxSpots+numAch || n > engine.MaxComponents {
		t.Fatalf("%d components", n)
	}
}

// RH-9, RH-11: the item used, the adventurer sent and the spot chosen are recorded; an
// adventurer who comes back burned nothing.
func TestRH9_UsedItemRecorded(t *testing.T) {
	s := trackedTest(t, 2)
	stack(s, nil, deck(fc(selMin, selMin))...)
	choose(t, s, "tough+bag", "teaser")
	withDice(t, s, 1, 1, 1)
	place(t, s, 2, 3)
	wantNames(t, s, 0, "used", "bag", "tough", "spot 2")
	wantNames(t, s, 1, "used", "teaser", "spot 3")
	wantNames(t, s, 0, "burned")
	wantNames(t, s, 1, "burned")
}

// RH-8: a Destiny stone played is used.
func TestRH8_StoneRecorded(t *testing.T) {
	s := trackedTest(t, 2)
	stack(s, func(s *State) { s.team[0], s.hall[0] = 0xE, 1<<advHothead }, deck(fc(selMin, selMin))...)
	act(t, s, 0, "stone hothead")
	wantNames(t, s, 0, "used", "stone")
}

// RH-12, RH-14: the burned adventurer, his spot and his item; the Fire cape that saves him
// records nothing burned; the Phoenix feather is an achievement, not a burn.
func TestRH12_BurnedRecorded(t *testing.T) {
	s := trackedTest(t, 2)
	stack(s, nil, deck(fc(selMax, selMax))...)
	choose(t, s, "tough+cape", "tough")
	withDice(t, s, 5, 5, 5) // power 5: the cape's 5 holds, the plain tough's 4 does not
	place(t, s, 1, 2)
	wantNames(t, s, 0, "burned")
	wantNames(t, s, 1, "burned", "tough", "spot 2")
	s = trackedTest(t, 2)
	stack(s, nil, deck(fc(selMax, selMax))...)
	choose(t, s, "tough+cape", "icebox")
	withDice(t, s, 6, 6, 6)
	place(t, s, 1, 2)
	wantNames(t, s, 0, "burned", "cape", "tough", "spot 1")
	wantNames(t, s, 1, "burned", "icebox", "spot 2")
	s = trackedTest(t, 2)
	stack(s, nil, deck(fc(selMax, selMax))...)
	choose(t, s, "hothead+phoenix", "icebox")
	withDice(t, s, 3, 3, 3)
	place(t, s, 1, 6)
	wantNames(t, s, 0, "burned")
	wantNames(t, s, 0, "achieved", "phoenix saved")
}

// RH-15: rescuing the princess and declining her are achievements.
func TestRH15_PrincessRecorded(t *testing.T) {
	for _, choice := range []string{"take", "rescue"} {
		s := trackedTest(t, 2)
		stack(s, nil, deck(cardPrincess, fc(selMin, selMin))...)
		choose(t, s, "icebox", "teaser")
		withDice(t, s, 1, 1, 1)
		place(t, s, 1, 3)
		act(t, s, 0, choice)
		want := map[string]string{"take": "princess declined", "rescue": "princess rescued"}[choice]
		wantNames(t, s, 0, "achieved", want)
		wantNames(t, s, 1, "achieved")
	}
}

// RH-10: elimination is an achievement (of sorts).
func TestRH10_EliminationRecorded(t *testing.T) {
	s := trackedTest(t, 3)
	stack(s, func(s *State) { s.team[0], s.hall[0], s.used[0] = 1<<advHothead, 0xE, stoneBit }, deck(fc(selMin, selMin))...)
	choose(t, s, "hothead", "icebox", "icebox")
	withDice(t, s, 3, 3, 3)
	place(t, s, 1, 5, 6)
	wantNames(t, s, 0, "achieved", "eliminated")
	wantNames(t, s, 1, "achieved")
}

// Over random games every component gets every event that applies to it, and no other.
func TestRH_TrackedEventsCover(t *testing.T) {
	for _, players := range []int{2, 5} {
		s := newTest(t, players, nil)
		u := enginetest.EventUnion(s, 9, 400)
		c := s.Components()
		items, advs, spots, ach := c[:compAdv], c[compAdv:compSpot], c[compSpot:compSpot+6], c[compSpot+6:]
		burnable := slices.DeleteFunc(slices.Clone(items), func(n string) bool { return n == "phoenix" || n == "stone" })
		for e, want := range map[string][]string{
			"used":     slices.Concat(items, advs, spots),
			"burned":   slices.Concat(burnable, advs, spots),
			"achieved": ach,
		} {
			if !reflect.DeepEqual(u[e], want) {
				t.Errorf("%dp %s: %q, want %q", players, e, u[e], want)
			}
		}
	}
}

// RH-8, RH-9, RH-11, RH-15, RH-19: action classes.
func TestRH19_ActionClasses(t *testing.T) {
	s := newTest(t, 2, nil)
	cls := func(text string) string {
		t.Helper()
		a, ok := s.ParseAction(text)
		if !ok {
			t.Fatalf("%q not legal: %v", text, texts(s))
		}
		return strings.Join(enginetest.ClassNames(t, s, a), " ")
	}
	stack(s, func(s *State) { s.team[0], s.hall[0] = 0xE, 1<<advHothead }, deck(cardPrincess, fc(selMin, selMin))...)
	for text, want := range map[string]string{"stone hothead": "use-stone", "no stone": "no-stone"} {
		if got := cls(text); got != want {
			t.Errorf("%s: %q, want %q", text, got, want)
		}
	}
	act(t, s, 0, "no stone")
	for text, want := range map[string]string{
		"tough": "send-tough no-item", "tough+cape": "use-cape send-tough", "icebox+bellows": "use-bellows send-icebox",
	} {
		if got := cls(text); got != want {
			t.Errorf("%s: %q, want %q", text, got, want)
		}
	}
	choose(t, s, "icebox", "teaser")
	if got := cls("spot 4"); got != "spot-4" {
		t.Errorf("spot 4: %q", got)
	}
	withDice(t, s, 1, 1, 1)
	place(t, s, 1, 3)
	for text, want := range map[string]string{"take": "take", "rescue": "rescue"} {
		if got := cls(text); got != want {
			t.Errorf("%s: %q, want %q", text, got, want)
		}
	}
}

// seatBonus counts in the score and the result (RH-17): a game seat 0 wins alone by d
// treasures is won by seat 1 with a bonus of d+1 and tied with d (then the rescuer wins,
// or the win is shared); zeros change nothing.
func TestSeatBonus_ChangesTheWinner(t *testing.T) {
	g := enginetest.Lookup(t, "redhot")
	play := func(bonus []int, seed uint64) (*State, []float64, []string) {
		p := DefaultParams()
		p.SeatBonus = bonus
		st, err := g.NewGame(p, 2, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRNG(seed)
		var log []string
		enginetest.TraceRandomGame(st, &r, func(step enginetest.TraceStep) { log = append(log, step.Text) })
		out := make([]float64, 2)
		st.Result(out)
		return st.(*State), out, log
	}
	for seed := uint64(1); seed < 1000; seed++ {
		s, out, log := play(nil, seed)
		d := int(s.Score(0) - s.Score(1))
		if out[0] != 1 || d <= 0 || s.outMask != 0 {
			continue
		}
		for _, zeros := range [][]int{{}, {0, 0}} {
			_, zout, zlog := play(zeros, seed)
			if !slices.Equal(zlog, log) || !slices.Equal(zout, out) {
				t.Fatalf("seatBonus %v changes the game", zeros)
			}
		}
		b, bout, blog := play([]int{0, d + 1}, seed)
		if !slices.Equal(blog, log) || b.Score(1) != s.Score(1)+float64(d+1) || bout[1] != 1 {
			t.Fatalf("bonus %d: scores %v %v, result %v", d+1, b.Score(0), b.Score(1), bout)
		}
		want := []float64{0.5, 0.5}
		if s.rescuer >= 0 {
			want = []float64{0, 0}
			want[s.rescuer] = 1
		}
		if _, tout, _ := play([]int{0, d}, seed); !slices.Equal(tout, want) {
			t.Fatalf("tie with bonus %d: result %v, want %v", d, tout, want)
		}
		return
	}
	t.Fatal("no game won by seat 0 in 1000")
}

// seatBonus is validated: none or one value per seat, within range, one line naming it.
func TestSeatBonus_Validate(t *testing.T) {
	g := enginetest.Lookup(t, "redhot")
	for _, tc := range []struct {
		set     string
		players int
		ok      bool
	}{
		{"seatBonus=[]", 4, true}, {"seatBonus=[0,1,2,3]", 4, true}, {"seatBonus=[0,1]", 4, false},
		{"seatBonus=[100,0]", 2, false}, {"seatBonus=[-5,5]", 2, true},
	} {
		p := g.DefaultParams()
		if err := engine.SetParam(g, p, tc.set); err != nil {
			t.Fatal(err)
		}
		_, err := g.NewGame(p, tc.players, 1)
		if (err == nil) != tc.ok || err != nil && (!strings.Contains(err.Error(), "seatBonus") || strings.Contains(err.Error(), "\n")) {
			t.Errorf("%s with %d players: %v", tc.set, tc.players, err)
		}
	}
}

// BenchmarkTrackingCost plays the same random games with tracking off and on, in
// alternating blocks, and reports the median ratio on/off (load-robust).
func BenchmarkTrackingCost(b *testing.B) {
	for _, n := range []int{2, 5} {
		b.Run(fmt.Sprintf("%dp", n), func(b *testing.B) {
			enginetest.BenchTrackingCost(b, enginetest.Lookup(b, "redhot"), n, nil)
		})
	}
}
