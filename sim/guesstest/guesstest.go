// Package guesstest holds a toy game whose three parts of an outcome are known exactly —
// luck (a die), guessing (a round of secret rock-paper-scissors) and the seats' own
// decisions (none that matter) — with its exact value function and an agent that plays a
// given mixed policy and says so (agents.Mixed), for the calibration of the luck
// accounting (sim) and of its estimators (reports/luck).
//
// The game ("guesstoy", two players): a die first decides the game outright with
// probability Outright/100 (half of it for each seat); otherwise both seats throw rock,
// paper or scissors in secret (seat 0 first, the throw hidden until both have thrown;
// paper beats rock, scissors beat paper, rock beats scissors). The winner of the throws
// wins and a tie is shared; with Double "rock" a win with rock pays double and the result
// is the payoff scaled into a constant-sum share (seat 0 gets 1/2 + payoff/4), so that
// the round is the biased matrix game whose equilibrium is (1/4, 1/2, 1/4). Both seats
// play the policy Policy (rock, paper, scissors), which the value function knows.
package guesstest

import (
	"fmt"
	"math"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/engine/value"
)

// Params are the toy's rules.
type Params struct {
	Outright int        `json:"outright"` // hundredths: the die decides the game
	Double   string     `json:"double"`   // "none" or "rock"
	Policy   [3]float64 `json:"policy"`   // both seats' throws: rock, paper, scissors
}

// Validate checks the rules.
func (p *Params) Validate(players int) error {
	if players != 2 {
		return fmt.Errorf("guesstoy is for 2 players")
	}
	if p.Outright < 0 || p.Outright > 100 {
		return fmt.Errorf("outright=%d: want 0 to 100", p.Outright)
	}
	if p.Double != "none" && p.Double != "rock" {
		return fmt.Errorf("double=%q: want none or rock", p.Double)
	}
	sum := 0.0
	for _, x := range p.Policy {
		if x < 0 {
			return fmt.Errorf("a negative probability")
		}
		sum += x
	}
	if math.Abs(sum-1) > 1e-9 {
		return fmt.Errorf("the policy sums to %v", sum)
	}
	return nil
}

const (
	phDie = iota // the die is about to be rolled
	phThrow
	phOver
)

type state struct {
	p       *Params
	phase   int8
	die     int8 // 0: seat 0 wins, 1: seat 1 wins, 2: the throws decide
	toMove  int8
	pending [2]int8 // secret throws, -1 for none
	rng     engine.RNG
}

// Payoff is seat 0's payoff of throws a (seat 0) and b (seat 1): 1 (2 for a win with rock
// when double) for a win, the opposite for a loss, 0 for a tie.
func (p *Params) Payoff(a, b int) float64 {
	if a == b {
		return 0
	}
	win := (a-b+3)%3 == 1 // paper (1) beats rock (0), scissors (2) beat paper, rock beats scissors
	pay := 1.0
	if p.Double == "rock" && ((win && a == 0) || (!win && b == 0)) {
		pay = 2
	}
	if win {
		return pay
	}
	return -pay
}

// Share is seat 0's win share after throws a and b.
func (p *Params) Share(a, b int) float64 {
	pay := p.Payoff(a, b)
	if p.Double == "rock" {
		return 0.5 + pay/4
	}
	switch {
	case pay > 0:
		return 1
	case pay < 0:
		return 0
	}
	return 0.5
}

// Throws is the mean and variance of seat 0's win share from the round of throws.
func (p *Params) Throws() (mean, variance float64) {
	var m, q float64
	for a := range 3 {
		for b := range 3 {
			w, y := p.Policy[a]*p.Policy[b], p.Share(a, b)
			m += w * y
			q += w * y * y
		}
	}
	return m, q - m*m
}

