package agents

import (
	"fmt"

	"dragonlab/engine"
)

// RPS is rock-paper-scissors for two, the agents' toy game of secret simultaneous choices
// (engine.Simultaneous), registered in this test binary only beside the real games (so
// every test that loops over engine.Games() plays it too). Its equilibria are known, so a
// test can check that a searching agent plays a round of secret choices as one
// simultaneous node: uniformly at random in the plain game, and (1/4, 1/2, 1/4) when a
// win with rock pays double.
//
// Each of `rounds` rounds both players throw rock, paper or scissors in secret (the engine
// asks seat 0 then seat 1, or the reverse with secretOrder reverse); paper beats rock,
// scissors beat paper, rock beats scissors; the winner gains 1 (2 for a win with rock
// when double is "rock") and the loser loses as much. The seat ahead at the end wins (a
// tie shares the win). With double "rock" the result is instead the payoff scaled into a
// constant-sum share, seat 0 getting 1/2 + total/(4·rounds) and seat 1 the rest, so that
// the one-round game's equilibrium is the biased matrix game's: this breaks the engine
// contract's win shares, so that variant is for the equilibrium tests only.
type rps struct {
	rounds  int8
	round   int8
	toMove  int8
	double  bool
	noTie   bool // tie "none": a tied game has no winner (both get 0)
	reverse bool
	pending [2]int8 // secret throws of the round, -1 for none
	last    [2]int8 // the throws of the last round (public)
	total   int16   // seat 0's gains so far
	rng     engine.RNG
}

const (
	rpsRock = iota
	rpsPaper
	rpsScissors
)

var rpsNames = [3]string{"rock", "paper", "scissors"}

type rpsParams struct {
	Rounds      int    `json:"rounds"`
	Double      string `json:"double"`
	Tie         string `json:"tie"`
	SecretOrder string `json:"secretOrder"`
}

func (p *rpsParams) Validate(players int) error {
	if p.Rounds < 1 || p.Rounds > 5 {
		return fmt.Errorf("rounds=%d: want 1 to 5", p.Rounds)
	}
	if p.Double != "none" && p.Double != "rock" {
		return fmt.Errorf("double=%q: want none or rock", p.Double)
	}
	if p.Tie != "share" && p.Tie != "none" {
		return fmt.Errorf("tie=%q: want share or none", p.Tie)
	}
	_, err := engine.CheckSecretOrder(p.SecretOrder)
	return err
}

func init() {
	engine.Register(engine.Game{
		Name: "rps", Title: "Rock-paper-scissors (the agents' toy game of secret choices)", Spec: "RPS",
		MinPlayers: 2, MaxPlayers: 2,
		DefaultParams: func() engine.Params {
			return &rpsParams{Rounds: 2, Double: "none", Tie: "share", SecretOrder: engine.SecretOrderSeat}
		},
		ParamDocs: map[string]string{"rounds": "rounds of throws", "double": "none, or rock: a win with rock pays double",
			"tie":         "share (a tied game shares the win), or none (nobody wins it: the results do not add up to 1)",
			"secretOrder": engine.SecretOrderDoc("RPS")},
		New: func(p engine.Params, players int) (engine.State, error) {
			pp := p.(*rpsParams)
			rev, _ := engine.CheckSecretOrder(pp.SecretOrder)
			return &rps{rounds: int8(pp.Rounds), double: pp.Double == "rock", noTie: pp.Tie == "none", reverse: rev}, nil
		},
	})
}

func (s *rps) first() int8 {
	if s.reverse {
		return 1
	}
	return 0
}

func (s *rps) GameName() string { return "rps" }
func (s *rps) Players() int     { return 2 }
func (s *rps) ToMove() int      { return int(s.toMove) }
func (s *rps) Terminal() bool   { return s.round >= s.rounds }

func (s *rps) Reset(seed uint64) {
	s.rng.Seed(seed)
	s.round, s.total = 0, 0
	s.pending, s.last = [2]int8{-1, -1}, [2]int8{-1, -1}
	s.toMove = s.first()
}

func (s *rps) Legal(buf []engine.Action) []engine.Action {
	return append(buf[:0], rpsRock, rpsPaper, rpsScissors)
}

// gain is what seat 0 wins with throw a against throw b.
func (s *rps) gain(a, b int8) int16 {
	switch (a - b + 3) % 3 {
	case 1: // a beats b
		if s.double && a == rpsRock {
			return 2
		}
		return 1
	case 2:
		if s.double && b == rpsRock {
			return -2
		}
		return -1
	}
	return 0
}

func (s *rps) Apply(a engine.Action) {
	s.pending[s.toMove] = int8(a)
	if other := 1 - s.toMove; s.pending[other] < 0 {
		s.toMove = other
		return
	}
	s.total += s.gain(s.pending[0], s.pending[1])
	s.last, s.pending = s.pending, [2]int8{-1, -1}
	s.round++
	s.toMove = s.first()
}

func (s *rps) most() float64 {
	if s.double {
		return 2
	}
	return 1
}

func (s *rps) Result(out []float64) {
	v := 0.5 // a tie
	switch {
	case s.double:
		v += float64(s.total) / (2 * s.most() * float64(s.rounds))
	case s.total > 0:
		v = 1
	case s.total < 0:
		v = 0
	case s.noTie:
		out[0], out[1] = 0, 0
		return
	}
	out[0], out[1] = v, 1-v
}

func (s *rps) Score(seat int) float64 {
	if seat == 0 {
		return float64(s.total)
	}
	return -float64(s.total)
}

func (s *rps) Reseed(seed uint64) { s.rng.Seed(seed) }

// Determinize redraws the other seat's pending throw (the only hidden thing).
func (s *rps) Determinize(observer int, seed uint64) {
	s.rng.Seed(seed)
	if o := 1 - observer; observer >= 0 && observer < 2 && s.pending[o] >= 0 {
		s.pending[o] = int8(s.rng.IntN(3))
	}
}

func (s *rps) Observe(seat int, buf []byte) []byte {
	buf = append(buf, byte(seat), byte(s.round), byte(s.toMove), byte(s.total), byte(s.total>>8),
		byte(s.last[0]), byte(s.last[1]))
	if seat >= 0 && seat < 2 {
		buf = append(buf, byte(s.pending[seat]))
	}
	return buf
}

func (s *rps) CopyFrom(src engine.State) { *s = *src.(*rps) }

func (s *rps) Clone() engine.State {
	c := *s
	return &c
}

func (s *rps) ActionText(a engine.Action) string {
	if a < 3 {
		return rpsNames[a]
	}
	return "?"
}

func (s *rps) SecretRound() (seats, chosen uint32, ok bool) {
	if s.Terminal() {
		return 0, 0, false
	}
	for seat, p := range s.pending {
		if p >= 0 {
			chosen |= 1 << seat
		}
	}
	return 0b11, chosen, true
}

func (s *rps) RewindRound() {
	if s.Terminal() {
		return
	}
	s.pending = [2]int8{-1, -1}
	s.toMove = s.first()
}
