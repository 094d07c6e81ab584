// Package draco implements Draco (Mount Drago, Leo Colovini, Schmidt Spiele 2011) for 2 to 5
// players, following /shared/rules/draco.md (rule IDs DR-1..DR-19).
package draco

import (
	"fmt"
	"strconv"
	"strings"

	"dragonlab/engine"
)

// Fixed capacities of the state (the parameters are validated against them).
const (
	NumDragons     = 10 // DR-1
	MaxPlayers     = 5  // the box is for 2 to 5 players
	MinPlayers     = 2  //
	MaxHand        = 16 // largest handSize
	MaxPerColour   = 16 // largest len(cardValues)
	MaxCards       = NumDragons * MaxPerColour
	MaxTrack       = 120 // largest track length (positions 1..MaxTrack)
	MaxCardValue   = 30  // largest movement value of a card
	MinSquareValue = -2  // DR-3
	MaxSquareValue = 8   // DR-3
)

// Colours in the order of DR-1 (also the canonical action order, DR-18).
var colourNames = [NumDragons]string{
	"blue", "brown", "black", "red", "yellow", "green", "grey", "light blue", "purple", "orange",
}

// Params are the rules parameters of Draco (see the spec's "Parameters" section).
type Params struct {
	// Track23 and Track45 are the two board sides (DR-3): space-separated squares
	// "pos:value" with an optional mark B (blue, small scoring), G (green, big scoring) or
	// S (summit); the "pos:" prefix is optional but must count 1, 2, 3 … when given.
	Track23 string `json:"track23"`
	Track45 string `json:"track45"`
	// CardValues are the movement values of the cards of one colour (DR-2).
	CardValues []int `json:"cardValues"`
	// HandSize is the number of cards dealt and refilled to (DR-5, DR-10).
	HandSize int `json:"handSize"`
	// SmallScoringMax: a small scoring scores the squares of at most this value (DR-9).
	SmallScoringMax int `json:"smallScoringMax"`
	// SummitSquares is the number of summit squares at the end of the track (DR-3).
	SummitSquares int `json:"summitSquares"`
	// DragonsToEnd: the game ends when this many dragons have reached the summit (DR-13).
	DragonsToEnd int `json:"dragonsToEnd"`
	// SeatBonus are starting points per seat (a compensation to try, not in the rulebook):
	// empty means zeros, otherwise one value per seat. They count in the score (DR-9) and
	// so in who wins and shares a win (DR-14).
	SeatBonus []int `json:"seatBonus"`
}

// Default tracks of DR-3 (PROPOSED in the spec).
const (
	DefaultTrack23 = "1:1 2:2 3:0 4:3B 5:1 6:-1 7:2 8:4 9:3B 10:5 11:2G 12:-2 13:4 14:6 15:3B 16:1 17:5 " +
		"18:7G 19:3 20:2B 21:8 22:4G 23:5S 24:6S 25:7S 26:8S"
	DefaultTrack45 = "1:1 2:0 3:2 4:3B 5:1 6:-1 7:2 8:4 9:0 10:3B 11:5 12:2G 13:-2 14:4 15:6 16:3B 17:1 " +
		"18:5 19:7G 20:-1 21:2 22:3B 23:6 24:8 25:2 26:4G 27:5S 28:6S 29:7S 30:8S"
)

// DefaultParams returns the spec's defaults.
func DefaultParams() *Params {
	return &Params{
		Track23:         DefaultTrack23,
		Track45:         DefaultTrack45,
		CardValues:      []int{1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 5},
		HandSize:        6,
		SmallScoringMax: 3,
		SummitSquares:   4,
		DragonsToEnd:    3,
		SeatBonus:       []int{},
	}
}

// Square kinds.
const (
	sqPlain uint8 = iota
	sqBlue
	sqGreen
	sqSummit
)

// square is one parsed track square.
type square struct {
	value int
	mark  byte // 0, 'B', 'G' or 'S'
}

// parseTrack reads a track string; key names the parameter in errors.
func parseTrack(key, text string) ([]square, error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' })
	if len(fields) == 0 {
		return nil, fmt.Errorf("%s is empty: want squares like \"1:1 2:2 3:0 4:3B … 26:8S\"", key)
	}
	if len(fields) > MaxTrack {
		return nil, fmt.Errorf("%s has %d squares; at most %d are supported", key, len(fields), MaxTrack)
	}
	out := make([]square, 0, len(fields))
	for i, f := range fields {
		want := i + 1
		body := f
		if p, rest, ok := strings.Cut(f, ":"); ok {
			n, err := strconv.Atoi(p)
			if err != nil || n != want {
				return nil, fmt.Errorf("%s square %q: position should be %d (squares are numbered 1, 2, 3 … from the start)", key, f, want)
			}
			body = rest
		}
		var sq square
		if body != "" {
			switch c := body[len(body)-1]; c {
			case 'B', 'G', 'S', 'b', 'g', 's':
				sq.mark = c &^ 0x20 // upper case
				body = body[:len(body)-1]
			}
		}
		v, err := strconv.Atoi(body)
		if err != nil {
			return nil, fmt.Errorf("%s square %q (position %d): want a value -2..8 with an optional mark B, G or S, e.g. \"4:3B\"", key, f, want)
		}
		if v < MinSquareValue || v > MaxSquareValue {
			return nil, fmt.Errorf("%s square %q (position %d): value %d is outside %d..%d", key, f, want, v, MinSquareValue, MaxSquareValue)
		}
		sq.value = v
		out = append(out, sq)
	}
	return out, nil
}

