package redhot

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/engine/enginetest"
)

// filler is a deck tail that keeps a test game going for a few rounds before the fury.
var filler = []uint8{fc(selMin, selMin), fc(selMin, selMin), fc(selMin, selMin), cardFury, fc(selMin, selMin)}

func deck(top ...uint8) []uint8 { return append(append([]uint8{}, top...), filler...) }

// RH-1: six spots, 7 - d treasures from spot d, at most one adventurer per spot.
func TestRH1_SpotsTreasureOnePerSpot(t *testing.T) {
	s := newTest(t, 2, nil)
	if s.r.spots != 6 {
		t.Fatalf("spots %d, want 6", s.r.spots)
	}
	for d := 1; d <= 6; d++ {
		stack(s, nil, deck(fc(selMin, selMin))...)
		choose(t, s, "tough", "icebox")
		if got := texts(s); strings.Join(got, ",") != "spot 1,spot 2,spot 3,spot 4,spot 5,spot 6" {
			t.Fatalf("first placer may take %v, want every spot", got)
		}
		act(t, s, 0, fmt.Sprintf("spot %d", d))
		for _, txt := range texts(s) {
			if txt == fmt.Sprintf("spot %d", d) {
				t.Fatalf("spot %d offered twice", d)
			}
		}
		if n := len(texts(s)); n != 5 {
			t.Fatalf("second placer has %d spots, want 5", n)
		}
		withDice(t, s, 1, 1, 1) // power 1 burns nobody
		act(t, s, 1, fmt.Sprintf("spot %d", d%6+1))
		if s.score[0] != int32(7-d) || s.score[1] != int32(7-(d%6+1)) {
			t.Fatalf("spot %d: scores %v, want %d and %d", d, s.score[:2], 7-d, 7-(d%6+1))
		}
	}
}

// RH-2: four adventurers with resistances 2..5, burned only when power exceeds the
// resistance, reusable while alive.
func TestRH2_TeamAndResistances(t *testing.T) {
	s := newTest(t, 2, nil)
	if s.team[0] != 0xF || s.team[1] != 0xF || s.hall[0] != 0 {
		t.Fatalf("teams start %04b %04b, want all four", s.team[0], s.team[1])
	}
	if s.r.resist != [4]int8{2, 3, 4, 5} {
		t.Fatalf("resistances %v", s.r.resist)
	}
	for adv := range uint8(nAdv) {
		for p := uint8(1); p <= 6; p++ {
			stack(s, nil, deck(fc(selMax, selMax))...)
			choose(t, s, advNames[adv], "hothead")
			withDice(t, s, p, p, p)
			place(t, s, 1, 6)
			burned := s.hall[0]&(1<<adv) != 0
			if want := int(p) > int(s.r.resist[adv]); burned != want {
				t.Fatalf("%s at power %d: burned %v, want %v", advNames[adv], p, burned, want)
			}
			if !burned && s.team[0] != 0xF {
				t.Fatalf("%s survived but team is %04b", advNames[adv], s.team[0])
			}
			if !burned && !strings.Contains(strings.Join(texts(s), ","), advNames[adv]) && s.ToMove() == 0 {
				t.Fatalf("%s survived but cannot be sent again", advNames[adv])
			}
		}
	}
}

// RH-3: seven items, one of each, each usable once per game.
func TestRH3_ItemsOncePerGame(t *testing.T) {
	s := newTest(t, 2, nil)
	stack(s, nil, deck(fc(selMin, selMin))...)
	want := []string{"hothead"}
	for _, it := range itemNames[:itemStone] {
		want = append(want, "hothead+"+it)
	}
	if got := texts(s)[:7]; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("hothead options %v, want %v", got, want)
	}
	choose(t, s, "hothead+boots", "teaser+cape")
	if s.used[0] != 1<<itemBoots || s.used[1] != 1<<itemCape {
		t.Fatalf("used %07b %07b after the reveal", s.used[0], s.used[1])
	}
	withDice(t, s, 1, 1, 1)
	place(t, s, 5, 6)
	if s.used[0] != 1<<itemBoots || s.used[1] != 1<<itemCape {
		t.Fatalf("items not spent at the end of the round: %07b %07b", s.used[0], s.used[1])
	}
	// Round 2: seat 1 (now first) has no cape, seat 0 no boots.
	for _, c := range []struct {
		seat int
		item string
		play string
	}{{1, "+cape", "teaser"}, {0, "+boots", "hothead"}} {
		got := texts(s)
		if s.ToMove() != c.seat || len(got) != 4*6 {
			t.Fatalf("round 2: seat %d has %d choices, want seat %d with 24", s.ToMove(), len(got), c.seat)
		}
		for _, x := range got {
			if strings.HasSuffix(x, c.item) {
				t.Fatalf("%s offered again: %v", c.item, got)
			}
		}
		act(t, s, c.seat, c.play)
	}
}

// RH-4: 19 Dragon cards, 15 flame cards with the PROPOSED distribution, 4 events.
func TestRH4_DragonDeck(t *testing.T) {
	s := newTest(t, 3, nil)
	if s.deckLen != 19 {
		t.Fatalf("deck has %d cards, want 19", s.deckLen)
	}
	var count [13]int
	for _, c := range s.deck[:s.deckLen] {
		count[c]++
	}
	want := [13]int{1, 2, 2, 2, 1, 2, 2, 2, 1, 1, 1, 1, 1}
	if count != want {
		t.Fatalf("deck composition %v, want %v (MIN/MIN … MAX/MAX, princess, second, anger, fury)", count, want)
	}
	s = newTest(t, 3, func(p *Params) { p.FlameDeck, p.FuryInLastCards = []string{"max/max", "MIN/MED", "MIN/MED"}, 4 })
	if s.deckLen != 7 {
		t.Fatalf("custom flame deck: %d cards, want 7", s.deckLen)
	}
	count = [13]int{}
	for _, c := range s.deck[:s.deckLen] {
		count[c]++
	}
	if count[fc(selMax, selMax)] != 1 || count[fc(selMin, selMed)] != 2 || count[cardFury] != 1 {
		t.Fatalf("custom flame deck composition %v", count)
	}
}

