package draco

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"dragonlab/engine"
)

// Track squares as levers: "track23[5]" is the value of square 5 of the 2–3 player board
// side (positions as the track numbers them, from 1), "track45[5]" the same on the 4–5
// player side. The mark of the square (B, G, S) is kept.

var squareRE = regexp.MustCompile(`^(track23|track45)\[([0-9]+)\]$`)

// Number reads a square's value (engine.NumberPather).
func (p *Params) Number(path string) (float64, bool, error) {
	m := squareRE.FindStringSubmatch(path)
	if m == nil {
		return 0, false, nil
	}
	sq, pos, err := p.square(m[1], m[2])
	if err != nil {
		return 0, true, err
	}
	return float64(sq[pos-1].value), true, nil
}

// SetNumber sets a square's value, keeping its mark (engine.NumberPather).
func (p *Params) SetNumber(path string, v float64) (bool, error) {
	m := squareRE.FindStringSubmatch(path)
	if m == nil {
		return false, nil
	}
	sq, pos, err := p.square(m[1], m[2])
	if err != nil {
		return true, err
	}
	if v != math.Trunc(v) || v < MinSquareValue || v > MaxSquareValue {
		return true, fmt.Errorf("%s: a square's value is a whole number %d..%d, not %s", path, MinSquareValue, MaxSquareValue, strconv.FormatFloat(v, 'g', -1, 64))
	}
	sq[pos-1].value = int(v)
	text := make([]string, len(sq))
	for i, s := range sq {
		text[i] = strconv.Itoa(i+1) + ":" + strconv.Itoa(s.value)
		if s.mark != 0 {
			text[i] += string(s.mark)
		}
	}
	if m[1] == "track23" {
		p.Track23 = strings.Join(text, " ")
	} else {
		p.Track45 = strings.Join(text, " ")
	}
	return true, nil
}

func (p *Params) square(key, posText string) ([]square, int, error) {
	text := p.Track23
	if key == "track45" {
		text = p.Track45
	}
	sq, err := parseTrack(key, text)
	if err != nil {
		return nil, 0, err
	}
	pos, err := strconv.Atoi(posText)
	if err != nil || pos < 1 || pos > len(sq) {
		return nil, 0, fmt.Errorf("%s[%s]: the track has squares 1..%d (positions from 1)", key, posText, len(sq))
	}
	return sq, pos, nil
}

// levers are what a designer of Draco turns (tune --levers auto).
var levers = []engine.Lever{
	{Path: "seatBonus", Lo: 0, Hi: 6, Step: 1, Why: "starting points per seat compensate a seat's advantage (later seats start with more)"},
	{Path: "handSize", Lo: 4, Hi: 8, Step: 1, Why: "more cards in hand: more choice each turn, and a longer reach"},
}

var _ engine.NumberPather = (*Params)(nil)
