package enginetest

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"dragonlab/engine"
	_ "dragonlab/engine/all"
)

// TestEveryGameTracksAndClassifies: every registered game, at every player count,
// implements engine.Tracker and engine.ActionClasser, so the conformance checks run.
func TestEveryGameTracksAndClassifies(t *testing.T) {
	for _, g := range engine.Games() {
		for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
			s, err := g.NewGame(nil, n, 1)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := s.(engine.Tracker); !ok {
				t.Errorf("%s %dp does not implement engine.Tracker", g.Name, n)
			}
			if _, ok := s.(engine.ActionClasser); !ok {
				t.Errorf("%s %dp does not implement engine.ActionClasser", g.Name, n)
			}
		}
	}
}

// mutant wraps a real game and breaks one promise of the Tracker or ActionClasser
// contract, to show that the checks catch it.
type mutant struct {
	engine.State
	mode  string
	stale uint64 // "sticky": a record Reset forgets to clear
}

func (m *mutant) tr() engine.Tracker       { return m.State.(engine.Tracker) }
func (m *mutant) ac() engine.ActionClasser { return m.State.(engine.ActionClasser) }

func (m *mutant) Clone() engine.State { c := *m; c.State = m.State.Clone(); return &c }
func (m *mutant) CopyFrom(src engine.State) {
	o := src.(*mutant)
	m.State.CopyFrom(o.State)
	m.mode, m.stale = o.mode, o.stale
}
func (m *mutant) Apply(a engine.Action) {
	m.State.Apply(a)
	if m.mode == "sticky" && m.on() {
		m.stale = 1
	}
}
func (m *mutant) on() bool {
	return m.tr().Tracked(0, 0)|m.tr().Tracked(1, 0)|m.tr().Tracked(0, 2) != 0
}

// Legal: "meddling" plays differently when tracking is on.
func (m *mutant) Legal(buf []engine.Action) []engine.Action {
	l := m.State.Legal(buf)
	if m.mode == "meddling" && m.on() {
		slices.Reverse(l)
	}
	return l
}

func (m *mutant) Components() []string  { return m.tr().Components() }
func (m *mutant) TrackEvents() []string { return m.tr().TrackEvents() }
func (m *mutant) SetTracking(on bool)   { m.tr().SetTracking(on) }
func (m *mutant) Tracked(seat, event int) uint64 {
	x := m.tr().Tracked(seat, event)
	switch m.mode {
	case "beyond":
		x |= 1 << 63
	case "sticky":
		x |= m.stale
	case "forgetful": // records shrink during the game
		if x != 0 && m.State.Terminal() {
			x &= x - 1
		}
	}
	return x
}

func (m *mutant) ActionClasses() []string {
	if m.mode == "badnames" {
		return []string{"play ship", "play-ship", "play-ship"}
	}
	return m.ac().ActionClasses()
}
func (m *mutant) ActionClass(a engine.Action) uint64 {
	if m.mode == "classbeyond" {
		return 1 << 40
	}
	return m.ac().ActionClass(a)
}

// failure runs check on a recorder (Fatal stops the check) and returns the first failure.
func failure(check func(testing.TB)) string {
	r := &recorder{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		check(r)
	}()
	<-done
	return r.failure
}

type recorder struct {
	testing.TB
	failure string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	if r.failure == "" {
		r.failure = fmt.Sprintf(format, args...)
	}
}
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...); runtime.Goexit() }
func (r *recorder) Fatal(args ...any)                 { r.Fatalf("%s", fmt.Sprint(args...)) }

// TestChecksCatchBrokenTrackers: each broken promise fails its check with a clear message;
// the unbroken game passes every check.
func TestChecksCatchBrokenTrackers(t *testing.T) {
	g, err := engine.Lookup("dragonheart")
	if err != nil {
		t.Fatal(err)
	}
	newState := func(mode string) func(uint64) engine.State {
		return func(seed uint64) engine.State {
			s, err := g.NewGame(nil, 2, seed)
			if err != nil {
				t.Fatal(err)
			}
			return &mutant{State: s, mode: mode}
		}
	}
	o := Options{Games: 40, MaxDecisions: 400}
	checks := map[string]func(testing.TB, func(uint64) engine.State, Options){
		"lists":   func(t testing.TB, n func(uint64) engine.State, _ Options) { checkTrackerLists(t, n) },
		"inert":   checkTrackingInert,
		"bits":    checkTrackedBits,
		"reset":   checkTrackedReset,
		"allocs":  func(t testing.TB, n func(uint64) engine.State, _ Options) { checkTrackedAllocs(t, n) },
		"classes": checkClasses,
	}
	for name, check := range checks {
		if f := failure(func(t testing.TB) { check(t, newState(""), o) }); f != "" {
			t.Errorf("check %s fails an unbroken game: %s", name, f)
		}
	}
	for _, tc := range []struct{ mode, check, want string }{
		{"beyond", "bits", "beyond the"},
		{"forgetful", "bits", "lost bits"},
		{"sticky", "reset", "records after Reset"},
		{"meddling", "inert", "tracking on differs"},
		{"badnames", "classes", "is not valid"},
		{"classbeyond", "classes", "beyond the"},
	} {
		f := failure(func(t testing.TB) { checks[tc.check](t, newState(tc.mode), o) })
		if !strings.Contains(f, tc.want) {
			t.Errorf("mode %s, check %s: failure %q, want one containing %q", tc.mode, tc.check, f, tc.want)
		}
	}
}