// RH-5: three six-sided dice (two under Dragon's anger; two more for the king's reward).
func TestRH5_ThreeDice(t *testing.T) {
	r := engine.NewRNG(5)
	var seen [3][7]bool
	for range 10000 {
		d := roll3(&r)
		for i, v := range d {
			if v < 1 || v > 6 {
				t.Fatalf("die %d", v)
			}
			seen[i][v] = true
		}
	}
	for i := range seen {
		for v := 1; v <= 6; v++ {
			if !seen[i][v] {
				t.Fatalf("die %d never shows %d", i, v)
			}
		}
	}
	// In play: every resolved flame records three dice, or two under Dragon's anger.
	s := newTest(t, 4, nil)
	pr := engine.NewRNG(9)
	var buf [64]engine.Action
	angers, flames := 0, 0
	for g := range 300 {
		s.Reset(uint64(g))
		for !s.Terminal() {
			done := s.done
			l := s.Legal(buf[:0])
			s.Apply(l[pr.IntN(len(l))])
			if s.done == done {
				continue
			}
			for k := 0; k < int(s.last.flames); k++ {
				d := s.last.dice[k]
				n := 3
				if s.last.anger {
					n = 2
					angers++
					if d[2] != 0 {
						t.Fatalf("Dragon's anger rolled a third die: %v", d)
					}
				}
				flames++
				for _, v := range d[:n] {
					if v < 1 || v > 6 {
						t.Fatalf("flame dice %v", d)
					}
				}
			}
			if s.last.rescue >= 0 && (s.last.king[0] < 1 || s.last.king[0] > 6 || s.last.king[1] < 1 || s.last.king[1] > 6) {
				t.Fatalf("king's reward dice %v", s.last.king)
			}
		}
	}
	if angers == 0 || flames == angers {
		t.Fatalf("%d flames, %d under anger: both kinds should occur", flames, angers)
	}
}

// RH-6: the fury is among the last 10 cards; scores start at 0; seat 0 is first player;
// the first player passes to the next seat still in.
func TestRH6_SetupFuryAndFirstPlayer(t *testing.T) {
	s := newTest(t, 2, nil)
	var pos [19]int
	const games = 5000
	for seed := range uint64(games) {
		s.Reset(seed)
		for i, c := range s.deck[:s.deckLen] {
			if c == cardFury {
				pos[i]++
			}
		}
		if s.first != 0 || s.round != 1 || s.score != [maxSeats]int32{} {
			t.Fatalf("seed %d: first %d round %d scores %v", seed, s.first, s.round, s.score)
		}
	}
	for i, n := range pos {
		if i < 9 && n != 0 {
			t.Fatalf("fury at position %d (0-based) of 19: not among the last 10", i)
		}
		// Expected 500 each; a binomial sd is 21, so 400..600 is a ±4.7 sd band.
		if i >= 9 && (n < 400 || n > 600) {
			t.Fatalf("fury at position %d in %d of %d games, want about 500 (uniform over the last 10)", i, n, games)
		}
	}
	s = newTest(t, 2, func(p *Params) { p.FuryInLastCards = 1 })
	for seed := range uint64(50) {
		s.Reset(seed)
		if s.deck[18] != cardFury {
			t.Fatal("furyInLastCards=1: fury is not the last card")
		}
	}

	// First player rotation, skipping an eliminated seat.
	s = newTest(t, 3, nil)
	stack(s, func(s *State) {
		s.team[2], s.hall[2], s.used[2] = 1<<advHothead, 0xE, stoneBit
	}, fc(selMin, selMin), fc(selMin, selMin), fc(selMin, selMin), fc(selMin, selMin), fc(selMin, selMin), cardFury, fc(selMin, selMin))
	firsts := []uint8{s.first}
	choose(t, s, "icebox", "icebox", "hothead")
	withDice(t, s, 1, 1, 1)
	place(t, s, 5, 6, 4)
	firsts = append(firsts, s.first)
	choose(t, s, "icebox", "icebox", "hothead")
	withDice(t, s, 3, 3, 3) // power 3, range 3: the hothead on spot 1 burns
	place(t, s, 5, 6, 1)
	if s.outMask != 1<<2 {
		t.Fatalf("seat 2 should be out, outMask %03b", s.outMask)
	}
	for range 2 {
		firsts = append(firsts, s.first)
		choose(t, s, "icebox", "icebox", "")
		withDice(t, s, 1, 1, 1)
		place(t, s, 5, 6, 0)
	}
	if fmt.Sprint(firsts) != "[0 1 0 1]" {
		t.Fatalf("first players %v, want [0 1 0 1] (seat 2 skipped once out)", firsts)
	}
}