// Truth is the toy's exact parts of the spread of seat 0's results (each seat's is the
// same): the luck share Var(E[Y | die])/Var(Y), the guessing share (what is left: the
// throws' variance, weighted by their probability) and the own decisions' share (0: the
// policy is fixed).
func (p *Params) Truth() (luck, guess, decisions float64) {
	w := float64(p.Outright) / 200
	m, v := p.Throws()
	r := 1 - 2*w
	mean := w + r*m
	varCond := w*(1-mean)*(1-mean) + w*mean*mean + r*(m-mean)*(m-mean)
	total := varCond + r*v
	return varCond / total, r * v / total, 0
}

func (s *state) GameName() string { return "guesstoy" }
func (s *state) Players() int     { return 2 }
func (s *state) ToMove() int      { return int(s.toMove) }
func (s *state) Terminal() bool   { return s.phase == phOver }
func (s *state) Legal(buf []engine.Action) []engine.Action {
	if s.phase != phThrow {
		return buf[:0]
	}
	return append(buf[:0], 0, 1, 2)
}

func (s *state) Apply(a engine.Action) {
	s.pending[s.toMove] = int8(a)
	if s.toMove == 0 {
		s.toMove = 1
		return
	}
	s.phase = phOver
}

func (s *state) Result(out []float64) {
	switch {
	case s.die == 0:
		out[0], out[1] = 1, 0
	case s.die == 1:
		out[0], out[1] = 0, 1
	default:
		y := s.p.Share(int(s.pending[0]), int(s.pending[1]))
		out[0], out[1] = y, 1-y
	}
}

func (s *state) Score(seat int) float64 {
	out := [2]float64{}
	if s.phase == phOver {
		s.Result(out[:])
	}
	return out[seat]
}

func (s *state) ResetObserved(seed uint64, h engine.ChanceHook) {
	*s = state{p: s.p, pending: [2]int8{-1, -1}}
	s.rng.Seed(seed)
	h.BeforeChance(s)
	u := s.rng.Float64()
	w := float64(s.p.Outright) / 200
	switch {
	case u < w:
		s.land(0)
	case u < 2*w:
		s.land(1)
	default:
		s.land(2)
	}
	h.AfterChance(s)
}

type noHook struct{}

func (noHook) BeforeChance(engine.State) {}
func (noHook) AfterChance(engine.State)  {}

func (s *state) Reset(seed uint64)                                  { s.ResetObserved(seed, noHook{}) }
func (s *state) ApplyObserved(a engine.Action, _ engine.ChanceHook) { s.Apply(a) }
func (s *state) ChanceKinds() []string                              { return []string{"die"} }
func (s *state) ChanceKind() int                                    { return 0 }
func (s *state) ForceChance(o engine.ChanceOutcome)                 { s.land(int8(o.Code)) }

func (s *state) land(die int8) {
	s.die = die
	if die < 2 {
		s.phase = phOver
		return
	}
	s.phase = phThrow
}

func (s *state) ChanceOutcomes(buf []engine.ChanceOutcome) []engine.ChanceOutcome {
	buf = buf[:0]
	w := float64(s.p.Outright) / 200
	if w > 0 {
		buf = append(buf, engine.ChanceOutcome{Code: 0, Weight: w}, engine.ChanceOutcome{Code: 1, Weight: w})
	}
	if w < 0.5 {
		buf = append(buf, engine.ChanceOutcome{Code: 2, Weight: 1 - 2*w})
	}
	return buf
}

// FeatureSet: one feature, the seat's exact value.
func (s *state) FeatureSet() (string, []string) { return "guesstoy/1", []string{"value"} }

// Features writes every seat's exact expected win share under the known policy.
func (s *state) Features(out []float64) {
	m, _ := s.p.Throws()
	v := m
	if s.phase == phDie {
		w := float64(s.p.Outright) / 200
		v = w + (1-2*w)*m
	}
	out[0], out[1] = v, 1-v
}

// SecretRound: the throws are one round of secret simultaneous choices.
func (s *state) SecretRound() (seats, chosen uint32, ok bool) {
	if s.phase != phThrow {
		return 0, 0, false
	}
	if s.pending[0] >= 0 {
		chosen = 1
	}
	return 0b11, chosen, true
}

