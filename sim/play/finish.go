package play

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"unicode/utf8"

	"dragonlab/engine"
	"dragonlab/sim"
)

// SaveError is a save that failed (issue 27: the game is never lost): the game was kept
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

// Finish shows the end (or the stop: note says why) to everybody, reveals the whole game
// and saves it. It runs once; the CLI's signal handler may call it while Play runs. It
// returns a *SaveError when the save failed.
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
	w, _ := ps.size()
	wrap := func(line, indent string) string { return strings.Join(engine.Wrap(line, w-1, indent), "\n") }
	if s.Terminal() {
		ps.printf("\n%s\n", ps.title("Game over"))
	} else {
		ps.printf("\n%s\n", ps.title("Game stopped ("+note+")"))
	}
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
	if s.Terminal() {
		ps.printf("%s\n", wrap(ps.bold("Result:")+" "+ps.resultText(s), "  "))
		if ex != nil {
			if d := ex.Decider(); d != "" {
				ps.printf("%s\n", wrap(ps.bold("How:")+" "+d, "  "))
			}
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
	if ps.Save == "" {
		return nil
	}
	data := ps.traceBytes(s, note)
	if err := sim.WriteFileAtomic(ps.Save, data); err != nil {
		return ps.keepGame(data, err)
	}
	if s.Terminal() {
		ps.say(same, "Saved to %s: dragonlab trace --replay %s prints the whole game.", ps.Save, ps.Save)
	} else {
		ps.say(same, "Saved to %s: dragonlab play --resume %s continues it, dragonlab trace --replay %s prints it.", ps.Save, ps.Save, ps.Save)
	}
	return nil
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

// traceBytes is the game as a JSONL trace (the format of trace --format jsonl): the
// header with the seed, every action with its omniscient narration, the end.
func (ps *Session) traceBytes(s engine.State, note string) []byte {
	var b bytes.Buffer
	tw := NewTraceWriter(&b, true)
	tw.Header(TraceHeader{Game: ps.Game.Name, Players: ps.Players, Params: engine.ParamsJSON(ps.Params),
		Agents: ps.Specs, Seed: ps.Seed, Index: ps.index, GameSeed: ps.gameSeed, View: ViewName(engine.Omniscient),
		Deal: ps.dealLines(engine.Omniscient)}, ps.Game, ps.Params)
	for k, st := range ps.steps {
		action, events := NarrateStep(st.before, st.after, st.action, engine.Omniscient)
		tw.Step(TraceStep{Step: k + 1, Seat: st.seat, Action: action, Events: events})
	}
	e := EndOf(s, len(ps.steps), engine.Omniscient)
	if !e.Finished {
		e.Note = note
	}
	tw.End(e)
	return b.Bytes()
}
