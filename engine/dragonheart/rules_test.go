package dragonheart

import (
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// DH-1: each player's deck is the 50-card table; a dealt game holds 2 × 50 cards.
func TestDH01_Decks(t *testing.T) {
	s := newDefault(t, 7)
	want := map[string][]int{
		"dwarf": {1, 1, 1, 1, 1, 1, 2, 2, 2, 3}, "treasure": {1, 1, 2, 2, 3, 4},
		"firedragon": {1, 1, 2, 3, 4}, "petrified": {1, 2, 3, 4}, "princess": {1, 1, 2, 2, 3},
		"troll": {1, 1, 2, 2, 3}, "hero": {1, 1, 2, 2, 3}, "slayer": {1, 1, 2, 2, 3}, "ship": {0, 0, 0, 0, 0},
	}
	total := 0
	for ty := 0; ty < numTypes; ty++ {
		var got []int
		for vi := 0; vi < int(s.r.nv[ty]); vi++ {
			for k := 0; k < int(s.r.count[ty][vi]); k++ {
				got = append(got, int(s.r.val[ty][vi]))
			}
		}
		if !slices.Equal(got, want[typeWords[ty]]) {
			t.Errorf("deck %s = %v, want %v", typeWords[ty], got, want[typeWords[ty]])
		}
		total += len(got)
	}
	if total != 50 || s.r.deckN != 50 {
		t.Fatalf("deck has %d cards, want 50", total)
	}
	checkCensus(t, s)
}

// DH-2: stack spaces hold any number of cards; limited spaces have their capacity.
func TestDH02_SpacesAndCapacities(t *testing.T) {
	s := blank(t)
	caps := map[int]uint8{tDwarf: 4, tHero: 2, tSlayer: 3, tShip: 3}
	for ty := 0; ty < numTypes; ty++ {
		if s.r.capacity[ty] != caps[ty] {
			t.Errorf("capacity of %s = %d, want %d", typeWords[ty], s.r.capacity[ty], caps[ty])
		}
	}
	// A stack space: 4 chests on top of 12 is a legal single play.
	onBoard(t, s, filler(12)...)
	give(t, s, 0, "treasure 1", "treasure 2", "treasure 3", "treasure 4")
	setPile(t, s, 0, filler(10)...)
	give(t, s, 1, "dwarf 1")
	setPile(t, s, 1, filler(10)...)
	do(t, s, "4 treasure (1,2,3,4)")
	if s.boardN[tTreasure] != 16 {
		t.Fatalf("treasure space holds %d, want 16", s.boardN[tTreasure])
	}
	// A capacity parameter changes when a limited space fills.
	p := DefaultParams()
	p.Dwarf = 2
	s = blankWith(t, p)
	onBoard(t, s, "dwarf 1")
	give(t, s, 0, "dwarf 2", "dwarf 3")
	give(t, s, 1, "troll 1")
	if got := legalTexts(s); !slices.Equal(got, []string{"1 dwarf (2)", "1 dwarf (3)"}) {
		t.Fatalf("legal with 1 free slot: %v", got)
	}
	do(t, s, "1 dwarf (3)")
	if s.scoreSum[0] != 4 || s.boardN[tDwarf] != 0 {
		t.Fatalf("filling a 2-card dwarf space: score %d, space %d", s.scoreSum[0], s.boardN[tDwarf])
	}
}

// DH-3: nobody owns the figurine at the start.
func TestDH03_FigurineStartsUnowned(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		s := newDefault(t, seed)
		if s.fig != noOwner || s.Score(0) != 0 || s.Score(1) != 0 {
			t.Fatalf("seed %d: figurine %d, scores %v %v", seed, s.fig, s.Score(0), s.Score(1))
		}
	}
}

// DH-4: each player draws 5 from his own shuffled deck; seat 0 plays first.
func TestDH04_Setup(t *testing.T) {
	a, b := newDefault(t, 1), newDefault(t, 2)
	for _, s := range []*State{a, b} {
		if s.handN != [2]uint8{5, 5} || s.pileN != [2]uint8{45, 45} || s.ToMove() != 0 || s.Terminal() {
			t.Fatalf("setup: hands %v piles %v to move %d", s.handN, s.pileN, s.ToMove())
		}
		if s.boardN != [numTypes]uint8{} || s.holdN != 0 || s.voyages != 0 {
			t.Fatal("board not empty at setup")
		}
		// Each player's hand and pile are exactly one deck.
		for p := 0; p < 2; p++ {
			m := s.hand[p]
			for _, c := range s.pile[p][:s.pileN[p]] {
				m[cardType(c)][cardVI(c)]++
			}
			if m != s.r.count {
				t.Fatalf("seat %d's hand and pile are not one deck", p)
			}
		}
	}
	if a.pile == b.pile {
		t.Fatal("two seeds dealt the same piles")
	}
	c := newDefault(t, 1)
	if c.pile != a.pile || c.hand != a.hand {
		t.Fatal("the same seed dealt differently")
	}
}

// DH-5: a play is one or more cards of a single type, the player choosing the values.
func TestDH05_OneTypePerPlay(t *testing.T) {
	s := blank(t)
	give(t, s, 0, "treasure 1", "dwarf 1", "dwarf 2", "troll 3")
	got := legalTexts(s)
	want := []string{"1 treasure (1)", "1 troll (3)", "1 dwarf (1)", "1 dwarf (2)", "2 dwarf (1,2)"}
	if !slices.Equal(got, want) {
		t.Fatalf("legal = %v, want %v", got, want)
	}
	// A limited space always has a free slot at the start of a turn (it empties when full),
	// checked over random games.
	for seed := uint64(0); seed < 50; seed++ {
		s := newDefault(t, seed)
		r := engine.NewRNG(seed)
		randomGame(s, &r, func(s *State) {
			for ty := tDwarf; ty <= tShip; ty++ {
				if s.boardN[ty] >= s.r.capacity[ty] {
					t.Fatalf("space %s full at the start of a turn", typeWords[ty])
				}
			}
			if len(legalTexts(s)) == 0 {
				t.Fatal("no legal play")
			}
		})
	}
}