// RH-7: events chain until a flame card or Dragon's anger; fury as the last card takes the
// most recently discarded flame; turned cards are discarded, the princess excepted; an
// exhausted deck is rebuilt from the discards (PROPOSED).
func TestRH7_DragonCardsChain(t *testing.T) {
	quiet := func(t *testing.T, s *State) { // play a round that burns nobody and leaves spot 1 empty
		t.Helper()
		skipStones(t, s)
		choose(t, s, "icebox", "icebox")
		withDice(t, s, 1, 1, 1, 1, 1, 1)
		place(t, s, 5, 6)
	}
	t.Run("princess", func(t *testing.T) {
		s := newTest(t, 2, nil)
		stack(s, nil, deck(cardPrincess, fc(selMin, selMax), fc(selMax, selMin))...)
		if s.princess != princessHeld || s.nTurned != 2 || s.powSel != selMin || s.rngSel != selMax {
			t.Fatalf("princess then MIN/MAX: princess %d turned %d pred %d/%d", s.princess, s.nTurned, s.powSel, s.rngSel)
		}
		quiet(t, s)
		if s.nDisc != 1 || s.discard[0] != fc(selMin, selMax) {
			t.Fatalf("discard %v: want only the flame card (the princess stays)", s.discard[:s.nDisc])
		}
		if s.princess != princessHeld || s.turned[0] != fc(selMax, selMin) || s.nTurned != 1 {
			t.Fatalf("round 2: princess %d, turned %v", s.princess, s.turned[:s.nTurned])
		}
	})
	t.Run("second breath", func(t *testing.T) {
		s := newTest(t, 2, nil)
		stack(s, nil, deck(cardSecond, fc(selMax, selMin))...)
		if !s.second || s.nTurned != 2 || s.powSel != selMax {
			t.Fatal("second breath did not turn the next card")
		}
		quiet(t, s)
		if s.last.flames != 2 || s.second {
			t.Fatalf("flames %d, second %v after the round", s.last.flames, s.second)
		}
	})
	t.Run("anger settles", func(t *testing.T) {
		s := newTest(t, 2, nil)
		stack(s, nil, deck(cardAnger, fc(selMax, selMin))...)
		if !s.anger || s.nTurned != 1 || s.top != 1 {
			t.Fatalf("anger: turned %d cards", s.nTurned)
		}
	})
	t.Run("fury", func(t *testing.T) {
		s := newTest(t, 2, nil)
		stack(s, nil, cardFury, fc(selMed, selMax), fc(selMin, selMin), fc(selMin, selMin))
		if !s.fury || s.powSel != selMed || s.rngSel != selMax {
			t.Fatal("fury did not turn the next card")
		}
		quiet(t, s)
		if !s.Terminal() || s.done != 1 {
			t.Fatal("the game goes on after the fury round")
		}
	})
	t.Run("whole chain", func(t *testing.T) {
		s := newTest(t, 2, nil)
		stack(s, nil, cardPrincess, cardSecond, cardFury, fc(selMed, selMed), fc(selMin, selMin))
		if !(s.princess == princessHeld && s.second && s.fury && !s.anger && s.nTurned == 4 && s.powSel == selMed) {
			t.Fatalf("chain princess, second, fury, MED/MED: %v", s.turned[:s.nTurned])
		}
		s = newTest(t, 2, nil)
		stack(s, nil, cardSecond, cardFury, cardAnger, fc(selMin, selMin))
		if !(s.second && s.fury && s.anger && s.nTurned == 3) {
			t.Fatalf("chain second, fury, anger: %v", s.turned[:s.nTurned])
		}
	})
	t.Run("fury last card", func(t *testing.T) {
		s := newTest(t, 2, nil)
		stack(s, nil, fc(selMin, selMin), fc(selMax, selMed), cardAnger, cardFury)
		quiet(t, s)
		quiet(t, s)
		quiet(t, s) // anger round; the fury round starts on an empty deck
		if !s.fury || !s.borrowed || s.anger || s.powSel != selMax || s.rngSel != selMed {
			t.Fatalf("fury as last card: fury %v borrowed %v anger %v pred %d/%d, want the most recently discarded flame MAX/MED",
				s.fury, s.borrowed, s.anger, s.powSel, s.rngSel)
		}
		if got := s.discard[:s.nDisc]; !bytes.Equal(got, []uint8{fc(selMin, selMin), cardAnger}) {
			t.Fatalf("discard after taking the flame back: %v", got)
		}
		quiet(t, s)
		if !s.Terminal() {
			t.Fatal("game not over after the fury round")
		}
	})
	t.Run("reshuffle when exhausted (PROPOSED)", func(t *testing.T) {
		s := newTest(t, 2, nil)
		stack(s, nil, fc(selMin, selMin), fc(selMax, selMax))
		quiet(t, s)
		quiet(t, s)
		if s.deckLen != 2 || s.top != 1 || s.nDisc != 0 || s.nTurned != 1 {
			t.Fatalf("after reshuffle: deck %d top %d discards %d turned %d", s.deckLen, s.top, s.nDisc, s.nTurned)
		}
		if c := s.turned[0]; c != fc(selMin, selMin) && c != fc(selMax, selMax) {
			t.Fatalf("turned %d", c)
		}
	})
}

// RH-8: the Destiny stone in the prediction phase.
func TestRH8_DestinyStone(t *testing.T) {
	s := newTest(t, 2, nil)
	stack(s, nil, deck(fc(selMin, selMin))...)
	if s.phase != phaseChoose {
		t.Fatal("a stone decision with no burned adventurer")
	}
	burnedHothead := func(s *State) { s.team[0], s.hall[0] = 0xE, 1<<advHothead }
	stack(s, burnedHothead, deck(fc(selMin, selMin))...)
	if s.phase != phaseStone || s.ToMove() != 0 {
		t.Fatalf("phase %d to move %d, want seat 0's stone decision", s.phase, s.ToMove())
	}
	if got := strings.Join(texts(s), ","); got != "stone hothead,no stone" {
		t.Fatalf("stone options %q", got)
	}
	act(t, s, 0, "stone hothead")
	if s.phase != phaseChoose || s.team[0] != 0xF || s.hall[0] != 0 || s.used[0]&stoneBit == 0 {
		t.Fatalf("after the stone: phase %d team %04b hall %04b used %07b", s.phase, s.team[0], s.hall[0], s.used[0])
	}
	if got := strings.Join(texts(s), ","); got != "hothead,teaser,tough,icebox" {
		t.Fatalf("after the stone, choices %q: no item may be played", got)
	}
	// "no stone" keeps everything.
	stack(s, burnedHothead, deck(fc(selMin, selMin))...)
	act(t, s, 0, "no stone")
	if s.used[0] != 0 || s.hall[0] != 1 || len(texts(s)) != 3*7 {
		t.Fatalf("no stone: used %07b hall %04b, %d choices", s.used[0], s.hall[0], len(texts(s)))
	}
	// Seat order from the first player.
	stack(s, func(s *State) {
		burnedHothead(s)
		s.team[1], s.hall[1] = 0x7, 1<<advIcebox
		s.first = 1
	}, deck(fc(selMin, selMin))...)
	if s.ToMove() != 1 {
		t.Fatal("seat 1 (first player) should decide first")
	}
	act(t, s, 1, "no stone")
	act(t, s, 0, "no stone")
	if s.phase != phaseChoose || s.ToMove() != 1 {
		t.Fatal("choice phase should start with the first player")
	}
	// Compulsory with an empty team.
	stack(s, func(s *State) { s.team[0], s.hall[0] = 0, 0xF }, deck(fc(selMin, selMin))...)
	if got := strings.Join(texts(s), ","); got != "stone hothead,stone teaser,stone tough,stone icebox" {
		t.Fatalf("compulsory stone options %q", got)
	}
	// Already played: not offered.
	stack(s, func(s *State) { burnedHothead(s); s.used[0] = stoneBit }, deck(fc(selMin, selMin))...)
	if s.phase != phaseChoose {
		t.Fatal("stone offered twice")
	}
}

