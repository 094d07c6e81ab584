// Package play is the session of `dragonlab play`: one game between people and agents,
// the game loop (a person's turn reads answers through a Console the CLI implements; an
// agent's turn asks the agent), answer parsing, the hint, the rules behind a choice, each
// person's history, and the game record — the JSONL trace that `play` saves and
// `trace --replay` reads back and replays exactly. It holds no terminal code: reading
// lines, printing, colours and clearing the screen are the Console's.
package play

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"dragonlab/engine"
	"dragonlab/sim"
)

// TraceSchema names the JSONL trace format; replays check it.
const TraceSchema = "dragonlab.trace/v1"

// TraceHeader is the first line of a JSONL trace.
type TraceHeader struct {
	Type     string          `json:"type"` // "header"
	Schema   string          `json:"schema"`
	Tool     string          `json:"tool"`
	Game     string          `json:"game"`
	Players  int             `json:"players"`
	Params   json.RawMessage `json:"params"`
	Agents   []string        `json:"agents"`
	Seed     uint64          `json:"seed"`
	Index    int64           `json:"index"`
	GameSeed uint64          `json:"gameSeed"`
	View     string          `json:"view"` // "all", or "seat N"
	Deal     []string        `json:"deal,omitempty"`
}

// TraceStep is one decision of a JSONL trace.
type TraceStep struct {
	Type   string   `json:"type"` // "step"
	Step   int      `json:"step"`
	Seat   int      `json:"seat"`
	Action string   `json:"action"` // as the view sees it: "(secret choice)" when hidden
	Events []string `json:"events,omitempty"`
}

// TraceReveal marks a saved game of play: after Decisions decisions the whole game (every
// hand, the piles) was shown to the players at their request (the reveal command).
type TraceReveal struct {
	Type      string `json:"type"` // "reveal"
	Decisions int    `json:"decisions"`
}

// TraceEnd is the last line of a JSONL trace.
type TraceEnd struct {
	Type      string    `json:"type"` // "end"
	End       bool      `json:"end"`
	Decisions int       `json:"decisions"`
	Finished  bool      `json:"finished"`       // false: the game was stopped before its end (play: quit)
	Note      string    `json:"note,omitempty"` // why it stopped, if it did
	Scores    []float64 `json:"scores"`
	Result    []float64 `json:"result,omitempty"` // only for a finished game
	State     string    `json:"state"`            // the final state as the view sees it
}

// ViewName is the header's name of a view.
func ViewName(view int) string {
	if view == engine.Omniscient {
		return "all"
	}
	return "seat " + strconv.Itoa(view)
}

// DescribeView prints s for view (the whole state when the game cannot tell views apart).
func DescribeView(s engine.State, view int) string {
	if d, ok := s.(engine.ViewNarrator); ok {
		return strings.TrimRight(d.DescribeView(view), "\n")
	}
	if d, ok := s.(engine.Describer); ok && view == engine.Omniscient {
		return strings.TrimRight(d.Describe(), "\n")
	}
	return ""
}

// NarrateStep is the action as view sees it and the events that followed it.
func NarrateStep(before, after engine.State, a engine.Action, view int) (string, []string) {
	if vn, ok := after.(engine.ViewNarrator); ok {
		if lines := vn.NarrateView(before, a, view); len(lines) > 0 {
			return lines[0], lines[1:]
		}
	}
	if n, ok := after.(engine.Narrator); ok && view == engine.Omniscient {
		return before.ActionText(a), n.Narrate(before, a)
	}
	return before.ActionText(a), nil
}

// NarrateDeal describes, for view, the deal of the game of seed (probe is a scratch state
// of the game, dealt by it).
func NarrateDeal(probe engine.State, seed uint64, view int) []string {
	if vn, ok := probe.(engine.ViewNarrator); ok {
		return vn.NarrateResetView(seed, view)
	}
	if sn, ok := probe.(engine.SetupNarrator); ok && view == engine.Omniscient {
		return sn.NarrateReset(seed)
	}
	return nil
}

