package agents

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"dragonlab/engine"
	_ "dragonlab/engine/all"
	"dragonlab/engine/enginetest"
)

// fairSpecs are the agents that must not peek, in the small sizes the tests use: every
// honest kind, every MCTS enhancement and every wrapper (restrict is added per game, with
// one of the game's own action classes: see withRestrict).
var fairSpecs = []string{
	"random",
	"greedy:samples=2",
	"mcts:iters=300",
	"mcts:iters=100,reward=score,c=1.5",
	"mcts:iters=40,rollout=greedy",
	"mcts:iters=30,rollout=greedy,eps=0.3,depth=5,scale=20",
	"mcts:iters=40,prior=2,depth=4,scale=5",
	"mcts:iters=30,prior=1,rollout=greedy,depth=3,reuse=true",
	"mcts:iters=40,depth=6,reward=score",
	"pimc:k=4,iters=40",
	"pimc:k=3,iters=30,combine=votes,prior=1,depth=4",
	"noisy:base=(mcts:iters=30),eps=0.3",
	"softmax:base=(greedy:samples=2),t=0.5",
	"expert:iters=20",
	"expert:iters=20,infer=0.3",
	"expert:iters=20,v=both",
	"expert:iters=20,opp=greedy",
	"expert:iters=20,opp=greedy,oppeps=0.3",
	"expert:iters=20,opp=prior,oppw=5",
	"expert:iters=40,early=0.5",
}

// withRestrict adds to specs a restricted agent forbidding the first action class of the
// game of s, when it has classes.
func withRestrict(specs []string, s engine.State, base string) []string {
	cl, ok := s.(engine.ActionClasser)
	if !ok || len(cl.ActionClasses()) < 2 {
		return specs
	}
	return append(specs[:len(specs):len(specs)], "restrict:base="+base+",forbid="+cl.ActionClasses()[0])
}

// setup is one game at one player count (and rules: nil for the defaults), as every test
// iterates them.
type setup struct {
	name    string
	game    engine.Game
	players int
	params  engine.Params
}

// setups lists every registered game (the real ones through engine/all, plus the test
// games Snatch and RPS) at every player count it allows, with the default rules, plus
// the variants with decisions of their own: Dragon Scales for two with a hand (DS-16, a
// secret card choice every combat).
func setups() []setup {
	var out []setup
	for _, g := range engine.Games() {
		for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
			out = append(out, setup{name: fmt.Sprintf("%s/%dp", g.Name, n), game: g, players: n})
			if g.Name == "dragonscales" && n == 2 {
				p := g.DefaultParams()
				if err := engine.SetParam(g, p, "duoHand=3"); err != nil {
					panic(err)
				}
				out = append(out, setup{name: "dragonscales/2p-hand3", game: g, players: 2, params: p})
			}
		}
	}
	return out
}

func (u setup) newGame(t testing.TB, seed uint64) engine.State {
	t.Helper()
	s, err := u.game.NewGame(u.params, u.players, seed)
	if err != nil {
		t.Fatalf("%s: %v", u.name, err)
	}
	return s
}

// positions plays random games from the given seeds and returns copies of up to per states
// per game, taken at random decisions where the seat to move has a real choice.
func (u setup) positions(t testing.TB, seeds []uint64, per int) []engine.State {
	t.Helper()
	var out []engine.State
	var buf [MaxActions]engine.Action
	for _, seed := range seeds {
		s := u.newGame(t, seed)
		r := engine.NewRNG(seed ^ 0xabcdef)
		var cand []engine.State
		for n := 0; !s.Terminal(); n++ {
			if n > 100000 {
				t.Fatalf("%s: a random game did not end", u.name)
			}
			legal := s.Legal(buf[:0])
			if len(legal) > 1 {
				cand = append(cand, s.Clone())
			}
			s.Apply(legal[r.IntN(len(legal))])
		}
		for k := 0; k < per && len(cand) > 0; k++ {
			i := r.IntN(len(cand))
			out = append(out, cand[i])
			cand = append(cand[:i], cand[i+1:]...)
		}
	}
	return out
}

func mustParse(t testing.TB, spec string) Factory {
	t.Helper()
	f, err := Parse(spec)
	if err != nil {
		t.Fatalf("Parse(%q): %v", spec, err)
	}
	return f
}

