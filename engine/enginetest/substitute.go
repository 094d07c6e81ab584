package enginetest

// Conformance checks of the optional interface engine.Substituter, run by Run for every
// game that implements it and names at least one component.

import (
	"fmt"
	"testing"

	"dragonlab/engine"
)

// runSubstitution adds the Substituter checks to Run.
func runSubstitution(t *testing.T, name string, newState func(uint64) engine.State, o Options) {
	t.Helper()
	sb, ok := newState(1).(engine.Substituter)
	if !ok || len(sb.Substitutes()) == 0 {
		return
	}
	t.Run(name+"/Substituter/Lists", func(t *testing.T) {
		distinct(t, "substitution", sb.Substitutes(), validComponent)
	})
	t.Run(name+"/Substituter/OffSameGame", func(t *testing.T) { checkSubstitutionOff(t, newState, o) })
	t.Run(name+"/Substituter/Applies", func(t *testing.T) { checkSubstitutionApplies(t, newState) })
	// The whole conformance harness again on changed deals: every component once, one
	// more and one fewer in turn, the changed seat taking turns.
	small := o
	small.Games = max(5, o.Games/20)
	players := newState(1).Players()
	for c, comp := range sb.Substitutes() {
		delta := 1 - 2*(c%2)
		seat := (c / 2) % players
		sub := func(seed uint64) engine.State {
			s := newState(seed)
			s.(engine.Substituter).SetSubstitution(seat, c, delta)
			s.Reset(seed)
			return s
		}
		sn := fmt.Sprintf("%s/Substituter/%+d %s seat %d", name, delta, comp, seat)
		t.Run(sn+"/GamesEndAndLegalNonEmpty", func(t *testing.T) { checkEnds(t, sub, small) })
		t.Run(sn+"/SameSeedSameGame", func(t *testing.T) { checkSameSeed(t, sub, small) })
		t.Run(sn+"/CopyPlaysOnIdentically", func(t *testing.T) { checkCopy(t, sub, small) })
		t.Run(sn+"/DeterminizeKeepsObserverView", func(t *testing.T) { checkDeterminize(t, sub, small) })
		t.Run(sn+"/DeterminizeIsCanonical", func(t *testing.T) { checkCanonical(t, sub, small) })
		t.Run(sn+"/ZeroAllocsPerGame", func(t *testing.T) { checkAllocs(t, sub, small) })
	}
}

// checkSubstitutionOff: a setting turned off again deals the game a fresh state deals,
// and says it changed nothing.
func checkSubstitutionOff(t *testing.T, newState func(uint64) engine.State, o Options) {
	for i := 0; i < o.Games/8+1; i++ {
		seed := uint64(i)*13 + 5
		s := newState(seed)
		sb := s.(engine.Substituter)
		sb.SetSubstitution(0, 0, 1)
		sb.SetSubstitution(0, 0, 0)
		s.Reset(seed)
		if sb.Substituted() {
			t.Fatalf("seed %d: Substituted after the setting was turned off", seed)
		}
		r1, r2 := engine.NewRNG(uint64(i)), engine.NewRNG(uint64(i))
		var a, b []string
		trajectoryObs(t, s, &r1, o, &a)
		trajectoryObs(t, newState(seed), &r2, o, &b)
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Fatalf("seed %d: a substitution turned off changes the game", seed)
		}
	}
}

// checkSubstitutionApplies: one more copy of every component applies in most deals, the
// setting survives Reset, and a changed deal differs from the unchanged one somewhere in a
// few deals.
func checkSubstitutionApplies(t *testing.T, newState func(uint64) engine.State) {
	s := newState(1)
	sb := s.(engine.Substituter)
	for c, comp := range sb.Substitutes() {
		for _, delta := range []int{1, -1} {
			applied, differs := 0, 0
			const deals = 40
			for seed := uint64(0); seed < deals; seed++ {
				sb.SetSubstitution(0, c, delta)
				s.Reset(seed)
				if !sb.Substituted() {
					continue
				}
				applied++
				base := newState(seed)
				r1, r2 := engine.NewRNG(seed), engine.NewRNG(seed)
				var a, b []string
				trajectoryObs(t, s, &r1, Options{MaxDecisions: 100000}, &a)
				trajectoryObs(t, base, &r2, Options{MaxDecisions: 100000}, &b)
				if fmt.Sprint(a) != fmt.Sprint(b) {
					differs++
				}
			}
			if delta > 0 && applied < deals/2 {
				t.Errorf("one more %s applied in %d of %d deals", comp, applied, deals)
			}
			if applied > 0 && differs == 0 {
				t.Errorf("%+d %s: applied in %d deals, and none plays differently", delta, comp, applied)
			}
		}
	}
	sb.SetSubstitution(0, 0, 0)
}
