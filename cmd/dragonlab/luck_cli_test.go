package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/value"
)

// plainGame is a registered game without chance events or value features, for the
// refusal of --luck.
type plainState struct{ engine.State }

func init() {
	rh, err := engine.Lookup("redhot")
	if err != nil {
		panic(err)
	}
	engine.Register(engine.Game{Name: "test-plain", Title: "Red Hot without luck accounting", Spec: "RH",
		MinPlayers: 2, MaxPlayers: 5, DefaultParams: rh.DefaultParams,
		New: func(p engine.Params, n int) (engine.State, error) {
			s, err := rh.New(p, n)
			return plainState{s}, err
		}})
}

// luck-model fit writes a value function; run --luck uses it and records it; bad input (a game
// without luck accounting, a value function of another game or version, its fitting
// seed, --value without --luck, a player count it has no model for) is refused with one
// line, exit 2, nothing written.
func TestLuckCLI(t *testing.T) {
	dir := t.TempDir()
	vf := filepath.Join(dir, "rh.json")
	code, out, errs := cli(t, "luck-model", "fit", "--game", "redhot", "--agents", "random", "--games", "40", "--player-counts", "2", "--out", vf)
	if code != 0 || !strings.Contains(out, "redhot 2p") {
		t.Fatalf("luck-model fit: exit %d, %s %s", code, out, errs)
	}
	res := filepath.Join(dir, "r.json")
	code, out, errs = cli(t, "run", "--game", "redhot", "--luck", "--value", vf, "--games", "60", "-w", "1", "--out", res)
	if code != 0 || !strings.Contains(out, "luck:") || !strings.Contains(out, "variance ratio") || !strings.Contains(out, "flame dice") {
		t.Fatalf("run --luck: exit %d, %s %s", code, out, errs)
	}
	if data, _ := os.ReadFile(res); !strings.Contains(string(data), `"luck"`) || !strings.Contains(string(data), `"sha256"`) {
		t.Fatalf("the results file does not record the luck accounting")
	}
	// --add fits another player count at another level into the same file.
	code, out, errs = cli(t, "luck-model", "fit", "--game", "redhot", "--agents", "greedy", "--games", "10", "--player-counts", "3", "--add", "--out", vf)
	if code != 0 {
		t.Fatalf("luck-model fit --add: exit %d, %s %s", code, out, errs)
	}
	code, out, errs = cli(t, "luck-model", "show", "--game", "redhot", "--file", vf)
	if code != 0 || !strings.Contains(out, "2 players: 40 games of random") || !strings.Contains(out, "3 players: 10 games of greedy") {
		t.Fatalf("luck-model show: exit %d, %s %s", code, out, errs)
	}
	code, _, errs = cli(t, "luck-model", "fit", "--game", "redhot", "--games", "10", "--player-counts", "4", "--seed", "3", "--add", "--out", vf)
	checkRefused(t, "luck-model fit --add with another seed", code, "", errs)
	data, err := os.ReadFile(vf)
	if err != nil {
		t.Fatal(err)
	}
	old := filepath.Join(dir, "old.json")
	os.WriteFile(old, []byte(strings.Replace(string(data), `"redhot/`, `"redhot/0`, 1)), 0o644)
	trunc, v9, feat := filepath.Join(dir, "trunc.json"), filepath.Join(dir, "v9.json"), filepath.Join(dir, "feat.json")
	os.WriteFile(trunc, data[:len(data)/2], 0o644)
	os.WriteFile(v9, []byte(strings.Replace(string(data), `"dragonlab.value/v2"`, `"dragonlab.value/v9"`, 1)), 0o644)
	var f value.File
	if err := json.Unmarshal(data, &f); err != nil || len(f.Models) == 0 || len(f.Models[0].Features) == 0 {
		t.Fatalf("the fitted file: %v", err)
	}
	os.WriteFile(feat, []byte(strings.Replace(string(data), `"`+f.Models[0].Features[0]+`"`, `"another feature"`, 1)), 0o644)
	out2 := filepath.Join(dir, "never.json")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--game", "test-plain", "--luck"}, "not available"},
		{[]string{"run", "--game", "draco", "--luck", "--value", vf}, "is for redhot, not draco"},
		{[]string{"run", "--game", "redhot", "--luck", "--value", old}, "refit"},
		{[]string{"run", "--game", "redhot", "--luck", "--value", trunc}, "not a dragonlab value-function file"},
		{[]string{"run", "--game", "redhot", "--luck", "--value", v9}, "schema"},
		{[]string{"run", "--game", "redhot", "--luck", "--value", feat}, "other features"},
		{[]string{"run", "--game", "redhot", "--luck", "--value", vf, "--seed", fmt.Sprint(fitSeed)}, "fitted on"},
		{[]string{"run", "--game", "redhot", "--value", vf}, "only with --luck"},
		{[]string{"run", "--game", "redhot", "--players", "4", "--luck", "--value", vf}, "no model for 4 players"},
		{[]string{"run", "--game", "redhot", "--luck", "--value", filepath.Join(dir, "missing.json")}, "read value function"},
		{[]string{"luck-model", "fit", "--game", "redhot"}, "--out"},
		{[]string{"luck-model", "fit", "--game", "redhot", "--player-counts", "7"}, "not 7"},
		{[]string{"luck-model", "fit", "--game", "test-plain"}, "no value features"},
	} {
		args := append(tc.args, "--out", out2)
		if tc.args[0] == "luck-model" && tc.want != "--out" {
			args = append(tc.args, "--out", out2)
		} else if tc.want == "--out" {
			args = tc.args
		}
		code, stdout, stderr := cli(t, args...)
		checkRefused(t, strings.Join(tc.args, " "), code, stdout, stderr)
		if !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: %q, want it to say %q", tc.args, stderr, tc.want)
		}
		if _, err := os.Stat(out2); err == nil {
			t.Fatalf("%v wrote %s", tc.args, out2)
		}
	}
}
