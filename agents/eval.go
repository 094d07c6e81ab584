package agents

import (
	"math"
	"reflect"

	"dragonlab/engine"
)

// winValue is what a won (or lost) end of game is worth to the greedy evaluation, far
// above any score margin, so that a greedy player always takes a win and avoids a loss.
const winValue = 1e6

// scratchFor returns st if it can hold a copy of s (the same game type), else a fresh
// clone of s. Agents keep their scratch states in their own fields, so that after the first
// decision copying a state is a plain assignment into memory they own: no allocation.
func scratchFor(st, s engine.State) engine.State {
	if st == nil || reflect.TypeOf(st) != reflect.TypeOf(s) {
		return s.Clone()
	}
	return st
}

// growFloats returns buf resized to n, reusing its memory when it is large enough.
func growFloats(buf []float64, n int) []float64 {
	if cap(buf) < n {
		return make([]float64, n)
	}
	return buf[:n]
}

// margin is seat's score minus the best opponent's score (in a solitaire, the score).
func margin(s engine.State, seat int) float64 {
	m := s.Score(seat)
	if n := s.Players(); n > 1 {
		best := math.Inf(-1)
		for j := 0; j < n; j++ {
			if j != seat {
				best = max(best, s.Score(j))
			}
		}
		m -= best
	}
	return m
}

// evaluate is the greedy evaluation of s from seat's point of view: the score margin, plus
// the game's own heuristic if the state implements engine.Evaluator. At the end of the game
// the result dominates: a loss (including "nobody won") is -winValue, a win is
// winValue × (seat's share − the best other share), so a win alone is +winValue and a
// two-player draw is neutral. out is scratch space of length Players.
func evaluate(s engine.State, seat int, out []float64) float64 {
	m := margin(s, seat)
	if s.Terminal() {
		s.Result(out)
		if out[seat] <= 0 {
			return -winValue + m
		}
		other := 0.0
		for j, v := range out {
			if j != seat {
				other = max(other, v)
			}
		}
		return winValue*(out[seat]-other) + m
	}
	if ev, ok := s.(engine.Evaluator); ok {
		m += ev.Evaluate(seat)
	}
	return m
}

// greedyPolicy picks, for the seat to move in a state, the legal action whose immediate
// successor evaluates best for that seat, ties broken at random. It looks at the state it
// is given as it is (it does not determinize): MCTS uses it for rollouts inside a state
// that is already a determinization (or, for the oracle, the true state).
type greedyPolicy struct {
	tmp engine.State
	out []float64
}

// choose returns the best of legal (the legal actions of s) for the seat to move.
func (g *greedyPolicy) choose(s engine.State, legal []engine.Action, rng *engine.RNG) engine.Action {
	if len(legal) == 1 {
		return legal[0]
	}
	g.tmp = scratchFor(g.tmp, s)
	g.out = growFloats(g.out, s.Players())
	seat := s.ToMove()
	best, ties := math.Inf(-1), 0
	choice := legal[0]
	for _, a := range legal {
		g.tmp.CopyFrom(s)
		g.tmp.Apply(a)
		v := evaluate(g.tmp, seat, g.out)
		switch {
		case v > best:
			best, ties, choice = v, 1, a
		case v == best:
			ties++
			if rng.IntN(ties) == 0 {
				choice = a
			}
		}
	}
	return choice
}
