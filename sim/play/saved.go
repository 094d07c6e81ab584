package play

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"dragonlab/engine"
	"dragonlab/sim"
)

// SavedGame is a JSONL trace read back: its header, the recorded actions and the end line.
type SavedGame struct {
	Header  TraceHeader
	Game    engine.Game
	Params  engine.Params
	Steps   []TraceStep
	End     *TraceEnd
	Actions []engine.Action // the replayed actions, one per step
	// Revealed is the number of decisions after which the whole game was revealed to the
	// players (the reveal command), -1 if it never was.
	Revealed int
	Final    engine.State
}

// ReadSavedGame reads and replays a JSONL trace exactly (the seed and every action),
// refusing with one line anything that does not replay: a malformed line, another
// format, a trace that hides actions (written with --view), an action not legal at its
// step, a recorded end the replay does not reach. Every error is the file's fault (bad
// input).
func ReadSavedGame(path string) (*SavedGame, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("replay: %v", err)
	}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("replay %s: %s", path, fmt.Sprintf(format, args...))
	}
	// A game killed while a line was being written ends in a piece of a line: that
	// decision was in progress, not taken; the game resumes from the one before.
	if i := bytes.LastIndexByte(data, '\n'); i < len(data)-1 && len(bytes.TrimSpace(data[i+1:])) > 0 {
		var probe map[string]any
		if json.Unmarshal(data[i+1:], &probe) != nil {
			data = data[:i+1]
		}
	}
	sg, err := readSavedLines(data, fail)
	if err != nil {
		return nil, err
	}
	g, p, err := checkSavedHeader(&sg.Header, fail)
	if err != nil {
		return nil, err
	}
	h := &sg.Header
	sg.Game, sg.Params = g, p
	s, err := g.NewGame(p, h.Players, h.GameSeed)
	if err != nil {
		return nil, fail("%v", err)
	}
	if err := sg.replay(s, fail); err != nil {
		return nil, err
	}
	sg.Final = s
	return sg, nil
}