// DH-6: at most the free slots; a play that does not fill a limited space does nothing.
func TestDH06_LimitedSpaceFreeSlots(t *testing.T) {
	s := blank(t)
	onBoard(t, s, "dwarf 2", "dwarf 3")
	give(t, s, 0, "dwarf 1", "dwarf 1", "dwarf 1")
	give(t, s, 1, "troll 1")
	setPile(t, s, 0, filler(5)...)
	setPile(t, s, 1, filler(5)...)
	if got := legalTexts(s); !slices.Equal(got, []string{"1 dwarf (1)", "2 dwarf (1,1)"}) {
		t.Fatalf("legal with 2 free slots: %v", got)
	}
	do(t, s, "1 dwarf (1)")
	if s.boardN[tDwarf] != 3 || s.scoreSum[0] != 0 {
		t.Fatalf("a non-filling play acted: space %d, score %d", s.boardN[tDwarf], s.scoreSum[0])
	}
	do(t, s, "1 troll (1)")
	do(t, s, "1 dwarf (1)")
	if s.boardN[tDwarf] != 0 || s.scoreSum[0] != 7 {
		t.Fatalf("filling play: space %d, score %d (want 0, 2+3+1+1)", s.boardN[tDwarf], s.scoreSum[0])
	}
}

// DH-7: a stack space acts at once whatever the number of cards; chests and petrified
// dragons have no action.
func TestDH07_StackSpacesActAtOnce(t *testing.T) {
	s := blank(t)
	onBoard(t, s, "treasure 4", "petrified 2")
	give(t, s, 0, "firedragon 1", "firedragon 3")
	give(t, s, 1, "treasure 1", "petrified 3")
	setPile(t, s, 0, filler(5)...)
	setPile(t, s, 1, filler(5)...)
	do(t, s, "2 firedragon (1,3)")
	if s.scoreSum[0] != 4 || s.boardN[tTreasure] != 0 || s.boardN[tFire] != 2 {
		t.Fatalf("two fire dragons: score %d, chests %d, dragons %d", s.scoreSum[0], s.boardN[tTreasure], s.boardN[tFire])
	}
	do(t, s, "1 petrified (3)")
	if s.scoreSum[1] != 0 || s.boardN[tPetrified] != 2 || s.fig != noOwner {
		t.Fatal("a petrified dragon play acted")
	}
}

// DH-8: refill to 5, to 6 while owning the figurine, or what the pile has.
func TestDH08_Refill(t *testing.T) {
	for _, c := range []struct {
		name string
		fig  int8
		pile int
		want uint8
	}{{"plain", noOwner, 10, 5}, {"owner", 0, 10, 6}, {"opponent owns", 1, 10, 5}, {"short pile", 0, 2, 4}} {
		s := blank(t)
		s.fig = c.fig
		give(t, s, 0, "troll 1", "troll 2", "dwarf 1")
		give(t, s, 1, "dwarf 2")
		setPile(t, s, 0, filler(c.pile)...)
		setPile(t, s, 1, filler(10)...)
		do(t, s, "1 troll (1)")
		if s.handN[0] != c.want {
			t.Errorf("%s: hand %d after refill, want %d", c.name, s.handN[0], c.want)
		}
	}
	// Cards come from the top of the player's own pile.
	s := blank(t)
	give(t, s, 0, "troll 1")
	give(t, s, 1, "troll 2")
	setPile(t, s, 0, append(filler(5), "hero 3", "ship 0", "dwarf 3", "slayer 2", "petrified 4")...)
	setPile(t, s, 1, filler(10)...)
	do(t, s, "1 troll (1)")
	if got := handText(s, 0); got != "petrified (4), dwarf (3), hero (3), slayer (2), ship (0)" {
		t.Fatalf("hand after refill: %s", got)
	}
}

// DH-9: taken cards go to the score pile; taking from an empty space gives nothing.
func TestDH09_TakeFromEmptySpace(t *testing.T) {
	s := blank(t)
	give(t, s, 0, "troll 2")
	give(t, s, 1, "dwarf 1")
	setPile(t, s, 0, filler(5)...)
	setPile(t, s, 1, filler(5)...)
	before := *s
	do(t, s, "1 troll (2)")
	if s.scoreSum[0] != 0 || s.score[0] != before.score[0] || s.boardN[tTroll] != 1 {
		t.Fatal("a troll on an empty princess space took something")
	}
	if !strings.Contains(strings.Join(s.Narrate(&before, act(t, &before, "1 troll (2)")), "\n"), "nothing to take") {
		t.Fatal("narration does not say that nothing was taken")
	}
}

// DH-10: a Fire dragon takes every chest.
func TestDH10_FireDragonTakesChests(t *testing.T) {
	s := blank(t)
	onBoard(t, s, "treasure 1", "treasure 4", "treasure 2", "princess 3")
	give(t, s, 0, "firedragon 2")
	give(t, s, 1, "dwarf 1")
	setPile(t, s, 0, filler(5)...)
	setPile(t, s, 1, filler(5)...)
	do(t, s, "1 firedragon (2)")
	if got := scorePileText(s, 0); got != "treasure (1,2,4)" || s.scoreSum[0] != 7 {
		t.Fatalf("score pile %s (%d)", got, s.scoreSum[0])
	}
	if s.boardN[tPrincess] != 1 || s.boardN[tFire] != 1 {
		t.Fatal("fire dragon moved other cards")
	}
}

