package draco

import (
	"testing"

	"dragonlab/engine"
)

// TestLastPlayPublic (DR-7, DR-15): between two decisions of seat 0 in random 2-player
// games, LastPlay finds seat 1's one played card, and the cards it drew since, from a
// world seat 0 determinized before and the state now; it answers alike on the true state
// and on a re-deal of it for seat 0 (it reads only what every seat sees); it refuses when
// seat 1 discarded (DR-11), when nothing was played, and across two games.
func TestLastPlayPublic(t *testing.T) {
	s := newGame(t, 2)
	r := engine.NewRNG(5)
	var buf [2*MaxHand + 1]engine.Action
	found, refused := 0, 0
	for seed := uint64(1); seed <= 40; seed++ {
		s.Reset(seed)
		var before *State
		var played []engine.Action // seat 1's actions since seat 0's last decision
		handBefore := 0
		for !s.Terminal() {
			legal := s.Legal(buf[:0])
			a := legal[r.IntN(len(legal))]
			if s.ToMove() == 1 {
				if len(played) == 0 {
					handBefore = int(s.handLen[1])
				}
				played = append(played, a)
				s.Apply(a)
				continue
			}
			if before != nil {
				seat, kind, drew, ok := s.LastPlay(before)
				twin := s.Clone().(*State)
				twin.Determinize(0, seed*31)
				s2, k2, d2, ok2 := twin.LastPlay(before)
				if s2 != seat || k2 != kind || d2 != drew || ok2 != ok {
					t.Fatalf("seed %d: LastPlay differs on a re-deal for seat 0: (%d %d %d %v) vs (%d %d %d %v)", seed, seat, kind, drew, ok, s2, k2, d2, ok2)
				}
				discarded := false
				for _, p := range played[min(1, len(played)):] {
					discarded = discarded || p&actDiscard != 0
				}
				want := len(played) > 0 && before.toMove == 1 && before.phase == phPlay && !discarded
				if ok != want {
					t.Fatalf("seed %d: LastPlay ok=%v after seat 1's %v (before: seat %d to move); want %v", seed, ok, played, before.toMove, want)
				}
				if ok {
					found++
					k, _ := s.PlayKind(played[0])
					wantDrew := int(s.handLen[1]) - (handBefore - 1)
					if seat != 1 || kind != k || drew != wantDrew {
						t.Fatalf("seed %d: LastPlay = seat %d, kind %#x, drew %d; seat 1 played %s and drew %d", seed, seat, kind, drew, s.ActionText(played[0]), wantDrew)
					}
				} else {
					refused++
				}
			}
			played = played[:0]
			s.Apply(a)
			before = s.Clone().(*State)
			before.Determinize(0, seed)
			if before.toMove == 0 { // seat 0 decides again (DR-11 discards): nothing between
				before = nil
			}
		}
		if before != nil {
			// The next game's first decisions: never a play "since" the last game.
			next := newGame(t, 2)
			next.Reset(seed + 1000)
			for next.ToMove() != 0 || next.stack[0] != 1 {
				next.Apply(next.Legal(buf[:0])[0])
			}
			if _, _, _, ok := next.LastPlay(before); ok {
				t.Fatalf("seed %d: LastPlay found a play between the end of one game and the start of another", seed)
			}
		}
	}
	if found == 0 || refused == 0 {
		t.Fatalf("found %d plays, refused %d: the check is vacuous", found, refused)
	}
	t.Logf("found %d plays, refused %d", found, refused)
}

// TestSetHand: SetHand replaces a hand, kept sorted (DR-18's order), and Hand reads it
// back; PlayKind reads a play's card and refuses discards and done (DR-16, DR-17).
func TestSetHand(t *testing.T) {
	s := newGame(t, 2)
	s.SetHand(1, []uint8{0x31, 0x02, 0x31, 0x10})
	got := s.Hand(1, nil)
	want := []uint8{0x02, 0x10, 0x31, 0x31}
	if string(got) != string(want) {
		t.Fatalf("Hand after SetHand = %x, want %x", got, want)
	}
	if k, ok := s.PlayKind(0x31 | optStay); !ok || k != 0x31 {
		t.Errorf("PlayKind(play 0x31 stay) = %x %v", k, ok)
	}
	if _, ok := s.PlayKind(actDiscard | 0x31); ok {
		t.Errorf("PlayKind(discard) says it plays a card")
	}
	if _, ok := s.PlayKind(actDone); ok {
		t.Errorf("PlayKind(done) says it plays a card")
	}
}