// readSavedLines reads a save's lines: its header, steps, reveal and end line.
func readSavedLines(data []byte, fail func(string, ...any) error) (*SavedGame, error) {
	sg := &SavedGame{Revealed: -1}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	line := 0
	for sc.Scan() {
		line++
		raw := bytes.TrimSpace(sc.Bytes())
		if len(raw) == 0 {
			continue
		}
		var kind struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal(raw, &kind); err != nil {
			return nil, fail("line %d is not a JSON object: %v", line, err)
		}
		if sg.End != nil {
			return nil, fail("line %d comes after the end line", line)
		}
		dec := func(v any) error {
			d := json.NewDecoder(bytes.NewReader(raw))
			d.DisallowUnknownFields()
			if err := d.Decode(v); err != nil {
				return fail("line %d (%s): %v", line, kind.Type, err)
			}
			return nil
		}
		switch {
		case sg.Header.Type == "" && kind.Type != "header":
			return nil, fail("line %d is not a trace header (want a JSONL trace written by dragonlab play or trace --format jsonl)", line)
		case kind.Type == "header":
			if sg.Header.Type != "" {
				return nil, fail("line %d: a second header", line)
			}
			if err := dec(&sg.Header); err != nil {
				return nil, err
			}
		case kind.Type == "step":
			var st TraceStep
			if err := dec(&st); err != nil {
				return nil, err
			}
			sg.Steps = append(sg.Steps, st)
		case kind.Type == "reveal":
			var r TraceReveal
			if err := dec(&r); err != nil {
				return nil, err
			}
			if r.Decisions != len(sg.Steps) {
				return nil, fail("line %d: a reveal after %d decisions among the steps of decision %d", line, r.Decisions, len(sg.Steps))
			}
			if sg.Revealed < 0 {
				sg.Revealed = r.Decisions
			}
		case kind.Type == "end":
			var e TraceEnd
			if err := dec(&e); err != nil {
				return nil, err
			}
			sg.End = &e
		default:
			return nil, fail("line %d: unknown line type %q", line, kind.Type)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fail("%v", err)
	}
	return sg, nil
}

// checkSavedHeader checks a save's header: its format, a full view, the game, players,
// rules and agents, and that its game seed is the one its seed and index give.
func checkSavedHeader(h *TraceHeader, fail func(string, ...any) error) (engine.Game, engine.Params, error) {
	if h.Type != "header" {
		return engine.Game{}, nil, fail("no trace header: the file is empty")
	}
	if h.Schema != TraceSchema {
		return engine.Game{}, nil, fail("format %q, want %q", h.Schema, TraceSchema)
	}
	if h.View != "all" {
		return engine.Game{}, nil, fail("written with --view (%s): it hides what the other seats did and cannot be replayed; replay a full trace", h.View)
	}
	g, err := engine.Lookup(h.Game)
	if err != nil {
		return engine.Game{}, nil, fail("%v", err)
	}
	if err := g.CheckPlayers(h.Players); err != nil {
		return engine.Game{}, nil, fail("%v", err)
	}
	p, err := engine.ParseParams(g, h.Params)
	if err != nil {
		return engine.Game{}, nil, fail("params: %v", err)
	}
	if err := p.Validate(h.Players); err != nil {
		return engine.Game{}, nil, fail("%s rules: %v", g.Name, err)
	}
	if len(h.Agents) != h.Players {
		return engine.Game{}, nil, fail("%d agents for %d players", len(h.Agents), h.Players)
	}
	if h.Index < 0 || sim.GameSeed(h.Seed, h.Index) != h.GameSeed {
		return engine.Game{}, nil, fail("game seed %d is not game %d of seed %d", h.GameSeed, h.Index, h.Seed)
	}
	return g, p, nil
}

// replay plays the saved steps on s, each one legal for the seat recorded, and checks the
// end line against the replay: every number it holds is a claim about the game.
func (sg *SavedGame) replay(s engine.State, fail func(string, ...any) error) error {
	var buf []engine.Action
	for i, st := range sg.Steps {
		if st.Step != i+1 {
			return fail("step %d is numbered %d", i+1, st.Step)
		}
		if s.Terminal() {
			return fail("step %d: the game was already over", st.Step)
		}
		if st.Seat != s.ToMove() {
			return fail("step %d: seat %d is recorded, but seat %d is to move", st.Step, st.Seat, s.ToMove())
		}
		buf = s.Legal(buf[:0])
		found := false
		for _, a := range buf {
			if s.ActionText(a) == st.Action {
				sg.Actions = append(sg.Actions, a)
				s.Apply(a)
				found = true
				break
			}
		}
		if !found {
			return fail("step %d: %q is not legal for seat %d there (legal: %s)", st.Step, st.Action, st.Seat, legalList(s, buf))
		}
	}
	if e := sg.End; e != nil {
		if e.Finished != s.Terminal() || e.Decisions != len(sg.Steps) {
			return fail("the end line (finished %v after %d decisions) does not match the replay (finished %v after %d)", e.Finished, e.Decisions, s.Terminal(), len(sg.Steps))
		}
		// Every number of the end line is a claim about the replay: all of them are checked
		// (an empty or partial list is not "nothing to check").
		if want := EndOf(s, len(sg.Steps), engine.Omniscient); !slices.Equal(e.Scores, want.Scores) || !slices.Equal(e.Result, want.Result) {
			return fail("the end line's recorded scores %v and result %v are not the replay's (%v and %v)", e.Scores, e.Result, want.Scores, want.Result)
		}
	}
	return nil
}

// legalList is a short list of the legal actions for an error line.
func legalList(s engine.State, legal []engine.Action) string {
	var out []string
	for i, a := range legal {
		if i == 8 {
			out = append(out, fmt.Sprintf("… %d more", len(legal)-8))
			break
		}
		out = append(out, strconv.Quote(s.ActionText(a)))
	}
	return strings.Join(out, ", ")
}

// WriteReplay prints the saved game for view (a seat, or engine.Omniscient) as text or
// JSONL, replaying its actions: the same trace as `trace` printed when it was played.
func WriteReplay(w io.Writer, sg *SavedGame, view int, jsonl bool) error {
	h := sg.Header
	probe, err := sg.Game.New(sg.Params, h.Players)
	if err != nil {
		return err
	}
	tw := NewTraceWriter(w, jsonl)
	h.View, h.Deal = ViewName(view), NarrateDeal(probe, h.GameSeed, view)
	tw.Header(h, sg.Game, sg.Params)
	s, err := sg.Game.NewGame(sg.Params, h.Players, h.GameSeed)
	if err != nil {
		return err
	}
	for i, a := range sg.Actions {
		before := s.Clone()
		seat := s.ToMove()
		s.Apply(a)
		action, events := NarrateStep(before, s, a, view)
		tw.Step(TraceStep{Step: i + 1, Seat: seat, Action: action, Events: events})
	}
	e := EndOf(s, len(sg.Actions), view)
	if sg.End != nil && !e.Finished {
		e.Note = sg.End.Note
	}
	if e.Note == "" && !e.Finished {
		e.Note = "the saved game was not finished"
	}
	tw.End(e)
	return tw.Err()
}
