package sim

import (
	"fmt"

	"dragonlab/engine"
)

// toy is a tiny two-to-four-player race used to test the runner without a real game:
// each turn the seat to move adds 1 or 2 to its total; a die roll after each move may
// add a bonus; the first total to reach target wins, ties impossible; seat 0 is favoured.
type toyParams struct {
	Target int `json:"target"`
}

func (p *toyParams) Validate(players int) error {
	if p.Target < 1 || p.Target > 100 {
		return fmt.Errorf("target %d out of range 1..100", p.Target)
	}
	return nil
}

type toy struct {
	target  int
	players int
	totals  [4]int
	toMove  int
	done    bool
	winner  int
	rng     engine.RNG
}

func (s *toy) GameName() string { return "toy" }
func (s *toy) Players() int     { return s.players }
func (s *toy) ToMove() int      { return s.toMove }
func (s *toy) Terminal() bool   { return s.done }
func (s *toy) Legal(buf []engine.Action) []engine.Action {
	return append(buf[:0], 1, 2)
}
func (s *toy) Apply(a engine.Action) {
	s.totals[s.toMove] += int(a) + s.rng.IntN(2)
	if s.totals[s.toMove] >= s.target {
		s.done, s.winner = true, s.toMove
		return
	}
	s.toMove = (s.toMove + 1) % s.players
}
func (s *toy) Result(out []float64) {
	for i := range out {
		out[i] = 0
	}
	// A draw when the winner's total is exactly the target plus 3 (rare), to test draws.
	if s.totals[s.winner] == s.target+2 {
		for i := range out {
			out[i] = 1 / float64(s.players)
		}
		return
	}
	out[s.winner] = 1
}
func (s *toy) Score(seat int) float64 { return float64(s.totals[seat]) }
func (s *toy) Reset(seed uint64) {
	*s = toy{target: s.target, players: s.players}
	s.rng.Seed(seed)
}
func (s *toy) Reseed(seed uint64)                { s.rng.Seed(seed) }
func (s *toy) Determinize(_ int, seed uint64)    { s.rng.Seed(seed) }
func (s *toy) Observe(_ int, buf []byte) []byte  { return fmt.Appendf(buf, "%v", s.totals) }
func (s *toy) CopyFrom(src engine.State)         { *s = *src.(*toy) }
func (s *toy) Clone() engine.State               { c := *s; return &c }
func (s *toy) ActionText(a engine.Action) string { return fmt.Sprintf("+%d", a) }

var toyGame = engine.Game{
	Name: "toy", Title: "Toy race", Spec: "TOY", MinPlayers: 2, MaxPlayers: 4,
	DefaultParams: func() engine.Params { return &toyParams{Target: 30} },
	New: func(p engine.Params, players int) (engine.State, error) {
		return &toy{target: p.(*toyParams).Target, players: players}, nil
	},
}

// The toy game is registered so that its results files validate (the reader looks the
// game up and re-validates its rules).
func init() { engine.Register(toyGame) }