// RH-9: secret choice of an adventurer and optionally an item, taken seat after seat
// without revealing earlier choices; items are spent whether they helped or not.
func TestRH9_SecretChoice(t *testing.T) {
	s := newTest(t, 2, nil)
	stack(s, nil, deck(fc(selMin, selMin))...)
	got := texts(s)
	if len(got) != 28 {
		t.Fatalf("%d choices, want 4 adventurers x (no item + 6 items) = 28", len(got))
	}
	for _, x := range got {
		adv, _, _ := strings.Cut(x, "+")
		if adv != "hothead" && adv != "teaser" && adv != "tough" && adv != "icebox" {
			t.Fatalf("choice %q does not send an adventurer", x)
		}
	}
	a, b := *s, *s
	act(t, &a, 0, "hothead")
	act(t, &b, 0, "icebox+bellows")
	if !bytes.Equal(a.Observe(1, nil), b.Observe(1, nil)) {
		t.Fatal("seat 1 can tell seat 0's pending choices apart")
	}
	if strings.Join(texts(&a), ",") != strings.Join(texts(&b), ",") || a.ToMove() != 1 {
		t.Fatal("seat 1's options depend on seat 0's pending choice")
	}
	if bytes.Equal(a.Observe(0, nil), b.Observe(0, nil)) {
		t.Fatal("seat 0 does not see its own choice")
	}
	if b.used[0] != 0 || b.team[0] != 0xF {
		t.Fatal("pending choice already public (item spent or adventurer left the team)")
	}
	act(t, &b, 1, "teaser+bucket")
	if !b.revealed || b.used[0] != 1<<itemBellows || b.used[1] != 1<<itemBucket || b.team[0] != 0x7 {
		t.Fatal("choices not revealed together")
	}
	// The bucket and bellows cancel and nobody is reached: both are spent anyway.
	withDice(t, &b, 1, 1, 1)
	place(t, &b, 5, 6)
	if b.used[0] != 1<<itemBellows || b.used[1] != 1<<itemBucket {
		t.Fatal("unhelpful items not spent")
	}
}

// RH-10: elimination of a player with an empty team and no stone to help.
func TestRH10_Elimination(t *testing.T) {
	onlyHothead := func(seat int, stoneUsed bool) func(*State) {
		return func(s *State) {
			s.team[seat], s.hall[seat] = 1<<advHothead, 0xE
			if stoneUsed {
				s.used[seat] = stoneBit
			}
		}
	}
	t.Run("out", func(t *testing.T) {
		s := newTest(t, 3, nil)
		stack(s, onlyHothead(0, true), deck(fc(selMin, selMin))...)
		choose(t, s, "hothead", "icebox", "icebox")
		withDice(t, s, 3, 3, 3)
		place(t, s, 1, 5, 6)
		if s.outMask != 1 {
			t.Fatalf("outMask %03b, want seat 0 out", s.outMask)
		}
		s.score[0] = 100
		for !s.Terminal() {
			if s.ToMove() == 0 {
				t.Fatal("an eliminated seat is asked to act")
			}
			skipStones(t, s)
			choose(t, s, "", "icebox", "icebox")
			withDice(t, s, 1, 1, 1)
			place(t, s, 0, 5, 6)
		}
		var out [3]float64
		s.Result(out[:])
		if out[0] != 0 {
			t.Fatalf("eliminated seat wins: %v", out)
		}
	})
	t.Run("stone keeps him in", func(t *testing.T) {
		s := newTest(t, 2, nil)
		stack(s, onlyHothead(0, false), deck(fc(selMin, selMin))...)
		act(t, s, 0, "no stone")
		choose(t, s, "hothead", "icebox")
		withDice(t, s, 3, 3, 3)
		place(t, s, 1, 6)
		if s.outMask != 0 || s.team[0] != 0 {
			t.Fatalf("outMask %02b team %04b: an unused stone keeps the player in", s.outMask, s.team[0])
		}
		if s.phase != phaseStone || s.ToMove() != 0 || len(texts(s)) != 4 {
			t.Fatalf("next round: phase %d, options %v; want a compulsory stone", s.phase, texts(s))
		}
	})
	t.Run("after the fury no stone helps", func(t *testing.T) {
		s := newTest(t, 2, nil)
		stack(s, onlyHothead(0, false), cardFury, fc(selMin, selMin), fc(selMin, selMin))
		act(t, s, 0, "no stone")
		choose(t, s, "hothead", "icebox")
		withDice(t, s, 3, 3, 3)
		place(t, s, 1, 6)
		if !s.Terminal() || s.outMask != 1 {
			t.Fatalf("terminal %v outMask %02b: empty team after the fury round is out", s.Terminal(), s.outMask)
		}
		s.score[0] = 50
		var out [2]float64
		s.Result(out[:])
		if out != [2]float64{0, 1} {
			t.Fatalf("result %v", out)
		}
	})
	t.Run("everybody out", func(t *testing.T) {
		s := newTest(t, 2, nil)
		stack(s, func(s *State) { onlyHothead(0, true)(s); onlyHothead(1, true)(s) }, deck(fc(selMin, selMin))...)
		choose(t, s, "hothead", "hothead")
		withDice(t, s, 3, 3, 3)
		place(t, s, 1, 2)
		if !s.Terminal() || s.outMask != 3 || s.top >= s.deckLen {
			t.Fatal("the game should end at once when every player is out")
		}
		out := []float64{9, 9}
		s.Result(out)
		if out[0] != 0 || out[1] != 0 {
			t.Fatalf("result %v, want no winner", out)
		}
	})
	t.Run("last player plays on", func(t *testing.T) {
		s := newTest(t, 2, nil)
		stack(s, onlyHothead(0, true), fc(selMin, selMin), fc(selMin, selMin), fc(selMin, selMin), cardFury, fc(selMin, selMin))
		choose(t, s, "hothead", "icebox")
		withDice(t, s, 3, 3, 3)
		place(t, s, 1, 6)
		rounds := 0
		for !s.Terminal() {
			rounds++
			choose(t, s, "", "icebox")
			withDice(t, s, 1, 1, 1)
			place(t, s, 0, 6)
		}
		if rounds != 3 || s.done != 4 {
			t.Fatalf("lone player played %d more rounds (game %d), want 3 (until the fury round)", rounds, s.done)
		}
	})
}

// RH-11: placement order by rank (resistance, -1 with boots), ties in seat order from the
// first player; the cape does not change the rank; any free spot.
func TestRH11_PlacementOrder(t *testing.T) {
	cases := []struct {
		name    string
		first   uint8
		choices []string
		order   string
	}{
		{"by resistance", 0, []string{"icebox", "hothead", "tough", "teaser"}, "[1 3 2 0]"},
		{"boots hothead before every hothead", 0, []string{"hothead", "hothead", "teaser", "hothead+boots"}, "[3 0 1 2]"},
		{"boots icebox ties tough, seat order from first", 2, []string{"tough", "teaser", "icebox", "icebox+boots"}, "[1 3 0 2]"},
		{"ties from the first player", 3, []string{"teaser", "teaser", "teaser", "teaser"}, "[3 0 1 2]"},
		{"cape does not change the rank", 1, []string{"teaser+cape", "teaser", "hothead", "teaser+boots"}, "[2 3 1 0]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newTest(t, 4, nil)
			stack(s, func(s *State) { s.first = c.first }, deck(fc(selMin, selMin))...)
			choose(t, s, c.choices...)
			if got := fmt.Sprint(s.order[:s.nOrder]); got != c.order {
				t.Fatalf("order %s, want %s", got, c.order)
			}
			var seq []int
			for i := 0; s.phase == phasePlace; i++ {
				seq = append(seq, s.ToMove())
				if n := len(texts(s)); n != 6-i {
					t.Fatalf("placer %d has %d free spots, want %d", i, n, 6-i)
				}
				act(t, s, s.ToMove(), texts(s)[len(texts(s))-1]) // farthest free spot
			}
			if fmt.Sprint(seq) != c.order {
				t.Fatalf("asked %v, want %s", seq, c.order)
			}
		})
	}
}

