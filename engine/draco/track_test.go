package draco

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// BenchmarkRandomGameTracked is BenchmarkRandomGame with component tracking on.
func BenchmarkRandomGameTracked(b *testing.B) {
	for players := 2; players <= 5; players++ {
		b.Run(fmt.Sprintf("%dp", players), func(b *testing.B) {
			enginetest.BenchRandomGamesTracked(b, enginetest.Lookup(b, "draco"), players, nil)
		})
	}
}

var names = enginetest.TrackedNames

// tracked builds a layout that records components.
func tracked(t *testing.T, l layout) *State {
	t.Helper()
	s := build(t, len(l.ride), l)
	s.SetTracking(true)
	return s
}

func wantNames(t *testing.T, s *State, seat int, event string, want ...string) {
	t.Helper()
	if got := names(t, s, seat, event); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
		t.Fatalf("seat %d %s: %q, want %q", seat, event, got, want)
	}
}

func TestDR02_Components(t *testing.T) {
	s := newGame(t, 3)
	want := "blue dragon|brown dragon|black dragon|red dragon|yellow dragon|green dragon|grey dragon|" +
		"light blue dragon|purple dragon|orange dragon|switch|stay|small scoring|big scoring|summit arrival|" +
		"discard|summit rider|card 1|card 2|card 3|card 4|card 5"
	if got := strings.Join(s.Components(), "|"); got != want {
		t.Fatalf("components %s", got)
	}
	// The largest value list still fits.
	p := DefaultParams()
	p.CardValues = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
	p.HandSize = 3
	if n := len(newGameP(t, 2, p).Components()); n != 10+16+numAch || n > engine.MaxComponents {
		t.Fatalf("%d components", n)
	}
}

// DR-5: the dragon ridden from the start and the opening hand are dealt; later cards drawn.
func TestDR05_StartingDragonAndHandDealt(t *testing.T) {
	s := newGame(t, 3)
	s.SetTracking(true)
	s.Reset(11)
	for seat := 0; seat < 3; seat++ {
		want := []string{colourNames[s.ride[seat]] + " dragon"}
		vals := map[int]bool{}
		for _, k := range s.hand[seat][:s.handLen[seat]] {
			vals[int(s.r.cardValue[k&15])] = true
		}
		for v := 1; v <= 5; v++ {
			if vals[v] {
				want = append(want, fmt.Sprintf("card %d", v))
			}
		}
		wantNames(t, s, seat, "dealt", want...)
		for _, e := range []string{"drawn", "played", "switched", "final", "achieved"} {
			wantNames(t, s, seat, e)
		}
	}
}

// DR-7, DR-8, DR-10: a play is recorded with its value; a forced switch records the new
// dragon and the achievement; the card drawn after it is drawn.
func TestDR08_SwitchRecorded(t *testing.T) {
	s := tracked(t, layout{
		pos:   map[string]int{"red": 1},
		ride:  []string{"blue", "black"},
		hands: [][]string{{"red 2", "blue 1"}, {"black 1"}},
		pile:  []string{"green 5"},
	})
	play(t, s, "red 2") // red is free and not last: seat 0 must ride it
	wantNames(t, s, 0, "played", "card 2")
	wantNames(t, s, 0, "switched", "red dragon")
	wantNames(t, s, 0, "achieved", "switch")
	wantNames(t, s, 0, "drawn", "card 5")
	// A free dragon in last place: "stay" is recorded, no switch.
	s = tracked(t, layout{
		ride:  []string{"blue", "black"},
		hands: [][]string{{"brown 1", "blue 1"}, {"black 1"}},
	})
	play(t, s, "brown 1 stay")
	wantNames(t, s, 0, "switched")
	wantNames(t, s, 0, "achieved", "stay")
}

// DR-9, DR-11, DR-13: scorings, the summit arrival, discards, the dragon ridden at the end.
func TestDR09_ScoringArrivalDiscardEnd(t *testing.T) {
	s := tracked(t, layout{
		pos:   map[string]int{"green": 24, "orange": 23, "red": 6, "blue": 6},
		ride:  []string{"blue", "red"},
		hands: [][]string{{"blue 5", "green 1"}, {"red 1", "red 2"}},
	})
	s.onSummit = 1<<colourOf(t, "green") | 1<<colourOf(t, "orange")
	play(t, s, "blue 5") // 6 → 11, green square: big scoring
	wantNames(t, s, 0, "achieved", "big scoring")
	play(t, s, "red 1") // 6 → 7: no scoring, seat 1 has no summit card: it draws
	s.trk.bits = [MaxPlayers][numEvents]uint64{}
	s.pos[colourOf(t, "red")] = 21
	s.recount()
	// Seat 0 plays blue 1 (11 → 12, no scoring) and may discard its summit cards.
	s.hand[0][0], s.handLen[0] = kindOf(t, s, "orange 1"), 1
	s.insert(0, kindOf(t, s, "blue 1"))
	play(t, s, "blue 1")
	play(t, s, "discard orange 1")
	wantNames(t, s, 0, "achieved", "discard")
	play(t, s, "red 2") // seat 1: red 21 → 23, the third arrival ends the game
	if !s.Terminal() {
		t.Fatal("the game did not end")
	}
	wantNames(t, s, 1, "achieved", "big scoring", "summit arrival", "summit rider")
	wantNames(t, s, 1, "final", "red dragon")
	wantNames(t, s, 0, "final", "blue dragon")
	// A blue square: small scoring.
	s = tracked(t, layout{ride: []string{"blue", "red"}, hands: [][]string{{"blue 4"}, {"red 1"}}})
	play(t, s, "blue 4")
	wantNames(t, s, 0, "achieved", "small scoring")
}

