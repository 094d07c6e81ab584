package engine_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/engine"
	_ "dragonlab/engine/all"
)

// IntN must be uniform: a chi-square goodness-of-fit over 7 cells with a fixed seed. The
// critical value 24.32 is the 0.9995 quantile of chi-square with 6 degrees of freedom
// (R: qchisq(0.9995, 6)), so a correct generator fails this test with probability 5e-4
// for a random seed (and never for this fixed one).
func TestRNGIntNIsUniform(t *testing.T) {
	r := engine.NewRNG(2024)
	const n, cells = 700000, 7
	var counts [cells]float64
	for i := 0; i < n; i++ {
		counts[r.IntN(cells)]++
	}
	chi := 0.0
	for _, c := range counts {
		d := c - n/cells
		chi += d * d / (n / cells)
	}
	if chi > 24.32 {
		t.Fatalf("chi-square %.1f over %v", chi, counts)
	}
	f := r.Float64()
	if f < 0 || f >= 1 {
		t.Fatalf("Float64 %v outside [0,1)", f)
	}
}

func TestDeriveSeedIsAPureFunctionThatSpreads(t *testing.T) {
	seen := map[uint64]bool{}
	for run := uint64(0); run < 20; run++ {
		for i := uint64(0); i < 1000; i++ {
			s := engine.DeriveSeed(run, i)
			if s != engine.DeriveSeed(run, i) {
				t.Fatal("DeriveSeed is not deterministic")
			}
			if seen[s] {
				t.Fatalf("DeriveSeed(%d, %d) collides", run, i)
			}
			seen[s] = true
		}
	}
	a, b := engine.NewRNG(1), engine.NewRNG(2)
	if a.Uint64() == b.Uint64() {
		t.Fatal("nearby seeds give the same stream")
	}
}

func TestRegistryListsEveryGameAndRefusesUnknown(t *testing.T) {
	names := strings.Join(engine.Names(), ",")
	if names != "draco,dragonheart,dragonscales,redhot" {
		t.Fatalf("registered games: %s", names)
	}
	_, err := engine.Lookup("chess")
	if err == nil || !strings.Contains(err.Error(), "dragonheart") {
		t.Fatalf("unknown game error %v does not list the games", err)
	}
	g, _ := engine.Lookup("draco")
	if g.CheckPlayers(1) == nil || g.CheckPlayers(6) == nil || g.CheckPlayers(5) != nil {
		t.Fatal("draco player range is not 2..5")
	}
	for _, g := range engine.Games() {
		for _, key := range engine.ParamKeys(g) {
			if g.ParamDocs[key] == "" {
				t.Errorf("%s parameter %s has no documentation", g.Name, key)
			}
		}
	}
}

func TestSetParamAndRulesFile(t *testing.T) {
	g, _ := engine.Lookup("dragonheart")
	p := g.DefaultParams()
	if err := engine.SetParam(g, p, "dragonBonus=5"); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(engine.ParamsJSON(p), &m)
	if m["dragonBonus"] != 5.0 {
		t.Fatalf("dragonBonus not set: %v", m["dragonBonus"])
	}
	for _, bad := range []string{"dragonBonus", "=3", "nope=1", "dragonBonus=[1,2]", "dragonBonus=\"x\""} {
		if err := engine.SetParam(g, g.DefaultParams(), bad); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("--set %s: error %v, want one line", bad, err)
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "rules.json")
	os.WriteFile(path, []byte(`{"handSize": 4, "dragonBonus": 1}`), 0o644)
	p = g.DefaultParams()
	if err := engine.LoadParams(g, p, path); err != nil {
		t.Fatal(err)
	}
	json.Unmarshal(engine.ParamsJSON(p), &m)
	if m["handSize"] != 4.0 || m["dragonBonus"] != 1.0 {
		t.Fatalf("rules file not applied: %v", m)
	}
	os.WriteFile(path, []byte(`{"handSize": 4,`), 0o644)
	if err := engine.LoadParams(g, g.DefaultParams(), path); err == nil {
		t.Fatal("truncated rules file accepted")
	}
	os.WriteFile(path, []byte(`{"handsize": 4}`), 0o644)
	if err := engine.LoadParams(g, g.DefaultParams(), path); err == nil || !strings.Contains(err.Error(), "handSize") {
		t.Fatalf("unknown key error %v does not list the keys", err)
	}
	// ParamsJSON round-trips through ParseParams.
	back, err := engine.ParseParams(g, engine.ParamsJSON(p))
	if err != nil || string(engine.ParamsJSON(back)) != string(engine.ParamsJSON(p)) {
		t.Fatalf("params do not round-trip: %v", err)
	}
}

func TestDraw(t *testing.T) {
	for _, c := range []struct {
		out  []float64
		draw bool
	}{{[]float64{0.5, 0.5}, true}, {[]float64{1, 0}, false}, {[]float64{0, 0}, false}, {[]float64{1}, false},
		{[]float64{1.0 / 3, 1.0 / 3, 1.0 / 3}, true}, {[]float64{0.5, 0.5, 0}, false}} {
		if engine.Draw(c.out) != c.draw {
			t.Errorf("Draw(%v) = %v", c.out, !c.draw)
		}
	}
}