// DH-11: one choice per Princess play; the figurine comes with at least one petrified dragon.
func TestDH11_PrincessChoice(t *testing.T) {
	setup := func() *State {
		s := blank(t)
		onBoard(t, s, "treasure 3", "petrified 2", "petrified 4")
		give(t, s, 0, "princess 1", "princess 3")
		give(t, s, 1, "dwarf 1")
		setPile(t, s, 0, filler(5)...)
		setPile(t, s, 1, filler(5)...)
		return s
	}
	s := setup()
	do(t, s, "2 princess (1,3) >treasure")
	if s.scoreSum[0] != 3 || s.boardN[tPetrified] != 2 || s.fig != noOwner {
		t.Fatalf(">treasure: score %d, petrified left %d, figurine %d", s.scoreSum[0], s.boardN[tPetrified], s.fig)
	}
	s = setup()
	do(t, s, "2 princess (1,3) >petrified")
	if s.scoreSum[0] != 6 || s.boardN[tTreasure] != 1 || s.fig != 0 {
		t.Fatalf(">petrified: score %d, chests left %d, figurine %d", s.scoreSum[0], s.boardN[tTreasure], s.fig)
	}
	if s.Score(0) != 9 {
		t.Fatalf("score with the figurine = %v, want 6+3", s.Score(0))
	}
	// Choosing an empty petrified space: no card, no figurine (PROPOSED in the spec).
	s = blank(t)
	onBoard(t, s, "treasure 3")
	give(t, s, 0, "princess 1")
	give(t, s, 1, "dwarf 1")
	setPile(t, s, 0, filler(5)...)
	setPile(t, s, 1, filler(5)...)
	do(t, s, "1 princess (1) >petrified")
	if s.fig != noOwner || s.scoreSum[0] != 0 || s.boardN[tTreasure] != 1 {
		t.Fatal("an empty petrified space gave something")
	}
	// An owner taking petrified dragons keeps the figurine; the opponent loses nothing.
	s = setup()
	s.fig = 0
	give(t, s, 1, "dwarf 1", "dwarf 1", "dwarf 2", "troll 1", "troll 1") // 6 cards
	do(t, s, "1 princess (3) >petrified")
	if s.fig != 0 || s.handN[1] != 6 || s.knownTop[1] != 0 {
		t.Fatal("keeping the figurine cost the opponent a card")
	}
}

// DH-12: a Troll takes every princess.
func TestDH12_TrollTakesPrincesses(t *testing.T) {
	s := blank(t)
	onBoard(t, s, "princess 1", "princess 3", "treasure 2")
	give(t, s, 0, "troll 1", "troll 1")
	give(t, s, 1, "dwarf 1")
	setPile(t, s, 0, filler(5)...)
	setPile(t, s, 1, filler(5)...)
	do(t, s, "2 troll (1,1)")
	if got := scorePileText(s, 0); got != "princess (1,3)" || s.boardN[tTroll] != 2 || s.boardN[tTreasure] != 1 {
		t.Fatalf("score pile %s", got)
	}
}

// DH-13: the limited spaces when filled: dwarfs, heroes (choice, then the hold), dragon
// slayers (fire dragons, then the hold), ship (the hold; a voyage set aside).
func TestDH13_LimitedSpaceActions(t *testing.T) {
	pad := func(s *State) {
		give(t, s, 1, "dwarf 1")
		setPile(t, s, 0, filler(5)...)
		setPile(t, s, 1, filler(5)...)
	}
	// Dwarf.
	s := blank(t)
	onBoard(t, s, "dwarf 1", "dwarf 1", "dwarf 2")
	give(t, s, 0, "dwarf 3")
	pad(s)
	do(t, s, "1 dwarf (3)")
	if scorePileText(s, 0) != "dwarf (1,1,2,3)" || s.boardN[tDwarf] != 0 {
		t.Fatalf("dwarf: %s", scorePileText(s, 0))
	}
	// Hero, both choices.
	for _, c := range []struct{ choice, want string }{{"princess", "princess (2)"}, {"troll", "troll (1,3)"}} {
		s = blank(t)
		onBoard(t, s, "hero 1", "princess 2", "troll 1", "troll 3")
		give(t, s, 0, "hero 3", "hero 2")
		pad(s)
		if got := legalTexts(s); !slices.Equal(got, []string{"1 hero (2) >princess", "1 hero (2) >troll", "1 hero (3) >princess", "1 hero (3) >troll"}) {
			t.Fatalf("hero plays: %v", got)
		}
		do(t, s, "1 hero (3) >"+c.choice)
		if scorePileText(s, 0) != c.want || s.boardN[tHero] != 0 || s.r.multiset(&s.hold) != "hero (1,3)" {
			t.Fatalf("hero >%s: score pile %s, hold %s", c.choice, scorePileText(s, 0), s.r.multiset(&s.hold))
		}
	}
	// A hero play that does not fill the space has no choice and does nothing.
	s = blank(t)
	onBoard(t, s, "princess 2")
	give(t, s, 0, "hero 3")
	pad(s)
	do(t, s, "1 hero (3)")
	if s.boardN[tHero] != 1 || s.scoreSum[0] != 0 || s.holdN != 0 {
		t.Fatal("a lone hero acted")
	}
	// Dragon slayer.
	s = blank(t)
	onBoard(t, s, "slayer 1", "firedragon 4", "firedragon 1", "treasure 2")
	inHold(t, s, "hero 2", "hero 2")
	give(t, s, 0, "slayer 2", "slayer 3")
	pad(s)
	do(t, s, "2 slayer (2,3)")
	if scorePileText(s, 0) != "firedragon (1,4)" || s.boardN[tSlayer] != 0 || s.r.multiset(&s.hold) != "hero (2,2), slayer (1,2,3)" {
		t.Fatalf("slayer: score pile %s, hold %s", scorePileText(s, 0), s.r.multiset(&s.hold))
	}
	// Ship: the hold is taken, the ships sail as one voyage.
	s = blank(t)
	onBoard(t, s, "ship 0")
	inHold(t, s, "hero 2", "hero 3", "slayer 1", "slayer 1", "slayer 2")
	give(t, s, 0, "ship 0", "ship 0")
	pad(s)
	if got := legalTexts(s); !slices.Equal(got, []string{"1 ship (0)", "2 ship (0,0)"}) {
		t.Fatalf("ship plays: %v", got)
	}
	do(t, s, "2 ship (0,0)")
	if scorePileText(s, 0) != "hero (2,3), slayer (1,1,2)" || s.scoreSum[0] != 9 || s.holdN != 0 || s.voyages != 1 || s.sailed[0] != 3 || s.boardN[tShip] != 0 {
		t.Fatalf("ship: score pile %s, voyages %d, sailed %v", scorePileText(s, 0), s.voyages, s.sailed)
	}
	checkCensusPartial(t, s)
}

// checkCensusPartial checks the bookkeeping of a hand-built state (whose card totals are not
// two full decks).
func checkCensusPartial(t *testing.T, s *State) {
	t.Helper()
	if _, err := census(s); err != nil {
		t.Fatal(err)
	}
}