type flameCase struct {
	name        string
	players     int
	cards       []uint8
	choices     []string
	spots       []int
	dice        []uint8
	pow, rng    []int8
	hit, burned []uint8
}

func runFlameCase(t *testing.T, c flameCase) *State {
	t.Helper()
	s := newTest(t, c.players, nil)
	stack(s, nil, deck(c.cards...)...)
	choose(t, s, c.choices...)
	withDice(t, s, c.dice...)
	place(t, s, c.spots...)
	L := s.last
	if int(L.flames) != len(c.pow) {
		t.Fatalf("%d flames, want %d", L.flames, len(c.pow))
	}
	for k := range c.pow {
		if L.pow[k] != c.pow[k] || L.rng[k] != c.rng[k] {
			t.Fatalf("flame %d: power %d range %d, want %d and %d", k+1, L.pow[k], L.rng[k], c.pow[k], c.rng[k])
		}
		if L.hit[k] != c.hit[k] || L.burned[k] != c.burned[k] {
			t.Fatalf("flame %d: hit %03b burned %03b, want %03b and %03b", k+1, L.hit[k], L.burned[k], c.hit[k], c.burned[k])
		}
	}
	return s
}

// RH-12: the flame: MIN/MED/MAX dice, buckets, bellows, fury, range 0, the cape, anger.
func TestRH12_Flame(t *testing.T) {
	cases := []flameCase{
		{"MIN power MAX range", 2, []uint8{fc(selMin, selMax)}, []string{"teaser", "hothead"}, []int{6, 1}, []uint8{2, 5, 6},
			[]int8{2}, []int8{6}, []uint8{0b11}, []uint8{0}},
		{"MED for both", 2, []uint8{fc(selMed, selMed)}, []string{"tough", "teaser"}, []int{4, 3}, []uint8{1, 4, 6},
			[]int8{4}, []int8{4}, []uint8{0b11}, []uint8{0b10}},
		{"MAX power MIN range", 2, []uint8{fc(selMax, selMin)}, []string{"icebox", "hothead"}, []int{3, 2}, []uint8{6, 2, 3},
			[]int8{6}, []int8{2}, []uint8{0b10}, []uint8{0b10}},
		{"two buckets", 3, []uint8{fc(selMax, selMax)}, []string{"teaser+bucket", "tough+bucket", "hothead"}, []int{3, 4, 2}, []uint8{4, 4, 4},
			[]int8{2}, []int8{2}, []uint8{0b100}, []uint8{0}},
		{"bellows", 2, []uint8{fc(selMin, selMin)}, []string{"hothead+bellows", "teaser"}, []int{3, 4}, []uint8{2, 2, 2},
			[]int8{3}, []int8{3}, []uint8{0b01}, []uint8{0b01}},
		{"bucket and bellows cancel", 2, []uint8{fc(selMin, selMin)}, []string{"hothead+bellows", "teaser+bucket"}, []int{2, 3}, []uint8{2, 5, 6},
			[]int8{2}, []int8{2}, []uint8{0b01}, []uint8{0}},
		{"fury adds one", 2, []uint8{cardFury, fc(selMax, selMax)}, []string{"tough", "icebox"}, []int{5, 6}, []uint8{4, 4, 4},
			[]int8{5}, []int8{5}, []uint8{0b01}, []uint8{0b01}},
		{"range 0 hits nobody", 2, []uint8{fc(selMin, selMin)}, []string{"hothead+bucket", "hothead"}, []int{1, 2}, []uint8{1, 1, 1},
			[]int8{0}, []int8{0}, []uint8{0}, []uint8{0}},
		{"range below 0 hits nobody", 3, []uint8{fc(selMin, selMin)}, []string{"hothead+bucket", "hothead+bucket", "hothead"}, []int{1, 2, 3}, []uint8{1, 1, 1},
			[]int8{-1}, []int8{-1}, []uint8{0}, []uint8{0}},
		{"fire cape", 2, []uint8{fc(selMax, selMax)}, []string{"tough+cape", "tough"}, []int{1, 2}, []uint8{5, 5, 5},
			[]int8{5}, []int8{5}, []uint8{0b11}, []uint8{0b10}},
		{"range beyond the lair", 2, []uint8{fc(selMax, selMax)}, []string{"icebox+bellows", "hothead"}, []int{6, 5}, []uint8{6, 6, 6},
			[]int8{7}, []int8{7}, []uint8{0b11}, []uint8{0b11}},
		{"Dragon's anger", 2, []uint8{cardAnger}, []string{"hothead", "hothead"}, []int{1, 2}, []uint8{6, 1},
			[]int8{6}, []int8{1}, []uint8{0b01}, []uint8{0b01}},
		{"anger with bellows", 2, []uint8{cardAnger}, []string{"tough+bellows", "teaser"}, []int{3, 4}, []uint8{3, 2},
			[]int8{4}, []int8{3}, []uint8{0b01}, []uint8{0}},
		{"anger and second breath", 2, []uint8{cardSecond, cardAnger}, []string{"teaser", "hothead"}, []int{1, 2}, []uint8{1, 6, 6, 1},
			[]int8{1, 6}, []int8{6, 1}, []uint8{0b11, 0b01}, []uint8{0, 0b01}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := runFlameCase(t, c)
			for k := range c.pow {
				if s.last.anger != (s.last.dice[k][2] == 0) {
					t.Fatalf("flame %d dice %v: anger rolls two plain dice, others three", k+1, s.last.dice[k])
				}
			}
			for seat := range c.players {
				burned := (c.burned[0]|c.burned[len(c.burned)-1])&(1<<seat) != 0
				if got := s.hall[seat] != 0; got != burned {
					t.Fatalf("seat %d in the Hall of Flame: %v, want %v", seat, got, burned)
				}
			}
		})
	}
}

