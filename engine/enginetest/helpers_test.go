package enginetest_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/engine"
	_ "dragonlab/engine/all"
	"dragonlab/engine/enginetest"
)

// recorder is a testing.TB that records the first failure instead of failing.
type recorder struct {
	testing.TB
	failure string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	if r.failure == "" {
		r.failure = fmt.Sprintf(format, args...)
	}
}
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...) }
func (r *recorder) Fatal(args ...any)                 { r.Errorf("%s", fmt.Sprint(args...)) }

// TestGolden: an equal file passes, a different or missing one fails and names the first
// differing line. (The -update mode is exercised by `go test ./engine/<game>/ -update`.)
func TestGolden(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.txt")
	if err := os.WriteFile(path, []byte("a\nb\nc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ got, want string }{
		{"a\nb\nc\n", ""},
		{"a\nB\nc\n", "first difference at line 2 (4 lines wanted, 4 got):\nwant \"b\"\ngot  \"B\""},
		{"a\nb\n", "first difference at line 3 (4 lines wanted, 3 got):\nwant \"c\"\ngot  \"\""},
		{"a\nb\nc\nd\n", "first difference at line 4 (4 lines wanted, 5 got):\nwant \"\"\ngot  \"d\""},
		{"a\nb\nc", "first difference at line 4 (4 lines wanted, 3 got):\nwant \"\"\ngot  (end of file)"},
	} {
		r := &recorder{}
		enginetest.Golden(r, path, []byte(tc.got))
		if tc.want == "" && r.failure != "" || tc.want != "" && !strings.HasSuffix(r.failure, tc.want) {
			t.Errorf("got %q: failure %q, want one ending in %q", tc.got, r.failure, tc.want)
		}
	}
	r := &recorder{}
	enginetest.Golden(r, path+".missing", nil)
	if !strings.Contains(r.failure, "go test -update") {
		t.Errorf("missing golden file: failure %q", r.failure)
	}
}

// TestRandomPolicyIsShared: PlayRandom, TraceRandomGame and PlayRandomGames play the same
// game from the same seeds, every registered game; the trace steps are consistent.
func TestRandomPolicyIsShared(t *testing.T) {
	for _, g := range engine.Games() {
		s := func(seed uint64) engine.State {
			st, err := g.NewGame(nil, g.MinPlayers, seed)
			if err != nil {
				t.Fatal(err)
			}
			return st
		}
		for seed := uint64(1); seed <= 5; seed++ {
			a, b := s(seed), s(seed)
			ra, rb := engine.NewRNG(seed), engine.NewRNG(seed)
			n := enginetest.PlayRandom(a, &ra, nil)
			steps := 0
			enginetest.TraceRandomGame(b, &rb, func(d enginetest.TraceStep) {
				steps++
				if d.Before.Terminal() || d.Before.ToMove() != d.Seat || d.Before.ActionText(d.Action) != d.Text {
					t.Fatalf("%s: step %d inconsistent: %+v", g.Name, steps, d)
				}
				if d.Legal < 1 || len(enginetest.LegalTexts(d.Before)) != d.Legal {
					t.Fatalf("%s: step %d: %d legal actions reported", g.Name, steps, d.Legal)
				}
			})
			if n != steps || ra != rb || !bytes.Equal(a.Observe(0, nil), b.Observe(0, nil)) {
				t.Fatalf("%s seed %d: PlayRandom (%d decisions) and TraceRandomGame (%d) play different games", g.Name, seed, n, steps)
			}
		}
		c := s(0)
		rc := engine.NewRNG(9)
		games := 0
		total := enginetest.PlayRandomGames(c, &rc, 7, 3, func(i int, out []float64) {
			if i != games || len(out) != g.MinPlayers {
				t.Fatalf("%s: game %d reported as %d with %d results", g.Name, games, i, len(out))
			}
			games++
		})
		want, rd := 0, engine.NewRNG(9)
		for i := uint64(0); i < 3; i++ {
			want += enginetest.PlayRandom(s(engine.DeriveSeed(7, i)), &rd, nil)
		}
		if games != 3 || total != want {
			t.Fatalf("%s: PlayRandomGames played %d games, %d decisions; want 3, %d", g.Name, games, total, want)
		}
	}
}

// TestActionByText finds a legal action by its text.
func TestActionByText(t *testing.T) {
	for _, g := range engine.Games() {
		s, err := g.NewGame(nil, g.MinPlayers, 1)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(2); s.Terminal(); seed++ {
			s.Reset(seed)
		}
		texts := enginetest.LegalTexts(s)
		a := enginetest.ActionByText(t, s, texts[len(texts)-1])
		if s.ActionText(a) != texts[len(texts)-1] {
			t.Fatalf("%s: ActionByText(%q) = %q", g.Name, texts[len(texts)-1], s.ActionText(a))
		}
		r := &recorder{}
		enginetest.ActionByText(r, s, "no such action")
		if !strings.Contains(r.failure, "is not legal; legal: ") {
			t.Fatalf("%s: failure %q", g.Name, r.failure)
		}
	}
}
