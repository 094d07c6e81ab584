package agents

import (
	"bytes"
	"math"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

func TestRPSConformance(t *testing.T) {
	g := mustLookup(t, "rps")
	enginetest.Run(t, g, 2, nil, enginetest.Options{Games: 40})
	p := g.DefaultParams().(*rpsParams)
	p.Rounds, p.SecretOrder = 3, engine.SecretOrderReverse
	enginetest.Run(t, g, 2, p, enginetest.Options{Games: 40})
}

// rpsGame is a one-round game of the toy rock-paper-scissors, with a win with rock paying
// double when double is set, and the secret throws asked in the given order.
func rpsGame(t testing.TB, double bool, order string) engine.State {
	t.Helper()
	g := mustLookup(t, "rps")
	p := g.DefaultParams().(*rpsParams)
	p.Rounds, p.SecretOrder = 1, order
	if double {
		p.Double = "rock"
	}
	s, err := g.NewGame(p, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// empiricalPolicy is how often spec throws rock, paper and scissors as seat, over n
// decisions with random streams 1 … n: as the first chooser at the opening, and as the
// second after the first chooser threw (each time a different throw, which it cannot see).
func empiricalPolicy(t testing.TB, spec string, s engine.State, seat, n int) [3]float64 {
	t.Helper()
	f := mustParse(t, spec)
	var count [3]float64
	a := f.New()
	for i := 0; i < n; i++ {
		st := s.Clone()
		if st.ToMove() != seat {
			st.Apply(engine.Action(i % 3))
		}
		if st.ToMove() != seat {
			t.Fatalf("seat %d is not asked in the first round", seat)
		}
		r := engine.NewRNG(uint64(i) + 1)
		count[a.Act(st, &r)]++
	}
	for i := range count {
		count[i] /= float64(n)
	}
	return count
}

// bestResponseGain is what a best response to seat's policy pi wins over the round's fair
// share 1/2 (in win-share units: a win is 1, a loss 0).
func bestResponseGain(s engine.State, seat int, pi [3]float64) float64 {
	g := s.(*rps)
	best := math.Inf(-1)
	for b := int8(0); b < 3; b++ { // the opponent's throw
		v := 0.0
		for a := int8(0); a < 3; a++ {
			gain := g.gain(a, b) // seat 0 throws a
			if seat == 1 {
				gain = g.gain(b, a)
			}
			v += pi[a] * (0.5 - float64(gain)/(2*g.most())) // the opponent's share
		}
		best = max(best, v)
	}
	return best - 0.5
}

// simSpecs are the honest searching agents (and a wrapper) that must play a round of
// secret choices as one simultaneous node.
var simSpecs = []string{
	"mcts:iters=1000",
	"expert:iters=1000",
	"pimc:k=4,iters=1000",
	"noisy:base=(mcts:iters=1000),eps=0.01",
}

// TestSimultaneousRPS: in rock-paper-scissors, a symmetric guessing fight, every honest
// searching agent plays each throw with probability within 0.05 of 1/3, whichever seat the
// engine asks first, and a best response gains less than 0.05 against it.
func TestSimultaneousRPS(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	for _, order := range []string{engine.SecretOrderSeat, engine.SecretOrderReverse} {
		s := rpsGame(t, false, order)
		specs := simSpecs
		if order == engine.SecretOrderReverse {
			specs = simSpecs[:1] // the order is the engine's: one agent shows it changes nothing
		}
		for _, spec := range specs {
			for seat := 0; seat < 2; seat++ {
				pi := empiricalPolicy(t, spec, s, seat, 1000)
				gain := bestResponseGain(s, seat, pi)
				t.Logf("%s, %s first, seat %d: policy %.3f, best-response gain %.3f", spec, order, seat, pi, gain)
				for a, p := range pi {
					if math.Abs(p-1.0/3) >= 0.05 {
						t.Errorf("%s (%s order), seat %d: plays %s with probability %.3f, want 1/3 ± 0.05", spec, order, seat, rpsNames[a], p)
					}
				}
				if gain >= 0.05 {
					t.Errorf("%s (%s order), seat %d: a best response gains %.3f, want < 0.05", spec, order, seat, gain)
				}
			}
		}
	}
}

// TestSimultaneousBiasedRPS: when a win with rock pays double, the equilibrium is rock
// 1/4, paper 1/2, scissors 1/4; every honest searching agent comes within 0.05 of it in
// both seats. Searched as a sequence (sim=seq), the agents do not: the test has teeth.
func TestSimultaneousBiasedRPS(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	want := [3]float64{0.25, 0.5, 0.25}
	s := rpsGame(t, true, engine.SecretOrderSeat)
	far := func(pi [3]float64) bool {
		for a := range pi {
			if math.Abs(pi[a]-want[a]) >= 0.05 {
				return true
			}
		}
		return false
	}
	for _, spec := range simSpecs {
		for seat := 0; seat < 2; seat++ {
			pi := empiricalPolicy(t, spec, s, seat, 1000)
			t.Logf("%s, seat %d: policy %.3f (want %.3f), best-response gain %.3f", spec, seat, pi, want, bestResponseGain(s, seat, pi))
			if far(pi) {
				t.Errorf("%s, seat %d: policy %.3f, want within 0.05 of %.3f", spec, seat, pi, want)
			}
		}
	}
	for seat := 0; seat < 2; seat++ {
		pi := empiricalPolicy(t, "mcts:iters=1000,sim=seq", s, seat, 300)
		t.Logf("sim=seq, seat %d: policy %.3f", seat, pi)
		if seat == 1 && !far(pi) {
			t.Errorf("sim=seq, seat %d: policy %.3f is within 0.05 of the equilibrium: the test would not catch a sequential search", seat, pi)
		}
	}
	// Decoupled UCB is not Hannan consistent and does not approach this equilibrium
	// (Lisý et al. 2013): logged, not asserted.
	pi := empiricalPolicy(t, "mcts:iters=1000,sim=duct", s, 0, 300)
	t.Logf("sim=duct, seat 0: policy %.3f, best-response gain %.3f", pi, bestResponseGain(s, 0, pi))
}

// secretTwins returns, for each position of a secret round in which earlier choosers have
// chosen, twins that differ only in one earlier chooser's pending choice (the round
// replayed from its start with another legal choice): states the seat to move cannot tell
// apart.
func secretTwins(t *testing.T, u setup, seeds []uint64) [][2]engine.State {
	t.Helper()
	var out [][2]engine.State
	var buf [MaxActions]engine.Action
	for _, seed := range seeds {
		s := u.newGame(t, seed)
		r := engine.NewRNG(seed ^ 0x5ec7e7)
		var start engine.State
		var played []engine.Action
		for !s.Terminal() {
			_, chosen, ok := engine.SecretRound(s)
			switch {
			case !ok:
				start, played = nil, nil
			case chosen == 0:
				start, played = s.Clone(), nil
			case len(out) < 24 && r.IntN(2) == 0:
				k := r.IntN(len(played)) // change the k-th choice of the round
				d := start.Clone()
				for _, a := range played[:k] {
					d.Apply(a)
				}
				legal := d.Legal(buf[:0])
				alt := legal[r.IntN(len(legal))]
				if alt == played[k] {
					alt = legal[(indexAction(legal, alt)+1)%len(legal)]
				}
				d.Apply(alt)
				for _, a := range played[k+1:] {
					d.Apply(a)
				}
				if d.ToMove() != s.ToMove() || !bytes.Equal(d.Observe(s.ToMove(), nil), s.Observe(s.ToMove(), nil)) {
					t.Fatalf("%s: the twin is not indistinguishable for seat %d", u.name, s.ToMove())
				}
				if len(legal) > 1 {
					out = append(out, [2]engine.State{s.Clone(), d})
				}
			}
			legal := s.Legal(buf[:0])
			a := legal[r.IntN(len(legal))]
			if ok {
				played = append(played, a)
			}
			s.Apply(a)
		}
	}
	return out
}

func indexAction(list []engine.Action, a engine.Action) int {
	for i, x := range list {
		if x == a {
			return i
		}
	}
	return -1
}

// TestNoPeekingSecretRounds: in every game with secret simultaneous choices, changing an
// earlier chooser's pending choice never changes an honest agent's decision (given the
// same random stream). The oracle, which sees the pending choices, is caught.
func TestNoPeekingSecretRounds(t *testing.T) {
	any := false
	for _, u := range setups() {
		if _, ok := u.newGame(t, 1).(engine.Simultaneous); !ok {
			continue
		}
		t.Run(u.name, func(t *testing.T) {
			twins := secretTwins(t, u, []uint64{3, 4, 5, 6, 7, 8})
			if len(twins) == 0 {
				t.Skipf("no round of secret choices with an earlier choice in these games")
			}
			any = true
			specs := withRestrict(append(fairSpecs, "mcts:iters=100,sim=duct", "pimc:k=4,iters=60,sim=duct"), twins[0][0], "(mcts:iters=30,prior=1)")
			for _, spec := range specs {
				f := mustParse(t, spec)
				for i, p := range twins {
					seed := uint64(i) + 7
					if a, b := decide(t, f, p[0], seed), decide(t, f, p[1], seed); a != b {
						t.Errorf("%s peeks at a pending secret choice: position %d: %s in one state, %s in the other",
							spec, i, p[0].ActionText(a), p[0].ActionText(b))
					}
				}
			}
			oracle, caught := mustParse(t, "oracle:iters=200"), 0
			for i, p := range twins {
				if decide(t, oracle, p[0], uint64(i)) != decide(t, oracle, p[1], uint64(i)) {
					caught++
				}
			}
			t.Logf("%d positions; the oracle (which sees pending choices) was caught in %d", len(twins), caught)
		})
	}
	if !any {
		t.Fatal("no game with rounds of secret choices")
	}
}

// TestGreedySecretRound: greedy looks one round of secret choices ahead against uniformly
// random opponents, whichever seat the engine asks first: when a win with rock pays
// double, rock is the best answer to a random throw, and both seats throw it in both
// orders (asked first, a plain one-ply lookahead sees nothing happen and throws at random).
func TestGreedySecretRound(t *testing.T) {
	for _, order := range []string{engine.SecretOrderSeat, engine.SecretOrderReverse} {
		s := rpsGame(t, true, order)
		for seat := 0; seat < 2; seat++ {
			pi := empiricalPolicy(t, "greedy:samples=60", s, seat, 200)
			if pi[rpsRock] < 0.9 {
				t.Errorf("greedy, %s order, seat %d: policy %.3f, want rock (the best answer to a random throw)", order, seat, pi)
			}
		}
	}
}

// TestSimPolicyDropsWorseReplies: the policy played at a round drops the actions whose
// mean reward lies significantly below the best one's, and keeps the average strategy's
// weights among the rest (a guessing fight, whose actions are worth the same, stays mixed).
func TestSimPolicyDropsWorseReplies(t *testing.T) {
	m := &MCTS{Sim: simRM, limit: 16}
	m.nodes = append(m.nodes, node{parent: -1, child: -1, sibling: -1, mover: -1})
	h := m.holder(0, 0, true)
	legal := []engine.Action{10, 11, 12, 13}
	for _, st := range []struct {
		a      engine.Action
		q, avg float64
		n      int32
	}{
		{10, 0.60, 300, 400}, // the best reply
		{11, 0.59, 200, 300}, // as good, within the noise: kept
		{12, 0.45, 250, 300}, // 0.15 below, about 5 standard errors: dropped
		{13, 0.60, 0, 0},     // never chosen: nothing to play
	} {
		id := int32(len(m.nodes))
		m.nodes = append(m.nodes, node{action: st.a, parent: h, child: -1, sibling: m.nodes[h].child,
			mover: statMover(0), visits: st.n, prior: float32(st.avg)})
		m.nodes[h].child = id
		setBaseline(&m.nodes[id], st.q)
	}
	pol := make([]float64, len(legal))
	if !m.simPolicy(0, legal, pol) {
		t.Fatal("no policy")
	}
	want := []float64{0.6, 0.4, 0, 0}
	for i := range want {
		if math.Abs(pol[i]-want[i]) > 1e-6 {
			t.Fatalf("policy %.3f, want %.3f", pol, want)
		}
	}
}

// The safe best reply reads the first chooser's reward as 1 − the other's, so a search
// uses it only when every iteration's rewards of the round's two choosers added up to 1
// (notConstSum). In rock-paper-scissors whose ties nobody wins they do not: the flag must
// be set and no reply is "safe", whichever seat is asked; with shared ties it stays clear.
// Without the flag the seat asked second won about 2.5 points more in Red Hot 2p.
func TestSafeReplyOnlyWhereRewardsAddUpToOne(t *testing.T) {
	for _, tie := range []string{"share", "none"} {
		g := mustLookup(t, "rps")
		p := g.DefaultParams().(*rpsParams)
		p.Rounds, p.Tie = 1, tie
		s, err := g.NewGame(p, 2, 1)
		if err != nil {
			t.Fatal(err)
		}
		for seat := 0; seat < 2; seat++ {
			st := s.Clone()
			if seat == 1 {
				st.Apply(engine.Action(rpsRock)) // the first chooser's secret throw
			}
			m, ok := mustParse(t, "mcts:iters=2000").New().(*MCTS)
			if !ok {
				t.Fatal("mcts is not *MCTS")
			}
			r := engine.NewRNG(uint64(7 + seat))
			m.Act(st, &r)
			if m.notConstSum != (tie == "none") {
				t.Errorf("tie %s, seat %d asked: notConstSum %v", tie, seat, m.notConstSum)
			}
			legal := st.Legal(nil)
			pol := make([]float64, len(legal))
			for i := range pol {
				pol[i] = 1 / float64(len(pol))
			}
			if _, safe := m.safeReply(int32(seat), legal, pol); safe && tie == "none" {
				t.Errorf("tie none, seat %d: a safe reply where the rewards do not add up to 1", seat)
			}
		}
	}
}

// In a round of secret choices the root values are mixed play valued as mixed: when the
// action is drawn from the mixed policy, every action in its support is worth the mix's
// value, so the drawn action loses nothing against the best other (a decision-value table
// read the noisy mean of the drawn action against the best of the others, and every draw
// as a mistake). Calibration: in rock-paper-scissors with a win with rock paying double
// (equilibrium 1/4, 1/2, 1/4, every throw in the support) the value is the fair 1/2.
func TestSecretRoundRootValuesAreTheMix(t *testing.T) {
	s := rpsGame(t, true, engine.SecretOrderSeat)
	for _, spec := range []string{"mcts:iters=1000", "mcts:iters=2000"} {
		a := mustParse(t, spec).New()
		rr, ok := a.(RootReporter)
		if !ok || !rr.ReportsRoot(s) {
			t.Fatalf("%s reports no root values in rps", spec)
		}
		m, _ := a.(*MCTS)
		if m == nil {
			t.Fatalf("%s is not the search", spec)
		}
		mixed, sum, n, spread := 0, 0.0, 0, 0.0
		for i := 0; i < 60; i++ {
			r := engine.NewRNG(uint64(i) + 1)
			chosen := a.Act(s.Clone(), &r)
			vals := rr.RootValues(nil)
			if len(vals) != 3 {
				t.Fatalf("%s: %d root values, want the 3 throws", spec, len(vals))
			}
			if !m.rootMixed {
				continue
			}
			mixed++
			vc, other := -1.0, -1.0
			lo, hi := 1.0, 0.0
			for _, v := range vals {
				if m.rootPol[v.Action] > 0 { // the support (rootLegal is 0, 1, 2)
					lo, hi = math.Min(lo, v.Value), math.Max(hi, v.Value)
				}
				if v.Action == chosen {
					vc = v.Value
				} else {
					other = math.Max(other, v.Value)
				}
			}
			spread = math.Max(spread, hi-lo)
			if vc < 0 || vc-other < 0 {
				t.Errorf("%s, decision %d: the drawn throw %d is worth %.4f, the best other %.4f: a mixed draw read as a mistake", spec, i, chosen, vc, other)
			}
			sum += vc
			n++
		}
		if mixed < 30 {
			t.Fatalf("%s: only %d of 60 decisions drawn from the mix", spec, mixed)
		}
		if spread > 1e-12 {
			t.Errorf("%s: the support's values differ by %.4f", spec, spread)
		}
		if mean := sum / float64(n); math.Abs(mean-0.5) > 0.05 {
			t.Errorf("%s: the mix is worth %.3f, want the fair 1/2 ± 0.05", spec, mean)
		}
	}
}

// An action the mixed policy leaves out is worth no more than the mix: the drawn action
// never reads as a loss against a throw the search's average strategy does not play.
// The search's policy is edited after the decision so that one throw is outside the
// support (as if the search had left it out).
func TestSecretRoundOutsideTheMixIsNoBetter(t *testing.T) {
	s := rpsGame(t, true, engine.SecretOrderSeat)
	m, _ := mustParse(t, "mcts:iters=1000").New().(*MCTS)
	if m == nil {
		t.Fatal("mcts is not the search")
	}
	checked, capped := 0, 0
	for i := 0; i < 30 && checked < 10; i++ {
		r := engine.NewRNG(uint64(i) + 1)
		chosen := m.Act(s.Clone(), &r)
		if !m.rootMixed {
			continue
		}
		m.rootMixed = false // every throw at its own mean
		raw := m.RootValues(nil)
		m.rootMixed = true
		// Leave out the other throw with the best own mean: the case the rule is for.
		out, best := -1, -1.0
		for _, v := range raw {
			if v.Action != chosen && v.Value > best {
				out, best = int(v.Action), v.Value
			}
		}
		m.rootPol[out] = 0
		vals := m.RootValues(nil)
		mix, outV, rawOut := -1.0, -1.0, -1.0
		for k, v := range vals {
			if v.Action == chosen {
				mix = v.Value
			}
			if int(v.Action) == out {
				outV, rawOut = v.Value, raw[k].Value
			}
		}
		if outV > mix+1e-12 || outV != math.Min(rawOut, mix) {
			t.Fatalf("decision %d: the throw left out is worth %.4f (its own mean %.4f), the mix %.4f", i, outV, rawOut, mix)
		}
		if rawOut > mix {
			capped++
		}
		checked++
	}
	if checked < 5 || capped == 0 {
		t.Fatalf("%d decisions drawn from the mix, %d with a left-out throw whose own mean is above the mix", checked, capped)
	}
}
