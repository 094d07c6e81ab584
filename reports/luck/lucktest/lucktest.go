// Package lucktest is a game with exactly known luck, for testing luck estimators (and
// anything that reads luck accounting): the luck share of its self-play is Q/4, whatever
// the players do, and its exact value function is Value({0.5, 0.5}, 0).
package lucktest

import (
	"fmt"
	"strings"

	"dragonlab/engine"
	"dragonlab/engine/value"
)

// The game is a two-player toy with exactly known luck: at the deal a chance event picks
// the mode, the coin with probability Q/4; in coin mode a second chance event, a coin
// (seat 0 wins with probability Bias/10), decides the game; in skill mode the seats each
// pick a bit and seat 0 wins if they match (matching pennies: the players' choices alone
// decide). With the value function that knows this (every unfinished position is worth
// the seats' chances before the coin), the luck of a game is its coin's correction, and
// the luck share — the share of the outcome's variance the chance events carry — is Q/4
// exactly when the coin is fair.
//
// Params are the toy's rules.
type Params struct {
	Q    int `json:"q"`    // quarters: the coin decides with probability Q/4
	Bias int `json:"bias"` // tenths: in coin mode seat 0 wins with probability Bias/10
}

// Validate checks the parameters.
func (p *Params) Validate(int) error {
	if p.Q < 0 || p.Q > 4 || p.Bias < 0 || p.Bias > 10 {
		return fmt.Errorf("q %d, bias %d out of range", p.Q, p.Bias)
	}
	return nil
}

// The kinds of chance event.
const (
	Mode = iota // whether the coin decides
	Coin        // the coin
)

// State is one game of the toy (engine.State, engine.ChanceEvents, engine.ValueFeatures).
type State struct {
	q, bias int
	coin    bool // coin mode
	picks   [2]int8
	toMove  int
	done    bool
	winner  int
	rng     engine.RNG
	hook    engine.ChanceHook
	kind    int
}

func (s *State) Players() int   { return 2 }
func (s *State) ToMove() int    { return s.toMove }
func (s *State) Terminal() bool { return s.done }
func (s *State) Legal(buf []engine.Action) []engine.Action {
	return append(buf[:0], 0, 1)
}
func (s *State) Apply(a engine.Action) {
	s.picks[s.toMove] = int8(a)
	if s.toMove == 0 {
		s.toMove = 1
		return
	}
	s.done = true
	s.winner = 1
	if s.picks[0] == s.picks[1] {
		s.winner = 0
	}
}
func (s *State) Result(out []float64) {
	out[0], out[1] = 0, 0
	out[s.winner] = 1
}
func (s *State) Score(seat int) float64 { return 0 }
func (s *State) Reset(seed uint64) {
	h := s.hook
	*s = State{q: s.q, bias: s.bias, hook: h}
	s.rng.Seed(seed)
	s.before(Mode)
	s.coin = s.rng.IntN(4) < s.q
	s.after()
	if s.coin {
		s.before(Coin)
		s.setCoin(s.rng.IntN(10) >= s.bias)
		s.after()
	}
}
func (s *State) setCoin(seat1 bool) {
	s.done, s.winner = true, 0
	if seat1 {
		s.winner = 1
	}
}
func (s *State) before(kind int) {
	s.kind = kind
	if s.hook != nil {
		s.hook.BeforeChance(s)
	}
}
func (s *State) after() {
	if s.hook != nil {
		s.hook.AfterChance(s)
	}
}
func (s *State) Reseed(seed uint64)             { s.rng.Seed(seed) }
func (s *State) Determinize(_ int, seed uint64) { s.rng.Seed(seed) }
func (s *State) Observe(_ int, buf []byte) []byte {
	return fmt.Appendf(buf, "%v%v", s.coin, s.picks)
}
func (s *State) CopyFrom(src engine.State)         { *s = *src.(*State) }
func (s *State) Clone() engine.State               { c := *s; return &c }
func (s *State) ActionText(a engine.Action) string { return fmt.Sprint(a) }

func (s *State) ChanceKinds() []string { return []string{"mode", "coin"} }
func (s *State) ResetObserved(seed uint64, h engine.ChanceHook) {
	s.hook = h
	s.Reset(seed)
	s.hook = nil
}
func (s *State) ApplyObserved(a engine.Action, h engine.ChanceHook) { s.Apply(a) } // no chance
func (s *State) ChanceKind() int                                    { return s.kind }
func (s *State) ChanceOutcomes(buf []engine.ChanceOutcome) []engine.ChanceOutcome {
	buf = buf[:0]
	if s.kind == Mode {
		if s.q > 0 {
			buf = append(buf, engine.ChanceOutcome{Code: 1, Weight: float64(s.q)})
		}
		if s.q < 4 {
			buf = append(buf, engine.ChanceOutcome{Code: 0, Weight: float64(4 - s.q)})
		}
		return buf
	}
	if s.bias > 0 {
		buf = append(buf, engine.ChanceOutcome{Code: 0, Weight: float64(s.bias)})
	}
	if s.bias < 10 {
		buf = append(buf, engine.ChanceOutcome{Code: 1, Weight: float64(10 - s.bias)})
	}
	return buf
}
func (s *State) ForceChance(o engine.ChanceOutcome) {
	s.hook = nil
	if s.kind == Mode {
		s.coin = o.Code == 1
		return
	}
	s.setCoin(o.Code == 1)
}
func (s *State) FeatureSet() (string, []string) { return "coinskill/1", []string{"coin mode"} }
func (s *State) Features(out []float64) {
	c := 0.0
	if s.coin {
		c = 1
	}
	out[0], out[1] = c, -c
}

// Game is the toy's registry entry (register it with engine.Register where results
// files of it must validate).
var Game = engine.Game{
	Name: "coinskill", Title: "Coin or skill", Spec: "CS", MinPlayers: 2, MaxPlayers: 2,
	DefaultParams: func() engine.Params { return &Params{Q: 2, Bias: 5} },
	New: func(p engine.Params, players int) (engine.State, error) {
		pp := p.(*Params)
		return &State{q: pp.Q, bias: pp.Bias}, nil
	},
}

// Value is a value function for the toy: seat values intercept + w·(coin mode).
func Value(intercept [2]float64, w float64) *value.Loaded {
	return &value.Loaded{
		File: value.File{Schema: value.Schema, Game: "coinskill", Version: "coinskill/1", Fit: value.FitInfo{Seed: 999},
			Models: []value.Model{{Players: 2, Features: []string{"coin mode"}, Intercept: intercept[:], Weights: []float64{w}}}},
		Ref: value.Ref{Game: "coinskill", Version: "coinskill/1", SHA256: strings.Repeat("ab", 32), Seed: 999},
	}
}
