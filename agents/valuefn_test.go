package agents

import (
	"math"
	"os"
	"strings"
	"testing"

	"dragonlab/engine"
)

// TestExpertValueSpec: table 1's expert without a value function keeps the spec every
// earlier result names (v=none and vw=1 are not spelled out there), the default takes v
// and vw from its table's row without spelling them out, a use given explicitly is spelled
// out, and an unknown use or a weight without a cut-off is refused.
func TestExpertValueSpec(t *testing.T) {
	plain, none := mustParse(t, "expert:table=1"), mustParse(t, "expert:table=1,v=none")
	if plain.Spec != none.Spec || strings.Contains(plain.Spec, "v=") {
		t.Errorf("expert:table=1 is %q and expert:table=1,v=none is %q; want the same spec without v", plain.Spec, none.Spec)
	}
	if f := mustParse(t, "expert"); strings.Contains(f.Spec, "v=") {
		t.Errorf("the default expert spells out its row's value function: %q", f.Spec)
	}
	for _, v := range []string{"none", "cut", "prior", "both"} {
		f := mustParse(t, "expert:table=2,v="+v)
		if !strings.Contains(f.Spec, ",v="+v) {
			t.Errorf("expert:table=2,v=%s has the spec %q, which does not name its value function", v, f.Spec)
		}
		if g, err := Parse(f.Spec); err != nil || g.Spec != f.Spec {
			t.Errorf("the canonical spec %q does not parse to itself: %v", f.Spec, err)
		}
	}
	if _, err := Parse("expert:v=deep"); err == nil {
		t.Errorf("expert:v=deep was accepted")
	}
	if f := mustParse(t, "expert:table=1,v=cut,vw=1"); strings.Contains(f.Spec, "vw=") {
		t.Errorf("table 1's default weight is spelled out: %q", f.Spec)
	}
	if f := mustParse(t, "expert:v=cut,vw=.50"); !strings.Contains(f.Spec, "vw=0.5") {
		t.Errorf("expert:v=cut,vw=.50 has the spec %q", f.Spec)
	}
	for _, bad := range []string{"expert:v=none,vw=0.5", "expert:v=prior,vw=0.5", "expert:v=cut,vw=2", "expert:vfile=x.json"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("%s was accepted", bad)
		}
	}
}

// TestValueAtCutOff: with v=cut the reward of a cut-off rollout is every seat's value from
// the game's value function (clamped into [0, 1]), computed from the iteration's state;
// with v=none it is the squashed evaluation. And a game without a value function (Snatch)
// plays with its evaluation.
func TestValueAtCutOff(t *testing.T) {
	for _, u := range setups() {
		if u.game.Value == nil {
			continue
		}
		t.Run(u.name, func(t *testing.T) {
			states := u.positions(t, []uint64{3}, 3)
			for _, s := range states {
				vfn, err := valueModel(s, vCut, nil)
				if err != nil || vfn == nil {
					t.Fatalf("no value function for %s: %v", u.name, err)
				}
				l, err := loadValueFile(u.game)
				if err != nil {
					t.Fatal(err)
				}
				model := l.Model(u.players)
				_, names := unwrap(s).(engine.ValueFeatures).FeatureSet()
				feats := make([]float64, u.players*len(names))
				s.(engine.ValueFeatures).Features(feats)
				want := make([]float64, u.players)
				model.Eval(feats, want)
				m := &MCTS{Scale: 10, vfn: vfn, rew: make([]float64, u.players), out: make([]float64, u.players)}
				m.reward(s, true)
				differs := false
				for seat, w := range want {
					w = min(max(w, 0), 1)
					if m.rew[seat] != w {
						t.Errorf("seat %d: reward %v at a cut-off, value %v", seat, m.rew[seat], w)
					}
					if w != m.squash(evaluate(s, seat, m.out)) {
						differs = true
					}
				}
				if !differs {
					t.Errorf("the value function and the evaluation agree on every seat: the check cannot tell them apart")
				}
				vfn.w = 0.25
				m.reward(s, true)
				for seat, w := range want {
					e := m.squash(evaluate(s, seat, m.out))
					if mix := 0.25*min(max(w, 0), 1) + 0.75*e; math.Abs(m.rew[seat]-mix) > 1e-12 {
						t.Errorf("vw=0.25: seat %d's reward %v, want %v", seat, m.rew[seat], mix)
					}
				}
				m.vfn = nil
				m.reward(s, true)
				for seat := range want {
					if e := m.squash(evaluate(s, seat, m.out)); m.rew[seat] != e {
						t.Errorf("v=none: seat %d's reward %v, evaluation %v", seat, m.rew[seat], e)
					}
				}
			}
		})
	}
	snatch := setup{game: mustLookup(t, "snatch"), players: 2}.newGame(t, 1)
	if vfn, err := valueModel(snatch, vBoth, nil); vfn != nil || err != nil {
		t.Errorf("Snatch has no value function, but got %v, %v", vfn, err)
	}
}

