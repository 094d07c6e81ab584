package agents

import (
	"math"

	"dragonlab/engine"
)

// Greedy is a one-ply lookahead. It draws Samples determinizations of the state for the
// seat to move (re-deals of everything that seat cannot see, with seeds from its own random
// stream; never the true hidden state), applies every legal action to a copy of each, and
// plays the action with the best mean evaluation: the seat's score minus the best
// opponent's, plus the game's engine.Evaluator heuristic if it has one; a finished game
// counts as ±1,000,000 for a win or a loss. Ties are broken at random.
//
// Every determinization is shared by all the actions (common random numbers: each action
// meets the same hidden cards and the same dice), so the comparison is between actions,
// not between lucky and unlucky samples.
//
// In a round of secret simultaneous choices (engine.Simultaneous) one move ahead is the
// end of the round: every determinization is rewound to the round's start, the other
// choosers of the round choose uniformly at random (the same choices for each of the
// seat's actions), and the state after the reveal is evaluated. Every chooser so answers
// random opponents, whichever the engine asks first; asked first, a plain one-ply
// lookahead would see nothing happen, and asked last it would answer choices it cannot
// know.
type Greedy struct {
	Samples int

	det, tmp engine.State // scratch states, cloned on first use then reused
	buf      [MaxActions]engine.Action
	rbuf     [MaxActions]engine.Action // the other choosers' legal actions
	later    [32]float64               // uniform draws of the choosers after the seat
	sum      [MaxActions]float64
	out      []float64
}

// Act plays the action with the best mean evaluation.
func (g *Greedy) Act(s engine.State, rng *engine.RNG) engine.Action {
	legal := s.Legal(g.buf[:0])
	if len(legal) == 1 {
		return legal[0]
	}
	sum := g.sum[:len(legal)]
	g.sums(s, rng, legal, sum)
	// Every action has the same number of samples: compare sums.
	best, ties, choice := math.Inf(-1), 0, legal[0]
	for i, v := range sum {
		switch {
		case v > best:
			best, ties, choice = v, 1, legal[i]
		case v == best:
			ties++
			if rng.IntN(ties) == 0 {
				choice = legal[i]
			}
		}
	}
	return choice
}

// values writes the mean evaluation of each legal action over Samples determinizations.
func (g *Greedy) values(s engine.State, rng *engine.RNG, legal []engine.Action, out []float64) {
	n := g.sums(s, rng, legal, out)
	for i := range out {
		out[i] /= float64(n)
	}
}

// sums writes the evaluation of each legal action summed over the n determinizations
// it draws, and returns n.
func (g *Greedy) sums(s engine.State, rng *engine.RNG, legal []engine.Action, out []float64) int {
	seat := s.ToMove()
	g.det = scratchFor(g.det, s)
	g.tmp = scratchFor(g.tmp, s)
	g.out = growFloats(g.out, s.Players())
	clear(out)
	n := max(g.Samples, 1)
	secret := secretChoosers(s) >= 2
	for k := 0; k < n; k++ {
		g.det.CopyFrom(s)
		g.det.Determinize(seat, rng.Uint64())
		if secret {
			g.det.(engine.Simultaneous).RewindRound()
			for g.det.ToMove() != seat { // the choosers asked before the seat
				l := g.det.Legal(g.rbuf[:0])
				g.det.Apply(l[rng.IntN(len(l))])
			}
			for j := range g.later {
				g.later[j] = rng.Float64()
			}
		}
		for i, a := range legal {
			g.tmp.CopyFrom(g.det)
			g.tmp.Apply(a)
			if secret {
				g.finishRound(g.tmp)
			}
			out[i] += evaluate(g.tmp, seat, g.out)
		}
	}
	return n
}

// finishRound plays the choices of the round's choosers after the seat, uniformly at
// random from the draws in g.later, until the round is revealed.
func (g *Greedy) finishRound(st engine.State) {
	sim := st.(engine.Simultaneous)
	for j := 0; j < len(g.later); j++ {
		if _, chosen, ok := sim.SecretRound(); !ok || chosen == 0 || st.Terminal() {
			return
		}
		l := st.Legal(g.rbuf[:0])
		st.Apply(l[int(g.later[j]*float64(len(l)))])
	}
}

func init() {
	RegisterKind(Kind{
		Name: "greedy",
		Doc: "one-ply lookahead: the best mean of (own score − best opponent's score + the game's " +
			"heuristic) over samples re-deals of the hidden information; a win or loss dominates; " +
			"ties at random",
		Options: []Option{
			{Name: "samples", Default: "4", Doc: "determinizations (re-deals of what the seat cannot see) per decision, 1 to 10000"},
		},
		Build: func(opts map[string]string) (func() Agent, error) {
			n, err := IntOption(opts, "samples", 1, 10000)
			if err != nil {
				return nil, err
			}
			canonInt(opts, "samples", n)
			return func() Agent { return &Greedy{Samples: n} }, nil
		},
	})
}
