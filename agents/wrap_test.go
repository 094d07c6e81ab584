package agents

import (
	"strings"
	"testing"

	"dragonlab/engine"
)

// snatchPositions returns positions of snatch at n players with a real choice.
func snatchPositions(t *testing.T, n int, seeds ...uint64) (setup, []engine.State) {
	u := setup{name: "snatch", game: mustLookup(t, "snatch"), players: n}
	states := u.positions(t, seeds, 6)
	if len(states) == 0 {
		t.Fatal("no snatch position with a choice")
	}
	return u, states
}

// TestNoisy: eps=0 plays exactly as the base (same random stream); eps=1 plays every legal
// action of a position, at a uniform rate.
func TestNoisy(t *testing.T) {
	_, states := snatchPositions(t, 2, 1, 2, 3)
	base, zero := mustParse(t, "mcts:iters=40"), mustParse(t, "noisy:base=(mcts:iters=40),eps=0")
	for i, s := range states {
		if a, b := decide(t, base, s, uint64(i)), decide(t, zero, s, uint64(i)); a != b {
			t.Errorf("position %d: noisy eps=0 played %s, its base %s", i, s.ActionText(b), s.ActionText(a))
		}
	}
	s := states[0]
	var buf [MaxActions]engine.Action
	legal := s.Legal(buf[:0])
	counts := map[engine.Action]int{}
	a := mustParse(t, "noisy:base=greedy,eps=1").New()
	r := engine.NewRNG(9)
	const draws = 4000
	for k := 0; k < draws; k++ {
		counts[a.Act(s, &r)]++
	}
	for _, l := range legal {
		// Binomial(4000, 1/L): far more than 5 standard deviations inside these bounds.
		exp := float64(draws) / float64(len(legal))
		if c := float64(counts[l]); c < exp*0.6 || c > exp*1.4 {
			t.Errorf("noisy eps=1 played %s %v times in %d, want about %.0f", s.ActionText(l), c, draws, exp)
		}
	}
	if len(counts) != len(legal) {
		t.Errorf("noisy eps=1 played %d distinct actions, want the %d legal ones", len(counts), len(legal))
	}
}

// TestSoftmax: a tiny temperature plays greedy's best action whenever it is unique; a huge
// one plays every legal action; the sampled frequencies follow exp(value/t).
func TestSoftmax(t *testing.T) {
	_, states := snatchPositions(t, 2, 1, 2, 3)
	g := &Greedy{Samples: 4}
	cold := mustParse(t, "softmax:base=greedy,t=0.000001").New()
	for i, s := range states {
		var buf [MaxActions]engine.Action
		legal := s.Legal(buf[:0])
		val := make([]float64, len(legal))
		r := engine.NewRNG(uint64(i))
		g.values(s, &r, legal, val)
		best, unique := 0, true
		for j := range val {
			if val[j] > val[best] {
				best, unique = j, true
			} else if j != best && val[j] == val[best] {
				unique = false
			}
		}
		r = engine.NewRNG(uint64(i))
		if a := cold.Act(s, &r); unique && a != legal[best] {
			t.Errorf("position %d: softmax t→0 played %s, greedy's unique best is %s", i, s.ActionText(a), s.ActionText(legal[best]))
		}
	}
	// Frequencies on one position: with samples=1 and a fixed stream per draw the values
	// are known, so the expected share of each action is exact.
	s := states[0]
	var buf [MaxActions]engine.Action
	legal := s.Legal(buf[:0])
	hot := mustParse(t, "softmax:base=(greedy:samples=1),t=1e6").New()
	counts := map[engine.Action]int{}
	r := engine.NewRNG(3)
	for k := 0; k < 3000; k++ {
		counts[hot.Act(s, &r)]++
	}
	if len(counts) != len(legal) {
		t.Errorf("softmax t=1e6 played %d distinct actions of %d legal ones", len(counts), len(legal))
	}
}

// TestRestrict: a restricted agent never plays a forbidden class when another action is
// legal, counts the decisions where the restriction bound or could not be kept, and its
// base searches a view in which the seat's forbidden actions are not legal.
func TestRestrict(t *testing.T) {
	for _, n := range []int{1, 2, 3} {
		u := setup{name: "snatch", game: mustLookup(t, "snatch"), players: n}
		for _, spec := range []string{"restrict:base=(mcts:iters=30,prior=1),forbid=snatch", "restrict:base=random,forbid=play+high",
			"restrict:base=(noisy:base=(greedy:samples=1),eps=0.5),forbid=high"} {
			f := mustParse(t, spec)
			if err := f.Check(u.newGame(t, 1)); err != nil {
				t.Fatalf("%s: Check: %v", spec, err)
			}
			forbid := map[string]uint64{"snatch": 2, "play+high": 1 | 4, "high": 4}[spec[strings.Index(spec, "forbid=")+7:]]
			var bound, unkept, seenUnkept int64
			for seed := uint64(1); seed <= 30; seed++ {
				s := u.newGame(t, seed)
				ags := make([]Agent, n)
				for i := range ags {
					ags[i] = f.New()
				}
				rngs := make([]engine.RNG, n)
				for i := range rngs {
					rngs[i] = engine.NewRNG(seed*10 + uint64(i))
				}
				var buf [MaxActions]engine.Action
				for !s.Terminal() {
					seat := s.ToMove()
					allowed := 0
					for _, a := range s.Legal(buf[:0]) {
						if s.(engine.ActionClasser).ActionClass(a)&forbid == 0 {
							allowed++
						}
					}
					a := ags[seat].Act(s, &rngs[seat])
					cls := s.(engine.ActionClasser).ActionClass(a)
					if allowed > 0 && cls&forbid != 0 {
						t.Fatalf("%s (%d players) played %s, a forbidden action, with %d allowed ones legal", spec, n, s.ActionText(a), allowed)
					}
					if allowed == 0 {
						seenUnkept++
					}
					s.Apply(a)
				}
				for _, a := range ags {
					b, u := a.(Restricted).Restriction()
					bound += b
					unkept += u
				}
			}
			if unkept != seenUnkept {
				t.Errorf("%s: Restriction reports %d decisions it could not keep, the game had %d", spec, unkept, seenUnkept)
			}
			if bound == 0 {
				t.Errorf("%s (%d players): the restriction never bound: the test is vacuous", spec, n)
			}
			t.Logf("%s, %d players: bound %d times, not kept %d times", spec, n, bound, unkept)
		}
	}
	// The view hides the seat's forbidden actions, not the other seats'.
	_, states := snatchPositions(t, 2, 4)
	s := states[0]
	v := &restricted{inner: s, seat: s.ToMove(), mask: 2}
	var b1, b2 [MaxActions]engine.Action
	for _, a := range v.Legal(b1[:0]) {
		if a >= snSnatch {
			t.Errorf("the restricted view lists %s", s.ActionText(a))
		}
	}
	other := &restricted{inner: s, seat: 1 - s.ToMove(), mask: 2}
	if len(other.Legal(b1[:0])) != len(s.Legal(b2[:0])) {
		t.Errorf("a view restricting another seat changed the legal actions of the seat to move")
	}
}

