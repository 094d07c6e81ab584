package agents

import (
	"maps"
	"os"
	"strings"
	"testing"

	"dragonlab/engine"
)

// TestExpertIsItsTableRow: in every game and player count and in both settings tables,
// expert plays exactly as its row (the settings the game registered) spells out (so
// "expert" in a study means a known search): the mcts spec of the row where it uses no
// value function, else table 1's expert with the row's every option given explicitly
// (which also checks that an option given explicitly overrides the row).
func TestExpertIsItsTableRow(t *testing.T) {
	for _, table := range []string{expertTable1, expertTable2} {
		for _, u := range setups() {
			t.Run(u.name+"/table"+table, func(t *testing.T) {
				states := u.positions(t, []uint64{21}, 3)
				row, err := expertRow(table, u.game.Name, u.players)
				if err != nil {
					t.Fatal(err)
				}
				var kv []string
				for _, k := range expertTunable {
					v := row[k]
					if k == "iters" {
						v = "25" // the row's other settings, at a test's budget
					}
					kv = append(kv, k+"="+v)
				}
				want := mustParse(t, "mcts:"+strings.Join(kv, ","))
				if row["v"] != vNone {
					want = mustParse(t, "expert:table=1,"+strings.Join(kv, ",")+",v="+row["v"]+",vw="+row["vw"])
				}
				expert := mustParse(t, "expert:iters=25,table="+table)
				for i, s := range states {
					if a, b := decide(t, want, s, uint64(i)), decide(t, expert, s, uint64(i)); a != b {
						t.Errorf("position %d: expert played %s, %s played %s", i, s.ActionText(b), want.Spec, s.ActionText(a))
					}
				}
			})
		}
	}
	if got := gameName(setup{name: "", game: mustLookup(t, "dragonheart"), players: 2}.newGame(t, 1)); got != "dragonheart" {
		t.Errorf("gameName of a Dragonheart state = %q", got)
	}
	if got := gameName(&restricted{inner: setup{name: "", game: mustLookup(t, "redhot"), players: 2}.newGame(t, 1)}); got != "redhot" {
		t.Errorf("gameName through a restricted view = %q", got)
	}
	for _, g := range []string{"dragonheart", "draco", "redhot", "dragonscales"} {
		if _, ok := mustLookup(t, g).Expert[0]; !ok {
			t.Errorf("%s registers no expert settings for every player count", g)
		}
	}
}

// TestExpertSettingsAreTheGames: the rows come from the games' registrations (a game of
// the test binary declares its own for two players; its other counts take the default
// row), a malformed registration is refused, and the agent never looks up a game by
// reflection.
func TestExpertSettingsAreTheGames(t *testing.T) {
	two, err := expertRow(expertTable1, "snatch", 2)
	if err != nil {
		t.Fatal(err)
	}
	noValue := maps.Clone(expertDefault)
	noValue["v"], noValue["vw"] = vNone, expertNoValueVW
	want := maps.Clone(noValue)
	want["c"], want["depth"] = "1.1", "4"
	if !maps.Equal(two, want) {
		t.Errorf("snatch/2p row %v, want %v", two, want)
	}
	if three, _ := expertRow(expertTableNow, "snatch", 3); !maps.Equal(three, noValue) {
		t.Errorf("snatch/3p row %v, want the default row", three)
	}
	if ds3, _ := expertRow(expertTableNow, "dragonscales", 3); ds3["scale"] != "3" || ds3["iters"] != "900" {
		t.Errorf("dragonscales/3p row %v: not its own registration", ds3)
	}
	if ds2, _ := expertRow(expertTableNow, "dragonscales", 2); ds2["scale"] != "10" || ds2["prior"] != "0" {
		t.Errorf("dragonscales/2p row %v: not the game's row for every count", ds2)
	}
	doc := expertDoc()
	if !strings.Contains(doc, "snatch/2p: iters=1300,c=1.1,rollout=random,eps=0,depth=4,") || strings.Contains(doc, "snatch:") {
		t.Errorf("the doc does not list the registered rows: %s", doc)
	}
	for _, bad := range []string{"iters", "ms=5", "c=0.7,reward=score", ""} {
		if err := overlaySettings(maps.Clone(expertDefault), bad, expertTunable); err == nil {
			t.Errorf("settings %q accepted", bad)
		}
	}
	// A state that does not name its game plays with the default row.
	if got := gameName(anonymous{setup{name: "", game: mustLookup(t, "draco"), players: 3}.newGame(t, 1)}); got != "" {
		t.Errorf("gameName of a state without a name = %q", got)
	}
	src, err := os.ReadFile("expert.go")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(src), "reflect") {
		t.Error("expert.go uses reflect")
	}
}

// anonymous hides the Namer (and every other optional interface) of a state.
type anonymous struct{ engine.State }

// ExpertSetting is what the expert's auto options resolve to for a game and player count.
func TestExpertSetting(t *testing.T) {
	for _, tc := range []struct {
		game    string
		players int
		want    string
	}{{"dragonscales", 3, "900"}, {"dragonscales", 2, "1000"}, {"no-such-game", 2, expertDefault["iters"]}} {
		got, err := ExpertSetting(tc.game, tc.players, "iters")
		if err != nil || got != tc.want {
			t.Errorf("ExpertSetting(%s, %d, iters) = %q, %v; want %q", tc.game, tc.players, got, err, tc.want)
		}
	}
	if _, err := ExpertSetting("redhot", 2, "reward"); err == nil {
		t.Error("ExpertSetting accepts an option the games do not set")
	}
}