// TestExpertValueChangesPlay: the value function is really used: over a few positions the
// expert with it plays otherwise than without it, on the same random streams.
func TestExpertValueChangesPlay(t *testing.T) {
	u := setup{name: "draco/2p", game: mustLookup(t, "draco"), players: 2}
	states := u.positions(t, []uint64{7, 8}, 4)
	for _, v := range []string{"cut", "prior"} {
		with, without := mustParse(t, "expert:iters=60,v="+v), mustParse(t, "expert:iters=60")
		differ := 0
		for i, s := range states {
			if decide(t, with, s, uint64(i)) != decide(t, without, s, uint64(i)) {
				differ++
			}
		}
		if differ == 0 {
			t.Errorf("expert:v=%s played as the expert without it in all %d positions", v, len(states))
		}
	}
}

// TestExpertValueFile: a value-function file given with vfile is used for its game in
// place of the game's own; a truncated file, a file of no game, or vfile without v is
// refused with one line.
func TestExpertValueFile(t *testing.T) {
	g := mustLookup(t, "draco")
	dir := t.TempDir()
	own := dir + "/draco.json"
	if err := os.WriteFile(own, g.Value, 0o644); err != nil {
		t.Fatal(err)
	}
	f := mustParse(t, "expert:iters=40,v=cut,vfile="+own)
	if !strings.Contains(f.Spec, "vfile="+own) {
		t.Errorf("the spec %q does not name the file", f.Spec)
	}
	// The same file as the game's own: the same play.
	u := setup{name: "draco/2p", game: g, players: 2}
	plain := mustParse(t, "expert:iters=40,v=cut")
	for i, s := range u.positions(t, []uint64{5}, 3) {
		if decide(t, f, s, uint64(i)) != decide(t, plain, s, uint64(i)) {
			t.Errorf("position %d: the game's own file read with vfile plays otherwise than the embedded one", i)
		}
	}
	// Weights changed (every weight zero): the file is really the one used.
	l, err := readValueFile(own)
	if err != nil {
		t.Fatal(err)
	}
	for i := range l.File.Models {
		clear(l.File.Models[i].Weights)
	}
	flat, err := l.File.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	flatPath := dir + "/flat.json"
	if err := os.WriteFile(flatPath, flat, 0o644); err != nil {
		t.Fatal(err)
	}
	flatF, differ := mustParse(t, "expert:iters=40,v=cut,vfile="+flatPath), 0
	states := u.positions(t, []uint64{5, 6}, 3)
	for i, s := range states {
		if decide(t, flatF, s, uint64(i)) != decide(t, f, s, uint64(i)) {
			differ++
		}
	}
	if differ == 0 {
		t.Errorf("a value function with every weight zero plays as the game's own in all %d positions", len(states))
	}
	bad := map[string][]byte{
		"truncated": g.Value[:len(g.Value)/2],
		"nogame":    []byte(strings.Replace(string(g.Value), `"game": "draco"`, `"game": "chess"`, 1)),
		"othergame": []byte(strings.Replace(string(g.Value), `"game": "draco"`, `"game": "redhot"`, 1)),
	}
	for name, data := range bad {
		path := dir + "/" + name + ".json"
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Parse("expert:v=cut,vfile=" + path)
		if err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: got %v, want one line of error", name, err)
		}
	}
	if _, err := Parse("expert:vfile=" + own); err == nil {
		t.Errorf("vfile without v was accepted")
	}
}
