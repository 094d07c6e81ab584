package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"dragonlab/engine"
	"dragonlab/sim"
)

type traceOptions struct {
	game   gameOptions
	Agents string
	Seed   uint64
	Index  int64
	Format string
	View   int
	Replay string
	stdout io.Writer
}

func init() {
	commands = append(commands, func(stdout, _ io.Writer) *cobra.Command {
		o := &traceOptions{stdout: stdout}
		cmd := &cobra.Command{
			Use:   "trace",
			Short: "Play one game (or replay a saved one) and print the deal, every decision, every chance event and the scores",
			Long: `Play one game and print the deal (every hand, riders, piles), every decision in the
rules' text form with the seat that took it, every chance event (each card drawn, named;
dice; reshuffles) and the scores at the end: everything, so that a game can be checked by
hand against the rules.

The game is game --index of a run with --seed, played exactly as ` + "`dragonlab run`" + ` plays it
with fixed seating, so any game of a run can be replayed and inspected.

--view SEAT prints only what that seat sees: its own hand and draws, the other seats'
draws as counts, never their hidden cards or their secret choices before the reveal.

--replay FILE prints a saved game (the JSONL trace that ` + "`dragonlab play`" + ` writes, or one
written by trace --format jsonl) by replaying its seed and recorded actions exactly; a file
whose actions are not legal at their step is refused. The JSONL format carries what the
text shows: a header line (game, players, params, agents, seed, index, game seed, view,
the deal), one line per decision (seat, action, events) and an end line (scores, result,
the final state).`,
			Example: `  dragonlab trace --game dragonheart --seed 1
  dragonlab trace --game redhot --players 4 --agents random,random,greedy,random --index 17
  dragonlab trace --game draco --players 3 --view 1
  dragonlab trace --game draco --players 3 --format jsonl | jq .
  dragonlab trace --replay game.jsonl [--view 0]`,
			Args: cobra.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error { return o.run(cmd) },
		}
		o.game.addFlags(cmd)
		f := cmd.Flags()
		f.StringVarP(&o.Agents, "agents", "a", "", "one agent spec per seat (default: random in every seat)")
		f.Uint64Var(&o.Seed, "seed", 1, "run seed")
		f.Int64Var(&o.Index, "index", 0, "which game of the run to play (0 is the first)")
		f.StringVar(&o.Format, "format", "text", "output format: text or jsonl")
		f.IntVar(&o.View, "view", engine.Omniscient, "print only what this seat (0, 1 …) sees (default: everything)")
		f.StringVar(&o.Replay, "replay", "", "print the saved game in this JSONL trace (written by play or trace --format jsonl)")
		return cmd
	})
}

// traceSchema names the JSONL trace format; --replay checks it.
const traceSchema = "dragonlab.trace/v1"

// traceHeader is the first line of a JSONL trace.
type traceHeader struct {
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

// traceStep is one decision of a JSONL trace.
type traceStep struct {
	Type   string   `json:"type"` // "step"
	Step   int      `json:"step"`
	Seat   int      `json:"seat"`
	Action string   `json:"action"` // as the view sees it: "(secret choice)" when hidden
	Events []string `json:"events,omitempty"`
}

// traceEnd is the last line of a JSONL trace.
type traceEnd struct {
	Type      string    `json:"type"` // "end"
	End       bool      `json:"end"`
	Decisions int       `json:"decisions"`
	Finished  bool      `json:"finished"`       // false: the game was stopped before its end (play: quit)
	Note      string    `json:"note,omitempty"` // why it stopped, if it did
	Scores    []float64 `json:"scores"`
	Result    []float64 `json:"result,omitempty"` // only for a finished game
	State     string    `json:"state"`            // the final state as the view sees it
}

// viewName is the header's name of a view.
func viewName(view int) string {
	if view == engine.Omniscient {
		return "all"
	}
	return "seat " + strconv.Itoa(view)
}

// describeView prints s for view (the whole state when the game cannot tell views apart).
func describeView(s engine.State, view int) string {
	if d, ok := s.(engine.ViewNarrator); ok {
		return strings.TrimRight(d.DescribeView(view), "\n")
	}
	if d, ok := s.(engine.Describer); ok && view == engine.Omniscient {
		return strings.TrimRight(d.Describe(), "\n")
	}
	return ""
}

// narrateStep is the action as view sees it and the events that followed it.
func narrateStep(before, after engine.State, a engine.Action, view int) (string, []string) {
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

// narrateDeal describes, for view, the deal of the game of seed (probe is a scratch state
// of the game, dealt by it).
func narrateDeal(probe engine.State, seed uint64, view int) []string {
	if vn, ok := probe.(engine.ViewNarrator); ok {
		return vn.NarrateResetView(seed, view)
	}
	if sn, ok := probe.(engine.SetupNarrator); ok && view == engine.Omniscient {
		return sn.NarrateReset(seed)
	}
	return nil
}

// traceWriter prints a trace in text or JSONL.
type traceWriter struct {
	w     io.Writer
	jsonl bool
	enc   *json.Encoder
	err   error
}

func newTraceWriter(w io.Writer, jsonl bool) *traceWriter {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &traceWriter{w: w, jsonl: jsonl, enc: enc}
}

func (t *traceWriter) printf(format string, args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.w, format, args...)
	}
}