// RH-13: second breath: a second flame with the same prediction; an adventurer burned
// (or saved) by the first is not in the lair for the second; treasure once.
func TestRH13_SecondBreath(t *testing.T) {
	c := flameCase{"phoenix saved then second flame", 3, []uint8{cardSecond, fc(selMax, selMax)},
		[]string{"teaser", "hothead+phoenix", "icebox"}, []int{1, 2, 3}, []uint8{3, 3, 3, 4, 4, 4},
		[]int8{3, 4}, []int8{3, 4}, []uint8{0b111, 0b101}, []uint8{0, 0b001}}
	s := runFlameCase(t, c)
	if s.last.saved[0] != 0b010 || s.team[1] != 0xF {
		t.Fatalf("phoenix: saved %03b team %04b", s.last.saved[0], s.team[1])
	}
	if s.score != [maxSeats]int32{0, 0, 4} {
		t.Fatalf("scores %v, want only the icebox's 4 treasures, once", s.score)
	}
	c = flameCase{"burned by the first", 3, []uint8{cardSecond, fc(selMax, selMax)},
		[]string{"teaser", "hothead", "icebox"}, []int{1, 2, 3}, []uint8{4, 4, 4, 6, 6, 6},
		[]int8{4, 6}, []int8{4, 6}, []uint8{0b111, 0b100}, []uint8{0b011, 0b100}}
	s = runFlameCase(t, c)
	if s.hall != [maxSeats]uint8{1 << advTeaser, 1 << advHothead, 1 << advIcebox} {
		t.Fatalf("hall %v", s.hall)
	}
	// The same prediction for both flames.
	c = flameCase{"same prediction", 2, []uint8{cardSecond, fc(selMin, selMax)},
		[]string{"icebox", "icebox"}, []int{1, 2}, []uint8{1, 2, 3, 6, 5, 4},
		[]int8{1, 4}, []int8{3, 6}, []uint8{0b11, 0b11}, []uint8{0, 0}}
	runFlameCase(t, c)
}

// RH-14: the phoenix feather saves a burned adventurer at once: back to the team, no
// treasure, no princess.
func TestRH14_Phoenix(t *testing.T) {
	s := newTest(t, 2, nil)
	stack(s, nil, deck(cardPrincess, fc(selMax, selMax))...)
	choose(t, s, "hothead+phoenix", "icebox")
	withDice(t, s, 3, 3, 3)
	place(t, s, 1, 6)
	if s.phase == phasePrincess {
		t.Fatal("a phoenix-saved adventurer may not rescue the princess")
	}
	if s.team[0] != 0xF || s.hall[0] != 0 || s.score[0] != 0 || s.last.saved[0] != 1 {
		t.Fatalf("team %04b hall %04b score %d: saved adventurer back, no treasure", s.team[0], s.hall[0], s.score[0])
	}
	if s.used[0] != 1<<itemPhoenix || s.princess != princessHeld {
		t.Fatal("phoenix not spent or princess freed")
	}
}

// RH-15: treasure 7 - spot, doubled by the bag; the princess: take or rescue for the
// king's reward (two dice, never doubled); everybody home; next first player.
func TestRH15_TreasureAndPrincess(t *testing.T) {
	t.Run("bag", func(t *testing.T) {
		s := newTest(t, 2, nil)
		stack(s, nil, deck(fc(selMin, selMin))...)
		choose(t, s, "tough+bag", "teaser")
		withDice(t, s, 1, 1, 1)
		place(t, s, 2, 3)
		if s.score[0] != 10 || s.score[1] != 4 {
			t.Fatalf("scores %v, want 10 (5 doubled) and 4", s.score[:2])
		}
		if s.team[0] != 0xF || s.team[1] != 0xF || s.first != 1 || s.inLair != 0 {
			t.Fatal("adventurers not home or first player not passed")
		}
	})
	t.Run("take", func(t *testing.T) {
		s := newTest(t, 2, nil)
		stack(s, nil, deck(cardPrincess, fc(selMin, selMin))...)
		choose(t, s, "icebox", "teaser")
		withDice(t, s, 1, 1, 1)
		place(t, s, 1, 3)
		if s.phase != phasePrincess || s.ToMove() != 0 || strings.Join(texts(s), ",") != "take,rescue" {
			t.Fatalf("princess decision: phase %d seat %d %v", s.phase, s.ToMove(), texts(s))
		}
		act(t, s, 0, "take")
		if s.score[0] != 6 || s.princess != princessHeld || s.rescuer != -1 {
			t.Fatal("take: 6 treasures and the princess stays")
		}
	})
	t.Run("rescue", func(t *testing.T) {
		s := newTest(t, 2, nil)
		stack(s, nil, deck(cardPrincess, fc(selMin, selMin))...)
		choose(t, s, "icebox+bag", "teaser")
		withDice(t, s, 1, 1, 1)
		place(t, s, 1, 3)
		withDice(t, s, 3, 4)
		act(t, s, 0, "rescue")
		if s.score[0] != 7 || s.score[1] != 4 {
			t.Fatalf("scores %v, want the king's reward 3+4 (not doubled) and 4", s.score[:2])
		}
		if s.princess != princessGone || s.rescuer != 0 {
			t.Fatal("princess not freed")
		}
		for range 2 {
			choose(t, s, "icebox", "icebox")
			withDice(t, s, 1, 1, 1)
			place(t, s, 1, 2)
			if s.phase == phasePrincess {
				t.Fatal("princess decision after her rescue")
			}
		}
	})
	t.Run("no survivor on spot 1", func(t *testing.T) {
		s := newTest(t, 2, nil)
		stack(s, nil, deck(cardPrincess, fc(selMin, selMin))...)
		choose(t, s, "hothead", "teaser")
		withDice(t, s, 3, 3, 3)
		place(t, s, 1, 5)
		if s.phase == phasePrincess || s.princess != princessHeld {
			t.Fatal("a burned adventurer cannot rescue")
		}
	})
	t.Run("princess not held", func(t *testing.T) {
		s := newTest(t, 2, nil)
		stack(s, nil, deck(fc(selMin, selMin))...)
		choose(t, s, "icebox", "teaser")
		withDice(t, s, 1, 1, 1)
		place(t, s, 1, 5)
		if s.phase == phasePrincess || s.score[0] != 6 {
			t.Fatal("princess decision while she is not held")
		}
	})
}

