// Package dragonscales implements Dragon Scales (Le jeu du dragon), rules DS-1..DS-23 of
// shared/rules/dragonscales.md: the solitaire (1 player), the three-player game and the
// two-player game. The player count picks the game.
package dragonscales

import (
	"fmt"
	"strings"

	"dragonlab/engine"
)

// Limits of the fixed-size state.
const (
	maxDeck  = 32               // cards per deck (red or blue)
	maxCards = 2*maxDeck + 2    // both decks and two Jokers
	maxIDs   = 128              // card ids, copies included (a cardSet holds 128)
	maxHand  = 8                // duoHand upper bound
	maxCap   = 1_000_000_000    // maxRounds / maxThrows upper bound
	full     = uint16(1<<9 - 1) // all nine cells
)

// Weapons (DS-2): weapon w beats weapon (w+1) mod 3.
const (
	net = iota
	club
	sword
)

var weaponNames = [3]string{"net", "club", "sword"}

// Piece names (DS-1), colour-major.
var (
	colourNames = [3]string{"green", "orange", "yellow"}
	shapeNames  = [3]string{"triangle", "square", "circle"}
	pieceNames  = func() (n [9]string) {
		for c := range colourNames {
			for sh := range shapeNames {
				n[c*3+sh] = colourNames[c] + "-" + shapeNames[sh]
			}
		}
		return n
	}()
)

// beats reports whether weapon a beats weapon b (DS-2).
func beats(a, b uint8) bool { return (a+1)%3 == b }

// Params are the rules parameters of Dragon Scales (JSON keys as in the spec).
type Params struct {
	// Layout names the piece on each cell, in cell order A1 B1 C1 A2 … C3 (DS-1).
	Layout []string `json:"layout"`
	// RedDeck and BlueDeck list the combat cards, each "<weapon> <piece> …" (DS-3).
	RedDeck  []string `json:"redDeck"`
	BlueDeck []string `json:"blueDeck"`
	// SoloJokers is the number of Jokers shuffled into the solitaire's red deck (DS-4).
	SoloJokers int `json:"soloJokers"`
	// TrioTarget is the connected group that wins the three-player game (DS-14).
	TrioTarget int `json:"trioTarget"`
	// DuoTarget is the group that wins the two-player game (DS-20).
	DuoTarget int `json:"duoTarget"`
	// DuoConnected: the two-player target counts one connected group (true) or all pieces.
	DuoConnected bool `json:"duoConnected"`
	// DuoHand > 0: two-player hand variant, cards held and chosen secretly (DS-16).
	DuoHand int `json:"duoHand"`
	// MaxRounds is the safety cap on combats (DS-21).
	MaxRounds int `json:"maxRounds"`
	// MaxThrows caps rock-paper-scissors throws in the three-player game (DS-21, an
	// engine choice so that agents always showing the same gesture cannot loop forever).
	MaxThrows int `json:"maxThrows"`
	// SecretOrder is the order in which the engine asks for the secret simultaneous
	// choices of DS-11 (the throws) and DS-16 (the hand variant's cards):
	// engine.SecretOrderSeat (seat order) or engine.SecretOrderReverse. The choices are
	// revealed together, so it must change no result.
	SecretOrder string `json:"secretOrder"`
}

// defaultLayout is the PROPOSED layout of DS-1, in cell order.
var defaultLayout = [9]string{
	"green-triangle", "orange-circle", "yellow-square",
	"orange-square", "yellow-triangle", "green-circle",
	"yellow-circle", "green-square", "orange-triangle",
}

// defaultDecks builds the PROPOSED decks of DS-3 from the default layout.
func defaultDecks() (red, blue []string) {
	var triples [][3]int // cells, in cell order
	rows := func() {
		for r := 0; r < 3; r++ {
			triples = append(triples, [3]int{r * 3, r*3 + 1, r*3 + 2})
		}
	}
	cols := func() {
		for c := 0; c < 3; c++ {
			triples = append(triples, [3]int{c, c + 3, c + 6})
		}
	}
	// same-colour and same-shape triples, pieces in cell order
	byAttr := func(attr func(piece int) int) {
		for v := 0; v < 3; v++ {
			var t [3]int
			k := 0
			for cell, name := range defaultLayout {
				if attr(pieceIndex(name)) == v {
					t[k] = cell
					k++
				}
			}
			triples = append(triples, t)
		}
	}
	rows()
	cols()
	byAttr(func(p int) int { return p / 3 })
	byAttr(func(p int) int { return p % 3 })
	rows()
	cols()
	for i, t := range triples {
		red = append(red, fmt.Sprintf("%s %s %s %s", weaponNames[(i+i/9)%3],
			defaultLayout[t[0]], defaultLayout[t[1]], defaultLayout[t[2]]))
	}
	for i := 0; i < 18; i++ {
		blue = append(blue, weaponNames[(i+i/9)%3]+" "+defaultLayout[i%9])
	}
	return red, blue
}

