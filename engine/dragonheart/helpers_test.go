package dragonheart

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// newDefault returns a dealt game with the default rules.
func newDefault(t testing.TB, seed uint64) *State {
	t.Helper()
	s, err := New(DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	s.Reset(seed)
	return s
}

// blank returns a default-rules state with every card removed: empty hands, piles, board;
// nobody owns the figurine, seat 0 to move. Tests then place the cards they need.
func blank(t testing.TB) *State {
	t.Helper()
	return blankWith(t, DefaultParams())
}

// defaultRules are compiled once for the hand-built states of the tests.
var defaultRules = compile(DefaultParams())

func blankWith(t testing.TB, p *Params) *State {
	t.Helper()
	r := defaultRules
	if !reflect.DeepEqual(p, DefaultParams()) {
		if err := p.Validate(2); err != nil {
			t.Fatal(err)
		}
		r = compile(p)
	}
	s := &State{r: r, fig: noOwner}
	s.rng.Seed(1)
	return s
}

// card parses "dwarf 2".
func card(t testing.TB, s *State, spec string) uint8 {
	t.Helper()
	word, val, ok := strings.Cut(spec, " ")
	v, err := strconv.Atoi(val)
	if !ok || err != nil {
		t.Fatalf("bad card %q", spec)
	}
	for ty, w := range typeWords {
		if w == word {
			if v < 0 || v > maxValue || s.r.vi[ty][v] < 0 {
				t.Fatalf("no card %q in the deck", spec)
			}
			return cardCode(ty, int(s.r.vi[ty][v]))
		}
	}
	t.Fatalf("bad card type in %q", spec)
	return 0
}

// give adds cards to p's hand.
func give(t testing.TB, s *State, p int, specs ...string) {
	t.Helper()
	for _, sp := range specs {
		s.addCard(p, card(t, s, sp))
	}
}

// onBoard puts cards on their space.
func onBoard(t testing.TB, s *State, specs ...string) {
	t.Helper()
	for _, sp := range specs {
		c := card(t, s, sp)
		ty, vi := cardType(c), cardVI(c)
		s.board[ty][vi]++
		s.boardN[ty]++
		s.boardSum[ty] += s.r.val[ty][vi]
	}
}

// inHold puts cards into the ship's hold.
func inHold(t testing.TB, s *State, specs ...string) {
	t.Helper()
	for _, sp := range specs {
		c := card(t, s, sp)
		ty, vi := cardType(c), cardVI(c)
		s.hold[ty][vi]++
		s.holdN++
		s.holdSum += s.r.val[ty][vi]
	}
}

// setPile sets p's draw pile, listed from the bottom to the top.
func setPile(t testing.TB, s *State, p int, specs ...string) {
	t.Helper()
	s.pileN[p] = 0
	for _, sp := range specs {
		s.pile[p][s.pileN[p]] = card(t, s, sp)
		s.pileN[p]++
	}
}

// filler returns n treasure-1 cards (pile padding that keeps the end of the game away).
func filler(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "treasure 1"
	}
	return out
}

// legalTexts lists the legal actions as text.
var legalTexts = enginetest.LegalTexts

// act finds the legal action with the given text.
var act = enginetest.ActionByText

// doFirst applies the first legal action.
func doFirst(s *State) {
	var buf [512]engine.Action
	s.Apply(s.Legal(buf[:0])[0])
}

// do applies the legal action with the given text.
func do(t testing.TB, s *State, text string) {
	t.Helper()
	s.Apply(act(t, s, text))
}

// handText lists p's hand as "dwarf (1,2), troll (3)".
func handText(s *State, p int) string { return s.r.multiset(&s.hand[p]) }

func scorePileText(s *State, p int) string { return s.r.multiset(&s.score[p]) }

// census counts every card of the game wherever it is, and checks the derived fields.
func census(s *State) (counts, error) {
	var all counts
	add := func(m *counts) {
		for t := range m {
			for vi, n := range m[t] {
				all[t][vi] += n
			}
		}
	}
	for p := 0; p < 2; p++ {
		add(&s.hand[p])
		add(&s.score[p])
		for _, c := range s.pile[p][:s.pileN[p]] {
			all[cardType(c)][cardVI(c)]++
		}
	}
	add(&s.board)
	add(&s.hold)
	for vi, n := range s.sailed {
		all[tShip][vi] += n
	}
	// Derived fields must agree with the multisets.
	for p := 0; p < 2; p++ {
		c := *s
		c.recount(p)
		if c.handN != s.handN || c.typeN != s.typeN || c.types != s.types || c.row != s.row {
			return all, fmt.Errorf("hand bookkeeping of seat %d is stale", p)
		}
		var sum int32
		for t := range s.score[p] {
			for vi, n := range s.score[p][t] {
				sum += int32(n) * s.r.val[t][vi]
			}
		}
		if sum != s.scoreSum[p] {
			return all, fmt.Errorf("score sum of seat %d is %d, its pile holds %d", p, s.scoreSum[p], sum)
		}
	}
	for t := range s.board {
		n, sum := 0, int32(0)
		for vi, k := range s.board[t] {
			n += int(k)
			sum += int32(k) * s.r.val[t][vi]
		}
		if n != int(s.boardN[t]) || sum != s.boardSum[t] {
			return all, fmt.Errorf("board bookkeeping of %s is stale", typeWords[t])
		}
		if c := s.r.capacity[t]; c > 0 && n >= int(c) {
			return all, fmt.Errorf("limited space %s holds %d cards at a decision", typeWords[t], n)
		}
	}
	return all, nil
}

// checkCensus fails unless all 2×50 cards are present exactly once.
func checkCensus(t testing.TB, s *State) {
	t.Helper()
	all, err := census(s)
	if err != nil {
		t.Fatal(err)
	}
	for ty := range all {
		for vi := range all[ty] {
			if want := 2 * s.r.count[ty][vi]; all[ty][vi] != want {
				t.Fatalf("%d cards %s %d in the game, want %d\n%s", all[ty][vi], typeWords[ty], s.r.val[ty][vi], want, s.Describe())
			}
		}
	}
}

// randomGame plays s to the end with uniform random choices; it returns the action texts.
func randomGame(s *State, r *engine.RNG, visit func(*State)) []string {
	var buf [512]engine.Action
	var log []string
	for !s.Terminal() {
		if visit != nil {
			visit(s)
		}
		legal := s.Legal(buf[:0])
		a := legal[r.IntN(len(legal))]
		log = append(log, fmt.Sprintf("%d:%s", s.toMove, s.ActionText(a)))
		s.Apply(a)
	}
	return log
}