// RH-16: the game ends after the fury round; an unplayed stone is worth 3, eliminated
// players included.
func TestRH16_EndAndStoneBonus(t *testing.T) {
	s := newTest(t, 3, nil)
	stack(s, func(s *State) {
		s.team[1], s.hall[1], s.used[1] = 0xE, 1, stoneBit
		s.team[2], s.hall[2] = 1<<advHothead, 0xE
	}, cardFury, fc(selMin, selMin), fc(selMin, selMin))
	act(t, s, 2, "no stone")
	choose(t, s, "tough", "tough", "hothead")
	withDice(t, s, 3, 3, 3)
	place(t, s, 5, 6, 1)
	if !s.Terminal() {
		t.Fatal("game not over after the fury round")
	}
	if s.score != [maxSeats]int32{2 + 3, 1, 0 + 3} {
		t.Fatalf("scores %v, want [5 1 3]: bonus for seats 0 and 2 (out), not 1", s.score)
	}
	if s.outMask != 1<<2 {
		t.Fatal("seat 2 should be out")
	}
	if s.Score(0) != 5 {
		t.Fatal("Score")
	}
}

// RH-17: most treasures wins; ties go to the rescuer among the tied, else shared.
func TestRH17_WinnerAndTieBreak(t *testing.T) {
	cases := []struct {
		name    string
		scores  [3]int32
		out     uint8
		rescuer int8
		want    string
	}{
		{"most treasures", [3]int32{10, 12, 3}, 0, -1, "[0 1 0]"},
		{"tie shared", [3]int32{12, 12, 3}, 0, -1, "[0.5 0.5 0]"},
		{"three-way tie", [3]int32{7, 7, 7}, 0, 2, "[0 0 1]"},
		{"tie, rescuer among the tied", [3]int32{12, 12, 3}, 0, 1, "[0 1 0]"},
		{"tie, rescuer not among the tied", [3]int32{12, 12, 3}, 0, 2, "[0.5 0.5 0]"},
		{"eliminated cannot win", [3]int32{20, 12, 3}, 1, -1, "[0 1 0]"},
		{"eliminated rescuer does not break the tie", [3]int32{12, 12, 12}, 4, 2, "[0.5 0.5 0]"},
		{"everyone out", [3]int32{1, 2, 3}, 7, 0, "[0 0 0]"},
	}
	for _, c := range cases {
		s := newTest(t, 3, nil)
		copy(s.score[:], c.scores[:])
		s.outMask, s.rescuer, s.phase = c.out, c.rescuer, phaseOver
		out := make([]float64, 3)
		s.Result(out)
		if fmt.Sprint(out) != c.want {
			t.Errorf("%s: result %v, want %s", c.name, out, c.want)
		}
	}
}

// RH-18: hidden information: the deck order and pending secret choices; Determinize
// resamples them consistently with what the observer saw.
func TestRH18_HiddenInformation(t *testing.T) {
	s := newTest(t, 3, nil)
	s.Reset(42)
	act(t, s, 0, "tough+cape")
	obs1 := s.Observe(1, nil)
	counts := map[string]int{}
	var furyAt [19]int
	const n = 2800
	for seed := range uint64(n) {
		d := *s
		d.Determinize(1, seed)
		if !bytes.Equal(d.Observe(1, nil), obs1) {
			t.Fatal("Determinize changed what seat 1 sees")
		}
		txt := advNames[d.adv[0]]
		if d.item[0] != noItem {
			txt += "+" + itemNames[d.item[0]]
		}
		counts[txt]++
		if !bytes.Equal(d.deck[:d.top], s.deck[:s.top]) {
			t.Fatal("Determinize changed turned cards")
		}
		var a, b [13]int
		for i := range d.deckLen {
			a[d.deck[i]]++
			b[s.deck[i]]++
			if d.deck[i] == cardFury {
				furyAt[i]++
			}
		}
		if a != b {
			t.Fatal("Determinize changed the deck's contents")
		}
	}
	if len(counts) != 28 {
		t.Fatalf("seat 0's pending choice resampled among %d choices, want all 28", len(counts))
	}
	for k, c := range counts {
		// Expected 100 each (sd about 9.8): 50..150 is a ±5 sd band.
		if c < 50 || c > 150 {
			t.Fatalf("choice %q drawn %d times of %d, want about 100 (uniform)", k, c, n)
		}
	}
	for i, c := range furyAt {
		if i < 9 && c != 0 {
			t.Fatalf("Determinize put the fury at %d, outside the last 10 cards", i)
		}
		if i >= 9 && (c < 200 || c > 360) { // expected 280, sd 15.9
			t.Fatalf("fury at %d in %d of %d determinizations, want about 280", i, c, n)
		}
	}
	// The observer keeps its own pending choice; the chance stream is reseeded.
	d := *s
	d.Determinize(0, 7)
	if d.adv[0] != s.adv[0] || d.item[0] != s.item[0] {
		t.Fatal("Determinize(0) changed seat 0's own choice")
	}
	if d.rng == s.rng {
		t.Fatal("Determinize did not reseed")
	}
	// Deep in the deck the fury keeps to the places it may still take.
	s = newTest(t, 2, nil)
	s.Reset(3)
	for i := range s.deck[:s.deckLen] {
		if s.deck[i] == cardFury {
			s.deck[i], s.deck[15] = s.deck[15], s.deck[i]
		}
	}
	s.top = 12
	seen := map[int]bool{}
	for seed := range uint64(500) {
		d := *s
		d.Determinize(0, seed)
		for i := range d.deckLen {
			if d.deck[i] == cardFury {
				if i < 12 {
					t.Fatalf("fury moved to %d, among the turned cards", i)
				}
				seen[int(i)] = true
			}
		}
	}
	if len(seen) != 7 {
		t.Fatalf("fury took %d of the 7 places still possible", len(seen))
	}
	// Observe shows no deck order: two deals with the same turned cards look alike.
	a, b := *s, *s
	a.deck[17], a.deck[18] = a.deck[18], a.deck[17]
	if !bytes.Equal(a.Observe(0, nil), b.Observe(0, nil)) {
		t.Fatal("Observe reveals the order of the deck")
	}
}

