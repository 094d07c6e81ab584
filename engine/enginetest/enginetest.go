// Package enginetest is the conformance harness every game's tests call (in the spirit of
// testing/fstest): random games end, Legal is never empty before the end, the same seed
// gives the same game, a copy plays on identically, Determinize changes nothing the
// observer can see, results are well formed, the state names its game (engine.Namer) as
// the registry does, and a whole game allocates nothing; for games with components
// (engine.Tracker) and action classes (engine.ActionClasser), that recording changes
// nothing in the game, is cleared by Reset and copied with the state, stays within the
// lists and allocates nothing, and that classes are well formed.
package enginetest

import (
	"bytes"
	"fmt"
	"math"
	"testing"

	"dragonlab/engine"
)

// Options tune the harness for one game.
type Options struct {
	Games        int // random games per check (default 200)
	MaxDecisions int // a game must end within this many decisions (default 10000)
	// RareComponents are engine.Tracker components that may record nothing in Games random
	// games (a rare achievement), and RareClasses action classes that may never be legal in
	// them; every other component and class must show up (no dead entries).
	RareComponents []string
	RareClasses    []string
}

// Run runs every conformance check on game with the given players and params
// (nil params: defaults).
func Run(t *testing.T, g engine.Game, players int, p engine.Params, o Options) {
	t.Helper()
	if o.Games == 0 {
		o.Games = 200
	}
	if o.MaxDecisions == 0 {
		o.MaxDecisions = 10000
	}
	if p == nil {
		p = g.DefaultParams()
	}
	newState := func(seed uint64) engine.State {
		s, err := g.NewGame(p, players, seed)
		if err != nil {
			t.Fatalf("NewGame: %v", err)
		}
		return s
	}
	name := fmt.Sprintf("%s/%dp", g.Name, players)
	t.Run(name+"/NamesItsGame", func(t *testing.T) { checkName(t, g, newState(1)) })
	t.Run(name+"/GamesEndAndLegalNonEmpty", func(t *testing.T) { checkEnds(t, newState, o) })
	t.Run(name+"/SameSeedSameGame", func(t *testing.T) { checkSameSeed(t, newState, o) })
	t.Run(name+"/CopyPlaysOnIdentically", func(t *testing.T) { checkCopy(t, newState, o) })
	t.Run(name+"/DeterminizeKeepsObserverView", func(t *testing.T) { checkDeterminize(t, newState, o) })
	t.Run(name+"/DeterminizeIsCanonical", func(t *testing.T) { checkCanonical(t, newState, o) })
	t.Run(name+"/ZeroAllocsPerGame", func(t *testing.T) { checkAllocs(t, newState, o) })
	runTracking(t, name, newState, o)
	runChance(t, name, newState, o)
}

// checkName checks that the state names its game (engine.Namer) as the registry does.
func checkName(t *testing.T, g engine.Game, s engine.State) {
	n, ok := s.(engine.Namer)
	if !ok {
		t.Fatalf("%s: the state %T does not implement engine.Namer (GameName() string)", g.Name, s)
	}
	reg, err := engine.Lookup(n.GameName())
	if err != nil || reg.Name != g.Name {
		t.Fatalf("%s: the state names its game %q, not the name it is registered under", g.Name, n.GameName())
	}
}

// trajectory plays s to the end with uniform random choices from r, calling visit
// before every decision, and returns the text of every action taken.
func trajectory(t testing.TB, s engine.State, r *engine.RNG, o Options, visit func(engine.State)) []string {
	t.Helper()
	var buf [512]engine.Action
	var log []string
	for n := 0; !s.Terminal(); n++ {
		if n >= o.MaxDecisions {
			t.Fatalf("game did not end within %d decisions", o.MaxDecisions)
		}
		legal := s.Legal(buf[:0])
		if len(legal) == 0 {
			t.Fatalf("Legal is empty before the end (decision %d)", n)
		}
		seen := map[string]bool{}
		for _, a := range legal {
			txt := s.ActionText(a)
			if txt == "" || seen[txt] {
				t.Fatalf("legal action %d has empty or duplicate text %q", a, txt)
			}
			seen[txt] = true
		}
		if visit != nil {
			visit(s)
		}
		a := legal[r.IntN(len(legal))]
		log = append(log, fmt.Sprintf("%d:%s", s.ToMove(), s.ActionText(a)))
		s.Apply(a)
	}
	return log
}