// DH-14: taking the figurine from an opponent with more than 5 cards puts one of his cards,
// chosen at random, on top of his pile; he knows it, the taker does not.
func TestDH14_LosingTheFigurine(t *testing.T) {
	setup := func(oppHand ...string) *State {
		s := blank(t)
		s.fig = 1
		onBoard(t, s, "petrified 1")
		give(t, s, 0, "princess 2")
		give(t, s, 1, oppHand...)
		setPile(t, s, 0, filler(10)...)
		setPile(t, s, 1, filler(10)...)
		return s
	}
	six := []string{"dwarf 1", "troll 2", "hero 3", "slayer 1", "ship 0", "petrified 4"}
	s := setup(six...)
	before := *s
	do(t, s, "1 princess (2) >petrified")
	if s.fig != 0 || s.handN[1] != 5 || s.pileN[1] != 11 || s.handN[0] != 6 {
		t.Fatalf("fig %d, opp hand %d, opp pile %d, own hand %d", s.fig, s.handN[1], s.pileN[1], s.handN[0])
	}
	top := s.pile[1][10]
	if s.knownTop[1] != top+1 || s.knownTop[0] != 0 {
		t.Fatal("the loser does not know the card on his pile")
	}
	if before.hand[1][cardType(top)][cardVI(top)] != s.hand[1][cardType(top)][cardVI(top)]+1 {
		t.Fatal("the card put back is not the one missing from the hand")
	}
	lines := strings.Join(s.Narrate(&before, act(t, &before, "1 princess (2) >petrified")), "\n")
	if !strings.Contains(lines, "from seat 1") || !strings.Contains(lines, "on top of seat 1's pile: "+s.r.cardText(top)) {
		t.Fatalf("narration:\n%s", lines)
	}
	// The loser draws it back at the end of his next turn, refilling to 5 only (DH-20).
	doFirst(s)
	if s.handN[1] != 5 || s.knownTop[1] != 0 || s.hand[1][cardType(top)][cardVI(top)] == 0 {
		t.Fatalf("after the loser's turn: hand %d (%s)", s.handN[1], handText(s, 1))
	}
	// An opponent with 5 cards loses none.
	s = setup(six[:5]...)
	do(t, s, "1 princess (2) >petrified")
	if s.fig != 0 || s.handN[1] != 5 || s.pileN[1] != 10 || s.knownTop[1] != 0 {
		t.Fatal("an opponent with 5 cards lost one")
	}
	// The card is uniform over the hand's cards (two of the six are the same kind).
	hits := map[uint8]int{}
	dup := []string{"dwarf 1", "dwarf 1", "troll 2", "hero 3", "slayer 1", "ship 0"}
	const n = 6000
	for i := 0; i < n; i++ {
		s = setup(dup...)
		s.rng.Seed(uint64(i))
		do(t, s, "1 princess (2) >petrified")
		hits[s.pile[1][10]]++
	}
	for c, k := range hits {
		want := n / 6
		if cardType(c) == tDwarf {
			want = 2 * n / 6
		}
		if k < want*85/100 || k > want*115/100 {
			t.Errorf("%s put back %d times in %d, want about %d", s.r.cardText(c), k, n, want)
		}
	}
	if len(hits) != 5 {
		t.Fatalf("%d kinds put back, want 5", len(hits))
	}
}

// DH-15: the third voyage gives the opponent one more full turn, then the game ends.
func TestDH15_ThirdVoyageEnds(t *testing.T) {
	s := blank(t)
	s.voyages = 2
	s.sailed[0] = 6
	onBoard(t, s, "ship 0", "ship 0")
	inHold(t, s, "hero 3")
	give(t, s, 0, "ship 0", "dwarf 1")
	give(t, s, 1, "troll 1", "troll 2")
	setPile(t, s, 0, filler(10)...)
	setPile(t, s, 1, filler(10)...)
	do(t, s, "1 ship (0)")
	if s.voyages != 3 || !s.finalTurn || s.Terminal() || s.ToMove() != 1 {
		t.Fatalf("after the third voyage: voyages %d final %v terminal %v", s.voyages, s.finalTurn, s.Terminal())
	}
	do(t, s, "1 troll (1)")
	if !s.Terminal() {
		t.Fatal("the game did not end after the opponent's extra turn")
	}
	var out [2]float64
	s.Result(out[:])
	if out != [2]float64{1, 0} {
		t.Fatalf("result %v, want seat 0 (hero 3) to win", out)
	}
	// voyagesToEnd is a parameter.
	p := DefaultParams()
	p.VoyagesToEnd = 1
	s = blankWith(t, p)
	onBoard(t, s, "ship 0", "ship 0")
	give(t, s, 0, "ship 0")
	give(t, s, 1, "troll 1")
	setPile(t, s, 0, filler(10)...)
	setPile(t, s, 1, filler(10)...)
	do(t, s, "1 ship (0)")
	if !s.finalTurn {
		t.Fatal("voyagesToEnd=1: the first voyage did not end the game")
	}
}