func pieceIndex(name string) int {
	for i, n := range pieceNames {
		if n == name {
			return i
		}
	}
	return -1
}

func weaponIndex(name string) int {
	for i, n := range weaponNames {
		if n == name {
			return i
		}
	}
	return -1
}

// DefaultParams returns the spec's defaults.
func DefaultParams() *Params {
	red, blue := defaultDecks()
	return &Params{
		Layout:       append([]string(nil), defaultLayout[:]...),
		RedDeck:      red,
		BlueDeck:     blue,
		SoloJokers:   1,
		TrioTarget:   5,
		DuoTarget:    6,
		DuoConnected: true,
		DuoHand:      0,
		MaxRounds:    400,
		MaxThrows:    4000,
		SecretOrder:  engine.SecretOrderSeat,
	}
}

// Validate checks the parameters for the given player count (one line naming the key).
func (p *Params) Validate(players int) error {
	_, err := compile(p, players)
	return err
}

// parseCard reads "<weapon> <piece> …" naming want pieces; it returns the weapon and the
// named pieces (piece indices).
func parseCard(key string, i int, card string, want int) (weapon int, pieces []int, err error) {
	f := strings.Fields(card)
	where := fmt.Sprintf("%s[%d] %q", key, i, card)
	if len(f) == 0 {
		return 0, nil, fmt.Errorf("%s: empty card; want \"<weapon> <piece>…\"", where)
	}
	weapon = weaponIndex(f[0])
	if weapon < 0 {
		return 0, nil, fmt.Errorf("%s: unknown weapon %q (valid: net, club, sword)", where, f[0])
	}
	if len(f)-1 != want {
		return 0, nil, fmt.Errorf("%s: a %s card names %d piece(s), not %d", where,
			strings.TrimSuffix(key, "Deck"), want, len(f)-1)
	}
	for _, name := range f[1:] {
		pi := pieceIndex(name)
		if pi < 0 {
			return 0, nil, fmt.Errorf("%s: unknown piece %q (valid: %s)", where, name, strings.Join(pieceNames[:], ", "))
		}
		for _, q := range pieces {
			if q == pi {
				return 0, nil, fmt.Errorf("%s: piece %q named twice", where, name)
			}
		}
		pieces = append(pieces, pi)
	}
	return weapon, pieces, nil
}

// Card types.
const (
	tRed uint8 = iota
	tBlue
	tJoker
)

// rules is the immutable compiled form of Params for one player count.
type rules struct {
	players                      int
	nRed, nBlue, nJokers, nCards int
	// Card tables by card id: the cards 0..nCards-1, then (two players, when they fit)
	// the copies nCards+c of each card c that a substitution may deal (substitute.go).
	typ                  [maxIDs]uint8  // tRed, tBlue, tJoker
	back                 [maxIDs]uint8  // back colour: tRed (red cards, Jokers) or tBlue
	weapon               [maxIDs]uint8  // 0..2 (Jokers: 0, unused)
	mask                 [maxIDs]uint16 // cells named
	kind                 [maxIDs]uint8  // lowest id of an identical card
	cardText             [maxIDs]string
	cellName             [9]string
	target               int  // pieces needed (multi-player)
	connected            bool // target counts one connected group
	hand                 int  // duoHand (2 players)
	ops                  uint8
	maxRounds, maxThrows uint32
	reverse              bool       // secretOrder reverse: secret choices asked last seat first
	trk                  trackRules // component tables (track.go)
}