func TestSnatchConformance(t *testing.T) {
	g, err := engine.Lookup("snatch")
	if err != nil {
		t.Fatal(err)
	}
	for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
		enginetest.Run(t, g, n, nil, enginetest.Options{Games: 40})
	}
}

func TestParse(t *testing.T) {
	valid := []struct{ spec, canonical string }{
		{"random", "random"},
		{" random ", "random"},
		{"greedy", "greedy:samples=4"},
		{"greedy:samples=8", "greedy:samples=8"},
		{"mcts", "mcts:c=0.7,depth=0,eps=0,iters=1000,ms=0,prior=0,reuse=false,reward=win,rollout=random,scale=10,sim=rm,simx=0.1"},
		{"mcts:iters=1000,c=0.7,rollout=random", "mcts:c=0.7,depth=0,eps=0,iters=1000,ms=0,prior=0,reuse=false,reward=win,rollout=random,scale=10,sim=rm,simx=0.1"},
		{"mcts:c=.70,iters=0100", "mcts:c=0.7,depth=0,eps=0,iters=100,ms=0,prior=0,reuse=false,reward=win,rollout=random,scale=10,sim=rm,simx=0.1"},
		{"mcts:ms=50", "mcts:c=0.7,depth=0,eps=0,iters=1000,ms=50,prior=0,reuse=false,reward=win,rollout=random,scale=10,sim=rm,simx=0.1"},
		{"mcts:rollout=greedy,reward=score", "mcts:c=0.7,depth=0,eps=0,iters=1000,ms=0,prior=0,reuse=false,reward=score,rollout=greedy,scale=10,sim=rm,simx=0.1"},
		{"mcts:c=0", "mcts:c=0,depth=0,eps=0,iters=1000,ms=0,prior=0,reuse=false,reward=win,rollout=random,scale=10,sim=rm,simx=0.1"},
		{"mcts:rollout=greedy,eps=.25,depth=08,scale=20.0,prior=2,reuse=true",
			"mcts:c=0.7,depth=8,eps=0.25,iters=1000,ms=0,prior=2,reuse=true,reward=win,rollout=greedy,scale=20,sim=rm,simx=0.1"},
		{"oracle:iters=1000", "oracle:c=0.7,depth=0,eps=0,iters=1000,prior=0,reuse=false,reward=win,rollout=random,scale=10,sim=rm,simx=0.1"},
		// Old canonical specs (results files written before the enhancements) still parse.
		{"oracle:c=0.7,iters=1000,reward=win,rollout=random", "oracle:c=0.7,depth=0,eps=0,iters=1000,prior=0,reuse=false,reward=win,rollout=random,scale=10,sim=rm,simx=0.1"},
		{"pimc", "pimc:c=0.7,combine=visits,depth=0,eps=0,iters=1000,k=20,prior=0,reward=win,rollout=random,scale=10,sim=rm,simx=0.1"},
		{"pimc:k=5,iters=50,combine=votes", "pimc:c=0.7,combine=votes,depth=0,eps=0,iters=50,k=5,prior=0,reward=win,rollout=random,scale=10,sim=rm,simx=0.1"},
		{"noisy", "noisy:base=(greedy:samples=4),cheat=false,eps=0.2"},
		{"noisy:base=random,eps=1", "noisy:base=random,cheat=false,eps=1"},
		{"noisy:base=(mcts:iters=200,c=1),eps=0.2",
			"noisy:base=(mcts:c=1,depth=0,eps=0,iters=200,ms=0,prior=0,reuse=false,reward=win,rollout=random,scale=10,sim=rm,simx=0.1),cheat=false,eps=0.2"},
		{"noisy: base = ( greedy:samples=2 ) , eps=.5", "noisy:base=(greedy:samples=2),cheat=false,eps=0.5"},
		{"softmax:base=greedy,t=0.5", "softmax:base=(greedy:samples=4),cheat=false,t=0.5"},
		{"softmax", "softmax:base=(greedy:samples=4),cheat=false,t=0.5"},
		{"restrict:forbid=snatch+play+snatch", "restrict:base=(greedy:samples=4),cheat=false,forbid=play+snatch"},
		{"noisy:base=(restrict:base=(greedy:samples=1),forbid=high),eps=0.1",
			"noisy:base=(restrict:base=(greedy:samples=1),cheat=false,forbid=high),cheat=false,eps=0.1"},
		{"noisy:base=oracle,cheat=true", "noisy:base=(oracle:c=0.7,depth=0,eps=0,iters=1000,prior=0,reuse=false,reward=win,rollout=random,scale=10,sim=rm,simx=0.1),cheat=true,eps=0.2"},
		{"expert", "expert:c=auto,depth=auto,eps=auto,iters=auto,prior=auto,reuse=auto,rollout=auto,scale=auto,sim=auto,simx=auto,table=" + expertTableNow},
		{"expert:iters=2000,c=.5", "expert:c=0.5,depth=auto,eps=auto,iters=2000,prior=auto,reuse=auto,rollout=auto,scale=auto,sim=auto,simx=auto,table=" + expertTableNow},
		// Table 1's expert keeps the spec text every result measured with it names.
		{"expert:table=1,v=none,vw=1", "expert:c=auto,depth=auto,eps=auto,iters=auto,prior=auto,reuse=auto,rollout=auto,scale=auto,sim=auto,simx=auto,table=1"},
	}
	for _, v := range valid {
		f, err := Parse(v.spec)
		if err != nil {
			t.Errorf("Parse(%q): %v", v.spec, err)
			continue
		}
		if f.Spec != v.canonical {
			t.Errorf("Parse(%q).Spec = %q, want %q", v.spec, f.Spec, v.canonical)
		}
		cheats := f.Kind == "oracle" || strings.Contains(f.Spec, "cheat=true")
		if f.Cheats != cheats || Cheats(f.Spec) != cheats || Cheats(v.spec) != cheats {
			t.Errorf("Parse(%q).Cheats = %v, Cheats(spec) = %v, want %v", v.spec, f.Cheats, Cheats(f.Spec), cheats)
		}
		if f.New() == nil {
			t.Errorf("Parse(%q).New() = nil", v.spec)
		}
		// The canonical form parses to itself.
		if g, err := Parse(f.Spec); err != nil || g.Spec != f.Spec {
			t.Errorf("Parse(%q) = %q, %v: the canonical form must parse to itself", f.Spec, g.Spec, err)
		}
	}

	kinds := "valid: expert, greedy, mcts, noisy, oracle, pimc, random, restrict, softmax"
	bad := []struct{ spec, want string }{
		{"", `unknown agent "" (` + kinds + `)`},
		{"alphazero", `unknown agent "alphazero" (` + kinds + `)`},
		{"mcts:foo=1", `unknown option "foo" (valid: iters, ms, c, rollout, eps, depth, scale, prior, reuse, reward, sim, simx)`},
		{"oracle:ms=50", `unknown option "ms" (valid: iters, c, rollout, eps, depth, scale, prior, reuse, reward, sim, simx)`},
		{"random:x=1", `unknown option "x" (valid: none)`},
		{"mcts:iters", `malformed option "iters" (want key=value)`},
		{"mcts:iters=", `malformed option "iters=" (want key=value)`},
		{"mcts:=5", `malformed option "=5" (want key=value)`},
		{"mcts:iters=100,", `malformed option "" (want key=value)`},
		{"mcts:iters=1,iters=2", `option "iters" given twice`},
		{"mcts:iters=0", "option iters=0: want a whole number from 1 to 100000000"},
		{"mcts:iters=1e3", "option iters=1e3: want a whole number from 1 to 100000000"},
		{"mcts:ms=-1", "option ms=-1: want a whole number from 0 to 3600000"},
		{"mcts:c=-1", "option c=-1: want a number from 0 to 100"},
		{"mcts:c=NaN", "option c=NaN: want a number from 0 to 100"},
		{"mcts:rollout=smart", "option rollout=smart: want one of random, greedy"},
		{"mcts:reward=elo", "option reward=elo: want one of win, score"},
		{"mcts:eps=0.5", "option eps=0.5 needs rollout=greedy"},
		{"mcts:rollout=greedy,eps=2", "option eps=2: want a number from 0 to 1"},
		{"mcts:depth=-1", "option depth=-1: want a whole number from 0 to 100000"},
		{"mcts:scale=0", "option scale=0: want a number above 0"},
		{"mcts:prior=-1", "option prior=-1: want a number from 0 to 1e+06"},
		{"mcts:prior=1,reward=score", "option prior=1 needs reward=win"},
		{"mcts:reuse=yes", "option reuse=yes: want one of false, true"},
		{"mcts:sim=nash", "option sim=nash: want one of rm, duct, seq"},
		{"mcts:simx=0", "option simx=0: want a number from 0.001 to 1"},
		{"oracle:iters=0", "option iters=0: want a whole number from 1 to 100000000"},
		{"greedy:samples=0", "option samples=0: want a whole number from 1 to 10000"},
		{"greedy:samples=many", "option samples=many: want a whole number from 1 to 10000"},
		{"pimc:k=0", "option k=0: want a whole number from 1 to 10000"},
		{"pimc:k=50,iters=10", "option iters=10: want at least k=50"},
		{"pimc:combine=sum", "option combine=sum: want one of visits, votes"},
		{"pimc:reuse=true", `unknown option "reuse"`},
		{"noisy:eps=1.5", "option eps=1.5: want a number from 0 to 1"},
		{"softmax:t=-1", "option t=-1: want a temperature above 0"},
		{"softmax:t=0", "option t=0: want a temperature above 0"},
		{"noisy:base=alphazero", `option base=alphazero: unknown agent "alphazero" (` + kinds + `)`},
		{"noisy:base=(mcts:iters=0)", "option base=(mcts:iters=0): agent \"mcts:iters=0\": option iters=0"},
		{"noisy:base=mcts:iters=200,eps=0.1", "put a base spec with options in parentheses, e.g. base=(mcts:iters=200)"},
		{"noisy:base=(mcts:iters=200,eps=0.1", "unbalanced parentheses: 1 '(' left open"},
		{"noisy:base=mcts:iters=200),eps=0.1", "unbalanced parentheses: a ')' closes nothing"},
		{"noisy:base=oracle", "option base=oracle: the base CHEATS (it sees hidden cards); add cheat=true"},
		{"softmax:base=(noisy:base=oracle,cheat=true)", "option base=(noisy:base=oracle,cheat=true): the base CHEATS"},
		{"noisy:base=greedy,cheat=true", "option cheat=true: the base greedy does not cheat (valid: cheat=false)"},
		{"noisy:cheat=maybe", "option cheat=maybe: want one of false, true"},
		{"softmax:base=random", "option base=random: softmax needs a base that values every move (valid: greedy)"},
		{"softmax:base=(mcts:iters=10)", "softmax needs a base that values every move (valid: greedy)"},
		{"restrict", "option forbid is required"},
		{"restrict:forbid=Play", "option forbid=Play: want action class names (lower case letters, digits, '-') joined by '+'"},
		{"restrict:forbid=a++b", "option forbid=a++b: want action class names"},
		{"expert:table=3", "option table=3: want one of 1, 2"},
		{"expert:eps=0.5,rollout=random", "option eps=0.5 needs rollout=greedy"},
		{"expert:depth=x", "option depth=x: want a whole number"},
	}
	for _, b := range bad {
		_, err := Parse(b.spec)
		if err == nil {
			t.Errorf("Parse(%q) succeeded, want an error", b.spec)
			continue
		}
		if !strings.Contains(err.Error(), b.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Parse(%q) error %q, want one line containing %q", b.spec, err, b.want)
		}
	}
}

