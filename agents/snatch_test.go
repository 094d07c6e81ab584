package agents

import (
	"fmt"
	"strconv"

	"dragonlab/engine"
)

// Snatch is a tiny hidden-card game for the agents' own tests, registered (in this test
// binary only) beside the real games, so every test that loops over engine.Games() plays
// it too. Hidden information matters in it, so an agent that peeks plays differently.
//
// Sixteen cards worth 0..15. Each of 1 to 5 players holds 2 hidden cards; the rest is the
// draw pile, whose top card is also hidden (from everybody). On a turn a player either
// plays a card from hand (scores its value, draws the top card; a new top is chosen at
// random by chance) or snatches a card he names among those he has not seen: if the next
// player holds it (in the solitaire: if it is the top of the pile) he scores it and the
// victim draws; otherwise nothing happens. After `turns` turns each, the highest score wins
// (ties share); in the solitaire, reaching `target` wins.
type snatch struct {
	loc     [snCards]int8 // 0..4: in that seat's hand; 5..9: scored by seat-5; snTop; snPile
	handN   [snMaxPlayers]int8
	players int8
	toMove  int8
	turn    int16
	turns   int16
	target  int16
	rng     engine.RNG
}

const (
	snCards      = 16
	snHand       = 2
	snMaxPlayers = 5
	snScored     = 5
	snTop        = 14
	snPile       = 15

	snSnatch engine.Action = 256
)

type snatchParams struct {
	Turns  int `json:"turns"`
	Target int `json:"target"`
}

func (p *snatchParams) Validate(players int) error {
	if p.Turns < 1 || p.Turns > 3 {
		return fmt.Errorf("turns=%d: want 1 to 3", p.Turns)
	}
	return nil
}

func init() {
	engine.Register(engine.Game{
		Name: "snatch", Title: "Snatch (the agents' test game)", Spec: "SN",
		MinPlayers: 1, MaxPlayers: snMaxPlayers,
		DefaultParams: func() engine.Params { return &snatchParams{Turns: 3, Target: 30} },
		ParamDocs:     map[string]string{"turns": "turns per player", "target": "solitaire: score to reach"},
		New: func(p engine.Params, players int) (engine.State, error) {
			sp := p.(*snatchParams)
			return &snatch{players: int8(players), turns: int16(sp.Turns), target: int16(sp.Target)}, nil
		},
		// A fifth game declares its own expert settings: two players differ from the
		// default row in two options (TestExpertSettingsAreTheGames checks them).
		Expert: map[int]string{2: "c=1.1, depth=4"},
	})
}

func (s *snatch) GameName() string { return "snatch" }
func (s *snatch) Players() int     { return int(s.players) }
func (s *snatch) ToMove() int      { return int(s.toMove) }
func (s *snatch) Terminal() bool   { return s.turn >= s.turns*int16(s.players) }

func (s *snatch) Reset(seed uint64) {
	s.rng.Seed(seed)
	for c := range s.loc {
		s.loc[c] = snPile
	}
	s.handN = [snMaxPlayers]int8{}
	s.toMove, s.turn = 0, 0
	s.newTop()
	for p := 0; p < int(s.players); p++ {
		for k := 0; k < snHand; k++ {
			s.draw(p)
		}
	}
}

// newTop turns a random pile card into the (hidden) top card.
func (s *snatch) newTop() {
	n := 0
	for _, l := range s.loc {
		if l == snPile {
			n++
		}
	}
	if n == 0 {
		return
	}
	k := s.rng.IntN(n)
	for c, l := range s.loc {
		if l == snPile {
			if k == 0 {
				s.loc[c] = snTop
				return
			}
			k--
		}
	}
}

func (s *snatch) takeTop(loc int8) bool {
	for c, l := range s.loc {
		if l == snTop {
			s.loc[c] = loc
			s.newTop()
			return true
		}
	}
	return false
}

func (s *snatch) draw(p int) {
	if s.takeTop(int8(p)) {
		s.handN[p]++
	}
}