// TraceWriter prints a trace in text or JSONL.
type TraceWriter struct {
	w     io.Writer
	jsonl bool
	enc   *json.Encoder
	err   error
}

// NewTraceWriter prints a trace to w, as JSONL lines or as text.
func NewTraceWriter(w io.Writer, jsonl bool) *TraceWriter {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &TraceWriter{w: w, jsonl: jsonl, enc: enc}
}

// Err is the first write error, if any.
func (t *TraceWriter) Err() error { return t.err }

func (t *TraceWriter) printf(format string, args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.w, format, args...)
	}
}

func (t *TraceWriter) encode(v any) {
	if t.err == nil {
		t.err = t.enc.Encode(v)
	}
}

// Header writes the header (its type, schema and tool are filled in) of a game of g with
// rules p.
func (t *TraceWriter) Header(h TraceHeader, g engine.Game, p engine.Params) {
	h.Type, h.Schema, h.Tool = "header", TraceSchema, "dragonlab "+sim.Version
	if t.jsonl {
		t.encode(h)
		return
	}
	t.printf("%s, %d players, seed %d, game %d (game seed %d)\n", h.Game, h.Players, h.Seed, h.Index, h.GameSeed)
	names := make([]string, len(h.Agents))
	for i, a := range h.Agents {
		names[i] = fmt.Sprintf("seat %d: %s", i, a)
	}
	t.printf("%s\n", strings.Join(names, ", "))
	t.printf("rules: %s\n", ParamsText(g, p))
	if h.View == "all" {
		t.printf("view: everything (every hand, every card drawn, every secret choice)\n")
	} else {
		t.printf("view: only what %s sees\n", h.View)
	}
	for _, e := range h.Deal {
		t.printf("        %s\n", e)
	}
}

// Step writes one decision.
func (t *TraceWriter) Step(s TraceStep) {
	s.Type = "step"
	if t.jsonl {
		t.encode(s)
		return
	}
	t.printf("%4d  seat %d: %s\n", s.Step, s.Seat, s.Action)
	for _, e := range s.Events {
		t.printf("        %s\n", e)
	}
}

// Reveal writes a reveal mark (see TraceReveal).
func (t *TraceWriter) Reveal(decisions int) {
	if t.jsonl {
		t.encode(TraceReveal{Type: "reveal", Decisions: decisions})
		return
	}
	t.printf("        (after %d decisions the whole game was revealed to the players)\n", decisions)
}

// End writes the end line.
func (t *TraceWriter) End(e TraceEnd) {
	e.Type, e.End = "end", true
	if t.jsonl {
		t.encode(e)
		return
	}
	if e.State != "" {
		t.printf("%s\n", e.State)
	}
	if e.Finished {
		t.printf("end after %d decisions: scores %v, result %v\n", e.Decisions, e.Scores, e.Result)
	} else {
		t.printf("stopped after %d decisions (%s): scores so far %v\n", e.Decisions, e.Note, e.Scores)
	}
}

// ParamsText lists the parameters that differ from the game's defaults ("defaults" if none).
func ParamsText(g engine.Game, p engine.Params) string {
	def := map[string]string{}
	for _, kv := range engine.ParamValues(g.DefaultParams()) {
		def[kv.Key] = kv.Value
	}
	var changed []string
	for _, kv := range engine.ParamValues(p) {
		if def[kv.Key] != kv.Value {
			changed = append(changed, kv.Key+"="+kv.Value)
		}
	}
	if changed == nil {
		return "defaults"
	}
	return strings.Join(changed, " ")
}

// EndOf is the end line of the game in s after decisions decisions.
func EndOf(s engine.State, decisions, view int) TraceEnd {
	n := s.Players()
	e := TraceEnd{Decisions: decisions, Finished: s.Terminal(), Scores: make([]float64, n), State: DescribeView(s, view)}
	for i := range e.Scores {
		e.Scores[i] = s.Score(i)
	}
	if e.Finished {
		e.Result = make([]float64, n)
		s.Result(e.Result)
	}
	return e
}