func checkEnds(t *testing.T, newState func(uint64) engine.State, o Options) {
	for i := 0; i < o.Games; i++ {
		s := newState(uint64(i))
		r := engine.NewRNG(uint64(i) + 1e6)
		trajectory(t, s, &r, o, func(s engine.State) {
			if m := s.ToMove(); m < 0 || m >= s.Players() {
				t.Fatalf("ToMove %d out of range", m)
			}
		})
		out := make([]float64, s.Players())
		s.Result(out)
		checkResult(t, out)
	}
}

// checkResult: each entry is 0 or 1/k where k is the number of non-zero entries.
func checkResult(t *testing.T, out []float64) {
	t.Helper()
	k := 0
	for _, v := range out {
		if v != 0 {
			k++
		}
	}
	for _, v := range out {
		if v != 0 && math.Abs(v-1/float64(k)) > 1e-12 {
			t.Fatalf("Result %v: a shared win must give 1/k to each of k winners", out)
		}
	}
}

func checkSameSeed(t *testing.T, newState func(uint64) engine.State, o Options) {
	for i := 0; i < o.Games/4+1; i++ {
		r1, r2 := engine.NewRNG(uint64(i)), engine.NewRNG(uint64(i))
		a := trajectory(t, newState(uint64(i)*7+3), &r1, o, nil)
		b := trajectory(t, newState(uint64(i)*7+3), &r2, o, nil)
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Fatalf("seed %d: two games from the same seed differ", i)
		}
		// Reset on a used state must give the same game too.
		s := newState(99)
		r3 := engine.NewRNG(uint64(i))
		trajectory(t, s, &r3, o, nil)
		s.Reset(uint64(i)*7 + 3)
		r4 := engine.NewRNG(uint64(i))
		c := trajectory(t, s, &r4, o, nil)
		if fmt.Sprint(a) != fmt.Sprint(c) {
			t.Fatalf("seed %d: Reset on a used state gives another game", i)
		}
	}
}

func checkCopy(t *testing.T, newState func(uint64) engine.State, o Options) {
	for i := 0; i < o.Games/4+1; i++ {
		s := newState(uint64(i) + 500)
		r := engine.NewRNG(uint64(i))
		// Walk a random number of decisions in, then fork.
		stop := r.IntN(40)
		var buf [512]engine.Action
		for n := 0; n < stop && !s.Terminal(); n++ {
			legal := s.Legal(buf[:0])
			s.Apply(legal[r.IntN(len(legal))])
		}
		c := s.Clone()
		d := newState(1)
		d.CopyFrom(s)
		ra, rb, rc := r, r, r
		a := trajectory(t, s, &ra, o, nil)
		b := trajectory(t, c, &rb, o, nil)
		e := trajectory(t, d, &rc, o, nil)
		if fmt.Sprint(a) != fmt.Sprint(b) || fmt.Sprint(a) != fmt.Sprint(e) {
			t.Fatalf("game %d: a copied state plays on differently from its original", i)
		}
	}
}

