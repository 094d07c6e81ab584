package play

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/sim"
)

// Human marks a seat played by a person in play's list of seats.
const Human = "human"

// Config is a validated `play` command.
type Config struct {
	Game      engine.Game
	Params    engine.Params
	Players   int
	Seed      uint64
	Specs     []string         // per seat: Human or the agent's canonical spec
	Factories []agents.Factory // per seat (zero for humans)
	Hint      agents.Factory
	Save      string // "" = do not save
	Width     int    // columns of the terminal (100 when not a terminal)
}

// Role is what a piece of text is on the screen; the Console colours it.
type Role int

// The roles of text.
const (
	Bold  Role = iota // headings, prompts
	Dim               // asides
	Num               // the numbers of the choices
	Warn              // a mistake explained
	Title             // the title of a screen
)

// Console is the terminal a session plays on: the CLI implements it (tests too).
type Console interface {
	// Terminal reports whether the screen is a terminal (false: a pipe or a file).
	Terminal() bool
	// Clear wipes the screen (nothing when it is not a terminal).
	Clear()
	// Print writes text as it is.
	Print(text string)
	// ReadLine reads one answer, trimmed; io.EOF when the input has ended.
	ReadLine() (string, error)
	// Paint marks s as role (colours on a terminal; s itself otherwise).
	Paint(role Role, s string) string
}

// step is one decision of the game: who took it, what, and the states around it (kept to
// narrate the step later for any viewer).
type step struct {
	seat          int
	action        engine.Action
	before, after engine.State
}

// Session plays one game of `play`.
type Session struct {
	Config
	con      Console
	gameSeed uint64
	s        engine.State
	bots     []agents.Agent
	rngs     []engine.RNG
	humans   int
	steps    []step
	seen     []int      // per seat: steps already shown to that human
	dealt    []bool     // per seat: the deal was shown to that human
	onScreen int        // the human whose private view is on the screen, -1 none
	mu       sync.Mutex // guards steps against a concurrent Finish (the CLI's signal handler)
	saved    bool
	keep     bool // the intro is on the screen: the first clear keeps it
}

// ErrInputEnded: the input ended before the game did (the game so far is saved).
var ErrInputEnded = errors.New("the input ended before the game did")

// New deals the game of c and makes its agents; the session plays on con.
func New(c Config, con Console) (*Session, error) {
	ps := &Session{Config: c, con: con, onScreen: -1}
	ps.gameSeed = sim.GameSeed(c.Seed, 0)
	s, err := c.Game.NewGame(c.Params, c.Players, ps.gameSeed)
	if err != nil {
		return nil, err
	}
	ps.s = s
	ps.bots = make([]agents.Agent, c.Players)
	ps.rngs = make([]engine.RNG, c.Players)
	ps.seen = make([]int, c.Players)
	ps.dealt = make([]bool, c.Players)
	for seat, spec := range c.Specs {
		// The same agent streams as `dragonlab run` and `trace` (fixed seating): a bot
		// plays as it would there in the same position.
		ps.rngs[seat].Seed(engine.DeriveSeed(ps.gameSeed, uint64(1+seat)))
		if spec == Human {
			ps.humans++
			continue
		}
		ps.bots[seat] = c.Factories[seat].New()
		if c.Factories[seat].Check != nil {
			if err := c.Factories[seat].Check(s); err != nil {
				return nil, fmt.Errorf("seat %d (%s): %w", seat, spec, err)
			}
		}
	}
	return ps, nil
}

func (ps *Session) bold(s string) string  { return ps.con.Paint(Bold, s) }
func (ps *Session) dim(s string) string   { return ps.con.Paint(Dim, s) }
func (ps *Session) num(s string) string   { return ps.con.Paint(Num, s) }
func (ps *Session) warn(s string) string  { return ps.con.Paint(Warn, s) }
func (ps *Session) title(s string) string { return ps.con.Paint(Title, s) }

func (ps *Session) printf(format string, args ...any) { ps.con.Print(fmt.Sprintf(format, args...)) }