func TestParseList(t *testing.T) {
	fs, err := ParseList("mcts:iters=100,c=1,random,greedy:samples=2,oracle")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range fs {
		got = append(got, Short(f.Spec))
	}
	want := []string{"mcts:c=1,iters=100", "random", "greedy:samples=2", "oracle"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseList = %q, want %q", got, want)
	}
	if _, err := ParseList("mcts:iters=100,c=-1,random"); err == nil || !strings.Contains(err.Error(), "c=-1") {
		t.Errorf("ParseList with c=-1: error %v, want one naming c=-1", err)
	}

	// Commas inside parentheses belong to the nested spec; key=value after a wrapper's
	// closing parenthesis continues the wrapper.
	fs, err = ParseList("noisy:base=(mcts:iters=200,c=1),eps=0.3,greedy,softmax:base=greedy,t=2,noisy:base=(restrict:base=(mcts:iters=5),forbid=play),eps=0.1,random")
	if err != nil {
		t.Fatal(err)
	}
	got = got[:0]
	for _, f := range fs {
		got = append(got, Short(f.Spec))
	}
	want = []string{"noisy:base=(mcts:c=1,iters=200),eps=0.3", "greedy", "softmax:t=2",
		"noisy:base=(restrict:base=(mcts:iters=5),forbid=play),eps=0.1", "random"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseList = %q, want %q", got, want)
	}
	for list, want := range map[string]string{
		"noisy:base=(mcts:iters=200,random":  "unbalanced parentheses",
		"random,noisy:base=greedy),random":   "unbalanced parentheses",
		"random,noisy:base=oracle,eps=0.1":   "the base CHEATS",
		"random,softmax:base=(random),t=0.5": "softmax needs a base that values every move",
	} {
		if _, err := ParseList(list); err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseList(%q): error %v, want one line containing %q", list, err, want)
		}
	}
}

