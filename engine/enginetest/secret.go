package enginetest

// The checks of a game with rounds of secret simultaneous choices (engine.Simultaneous).

import (
	"bytes"
	"fmt"
	"math/bits"
	"reflect"
	"testing"

	"dragonlab/engine"
)

// checkSecretRounds plays random games and checks, at every decision of a round of secret
// simultaneous choices:
//
//   - the seat to move is one of the round's choosers that has not chosen yet, and the
//     seats that have chosen are exactly the earlier choosers of this round;
//   - RewindRound on a copy gives back the round's start (the same state, DeepEqual), and
//     replaying the round's choices from it gives back the state (nothing hidden is lost
//     or added by rewinding, and choices draw no chance before the reveal);
//   - any other legal choice of an earlier chooser leaves the seat to move seeing the
//     same (Observe) and with the same legal actions: an earlier choice is never shown to
//     a later chooser;
//   - RewindRound outside a round changes nothing.
//
// It fails if the game never asks a secret round with two choosers in these games (the
// check would be vacuous).
func checkSecretRounds(t *testing.T, newState func(uint64) engine.State, o Options) {
	var buf, alt [512]engine.Action
	rounds, changed := 0, 0
	for i := 0; i < o.Games/4+1; i++ {
		s := newState(uint64(i) + 5150)
		r := engine.NewRNG(uint64(i) + 31)
		var start engine.State // the round's first decision
		var played []engine.Action
		for n := 0; !s.Terminal(); n++ {
			if n >= o.MaxDecisions {
				t.Fatalf("game did not end within %d decisions", o.MaxDecisions)
			}
			sim := s.(engine.Simultaneous)
			seats, chosen, ok := sim.SecretRound()
			if !ok {
				start, played = nil, nil
				c := s.Clone()
				c.(engine.Simultaneous).RewindRound()
				if !reflect.DeepEqual(c, s) {
					t.Fatalf("game %d: RewindRound outside a round of secret choices changed the state", i)
				}
			} else {
				mover := s.ToMove()
				if seats&(1<<mover) == 0 || chosen&(1<<mover) != 0 {
					t.Fatalf("game %d: seat %d to move in a secret round of seats %b of which %b have chosen", i, mover, seats, chosen)
				}
				if chosen == 0 {
					start, played = s.Clone(), nil
					rounds += min(1, bits.OnesCount32(seats)-1)
				}
				if start == nil {
					t.Fatalf("game %d: a secret round began with seats %b already chosen", i, chosen)
				}
				if bits.OnesCount32(chosen) != len(played) {
					t.Fatalf("game %d: %d seats have chosen (%b) after %d choices of the round", i, bits.OnesCount32(chosen), chosen, len(played))
				}
				if len(played) > 0 {
					checkRewind(t, i, s, start, played)
					changed += checkHiddenChoices(t, i, s, start, played, alt[:])
				}
			}
			legal := s.Legal(buf[:0])
			a := legal[r.IntN(len(legal))]
			if ok {
				played = append(played, a)
			}
			s.Apply(a)
		}
	}
	if rounds == 0 {
		t.Fatalf("no round of secret choices with two choosers in %d random games: the check is vacuous", o.Games/4+1)
	}
	if changed == 0 {
		t.Fatalf("no earlier secret choice could be changed in %d rounds: the no-peeking check is vacuous", rounds)
	}
}

// checkRewind: rewinding s gives start back, and replaying played from it gives s back.
func checkRewind(t *testing.T, game int, s, start engine.State, played []engine.Action) {
	t.Helper()
	c := s.Clone()
	c.(engine.Simultaneous).RewindRound()
	if !reflect.DeepEqual(c, start) {
		t.Fatalf("game %d: RewindRound after %d choices does not give back the round's start", game, len(played))
	}
	for _, a := range played {
		c.Apply(a)
	}
	if !reflect.DeepEqual(c, s) {
		t.Fatalf("game %d: replaying the round's %d choices from its start does not give back the state", game, len(played))
	}
}