// clear wipes the screen on a terminal (nothing on a pipe).
func (ps *Session) clear() {
	if ps.keep {
		ps.keep = false
		ps.printf("\n")
		return
	}
	ps.con.Clear()
}

// seatName is how the screen names a seat, for viewer.
func (ps *Session) seatName(seat, viewer int) string {
	switch {
	case seat == viewer:
		return fmt.Sprintf("seat %d (you)", seat)
	case ps.Specs[seat] == Human:
		return fmt.Sprintf("seat %d (human)", seat)
	}
	return fmt.Sprintf("seat %d (%s)", seat, agents.Short(ps.Specs[seat]))
}

// Play runs the game to its end, a quit, or the end of the input, then saves it. At the
// end of the input it returns ErrInputEnded (wrapped, saying where the game was saved).
func (ps *Session) Play() error {
	ps.intro()
	var buf []engine.Action
	for !ps.s.Terminal() {
		seat := ps.s.ToMove()
		var a engine.Action
		if ps.Specs[seat] == Human {
			var quit bool
			var err error
			a, quit, err = ps.humanTurn(seat)
			if err != nil {
				ps.Finish("input ended")
				return fmt.Errorf("%w%s", ErrInputEnded, ps.savedWhere())
			}
			if quit {
				ps.Finish("seat " + strconv.Itoa(seat) + " quit")
				return nil
			}
		} else {
			a = ps.bots[seat].Act(ps.s, &ps.rngs[seat])
			buf = ps.s.Legal(buf[:0])
			if !slices.Contains(buf, a) {
				return fmt.Errorf("seat %d (%s) chose an illegal action %q", seat, ps.Specs[seat], ps.s.ActionText(a))
			}
		}
		ps.apply(seat, a)
	}
	ps.Finish("")
	return nil
}

func (ps *Session) apply(seat int, a engine.Action) {
	before := ps.s.Clone()
	ps.s.Apply(a)
	ps.mu.Lock()
	ps.steps = append(ps.steps, step{seat: seat, action: a, before: before, after: ps.s.Clone()})
	ps.mu.Unlock()
}

func (ps *Session) intro() {
	ps.clear()
	ps.printf("%s\n", ps.title(fmt.Sprintf("dragonlab play: %s, %d player(s), seed %d", ps.Game.Title, ps.Players, ps.Seed)))
	for seat, spec := range ps.Specs {
		who := "a person"
		switch {
		case spec == Human && ps.humans == 1:
			who = "you"
		case spec != Human && agents.Cheats(spec):
			who = agents.Short(spec) + " — CHEATS: it sees every hidden card"
		case spec != Human:
			who = agents.Short(spec)
		}
		ps.printf("  seat %d: %s\n", seat, who)
	}
	ps.printf("Rules: %s (the rules of each choice: type rules).\n", engine.RulesPath(ps.Game.Name))
	if ps.Save != "" {
		ps.printf("The game is saved to %s.\n", ps.Save)
	}
	ps.printf("%s\n", ps.dim("At your turn answer with a number, an action or its first letters; help lists the commands."))
	ps.keep = true
}

// humanTurn shows seat its screen and reads its choice. quit is true when the player
// chose to stop; err is io.EOF when the input ended.
func (ps *Session) humanTurn(seat int) (engine.Action, bool, error) {
	if ps.humans > 1 && ps.onScreen != seat {
		// Hot-seat: hide the previous player's private view before showing this one.
		ps.clear()
		if !ps.con.Terminal() {
			ps.printf("\n%s\n", strings.Repeat("-", 60))
		}
		ps.printf("%s\n", ps.bold(fmt.Sprintf("Pass to seat %d. Seat %d: press Enter when only you can see the screen.", seat, seat)))
		if _, err := ps.con.ReadLine(); err != nil {
			return 0, false, err
		}
	}
	ps.onScreen = seat
	legal := ps.s.Legal(nil)
	texts := make([]string, len(legal))
	for i, a := range legal {
		texts[i] = ps.s.ActionText(a)
	}
	ps.screen(seat, texts)
	for {
		ps.printf("%s ", ps.bold(fmt.Sprintf("seat %d>", seat)))
		line, err := ps.con.ReadLine()
		if err != nil {
			return 0, false, err
		}
		i, msg := ps.answer(seat, line, legal, texts)
		switch {
		case i >= 0:
			ps.printf("%s\n", ps.dim("you play: "+texts[i]))
			return legal[i], false, nil
		case msg == cmdQuit:
			ps.printf("Stop the game now? The game so far will be saved%s. [y/N] ", ps.saveNote())
			yes, err := ps.con.ReadLine()
			if err != nil || strings.HasPrefix(strings.ToLower(yes), "y") {
				return 0, true, nil
			}
			ps.printf("The game goes on.\n")
		case msg != "":
			ps.printf("%s\n", msg)
		}
	}
}