// DH-16: after drawing his last card, a player's turns without a voyage are his last; the
// turn in which he drew does not count; the condition survives a DH-14 card put back; an
// empty hand passes (no decision) and counts as a turn without a voyage.
func TestDH16_LastCardDrawn(t *testing.T) {
	s := blank(t)
	give(t, s, 0, "troll 1", "troll 2", "treasure 1", "treasure 2", "dwarf 1")
	setPile(t, s, 0, "dwarf 2")
	give(t, s, 1, "treasure 3", "treasure 3", "treasure 4", "dwarf 1", "dwarf 1")
	setPile(t, s, 1, filler(20)...)
	do(t, s, "1 troll (1)") // draws his last card: this turn does not count
	if !s.lastDrawn[0] || s.finalTurn {
		t.Fatalf("lastDrawn %v final %v", s.lastDrawn[0], s.finalTurn)
	}
	do(t, s, "1 treasure (3)")
	do(t, s, "1 troll (2)") // a turn without a voyage: his last
	if !s.finalTurn || s.Terminal() || s.ToMove() != 1 {
		t.Fatal("a turn without a voyage after the last card did not trigger the end")
	}
	do(t, s, "1 treasure (3)")
	if !s.Terminal() {
		t.Fatal("the game did not end after the opponent's turn")
	}

	// A voyage keeps the game going; the next turn without one ends it.
	s = blank(t)
	onBoard(t, s, "ship 0", "ship 0")
	give(t, s, 0, "ship 0", "troll 1", "treasure 1", "treasure 2", "dwarf 1")
	give(t, s, 1, "treasure 3", "treasure 3", "treasure 4", "dwarf 1", "dwarf 1")
	setPile(t, s, 1, filler(20)...)
	s.lastDrawn[0] = true
	do(t, s, "1 ship (0)")
	if s.finalTurn {
		t.Fatal("a voyage turn triggered the end")
	}
	do(t, s, "1 treasure (3)")
	do(t, s, "1 troll (1)")
	if !s.finalTurn {
		t.Fatal("a turn without a voyage did not trigger the end")
	}

	// The condition stays in force after a card is put back on the pile (DH-14).
	s = blank(t)
	s.fig = 0
	s.lastDrawn[0] = true
	onBoard(t, s, "petrified 1")
	give(t, s, 0, "treasure 1", "treasure 2", "dwarf 1", "dwarf 1", "dwarf 2", "troll 3")
	give(t, s, 1, "princess 2", "treasure 3")
	setPile(t, s, 1, filler(20)...)
	s.toMove = 1
	do(t, s, "1 princess (2) >petrified")
	if s.pileN[0] != 1 || s.fig != 1 {
		t.Fatal("setup: no card put back")
	}
	doFirst(s) // draws the card back; still his last turn
	if !s.finalTurn || s.pileN[0] != 0 {
		t.Fatal("the put-back card lifted the DH-16 condition")
	}

	// An empty hand passes without a decision; the pass ends the game like any turn
	// without a voyage.
	s = blank(t)
	s.lastDrawn[1] = true
	give(t, s, 0, "treasure 1", "treasure 2", "dwarf 1")
	setPile(t, s, 0, filler(20)...)
	do(t, s, "1 treasure (1)")
	if s.ToMove() != 0 || !s.finalTurn || s.Terminal() {
		t.Fatalf("after the pass: to move %d, final %v", s.ToMove(), s.finalTurn)
	}
	do(t, s, "1 treasure (2)")
	if !s.Terminal() {
		t.Fatal("the game did not end")
	}
}

// DH-17: nothing a final turn triggers grants another turn.
func TestDH17_FinalTurnIsFinal(t *testing.T) {
	s := blank(t)
	s.voyages = 2
	s.finalTurn = true
	s.toMove = 1
	onBoard(t, s, "ship 0", "ship 0")
	give(t, s, 1, "ship 0", "dwarf 1")
	give(t, s, 0, "troll 1")
	setPile(t, s, 0, filler(10)...)
	setPile(t, s, 1, "troll 2") // he also draws his last card
	do(t, s, "1 ship (0)")
	if !s.Terminal() || s.voyages != 3 {
		t.Fatal("the third voyage in the final turn granted another turn")
	}
}

// DH-18: cards in hands, piles, on the board and in the hold score nothing.
func TestDH18_OnlyScorePilesScore(t *testing.T) {
	s := newDefault(t, 3)
	r := engine.NewRNG(4)
	randomGame(s, &r, nil)
	for p := 0; p < 2; p++ {
		var sum int32
		for ty := range s.score[p] {
			for vi, n := range s.score[p][ty] {
				sum += int32(n) * s.r.val[ty][vi]
			}
		}
		if int(s.fig) == p {
			sum += 3
		}
		if s.Score(p) != float64(sum) {
			t.Fatalf("seat %d scores %v, its score pile and bonus make %d", p, s.Score(p), sum)
		}
	}
	if s.handN[0]+s.handN[1]+s.pileN[0]+s.pileN[1] == 0 && s.holdN == 0 {
		t.Log("no cards were left out (rare)")
	}
}

// DH-19: score = the score pile's values + dragonBonus for the figurine's owner.
func TestDH19_Scoring(t *testing.T) {
	p := DefaultParams()
	p.DragonBonus = 5
	s := blankWith(t, p)
	s.score[0][tTreasure][s.r.vi[tTreasure][4]] = 2
	s.scoreSum[0] = 8
	s.scoreSum[1] = 2
	s.fig = 1
	if s.Score(0) != 8 || s.Score(1) != 7 {
		t.Fatalf("scores %v %v, want 8 and 2+5", s.Score(0), s.Score(1))
	}
}

// DH-20: the higher score wins; on a tie the figurine owner, else a draw; the hand size is
// read at the end of each turn (new owner 6 at once, former owner 5 from then on).
func TestDH20_WinnerAndTieBreak(t *testing.T) {
	for _, c := range []struct {
		name    string
		s0, s1  int32
		fig     int8
		tieRule bool
		want    [2]float64
	}{
		{"higher wins", 10, 9, noOwner, true, [2]float64{1, 0}},
		{"bonus counts", 10, 9, 1, true, [2]float64{0, 1}},
		{"tie to the owner", 7, 10, 0, true, [2]float64{1, 0}},
		{"tie, no owner", 8, 8, noOwner, true, [2]float64{0.5, 0.5}},
		{"tie rule off", 7, 10, 0, false, [2]float64{0.5, 0.5}},
	} {
		p := DefaultParams()
		p.TieBreakFigurine = c.tieRule
		s := blankWith(t, p)
		s.scoreSum = [2]int32{c.s0, c.s1}
		s.fig = c.fig
		s.terminal = true
		var out [2]float64
		s.Result(out[:])
		if out != c.want {
			t.Errorf("%s: result %v, want %v", c.name, out, c.want)
		}
		if c.want[0] == 0.5 && !engine.Draw(out[:]) {
			t.Errorf("%s: not a draw", c.name)
		}
	}
	// Hand sizes: the new owner refills to 6 at the end of the very turn; the former owner
	// (who lost a card) refills to 5.
	s := blank(t)
	s.fig = 1
	onBoard(t, s, "petrified 1")
	give(t, s, 0, "princess 2", "treasure 1", "treasure 2", "treasure 3", "troll 1")
	give(t, s, 1, "dwarf 1", "dwarf 1", "dwarf 2", "troll 2", "troll 3", "hero 1")
	setPile(t, s, 0, filler(10)...)
	setPile(t, s, 1, filler(10)...)
	do(t, s, "1 princess (2) >petrified")
	if s.handN[0] != 6 || s.handN[1] != 5 {
		t.Fatalf("hands %v after taking the figurine, want 6 and 5", s.handN)
	}
	doFirst(s)
	if s.handN[1] != 5 {
		t.Fatalf("former owner refilled to %d, want 5", s.handN[1])
	}
}