func (s *snatch) Legal(buf []engine.Action) []engine.Action {
	buf = buf[:0]
	if s.Terminal() {
		return buf
	}
	me := s.toMove
	for c, l := range s.loc {
		if l == me {
			buf = append(buf, engine.Action(c))
		}
	}
	for c, l := range s.loc {
		if l != me && (l < snScored || l >= snTop) {
			buf = append(buf, snSnatch+engine.Action(c))
		}
	}
	return buf
}

func (s *snatch) Apply(a engine.Action) {
	me := int(s.toMove)
	c := int(a & 255)
	if a < snSnatch {
		s.loc[c] = int8(snScored + me)
		s.handN[me]--
		s.draw(me)
	} else if s.players == 1 {
		if s.loc[c] == snTop {
			s.takeTop(int8(snScored + me))
		}
	} else if victim := (me + 1) % int(s.players); int(s.loc[c]) == victim {
		s.loc[c] = int8(snScored + me)
		s.handN[victim]--
		s.draw(victim)
	}
	s.turn++
	s.toMove = int8((me + 1) % int(s.players))
}

func (s *snatch) Score(seat int) float64 {
	v := 0
	for c, l := range s.loc {
		if int(l) == snScored+seat {
			v += c
		}
	}
	return float64(v)
}

func (s *snatch) Result(out []float64) {
	if s.players == 1 {
		out[0] = 0
		if s.Score(0) >= float64(s.target) {
			out[0] = 1
		}
		return
	}
	best, k := -1.0, 0
	for p := 0; p < int(s.players); p++ {
		switch v := s.Score(p); {
		case v > best:
			best, k = v, 1
		case v == best:
			k++
		}
	}
	for p := 0; p < int(s.players); p++ {
		out[p] = 0
		if s.Score(p) == best {
			out[p] = 1 / float64(k)
		}
	}
}

func (s *snatch) Reseed(seed uint64) { s.rng.Seed(seed) }

// Determinize pools every card the observer has not seen, in card order (so the result
// depends only on what the observer sees and the seed), shuffles the pool and deals the
// other hands, then the top, then the pile.
func (s *snatch) Determinize(observer int, seed uint64) {
	r := engine.NewRNG(seed)
	var pool [snCards]int8
	n := 0
	for c, l := range s.loc {
		if int(l) != observer && (l < snScored || l >= snTop) {
			pool[n] = int8(c)
			n++
		}
	}
	for i := n - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		pool[i], pool[j] = pool[j], pool[i]
	}
	k := 0
	for p := 0; p < int(s.players); p++ {
		if p == observer {
			continue
		}
		for h := 0; h < int(s.handN[p]); h++ {
			s.loc[pool[k]] = int8(p)
			k++
		}
	}
	if k < n {
		s.loc[pool[k]] = snTop
		k++
	}
	for ; k < n; k++ {
		s.loc[pool[k]] = snPile
	}
	s.rng.Seed(r.Uint64())
}

func (s *snatch) Observe(seat int, buf []byte) []byte {
	buf = append(buf, byte(seat), byte(s.players), byte(s.toMove), byte(s.turn))
	for _, n := range s.handN[:s.players] {
		buf = append(buf, byte(n))
	}
	for _, l := range s.loc {
		switch {
		case int(l) == seat || l >= snScored && l < snTop:
			buf = append(buf, byte(l))
		default:
			buf = append(buf, '?')
		}
	}
	return buf
}

func (s *snatch) CopyFrom(src engine.State) { *s = *src.(*snatch) }

func (s *snatch) Clone() engine.State {
	c := *s
	return &c
}

func (s *snatch) ActionText(a engine.Action) string {
	if a >= snSnatch {
		return "snatch " + strconv.Itoa(int(a-snSnatch))
	}
	return "play " + strconv.Itoa(int(a))
}

// Snatch sorts its actions into classes for the restricted-play tests: "play" and
// "snatch", plus "high" for an action on a card worth 8 or more (so an action can be in
// two classes, as the engine contract allows).
var snatchClasses = []string{"play", "snatch", "high"}

func (s *snatch) ActionClasses() []string { return snatchClasses }

func (s *snatch) ActionClass(a engine.Action) uint64 {
	var c uint64 = 1 // play
	if a >= snSnatch {
		c = 2
	}
	if a&255 >= 8 {
		c |= 4
	}
	return c
}
