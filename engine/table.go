package engine

// The optional interfaces of this file serve a person playing at a terminal (`dragonlab
// play`): a compact board, what a choice will do, and why a game ended as it did. Like the
// narration they are never on a hot path. What they show a seat must follow from what the
// seat sees: enginetest.CheckTable plays games and checks that every board and preview
// shown to a seat is the same in every state the seat cannot tell apart (Determinize).

// Boarder is implemented by states that can draw a compact board for one viewer, in the
// game's own terms: the public state (spaces and what filling them takes, the track
// ahead of the dragons, the lair and its payouts, the layout of the pieces and the
// piles), and one line per seat with its score and public state and, for the viewer's
// own seat, its hidden cards — never another seat's.
type Boarder interface {
	// Board returns the public board as viewer (a seat, or Omniscient) sees it, in lines
	// of at most width runes (width is 80 or more), without the seats' lines.
	Board(viewer, width int) []string
	// SeatBoard is seat's line as viewer sees it, without the seat's name (the caller
	// puts it first): "12 pts · hand dwarf (1,2), ship (0) · pile 40". It may be longer
	// than a screen line; the caller wraps it at its spaces.
	SeatBoard(seat, viewer int) string
}

// Previewer is implemented by states that can say what a legal action of the seat to move
// will do, as far as that seat knows now: the points it scores at once, the space it fills,
// the dragon it will ride, the square a dragon lands on and the scoring there, the chance
// that an adventurer burns, the stakes of take against rescue. Chance still to come (a
// card to be drawn) and what other seats hide (their hands, their secret choices) are
// never looked at: two states the seat cannot tell apart give the same previews.
type Previewer interface {
	// Preview is a short phrase ("fills Dwarf 4/4: +8"), "" when there is nothing to say.
	Preview(a Action) string
}

// EndExplainer is implemented by states that can explain a score and a result.
type EndExplainer interface {
	// ScoreParts is seat's score broken into its parts ("cards 44 + figurine 3 = 47");
	// "" when the score has a single part.
	ScoreParts(seat int) string
	// Decider says, once the game is over, what ended it and how the result was decided:
	// the end condition, and when it was not simply the highest score alone, the tie and
	// the rule that broke it, a shared win, a solitaire loss, a safety cap; each with its
	// rule ID ("a tie at 47: the owner of the figurine, seat 1, wins (DH-20)").
	Decider() string
}

// Wrap breaks text at its spaces into lines of at most width runes; the lines after the
// first start with indent. A word longer than a line stays whole on a line of its own. A
// text that fits is returned as it is (its runs of spaces kept); a wrapped one has single
// spaces between its words.
func Wrap(text string, width int, indent string) []string {
	if runeLen(text) <= width {
		return []string{text}
	}
	var lines []string
	line, lineLen := "", 0
	prefix := ""
	for _, word := range splitWords(text) {
		n := runeLen(word)
		switch {
		case lineLen == 0:
			line, lineLen = prefix+word, runeLen(prefix)+n
		case lineLen+1+n <= width:
			line += " " + word
			lineLen += 1 + n
		default:
			lines = append(lines, line)
			prefix = indent
			line, lineLen = prefix+word, runeLen(prefix)+n
		}
	}
	if lineLen > 0 || len(lines) == 0 {
		lines = append(lines, line)
	}
	return lines
}

// splitWords splits at single spaces, keeping the leading spaces of text on its first
// word (an indented line stays indented).
func splitWords(text string) []string {
	lead := 0
	for lead < len(text) && text[lead] == ' ' {
		lead++
	}
	var words []string
	start := lead
	for i := lead; i <= len(text); i++ {
		if i == len(text) || text[i] == ' ' {
			if i > start {
				words = append(words, text[start:i])
			}
			start = i + 1
		}
	}
	if len(words) > 0 {
		words[0] = text[:lead] + words[0]
	}
	// A separator stays at the end of the line before it, never starts a line.
	out := words[:0]
	for _, w := range words {
		if (w == "·" || w == "—" || w == "|") && len(out) > 0 {
			out[len(out)-1] += " " + w
			continue
		}
		out = append(out, w)
	}
	return out
}

func runeLen(s string) int {
	n := 0
	for range s {
		n++
	}
	return n
}