func compile(p *Params, players int) (*rules, error) {
	if players < 1 || players > 3 {
		return nil, fmt.Errorf("dragonscales is played by 1 to 3 players, not %d", players)
	}
	r := &rules{players: players}
	// DS-1 layout.
	if len(p.Layout) != 9 {
		return nil, fmt.Errorf("layout: want the 9 pieces in cell order A1 B1 C1 A2 … C3, got %d", len(p.Layout))
	}
	seen := [9]bool{}
	for cell, name := range p.Layout {
		pi := pieceIndex(name)
		if pi < 0 {
			return nil, fmt.Errorf("layout[%d]: unknown piece %q (valid: %s)", cell, name, strings.Join(pieceNames[:], ", "))
		}
		if seen[pi] {
			return nil, fmt.Errorf("layout: piece %q appears twice; the layout must place each of the 9 pieces once", name)
		}
		seen[pi] = true
		r.cellName[cell] = name
	}
	var cellOf [9]int
	for cell, name := range p.Layout {
		cellOf[pieceIndex(name)] = cell
	}
	// DS-3 decks.
	if n := len(p.RedDeck); n < 1 || n > maxDeck {
		return nil, fmt.Errorf("redDeck: %d cards; want 1 to %d", n, maxDeck)
	}
	if n := len(p.BlueDeck); n < 1 || n > maxDeck {
		return nil, fmt.Errorf("blueDeck: %d cards; want 1 to %d", n, maxDeck)
	}
	if p.SoloJokers < 0 || p.SoloJokers > 2 {
		return nil, fmt.Errorf("soloJokers: %d; want 0 to 2 (the box has two Jokers)", p.SoloJokers)
	}
	r.nRed, r.nBlue = len(p.RedDeck), len(p.BlueDeck)
	r.nJokers = 2
	if players == 1 {
		r.nJokers = p.SoloJokers
	}
	r.nCards = r.nRed + r.nBlue + r.nJokers
	id := 0
	for d, deck := range [2][]string{p.RedDeck, p.BlueDeck} {
		key, want, typ := "redDeck", 3, tRed
		if d == 1 {
			key, want, typ = "blueDeck", 1, tBlue
		}
		for i, card := range deck {
			w, pieces, err := parseCard(key, i, card, want)
			if err != nil {
				return nil, err
			}
			r.typ[id], r.back[id], r.weapon[id] = typ, typ, uint8(w)
			for _, pi := range pieces {
				r.mask[id] |= 1 << cellOf[pi]
			}
			id++
		}
	}
	for j := 0; j < r.nJokers; j++ {
		r.typ[id], r.back[id] = tJoker, tRed
		id++
	}
	for c := 0; c < r.nCards; c++ {
		r.kind[c] = uint8(c)
		for k := 0; k < c; k++ {
			if r.typ[k] == r.typ[c] && (r.typ[c] == tJoker || r.weapon[k] == r.weapon[c] && r.mask[k] == r.mask[c]) {
				r.kind[c] = uint8(k)
				break
			}
		}
		r.cardText[c] = r.describeCard(c)
	}
	if r.copies() {
		for c := 0; c < r.nCards; c++ {
			d := r.nCards + c
			r.typ[d], r.back[d], r.weapon[d], r.mask[d] = r.typ[c], r.back[c], r.weapon[c], r.mask[c]
			r.kind[d], r.cardText[d] = r.kind[c], r.cardText[c]
		}
	}
	// Targets and variants.
	if p.TrioTarget < 1 || p.TrioTarget > 9 {
		return nil, fmt.Errorf("trioTarget: %d; want 1 to 9 pieces (DS-14)", p.TrioTarget)
	}
	if p.DuoTarget < 1 || p.DuoTarget > 9 {
		return nil, fmt.Errorf("duoTarget: %d; want 1 to 9 pieces (DS-20)", p.DuoTarget)
	}
	if p.DuoHand < 0 || p.DuoHand > maxHand {
		return nil, fmt.Errorf("duoHand: %d; want 0 (no hand) to %d cards (DS-16)", p.DuoHand, maxHand)
	}
	if p.MaxRounds < 1 || p.MaxRounds > maxCap {
		return nil, fmt.Errorf("maxRounds: %d; want 1 to %d combats (DS-21)", p.MaxRounds, maxCap)
	}
	if p.MaxThrows < 1 || p.MaxThrows > maxCap {
		return nil, fmt.Errorf("maxThrows: %d; want 1 to %d throws (DS-21)", p.MaxThrows, maxCap)
	}
	r.maxRounds, r.maxThrows = uint32(p.MaxRounds), uint32(p.MaxThrows)
	rev, err := engine.CheckSecretOrder(p.SecretOrder)
	if err != nil {
		return nil, err
	}
	r.reverse = rev
	switch players {
	case 2:
		if r.nRed%2 != 0 || r.nBlue%2 != 0 {
			return nil, fmt.Errorf("redDeck/blueDeck: %d red and %d blue cards cannot be halved between 2 players (DS-15); use even deck sizes", r.nRed, r.nBlue)
		}
		if per := r.nRed/2 + r.nBlue/2 + 1; p.DuoHand > per {
			return nil, fmt.Errorf("duoHand: %d; a player's pile has only %d cards (DS-16)", p.DuoHand, per)
		}
		r.target, r.connected, r.hand, r.ops = p.DuoTarget, p.DuoConnected, p.DuoHand, 3
	case 3:
		if r.nCards%2 != 0 {
			return nil, fmt.Errorf("redDeck/blueDeck: %d cards with the 2 Jokers cannot be split into two equal piles (DS-10); use an even total", r.nCards)
		}
		r.target, r.connected, r.ops = p.TrioTarget, true, 1
	default:
		r.target, r.connected, r.ops = 9, false, 3
	}
	r.buildTracking()
	return r, nil
}

