package play

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"

	"dragonlab/engine"
	"dragonlab/sim"
)

// The save grows with the game: its header is written when the game starts, each decision
// is appended as it is taken and flushed to disk (fsync) before the game goes on, and the
// end line closes it. A game killed (kill -9, a crash, a power cut) loses at most the
// decision in progress: the file then has no end line, and --resume continues it from its
// last decision (ReadSavedGame drops a last line cut in the middle of its writing).

// CreateSave creates the save of a new game exclusively (O_EXCL: a file that exists, made
// even at the same moment by another game, is never taken): path itself when exact, else
// base.jsonl, or base-2.jsonl, base-3.jsonl … for the first name free.
func CreateSave(base string, exact bool) (*os.File, error) {
	if exact {
		return os.OpenFile(base, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	}
	for k := 1; ; k++ {
		path := base + ".jsonl"
		if k > 1 {
			path = base + "-" + strconv.Itoa(k) + ".jsonl"
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) && k < 10000 {
			continue
		}
		return f, err
	}
}

// openSave writes the game so far to the save and keeps it open to append to: the file
// the CLI created (SaveFile), else a resumed game's own file, rewritten whole (without its
// end line) in one atomic rename, else Save created exclusively. Called with ps.mu held.
func (ps *Session) openSave() {
	if ps.opened || ps.Save == "" {
		return
	}
	ps.opened = true
	f := ps.SaveFile
	var err error
	prefix := ps.savePrefix()
	switch {
	case f != nil:
		err = writeSync(f, prefix)
	case ps.resumed > 0:
		if err = sim.WriteFileAtomic(ps.Save, prefix); err == nil {
			f, err = os.OpenFile(ps.Save, os.O_WRONLY|os.O_APPEND, 0)
		}
	default:
		if f, err = CreateSave(ps.Save, true); err == nil {
			err = writeSync(f, prefix)
		}
	}
	ps.saveF = f
	ps.saveFailed(err)
}

// saveFailed records the first failure of the save: the game goes on, and its end keeps
// the whole game elsewhere (keepGame). Called with ps.mu held.
func (ps *Session) saveFailed(err error) {
	if err == nil || ps.saveErr != nil {
		return
	}
	ps.saveErr = err
	if ps.saveF != nil {
		ps.saveF.Close()
		ps.saveF = nil
	}
}

// appendSave writes lines (whole JSONL lines) to the save and flushes them to disk.
// Called with ps.mu held.
func (ps *Session) appendSave(lines []byte) {
	if ps.Save == "" || ps.saveErr != nil {
		return
	}
	ps.openSave()
	if ps.saveF == nil {
		return
	}
	ps.saveFailed(writeSync(ps.saveF, lines))
}

// writeSync writes b to f and flushes it to disk: a decision saved survives a crash.
func writeSync(f *os.File, b []byte) error {
	if _, err := f.Write(b); err != nil {
		return err
	}
	return f.Sync()
}

// savePrefix is the header and the decisions so far, with the reveal marks.
func (ps *Session) savePrefix() []byte {
	var b bytes.Buffer
	tw := NewTraceWriter(&b, true)
	tw.Header(TraceHeader{Game: ps.Game.Name, Players: ps.Players, Params: engine.ParamsJSON(ps.Params),
		Agents: ps.Specs, Seed: ps.Seed, Index: ps.index, GameSeed: ps.gameSeed, View: ViewName(engine.Omniscient),
		Deal: ps.dealLines(engine.Omniscient)}, ps.Game, ps.Params)
	if ps.revealedAt == 0 {
		tw.Reveal(0)
	}
	for k := range ps.steps {
		b.Write(ps.stepLine(k))
		if ps.revealedAt == k+1 {
			tw.Reveal(k + 1)
		}
	}
	return b.Bytes()
}

// stepLine is step k's JSONL line, narrated for everybody.
func (ps *Session) stepLine(k int) []byte {
	var b bytes.Buffer
	st := ps.steps[k]
	action, events := NarrateStep(st.before, st.after, st.action, engine.Omniscient)
	NewTraceWriter(&b, true).Step(TraceStep{Step: k + 1, Seat: st.seat, Action: action, Events: events})
	return b.Bytes()
}

// endLine is the end line of the game in s (note: why it stopped, if it is not over).
func (ps *Session) endLine(s engine.State, note string) []byte {
	var b bytes.Buffer
	e := EndOf(s, len(ps.steps), engine.Omniscient)
	if !e.Finished {
		e.Note = note
	}
	NewTraceWriter(&b, true).End(e)
	return b.Bytes()
}

// closeSave appends the end line and closes the save; the error is the first failure of
// the save since the game started. Called with ps.mu held.
func (ps *Session) closeSave(s engine.State, note string) error {
	if ps.Save == "" {
		return nil
	}
	ps.appendSave(ps.endLine(s, note))
	if ps.saveF != nil && ps.saveErr == nil {
		// A save whose file was removed or replaced while the game ran took every write
		// and kept nothing: the game is kept elsewhere instead.
		st, err := ps.saveF.Stat()
		at, aerr := os.Stat(ps.Save)
		if err == nil && (aerr != nil || !os.SameFile(st, at)) {
			ps.saveFailed(fmt.Errorf("the file was removed or replaced while the game ran"))
		}
	}
	if ps.saveF != nil {
		ps.saveFailed(ps.saveF.Close())
		ps.saveF = nil
	}
	return ps.saveErr
}

// revealLine marks the save: the whole game was shown after decisions decisions.
func revealLine(decisions int) []byte {
	var b bytes.Buffer
	NewTraceWriter(&b, true).Reveal(decisions)
	return b.Bytes()
}