func TestKindsDocumented(t *testing.T) {
	for _, k := range Kinds() {
		if k.Doc == "" {
			t.Errorf("kind %s has no Doc", k.Name)
		}
		for _, o := range k.Options {
			if o.Doc == "" || o.Default == "" && !strings.HasPrefix(o.Doc, "required") {
				t.Errorf("kind %s option %s lacks a Doc, or a Default without saying it is required", k.Name, o.Name)
			}
		}
		if k.Cheats != (k.Name == "oracle") {
			t.Errorf("kind %s: Cheats = %v", k.Name, k.Cheats)
		}
		if k.Cheats && !strings.Contains(strings.ToLower(k.Doc), "cheat") {
			t.Errorf("kind %s cheats but its Doc does not say so", k.Name)
		}
	}
}

// canonState wraps a state so that, at the root of a decision, Determinize(observer)
// re-deals from one fixed reference state of the observer's information set. It stands in
// for a canonical Determinize (one whose result depends only on what the observer sees and
// the seed) in games whose Determinize depends on the hidden arrangement it starts from:
// two states the observer cannot tell apart then give equal determinizations for equal
// seeds, as they would with a canonical Determinize, while everything else an agent might
// read (or copy without determinizing, like the oracle) is the wrapped state's own.
type canonState struct {
	engine.State
	ref      engine.State // reference state of the root's information set
	observer int
	atRoot   bool
}

