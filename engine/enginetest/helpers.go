package enginetest

// Helpers the games' own tests share: golden files with one -update flag, the uniform
// random policy (play, trace, benchmark, allocation count) and small lookups.

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"dragonlab/engine"
)

// update is the one -update flag of every test binary that imports enginetest:
// `go test ./engine/<game>/ -update` rewrites that game's golden files.
var update = flag.Bool("update", false, "rewrite golden files in testdata/ instead of comparing with them")

// Golden compares got with the golden file at path, byte for byte; with -update it writes
// got to path instead. A missing file is fatal; a difference is an error naming the first
// line that differs.
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run go test -update after checking the change)\n%s", path, firstDiff(string(want), string(got)))
	}
}

// firstDiff describes the first line where want and got differ.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	line := func(l []string, i int) string {
		if i < len(l) {
			return fmt.Sprintf("%q", l[i])
		}
		return "(end of file)"
	}
	for i := 0; i < len(wl) || i < len(gl); i++ {
		if w, g := line(wl, i), line(gl, i); w != g {
			return fmt.Sprintf("first difference at line %d (%d lines wanted, %d got):\nwant %s\ngot  %s", i+1, len(wl), len(gl), w, g)
		}
	}
	return "no line differs"
}

// Lookup returns the registered game name (the game's package must be linked in).
func Lookup(t testing.TB, name string) engine.Game {
	t.Helper()
	g, err := engine.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// NewGame deals a game of the registered game name for players from seed, with params p
// (nil: defaults); an invalid setup is fatal.
func NewGame(t testing.TB, name string, p engine.Params, players int, seed uint64) engine.State {
	t.Helper()
	s, err := Lookup(t, name).NewGame(p, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// LegalTexts lists the legal actions of s as text, in Legal's order.
func LegalTexts(s engine.State) []string {
	var buf [512]engine.Action
	var out []string
	for _, a := range s.Legal(buf[:0]) {
		out = append(out, s.ActionText(a))
	}
	return out
}

// ActionByText returns the legal action of s whose text is text; it is fatal if there is
// none, listing the legal actions.
func ActionByText(t testing.TB, s engine.State, text string) engine.Action {
	t.Helper()
	var buf [512]engine.Action
	for _, a := range s.Legal(buf[:0]) {
		if s.ActionText(a) == text {
			return a
		}
	}
	t.Fatalf("%q is not legal; legal: %v", text, LegalTexts(s))
	return 0
}

// PlayRandom plays s to the end with the uniform random policy (one r.IntN(len(legal)) per
// decision) and returns the number of decisions. buf holds the legal actions; with room
// enough (the games need at most 512) PlayRandom allocates nothing. A nil buf is
// allocated here, for tests that do not count allocations.
func PlayRandom(s engine.State, r *engine.RNG, buf []engine.Action) int {
	if buf == nil {
		buf = make([]engine.Action, 0, 512)
	}
	n := 0
	for !s.Terminal() {
		legal := s.Legal(buf[:0])
		s.Apply(legal[r.IntN(len(legal))])
		n++
	}
	return n
}

// PlayRandomGames plays games whole random games on s, game g dealt by
// Reset(engine.DeriveSeed(seed, g)) and played by PlayRandom with r, and calls done(g, out)
// after each with its Result in out (reused from game to game). It returns the number of
// decisions of all the games.
func PlayRandomGames(s engine.State, r *engine.RNG, seed uint64, games int, done func(g int, out []float64)) int {
	var buf [512]engine.Action
	out := make([]float64, s.Players())
	decisions := 0
	for g := 0; g < games; g++ {
		s.Reset(engine.DeriveSeed(seed, uint64(g)))
		decisions += PlayRandom(s, r, buf[:])
		s.Result(out)
		done(g, out)
	}
	return decisions
}

// TraceStep is one decision of a traced random game.
type TraceStep struct {
	Seat      int           // the seat that decided
	Legal     int           // how many actions were legal
	Action    engine.Action // the action chosen
	Text      string        // its ActionText
	Before    engine.State  // a copy of the state before Apply
	Narration []string      // what Apply did (engine.Narrator); nil if the state does not narrate
}

// TraceRandomGame plays s to the end with the uniform random policy of PlayRandom (the same
// draws from r, so the same game) and calls step after every decision. The games format
// their traces themselves; this is the loop they share.
func TraceRandomGame(s engine.State, r *engine.RNG, step func(TraceStep)) {
	var buf [512]engine.Action
	for !s.Terminal() {
		legal := s.Legal(buf[:0])
		a := legal[r.IntN(len(legal))]
		st := TraceStep{Seat: s.ToMove(), Legal: len(legal), Action: a, Text: s.ActionText(a), Before: s.Clone()}
		s.Apply(a)
		if n, ok := s.(engine.Narrator); ok {
			st.Narration = n.Narrate(st.Before, a)
		}
		step(st)
	}
}

// AllocsPerGame is the average number of allocations of one whole random game on s,
// measured by testing.AllocsPerRun over runs games: Reset(seed) with seed 1, 2, 3 …, the
// PlayRandom loop with r, Result, then extra(seed) when extra is not nil (more calls that
// must not allocate either).
func AllocsPerGame(runs int, s engine.State, r *engine.RNG, extra func(seed uint64)) float64 {
	var buf [512]engine.Action
	out := make([]float64, s.Players()) // allocated once, outside the measured function
	seed := uint64(0)
	return testing.AllocsPerRun(runs, func() {
		seed++
		s.Reset(seed)
		PlayRandom(s, r, buf[:])
		s.Result(out)
		if extra != nil {
			extra(seed)
		}
	})
}

// BenchRandomGames plays one whole random game per iteration on a game of g with players
// and p (nil: defaults): Reset(i), the PlayRandom loop (policy seed 1), Result. Besides
// ns/op (one game) it reports allocations, ns/decision and decisions/game. The games call
// it from their BenchmarkRandomGame*, one sub-benchmark per player count or variant.
func BenchRandomGames(b *testing.B, g engine.Game, players int, p engine.Params) {
	b.Helper()
	benchRandomGames(b, g, players, p, false)
}

// BenchRandomGamesTracked is BenchRandomGames with component tracking on
// (engine.Tracker.SetTracking(true)); every record is read at the end of each game, as the
// runner does. Compare its ns/op with BenchRandomGames' to get the cost of tracking.
func BenchRandomGamesTracked(b *testing.B, g engine.Game, players int, p engine.Params) {
	b.Helper()
	benchRandomGames(b, g, players, p, true)
}

func benchRandomGames(b *testing.B, g engine.Game, players int, p engine.Params, track bool) {
	b.Helper()
	s, err := g.NewGame(p, players, 1)
	if err != nil {
		b.Fatal(err)
	}
	tr, _ := s.(engine.Tracker)
	events := 0
	if track {
		if tr == nil {
			b.Fatalf("%s does not implement engine.Tracker", g.Name)
		}
		tr.SetTracking(true)
		events = len(tr.TrackEvents())
	}
	sink := uint64(0)
	r := engine.NewRNG(1)
	var buf [512]engine.Action
	out := make([]float64, players)
	decisions := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Reset(uint64(i))
		decisions += PlayRandom(s, &r, buf[:])
		s.Result(out)
		for seat := 0; seat < players && track; seat++ {
			for e := 0; e < events; e++ {
				sink |= tr.Tracked(seat, e)
			}
		}
	}
	if track && sink == 0 {
		b.Fatal("tracking on recorded nothing")
	}
	if decisions > 0 {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/decision")
	}
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}

// BenchTrackingCost measures what component tracking costs in random play: each block of
// 16 games is played twice on the same seeds and policy stream (so the same games), once
// with tracking off and once on, alternating which goes first. It reports ns/game for
// both and the median over blocks of the ratio on/off ("on/off"), which pairs each block
// with its twin so that load from other processes largely cancels. One op is one game
// played both ways.
func BenchTrackingCost(b *testing.B, g engine.Game, players int, p engine.Params) {
	b.Helper()
	off, err := g.NewGame(p, players, 1)
	if err != nil {
		b.Fatal(err)
	}
	on, _ := g.NewGame(p, players, 1)
	tr, ok := on.(engine.Tracker)
	if !ok {
		b.Fatalf("%s does not implement engine.Tracker", g.Name)
	}
	tr.SetTracking(true)
	var buf [512]engine.Action
	out := make([]float64, players)
	play := func(s engine.State, first uint64, n int) time.Duration {
		start := time.Now()
		for j := uint64(0); j < uint64(n); j++ {
			s.Reset(first + j)
			r := engine.NewRNG(first + j)
			PlayRandom(s, &r, buf[:])
			s.Result(out)
		}
		return time.Since(start)
	}
	const block = 16
	var ratios []float64
	var tOff, tOn time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i += block {
		n := min(block, b.N-i)
		var a, c time.Duration
		if i/block%2 == 0 {
			a = play(off, uint64(i), n)
			c = play(on, uint64(i), n)
		} else {
			c = play(on, uint64(i), n)
			a = play(off, uint64(i), n)
		}
		tOff += a
		tOn += c
		ratios = append(ratios, float64(c)/float64(a))
	}
	sort.Float64s(ratios)
	b.ReportMetric(float64(tOff.Nanoseconds())/float64(b.N), "ns/game-off")
	b.ReportMetric(float64(tOn.Nanoseconds())/float64(b.N), "ns/game-on")
	b.ReportMetric(ratios[len(ratios)/2], "on/off")
}
