package enginetest

// The check every game's board and previews (engine.Boarder, engine.Previewer) pass: what
// a seat is shown depends only on what that seat can see, and fits the width asked for.

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"dragonlab/engine"
)

// TableStats counts what CheckTable compared, so that a game's test can prove the check
// had teeth.
type TableStats struct {
	Steps    int // decisions played
	Previews int // previews compared (action × re-deal)
	Boards   int // boards compared (seat × re-deal)
	// Hidden counts the comparisons in which the re-dealt state differed from the true
	// one in what the seat cannot see (the omniscient descriptions differed): the board or
	// preview would have changed had it looked at hidden information.
	Hidden int
}

// MaxPreview is the longest preview (in runes) a game may give: it is printed beside the
// action on one line.
const MaxPreview = 72

// CheckTable plays games random games of g (players, params p; nil: defaults), dealt from
// seeds 1, 2, 3 …, and checks at every decision:
//
//   - for the seat to move, Preview(a) of every legal action a is the same in the state
//     and in tries copies re-dealt by Determinize(seat): a preview never depends on what
//     the seat cannot see (another seat's hand or secret choice, the order of a pile);
//     and a preview is one line of at most MaxPreview runes;
//   - for every seat v, Board(v, w) and every seat's SeatBoard(seat, v) are the same in
//     the state and in tries copies re-dealt by Determinize(v), for w = 80 and 100, and
//     each line of the board is at most w runes long.
func CheckTable(t *testing.T, g engine.Game, players int, p engine.Params, games, tries int) TableStats {
	t.Helper()
	var st TableStats
	for seed := uint64(1); seed <= uint64(games); seed++ {
		s, err := g.NewGame(p, players, seed)
		if err != nil {
			t.Fatalf("NewGame: %v", err)
		}
		if _, ok := s.(engine.Previewer); !ok {
			t.Fatalf("%s does not implement engine.Previewer", g.Name)
		}
		if _, ok := s.(engine.Boarder); !ok {
			t.Fatalf("%s does not implement engine.Boarder", g.Name)
		}
		r := engine.NewRNG(seed)
		var buf [512]engine.Action
		for n := 0; !s.Terminal(); n++ {
			if n > 100000 {
				t.Fatal("game did not end")
			}
			checkTableAt(t, s, &st, seed*1000+uint64(n), tries)
			if t.Failed() {
				return st
			}
			legal := s.Legal(buf[:0])
			s.Apply(legal[r.IntN(len(legal))])
			st.Steps++
		}
		checkTableAt(t, s, &st, seed*1000+99999, tries) // the boards at the end
	}
	return st
}

func checkTableAt(t *testing.T, s engine.State, st *TableStats, seed uint64, tries int) {
	t.Helper()
	full := describeAll(s)
	if !s.Terminal() {
		mover := s.ToMove()
		legal := s.Legal(nil)
		texts, previews := previewsOf(s, legal)
		for i, pr := range previews {
			if strings.Contains(pr, "\n") || utf8.RuneCountInString(pr) > MaxPreview {
				t.Fatalf("%s: the preview of %q is not one line of at most %d runes: %q", describeShort(s), texts[i], MaxPreview, pr)
			}
		}
		for k := 0; k < tries; k++ {
			d := s.Clone()
			d.Determinize(mover, seed+uint64(k)*7919)
			dtexts, dprev := previewsOf(d, d.Legal(nil))
			if !slices.Equal(texts, dtexts) {
				t.Fatalf("Legal differs after Determinize(%d): %q vs %q", mover, texts, dtexts)
			}
			st.Previews += len(previews)
			if describeAll(d) != full {
				st.Hidden++
			}
			for i := range previews {
				if previews[i] != dprev[i] {
					t.Fatalf("seat %d's preview of %q depends on what it cannot see: %q, re-dealt %q\nstate:\n%s\nre-dealt:\n%s",
						mover, texts[i], previews[i], dprev[i], full, describeAll(d))
				}
			}
		}
	}
	for v := 0; v < s.Players(); v++ {
		for _, w := range []int{80, 100} {
			board := s.(engine.Boarder).Board(v, w)
			for _, l := range board {
				if strings.Contains(l, "\n") || utf8.RuneCountInString(l) > w {
					t.Fatalf("seat %d's board at width %d has a line of %d runes: %q", v, w, utf8.RuneCountInString(l), l)
				}
			}
			for k := 0; k < tries; k++ {
				d := s.Clone()
				d.Determinize(v, seed+uint64(k)*104729)
				st.Boards++
				if describeAll(d) != full {
					st.Hidden++
				}
				if db := d.(engine.Boarder).Board(v, w); !slices.Equal(board, db) {
					t.Fatalf("seat %d's board depends on what it cannot see:\n%s\nre-dealt:\n%s", v, strings.Join(board, "\n"), strings.Join(db, "\n"))
				}
				if w == 80 {
					for seat := 0; seat < s.Players(); seat++ {
						a, b := s.(engine.Boarder).SeatBoard(seat, v), d.(engine.Boarder).SeatBoard(seat, v)
						if a != b {
							t.Fatalf("seat %d's line of seat %d depends on what it cannot see: %q, re-dealt %q", v, seat, a, b)
						}
					}
				}
			}
		}
	}
}

func previewsOf(s engine.State, legal []engine.Action) ([]string, []string) {
	texts := make([]string, len(legal))
	previews := make([]string, len(legal))
	for i, a := range legal {
		texts[i] = s.ActionText(a)
		previews[i] = s.(engine.Previewer).Preview(a)
	}
	return texts, previews
}

// describeAll is everything about s (the omniscient description), to tell re-deals apart.
func describeAll(s engine.State) string {
	if d, ok := s.(engine.ViewNarrator); ok {
		return d.DescribeView(engine.Omniscient)
	}
	if d, ok := s.(engine.Describer); ok {
		return d.Describe()
	}
	return ""
}

func describeShort(s engine.State) string {
	if s.Terminal() {
		return "at the end"
	}
	return "seat " + string(rune('0'+s.ToMove())) + " to move"
}