func wrap(s, ref engine.State, observer int) *canonState {
	return &canonState{State: s, ref: ref, observer: observer, atRoot: true}
}

func (c *canonState) Determinize(observer int, seed uint64) {
	if c.atRoot && observer == c.observer {
		c.State.CopyFrom(c.ref)
	}
	c.State.Determinize(observer, seed)
}

func (c *canonState) Apply(a engine.Action) {
	c.atRoot = false
	c.State.Apply(a)
}

func (c *canonState) Reset(seed uint64) {
	c.atRoot = false
	c.State.Reset(seed)
}

func (c *canonState) CopyFrom(src engine.State) {
	o := src.(*canonState)
	c.State.CopyFrom(o.State)
	c.ref, c.observer, c.atRoot = o.ref, o.observer, o.atRoot
}

func (c *canonState) Clone() engine.State {
	return &canonState{State: c.State.Clone(), ref: c.ref, observer: c.observer, atRoot: c.atRoot}
}

// ActionClasses and ActionClass forward the wrapped game's classes (restricted play).
func (c *canonState) ActionClasses() []string {
	if cl, ok := c.State.(engine.ActionClasser); ok {
		return cl.ActionClasses()
	}
	return nil
}

func (c *canonState) ActionClass(a engine.Action) uint64 {
	if cl, ok := c.State.(engine.ActionClasser); ok {
		return cl.ActionClass(a)
	}
	return 0
}

// Unwrap is the game state inside (expert learns the game from its type).
func (c *canonState) Unwrap() engine.State { return c.State }

// SecretRound and RewindRound forward the game's rounds of secret choices.
func (c *canonState) SecretRound() (seats, chosen uint32, ok bool) {
	if sim, is := c.State.(engine.Simultaneous); is {
		return sim.SecretRound()
	}
	return 0, 0, false
}

func (c *canonState) RewindRound() {
	if sim, is := c.State.(engine.Simultaneous); is {
		sim.RewindRound()
	}
}

func (c *canonState) Evaluate(seat int) float64 {
	if ev, ok := c.State.(engine.Evaluator); ok {
		return ev.Evaluate(seat)
	}
	return 0
}