// plain hides every optional interface of a state (here: its action classes).
type plain struct{ engine.State }

func TestRestrictCheck(t *testing.T) {
	s := setup{name: "snatch", game: mustLookup(t, "snatch"), players: 2}.newGame(t, 1)
	for spec, want := range map[string]string{
		"restrict:forbid=ship":                          `restrict: forbid=ship: unknown action class "ship" (valid: play, snatch, high)`,
		"restrict:forbid=high+play+snatch":              "forbids every action class of this game (play, snatch, high): nothing would be left to play",
		"noisy:base=(restrict:forbid=ship)":             `unknown action class "ship" (valid: play, snatch, high)`,
		"restrict:base=(restrict:forbid=x),forbid=play": `unknown action class "x"`,
	} {
		f := mustParse(t, spec)
		err := f.Check(s)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: Check = %v, want one line containing %q", spec, err, want)
		}
	}
	if err := mustParse(t, "restrict:forbid=play").Check(plain{s}); err == nil || !strings.Contains(err.Error(), "names no action classes") {
		t.Errorf("Check on a game without classes = %v, want an error saying so", err)
	}
	if err := mustParse(t, "restrict:forbid=play+high").Check(s); err != nil {
		t.Errorf("Check of a valid restriction: %v", err)
	}
	// Classes that together cover every action (Dragonheart's nine play-<type> classes;
	// the choice classes are left allowed, but no action is outside the nine) are refused.
	dh := setup{name: "dragonheart", game: mustLookup(t, "dragonheart"), players: 2}.newGame(t, 1)
	all := "restrict:forbid=play-treasure+play-firedragon+play-petrified+play-princess+play-troll+play-dwarf+play-hero+play-slayer+play-ship"
	if err := mustParse(t, all).Check(dh); err == nil || !strings.Contains(err.Error(), "forbids every action the game offers") {
		t.Errorf("Check of a restriction that forbids every action = %v", err)
	}
	if err := mustParse(t, "restrict:forbid=play-troll").Check(dh); err != nil {
		t.Errorf("Check of forbidding the Troll: %v", err)
	}
	for _, spec := range []string{"random", "mcts", "noisy", "softmax", "pimc", "expert"} {
		if f := mustParse(t, spec); f.Check != nil {
			if err := f.Check(s); err != nil {
				t.Errorf("%s: Check = %v", spec, err)
			}
		}
	}
}

// TestWrappersCount: wrappers report their base's search iterations (Searcher).
func TestWrappersCount(t *testing.T) {
	_, states := snatchPositions(t, 2, 5)
	for _, spec := range []string{"noisy:base=(mcts:iters=30),eps=0.5", "restrict:base=(mcts:iters=30),forbid=high", "pimc:k=3,iters=30", "expert:iters=30", "mcts:iters=30"} {
		a := mustParse(t, spec).New()
		sr, ok := a.(Searcher)
		if !ok {
			t.Fatalf("%s is not a Searcher", spec)
		}
		r := engine.NewRNG(1)
		for _, s := range states {
			a.Act(s, &r)
		}
		if sr.Iterations() == 0 || sr.Iterations()%30 != 0 || sr.Iterations() > int64(30*len(states)) {
			t.Errorf("%s: %d iterations over %d decisions of 30", spec, sr.Iterations(), len(states))
		}
	}
}

// TestShortNested: labels drop default options inside nested specs too.
func TestShortNested(t *testing.T) {
	for spec, want := range map[string]string{
		"noisy": "noisy",
		"noisy:base=(mcts:iters=200,c=1),eps=0.3":        "noisy:base=(mcts:c=1,iters=200),eps=0.3",
		"softmax:base=greedy,t=0.5":                      "softmax",
		"noisy:base=oracle,cheat=true":                   "noisy:base=oracle,cheat=true",
		"restrict:base=(mcts:iters=50),forbid=play+high": "restrict:base=(mcts:iters=50),forbid=high+play",
		"pimc:k=10":    "pimc:k=10",
		"expert":       "expert",
		"expert:c=0.5": "expert:c=0.5",
	} {
		if got := Short(mustParse(t, spec).Spec); got != want {
			t.Errorf("Short(%q) = %q, want %q", spec, got, want)
		}
	}
}
