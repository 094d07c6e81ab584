// Package valuetest holds toy games whose component and decision values are known
// exactly, for the tests of the runner's value aggregates (sim) and of the value analyses
// (reports/value): CardGame ("cardtoy"), whose cards' worth is linear in the win share, and
// ChoiceGame ("choicetoy"), whose moves win with known probabilities. Importing the
// package registers both games.
package valuetest

import (
	"fmt"

	"dragonlab/engine"
)

// cardToy is a game whose card values are known exactly, for the substitution tests.
// Each of 2 or 3 seats has its own deck (Counts[k] cards of kind k, worth Values[k]
// hundredths of a win); the deal shuffles each deck and gives each seat its top card;
// every seat then takes one decision (two actions, alike); then one uniform draw u picks
// the winner, seat s with probability 1/P + (v_s − m_s)/P, v_s its card's worth and m_s the
// mean worth of the others' cards. The win share is linear in the worths, so one more card
// of kind X in a seat's deck, in place of a card drawn uniformly among the others (the
// engine.Substituter of the real games), changes that seat's expected win share by exactly
// (v_X − a_X)/(N·P), a_X the mean worth of the deck's other cards and N its size; one fewer
// (an X replaced by a copy of a uniformly drawn other card) by the opposite.
type CardParams struct {
	Values []int `json:"values"`
	Counts []int `json:"counts"`
}

func (p *CardParams) Validate(players int) error {
	if len(p.Values) != len(p.Counts) || len(p.Values) < 2 || len(p.Values) > 8 {
		return fmt.Errorf("values and counts: 2 to 8 kinds, one count each")
	}
	n := 0
	for i, v := range p.Values {
		if v < 0 || v > 100 || p.Counts[i] < 1 {
			return fmt.Errorf("kind %d: worth %d, count %d", i, v, p.Counts[i])
		}
		n += p.Counts[i]
	}
	if n > 16 {
		return fmt.Errorf("%d cards, at most 16", n)
	}
	return nil
}

type cardToy struct {
	p       *CardParams
	players int
	deck    [3][16]uint8
	n       int
	top     [3]uint8
	toMove  int
	done    bool
	winner  int
	rng     engine.RNG
	sub     [3]int8 // seat, kind, delta of the substitution asked for
	applied bool
}

var cardToyNames = []string{"a", "b", "c", "d", "e", "f", "g", "h"}

// Truth is the exact change of the changed seat's expected win share.
func (p *CardParams) Truth(players, kind, delta int) float64 {
	n, others, sum := 0, 0, 0
	for k, c := range p.Counts {
		n += c
		if k != kind {
			others += c
			sum += c * p.Values[k]
		}
	}
	avg := float64(sum) / float64(others) / 100
	return float64(delta) * (float64(p.Values[kind])/100 - avg) / float64(n*players)
}

func (s *cardToy) Players() int   { return s.players }
func (s *cardToy) ToMove() int    { return s.toMove }
func (s *cardToy) Terminal() bool { return s.done }
func (s *cardToy) Legal(buf []engine.Action) []engine.Action {
	return append(buf[:0], 1, 2)
}
func (s *cardToy) Apply(engine.Action) {
	s.toMove++
	if s.toMove < s.players {
		return
	}
	s.done = true
	var v [3]float64
	total := 0.0
	for seat := range s.players {
		v[seat] = float64(s.p.Values[s.top[seat]]) / 100
		total += v[seat]
	}
	u := s.rng.Float64()
	P := float64(s.players)
	for seat := range s.players {
		m := (total - v[seat]) / (P - 1)
		u -= 1/P + (v[seat]-m)/P
		if u < 0 || seat == s.players-1 {
			s.winner = seat
			return
		}
	}
}
func (s *cardToy) Result(out []float64) {
	clear(out)
	out[s.winner] = 1
}
func (s *cardToy) Score(seat int) float64 { return float64(s.p.Values[s.top[seat]]) }
func (s *cardToy) Reset(seed uint64) {
	*s = cardToy{p: s.p, players: s.players, sub: s.sub}
	s.rng.Seed(seed)
	for seat := range s.players {
		n := 0
		for k, c := range s.p.Counts {
			for range c {
				s.deck[seat][n] = uint8(k)
				n++
			}
		}
		s.n = n
		d := s.deck[seat][:n]
		for i := n - 1; i > 0; i-- {
			j := s.rng.IntN(i + 1)
			d[i], d[j] = d[j], d[i]
		}
	}
	if s.sub[2] != 0 {
		s.substitute(seed)
	}
	for seat := range s.players {
		s.top[seat] = s.deck[seat][s.n-1]
	}
}

