package enginetest

// Conformance checks of the optional interfaces engine.Tracker (components) and
// engine.ActionClasser (action classes), run by Run for every game that implements them.

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"dragonlab/engine"
)

// runTracking adds the Tracker and ActionClasser checks to Run.
func runTracking(t *testing.T, name string, newState func(uint64) engine.State, o Options) {
	t.Helper()
	s := newState(1)
	if _, ok := s.(engine.Tracker); ok {
		t.Run(name+"/Tracker/Lists", func(t *testing.T) { checkTrackerLists(t, newState) })
		t.Run(name+"/Tracker/OnOffSameGame", func(t *testing.T) { checkTrackingInert(t, newState, o) })
		t.Run(name+"/Tracker/RecordsBoundedMonotoneLive", func(t *testing.T) { checkTrackedBits(t, newState, o) })
		t.Run(name+"/Tracker/ResetClearsCopyKeeps", func(t *testing.T) { checkTrackedReset(t, newState, o) })
		t.Run(name+"/Tracker/ZeroAllocs", func(t *testing.T) { checkTrackedAllocs(t, newState) })
	}
	if _, ok := s.(engine.Lengther); ok {
		t.Run(name+"/Lengther/NonDecreasing", func(t *testing.T) { checkLength(t, newState, o) })
	}
	if _, ok := s.(engine.ActionClasser); ok {
		t.Run(name+"/ActionClasser/Classes", func(t *testing.T) { checkClasses(t, newState, o) })
		if _, ok := s.(engine.ChoiceClasser); ok {
			t.Run(name+"/ChoiceClasser/Classes", func(t *testing.T) { checkChoiceClasses(t, newState) })
		}
	}
}

// validComponent: lower case, no commas, not empty, no surrounding space.
func validComponent(n string) bool {
	return n != "" && n == strings.ToLower(n) && !strings.Contains(n, ",") && n == strings.TrimSpace(n)
}

