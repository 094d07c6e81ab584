package play

import (
	"fmt"
	"os"
	"strings"
	"unicode/utf8"

	"dragonlab/engine"
)

// SaveError is a save that failed (the game is never lost): the game was kept
// in Kept instead, or printed on the console as JSONL when Kept is "".
type SaveError struct {
	Path string
	Err  error
	Kept string
}

func (e *SaveError) Error() string {
	where := "it is printed above as JSONL"
	if e.Kept != "" {
		where = "it is kept in " + e.Kept + " (dragonlab play --resume " + e.Kept + " continues it)"
	}
	return fmt.Sprintf("could not save the game to %s: %v; %s", e.Path, e.Err, where)
}

func (e *SaveError) Unwrap() error { return e.Err }

// Finish ends the session: at the game's end it shows the result to everybody and reveals
// the whole game; at a stop (note says why) it shows nothing hidden — only the moves the
// person had not yet seen, as the person's seat sees them — so that the game can be
// resumed as it was. Then it closes the save with its end line. It runs once; the CLI's
// signal handler may call it while Play runs. It returns a *SaveError when the save failed.
func (ps *Session) Finish(note string) error {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.saved {
		return nil
	}
	ps.saved = true
	// The state after the last recorded step (not ps.s, which a signal handler may see
	// in the middle of an Apply).
	s := ps.gameAt(len(ps.steps))
	if ps.humans > 1 || ps.onScreen < 0 {
		ps.clear()
	}
	if s.Terminal() {
		ps.showEnd(s)
	} else {
		ps.showStop(note)
	}
	if ps.Save == "" {
		return nil
	}
	ps.openSave() // a game stopped before it started still leaves its save
	if err := ps.closeSave(s, note); err != nil {
		return ps.keepGame(ps.traceBytes(s, note), err)
	}
	if s.Terminal() {
		ps.say(same, "Saved to %s: dragonlab trace --replay %s prints the whole game.", ps.Save, ps.Save)
	} else {
		ps.say(same, "Saved to %s: dragonlab play --resume %s continues it (nothing hidden was shown).", ps.Save, ps.Save)
	}
	return nil
}

// showStop says the game stopped and shows what the person had not yet seen of it, in the
// view of the person's seat (one human; in a hot-seat game the screen is shared: nothing).
func (ps *Session) showStop(note string) {
	w, _ := ps.size()
	ps.printf("\n%s\n", ps.title("Game stopped ("+note+")"))
	me := ps.me()
	if me < 0 {
		return
	}
	from := min(len(ps.steps), max(ps.seen[me], ps.shown[me]))
	if from < len(ps.steps) {
		ps.printf("%s\n", ps.bold("Last moves:"))
		for k := from; k < len(ps.steps); k++ {
			for _, l := range ps.stepLines(k, me) {
				ps.printf("%s\n", strings.Join(engine.Wrap("  "+l, w-1, "        "), "\n"))
			}
		}
	}
}

// showEnd shows a finished game to everybody: the last moves, the result and how it was
// decided, the scores with their parts, and the whole game revealed.
func (ps *Session) showEnd(s engine.State) {
	w, _ := ps.size()
	wrap := func(line, indent string) string { return strings.Join(engine.Wrap(line, w-1, indent), "\n") }
	ps.printf("\n%s\n", ps.title("Game over"))
	// The moves nobody has seen yet, with everything revealed.
	from := len(ps.steps)
	for seat := range ps.Specs {
		if ps.Specs[seat] == Human {
			from = min(from, max(ps.seen[seat], ps.shown[seat]))
		}
	}
	if from < len(ps.steps) {
		ps.printf("%s\n", ps.bold("Last moves:"))
		for k := from; k < len(ps.steps); k++ {
			for _, l := range ps.stepLines(k, engine.Omniscient) {
				ps.printf("%s\n", wrap("  "+l, "        "))
			}
		}
	}
	ex, _ := s.(engine.EndExplainer)
	ps.printf("%s\n", wrap(ps.bold("Result:")+" "+ps.resultText(s), "  "))
	if ex != nil {
		if d := ex.Decider(); d != "" {
			ps.printf("%s\n", wrap(ps.bold("How:")+" "+d, "  "))
		}
	}
	names := make([]string, ps.Players)
	nameW := 0
	for i := range names {
		names[i] = ps.seatName(i, ps.me())
		nameW = max(nameW, utf8.RuneCountInString(names[i]))
	}
	ps.printf("%s\n", ps.bold("Scores:"))
	for i, name := range names {
		head := fmt.Sprintf("  %-*s  %g", nameW, name, s.Score(i))
		parts := ""
		if ex != nil {
			parts = ex.ScoreParts(i)
		}
		if parts == "" {
			ps.printf("%s\n", head)
			continue
		}
		// The parts after the score, wrapped in their own column.
		pad := strings.Repeat(" ", utf8.RuneCountInString(head)+2)
		for j, l := range engine.Wrap(parts, max(30, w-1-len(pad)), "  ") {
			if j == 0 {
				ps.printf("%s  %s\n", head, l)
			} else {
				ps.printf("%s%s\n", pad, l)
			}
		}
	}
	ps.printf("%s\n", ps.bold("The whole game revealed — the deal:"))
	for _, l := range ps.dealLines(engine.Omniscient) {
		if strings.Contains(l, "top first") {
			continue // the order of the piles is in the saved game (trace --replay)
		}
		ps.printf("%s\n", wrap("    "+l, "        "))
	}
	ps.printf("%s\n", ps.bold("and the end:"))
	for _, l := range strings.Split(DescribeView(s, engine.Omniscient), "\n") {
		ps.printf("%s\n", wrap("    "+l, "        "))
	}
}

// keepGame keeps a game whose save failed: in a new file of the temporary directory, or
// else printed on the console.
func (ps *Session) keepGame(data []byte, err error) error {
	serr := &SaveError{Path: ps.Save, Err: err}
	f, terr := os.CreateTemp("", fmt.Sprintf("dragonlab-%s-seed%d-*.jsonl", ps.Game.Name, ps.Seed))
	if terr == nil {
		_, werr := f.Write(data)
		cerr := f.Close()
		if werr == nil && cerr == nil {
			serr.Kept = f.Name()
			return serr
		}
		os.Remove(f.Name())
	}
	ps.printf("The game as JSONL (save it to a file; dragonlab play --resume FILE continues it):\n%s", data)
	return serr
}

// resultText says who won.
func (ps *Session) resultText(s engine.State) string {
	out := make([]float64, ps.Players)
	s.Result(out)
	var winners []string
	for i, v := range out {
		if v > 0 {
			winners = append(winners, ps.seatName(i, ps.me()))
		}
	}
	switch {
	case len(winners) == 0 && ps.Players == 1 && ps.me() == 0:
		return "you lose"
	case len(winners) == 0 && ps.Players == 1:
		return "seat 0 loses"
	case len(winners) == 0:
		return "nobody wins"
	case len(winners) == 1:
		return winners[0] + " wins"
	case len(winners) == ps.Players && engine.Draw(out):
		return "a draw: " + strings.Join(winners, ", ") + " share the win"
	}
	return strings.Join(winners, ", ") + " share the win"
}

// traceBytes is the whole game as a JSONL trace (the format of trace --format jsonl): the
// header with the seed, every action with its omniscient narration, the end.
func (ps *Session) traceBytes(s engine.State, note string) []byte {
	return append(ps.savePrefix(), ps.endLine(s, note)...)
}