// checkTrack validates a parsed track against the summit size.
func checkTrack(key string, sq []square, summit int) error {
	n := len(sq)
	if n < summit+2 {
		return fmt.Errorf("%s has %d squares: too short for %d summit squares plus at least one blue and one green square", key, n, summit)
	}
	first := n - summit + 1 // first summit position (1-based)
	marked := 0
	for _, s := range sq {
		if s.mark == 'S' {
			marked++
		}
	}
	if marked != 0 && marked != summit {
		return fmt.Errorf("%s marks %d squares S but summitSquares is %d: give %s with its last %d squares marked S (or none)", key, marked, summit, key, summit)
	}
	for i, s := range sq {
		pos := i + 1
		switch s.mark {
		case 'S':
			if pos < first {
				return fmt.Errorf("%s square %d is marked S but summit squares must be the last %d squares (%d..%d, summitSquares=%d)", key, pos, summit, first, n, summit)
			}
		case 'B', 'G':
			if pos >= first {
				return fmt.Errorf("%s square %d is in the summit (the last %d squares) and cannot be blue or green", key, pos, summit)
			}
		}
	}
	blue, green := false, false
	for _, s := range sq[:first-1] {
		blue = blue || s.mark == 'B'
		green = green || s.mark == 'G'
	}
	if !blue || !green {
		return fmt.Errorf("%s needs at least one blue (B) and one green (G) square before the summit", key)
	}
	return nil
}

// Validate checks the parameters; the error is one line naming the key.
func (p *Params) Validate(players int) error {
	if p.SummitSquares < 1 || p.SummitSquares > MaxTrack-2 {
		return fmt.Errorf("summitSquares is %d: want 1..%d", p.SummitSquares, MaxTrack-2)
	}
	// Only the board side in use is checked when the player count is known.
	for _, t := range [...]struct {
		key, text string
		use       bool
	}{{"track23", p.Track23, players < 4}, {"track45", p.Track45, players < MinPlayers || players >= 4}} {
		if !t.use && players >= MinPlayers && players <= MaxPlayers {
			continue
		}
		sq, err := parseTrack(t.key, t.text)
		if err != nil {
			return err
		}
		if err := checkTrack(t.key, sq, p.SummitSquares); err != nil {
			return err
		}
	}
	if len(p.CardValues) == 0 || len(p.CardValues) > MaxPerColour {
		return fmt.Errorf("cardValues has %d entries: want 1..%d cards per colour", len(p.CardValues), MaxPerColour)
	}
	for i, v := range p.CardValues {
		if v < 1 || v > MaxCardValue {
			return fmt.Errorf("cardValues[%d] is %d: card values must be 1..%d", i, v, MaxCardValue)
		}
	}
	if p.HandSize < 1 || p.HandSize > MaxHand {
		return fmt.Errorf("handSize is %d: want 1..%d", p.HandSize, MaxHand)
	}
	if players >= MinPlayers && players <= MaxPlayers {
		total := NumDragons * len(p.CardValues)
		if need := players * (p.HandSize + 1); need > total {
			return fmt.Errorf("handSize %d is too large for %d players: dealing needs %d cards but the deck has %d (cardValues × 10 colours)", p.HandSize, players, need, total)
		}
	}
	if p.SmallScoringMax < MinSquareValue || p.SmallScoringMax > MaxSquareValue {
		return fmt.Errorf("smallScoringMax is %d: want %d..%d", p.SmallScoringMax, MinSquareValue, MaxSquareValue)
	}
	if p.DragonsToEnd < 1 || p.DragonsToEnd > NumDragons {
		return fmt.Errorf("dragonsToEnd is %d: want 1..%d", p.DragonsToEnd, NumDragons)
	}
	if players >= MinPlayers && players <= MaxPlayers {
		return engine.CheckSeatBonus(p.SeatBonus, players)
	}
	return nil
}