func checkDeterminize(t *testing.T, newState func(uint64) engine.State, o Options) {
	var legalA, legalB [512]engine.Action
	for i := 0; i < o.Games/4+1; i++ {
		s := newState(uint64(i) + 900)
		r := engine.NewRNG(uint64(i) + 77)
		trajectory(t, s, &r, o, func(s engine.State) {
			for seat := 0; seat < s.Players(); seat++ {
				before := s.Observe(seat, nil)
				d := s.Clone()
				d.Determinize(seat, r.Uint64())
				after := d.Observe(seat, nil)
				if !bytes.Equal(before, after) {
					t.Fatalf("Determinize(%d) changed what seat %d sees", seat, seat)
				}
				if seat == s.ToMove() {
					la, lb := s.Legal(legalA[:0]), d.Legal(legalB[:0])
					if fmt.Sprint(la) != fmt.Sprint(lb) {
						t.Fatalf("Determinize(%d) changed the legal actions of the seat to move", seat)
					}
				}
				// The determinized state must itself be a playable game.
				rr := engine.NewRNG(uint64(seat))
				trajectory(t, d, &rr, o, nil)
			}
		})
	}
}

func checkAllocs(t *testing.T, newState func(uint64) engine.State, o Options) {
	r := engine.NewRNG(3)
	if allocs := AllocsPerGame(50, newState(1), &r, nil); allocs != 0 {
		t.Fatalf("a random game allocates %.1f times; want 0", allocs)
	}
}

// checkCanonical: Determinize depends only on what the observer sees and the seed. Two
// states the observer cannot tell apart (s, and s re-dealt for the observer) determinized
// with the same seed must become the same state — they play on identically. Otherwise an
// honest agent's decision would depend on the arrangement of cards it cannot see, and the
// no-peeking test of the agents could not be passed.
func checkCanonical(t *testing.T, newState func(uint64) engine.State, o Options) {
	for i := 0; i < o.Games/8+1; i++ {
		s := newState(uint64(i) + 4242)
		r := engine.NewRNG(uint64(i) + 99)
		var buf [512]engine.Action
		stop := r.IntN(30)
		for n := 0; n < stop && !s.Terminal(); n++ {
			legal := s.Legal(buf[:0])
			s.Apply(legal[r.IntN(len(legal))])
		}
		if s.Terminal() {
			continue
		}
		for seat := 0; seat < s.Players(); seat++ {
			twin := s.Clone()
			twin.Determinize(seat, r.Uint64()) // indistinguishable from s for seat
			seed := r.Uint64()
			a, b := s.Clone(), twin
			a.Determinize(seat, seed)
			b.Determinize(seat, seed)
			ra, rb := engine.NewRNG(seed), engine.NewRNG(seed)
			var ta, tb []string
			trajectoryObs(t, a, &ra, o, &ta)
			trajectoryObs(t, b, &rb, o, &tb)
			if fmt.Sprint(ta) != fmt.Sprint(tb) {
				t.Fatalf("game %d, seat %d: Determinize(seat, seed) depends on hidden information the seat cannot see (two indistinguishable states give different games)", i, seat)
			}
		}
	}
}

// trajectoryObs plays s out with r, logging every action and every seat's view.
func trajectoryObs(t testing.TB, s engine.State, r *engine.RNG, o Options, log *[]string) {
	t.Helper()
	trajectoryApply(t, s, r, o, log, s.Apply)
}

// trajectoryApply is trajectoryObs with apply playing each action.
func trajectoryApply(t testing.TB, s engine.State, r *engine.RNG, o Options, log *[]string, apply func(engine.Action)) {
	t.Helper()
	var buf [512]engine.Action
	for n := 0; !s.Terminal(); n++ {
		if n >= o.MaxDecisions {
			t.Fatalf("game did not end within %d decisions", o.MaxDecisions)
		}
		for seat := 0; seat < s.Players(); seat++ {
			*log = append(*log, string(s.Observe(seat, nil)))
		}
		legal := s.Legal(buf[:0])
		a := legal[r.IntN(len(legal))]
		*log = append(*log, s.ActionText(a))
		apply(a)
	}
	out := make([]float64, s.Players())
	s.Result(out)
	*log = append(*log, fmt.Sprint(out))
}