func (t *traceWriter) encode(v any) {
	if t.err == nil {
		t.err = t.enc.Encode(v)
	}
}

func (t *traceWriter) header(h traceHeader, g engine.Game, p engine.Params) {
	h.Type, h.Schema, h.Tool = "header", traceSchema, "dragonlab "+sim.Version
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
	t.printf("rules: %s\n", paramsText(g, p))
	if h.View == "all" {
		t.printf("view: everything (every hand, every card drawn, every secret choice)\n")
	} else {
		t.printf("view: only what %s sees\n", h.View)
	}
	for _, e := range h.Deal {
		t.printf("        %s\n", e)
	}
}

func (t *traceWriter) step(s traceStep) {
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

func (t *traceWriter) end(e traceEnd) {
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

// paramsText lists the parameters that differ from the game's defaults ("defaults" if none).
func paramsText(g engine.Game, p engine.Params) string {
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

// endOf is the end line of the game in s after decisions decisions.
func endOf(s engine.State, decisions, view int) traceEnd {
	n := s.Players()
	e := traceEnd{Decisions: decisions, Finished: s.Terminal(), Scores: make([]float64, n), State: describeView(s, view)}
	for i := range e.Scores {
		e.Scores[i] = s.Score(i)
	}
	if e.Finished {
		e.Result = make([]float64, n)
		s.Result(e.Result)
	}
	return e
}

func (o *traceOptions) run(cmd *cobra.Command) error {
	if o.Format != "text" && o.Format != "jsonl" {
		return badInput("unknown --format %q (valid: text, jsonl)", o.Format)
	}
	if o.Replay != "" {
		for _, name := range []string{"game", "players", "set", "rules", "agents", "seed", "index"} {
			if cmd.Flags().Changed(name) {
				return badInput("--replay takes the game, rules, agents and seed from %s: drop --%s", o.Replay, name)
			}
		}
		return o.replay(cmd)
	}
	g, p, players, err := o.game.resolve()
	if err != nil {
		return err
	}
	fs, err := parseAgents(o.Agents, players)
	if err != nil {
		return err
	}
	if o.Index < 0 {
		return badInput("--index must be 0 or more, not %d", o.Index)
	}
	if err := checkView(cmd, o.View, players); err != nil {
		return err
	}
	cfg := sim.Config{Game: g, Params: p, Players: players, Agents: fs, Seed: o.Seed, Units: 1}
	if err := sim.CheckConfig(cfg); err != nil {
		return asBadInput(err)
	}
	probe, err := g.New(p, players)
	if err != nil {
		return asBadInput(err)
	}
	seed := sim.GameSeed(o.Seed, o.Index)
	tw := newTraceWriter(o.stdout, o.Format == "jsonl")
	tw.header(traceHeader{Game: g.Name, Players: players, Params: engine.ParamsJSON(p), Agents: specs(fs),
		Seed: o.Seed, Index: o.Index, GameSeed: seed, View: viewName(o.View), Deal: narrateDeal(probe, seed, o.View)}, g, p)
	step := 0
	final, err := sim.Trace(cfg, o.Index, func(st sim.Step) {
		step++
		action, events := narrateStep(st.Before, st.After, st.Action, o.View)
		tw.step(traceStep{Step: step, Seat: st.Seat, Action: action, Events: events})
	})
	if err != nil {
		return asBadInput(err)
	}
	tw.end(endOf(final, step, o.View))
	return tw.err
}

// checkView validates --view: a seat of the game, or not given (everything).
func checkView(cmd *cobra.Command, view, players int) error {
	if !cmd.Flags().Changed("view") {
		return nil
	}
	if view < 0 || view >= players {
		return badInput("--view %d: want a seat from 0 to %d (leave it out to see everything)", view, players-1)
	}
	return nil
}

// savedGame is a JSONL trace read back: its header, the recorded actions and the end line.
type savedGame struct {
	header  traceHeader
	game    engine.Game
	params  engine.Params
	steps   []traceStep
	end     *traceEnd
	actions []engine.Action // the replayed actions, one per step
	final   engine.State
}

// readSavedGame reads and replays a JSONL trace exactly (the seed and every action),
// refusing with one line anything that does not replay: a malformed line, another
// format, a trace that hides actions (written with --view), an action not legal at its
// step, a recorded end the replay does not reach.
func readSavedGame(path string) (*savedGame, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, badInput("replay: %v", err)
	}
	fail := func(format string, args ...any) error {
		return badInput("replay %s: %s", path, fmt.Sprintf(format, args...))
	}
	sg := &savedGame{}
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
		if sg.end != nil {
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
		case sg.header.Type == "" && kind.Type != "header":
			return nil, fail("line %d is not a trace header (want a JSONL trace written by dragonlab play or trace --format jsonl)", line)
		case kind.Type == "header":
			if sg.header.Type != "" {
				return nil, fail("line %d: a second header", line)
			}
			if err := dec(&sg.header); err != nil {
				return nil, err
			}
		case kind.Type == "step":
			var st traceStep
			if err := dec(&st); err != nil {
				return nil, err
			}
			sg.steps = append(sg.steps, st)
		case kind.Type == "end":
			var e traceEnd
			if err := dec(&e); err != nil {
				return nil, err
			}
			sg.end = &e
		default:
			return nil, fail("line %d: unknown line type %q", line, kind.Type)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fail("%v", err)
	}
	if sg.header.Type != "header" {
		return nil, fail("no trace header: the file is empty")
	}
	h := &sg.header
	if h.Schema != traceSchema {
		return nil, fail("format %q, want %q", h.Schema, traceSchema)
	}
	if h.View != "all" {
		return nil, fail("written with --view (%s): it hides what the other seats did and cannot be replayed; replay a full trace", h.View)
	}
	g, err := engine.Lookup(h.Game)
	if err != nil {
		return nil, fail("%v", err)
	}
	if err := g.CheckPlayers(h.Players); err != nil {
		return nil, fail("%v", err)
	}
	p, err := engine.ParseParams(g, h.Params)
	if err != nil {
		return nil, fail("params: %v", err)
	}
	if err := p.Validate(h.Players); err != nil {
		return nil, fail("%s rules: %v", g.Name, err)
	}
	if len(h.Agents) != h.Players {
		return nil, fail("%d agents for %d players", len(h.Agents), h.Players)
	}
	if h.Index < 0 || sim.GameSeed(h.Seed, h.Index) != h.GameSeed {
		return nil, fail("game seed %d is not game %d of seed %d", h.GameSeed, h.Index, h.Seed)
	}
	sg.game, sg.params = g, p
	s, err := g.NewGame(p, h.Players, h.GameSeed)
	if err != nil {
		return nil, fail("%v", err)
	}
	var buf []engine.Action
	for i, st := range sg.steps {
		if st.Step != i+1 {
			return nil, fail("step %d is numbered %d", i+1, st.Step)
		}
		if s.Terminal() {
			return nil, fail("step %d: the game was already over", st.Step)
		}
		if st.Seat != s.ToMove() {
			return nil, fail("step %d: seat %d is recorded, but seat %d is to move", st.Step, st.Seat, s.ToMove())
		}
		buf = s.Legal(buf[:0])
		found := false
		for _, a := range buf {
			if s.ActionText(a) == st.Action {
				sg.actions = append(sg.actions, a)
				s.Apply(a)
				found = true
				break
			}
		}
		if !found {
			return nil, fail("step %d: %q is not legal for seat %d there (legal: %s)", st.Step, st.Action, st.Seat, legalList(s, buf))
		}
	}
	if e := sg.end; e != nil {
		if e.Finished != s.Terminal() || e.Decisions != len(sg.steps) {
			return nil, fail("the end line (finished %v after %d decisions) does not match the replay (finished %v after %d)", e.Finished, e.Decisions, s.Terminal(), len(sg.steps))
		}
		for i := range e.Scores {
			if i >= s.Players() || e.Scores[i] != s.Score(i) {
				return nil, fail("the recorded scores %v are not the replay's", e.Scores)
			}
		}
	}
	sg.final = s
	return sg, nil
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

// replay prints the saved game of o.Replay for o.View in o.Format.
func (o *traceOptions) replay(cmd *cobra.Command) error {
	sg, err := readSavedGame(o.Replay)
	if err != nil {
		return err
	}
	h := sg.header
	if err := checkView(cmd, o.View, h.Players); err != nil {
		return err
	}
	probe, err := sg.game.New(sg.params, h.Players)
	if err != nil {
		return asBadInput(err)
	}
	tw := newTraceWriter(o.stdout, o.Format == "jsonl")
	h.View, h.Deal = viewName(o.View), narrateDeal(probe, h.GameSeed, o.View)
	tw.header(h, sg.game, sg.params)
	s, err := sg.game.NewGame(sg.params, h.Players, h.GameSeed)
	if err != nil {
		return asBadInput(err)
	}
	for i, a := range sg.actions {
		before := s.Clone()
		seat := s.ToMove()
		s.Apply(a)
		action, events := narrateStep(before, s, a, o.View)
		tw.step(traceStep{Step: i + 1, Seat: seat, Action: action, Events: events})
	}
	e := endOf(s, len(sg.actions), o.View)
	if sg.end != nil && !e.Finished {
		e.Note = sg.end.Note
	}
	if e.Note == "" && !e.Finished {
		e.Note = "the saved game was not finished"
	}
	tw.end(e)
	return tw.err
}
