package redhot

import (
	"sort"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

func TestParamsValidate(t *testing.T) {
	for players := 2; players <= 5; players++ {
		if err := DefaultParams().Validate(players); err != nil {
			t.Fatalf("defaults invalid for %d players: %v", players, err)
		}
	}
	cases := []struct {
		name    string
		players int
		mod     func(*Params)
		key     string
	}{
		{"too few spots", 5, func(p *Params) { p.Spots, p.Treasure = 4, []int{4, 3, 2, 1} }, "spots:"},
		{"too many spots", 2, func(p *Params) { p.Spots = 13 }, "spots:"},
		{"treasure size", 2, func(p *Params) { p.Spots = 5 }, "treasure:"},
		{"treasure negative", 2, func(p *Params) { p.Treasure[2] = -1 }, "treasure:"},
		{"three resistances", 2, func(p *Params) { p.Resistances = []int{2, 3, 4} }, "resistances:"},
		{"resistance 0", 2, func(p *Params) { p.Resistances[0] = 0 }, "resistances:"},
		{"resistance too high", 2, func(p *Params) { p.Resistances[3] = 21 }, "resistances:"},
		{"resistances decreasing", 2, func(p *Params) { p.Resistances = []int{3, 2, 4, 5} }, "resistances:"},
		{"empty flame deck", 2, func(p *Params) { p.FlameDeck = nil }, "flameDeck:"},
		{"flame deck too big", 2, func(p *Params) { p.FlameDeck = make([]string, 29) }, "flameDeck:"},
		{"unknown prediction", 2, func(p *Params) { p.FlameDeck[4] = "MIN/MAXX" }, "flameDeck:"},
		{"half a prediction", 2, func(p *Params) { p.FlameDeck[0] = "MIN" }, "flameDeck:"},
		{"stone bonus", 2, func(p *Params) { p.StoneBonus = -1 }, "stoneBonus:"},
		{"fury bonus", 2, func(p *Params) { p.FuryBonus = 11 }, "furyBonus:"},
		{"cape bonus", 2, func(p *Params) { p.CapeBonus = -1 }, "capeBonus:"},
		{"fury position 0", 2, func(p *Params) { p.FuryInLastCards = 0 }, "furyInLastCards:"},
		{"fury position beyond the deck", 2, func(p *Params) { p.FuryInLastCards = 20 }, "furyInLastCards:"},
		{"smaller deck, fury window too", 2, func(p *Params) { p.FlameDeck = []string{"MIN/MIN"} }, "furyInLastCards:"},
		{"secret order", 2, func(p *Params) { p.SecretOrder = "clockwise" }, "secretOrder:"},
		{"secret order empty", 2, func(p *Params) { p.SecretOrder = "" }, "secretOrder:"},
	}
	for _, c := range cases {
		p := DefaultParams()
		c.mod(p)
		err := p.Validate(c.players)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if !strings.HasPrefix(err.Error(), c.key) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %q, want one line starting with %q", c.name, err, c.key)
		}
		if _, err := New(p, c.players); err == nil {
			t.Errorf("%s: New accepts invalid parameters", c.name)
		}
	}
}

func TestParamsRegistry(t *testing.T) {
	g := enginetest.Lookup(t, "redhot")
	if g.Spec != "RH" || g.MinPlayers != 2 || g.MaxPlayers != 5 {
		t.Fatalf("registry entry %+v", g)
	}
	keys := engine.ParamKeys(g)
	var docs []string
	for k, v := range g.ParamDocs {
		docs = append(docs, k)
		if !strings.Contains(v, "RH-") {
			t.Errorf("doc of %s names no rule", k)
		}
	}
	sorted := append([]string{}, keys...)
	sort.Strings(sorted)
	sort.Strings(docs)
	if strings.Join(sorted, ",") != strings.Join(docs, ",") {
		t.Fatalf("param keys %v, docs %v", keys, docs)
	}
	p := g.DefaultParams()
	if err := engine.SetParam(g, p, `flameDeck=["MAX/MAX","MIN/MIN"]`); err != nil {
		t.Fatal(err)
	}
	if err := engine.SetParam(g, p, "furyInLastCards=3"); err != nil {
		t.Fatal(err)
	}
	s, err := g.NewGame(p, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	if s.(*State).deckLen != 6 {
		t.Fatalf("deck of %d cards, want 2 flames + 4 events", s.(*State).deckLen)
	}
	if _, err := New(struct{ engine.Params }{}, 2); err == nil {
		t.Fatal("New accepts foreign parameters")
	}
}