// DH-21: what each seat sees; Determinize keeps it and re-deals the rest.
func TestDH21_Information(t *testing.T) {
	s := blank(t)
	s.fig = 1
	onBoard(t, s, "petrified 1", "treasure 2")
	give(t, s, 0, "princess 2", "treasure 1")
	give(t, s, 1, "dwarf 1", "troll 2", "hero 3", "slayer 1", "ship 0", "petrified 4")
	setPile(t, s, 0, "dwarf 2", "dwarf 3", "hero 1", "troll 1", "troll 3", "slayer 2", "slayer 3", "firedragon 1")
	setPile(t, s, 1, "dwarf 2", "treasure 4", "hero 2", "princess 1", "princess 3", "ship 0", "firedragon 2")
	do(t, s, "1 princess (2) >petrified")
	top := s.pile[1][s.pileN[1]-1]
	// Swap the put-back card with a card of another kind in seat 1's hand: seat 0 cannot
	// tell the two states apart, seat 1 can.
	other := top
	for ty := 0; ty < numTypes; ty++ {
		for vi := range s.hand[1][ty] {
			if s.hand[1][ty][vi] > 0 && cardCode(ty, vi) != top {
				other = cardCode(ty, vi)
			}
		}
	}
	if other == top {
		t.Fatal("setup: no other kind in seat 1's hand")
	}
	u := *s
	u.hand[1][cardType(other)][cardVI(other)]--
	u.hand[1][cardType(top)][cardVI(top)]++
	u.recount(1)
	u.pile[1][u.pileN[1]-1] = other
	u.knownTop[1] = other + 1
	if string(s.Observe(0, nil)) != string(u.Observe(0, nil)) {
		t.Fatal("the taker sees which card was put back")
	}
	if string(s.Observe(1, nil)) == string(u.Observe(1, nil)) {
		t.Fatal("the loser does not see which card was put back")
	}
	// Determinize for the taker re-deals the put-back card; for the loser it keeps it.
	tops := map[uint8]bool{}
	for seed := uint64(0); seed < 200; seed++ {
		d := *s
		d.Determinize(0, seed)
		if string(d.Observe(0, nil)) != string(s.Observe(0, nil)) {
			t.Fatal("Determinize(0) changed seat 0's view")
		}
		checkCensusPartial(t, &d)
		if d.knownTop[1] != d.pile[1][d.pileN[1]-1]+1 {
			t.Fatal("Determinize(0) left seat 1's known top inconsistent")
		}
		tops[d.pile[1][d.pileN[1]-1]] = true
		e := *s
		e.Determinize(1, seed)
		if e.pile[1][e.pileN[1]-1] != top || e.hand[1] != s.hand[1] || string(e.Observe(1, nil)) != string(s.Observe(1, nil)) {
			t.Fatal("Determinize(1) moved what seat 1 knows")
		}
	}
	if len(tops) < 5 {
		t.Fatalf("Determinize(0) put only %d kinds on top of seat 1's pile", len(tops))
	}
	// The observer's own pile is reshuffled, the opponent's hand re-dealt; sizes stay.
	s = newDefault(t, 11)
	orders, hands := map[[maxDeck]uint8]bool{}, map[counts]bool{}
	for seed := uint64(0); seed < 50; seed++ {
		d := *s
		d.Determinize(0, seed)
		if d.hand[0] != s.hand[0] || d.handN != s.handN || d.pileN != s.pileN {
			t.Fatal("Determinize changed the observer's hand or the sizes")
		}
		checkCensus(t, &d)
		orders[d.pile[0]] = true
		hands[d.hand[1]] = true
	}
	if len(orders) < 40 || len(hands) < 40 {
		t.Fatalf("Determinize gives %d pile orders and %d opponent hands in 50", len(orders), len(hands))
	}
	// The hidden hand is not in the view.
	v := *s
	v.Determinize(0, 99)
	if v.hand[1] == s.hand[1] || string(v.Observe(0, nil)) != string(s.Observe(0, nil)) {
		t.Fatal("the view of seat 0 depends on seat 1's hand")
	}
}

// DH-21: Determinize is canonical. Two states a seat cannot tell apart (the opponent's
// cards dealt otherwise between hand and pile, the seat's own pile in another order below
// its known DH-14 top, another stale pile tail and another chance stream) determinize with
// the same seed to the very same state, for the taker and for the loser of the figurine.
func TestDH21_DeterminizeIsCanonical(t *testing.T) {
	s := blank(t)
	s.fig = 1
	onBoard(t, s, "petrified 1", "treasure 2")
	give(t, s, 0, "princess 2", "treasure 1", "hero 1")
	give(t, s, 1, "dwarf 1", "troll 2", "hero 3", "slayer 1", "ship 0", "petrified 4")
	setPile(t, s, 0, "dwarf 2", "dwarf 3", "hero 1", "troll 1", "troll 3", "slayer 2", "slayer 3", "firedragon 1")
	setPile(t, s, 1, "dwarf 2", "treasure 4", "hero 2", "princess 1", "princess 3", "ship 0", "firedragon 2")
	do(t, s, "1 princess (2) >petrified") // seat 1 puts a random card back on its pile (DH-14)
	if s.knownTop[1] == 0 {
		t.Fatal("setup: no DH-14 card on seat 1's pile")
	}
	for observer := 0; observer < 2; observer++ {
		u := rearrangeHidden(s, observer)
		if string(u.Observe(observer, nil)) != string(s.Observe(observer, nil)) {
			t.Fatalf("setup: seat %d can tell the rearranged state apart", observer)
		}
		if u.hand[1-observer] == s.hand[1-observer] || u.pile == s.pile || u.rng == s.rng {
			t.Fatalf("setup: the rearranged state for seat %d is not rearranged", observer)
		}
		for seed := uint64(0); seed < 50; seed++ {
			a, b := *s, u
			a.Determinize(observer, seed)
			b.Determinize(observer, seed)
			if a != b {
				t.Fatalf("seat %d, seed %d: Determinize depends on what the seat cannot see\n%s\n%s", observer, seed, a.Describe(), b.Describe())
			}
		}
	}
	// The same in random games, against a twin already determinized with another seed.
	r := engine.NewRNG(3)
	for g := uint64(0); g < 30; g++ {
		s := newDefault(t, g)
		var buf [512]engine.Action
		for n := r.IntN(40); n > 0 && !s.Terminal(); n-- {
			legal := s.Legal(buf[:0])
			s.Apply(legal[r.IntN(len(legal))])
		}
		for observer := 0; observer < 2; observer++ {
			twin := *s
			twin.Determinize(observer, r.Uint64())
			seed := r.Uint64()
			a, b := *s, twin
			a.Determinize(observer, seed)
			b.Determinize(observer, seed)
			if a != b {
				t.Fatalf("game %d, seat %d: Determinize depends on what the seat cannot see", g, observer)
			}
		}
	}
}

