package agents

import (
	"sync/atomic"
	"testing"
	"time"

	"dragonlab/engine"
)

// A search polls the run's stop flag, so a stop ends even a decision of
// 100,000,000 iterations at once (within stopPoll iterations), through every searching
// kind and every wrapper; agents that do not search say they do not poll.
func TestStopEndsALongSearch(t *testing.T) {
	g, err := engine.Lookup("draco")
	if err != nil {
		t.Fatal(err)
	}
	stopEndsSearches(t, setup{name: "draco/3p", game: g, players: 3}, true)
	// Inside a round of secret simultaneous choices (the simultaneous node): the
	// rock-paper-scissors toy, whose every decision is one.
	for _, u := range setups() {
		if u.name == "rps/2p" {
			if _, _, in := engine.SecretRound(u.opening(t)); !in {
				t.Fatal("rps/2p: the opening is not a secret round")
			}
			stopEndsSearches(t, u, false)
			return
		}
	}
	t.Fatal("no rps/2p setup")
}

// stopEndsSearches checks every searching kind on u's opening position (restrict too when
// the game has action classes).
func stopEndsSearches(t *testing.T, u setup, classes bool) {
	s := u.opening(t)
	type kind struct {
		spec  string
		polls bool
	}
	cases := []kind{
		{"mcts:iters=100000000", true},
		{"mcts:iters=100000000,prior=2,depth=4,reuse=true", true},
		{"oracle:iters=100000000", true},
		{"pimc:k=10000,iters=100000000", true},
		{"expert:iters=100000000", true},
		{"noisy:base=(mcts:iters=100000000),eps=0.1", true},
		{"random", false},
		{"greedy", false},
		{"softmax:base=greedy,t=0.5", false},
		{"noisy:base=greedy,eps=0.1", false},
	}
	if classes {
		cases = append(cases, kind{"restrict:base=(expert:iters=100000000),forbid=" + firstClass(t, s), true})
	}
	for _, c := range cases {
		a := mustParse(t, c.spec).New()
		stop := new(atomic.Bool)
		if got := SetStop(a, stop); got != c.polls {
			t.Errorf("%s %s: SetStop says it polls: %v, want %v", u.name, c.spec, got, c.polls)
		}
		if !c.polls {
			continue
		}
		stop.Store(true)
		r := engine.NewRNG(1)
		start := time.Now()
		for i := 0; i < 3; i++ { // the first decision, and the ones after it (expert: settings resolved)
			st := s.Clone()
			a.Act(st, &r)
		}
		// The iteration count below is the exact check; the clock only catches a search
		// that ignores the flag where iterations are not counted. An unstopped decision
		// of 100,000,000 iterations takes many minutes, so a minute stays far from it and
		// from a loaded machine's slowest stopped decisions (seconds).
		if d := time.Since(start); d > time.Minute {
			t.Errorf("%s %s: three stopped decisions took %v", u.name, c.spec, d)
		}
		if it := iterationsOf(a); it > 3*stopPoll {
			t.Errorf("%s %s: %d iterations in three stopped decisions, want at most %d", u.name, c.spec, it, 3*stopPoll)
		}
	}
}

// firstClass names an action class of s's game, for a restricted agent.
func firstClass(t *testing.T, s engine.State) string {
	cl, ok := s.(engine.ActionClasser)
	if !ok || len(cl.ActionClasses()) == 0 {
		t.Fatal("draco has no action classes")
	}
	return cl.ActionClasses()[0]
}

// Polling the stop flag costs nothing: a decision allocates nothing with a flag set up.
func TestStopFlagAllocatesNothing(t *testing.T) {
	g, err := engine.Lookup("draco")
	if err != nil {
		t.Fatal(err)
	}
	s := setup{name: "draco/3p", game: g, players: 3}.opening(t)
	m := mustParse(t, "mcts:iters=3000").New()
	SetStop(m, new(atomic.Bool))
	r := engine.NewRNG(1)
	m.Act(s, &r)
	if n := testing.AllocsPerRun(5, func() { m.Act(s, &r) }); n != 0 {
		t.Fatalf("a decision of 3000 iterations with a stop flag allocates %.1f times", n)
	}
}

// Unbounded inputs: the largest iteration budget reserves an arena of
// at most maxNodes nodes (40 MB), not iters+1 (4 GB for iters=100000000).
func TestHugeIterationBudgetReservesABoundedArena(t *testing.T) {
	g, err := engine.Lookup("draco")
	if err != nil {
		t.Fatal(err)
	}
	s := setup{name: "draco/3p", game: g, players: 3}.opening(t)
	for _, spec := range []string{"mcts:iters=100000000", "mcts:iters=100000000,reuse=true", "mcts:iters=100000000,prior=2"} {
		m := mustParse(t, spec).New().(*MCTS)
		stop := new(atomic.Bool)
		stop.Store(true)
		m.SetStop(stop)
		r := engine.NewRNG(1)
		m.Act(s, &r)
		if c := max(cap(m.nodes), cap(m.spare)); c > 2*maxNodes { // reuse: room for two trees
			t.Errorf("%s reserves an arena of %d nodes, want at most %d", spec, c, 2*maxNodes)
		}
	}
}
