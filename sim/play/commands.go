package play

import (
	"fmt"
	"strconv"
	"strings"

	"dragonlab/engine"
)

// newsEntry is one step of the news (or the deal): its lines, and whether it was the
// seat's own move.
type newsEntry struct {
	lines []string
	own   bool
}

// newsLines is the news of seat's current turn, one entry per step (the deal first when
// the seat had not seen it yet): everything that happened since the seat's last decision,
// as the seat sees it.
func (ps *Session) newsLines(seat int) []newsEntry {
	var out []newsEntry
	if ps.newsDeal[seat] {
		deal := []string{"the deal:"}
		for _, l := range ps.dealLines(seat) {
			deal = append(deal, "    "+l)
		}
		out = append(out, newsEntry{lines: deal})
	}
	for k := ps.newsFrom[seat]; k < ps.seen[seat] && k < len(ps.steps); k++ {
		out = append(out, newsEntry{lines: ps.stepLines(k, seat), own: ps.steps[k].seat == seat})
	}
	return out
}

// logText is the news of the turn in full, nothing cut (the screen may shorten it to fit).
func (ps *Session) logText(seat int) string {
	news := ps.newsLines(seat)
	if len(news) == 0 {
		return "Nothing happened since your last turn (history shows the whole game as you saw it)."
	}
	lines := []string{ps.bold("Since your last turn:")}
	for _, it := range news {
		for _, l := range it.lines {
			lines = append(lines, "  "+l)
		}
	}
	return strings.Join(lines, "\n")
}

// previewText says what choice arg (its number) does, from the engine's rules for the
// current position (engine.Previewer): every choice can be asked, however long the list.
func (ps *Session) previewText(arg string, legal []engine.Action, texts []string) string {
	if arg == "" {
		return ps.help(len(texts))
	}
	k, err := strconv.Atoi(strings.TrimSuffix(arg, ")"))
	if err != nil || k < 1 || k > len(texts) {
		return ps.warn(fmt.Sprintf("? takes the number of a choice, 1 to %d: ? 2 says what choice 2 does.", len(texts)))
	}
	pv := ""
	if p, ok := ps.s.(engine.Previewer); ok {
		pv = p.Preview(legal[k-1])
	}
	if pv == "" {
		pv = "nothing more to say before it is played (rules says how it works)"
	}
	return fmt.Sprintf("%s %s: %s", ps.num(fmt.Sprintf("%d)", k)), texts[k-1], pv)
}

// revealCommand shows the whole game now, when the person confirms: the deal with every
// hidden card and the state as nobody at the table sees it. The save is marked (a resume
// says so): from now on the game is played knowing everything.
func (ps *Session) revealCommand() {
	w, _ := ps.size()
	ps.printf("%s ", strings.Join(engine.Wrap("Reveal the whole game now — every hand, every pile, every secret choice? The game can go on, but the save will say it was revealed. [y/N]", w-2, ""), "\n"))
	yes, err := ps.con.ReadLine()
	if err != nil || !strings.HasPrefix(strings.ToLower(yes), "y") {
		ps.printf("Nothing was revealed.\n")
		return
	}
	ps.mu.Lock()
	if ps.revealedAt < 0 {
		ps.revealedAt = len(ps.steps)
		ps.appendSave(revealLine(len(ps.steps)))
	}
	ps.mu.Unlock()
	lines := []string{ps.bold("The whole game revealed — the deal:")}
	for _, l := range ps.dealLines(engine.Omniscient) {
		lines = append(lines, "    "+l)
	}
	lines = append(lines, ps.bold("and now:"))
	for _, l := range strings.Split(DescribeView(ps.s, engine.Omniscient), "\n") {
		lines = append(lines, "    "+l)
	}
	ps.page(strings.Join(lines, "\n"))
}
