package sim

import (
	"fmt"

	"dragonlab/agents"
	"dragonlab/engine"
)

// trackToy is the toy race with an engine.Tracker: components "one" and "two" (the step
// chosen: event "played"), "bonus" (the die added one: event "drawn") and "odd-start" (the
// deal gave the seat an odd seed bit: event "dealt").
type trackToy struct {
	toy
	tracking bool
	rec      [4][3]uint64 // [seat][dealt, drawn, played]
}

const (
	tkOne = iota
	tkTwo
	tkBonus
	tkOdd
)

func (s *trackToy) Components() []string  { return []string{"one", "two", "bonus", "odd-start"} }
func (s *trackToy) TrackEvents() []string { return []string{"dealt", "drawn", "played"} }
func (s *trackToy) SetTracking(on bool)   { s.tracking = on }
func (s *trackToy) Tracked(seat, event int) uint64 {
	return s.rec[seat][event]
}
func (s *trackToy) Reset(seed uint64) {
	on := s.tracking
	s.toy.Reset(seed)
	*s = trackToy{toy: s.toy, tracking: on}
	if on {
		for seat := 0; seat < s.players; seat++ {
			if toyOddStart(seed, seat) {
				s.rec[seat][0] |= 1 << tkOdd
			}
		}
	}
}
func (s *trackToy) Apply(a engine.Action) {
	seat, before := s.toMove, s.totals[s.toMove]
	s.toy.Apply(a)
	if s.tracking {
		s.rec[seat][2] |= 1 << (a - 1) // tkOne or tkTwo
		if s.totals[seat]-before > int(a) {
			s.rec[seat][1] |= 1 << tkBonus
		}
	}
}
func (s *trackToy) CopyFrom(src engine.State) { *s = *src.(*trackToy) }

// Length is the sum of the totals (engine.Lengther): the component tallies are also split
// by it.
func (s *trackToy) Length() int {
	n := 0
	for _, t := range s.totals[:s.players] {
		n += t
	}
	return n
}
func (s *trackToy) LengthUnit() string  { return "steps" }
func (s *trackToy) Clone() engine.State { c := *s; return &c }

func toyOddStart(seed uint64, seat int) bool { return seed>>seat&1 == 1 }

var trackToyGame = engine.Game{
	Name: "tracktoy", Title: "Toy race with components", Spec: "TOY", MinPlayers: 2, MaxPlayers: 4,
	DefaultParams: func() engine.Params { return &toyParams{Target: 30} },
	New: func(p engine.Params, players int) (engine.State, error) {
		return &trackToy{toy: toy{target: p.(*toyParams).Target, players: players}}, nil
	},
}

// scriptGame plays a fixed script: at decision d there are legal[d] legal actions, after
// it the scores are scores[d+1] (scores[0] is the deal), and the game ends with winner
// (-1: nobody) after len(legal) decisions. Metrics on it can be computed by hand.
type script struct {
	legal  []int
	scores [][]float64
	winner int
}

type scriptParams struct {
	Script int `json:"script"`
}

func (p *scriptParams) Validate(int) error { return nil }

var scripts []script

type scriptState struct {
	sc   *script
	step int
}

func (s *scriptState) Players() int   { return len(s.sc.scores[0]) }
func (s *scriptState) ToMove() int    { return s.step % s.Players() }
func (s *scriptState) Terminal() bool { return s.step == len(s.sc.legal) }
func (s *scriptState) Legal(buf []engine.Action) []engine.Action {
	buf = buf[:0]
	for i := 0; i < s.sc.legal[s.step]; i++ {
		buf = append(buf, engine.Action(i))
	}
	return buf
}
func (s *scriptState) Apply(engine.Action) { s.step++ }
func (s *scriptState) Result(out []float64) {
	for i := range out {
		out[i] = 0
	}
	if s.sc.winner >= 0 {
		out[s.sc.winner] = 1
	}
}
func (s *scriptState) Score(seat int) float64            { return s.sc.scores[s.step][seat] }
func (s *scriptState) Reset(uint64)                      { s.step = 0 }
func (s *scriptState) Reseed(uint64)                     {}
func (s *scriptState) Determinize(int, uint64)           {}
func (s *scriptState) Observe(_ int, buf []byte) []byte  { return append(buf, byte(s.step)) }
func (s *scriptState) CopyFrom(src engine.State)         { *s = *src.(*scriptState) }
func (s *scriptState) Clone() engine.State               { c := *s; return &c }
func (s *scriptState) ActionText(a engine.Action) string { return fmt.Sprint(a) }

var scriptGame = engine.Game{
	Name: "script", Title: "Scripted scores", Spec: "SCR", MinPlayers: 1, MaxPlayers: 4,
	DefaultParams: func() engine.Params { return &scriptParams{} },
	New: func(p engine.Params, players int) (engine.State, error) {
		return &scriptState{sc: &scripts[p.(*scriptParams).Script]}, nil
	},
}

// searcher is an agent that reports seven search iterations per decision.
type searcher struct {
	Random agents.Random
	iters  int64
}

func (s *searcher) Act(st engine.State, rng *engine.RNG) engine.Action {
	s.iters += 7
	return s.Random.Act(st, rng)
}
func (s *searcher) Iterations() int64 { return s.iters }

func init() {
	agents.RegisterKind(agents.Kind{
		Name: "test-searcher",
		Doc:  "random, claiming 7 search iterations per decision (sim tests)",
		Build: func(map[string]string) (func() agents.Agent, error) {
			return func() agents.Agent { return &searcher{} }, nil
		},
	})
}

// The test games are registered so that their results files validate (the reader looks
// the game up and re-validates its rules).
func init() {
	engine.Register(trackToyGame)
	engine.Register(scriptGame)
}