// validClass: lower case letters, digits and '-'.
func validClass(n string) bool {
	if n == "" {
		return false
	}
	for _, c := range n {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

func distinct(t testing.TB, what string, names []string, valid func(string) bool) {
	t.Helper()
	seen := map[string]bool{}
	for _, n := range names {
		if !valid(n) {
			t.Errorf("%s name %q is not valid", what, n)
		}
		if seen[n] {
			t.Errorf("%s name %q appears twice", what, n)
		}
		seen[n] = true
	}
}

// checkTrackerLists: valid, distinct names within MaxComponents; the same lists for every
// game with the same rules, before and after play.
func checkTrackerLists(t testing.TB, newState func(uint64) engine.State) {
	a := newState(1).(engine.Tracker)
	comps, events := slices.Clone(a.Components()), slices.Clone(a.TrackEvents())
	if len(comps) == 0 || len(comps) > engine.MaxComponents {
		t.Fatalf("%d components; want 1..%d", len(comps), engine.MaxComponents)
	}
	if len(events) == 0 || len(events) > 64 {
		t.Fatalf("%d events; want 1..64", len(events))
	}
	distinct(t, "component", comps, validComponent)
	distinct(t, "event", events, validComponent)
	b := newState(77)
	r := engine.NewRNG(5)
	PlayRandom(b, &r, nil)
	for _, s := range []engine.Tracker{a, b.(engine.Tracker)} {
		if !slices.Equal(s.Components(), comps) || !slices.Equal(s.TrackEvents(), events) {
			t.Fatalf("the component or event list changes between games with the same rules")
		}
	}
}

// tracked is every record of s: [seat][event] bitsets.
func tracked(s engine.State) [][]uint64 {
	tr := s.(engine.Tracker)
	out := make([][]uint64, s.Players())
	for seat := range out {
		out[seat] = make([]uint64, len(tr.TrackEvents()))
		for e := range out[seat] {
			out[seat][e] = tr.Tracked(seat, e)
		}
	}
	return out
}

func anyTracked(rec [][]uint64) bool {
	for _, row := range rec {
		for _, b := range row {
			if b != 0 {
				return true
			}
		}
	}
	return false
}

// checkTrackingInert: recording is off by default, and turning it on changes nothing in
// the game: the same seed and policy give the same actions, views and result.
func checkTrackingInert(t testing.TB, newState func(uint64) engine.State, o Options) {
	for i := 0; i < o.Games/4+1; i++ {
		seed := uint64(i)*13 + 5
		off, on := newState(seed), newState(0)
		on.(engine.Tracker).SetTracking(true)
		on.Reset(seed)
		ra, rb := engine.NewRNG(uint64(i)), engine.NewRNG(uint64(i))
		var la, lb []string
		trajectoryObs(t, off, &ra, o, &la)
		trajectoryObs(t, on, &rb, o, &lb)
		if fmt.Sprint(la) != fmt.Sprint(lb) {
			t.Fatalf("seed %d: the game with tracking on differs from the game with tracking off", seed)
		}
		if anyTracked(tracked(off)) {
			t.Fatalf("seed %d: a state records components without SetTracking(true)", seed)
		}
		if !anyTracked(tracked(on)) {
			t.Fatalf("seed %d: SetTracking(true) recorded nothing in a whole game", seed)
		}
	}
}

// checkTrackedBits: bits only within the component list; records only grow during a game;
// a "dealt" record is fixed by Reset; over the games every component has some event and
// every event some component (no dead entries), except Options.RareComponents.
func checkTrackedBits(t testing.TB, newState func(uint64) engine.State, o Options) {
	s := newState(0)
	tr := s.(engine.Tracker)
	tr.SetTracking(true)
	nc := len(tr.Components())
	limit := ^uint64(0)
	if nc < 64 {
		limit = 1<<nc - 1
	}
	dealt := slices.Index(tr.TrackEvents(), "dealt")
	events := len(tr.TrackEvents())
	compSeen := uint64(0)
	eventSeen := make([]bool, events)
	for i := 0; i < o.Games; i++ {
		s.Reset(uint64(i) + 31337)
		r := engine.NewRNG(uint64(i) + 3)
		prev := tracked(s)
		first := prev
		trajectory(t, s, &r, o, func(s engine.State) {
			cur := tracked(s)
			for seat := range cur {
				for e, b := range cur[seat] {
					if b&^limit != 0 {
						t.Fatalf("Tracked(%d, %s) = %#x has bits beyond the %d components", seat, tr.TrackEvents()[e], b, nc)
					}
					if prev[seat][e]&^b != 0 {
						t.Fatalf("Tracked(%d, %s) lost bits during the game: %#x then %#x", seat, tr.TrackEvents()[e], prev[seat][e], b)
					}
					if e == dealt && b != first[seat][e] {
						t.Fatalf("Tracked(%d, dealt) changed after Reset: %#x then %#x", seat, first[seat][e], b)
					}
				}
			}
			prev = cur
		})
		for seat, row := range tracked(s) {
			for e, b := range row {
				if b&^limit != 0 {
					t.Fatalf("Tracked(%d, %s) = %#x at the end has bits beyond the %d components", seat, tr.TrackEvents()[e], b, nc)
				}
				if prev[seat][e]&^b != 0 {
					t.Fatalf("Tracked(%d, %s) lost bits in the last move: %#x then %#x", seat, tr.TrackEvents()[e], prev[seat][e], b)
				}
				compSeen |= b
				eventSeen[e] = eventSeen[e] || b != 0
			}
		}
	}
	for c, name := range tr.Components() {
		if compSeen&(1<<c) == 0 && !slices.Contains(o.RareComponents, name) {
			t.Errorf("component %q recorded no event in %d random games (dead component?)", name, o.Games)
		}
	}
	for e, ok := range eventSeen {
		if !ok {
			t.Errorf("event %q never happened in %d random games", tr.TrackEvents()[e], o.Games)
		}
	}
}

// checkTrackedReset: Reset clears the records and keeps the setting; Clone and CopyFrom
// copy the records and the setting, and the copies go on recording identically.
func checkTrackedReset(t testing.TB, newState func(uint64) engine.State, o Options) {
	for i := 0; i < o.Games/8+1; i++ {
		s := newState(0)
		s.(engine.Tracker).SetTracking(true)
		s.Reset(uint64(i) + 600)
		r := engine.NewRNG(uint64(i))
		stop := r.IntN(40)
		var buf [512]engine.Action
		for n := 0; n < stop && !s.Terminal(); n++ {
			legal := s.Legal(buf[:0])
			s.Apply(legal[r.IntN(len(legal))])
		}
		c := s.Clone()
		d := newState(1)
		d.CopyFrom(s)
		if fmt.Sprint(tracked(c)) != fmt.Sprint(tracked(s)) || fmt.Sprint(tracked(d)) != fmt.Sprint(tracked(s)) {
			t.Fatalf("game %d: Clone or CopyFrom does not copy the records", i)
		}
		ra, rb, rc := r, r, r
		PlayRandom(s, &ra, nil)
		PlayRandom(c, &rb, nil)
		PlayRandom(d, &rc, nil)
		want := fmt.Sprint(tracked(s))
		if fmt.Sprint(tracked(c)) != want || fmt.Sprint(tracked(d)) != want {
			t.Fatalf("game %d: a copied state records differently from its original", i)
		}
		if !anyTracked(tracked(s)) {
			t.Fatalf("game %d: nothing recorded", i)
		}
		// Reset clears and keeps the setting: the next game records from scratch, exactly
		// as a fresh state with tracking on records it.
		s.Reset(uint64(i) + 9000)
		fresh := newState(0)
		fresh.(engine.Tracker).SetTracking(true)
		fresh.Reset(uint64(i) + 9000)
		if fmt.Sprint(tracked(s)) != fmt.Sprint(tracked(fresh)) {
			t.Fatalf("game %d: records after Reset %v, want those of a fresh game %v", i, tracked(s), tracked(fresh))
		}
		ra, rb = engine.NewRNG(1), engine.NewRNG(1)
		PlayRandom(s, &ra, nil)
		PlayRandom(fresh, &rb, nil)
		if fmt.Sprint(tracked(s)) != fmt.Sprint(tracked(fresh)) || !anyTracked(tracked(s)) {
			t.Fatalf("game %d: Reset did not keep tracking on, or left stale records", i)
		}
		// Turning it off: the next game records nothing.
		s.(engine.Tracker).SetTracking(false)
		s.Reset(uint64(i) + 9001)
		PlayRandom(s, &ra, nil)
		if anyTracked(tracked(s)) {
			t.Fatalf("game %d: SetTracking(false) then Reset still records", i)
		}
	}
}

// checkTrackedAllocs: a whole game with tracking on, records read at the end, allocates
// nothing.
func checkTrackedAllocs(t testing.TB, newState func(uint64) engine.State) {
	s := newState(1)
	tr := s.(engine.Tracker)
	tr.SetTracking(true)
	events := len(tr.TrackEvents())
	sink := uint64(0)
	r := engine.NewRNG(3)
	allocs := AllocsPerGame(50, s, &r, func(uint64) {
		for seat := 0; seat < s.Players(); seat++ {
			for e := 0; e < events; e++ {
				sink |= tr.Tracked(seat, e)
			}
		}
		sink |= uint64(len(tr.Components()))
	})
	if allocs != 0 {
		t.Fatalf("a random game with tracking on allocates %.1f times; want 0", allocs)
	}
	if sink == 0 {
		t.Fatal("nothing recorded in 50 games")
	}
}

// checkClasses: valid distinct class names, the same list for every game with the same
// rules; ActionClass bits within the list, pure and allocation-free; every class met in
// random games except Options.RareClasses.
func checkClasses(t testing.TB, newState func(uint64) engine.State, o Options) {
	s := newState(0)
	ac := s.(engine.ActionClasser)
	names := slices.Clone(ac.ActionClasses())
	if len(names) == 0 || len(names) > 64 {
		t.Fatalf("%d action classes; want 1..64", len(names))
	}
	distinct(t, "action class", names, validClass)
	limit := ^uint64(0)
	if len(names) < 64 {
		limit = 1<<len(names) - 1
	}
	seen := uint64(0)
	var buf [512]engine.Action
	for i := 0; i < o.Games; i++ {
		s.Reset(uint64(i) + 2718)
		r := engine.NewRNG(uint64(i) + 11)
		trajectory(t, s, &r, o, func(s engine.State) {
			ac := s.(engine.ActionClasser)
			view := string(s.Observe(s.ToMove(), nil))
			for _, a := range s.Legal(buf[:0]) {
				c := ac.ActionClass(a)
				if c&^limit != 0 {
					t.Fatalf("ActionClass(%s) = %#x has bits beyond the %d classes", s.ActionText(a), c, len(names))
				}
				if c != ac.ActionClass(a) {
					t.Fatalf("ActionClass(%s) is not a function of the state", s.ActionText(a))
				}
				seen |= c
			}
			if string(s.Observe(s.ToMove(), nil)) != view {
				t.Fatal("ActionClass changed the state")
			}
		})
		if !slices.Equal(s.(engine.ActionClasser).ActionClasses(), names) {
			t.Fatal("the action class list changes between games with the same rules")
		}
	}
	for c, n := range names {
		if seen&(1<<c) == 0 && !slices.Contains(o.RareClasses, n) {
			t.Errorf("action class %q never met among the legal actions of %d random games", n, o.Games)
		}
	}
	// Zero allocations: classify every legal action of a whole game.
	r := engine.NewRNG(9)
	sink := uint64(0)
	allocs := testing.AllocsPerRun(20, func() {
		s.Reset(r.Uint64())
		for !s.Terminal() {
			legal := s.Legal(buf[:0])
			for _, a := range legal {
				sink |= ac.ActionClass(a)
			}
			sink |= uint64(len(ac.ActionClasses()))
			s.Apply(legal[r.IntN(len(legal))])
		}
	})
	if allocs != 0 || sink == 0 {
		t.Fatalf("classifying the actions of a game allocates %.1f times; want 0", allocs)
	}
}

// Helpers for the games' own component and class tests.

// TrackedNames lists the components on which the named event happened to seat so far in
// s's game (a fatal error if s does not track or has no such event).
func TrackedNames(t testing.TB, s engine.State, seat int, event string) []string {
	t.Helper()
	tr, ok := s.(engine.Tracker)
	if !ok {
		t.Fatalf("%T does not implement engine.Tracker", s)
	}
	e := slices.Index(tr.TrackEvents(), event)
	if e < 0 {
		t.Fatalf("no event %q (events: %v)", event, tr.TrackEvents())
	}
	return BitNames(tr.Components(), tr.Tracked(seat, e))
}

// BitNames lists names[i] for every bit i of set.
func BitNames(names []string, set uint64) []string {
	out := []string{}
	for i, n := range names {
		if set&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// ClassNames lists the action classes of a, legal in s.
func ClassNames(t testing.TB, s engine.State, a engine.Action) []string {
	t.Helper()
	ac, ok := s.(engine.ActionClasser)
	if !ok {
		t.Fatalf("%T does not implement engine.ActionClasser", s)
	}
	return BitNames(ac.ActionClasses(), ac.ActionClass(a))
}

// EventUnion plays games random games on s with tracking on (game g dealt by
// Reset(DeriveSeed(seed, g))) and returns, per event name, the components on which the
// event happened to some seat in some game (sorted as in Components).
func EventUnion(s engine.State, seed uint64, games int) map[string][]string {
	tr := s.(engine.Tracker)
	tr.SetTracking(true)
	union := make([]uint64, len(tr.TrackEvents()))
	r := engine.NewRNG(seed)
	PlayRandomGames(s, &r, seed, games, func(int, []float64) {
		for seat := 0; seat < s.Players(); seat++ {
			for e := range union {
				union[e] |= tr.Tracked(seat, e)
			}
		}
	})
	out := map[string][]string{}
	for e, name := range tr.TrackEvents() {
		out[name] = BitNames(tr.Components(), union[e])
	}
	return out
}

// checkChoiceClasses: the choice classes are classes of the game's list.
func checkChoiceClasses(t *testing.T, newState func(uint64) engine.State) {
	s := newState(1)
	n := len(s.(engine.ActionClasser).ActionClasses())
	if c := s.(engine.ChoiceClasser).ChoiceClasses(); n < 64 && c>>n != 0 {
		t.Fatalf("choice classes %b beyond the %d classes", c, n)
	}
}

// ChoiceTwins checks over random games that every legal action of a choice class
// (engine.ChoiceClasser) has a twin: another legal action outside that class which, by
// same (the game's own test), spends the same things.
func ChoiceTwins(t *testing.T, newState func(uint64) engine.State, games int, same func(s engine.State, a, b engine.Action) bool) {
	t.Helper()
	var buf [512]engine.Action
	checked := 0
	for g := 0; g < games; g++ {
		s := newState(uint64(g))
		ac := s.(engine.ActionClasser)
		choice := s.(engine.ChoiceClasser).ChoiceClasses()
		r := engine.NewRNG(uint64(g) + 7)
		for !s.Terminal() {
			legal := s.Legal(buf[:0])
			for _, a := range legal {
				for m := ac.ActionClass(a) & choice; m != 0; m &= m - 1 {
					k := uint64(1) << bits.TrailingZeros64(m)
					twin := false
					for _, b := range legal {
						if b != a && ac.ActionClass(b)&k == 0 && same(s, a, b) {
							twin = true
							break
						}
					}
					if !twin {
						t.Fatalf("game %d: %q is in choice class %s and has no twin outside it among %v",
							g, s.ActionText(a), ac.ActionClasses()[bits.TrailingZeros64(k)], LegalTexts(s))
					}
					checked++
				}
			}
			s.Apply(legal[r.IntN(len(legal))])
		}
	}
	if checked == 0 {
		t.Fatal("no action of a choice class was ever legal")
	}
}

// checkLength: a game's length never decreases, is never negative, and moves in most
// games; its unit is named.
func checkLength(t *testing.T, newState func(uint64) engine.State, o Options) {
	moved := 0
	for i := 0; i < o.Games/4+1; i++ {
		s := newState(uint64(i) + 31)
		l := s.(engine.Lengther)
		if l.LengthUnit() == "" {
			t.Fatal("no length unit")
		}
		start, last := l.Length(), l.Length()
		r := engine.NewRNG(uint64(i))
		trajectory(t, s, &r, o, func(s engine.State) {
			n := s.(engine.Lengther).Length()
			if n < last || n < 0 {
				t.Fatalf("game %d: length %d after %d", i, n, last)
			}
			last = n
		})
		if n := l.Length(); n < last {
			t.Fatalf("game %d: length %d at the end, %d before", i, n, last)
		} else if n > start {
			moved++
		}
	}
	if moved == 0 {
		t.Fatal("no game's length ever moved")
	}
}
