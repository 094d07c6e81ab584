package agents

import (
	"reflect"
	"testing"

	"dragonlab/engine"
)

// memorySpecs are honest agents that remember earlier decisions of the game (tree reuse),
// alone and inside wrappers.
var memorySpecs = []string{
	"mcts:iters=30,reuse=true",
	"mcts:iters=20,prior=1,rollout=greedy,depth=3,reuse=true",
	"noisy:base=(mcts:iters=20,prior=1,reuse=true),eps=0.2",
	"expert:iters=15,reuse=true",
	"expert:iters=15,infer=0.3,iw=16",
	"expert:iters=15,reuse=true,opp=greedy,oppeps=0.2",
	"expert:iters=15,opp=prior",
}

// record plays a game from seed in which agent a (random stream seeded with seed) decides
// for seat 0 and the other seats play at random; it returns the states of seat 0's
// decisions and its actions.
func record(t *testing.T, u setup, a Agent, seed uint64) ([]engine.State, []engine.Action) {
	s := u.newGame(t, seed)
	r, other := engine.NewRNG(seed), engine.NewRNG(seed+1e6)
	var hist []engine.State
	var acts []engine.Action
	var buf [MaxActions]engine.Action
	for !s.Terminal() {
		if s.ToMove() == 0 {
			hist = append(hist, s.Clone())
			act := a.Act(s, &r)
			acts = append(acts, act)
			s.Apply(act)
			continue
		}
		legal := s.Legal(buf[:0])
		s.Apply(legal[other.IntN(len(legal))])
	}
	return hist, acts
}

// TestNoPeekingHistory: an agent that remembers the game's earlier decisions must still
// decide alike in states its seat cannot tell apart after the same history. A fresh agent
// replays seat 0's first k decisions of a recorded game (it must repeat them), then is
// given, instead of the true state of decision k, a re-deal of it for seat 0; it must play
// the recorded action. Decisions right after the seat's own (where the tree is reused) are
// tried first.
func TestNoPeekingHistory(t *testing.T) {
	for _, u := range setups() {
		t.Run(u.name, func(t *testing.T) {
			for _, spec := range memorySpecs {
				f := mustParse(t, spec)
				for _, seed := range []uint64{1} {
					hist, acts := record(t, u, f.New(), seed)
					if !canonicalDeterminize(hist) {
						t.Skipf("%s's Determinize is not canonical", u.game.Name)
					}
					var ks []int // consecutive decisions first, then a few others
					for k := 1; k < len(hist) && len(ks) < 3; k++ {
						next := hist[k-1].Clone()
						next.Apply(acts[k-1])
						if reflect.DeepEqual(next, hist[k]) {
							ks = append(ks, k)
						}
					}
					for k := len(hist) / 3; k < len(hist) && len(ks) < 5; k += max(1, len(hist)/3) {
						ks = append(ks, k)
					}
					for _, k := range ks {
						a := f.New()
						r := engine.NewRNG(seed)
						for j := 0; j < k; j++ {
							if got := a.Act(hist[j], &r); got != acts[j] {
								t.Fatalf("%s: replaying decision %d gave %s, recorded %s: not reproducible", spec, j, hist[j].ActionText(got), hist[j].ActionText(acts[j]))
							}
						}
						twin := hist[k].Clone()
						twin.Determinize(0, uint64(k)*104729+seed)
						if got := a.Act(twin, &r); got != acts[k] {
							t.Errorf("%s peeks after a history: seed %d, decision %d: %s on a re-deal, %s on the true state",
								spec, seed, k, twin.ActionText(got), twin.ActionText(acts[k]))
						}
					}
				}
			}
		})
	}
}

// TestReuseHappens: the tree is reused where a seat decides twice in a row (every
// decision of the solitaire Snatch; often in Red Hot for two), so the history test above
// is not vacuous.
func TestReuseHappens(t *testing.T) {
	u := setup{name: "snatch/1p", game: mustLookup(t, "snatch"), players: 1}
	m := mustParse(t, "mcts:iters=50,reuse=true").New().(*MCTS)
	hist, _ := record(t, u, m, 3)
	if m.reused == 0 {
		t.Errorf("no tree was reused in %d consecutive decisions of the solitaire", len(hist))
	}
	t.Logf("reused the tree in %d of %d decisions", m.reused, len(hist))
}

// TestZeroAllocsGames: whole games between agents with memory and wrappers allocate
// nothing once the agents have played one game (the reused tree is compacted between two
// arenas reserved once).
func TestZeroAllocsGames(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	for _, name := range []string{"snatch/1p", "snatch/3p", "redhot/2p", "draco/2p", "dragonheart/2p", "dragonscales/3p", "dragonscales/2p-hand3", "rps/2p"} {
		var u setup
		for _, v := range setups() {
			if v.name == name {
				u = v
			}
		}
		if u.game.Name == "" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			specs := withRestrict([]string{"mcts:iters=20,prior=1,depth=4,reuse=true", "expert:iters=15", "expert:iters=15,infer=0.3,iw=16", "expert:iters=15,opp=greedy,oppeps=0.2", "pimc:k=3,iters=15,depth=4",
				"noisy:base=(mcts:iters=15,reuse=true),eps=0.3", "softmax:base=greedy,t=1"}, u.newGame(t, 1), "(mcts:iters=15,prior=1,reuse=true)")
			for _, spec := range specs {
				f := mustParse(t, spec)
				ags := make([]Agent, u.players)
				for i := range ags {
					ags[i] = f.New()
				}
				s := u.newGame(t, 1)
				rngs := make([]engine.RNG, u.players)
				seed := uint64(1)
				play := func() {
					s.Reset(seed)
					for i := range rngs {
						rngs[i].Seed(seed*8 + uint64(i))
					}
					for !s.Terminal() {
						seat := s.ToMove()
						s.Apply(ags[seat].Act(s, &rngs[seat]))
					}
					seed++
				}
				play()
				play()
				if allocs := fewestAllocs(2, play); allocs != 0 {
					t.Errorf("%s allocates %.1f times per game after warm-up; want 0", spec, allocs)
				}
			}
		})
	}
}
