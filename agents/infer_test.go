package agents

import (
	"math"
	"strings"
	"testing"

	"dragonlab/engine"
)

// TestInferenceFavoursTrueHand: against greedy in Draco for two, the worlds the expert's
// inference weighs get, on average, a lower likelihood of the observed plays than the
// true hand of the greedy player would (the true state is read here only by the test):
// the plays carry information and the model reads it the right way round. The pool's
// weights must also differ (effective sample size below the pool), or nothing is inferred.
func TestInferenceFavoursTrueHand(t *testing.T) {
	g := mustLookup(t, "draco")
	s, err := g.New(g.DefaultParams(), 2)
	if err != nil {
		t.Fatal(err)
	}
	f, gr := mustParse(t, "expert:iters=50,infer=0.3"), mustParse(t, "greedy")
	used, total := 0, 0
	ess, lr := 0.0, 0.0
	for seed := uint64(1); seed <= 6; seed++ {
		s.Reset(seed)
		a, b := f.New(), gr.New()
		r0, r1 := engine.NewRNG(seed), engine.NewRNG(seed+99)
		for !s.Terminal() {
			if s.ToMove() != 0 {
				s.Apply(b.Act(s, &r1))
				continue
			}
			act := a.Act(s, &r0)
			total++
			if inf := a.(*Expert).inf; inf.on {
				used++
				prev, s1, s2 := 0.0, 0.0, 0.0
				for _, c := range inf.cum {
					w := c - prev
					prev = c
					s1 += w
					s2 += w * w
				}
				ess += s1 * s1 / s2
				rr := engine.NewRNG(7)
				lr += math.Log(inf.likelihood(s.(engine.CardPlay), &rr) / (s1 / float64(len(inf.cum))))
			}
			s.Apply(act)
		}
	}
	if used < total/2 {
		t.Fatalf("the pool was used in %d of %d decisions: the inference rarely runs", used, total)
	}
	ess /= float64(used)
	lr /= float64(used)
	t.Logf("%d decisions, pool used in %d, mean effective sample size %.1f of 128, mean log(L true / mean L pool) %.3f", total, used, ess, lr)
	if ess >= 127 {
		t.Errorf("mean effective sample size %.1f of 128: the weights are flat", ess)
	}
	if lr <= 0 {
		t.Errorf("mean log likelihood ratio of the true hand to the pool %.3f: the inference does not favour the truth", lr)
	}
}

// TestInferOptions: infer is off by default and then leaves the spec as it was; iw and ih
// need it; bad values are refused with one line.
func TestInferOptions(t *testing.T) {
	if got := mustParse(t, "expert:infer=0").Spec; got != mustParse(t, "expert").Spec {
		t.Errorf("expert:infer=0 has spec %q, expert %q", got, mustParse(t, "expert").Spec)
	}
	if got := mustParse(t, "expert:infer=.30,iw=64").Spec; !strings.Contains(got, "infer=0.3") || !strings.Contains(got, "iw=64") {
		t.Errorf("canonical spec %q lacks infer=0.3 or iw=64", got)
	}
	for _, bad := range []string{"expert:iw=64", "expert:ih=2", "expert:infer=0.01", "expert:infer=-1", "expert:infer=1,iw=4", "expert:infer=1,ih=0", "expert:infer=x"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("%s: no error", bad)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error of several lines: %v", bad, err)
		}
	}
}

// TestInferElsewhereChangesNothing: in games that do not implement engine.CardPlay the
// option is inert: expert:infer plays exactly as expert, decision by decision, with the
// same random stream.
func TestInferElsewhereChangesNothing(t *testing.T) {
	for _, name := range []string{"dragonheart", "redhot"} {
		g := mustLookup(t, name)
		s, err := g.New(g.DefaultParams(), 2)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := s.(engine.CardPlay); ok {
			t.Fatalf("%s implements CardPlay: pick another game for this test", name)
		}
		s.Reset(3)
		plain, inf := mustParse(t, "expert:iters=40").New(), mustParse(t, "expert:iters=40,infer=0.3").New()
		r1, r2 := engine.NewRNG(9), engine.NewRNG(9)
		for n := 0; !s.Terminal() && n < 60; n++ {
			a, b := plain.Act(s, &r1), inf.Act(s, &r2)
			if a != b {
				t.Fatalf("%s, decision %d: expert plays %s, expert:infer %s", name, n, s.ActionText(a), s.ActionText(b))
			}
			s.Apply(a)
		}
	}
}