// checkHiddenChoices replays the round from start with each other legal choice of each
// earlier chooser in turn (the rest unchanged) and checks that the seat to move sees the
// same and may do the same. It returns how many alternatives it compared.
func checkHiddenChoices(t *testing.T, game int, s, start engine.State, played []engine.Action, buf []engine.Action) int {
	t.Helper()
	mover := s.ToMove()
	want := s.Observe(mover, nil)
	wantLegal := fmt.Sprint(s.Legal(buf[:0]))
	n := 0
	for k := range played {
		c := start.Clone()
		for _, a := range played[:k] {
			c.Apply(a)
		}
		for _, b := range c.Legal(buf[:0]) {
			if b == played[k] {
				continue
			}
			d := c.Clone()
			d.Apply(b)
			for _, a := range played[k+1:] {
				d.Apply(a)
			}
			if d.ToMove() != mover || !bytes.Equal(d.Observe(mover, nil), want) {
				t.Fatalf("game %d: seat %d sees which choice %d of the secret round was made (%s instead of %s)",
					game, mover, k, start.ActionText(b), start.ActionText(played[k]))
			}
			if fmt.Sprint(d.Legal(buf[:0])) != wantLegal {
				t.Fatalf("game %d: seat %d's legal actions depend on choice %d of the secret round", game, mover, k)
			}
			n++
			break // one alternative per earlier choice is enough
		}
	}
	return n
}

// CheckSecretOrder plays games of g (players, params p; nil: defaults) dealt from seeds
// 1 … games, once with secretOrder seat and once with reverse, every seat choosing with
// its own random stream (one draw per decision of that seat), and checks that the games
// are the same: each seat makes the same decisions and every result is equal. The order
// in which the engine asks a round's secret choices must change nothing but that order.
// It returns the number of secret rounds with two choosers or more that were played.
func CheckSecretOrder(t *testing.T, g engine.Game, players int, p engine.Params, games int) int {
	t.Helper()
	if p == nil {
		p = g.DefaultParams()
	}
	params := map[string]engine.Params{}
	for _, order := range []string{engine.SecretOrderSeat, engine.SecretOrderReverse} {
		q, err := engine.ParseParams(g, engine.ParamsJSON(p))
		if err != nil {
			t.Fatalf("copy params: %v", err)
		}
		if err := engine.SetParam(g, q, "secretOrder="+order); err != nil {
			t.Fatalf("%v", err)
		}
		params[order] = q
	}
	rounds := 0
	for seed := uint64(1); seed <= uint64(games); seed++ {
		var logs [2][]string
		var results [2]string
		var orders [2][]int
		for k, order := range []string{engine.SecretOrderSeat, engine.SecretOrderReverse} {
			s, err := g.NewGame(params[order], players, seed)
			if err != nil {
				t.Fatalf("NewGame: %v", err)
			}
			perSeat := make([][]string, players)
			rngs := make([]engine.RNG, players)
			for i := range rngs {
				rngs[i] = engine.NewRNG(engine.DeriveSeed(seed, uint64(i)))
			}
			var buf [512]engine.Action
			for n := 0; !s.Terminal(); n++ {
				if n > 100000 {
					t.Fatal("game did not end")
				}
				seats, chosen, ok := engine.SecretRound(s)
				if ok && chosen == 0 {
					orders[k] = append(orders[k], int(seats))
					if k == 0 {
						rounds++
					}
				}
				seat := s.ToMove()
				legal := s.Legal(buf[:0])
				a := legal[rngs[seat].IntN(len(legal))]
				perSeat[seat] = append(perSeat[seat], s.ActionText(a))
				s.Apply(a)
			}
			for seat, l := range perSeat {
				logs[k] = append(logs[k], fmt.Sprintf("seat %d: %v", seat, l))
			}
			out := make([]float64, players)
			s.Result(out)
			results[k] = fmt.Sprint(out)
		}
		if fmt.Sprint(logs[0]) != fmt.Sprint(logs[1]) || results[0] != results[1] {
			t.Fatalf("seed %d: secretOrder reverse changed the game:\nseat:    %v %s\nreverse: %v %s", seed, logs[0], results[0], logs[1], results[1])
		}
		if fmt.Sprint(orders[0]) != fmt.Sprint(orders[1]) {
			t.Fatalf("seed %d: the rounds of secret choices differ between the orders", seed)
		}
	}
	return rounds
}