// cmdQuit is the answer's marker for the quit command.
const cmdQuit = "\x00quit"

// answer reads one line of seat's: the index of the chosen legal action, or -1 with a
// message to print (the command's output, or why the answer is not understood).
func (ps *Session) answer(seat int, line string, legal []engine.Action, texts []string) (int, string) {
	in := strings.Join(strings.Fields(strings.ToLower(line)), " ")
	n := len(texts)
	switch in {
	case "":
		return -1, fmt.Sprintf("Type the number of an action (1 to %d), its text or its first letters; help lists the commands.", n)
	case "help", "?":
		return -1, ps.help(n)
	case "rules":
		return -1, ps.rulesText(texts)
	case "hint":
		return -1, ps.hintText(legal, texts)
	case "history":
		return -1, ps.historyText(seat)
	case "show":
		ps.screen(seat, texts)
		return -1, ""
	case "quit", "exit":
		return -1, cmdQuit
	}
	if k, err := strconv.Atoi(strings.TrimSuffix(in, ")")); err == nil {
		if k < 1 || k > n {
			return -1, ps.warn(fmt.Sprintf("There is no action %d: choose a number from 1 to %d.", k, n))
		}
		return k - 1, ""
	}
	var hits, inner []int
	for i, t := range texts {
		lt := strings.ToLower(t)
		if lt == in {
			return i, ""
		}
		if strings.HasPrefix(lt, in) {
			hits = append(hits, i)
		} else if strings.Contains(" "+lt, " "+in) {
			inner = append(inner, i) // the start of a later word: "troll" for "1 troll (2)"
		}
	}
	if len(hits) == 0 {
		hits = inner
	}
	switch len(hits) {
	case 1:
		return hits[0], ""
	case 0:
		return -1, ps.warn(fmt.Sprintf("%q is not an action you can play now: choose a number from 1 to %d (help lists the commands).", line, n))
	}
	var names []string
	for _, i := range hits[:min(len(hits), 6)] {
		names = append(names, fmt.Sprintf("%d) %s", i+1, texts[i]))
	}
	more := ""
	if len(hits) > 6 {
		more = fmt.Sprintf(" and %d more", len(hits)-6)
	}
	return -1, ps.warn(fmt.Sprintf("%q fits %d actions: %s%s. Type more of it, or its number.", line, len(hits), strings.Join(names, ", "), more))
}

func (ps *Session) help(n int) string {
	return fmt.Sprintf(`Answer with:
  a number      1 to %d, from the list of your choices
  an action     its text as listed, or its first letters if no other action starts so
Commands:
  rules    the rules (by ID) that this choice depends on
  hint     what %s would play here, with its estimated chance of winning (it sees only your view)
  history  everything you have seen since the deal
  show     your view and your choices again
  quit     stop the game (asks first); it is saved%s`, n, agents.Short(ps.Hint.Spec), ps.saveNote())
}

func (ps *Session) saveNote() string {
	if ps.Save == "" {
		return " nowhere (--no-save)"
	}
	return " to " + ps.Save
}

func (ps *Session) savedWhere() string {
	if ps.Save == "" {
		return ""
	}
	return "; the game so far is saved in " + ps.Save
}

func (ps *Session) rulesText(texts []string) string {
	lines := ruleLines(ps.Game.Name, rulesFor(ps.Game.Name, texts), ps.Width-4)
	if len(lines) == 0 {
		return "No rule is listed for this choice; the rules are in " + engine.RulesPath(ps.Game.Name) + "."
	}
	return "The rules behind this choice (" + engine.RulesPath(ps.Game.Name) + "):\n  " + strings.Join(lines, "\n  ")
}