// rearrangeHidden returns a copy of s that observer cannot tell from s: the opponent's hand
// and pile dealt again (hand cards to the bottom of the pile, top pile cards to the hand), the observer's pile below its
// known top reversed, the unused pile slots filled with junk and another chance stream.
func rearrangeHidden(s *State, observer int) State {
	u := *s
	own := u.pile[observer][:u.pileN[observer]]
	if u.knownTop[observer] != 0 {
		own = own[:len(own)-1]
	}
	slices.Reverse(own)
	opp := 1 - observer
	var pool []uint8
	pool = append(pool, u.pile[opp][:u.pileN[opp]]...)
	for ty := range u.hand[opp] {
		for vi, k := range u.hand[opp][ty] {
			for ; k > 0; k-- {
				pool = append(pool, cardCode(ty, vi))
			}
		}
	}
	slices.Reverse(pool[:u.pileN[opp]])
	hn := int(u.handN[opp]) // the new hand: the old pile's top cards; the old hand goes below
	u.hand[opp] = counts{}
	for _, c := range pool[:hn] {
		u.hand[opp][cardType(c)][cardVI(c)]++
	}
	u.recount(opp)
	copy(u.pile[opp][:], pool[hn:])
	if u.knownTop[opp] != 0 {
		u.knownTop[opp] = u.pile[opp][u.pileN[opp]-1] + 1
	}
	for p := range u.pile {
		for i := int(u.pileN[p]); i < maxDeck; i++ {
			u.pile[p][i] = uint8(i % 7)
		}
	}
	u.rng.Seed(777)
	return u
}

// DH-22: one action per distinct multiset, choices only for Princess plays and filling Hero
// plays, and the text form.
func TestDH22_ActionsAndText(t *testing.T) {
	s := blank(t)
	give(t, s, 0, "dwarf 1", "dwarf 1", "dwarf 2")
	if got := legalTexts(s); !slices.Equal(got, []string{"1 dwarf (1)", "1 dwarf (2)", "2 dwarf (1,1)", "2 dwarf (1,2)", "3 dwarf (1,1,2)"}) {
		t.Fatalf("dwarf plays: %v", got)
	}
	s = blank(t)
	give(t, s, 0, "princess 3", "princess 1")
	if got := legalTexts(s); !slices.Equal(got, []string{
		"1 princess (1) >treasure", "1 princess (1) >petrified", "1 princess (3) >treasure",
		"1 princess (3) >petrified", "2 princess (1,3) >treasure", "2 princess (1,3) >petrified"}) {
		t.Fatalf("princess plays: %v", got)
	}
	s = blank(t)
	onBoard(t, s, "hero 1")
	give(t, s, 0, "hero 2", "ship 0", "ship 0")
	if got := legalTexts(s); !slices.Equal(got, []string{"1 hero (2) >princess", "1 hero (2) >troll", "1 ship (0)", "2 ship (0,0)"}) {
		t.Fatalf("hero and ship plays: %v", got)
	}
}

// DH-23: the canonical order, checked on a hand-built hand and against a brute-force
// oracle on the states of random games, for the table path and the enumeration path.
func TestDH23_CanonicalOrder(t *testing.T) {
	s := blank(t)
	give(t, s, 0, "ship 0", "hero 2", "princess 3", "treasure 2", "hero 1", "princess 1")
	want := []string{
		"1 treasure (2)",
		"1 princess (1) >treasure", "1 princess (1) >petrified",
		"1 princess (3) >treasure", "1 princess (3) >petrified",
		"2 princess (1,3) >treasure", "2 princess (1,3) >petrified",
		"1 hero (1)", "1 hero (2)", "2 hero (1,2) >princess", "2 hero (1,2) >troll",
		"1 ship (0)",
	}
	if got := legalTexts(s); !slices.Equal(got, want) {
		t.Fatalf("legal =\n%v\nwant\n%v", got, want)
	}
	// The enumeration path (used when a type's table is too large) gives the same lists.
	p := DefaultParams()
	p.DragonHandSize, p.HandSize = 8, 8
	for _, params := range []*Params{DefaultParams(), p} {
		g := newDefaultWith(t, params)
		rr := *g.r
		rr.tab = [numTypes][]legalEntry{}
		for seed := uint64(0); seed < 100; seed++ {
			g.Reset(seed)
			r := engine.NewRNG(seed)
			randomGame(g, &r, func(s *State) {
				want := oracleLegal(s)
				if got := legalTexts(s); !slices.Equal(got, want) {
					t.Fatalf("legal =\n%v\nwant\n%v", got, want)
				}
				e := *s
				e.r = &rr
				if got := legalTexts(&e); !slices.Equal(got, want) {
					t.Fatalf("enumerated legal =\n%v\nwant\n%v", got, want)
				}
			})
		}
	}
}