// canonicalDeterminize reports whether the game's Determinize gave, on every position
// tried, equal states for equal seeds from two states the observer cannot tell apart.
func canonicalDeterminize(states []engine.State) bool {
	for i, s := range states {
		seat := s.ToMove()
		a, b := s.Clone(), s.Clone()
		b.Determinize(seat, uint64(i)+1000)
		a.Determinize(seat, uint64(i))
		b.Determinize(seat, uint64(i))
		if !reflect.DeepEqual(a, b) {
			return false
		}
	}
	return true
}

// pair is a position and a second one that differs from it only in what the seat to
// move cannot see.
type pair struct{ s, d engine.State }

// hiddenPairs builds, for each position, its twin re-dealt for the seat to move. When the
// game's Determinize is not canonical, both are wrapped in canonState around the first.
func hiddenPairs(states []engine.State, canonical bool) (pairs []pair, differ int) {
	for i, s := range states {
		seat := s.ToMove()
		d := s.Clone()
		d.Determinize(seat, uint64(i)*7919+1)
		if !reflect.DeepEqual(s, d) {
			differ++
		}
		if canonical {
			pairs = append(pairs, pair{s, d})
		} else {
			pairs = append(pairs, pair{wrap(s, s, seat), wrap(d, s, seat)})
		}
	}
	return pairs, differ
}

// decide returns the action of a fresh agent with the given seed, and checks that the
// agent left the state untouched.
func decide(t *testing.T, f Factory, s engine.State, seed uint64) engine.Action {
	t.Helper()
	before := s.Clone()
	r := engine.NewRNG(seed)
	a := f.New().Act(s, &r)
	if !reflect.DeepEqual(before, s) {
		t.Fatalf("%s changed the state it was asked to decide on", f.Spec)
	}
	return a
}

// TestNoPeeking: an agent must play the same action, with the same random stream, in two
// states that differ only in what the seat to move cannot see.
func TestNoPeeking(t *testing.T) {
	for _, u := range setups() {
		t.Run(u.name, func(t *testing.T) {
			states := u.positions(t, []uint64{11, 12, 13, 14}, 4)
			canonical := canonicalDeterminize(states)
			pairs, differ := hiddenPairs(states, canonical)
			if !canonical {
				t.Logf("NOTE: %s's Determinize depends on the hidden arrangement it starts from "+
					"(equal seeds, indistinguishable states, different results); the check runs "+
					"through canonState. Sorting the pool of unseen cards before shuffling "+
					"would make it canonical.", u.game.Name)
			}
			t.Logf("%d positions, %d with hidden information re-dealt", len(pairs), differ)
			if u.game.Name == "snatch" && differ == 0 {
				t.Fatalf("no position with hidden information: the check is vacuous")
			}
			// The oracle is not asserted here (a game may have positions where peeking
			// does not change the best move), but how often it is caught shows the check
			// has teeth in this game.
			oracle, caught := mustParse(t, "oracle:iters=100"), 0
			for i, p := range pairs {
				if decide(t, oracle, p.s, uint64(i)) != decide(t, oracle, p.d, uint64(i)) {
					caught++
				}
			}
			t.Logf("the oracle (which peeks) was caught in %d of %d positions", caught, len(pairs))
			for _, spec := range withRestrict(fairSpecs, states[0], "(mcts:iters=30,prior=1)") {
				f := mustParse(t, spec)
				for i, p := range pairs {
					seed := uint64(i) + 42
					a, b := decide(t, f, p.s, seed), decide(t, f, p.d, seed)
					if a != b {
						t.Errorf("%s peeks: position %d: %s in one state, %s in the other, which seat %d cannot tell apart",
							spec, i, p.s.ActionText(a), p.s.ActionText(b), p.s.ToMove())
					}
				}
			}
		})
	}
}

