package sim

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/value"
)

// A learned fit is the same for any number of workers, keeps the candidate of lowest
// validation log-loss, and records every candidate's held-out fit.
func TestFitLearnedSameForAnyWorkers(t *testing.T) {
	g, err := engine.Lookup("redhot")
	if err != nil {
		t.Fatal(err)
	}
	forms, err := ParseForms("glm,mlp:2")
	if err != nil {
		t.Fatal(err)
	}
	fit := func(workers int) *FitConfig {
		return &FitConfig{Game: g, Params: g.DefaultParams(), Players: 2, Agent: randomAgents(t, 1)[0], Seed: 7, Games: 40,
			Workers: workers, Ridge: 1e-4, Forms: forms, HeldOut: 20, HeldOutSeed: 8}
	}
	a, err := FitValue(context.Background(), *fit(1))
	if err != nil {
		t.Fatal(err)
	}
	b, err := FitValue(context.Background(), *fit(3))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("1 and 3 workers fit different models")
	}
	if a.HeldOut == nil || a.HeldOut.Games != 20 || len(a.Compared) != 3 {
		t.Fatalf("held out %+v, compared %d", a.HeldOut, len(a.Compared))
	}
	best := slices.MinFunc(a.Compared, func(x, y value.Compared) int {
		switch {
		case x.Validation < y.Validation:
			return -1
		case x.Validation > y.Validation:
			return 1
		}
		return 0
	})
	if best.Name != a.Form() || best.HeldOut.LogLoss != a.HeldOut.LogLoss {
		t.Fatalf("kept %s, the lowest validation log-loss is %s's", a.Form(), best.Name)
	}
	bad := fit(1)
	bad.HeldOutSeed = bad.Seed
	if _, err := FitValue(context.Background(), *bad); err == nil {
		t.Fatalf("a held-out seed equal to the fit's was accepted")
	}
}

// With each game's built-in value function (a learned model where the fit chose one) a
// game with luck accounting allocates nothing.
func TestBuiltInValueAllocatesNothing(t *testing.T) {
	for _, game := range []string{"dragonheart", "draco", "redhot", "dragonscales"} {
		g, err := engine.Lookup(game)
		if err != nil {
			t.Fatal(err)
		}
		players := max(g.MinPlayers, 2)
		vf, err := LoadValue(g, nil, players, nil)
		if err != nil {
			t.Fatal(err)
		}
		cfg := Config{Game: g, Players: players, Agents: randomAgents(t, players), Seed: 5, Units: 100, Workers: 1, Luck: vf}
		if err := cfg.check(); err != nil {
			t.Fatal(err)
		}
		w, err := newWorker(&cfg)
		if err != nil {
			t.Fatal(err)
		}
		for i := int64(0); i < 50; i++ {
			w.unit(i)
		}
		i := int64(0)
		if n := testing.AllocsPerRun(50, func() { i++; w.unit(i % 50) }); n != 0 {
			t.Errorf("%s (%s): one game with luck allocates %.1f times, want 0", game, vf.Model(players).Form(), n)
		}
	}
}