func newDefaultWith(t *testing.T, p *Params) *State {
	t.Helper()
	s, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// oracleLegal lists the legal plays by brute force from the wording of DH-22/DH-23.
func oracleLegal(s *State) []string {
	me := s.toMove
	var out []string
	for ty := 0; ty < numTypes; ty++ {
		var hand []int
		for vi := 0; vi < int(s.r.nv[ty]); vi++ {
			for k := 0; k < int(s.hand[me][ty][vi]); k++ {
				hand = append(hand, int(s.r.val[ty][vi]))
			}
		}
		limit, fill := len(hand), -1
		if c := int(s.r.capacity[ty]); c > 0 {
			fill = c - int(s.boardN[ty])
			limit = min(limit, fill)
		}
		seen := map[string][]int{}
		for mask := 1; mask < 1<<len(hand); mask++ {
			var vals []int
			for i, v := range hand {
				if mask&(1<<i) != 0 {
					vals = append(vals, v)
				}
			}
			if len(vals) > limit {
				continue
			}
			slices.Sort(vals)
			key, _ := json.Marshal(vals)
			seen[string(key)] = vals
		}
		var plays [][]int
		for _, v := range seen {
			plays = append(plays, v)
		}
		slices.SortFunc(plays, func(a, b []int) int {
			if len(a) != len(b) {
				return len(a) - len(b)
			}
			return slices.Compare(a, b)
		})
		for _, v := range plays {
			var vs []string
			for _, x := range v {
				vs = append(vs, strconv.Itoa(x))
			}
			txt := strconv.Itoa(len(v)) + " " + typeWords[ty] + " (" + strings.Join(vs, ",") + ")"
			switch {
			case ty == tPrincess:
				out = append(out, txt+" >treasure", txt+" >petrified")
			case ty == tHero && len(v) == fill:
				out = append(out, txt+" >princess", txt+" >troll")
			default:
				out = append(out, txt)
			}
		}
	}
	return out
}

// DH-24: a single legal play is still a decision; a pass is not.
func TestDH24_Decisions(t *testing.T) {
	s := blank(t)
	give(t, s, 0, "troll 1")
	give(t, s, 1, "dwarf 1")
	setPile(t, s, 0, filler(5)...)
	setPile(t, s, 1, filler(5)...)
	if got := legalTexts(s); len(got) != 1 || s.ToMove() != 0 || s.Terminal() {
		t.Fatalf("single play: %v, to move %d", got, s.ToMove())
	}
	// Seat 1's hand is empty (pile too): after seat 0's play the engine passes for seat 1
	// and asks seat 0 again.
	s = blank(t)
	give(t, s, 0, "troll 1", "troll 2")
	setPile(t, s, 0, filler(5)...)
	s.lastDrawn[1] = false
	do(t, s, "1 troll (1)")
	if s.ToMove() != 0 || s.Terminal() || s.turn != 2 {
		t.Fatalf("after a pass: to move %d, turn %d", s.ToMove(), s.turn)
	}
}

// Params: defaults as in the spec, clear errors naming the key, JSON keys.
func TestParams(t *testing.T) {
	g := enginetest.Lookup(t, "dragonheart")
	if g.Spec != "DH" || g.MinPlayers != 2 || g.MaxPlayers != 2 {
		t.Fatalf("registration %+v", g)
	}
	keys := engine.ParamKeys(g)
	want := []string{"deck", "handSize", "dragonHandSize", "dragonBonus", "voyagesToEnd", "dwarf", "hero", "slayer", "ship", "tieBreakFigurine", "seatBonus"}
	if !reflect.DeepEqual(keys, want) {
		t.Fatalf("keys %v, want %v", keys, want)
	}
	for _, k := range keys {
		if g.ParamDocs[k] == "" {
			t.Errorf("no doc for %s", k)
		}
	}
	if err := DefaultParams().Validate(2); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		set, wantErr string
	}{
		{"handSize=0", "handSize"},
		{"handSize=9", "handSize"},
		{"dragonHandSize=4", "dragonHandSize"},
		{"dragonBonus=-1", "dragonBonus"},
		{"voyagesToEnd=0", "voyagesToEnd"},
		{"dwarf=0", "dwarf"},
		{"ship=21", "ship"},
		{`deck={"dwarf":[1,2,3,4,5,6,7]}`, "deck.dwarf"},
		{`deck={"troll":[-1]}`, "deck.troll"},
		{`deck={"dwarf":[` + strings.Repeat("1,", 40) + `1]}`, "deck"},
		{"seatBonus=[1]", "seatBonus"},
		{"seatBonus=[0,0,0]", "seatBonus"},
		{"seatBonus=[0,100]", "seatBonus"},
	} {
		p := DefaultParams()
		if err := engine.SetParam(g, p, c.set); err != nil {
			t.Fatalf("%s: %v", c.set, err)
		}
		err := p.Validate(2)
		if err == nil || !strings.HasPrefix(err.Error(), c.wantErr) {
			t.Errorf("%s: error %v, want one naming %s", c.set, err, c.wantErr)
		}
	}
	if err := DefaultParams().Validate(3); err == nil {
		t.Error("3 players accepted")
	}
	// A partial deck setting keeps the other rows.
	p := DefaultParams()
	if err := engine.SetParam(g, p, `deck={"ship":[0,0,0,0,0,0]}`); err != nil {
		t.Fatal(err)
	}
	if len(p.Deck.Ship) != 6 || len(p.Deck.Dwarf) != 10 {
		t.Fatalf("deck after set: %+v", p.Deck)
	}
	s, err := g.NewGame(p, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if s.(*State).r.deckN != 51 {
		t.Fatal("the deck parameter is not used")
	}
}

// A custom deck with a type too varied for Legal's tables uses the enumeration path and
// plays whole games correctly.
func TestLargeDeckVariant(t *testing.T) {
	p := DefaultParams()
	p.Deck.Princess = []int{1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1, 2}
	p.HandSize, p.DragonHandSize = 8, 8
	s := newDefaultWith(t, p)
	if s.r.tab[tPrincess] != nil {
		t.Skip("the princess table fits; nothing to test")
	}
	for seed := uint64(0); seed < 50; seed++ {
		s.Reset(seed)
		r := engine.NewRNG(seed)
		randomGame(s, &r, func(s *State) {
			checkCensus(t, s)
			if got, want := legalTexts(s), oracleLegal(s); !slices.Equal(got, want) {
				t.Fatalf("legal =\n%v\nwant\n%v", got, want)
			}
		})
	}
}