// RH-18: Determinize is canonical: two states the observer cannot tell apart (another
// order of the unturned Dragon cards, other pending secret choices of the other seats)
// determinize with the same seed to the very same state.
func TestRH18_DeterminizeIsCanonical(t *testing.T) {
	s := newTest(t, 3, nil)
	s.Reset(42)
	act(t, s, 0, "tough+cape")
	act(t, s, 1, "hothead")
	// The twin: the unturned cards in another order (the fury at another of the places
	// RH-6 allows it) and other secret choices for seats 0 and 1.
	twin := *s
	hidden := twin.deck[twin.top:twin.deckLen]
	for i, j := 0, len(hidden)-1; i < j; i, j = i+1, j-1 {
		hidden[i], hidden[j] = hidden[j], hidden[i]
	}
	f, last := -1, int(twin.deckLen)-1
	for i := range twin.deckLen {
		if twin.deck[i] == cardFury {
			f = int(i)
		}
	}
	if f < 0 {
		t.Fatal("the fury should still be in the deck")
	}
	twin.deck[f], twin.deck[last] = twin.deck[last], twin.deck[f]
	if twin.deck == s.deck {
		t.Fatal("the twin should have another deck order")
	}
	twin.adv[0], twin.item[0] = advIcebox, itemBag
	twin.adv[1], twin.item[1] = advTeaser, itemBoots
	if !bytes.Equal(twin.Observe(2, nil), s.Observe(2, nil)) {
		t.Fatal("seat 2 should not tell the twin from the original")
	}
	for seed := range uint64(50) {
		a, b := *s, twin
		a.Determinize(2, seed)
		b.Determinize(2, seed)
		if a != b {
			t.Fatalf("seed %d: Determinize(2) depends on the hidden deck order or choices", seed)
		}
	}
	// Seat 1 sees its own choice but not seat 0's nor the deck order: determinizing
	// s for seat 1 gives a state seat 1 cannot tell apart, which determinizes alike.
	for seed := range uint64(50) {
		c := *s
		c.Determinize(1, seed+1000)
		if !bytes.Equal(c.Observe(1, nil), s.Observe(1, nil)) {
			t.Fatal("Determinize changed what seat 1 sees")
		}
		a, b := *s, c
		a.Determinize(1, seed)
		b.Determinize(1, seed)
		if a != b {
			t.Fatalf("seed %d: Determinize(1) depends on the hidden deck order or choices", seed)
		}
	}
	// Once the choices are revealed only the deck order is hidden, for every seat.
	choose(t, s, "", "", "icebox")
	twin = *s
	hidden = twin.deck[twin.top:twin.deckLen]
	hidden[0], hidden[1] = hidden[1], hidden[0]
	for seat := range 3 {
		if !bytes.Equal(twin.Observe(seat, nil), s.Observe(seat, nil)) {
			t.Fatalf("seat %d should not tell the twin from the original", seat)
		}
		a, b := *s, twin
		a.Determinize(seat, 9)
		b.Determinize(seat, 9)
		if a != b {
			t.Fatalf("seat %d: Determinize depends on the hidden deck order", seat)
		}
	}
}

// RH-19: canonical actions, order and text.
func TestRH19_CanonicalActions(t *testing.T) {
	s := newTest(t, 2, nil)
	stack(s, func(s *State) {
		s.team[0], s.hall[0] = 1<<advHothead|1<<advTough, 1<<advTeaser|1<<advIcebox
		s.used[0] = 1<<itemBoots | 1<<itemBag
	}, deck(cardPrincess, fc(selMin, selMin))...)
	if got := strings.Join(texts(s), ","); got != "stone teaser,stone icebox,no stone" {
		t.Fatalf("stone actions %q", got)
	}
	act(t, s, 0, "no stone")
	want := "hothead,hothead+cape,hothead+phoenix,hothead+bucket,hothead+bellows,tough,tough+cape,tough+phoenix,tough+bucket,tough+bellows"
	if got := strings.Join(texts(s), ","); got != want {
		t.Fatalf("choice actions\n%s\nwant\n%s", got, want)
	}
	choose(t, s, "tough", "icebox")
	act(t, s, 0, "spot 1")
	if got := strings.Join(texts(s), ","); got != "spot 2,spot 3,spot 4,spot 5,spot 6" {
		t.Fatalf("spot actions %q", got)
	}
	withDice(t, s, 1, 1, 1)
	act(t, s, 1, "spot 4")
	if got := strings.Join(texts(s), ","); got != "take,rescue" {
		t.Fatalf("princess actions %q", got)
	}
	// Every action has a distinct text that parses back.
	var buf [64]engine.Action
	for _, a := range []engine.Action{actStone(0), actStone(3), actNoStone, actChoose(2, noItem), actChoose(0, itemBellows), actSpot(6), actTake, actRescue} {
		if s.ActionText(a) == "" || strings.HasPrefix(s.ActionText(a), "?") {
			t.Fatalf("action %d has no text", a)
		}
	}
	for _, a := range s.Legal(buf[:0]) {
		if b, ok := s.ParseAction(s.ActionText(a)); !ok || b != a {
			t.Fatalf("%q does not parse back", s.ActionText(a))
		}
	}
}

// RH-20: a point with a single legal action is still a decision.
func TestRH20_SingleActionIsADecision(t *testing.T) {
	s := newTest(t, 5, func(p *Params) { p.Spots, p.Treasure = 5, []int{5, 4, 3, 2, 1} })
	stack(s, nil, deck(fc(selMin, selMin))...)
	choose(t, s, "hothead", "teaser", "tough", "icebox", "icebox")
	for i := 0; i < 4; i++ {
		act(t, s, s.ToMove(), texts(s)[0])
	}
	if s.phase != phasePlace || s.ToMove() != 4 || len(texts(s)) != 1 {
		t.Fatalf("last placer: phase %d seat %d options %v; want seat 4 asked with one spot", s.phase, s.ToMove(), texts(s))
	}
	// A compulsory stone with a single burned adventurer… cannot happen (the team is
	// empty, so all four are burned); a lone survivor on spot 1 still gets the princess
	// decision, and the lone player left still chooses.
	s = newTest(t, 2, nil)
	stack(s, func(s *State) { s.team[0], s.hall[0], s.used[0] = 1, 0xE, 0x7F }, deck(fc(selMin, selMin))...)
	if s.ToMove() != 0 || strings.Join(texts(s), ",") != "hothead" {
		t.Fatalf("seat 0 with one adventurer and no item: %v", texts(s))
	}
}

// RH-7: the first round's prediction is turned during Reset, before any decision, and the
// trace narrates it.
func TestRH07_FirstPredictionIsNarrated(t *testing.T) {
	g := enginetest.Lookup(t, "redhot")
	s, err := g.NewGame(nil, 3, 5)
	if err != nil {
		t.Fatal(err)
	}
	lines := s.(engine.SetupNarrator).NarrateReset(5)
	if len(lines) != 1 || !strings.Contains(lines[0], "round 1, first player seat 0: dragon card") {
		t.Fatalf("reset narration: %q", lines)
	}
}
