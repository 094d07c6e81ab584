package agents

import (
	"testing"

	"dragonlab/engine"
)

// TestEarlyStopKeepsTheAction: with early=1 a search stops only when the most visited
// root action can no longer be overtaken, so in every game it plays what the full search
// plays with the same random stream; it runs fewer iterations in some game; and early=0.5
// stops sooner still. Rounds of secret choices search in full.
func TestEarlyStopKeepsTheAction(t *testing.T) {
	full := mustParse(t, "expert:iters=200")
	safe := mustParse(t, "expert:iters=200,early=1")
	bold := mustParse(t, "expert:iters=200,early=0.5")
	var fullIt, safeIt, boldIt, secret, saved int64
	for _, u := range setups() {
		t.Run(u.name, func(t *testing.T) {
			for i, s := range u.positions(t, []uint64{31, 32}, 6) {
				_, _, inRound := engine.SecretRound(s)
				seed := uint64(100 + i)
				af, as, ab := full.New(), safe.New(), bold.New()
				rf, rs, rb := engine.NewRNG(seed), engine.NewRNG(seed), engine.NewRNG(seed)
				a, b := af.Act(s, &rf), as.Act(s, &rs)
				ab.Act(s, &rb)
				if a != b {
					t.Errorf("position %d: early=1 played %s, the full search %s", i, s.ActionText(b), s.ActionText(a))
				}
				nf, ns, nb := af.(Searcher).Iterations(), as.(Searcher).Iterations(), ab.(Searcher).Iterations()
				if ns > nf || nb > ns {
					t.Errorf("position %d: iterations full %d, early=1 %d, early=0.5 %d: an early stop ran more", i, nf, ns, nb)
				}
				if inRound && (ns != nf || nb != nf) {
					t.Errorf("position %d (a secret round): iterations full %d, early=1 %d, early=0.5 %d: want the full search", i, nf, ns, nb)
				}
				if inRound {
					secret++
				}
				if ns < nf {
					saved++
				}
				fullIt, safeIt, boldIt = fullIt+nf, safeIt+ns, boldIt+nb
			}
		})
	}
	if saved == 0 || !(boldIt < safeIt && safeIt < fullIt) {
		t.Errorf("iterations: full %d, early=1 %d (%d decisions shortened), early=0.5 %d: want fewer with each", fullIt, safeIt, saved, boldIt)
	}
	if secret == 0 {
		t.Error("no position in a secret round: the check that such rounds search in full did not run")
	}
}

// TestEarlyOffIsTheExpert: early=0 is the expert every earlier result names (the same
// canonical spec), and a factor outside 0.05 to 1 is refused.
func TestEarlyOffIsTheExpert(t *testing.T) {
	if a, b := mustParse(t, "expert:early=0").Spec, mustParse(t, "expert").Spec; a != b {
		t.Errorf("expert:early=0 is %q, expert is %q", a, b)
	}
	if got := mustParse(t, "expert:early=.50").Spec; got == mustParse(t, "expert").Spec {
		t.Errorf("expert:early=.50 has the plain expert's spec %q", got)
	}
	for _, bad := range []string{"expert:early=0.01", "expert:early=2", "expert:early=x", "expert:early=-1"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}