func (s *state) RewindRound() {
	if s.phase == phThrow {
		s.pending, s.toMove = [2]int8{-1, -1}, 0
	}
}

func (s *state) Reseed(seed uint64) { s.rng.Seed(seed) }

// Determinize re-deals seat 0's secret throw for seat 1, who has not seen it.
func (s *state) Determinize(observer int, seed uint64) {
	s.rng.Seed(seed)
	if observer == 1 && s.phase == phThrow && s.pending[0] >= 0 {
		s.pending[0] = int8(s.rng.IntN(3))
	}
}

func (s *state) Observe(seat int, buf []byte) []byte {
	own := int8(-1)
	if s.phase == phThrow {
		own = s.pending[seat]
	} else if s.phase == phOver {
		return fmt.Appendf(buf, "over %d %v", s.die, s.pending)
	}
	return fmt.Appendf(buf, "%d %d %d %d", s.phase, s.die, s.toMove, own)
}

func (s *state) CopyFrom(src engine.State) { *s = *src.(*state) }
func (s *state) Clone() engine.State       { c := *s; return &c }
func (s *state) ActionText(a engine.Action) string {
	return [3]string{"rock", "paper", "scissors"}[a]
}

// Game is the toy (not registered: tests pass it in a sim.Config).
var Game = engine.Game{
	Name: "guesstoy", Title: "Guessing toy", Spec: "TOY", MinPlayers: 2, MaxPlayers: 2,
	DefaultParams: func() engine.Params {
		return &Params{Outright: 50, Double: "none", Policy: [3]float64{1.0 / 3, 1.0 / 3, 1.0 / 3}}
	},
	New: func(p engine.Params, players int) (engine.State, error) {
		q := p.(*Params)
		if err := q.Validate(players); err != nil {
			return nil, err
		}
		return &state{p: q, pending: [2]int8{-1, -1}}, nil
	},
}

// Value is the toy's exact value function: a seat's value is its one feature. Seed is the
// fit's seed (an analysed run must use another).
func Value(seed uint64) *value.Loaded {
	f := value.File{Schema: value.Schema, Game: "guesstoy", Version: "guesstoy/1", Fit: value.FitInfo{Seed: seed},
		Models: []value.Model{{Players: 2, Agent: "exact", Features: []string{"value"}, Intercept: []float64{0, 0}, Weights: []float64{1}}}}
	data, err := f.Marshal()
	if err != nil {
		panic(err)
	}
	l, err := value.Parse(data, "guesstoy", "guesstoy/1", map[int][]string{2: {"value"}})
	if err != nil {
		panic(err)
	}
	return l.For(2)
}

// Player draws from a fixed policy over the legal actions (in their order) and says so.
type Player struct {
	P [3]float64
}

// Act draws an action from P.
func (p *Player) Act(s engine.State, rng *engine.RNG) engine.Action {
	u := rng.Float64()
	for i, x := range p.P {
		if u < x {
			return engine.Action(i)
		}
		u -= x
	}
	return 2
}

// LastMixed is P (agents.Mixed).
func (p *Player) LastMixed(legal []engine.Action, out []float64) bool {
	if len(legal) != 3 {
		return false
	}
	copy(out, p.P[:])
	return true
}

// Agent is a factory of Players of policy p; mixed false hides the policy (the agent then
// does not implement agents.Mixed), to check that its draws count as decisions.
func Agent(p [3]float64, mixed bool) agents.Factory {
	if !mixed {
		return agents.Factory{Spec: "fixed-hidden", Kind: "fixed", New: func() agents.Agent { return &hidden{Player{P: p}} }}
	}
	return agents.Factory{Spec: "fixed", Kind: "fixed", New: func() agents.Agent { return &Player{P: p} }}
}

type hidden struct{ p Player }

func (h *hidden) Act(s engine.State, rng *engine.RNG) engine.Action { return h.p.Act(s, rng) }
