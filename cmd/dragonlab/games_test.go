package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/engine"
)

// `dragonlab games` says where each game's rules are, and the file is there.
func TestGamesPointsAtTheRules(t *testing.T) {
	code, stdout, _ := cli(t, "games")
	if code != 0 {
		t.Fatal("games failed")
	}
	for _, g := range []string{"dragonheart", "draco", "redhot", "dragonscales"} {
		p := engine.RulesPath(g)
		if !strings.Contains(stdout, "rules: "+p) {
			t.Errorf("games does not point at %s", p)
		}
		if _, err := os.Stat(filepath.Join("..", "..", p)); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}