// TestOracleCheats: the oracle must fail the no-peeking test where hidden cards matter,
// both on raw states and through canonState (so the wrapper cannot hide peeking).
func TestOracleCheats(t *testing.T) {
	g, err := engine.Lookup("snatch")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 2, 3} {
		u := setup{name: fmt.Sprintf("snatch/%dp", n), game: g, players: n}
		t.Run(u.name, func(t *testing.T) {
			states := u.positions(t, []uint64{1, 2, 3, 4, 5, 6}, 2)
			oracle := mustParse(t, "oracle:iters=300")
			for _, canonical := range []bool{true, false} {
				pairs, _ := hiddenPairs(states, canonical)
				caught := 0
				for i, p := range pairs {
					if decide(t, oracle, p.s, uint64(i)) != decide(t, oracle, p.d, uint64(i)) {
						caught++
					}
				}
				t.Logf("canonical=%v: the oracle chose differently in %d of %d pairs", canonical, caught, len(pairs))
				if caught == 0 {
					t.Errorf("canonical=%v: the oracle passed the no-peeking test; it must fail it", canonical)
				}
			}
		})
	}
}

// allocSpecs are the agents whose decisions must not allocate after warm-up (restrict is
// added per game, see withRestrict).
var allocSpecs = []string{
	"random",
	"greedy",
	"mcts:iters=200",
	"mcts:iters=100,reward=score",
	"mcts:iters=30,rollout=greedy",
	"oracle:iters=200",
	"mcts:iters=50,rollout=greedy,eps=0.5,depth=5",
	"mcts:iters=50,prior=2,depth=6",
	"mcts:ms=1,prior=1,depth=4",
	"mcts:iters=50,prior=1,reuse=true",
	"pimc:k=5,iters=50",
	"pimc:k=4,iters=40,combine=votes,rollout=greedy,depth=3",
	"noisy:base=(mcts:iters=30),eps=0.3",
	"softmax:base=greedy",
	"expert:iters=30",
	"expert:iters=30,v=both",
	"expert:iters=30,infer=0.3,iw=16",
	"expert:iters=30,opp=greedy,oppeps=0.2",
	"expert:iters=30,opp=prior",
	"expert:iters=60,early=0.5",
	"oracle:iters=50,prior=1,depth=5",
}

func TestZeroAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	for _, u := range setups() {
		t.Run(u.name, func(t *testing.T) {
			states := u.positions(t, []uint64{5}, 4)
			if len(states) == 0 {
				t.Skip("no position with a choice")
			}
			for _, spec := range withRestrict(allocSpecs, states[0], "(mcts:iters=30,prior=1)") {
				a := mustParse(t, spec).New()
				r := engine.NewRNG(1)
				for _, s := range states { // warm up: first use clones the scratch states
					a.Act(s, &r)
				}
				i := 0
				allocs := fewestAllocs(8, func() {
					a.Act(states[i%len(states)], &r)
					i++
				})
				if allocs != 0 {
					t.Errorf("%s allocates %.1f times per decision after warm-up; want 0", spec, allocs)
				}
			}
		})
	}
}

// fewestAllocs is the fewest allocations per run of f in three tries of
// testing.AllocsPerRun(runs, f). The Go runtime itself allocates now and then on the
// caller's account: a type assertion's call-site cache is built with probability 1/1024
// per call until it exists, and a garbage-collection worker may allocate while f runs. An
// allocation of the agent's own shows in every try.
func fewestAllocs(runs int, f func()) float64 {
	least := testing.AllocsPerRun(runs, f)
	for try := 1; try < 3 && least > 0; try++ {
		least = min(least, testing.AllocsPerRun(runs, f))
	}
	return least
}

// playGame plays one game with one agent per seat and returns the trace of actions.
func playGame(t testing.TB, u setup, ags []Agent, seed uint64) string {
	s := u.newGame(t, seed)
	rngs := make([]engine.RNG, u.players)
	for i := range rngs {
		rngs[i] = engine.NewRNG(engine.DeriveSeed(seed, uint64(i+1)))
	}
	var b bytes.Buffer
	for !s.Terminal() {
		seat := s.ToMove()
		a := ags[seat].Act(s, &rngs[seat])
		fmt.Fprintf(&b, "%d:%s;", seat, s.ActionText(a))
		s.Apply(a)
	}
	return b.String()
}