// describeCard is the text of card c: "joker" or "<colour> <weapon> <piece> …".
func (r *rules) describeCard(c int) string {
	if r.typ[c] == tJoker {
		return "joker"
	}
	var b strings.Builder
	if r.typ[c] == tRed {
		b.WriteString("red ")
	} else {
		b.WriteString("blue ")
	}
	b.WriteString(weaponNames[r.weapon[c]])
	for cell := 0; cell < 9; cell++ {
		if r.mask[c]&(1<<cell) != 0 {
			b.WriteByte(' ')
			b.WriteString(r.cellName[cell])
		}
	}
	return b.String()
}

var paramDocs = map[string]string{
	"layout":       "DS-1: the nine pieces in cell order A1 B1 C1 A2 B2 C2 A3 B3 C3 (a permutation of colour-shape names)",
	"redDeck":      "DS-3: red-backed combat cards, each \"<net|club|sword> <piece> <piece> <piece>\" (pieces by name, not cell)",
	"blueDeck":     "DS-3: blue-backed combat cards, each \"<net|club|sword> <piece>\"",
	"soloJokers":   "DS-4: Jokers shuffled into the solitaire's red deck (0-2)",
	"trioTarget":   "DS-14: connected pieces that win the three-player game (1-9)",
	"duoTarget":    "DS-20: pieces that win the two-player game (1-9)",
	"duoConnected": "DS-20: the two-player target must be one connected group (false: any pieces)",
	"duoHand":      "DS-16: two-player hand variant: cards held, one chosen secretly each combat (0 = flip the pile)",
	"maxRounds":    "DS-21: safety cap, combats before the game is a draw that nobody wins (counted as noWinner)",
	"maxThrows":    "DS-21: safety cap on rock-paper-scissors throws in the three-player game (then a draw that nobody wins, counted as noWinner)",
	"secretOrder":  engine.SecretOrderDoc("DS-11, DS-16"),
}

func init() {
	engine.Register(engine.Game{
		Name:          Name,
		Title:         "Dragon Scales (Le jeu du dragon)",
		Spec:          "DS",
		MinPlayers:    1,
		MaxPlayers:    3,
		DefaultParams: func() engine.Params { return DefaultParams() },
		ParamDocs:     paramDocs,
		Value:         valueFile,
		New:           newState,
		// The expert's settings (see agents.Expert and the README's measurements). For
		// three players the cut-off hurts (the evaluation, pieces held, says little
		// mid-game): full rollouts with the prior. For one and two players (one or two
		// decisions a game) nothing measured helps: plain IS-MCTS.
		Expert: map[int]string{
			0: "iters=1000,c=0.7,rollout=random,eps=0,depth=0,scale=10,prior=0,reuse=false",
			3: "iters=900,c=0.7,rollout=random,eps=0,depth=0,scale=3,prior=2,reuse=false",
		},
		// What a designer turns (tune --levers auto): the seats are alike by the rules
		// (the players turn or throw at once), so the levers set difficulty and length.
		Levers: []engine.Lever{
			{Path: "soloJokers", Lo: 0, Hi: 2, Step: 1, Players: []int{1}, Why: "DS: the Jokers in the red deck set the solitaire's difficulty"},
			{Path: "duoTarget", Lo: 4, Hi: 8, Step: 1, Players: []int{2}, Why: "DS-20: pieces to collect, how long a duel lasts"},
			{Path: "duoHand", Lo: 0, Hi: 3, Step: 3, Players: []int{2}, Why: "DS-16: both players turn their cards at once, so the seats are alike by the rules; the hand variant (three cards) gives each player a choice every combat"},
			{Path: "trioTarget", Lo: 3, Hi: 7, Step: 1, Players: []int{3}, Why: "DS-14: pieces to collect, how long a game lasts"},
		},
	})
}

func newState(p engine.Params, players int) (engine.State, error) {
	pp, ok := p.(*Params)
	if !ok {
		return nil, fmt.Errorf("dragonscales: params of type %T, want *dragonscales.Params", p)
	}
	r, err := compile(pp, players)
	if err != nil {
		return nil, err
	}
	return &State{r: r}, nil
}