// chanceMutant wraps a real game and breaks one promise of the ChanceEvents contract.
type chanceMutant struct {
	engine.State
	mode string
}

func (m *chanceMutant) ce() engine.ChanceEvents { return m.State.(engine.ChanceEvents) }
func (m *chanceMutant) Clone() engine.State {
	return &chanceMutant{State: m.State.Clone(), mode: m.mode}
}
func (m *chanceMutant) CopyFrom(src engine.State) { m.State.CopyFrom(src.(*chanceMutant).State) }

// wrapHook hands the mutant, not the state inside it, to the hook.
type wrapHook struct {
	h engine.ChanceHook
	m *chanceMutant
}

func (w wrapHook) BeforeChance(engine.State) { w.h.BeforeChance(w.m) }
func (w wrapHook) AfterChance(engine.State)  { w.h.AfterChance(w.m) }

func (m *chanceMutant) ChanceKinds() []string { return m.ce().ChanceKinds() }
func (m *chanceMutant) ChanceKind() int       { return m.ce().ChanceKind() }
func (m *chanceMutant) ResetObserved(seed uint64, h engine.ChanceHook) {
	m.ce().ResetObserved(seed, wrapHook{h, m})
}
func (m *chanceMutant) ApplyObserved(a engine.Action, h engine.ChanceHook) {
	if m.mode == "meddling" {
		m.State.Reseed(7) // observing changes the game
	}
	m.ce().ApplyObserved(a, wrapHook{h, m})
}
func (m *chanceMutant) ChanceOutcomes(buf []engine.ChanceOutcome) []engine.ChanceOutcome {
	buf = m.ce().ChanceOutcomes(buf)
	switch {
	case m.mode == "loaded" && len(buf) > 1:
		buf[0].Weight *= 3 // a wrong probability
	case m.mode == "unlisted" && len(buf) > 1:
		buf = buf[1:]
	}
	return buf
}
func (m *chanceMutant) ForceChance(o engine.ChanceOutcome) { m.ce().ForceChance(o) }
func (m *chanceMutant) FeatureSet() (string, []string) {
	return m.State.(engine.ValueFeatures).FeatureSet()
}
func (m *chanceMutant) Features(out []float64) { m.State.(engine.ValueFeatures).Features(out) }

// TestChecksCatchBrokenChance: each broken promise of ChanceEvents fails its check; the
// unbroken game passes.
func TestChecksCatchBrokenChance(t *testing.T) {
	newState := func(mode string) func(uint64) engine.State {
		return func(seed uint64) engine.State {
			s, err := engine.Lookup("dragonheart")
			if err != nil {
				t.Fatal(err)
			}
			st, err := s.NewGame(nil, 2, seed)
			if err != nil {
				t.Fatal(err)
			}
			return &chanceMutant{State: st, mode: mode}
		}
	}
	o := Options{Games: 100, MaxDecisions: 400}
	checks := map[string]func(testing.TB, func(uint64) engine.State, Options){
		"same":  checkObservedSameGame,
		"exact": checkChanceExact,
	}
	for name, check := range checks {
		if f := failure(func(t testing.TB) { check(t, newState(""), o) }); f != "" {
			t.Errorf("check %s fails an unbroken game: %s", name, f)
		}
	}
	for _, tc := range []struct{ mode, check, want string }{
		{"meddling", "same", "differs from the plain game"},
		{"loaded", "exact", "do not follow the listed probabilities"},
		{"unlisted", "exact", "no listed outcome gives"},
	} {
		f := failure(func(t testing.TB) { checks[tc.check](t, newState(tc.mode), o) })
		if !strings.Contains(f, tc.want) {
			t.Errorf("mode %s, check %s: failure %q, want one containing %q", tc.mode, tc.check, f, tc.want)
		}
	}
}