// TestReproducible: the same seed gives the same decisions, and an agent that has played
// before (reused arena and scratch states) decides like a fresh one.
func TestReproducible(t *testing.T) {
	specs := []string{"random", "greedy:samples=2", "mcts:iters=30", "mcts:iters=20,reward=score", "oracle:iters=30",
		"mcts:iters=10,rollout=greedy,eps=0.2,depth=4,prior=1,reuse=true", "pimc:k=3,iters=12",
		"noisy:base=(mcts:iters=10),eps=0.3", "softmax:base=(greedy:samples=1),t=2", "expert:iters=10"}
	for _, u := range setups() {
		t.Run(u.name, func(t *testing.T) {
			for _, spec := range withRestrict(specs, u.newGame(t, 1), "(mcts:iters=10,prior=1)") {
				f := mustParse(t, spec)
				fresh := func() []Agent {
					ags := make([]Agent, u.players)
					for i := range ags {
						ags[i] = f.New()
					}
					return ags
				}
				used := fresh()
				playGame(t, u, used, 7)
				a := playGame(t, u, used, 8)
				b := playGame(t, u, fresh(), 8)
				if a != b {
					t.Errorf("%s: two games from the same seed differ (reused agents vs fresh ones)", spec)
				}
			}
		})
	}
}

// TestTimeBudget: ms= stops on time and still plays a legal action.
func TestTimeBudget(t *testing.T) {
	u := setup{name: "snatch/2p", game: mustLookup(t, "snatch"), players: 2}
	s := u.positions(t, []uint64{3}, 1)[0]
	r := engine.NewRNG(1)
	a := mustParse(t, "mcts:ms=20").New()
	start := time.Now()
	act := a.Act(s, &r)
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("mcts:ms=20 took %v", el)
	}
	var buf [MaxActions]engine.Action
	legal := s.Legal(buf[:0])
	found := false
	for _, l := range legal {
		found = found || l == act
	}
	if !found {
		t.Errorf("mcts:ms=20 played an illegal action %d", act)
	}
}

func mustLookup(t testing.TB, name string) engine.Game {
	g, err := engine.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestAgentsBeatRandomOnSnatch: a sanity check of strength on the test game (real games
// are measured with `dragonlab run`, not in timed tests); and restricted play measures
// something: forbidding every action on the high cards (the points of the game) costs the
// same search most of its edge.
func TestAgentsBeatRandomOnSnatch(t *testing.T) {
	u := setup{name: "snatch/2p", game: mustLookup(t, "snatch"), players: 2}
	for _, spec := range []string{"mcts:iters=300", "greedy", "pimc:k=5,iters=300", "mcts:iters=300,prior=1,rollout=greedy,eps=0.3,depth=4,reuse=true",
		"expert:iters=100", "noisy:base=(mcts:iters=300),eps=0.1", "softmax:base=greedy,t=1", "restrict:base=(mcts:iters=300),forbid=snatch", "restrict:base=(mcts:iters=300),forbid=high"} {
		f, rnd := mustParse(t, spec), mustParse(t, "random")
		share := 0.0
		const games = 100
		out := make([]float64, 2)
		for i := 0; i < games; i++ {
			ags := []Agent{f.New(), rnd.New()}
			if i%2 == 1 {
				ags[0], ags[1] = ags[1], ags[0]
			}
			s := u.newGame(t, uint64(i))
			rngs := []engine.RNG{engine.NewRNG(uint64(i)), engine.NewRNG(uint64(i) + 1e9)}
			for !s.Terminal() {
				seat := s.ToMove()
				s.Apply(ags[seat].Act(s, &rngs[seat]))
			}
			s.Result(out)
			share += out[i%2]
		}
		t.Logf("%s vs random on snatch/2p: win share %.2f over %d games", spec, share/games, games)
		if strings.Contains(spec, "forbid=high") {
			if share/games > 0.75 {
				t.Errorf("%s wins %.2f against random: forbidding the high cards should cost it most of its edge", spec, share/games)
			}
		} else if share/games < 0.6 {
			t.Errorf("%s wins only %.2f against random on snatch/2p", spec, share/games)
		}
	}
}

func TestShortDropsDefaultOptions(t *testing.T) {
	f, err := Parse("mcts:iters=100")
	if err != nil {
		t.Fatal(err)
	}
	for spec, want := range map[string]string{
		f.Spec:             "mcts:iters=100",
		"greedy:samples=4": "greedy",
		"greedy:samples=8": "greedy:samples=8",
		"random":           "random",
		"unknown:x=1":      "unknown:x=1",
	} {
		if got := Short(spec); got != want {
			t.Errorf("Short(%q) = %q, want %q", spec, got, want)
		}
	}
}