// rules are the immutable compiled parameters for one player count.
type rules struct {
	players     int
	last        int // last position (last summit square)
	summitStart int // first summit position
	value       [MaxTrack + 1]int8
	kind        [MaxTrack + 1]uint8
	smallMax    int8
	handSize    int
	toEnd       int
	distinct    int                    // number of distinct card values
	cardValue   [MaxPerColour]int8     // distinct values, ascending (kind&15 indexes it)
	perColour   int                    // cards per colour
	deck        [MaxCards]uint8        // full deck, colour-major
	deckLen     int                    //
	kindCount   [NumDragons * 16]uint8 // copies of each kind in the full deck
	text        [NumDragons * 16]string
	params      Params
	seatBonus   [MaxPlayers]int16 // starting points (parameter seatBonus)
	trk         trackRules        // component tables (track.go)
	classes     []string          // action classes (classes.go)
}

// compile builds the rules for a validated parameter set and player count.
func compile(p *Params, players int) (*rules, error) {
	if err := p.Validate(players); err != nil {
		return nil, err
	}
	if players < MinPlayers || players > MaxPlayers {
		return nil, fmt.Errorf("draco is played by %d to %d players, not %d", MinPlayers, MaxPlayers, players)
	}
	r := &rules{players: players, params: *p}
	r.params.CardValues = append([]int(nil), p.CardValues...)
	key, text := "track23", p.Track23
	if players >= 4 {
		key, text = "track45", p.Track45
	}
	sq, err := parseTrack(key, text)
	if err != nil {
		return nil, err
	}
	r.last = len(sq)
	r.summitStart = len(sq) - p.SummitSquares + 1
	for i, s := range sq {
		pos := i + 1
		r.value[pos] = int8(s.value)
		switch {
		case pos >= r.summitStart:
			r.kind[pos] = sqSummit
		case s.mark == 'B':
			r.kind[pos] = sqBlue
		case s.mark == 'G':
			r.kind[pos] = sqGreen
		}
	}
	r.smallMax = int8(p.SmallScoringMax)
	r.handSize = p.HandSize
	r.toEnd = p.DragonsToEnd
	// Distinct card values ascending.
	var seen [MaxCardValue + 1]bool
	for _, v := range p.CardValues {
		seen[v] = true
	}
	var idx [MaxCardValue + 1]int
	for v := 1; v <= MaxCardValue; v++ {
		if seen[v] {
			idx[v] = r.distinct
			r.cardValue[r.distinct] = int8(v)
			r.distinct++
		}
	}
	r.perColour = len(p.CardValues)
	for c := 0; c < NumDragons; c++ {
		for _, v := range p.CardValues {
			k := uint8(c<<4 | idx[v])
			r.deck[r.deckLen] = k
			r.deckLen++
			r.kindCount[k]++
		}
		for d := 0; d < r.distinct; d++ {
			r.text[c<<4|d] = colourNames[c] + " " + strconv.Itoa(int(r.cardValue[d]))
		}
	}
	for i, v := range p.SeatBonus {
		r.seatBonus[i] = int16(v)
	}
	r.buildTracking()
	r.buildClasses()
	return r, nil
}

func init() {
	engine.Register(engine.Game{
		Name:          Name,
		Title:         "Draco (Mount Drago)",
		Spec:          "DR",
		MinPlayers:    MinPlayers,
		MaxPlayers:    MaxPlayers,
		DefaultParams: func() engine.Params { return DefaultParams() },
		ParamDocs: map[string]string{
			"track23":         `DR-3 board side for 2–3 players: squares "pos:value[B|G|S]" (value -2..8; B blue = small scoring, G green = big scoring, S summit), e.g. "1:1 2:2 3:0 4:3B …"`,
			"track45":         "DR-3 board side for 4–5 players, same format as track23",
			"cardValues":      "DR-2 movement values of the cards of each of the 10 colours (1..30, up to 16 cards)",
			"handSize":        "DR-5/DR-10 cards dealt to each player and refilled to",
			"smallScoringMax": "DR-9 a small scoring (blue square) scores dragons on squares of at most this value",
			"summitSquares":   "DR-3 number of summit squares at the end of each track",
			"dragonsToEnd":    "DR-13 the game ends when this many dragons have reached the summit",
			"seatBonus":       engine.SeatBonusDoc("DR-9/DR-14"),
		},
		Value: valueFile,
		New: func(p engine.Params, players int) (engine.State, error) {
			dp, ok := p.(*Params)
			if !ok {
				return nil, fmt.Errorf("draco: params of type %T, want *draco.Params", p)
			}
			return New(dp, players)
		},
		// The expert's settings (see agents.Expert and the README's measurements): random
		// rollouts cut off after 8 moves with the greedy prior.
		Expert: map[int]string{
			0: "iters=1300,c=0.7,rollout=random,eps=0,depth=8,scale=8,prior=2,reuse=false",
		},
		Levers: levers,
	})
}