// hintText asks the hint agent (honest: it searches determinizations of the human's view)
// what it would play; its random stream depends only on the game and the step, so a hint
// is reproducible and never changes the game.
func (ps *Session) hintText(legal []engine.Action, texts []string) string {
	if len(legal) == 1 {
		return "Only one action is possible: 1) " + texts[0]
	}
	ag := ps.Hint.New()
	rng := engine.NewRNG(engine.DeriveSeed(ps.gameSeed, 1<<32+uint64(len(ps.steps))))
	i := slices.Index(legal, ag.Act(ps.s, &rng))
	if i < 0 {
		return "The hint agent found no legal action."
	}
	line := fmt.Sprintf("Hint (%s): %s", agents.Short(ps.Hint.Spec), ps.num(fmt.Sprintf("%d) %s", i+1, texts[i])))
	if e, ok := ag.(interface {
		Estimate() (float64, int, bool)
	}); ok {
		if v, visits, ok := e.Estimate(); ok {
			what := "estimated win chance"
			if strings.Contains(ps.Hint.Spec, "reward=score") {
				what = "estimated score margin (normalised)"
			}
			line += fmt.Sprintf(", %s %.0f%% over %d playouts", what, 100*v, visits)
		}
	}
	return line
}

// stepLines narrates step k for viewer: the seat and action, then the events.
func (ps *Session) stepLines(k, viewer int) []string {
	st := ps.steps[k]
	action, events := NarrateStep(st.before, st.after, st.action, viewer)
	who := viewer
	if viewer == engine.Omniscient {
		who = ps.me()
	}
	out := []string{ps.seatName(st.seat, who) + ": " + ps.bold(action)}
	for _, e := range events {
		out = append(out, "    "+e)
	}
	return out
}

// dealLines is the deal as viewer saw it.
func (ps *Session) dealLines(viewer int) []string {
	probe, err := ps.Game.New(ps.Params, ps.Players)
	if err != nil {
		return nil
	}
	return NarrateDeal(probe, ps.gameSeed, viewer)
}

func (ps *Session) historyText(seat int) string {
	lines := []string{"The deal:"}
	for _, l := range ps.dealLines(seat) {
		lines = append(lines, "    "+l)
	}
	for k := range ps.steps {
		for _, l := range ps.stepLines(k, seat) {
			lines = append(lines, fmt.Sprintf("%4d  %s", k+1, l))
			if strings.HasPrefix(l, "    ") {
				lines[len(lines)-1] = "      " + l
			}
		}
	}
	return strings.Join(lines, "\n")
}

// screen shows seat what happened since its last turn, its view and its choices.
func (ps *Session) screen(seat int, texts []string) {
	ps.clear()
	ps.printf("%s\n", ps.title(fmt.Sprintf("%s — seat %d, your turn (decision %d)", ps.Game.Title, seat, len(ps.steps)+1)))
	var news []string
	if !ps.dealt[seat] {
		ps.dealt[seat] = true
		news = append(news, "the deal:")
		for _, l := range ps.dealLines(seat) {
			news = append(news, "    "+l)
		}
	}
	for k := ps.seen[seat]; k < len(ps.steps); k++ {
		news = append(news, ps.stepLines(k, seat)...)
	}
	ps.seen[seat] = len(ps.steps)
	if len(news) > 0 {
		ps.printf("%s\n", ps.bold("Since your last turn:"))
		for _, l := range news {
			ps.printf("  %s\n", l)
		}
	}
	ps.printf("%s\n", ps.bold("Your view:"))
	for _, l := range strings.Split(DescribeView(ps.s, seat), "\n") {
		ps.printf("  %s\n", l)
	}
	ps.printf("%s\n", ps.bold("Your choices:"))
	ps.printChoices(texts)
}

