package play

import (
	"strings"
	"testing"
	"unicode/utf8"

	"dragonlab/engine"
)

// Issue 26: a screen shows a person only what his seat sees. Every game is played with
// random moves; at each decision the screen of the seat to move (its board, every seat's
// line, its choices and their previews) is drawn from the true state and from states
// re-dealt from that seat's view (Determinize: every hidden card, pile order and pending
// secret choice of another seat drawn anew); the screens must be the same. It is the check
// of the previews against the view: two states the seat cannot tell apart give the same
// previews. The screens also fit 80×24.
func TestScreenShowsOnlyTheView(t *testing.T) {
	cases := []struct {
		game    string
		players int
		set     string
	}{
		{"dragonheart", 2, ""}, {"draco", 2, ""}, {"draco", 4, ""}, {"redhot", 3, ""}, {"redhot", 5, ""},
		{"dragonscales", 1, ""}, {"dragonscales", 2, ""}, {"dragonscales", 2, "duoHand=3"}, {"dragonscales", 3, ""},
	}
	for _, tc := range cases {
		g := mustGame(t, tc.game)
		p := g.DefaultParams()
		if tc.set != "" {
			if err := engine.SetParam(g, p, tc.set); err != nil {
				t.Fatal(err)
			}
		}
		specs := make([]string, tc.players)
		for i := range specs {
			specs[i] = Human
		}
		compared, differed := 0, 0
		for seed := uint64(1); seed <= 3; seed++ {
			con := &scriptConsole{w: 80, h: 24}
			ps, err := New(Config{Game: g, Params: p, Players: tc.players, Seed: seed, Specs: specs}, con)
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRNG(seed)
			for n := 0; !ps.s.Terminal() && n < 400; n++ {
				seat := ps.s.ToMove()
				legal := ps.s.Legal(nil)
				truth := ps.s
				from := ps.seen[seat] // the news since the seat's last turn, as humanTurn sets it
				screen := func(s engine.State) string {
					ps.s = s
					ps.newsFrom[seat], ps.seen[seat] = from, len(ps.steps)
					ps.newsDeal[seat] = n < ps.Players
					con.out.Reset()
					texts := make([]string, len(legal))
					for i, a := range legal {
						texts[i] = s.ActionText(a)
					}
					ps.screen(seat, s.Legal(nil), texts)
					return con.out.String()
				}
				want := screen(truth)
				lines := strings.Split(strings.Trim(want, "\f\n"), "\n")
				if len(lines) > 22 {
					t.Fatalf("%s %dp: a screen of %d lines:\n%s", tc.game, tc.players, len(lines), want)
				}
				// Issue 36 (5): every move the others made since the seat's last turn keeps
				// a line of its own (at least its one-line summary) while the screen has
				// room for it.
				others, shown := 0, 0
				for k := from; k < len(ps.steps); k++ {
					if ps.steps[k].seat != seat {
						others++
					}
				}
				for _, l := range lines {
					if strings.HasPrefix(l, "  seat ") && strings.Contains(l, "): ") && !strings.Contains(l, "(you)") {
						shown++
					}
				}
				// Only a full screen may leave some out (saying so when a line is free for
				// it; log shows them all).
				if shown < others && len(lines) < 22 {
					t.Fatalf("%s %dp: %d moves of the others since the last turn, %d shown:\n%s", tc.game, tc.players, others, shown, want)
				}
				for _, l := range lines {
					if utf8.RuneCountInString(l) > 80 {
						t.Fatalf("%s %dp: a line of %d characters: %q", tc.game, tc.players, utf8.RuneCountInString(l), l)
					}
				}
				for k := uint64(0); k < 2; k++ {
					d := truth.Clone()
					d.Determinize(seat, seed*7919+uint64(n)*31+k)
					compared++
					if DescribeView(d, engine.Omniscient) != DescribeView(truth, engine.Omniscient) {
						differed++
					}
					if got := screen(d); got != want {
						t.Fatalf("%s %dp seed %d decision %d: seat %d's screen changes with what it cannot see:\n%s\n--- re-dealt:\n%s",
							tc.game, tc.players, seed, n, seat, want, got)
					}
				}
				ps.s = truth
				ps.apply(seat, legal[r.IntN(len(legal))])
			}
		}
		if compared == 0 || differed == 0 {
			t.Fatalf("%s %dp: nothing hidden was compared (%d screens, %d with hidden differences)", tc.game, tc.players, compared, differed)
		}
	}
}