// substitute is Dragonheart's substitution on the toy's deck.
func (s *cardToy) substitute(seed uint64) {
	rng := engine.SubstitutionRNG(seed)
	d := s.deck[s.sub[0]][:s.n]
	x := uint8(s.sub[1])
	nx := 0
	for _, c := range d {
		if c == x {
			nx++
		}
	}
	nth := func(k int, want bool) int {
		for i, c := range d {
			if (c == x) == want {
				if k == 0 {
					return i
				}
				k--
			}
		}
		panic("cardToy: out of range")
	}
	no := s.n - nx
	if s.sub[2] > 0 {
		d[nth(rng.IntN(no), false)] = x
	} else {
		pos := nth(rng.IntN(nx), true)
		d[pos] = d[nth(rng.IntN(no), false)]
	}
	s.applied = true
}

func (s *cardToy) Substitutes() []string { return cardToyNames[:len(s.p.Values)] }
func (s *cardToy) SetSubstitution(seat, c, delta int) {
	s.sub = [3]int8{int8(seat), int8(c), int8(delta)}
}
func (s *cardToy) Substituted() bool              { return s.applied }
func (s *cardToy) Reseed(seed uint64)             { s.rng.Seed(seed) }
func (s *cardToy) Determinize(_ int, seed uint64) { s.rng.Seed(seed) }
func (s *cardToy) Observe(seat int, buf []byte) []byte {
	return append(buf, s.top[seat], byte(s.toMove))
}
func (s *cardToy) CopyFrom(src engine.State)         { *s = *src.(*cardToy) }
func (s *cardToy) Clone() engine.State               { c := *s; return &c }
func (s *cardToy) ActionText(a engine.Action) string { return fmt.Sprintf("go%d", a) }

// CardGame is the toy of known card values (its doc: cardToy).
var CardGame = engine.Game{
	Name: "cardtoy", Title: "Toy game of known card values", Spec: "TOY", MinPlayers: 2, MaxPlayers: 3,
	DefaultParams: func() engine.Params {
		return &CardParams{Values: []int{90, 50, 20}, Counts: []int{1, 2, 2}}
	},
	New: func(p engine.Params, players int) (engine.State, error) {
		return &cardToy{p: p.(*CardParams), players: players}, nil
	},
}

// choiceToy is a game whose decision values are known exactly: seat 0 takes one decision
// among "first", "middle" and "last", which win for it with probability 0.9, 0.5 and 0.1
// (seat 1 never decides). Its classes: "first" {first}, "rest" {middle, last}, "last"
// {last}, and "never" (no action).
type choiceToy struct {
	done   bool
	winner int
	rng    engine.RNG
}

var choiceWin = [3]float64{0.9, 0.5, 0.1}

func (s *choiceToy) Players() int   { return 2 }
func (s *choiceToy) ToMove() int    { return 0 }
func (s *choiceToy) Terminal() bool { return s.done }
func (s *choiceToy) Legal(buf []engine.Action) []engine.Action {
	return append(buf[:0], 0, 1, 2)
}
func (s *choiceToy) Apply(a engine.Action) {
	s.done = true
	if s.rng.Float64() < choiceWin[a] {
		s.winner = 0
	} else {
		s.winner = 1
	}
}
func (s *choiceToy) Result(out []float64) {
	clear(out)
	out[s.winner] = 1
}
func (s *choiceToy) Score(int) float64                { return 0 }
func (s *choiceToy) Reset(seed uint64)                { *s = choiceToy{}; s.rng.Seed(seed) }
func (s *choiceToy) Reseed(seed uint64)               { s.rng.Seed(seed) }
func (s *choiceToy) Determinize(_ int, seed uint64)   { s.rng.Seed(seed) }
func (s *choiceToy) Observe(_ int, buf []byte) []byte { return buf }
func (s *choiceToy) CopyFrom(src engine.State)        { *s = *src.(*choiceToy) }
func (s *choiceToy) Clone() engine.State              { c := *s; return &c }
func (s *choiceToy) ActionText(a engine.Action) string {
	return [3]string{"first", "middle", "last"}[a]
}
func (s *choiceToy) ActionClasses() []string { return []string{"first", "rest", "last", "never"} }
func (s *choiceToy) ActionClass(a engine.Action) uint64 {
	return [3]uint64{1, 2, 2 | 4}[a]
}

// ChoiceGame is the toy of known decision values (its doc: choiceToy).
var ChoiceGame = engine.Game{
	Name: "choicetoy", Title: "Toy game of known decision values", Spec: "TOY", MinPlayers: 2, MaxPlayers: 2,
	DefaultParams: func() engine.Params { return &choiceParams{} },
	New: func(engine.Params, int) (engine.State, error) {
		return &choiceToy{}, nil
	},
}

// choiceParams are the (empty) rules of the choice toy.
type choiceParams struct{}

func (*choiceParams) Validate(players int) error {
	if players != 2 {
		return fmt.Errorf("choicetoy is played by 2 players, not %d", players)
	}
	return nil
}

func init() {
	engine.Register(CardGame)
	engine.Register(ChoiceGame)
}
