package enginetest

// The check every game's per-viewer narration (engine.ViewNarrator) passes: what a seat is
// told depends only on what that seat can see.

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"dragonlab/engine"
)

// ViewStats counts what CheckViews compared, so that a game's test can prove the check
// had teeth (it compared narrations in which hidden information differed).
type ViewStats struct {
	Steps int // decisions played
	// Compared counts the (step, seat, re-deal) triples whose narrations were compared:
	// the action was legal in the re-dealt state and the seat could not tell the two
	// states after it apart.
	Compared int
	// Hidden counts those of them in which the omniscient narrations differed: the
	// narration held something the seat must not be told, and the seat's did not show it.
	Hidden int
}

// CheckViews plays games random games of g (players, params p; nil: defaults), dealt
// from seeds 1, 2, 3 …, and checks at every decision, for every seat v:
//
//   - DescribeView(v) is the same in the state and in a copy re-dealt by Determinize(v):
//     two states v cannot tell apart are described alike;
//   - NarrateView(before, a, v) is the same for the state and for tries copies re-dealt by
//     Determinize(v), whenever a is legal in the copy and v cannot tell the two states
//     after a apart (equal Observe(v)): a seat is never told another seat's hidden cards,
//     draws or pending secret choices;
//   - NarrateView(before, a, v) is the same as the narration of another legal action of
//     the mover whose consequences the omniscient narration tells alike and after which v
//     cannot tell the two states apart: a secret choice is not named to other seats;
//   - the narration's first line is the action: its ActionText for the omniscient viewer
//     and for the seat that took it;
//   - Narrate, if the state has it, is the omniscient narration without the action line.
//
// Both copies get the same chance stream before a is applied, so public chance (dice,
// revealed cards) is alike and the comparison happens often.
func CheckViews(t *testing.T, g engine.Game, players int, p engine.Params, games, tries int) ViewStats {
	t.Helper()
	var st ViewStats
	for seed := uint64(1); seed <= uint64(games); seed++ {
		s, err := g.NewGame(p, players, seed)
		if err != nil {
			t.Fatalf("NewGame: %v", err)
		}
		if _, ok := s.(engine.ViewNarrator); !ok {
			t.Fatalf("%s does not implement engine.ViewNarrator", g.Name)
		}
		r := engine.NewRNG(seed)
		var buf [512]engine.Action
		for n := 0; !s.Terminal(); n++ {
			if n > 100000 {
				t.Fatal("game did not end")
			}
			legal := s.Legal(buf[:0])
			a := legal[r.IntN(len(legal))]
			before := s.Clone()
			s.Apply(a)
			st.Steps++
			checkStep(t, before, a, s, &st, seed, tries)
			if t.Failed() {
				return st
			}
		}
	}
	return st
}

func checkStep(t *testing.T, before engine.State, a engine.Action, after engine.State, st *ViewStats, seed uint64, tries int) {
	t.Helper()
	text := before.ActionText(a)
	mover := before.ToMove()
	omni := after.(engine.ViewNarrator).NarrateView(before, a, engine.Omniscient)
	if len(omni) == 0 || omni[0] != text {
		t.Fatalf("seed %d: the omniscient narration of %q does not start with the action: %q", seed, text, omni)
	}
	if nr, ok := after.(engine.Narrator); ok {
		if got := nr.Narrate(before, a); !slices.Equal(got, omni[1:]) {
			t.Fatalf("seed %d: Narrate of %q is not the omniscient narration:\n%s\n--\n%s", seed, text, strings.Join(got, "\n"), strings.Join(omni[1:], "\n"))
		}
	}
	if own := after.(engine.ViewNarrator).NarrateView(before, a, mover); len(own) == 0 || own[0] != text {
		t.Fatalf("seed %d: seat %d is not told its own action %q: %q", seed, mover, text, own)
	}
	var lbuf [512]engine.Action
	// Another action of the mover that leaves a seat unable to tell the two games apart (a
	// secret choice) must be narrated alike to that seat.
	legal := slices.Clone(before.Legal(lbuf[:0]))
	for k := 0; k < tries && len(legal) > 1; k++ {
		alt := legal[engine.DeriveSeed(seed, uint64(st.Steps*16+k))%uint64(len(legal))]
		if alt == a {
			continue
		}
		x := engine.DeriveSeed(seed, uint64(st.Steps*16+k)) ^ 0xa17
		b1, b2 := before.Clone(), before.Clone()
		b1.Reseed(x)
		b2.Reseed(x)
		a1, a2 := b1.Clone(), b2.Clone()
		a1.Apply(a)
		a2.Apply(alt)
		// Only alternatives whose consequences are narrated alike (the action's own name
		// aside): Observe is the information state, not the history, and forgets public
		// events (where an adventurer stood) that the narrations rightly differ in.
		o1 := a1.(engine.ViewNarrator).NarrateView(b1, a, engine.Omniscient)
		o2 := a2.(engine.ViewNarrator).NarrateView(b2, alt, engine.Omniscient)
		if len(o1) == 0 || len(o2) == 0 || !slices.Equal(o1[1:], o2[1:]) {
			continue
		}
		for v := 0; v < before.Players(); v++ {
			if v == mover || !bytes.Equal(a1.Observe(v, nil), a2.Observe(v, nil)) {
				continue
			}
			n1 := a1.(engine.ViewNarrator).NarrateView(b1, a, v)
			n2 := a2.(engine.ViewNarrator).NarrateView(b2, alt, v)
			if !slices.Equal(n1, n2) {
				t.Fatalf("seed %d: seat %d can tell %q from %q by seat %d only through the narration:\n%s\n--\n%s", seed, v, text, before.ActionText(alt), mover, strings.Join(n1, "\n"), strings.Join(n2, "\n"))
			}
			st.Compared++
			st.Hidden++ // the omniscient narrations name two different actions
		}
	}
	for v := 0; v < before.Players(); v++ {
		for k := 0; k < tries; k++ {
			x := engine.DeriveSeed(seed, uint64(st.Steps*64+v*8+k))
			b2 := before.Clone()
			b2.Determinize(v, x)
			if k == 0 {
				d1 := before.(engine.ViewNarrator).DescribeView(v)
				d2 := b2.(engine.ViewNarrator).DescribeView(v)
				if d1 != d2 {
					t.Fatalf("seed %d: seat %d is shown two states it cannot tell apart differently:\n%s\n--\n%s", seed, v, d1, d2)
				}
			}
			if !slices.Contains(b2.Legal(lbuf[:0]), a) {
				continue
			}
			b1 := before.Clone()
			b1.Reseed(x ^ 0x5eed)
			b2.Reseed(x ^ 0x5eed)
			a1, a2 := b1.Clone(), b2.Clone()
			a1.Apply(a)
			a2.Apply(a)
			if !bytes.Equal(a1.Observe(v, nil), a2.Observe(v, nil)) {
				continue
			}
			n1 := a1.(engine.ViewNarrator).NarrateView(b1, a, v)
			n2 := a2.(engine.ViewNarrator).NarrateView(b2, a, v)
			if !slices.Equal(n1, n2) {
				t.Fatalf("seed %d: after %q by seat %d, seat %d is told what it cannot see:\n%s\n--\n%s", seed, text, mover, v, strings.Join(n1, "\n"), strings.Join(n2, "\n"))
			}
			st.Compared++
			o1 := a1.(engine.ViewNarrator).NarrateView(b1, a, engine.Omniscient)
			o2 := a2.(engine.ViewNarrator).NarrateView(b2, a, engine.Omniscient)
			if !slices.Equal(o1, o2) {
				st.Hidden++
			}
		}
	}
}
