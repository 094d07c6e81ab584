package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValueRefusesBadInput: an unknown component or class lists the valid ones; a game
// whose seats start with nothing of their own (the solitaire, three-player Dragon
// Scales), and a level without a search to read decision values from (random, greedy),
// are refused: one line, exit 2, nothing written.
func TestValueRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "v")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown component", []string{"--game", "dragonheart", "--agents", "expert", "--components", "troll,wizard"}, "valid: treasure, firedragon, petrified, princess, troll, dwarf, hero, slayer, ship, treasure 1"},
		{"unknown class", []string{"ablate", "--game", "dragonheart", "--agents", "greedy", "--forbid", "wizardry"}, "valid: play-treasure"},
		{"one player", []string{"--game", "dragonscales", "--players", "1", "--agents", "expert"}, "with one player there is nothing to compare"},
		{"three players", []string{"--game", "dragonscales", "--players", "3", "--agents", "expert"}, "nothing of their own"},
		{"random", []string{"--game", "redhot", "--agents", "random"}, "random has no search"},
		{"greedy", []string{"--game", "draco", "--agents", "greedy"}, "greedy has no search"},
		{"two agents", []string{"--game", "draco", "--agents", "expert,expert"}, "give one spec"},
		{"no agents", []string{"--game", "draco"}, "--agents is required"},
		{"score reward", []string{"--game", "draco", "--agents", "mcts:reward=score"}, "not win shares"},
		{"games zero", []string{"--game", "draco", "--agents", "expert", "--games", "0"}, "--games must be positive"},
		{"decision games", []string{"--game", "draco", "--agents", "expert", "--decision-games", "-3"}, "--decision-games must be positive"},
	} {
		args := append([]string{"value"}, tc.args...)
		if tc.args[0] == "ablate" {
			args = tc.args
		}
		code, stdout, stderr := cli(t, append(args, "--out", out, "--quiet")...)
		checkRefused(t, tc.name, code, stdout, stderr)
		if !strings.Contains(stderr, tc.want) {
			t.Errorf("%s: %q does not say %q", tc.name, stderr, tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%s: something was written", tc.name)
		}
	}
}

// TestValuePlantedCard: the command a designer runs with a planted rules file ranks the
// planted card first (Red Hot's stone worth 30 when kept), and writes summary.json's
// components and decisions lists.
func TestValuePlantedCard(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "planted.json")
	os.WriteFile(rules, []byte(`{"stoneBonus": 30}`), 0o644)
	out := filepath.Join(dir, "v")
	mustCLI(t, "value", "--game", "redhot", "--agents", "mcts:iters=10", "--rules", rules, "--components", "stone,cape,tough,bag",
		"--games", "150", "--decision-games", "4", "--decision-iters", "30", "--out", out, "--quiet")
	data, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var sum struct {
		Components []struct {
			Name     string
			Estimate struct{ Value, Lo, Hi float64 }
			P        float64
		}
		Decisions []struct{ Name string }
	}
	if err := json.Unmarshal(data, &sum); err != nil {
		t.Fatal(err)
	}
	if len(sum.Components) != 4 || sum.Components[0].Name != "stone" || sum.Components[0].Estimate.Lo <= 0 || len(sum.Decisions) == 0 {
		t.Fatalf("summary: %+v", sum)
	}
	for _, f := range []string{"report.pdf", "report.html", "substitution.json", "decisions.json", "plan.json"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("no %s", f)
		}
	}
}