// Over random games every component is touched by each event that applies to it, and by
// no other.
func TestDR_TrackedEventsCover(t *testing.T) {
	for players := 2; players <= 5; players++ {
		s := newGame(t, players)
		u := enginetest.EventUnion(s, 5, 400)
		comps := s.Components()
		dragons, ach, cards := comps[:NumDragons], comps[compAch:compValue], comps[compValue:]
		for e, want := range map[string][]string{
			"dealt":    slices.Concat(dragons, cards),
			"drawn":    cards,
			"played":   cards,
			"switched": dragons,
			"final":    dragons,
			"achieved": ach,
		} {
			if !reflect.DeepEqual(u[e], want) {
				t.Errorf("%dp %s: %q, want %q", players, e, u[e], want)
			}
		}
	}
}

// DR-8, DR-9, DR-11, DR-16, DR-17: action classes.
func TestDR16_ActionClasses(t *testing.T) {
	s := build(t, 2, layout{
		pos:    map[string]int{"red": 1, "green": 25, "yellow": 20, "black": 6},
		summit: []string{"green"},
		ride:   []string{"blue", "black"},
		hands:  [][]string{{"blue 4", "black 1", "red 2", "brown 1", "green 1", "yellow 5"}, {"black 2"}},
	})
	for text, want := range map[string]string{
		"blue 4":       "move-own score-small play-4",
		"black 1":      "move-other play-1",
		"red 2":        "switch-dragon move-free play-2",
		"brown 1 ride": "switch-dragon move-free play-1",
		"brown 1 stay": "stay move-free play-1",
		"green 1":      "switch-dragon move-free move-summit play-1",
		"yellow 5":     "switch-dragon move-free reach-summit score-big play-5",
	} {
		a, err := s.ParseAction(text)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(enginetest.ClassNames(t, s, a), " "); got != want {
			t.Errorf("%s: %q, want %q", text, got, want)
		}
	}
	// The discard step.
	s = build(t, 2, layout{
		pos:    map[string]int{"green": 25},
		summit: []string{"green"},
		ride:   []string{"blue", "black"},
		hands:  [][]string{{"blue 1", "green 3"}, {"black 2"}},
	})
	play(t, s, "blue 1")
	for text, want := range map[string]string{"discard green 3": "discard", "done": "done"} {
		a, err := s.ParseAction(text)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(enginetest.ClassNames(t, s, a), " "); got != want {
			t.Errorf("%s: %q, want %q", text, got, want)
		}
	}
}

// seatBonus counts in the score and the result (DR-14): a game seat 0 wins by d points is
// shared with a bonus of d for seat 1 and won by seat 1 with d+1; zeros change nothing.
func TestSeatBonus_ChangesTheWinner(t *testing.T) {
	g := enginetest.Lookup(t, "draco")
	play := func(bonus []int, seed uint64) (engine.State, []float64, []string) {
		p := DefaultParams()
		p.SeatBonus = bonus
		s, err := g.NewGame(p, 2, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRNG(seed)
		var log []string
		enginetest.TraceRandomGame(s, &r, func(st enginetest.TraceStep) { log = append(log, st.Text) })
		out := make([]float64, 2)
		s.Result(out)
		return s, out, log
	}
	for seed := uint64(1); seed < 1000; seed++ {
		s, out, log := play(nil, seed)
		d := int(s.Score(0) - s.Score(1))
		if out[0] != 1 || d <= 0 {
			continue
		}
		for _, zeros := range [][]int{{}, {0, 0}} {
			_, zout, zlog := play(zeros, seed)
			if !slices.Equal(zlog, log) || !slices.Equal(zout, out) {
				t.Fatalf("seatBonus %v changes the game", zeros)
			}
		}
		b, bout, blog := play([]int{0, d + 1}, seed)
		if !slices.Equal(blog, log) || b.Score(1) != s.Score(1)+float64(d+1) || bout[1] != 1 || bout[0] != 0 {
			t.Fatalf("bonus %d: scores %v %v, result %v", d+1, b.Score(0), b.Score(1), bout)
		}
		if _, tout, _ := play([]int{0, d}, seed); tout[0] != 0.5 || tout[1] != 0.5 {
			t.Fatalf("bonus %d: result %v, want a shared win", d, tout)
		}
		return
	}
	t.Fatal("no game won by seat 0 in 1000")
}

// seatBonus is validated: none or one value per seat, within range.
func TestSeatBonus_Validate(t *testing.T) {
	g := enginetest.Lookup(t, "draco")
	for _, tc := range []struct {
		set     string
		players int
		ok      bool
	}{
		{"seatBonus=[]", 3, true}, {"seatBonus=[0,1,2]", 3, true}, {"seatBonus=[0,1]", 3, false},
		{"seatBonus=[0,0,0,0,0,0]", 5, false}, {"seatBonus=[0,-100]", 2, false}, {"seatBonus=[-99,99]", 2, true},
	} {
		p := g.DefaultParams()
		if err := engine.SetParam(g, p, tc.set); err != nil {
			t.Fatal(err)
		}
		err := p.Validate(tc.players)
		if (err == nil) != tc.ok || err != nil && !strings.HasPrefix(err.Error(), "seatBonus") {
			t.Errorf("%s with %d players: %v", tc.set, tc.players, err)
		}
	}
}

// BenchmarkTrackingCost plays the same random games with tracking off and on, in
// alternating blocks, and reports the median ratio on/off (load-robust).
func BenchmarkTrackingCost(b *testing.B) {
	for _, n := range []int{2, 5} {
		b.Run(fmt.Sprintf("%dp", n), func(b *testing.B) {
			enginetest.BenchTrackingCost(b, enginetest.Lookup(b, "draco"), n, nil)
		})
	}
}