// printChoices lists the numbered actions, in columns when there are many.
func (ps *Session) printChoices(texts []string) {
	width := 0
	for i, t := range texts {
		width = max(width, len(fmt.Sprintf("%d) %s", i+1, t)))
	}
	cols := 1
	if len(texts) > 12 {
		cols = max(1, min(4, 96/(width+3)))
	}
	rows := (len(texts) + cols - 1) / cols
	for r := 0; r < rows; r++ {
		var b strings.Builder
		for c := 0; c < cols; c++ {
			i := c*rows + r
			if i >= len(texts) {
				break
			}
			cell := fmt.Sprintf("%d) %s", i+1, texts[i])
			pad := ""
			if c < cols-1 {
				pad = strings.Repeat(" ", width+3-len(cell))
			}
			num, rest, _ := strings.Cut(cell, " ")
			b.WriteString(ps.num(num) + " " + rest + pad)
		}
		ps.printf("  %s\n", strings.TrimRight(b.String(), " "))
	}
}

// Finish shows the end (or the stop: note says why) to everybody, reveals the whole game
// and saves it. It runs once; the CLI's signal handler may call it while Play runs.
func (ps *Session) Finish(note string) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.saved {
		return
	}
	ps.saved = true
	// The state after the last recorded step (not ps.s, which a signal handler may see
	// in the middle of an Apply).
	s := ps.gameAt(len(ps.steps))
	if ps.humans > 1 || ps.onScreen < 0 {
		ps.clear()
	}
	if s.Terminal() {
		ps.printf("\n%s\n", ps.title("Game over"))
	} else {
		ps.printf("\n%s\n", ps.title("Game stopped ("+note+")"))
	}
	// The moves nobody has seen yet, with everything revealed.
	from := len(ps.steps)
	for seat := range ps.Specs {
		if ps.Specs[seat] == Human {
			from = min(from, ps.seen[seat])
		}
	}
	if from < len(ps.steps) {
		ps.printf("%s\n", ps.bold("Last moves:"))
		for k := from; k < len(ps.steps); k++ {
			for _, l := range ps.stepLines(k, engine.Omniscient) {
				ps.printf("  %s\n", l)
			}
		}
	}
	n := ps.Players
	scores := make([]string, n)
	for i := range scores {
		scores[i] = fmt.Sprintf("%s %g", ps.seatName(i, ps.me()), s.Score(i))
	}
	if s.Terminal() {
		ps.printf("%s %s\n", ps.bold("Result:"), ps.resultText(s))
	}
	ps.printf("%s %s\n", ps.bold("Scores:"), strings.Join(scores, ", "))
	ps.printf("%s\n", ps.bold("The whole game revealed — the deal:"))
	for _, l := range ps.dealLines(engine.Omniscient) {
		if strings.Contains(l, "top first") {
			continue // the order of the piles is in the saved game (trace --replay)
		}
		ps.printf("    %s\n", l)
	}
	ps.printf("%s\n", ps.bold("and the end:"))
	for _, l := range strings.Split(DescribeView(s, engine.Omniscient), "\n") {
		ps.printf("    %s\n", l)
	}
	if ps.Save == "" {
		return
	}
	if err := sim.WriteFileAtomic(ps.Save, ps.traceBytes(s, note)); err != nil {
		ps.printf("%s\n", ps.warn("could not save the game: "+err.Error()))
		return
	}
	ps.printf("Saved to %s: dragonlab trace --replay %s prints the whole game.\n", ps.Save, ps.Save)
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
		Agents: ps.Specs, Seed: ps.Seed, Index: 0, GameSeed: ps.gameSeed, View: ViewName(engine.Omniscient),
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

// gameAt is the game after k recorded steps.
func (ps *Session) gameAt(k int) engine.State {
	if k > 0 {
		return ps.steps[k-1].after
	}
	s, err := ps.Game.NewGame(ps.Params, ps.Players, ps.gameSeed)
	if err != nil {
		return ps.s
	}
	return s
}

// me is the human's seat when one person plays (to say "you"), else no seat.
func (ps *Session) me() int {
	if ps.humans != 1 {
		return -2
	}
	for seat, spec := range ps.Specs {
		if spec == Human {
			return seat
		}
	}
	return -2
}
