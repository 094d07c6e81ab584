package draco

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// DR-3 and the other parameters: bad input gives one clear error line naming the key.
func TestDR03_ParamsValidate(t *testing.T) {
	for players := 2; players <= 5; players++ {
		if err := DefaultParams().Validate(players); err != nil {
			t.Fatalf("defaults, %dp: %v", players, err)
		}
	}
	if err := DefaultParams().Validate(0); err != nil {
		t.Fatalf("defaults, both sides: %v", err)
	}
	for _, tc := range []struct {
		name    string
		players int
		set     func(p *Params)
		want    string
	}{
		{"empty track", 2, func(p *Params) { p.Track23 = " " }, "track23 is empty"},
		{"bad square", 2, func(p *Params) { p.Track23 = "1:1 2:x 3:3B" }, `track23 square "2:x"`},
		{"bad mark", 2, func(p *Params) { p.Track23 = strings.Replace(DefaultTrack23, "4:3B", "4:3R", 1) }, `track23 square "4:3R"`},
		{"bad position", 3, func(p *Params) { p.Track23 = strings.Replace(DefaultTrack23, "5:1", "6:1", 1) }, "position should be 5"},
		{"value too high", 4, func(p *Params) { p.Track45 = strings.Replace(DefaultTrack45, "24:8", "24:9", 1) }, "value 9 is outside -2..8"},
		{"value too low", 5, func(p *Params) { p.Track45 = strings.Replace(DefaultTrack45, "13:-2", "13:-3", 1) }, "value -3 is outside -2..8"},
		{"too short", 2, func(p *Params) { p.Track23 = "1:1B 2:2G 3:5S 4:6S 5:7S" }, "too short for 4 summit squares"},
		{"no blue", 2, func(p *Params) { p.Track23 = "1 2 3G 4 5S 6S 7S 8S" }, "at least one blue (B) and one green (G)"},
		{"no green", 4, func(p *Params) { p.Track45 = "1 2B 3 4 5S 6S 7S 8S" }, "track45 needs at least one blue"},
		{"summit not at the end", 2, func(p *Params) { p.Track23 = "1 2B 3G 4S 5S 6S 7S 8" }, "square 4 is marked S"},
		{"blue in the summit", 2, func(p *Params) { p.Track23 = "1 2B 3G 4 5 6 7B 8" }, "cannot be blue or green"},
		{"summit count differs", 2, func(p *Params) { p.SummitSquares = 3 }, "marks 4 squares S but summitSquares is 3"},
		{"summitSquares zero", 2, func(p *Params) { p.SummitSquares = 0 }, "summitSquares is 0"},
		{"no card values", 2, func(p *Params) { p.CardValues = nil }, "cardValues has 0 entries"},
		{"card value zero", 2, func(p *Params) { p.CardValues = []int{1, 0} }, "cardValues[1] is 0"},
		{"too many cards", 2, func(p *Params) { p.CardValues = make([]int, 17) }, "cardValues has 17 entries"},
		{"hand size zero", 2, func(p *Params) { p.HandSize = 0 }, "handSize is 0"},
		{"hand too large for the deck", 5, func(p *Params) { p.HandSize = 16; p.CardValues = []int{1, 2, 3, 4, 5} }, "handSize 16 is too large for 5 players"},
		{"small scoring", 2, func(p *Params) { p.SmallScoringMax = 9 }, "smallScoringMax is 9"},
		{"dragons to end", 2, func(p *Params) { p.DragonsToEnd = 11 }, "dragonsToEnd is 11"},
		{"dragons to end zero", 2, func(p *Params) { p.DragonsToEnd = 0 }, "dragonsToEnd is 0"},
	} {
		p := DefaultParams()
		tc.set(p)
		err := p.Validate(tc.players)
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") {
			t.Errorf("%s: error %q, want one line containing %q", tc.name, msg, tc.want)
		}
		if _, err := New(p, tc.players); err == nil {
			t.Errorf("%s: New accepted bad params", tc.name)
		}
	}
	// Only the board side in use is checked for a known player count.
	p := DefaultParams()
	p.Track45 = "nonsense"
	if err := p.Validate(3); err != nil {
		t.Fatalf("3 players do not use track45: %v", err)
	}
	if err := p.Validate(4); err == nil || !strings.HasPrefix(err.Error(), "track45") {
		t.Fatalf("4 players: %v", err)
	}
}

// DR-3: tracks and other parameters through --set and a rules file.
func TestDR03_SetParams(t *testing.T) {
	g := enginetest.Lookup(t, "draco")
	p := g.DefaultParams()
	for _, kv := range []string{
		"track23=1 2 0 3B 1 -1 2 4 3B 5 2G 6 7S 8S",
		"summitSquares=2",
		"cardValues=[1,2,3]",
		"handSize=4",
		"smallScoringMax=2",
		"dragonsToEnd=4",
	} {
		if err := engine.SetParam(g, p, kv); err != nil {
			t.Fatalf("--set %s: %v", kv, err)
		}
	}
	s, err := g.NewGame(p, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	st := s.(*State)
	if st.r.last != 14 || st.r.summitStart != 13 || st.r.deckLen != 30 || st.handLen[2] != 4 || st.r.toEnd != 4 || st.r.smallMax != 2 {
		t.Fatalf("params not applied: last %d summit %d deck %d", st.r.last, st.r.summitStart, st.r.deckLen)
	}
	// track45 was left at 4 summit squares: a 4-player game refuses with a clear error.
	if _, err := g.NewGame(p, 4, 1); err == nil || !strings.Contains(err.Error(), "track45") {
		t.Fatalf("4 players with a 4-square track45 and summitSquares=2: %v", err)
	}
	if err := engine.SetParam(g, p, "handSize=six"); err == nil {
		t.Fatal("handSize=six accepted")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "rules.json")
	os.WriteFile(path, []byte(`{"dragonsToEnd": 2, "cardValues": [2,2,4]}`), 0o644)
	p = g.DefaultParams()
	if err := engine.LoadParams(g, p, path); err != nil {
		t.Fatal(err)
	}
	if dp := p.(*Params); dp.DragonsToEnd != 2 || len(dp.CardValues) != 3 || dp.Track23 != DefaultTrack23 {
		t.Fatalf("rules file: %+v", dp)
	}
	// Round trip through the results-file form.
	back, err := engine.ParseParams(g, engine.ParamsJSON(p))
	if err != nil || back.(*Params).DragonsToEnd != 2 {
		t.Fatalf("round trip: %v", err)
	}
	for _, k := range engine.ParamKeys(g) {
		if !strings.Contains(g.ParamDocs[k], "DR-") {
			t.Errorf("ParamDocs[%s] missing or without a rule ID", k)
		}
	}
}
