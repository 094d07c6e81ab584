package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/sim"
)

// playConfig is a validated `play` command.
type playConfig struct {
	game      engine.Game
	params    engine.Params
	players   int
	seed      uint64
	specs     []string         // per seat: "human" or the agent's canonical spec
	factories []agents.Factory // per seat (zero for humans)
	hint      agents.Factory
	save      string // "" = do not save
	in        io.Reader
	out       io.Writer
	tty       bool // clear the screen between turns
	colour    bool
	echo      bool // print each answer read (the input is not a terminal that echoes it)
	width     int  // columns of the terminal (100 when not a terminal)
	signals   bool // save on Ctrl-C / SIGTERM (the real terminal only)
}

// playStep is one decision of the game: who took it, what, and the states around it
// (kept to narrate the step later for any viewer).
type playStep struct {
	seat          int
	action        engine.Action
	before, after engine.State
}

// playSession plays one game of `play`.
type playSession struct {
	playConfig
	gameSeed uint64
	s        engine.State
	bots     []agents.Agent
	rngs     []engine.RNG
	humans   int
	steps    []playStep
	seen     []int  // per seat: steps already shown to that human
	dealt    []bool // per seat: the deal was shown to that human
	onScreen int    // the human whose private view is on the screen, -1 none
	in       *bufio.Reader
	st       style
	mu       sync.Mutex // guards steps against the signal handler's save
	saved    bool
	keep     bool // the intro is on the screen: the first clear keeps it
}

// errInputEnded: stdin ended before the game did (the game so far is saved).
var errInputEnded = errors.New("the input ended before the game did")

func newPlaySession(c playConfig) (*playSession, error) {
	ps := &playSession{playConfig: c, onScreen: -1, in: bufio.NewReader(c.in), st: style{c.colour}}
	ps.gameSeed = sim.GameSeed(c.seed, 0)
	s, err := c.game.NewGame(c.params, c.players, ps.gameSeed)
	if err != nil {
		return nil, err
	}
	ps.s = s
	ps.bots = make([]agents.Agent, c.players)
	ps.rngs = make([]engine.RNG, c.players)
	ps.seen = make([]int, c.players)
	ps.dealt = make([]bool, c.players)
	for seat, spec := range c.specs {
		// The same agent streams as `dragonlab run` and `trace` (fixed seating): a bot
		// plays as it would there in the same position.
		ps.rngs[seat].Seed(engine.DeriveSeed(ps.gameSeed, uint64(1+seat)))
		if spec == humanSpec {
			ps.humans++
			continue
		}
		ps.bots[seat] = c.factories[seat].New()
		if c.factories[seat].Check != nil {
			if err := c.factories[seat].Check(s); err != nil {
				return nil, fmt.Errorf("seat %d (%s): %w", seat, spec, err)
			}
		}
	}
	return ps, nil
}

// style adds ANSI colours when on.
type style struct{ on bool }

func (st style) wrap(code, s string) string {
	if !st.on {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}
func (st style) bold(s string) string  { return st.wrap("1", s) }
func (st style) dim(s string) string   { return st.wrap("2", s) }
func (st style) num(s string) string   { return st.wrap("36", s) }
func (st style) warn(s string) string  { return st.wrap("33", s) }
func (st style) title(s string) string { return st.wrap("1;35", s) }

func (ps *playSession) printf(format string, args ...any) { fmt.Fprintf(ps.out, format, args...) }

// clear wipes the screen on a terminal (nothing on a pipe).
func (ps *playSession) clear() {
	if ps.keep {
		ps.keep = false
		ps.printf("\n")
		return
	}
	if ps.tty {
		ps.printf("\x1b[H\x1b[2J")
	}
}

// seatName is how the screen names a seat, for viewer.
func (ps *playSession) seatName(seat, viewer int) string {
	switch {
	case seat == viewer:
		return fmt.Sprintf("seat %d (you)", seat)
	case ps.specs[seat] == humanSpec:
		return fmt.Sprintf("seat %d (human)", seat)
	}
	return fmt.Sprintf("seat %d (%s)", seat, agents.Short(ps.specs[seat]))
}

// readLine reads one answer; io.EOF when the input has ended.
func (ps *playSession) readLine() (string, error) {
	line, err := ps.in.ReadString('\n')
	if err == io.EOF && line != "" {
		err = nil
	}
	if ps.echo {
		ps.printf("%s\n", strings.TrimRight(line, "\r\n")) // so a piped game reads like a session
	}
	return strings.TrimSpace(line), err
}

// play runs the game to its end, a quit, or the end of the input, then saves it.
func (ps *playSession) play() error {
	if ps.signals {
		ch := make(chan os.Signal, 1)
		signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
		defer signal.Stop(ch)
		go func() {
			if _, ok := <-ch; ok {
				ps.printf("\n")
				ps.finish("interrupted")
				os.Exit(exitInterrupted)
			}
		}()
	}
	ps.intro()
	var buf []engine.Action
	for !ps.s.Terminal() {
		seat := ps.s.ToMove()
		var a engine.Action
		if ps.specs[seat] == humanSpec {
			var quit bool
			var err error
			a, quit, err = ps.humanTurn(seat)
			if err != nil {
				ps.finish("input ended")
				return fmt.Errorf("%w%s", errInputEnded, ps.savedWhere())
			}
			if quit {
				ps.finish("seat " + strconv.Itoa(seat) + " quit")
				return nil
			}
		} else {
			a = ps.bots[seat].Act(ps.s, &ps.rngs[seat])
			buf = ps.s.Legal(buf[:0])
			if !slices.Contains(buf, a) {
				return fmt.Errorf("seat %d (%s) chose an illegal action %q", seat, ps.specs[seat], ps.s.ActionText(a))
			}
		}
		ps.apply(seat, a)
	}
	ps.finish("")
	return nil
}

func (ps *playSession) apply(seat int, a engine.Action) {
	before := ps.s.Clone()
	ps.s.Apply(a)
	ps.mu.Lock()
	ps.steps = append(ps.steps, playStep{seat: seat, action: a, before: before, after: ps.s.Clone()})
	ps.mu.Unlock()
}

func (ps *playSession) intro() {
	ps.clear()
	ps.printf("%s\n", ps.st.title(fmt.Sprintf("dragonlab play: %s, %d player(s), seed %d", ps.game.Title, ps.players, ps.seed)))
	for seat, spec := range ps.specs {
		who := "a person"
		switch {
		case spec == humanSpec && ps.humans == 1:
			who = "you"
		case spec != humanSpec && agents.Cheats(spec):
			who = agents.Short(spec) + " — CHEATS: it sees every hidden card"
		case spec != humanSpec:
			who = agents.Short(spec)
		}
		ps.printf("  seat %d: %s\n", seat, who)
	}
	ps.printf("Rules: %s (the rules of each choice: type rules).\n", rulesPath(ps.game.Name))
	if ps.save != "" {
		ps.printf("The game is saved to %s.\n", ps.save)
	}
	ps.printf("%s\n", ps.st.dim("At your turn answer with a number, an action or its first letters; help lists the commands."))
	ps.keep = true
}

// humanTurn shows seat its screen and reads its choice. quit is true when the player
// chose to stop; err is io.EOF when the input ended.
func (ps *playSession) humanTurn(seat int) (engine.Action, bool, error) {
	if ps.humans > 1 && ps.onScreen != seat {
		// Hot-seat: hide the previous player's private view before showing this one.
		ps.clear()
		if !ps.tty {
			ps.printf("\n%s\n", strings.Repeat("-", 60))
		}
		ps.printf("%s\n", ps.st.bold(fmt.Sprintf("Pass to seat %d. Seat %d: press Enter when only you can see the screen.", seat, seat)))
		if _, err := ps.readLine(); err != nil {
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
		ps.printf("%s ", ps.st.bold(fmt.Sprintf("seat %d>", seat)))
		line, err := ps.readLine()
		if err != nil {
			return 0, false, err
		}
		i, msg := ps.answer(seat, line, legal, texts)
		switch {
		case i >= 0:
			ps.printf("%s\n", ps.st.dim("you play: "+texts[i]))
			return legal[i], false, nil
		case msg == cmdQuit:
			ps.printf("Stop the game now? The game so far will be saved%s. [y/N] ", ps.saveNote())
			yes, err := ps.readLine()
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
func (ps *playSession) answer(seat int, line string, legal []engine.Action, texts []string) (int, string) {
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
			return -1, ps.st.warn(fmt.Sprintf("There is no action %d: choose a number from 1 to %d.", k, n))
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
		return -1, ps.st.warn(fmt.Sprintf("%q is not an action you can play now: choose a number from 1 to %d (help lists the commands).", line, n))
	}
	var names []string
	for _, i := range hits[:min(len(hits), 6)] {
		names = append(names, fmt.Sprintf("%d) %s", i+1, texts[i]))
	}
	more := ""
	if len(hits) > 6 {
		more = fmt.Sprintf(" and %d more", len(hits)-6)
	}
	return -1, ps.st.warn(fmt.Sprintf("%q fits %d actions: %s%s. Type more of it, or its number.", line, len(hits), strings.Join(names, ", "), more))
}

func (ps *playSession) help(n int) string {
	return fmt.Sprintf(`Answer with:
  a number      1 to %d, from the list of your choices
  an action     its text as listed, or its first letters if no other action starts so
Commands:
  rules    the rules (by ID) that this choice depends on
  hint     what %s would play here, with its estimated chance of winning (it sees only your view)
  history  everything you have seen since the deal
  show     your view and your choices again
  quit     stop the game (asks first); it is saved%s`, n, agents.Short(ps.hint.Spec), ps.saveNote())
}

func (ps *playSession) saveNote() string {
	if ps.save == "" {
		return " nowhere (--no-save)"
	}
	return " to " + ps.save
}

func (ps *playSession) savedWhere() string {
	if ps.save == "" {
		return ""
	}
	return "; the game so far is saved in " + ps.save
}

func (ps *playSession) rulesText(texts []string) string {
	lines := ruleLines(ps.game.Name, rulesFor(ps.game.Name, texts), ps.width-4)
	if len(lines) == 0 {
		return "No rule is listed for this choice; the rules are in " + rulesPath(ps.game.Name) + "."
	}
	return "The rules behind this choice (" + rulesPath(ps.game.Name) + "):\n  " + strings.Join(lines, "\n  ")
}

// hintText asks the hint agent (honest: it searches determinizations of the human's view)
// what it would play; its random stream depends only on the game and the step, so a hint
// is reproducible and never changes the game.
func (ps *playSession) hintText(legal []engine.Action, texts []string) string {
	if len(legal) == 1 {
		return "Only one action is possible: 1) " + texts[0]
	}
	ag := ps.hint.New()
	rng := engine.NewRNG(engine.DeriveSeed(ps.gameSeed, 1<<32+uint64(len(ps.steps))))
	i := slices.Index(legal, ag.Act(ps.s, &rng))
	if i < 0 {
		return "The hint agent found no legal action."
	}
	line := fmt.Sprintf("Hint (%s): %s", agents.Short(ps.hint.Spec), ps.st.num(fmt.Sprintf("%d) %s", i+1, texts[i])))
	if e, ok := ag.(interface {
		Estimate() (float64, int, bool)
	}); ok {
		if v, visits, ok := e.Estimate(); ok {
			what := "estimated win chance"
			if strings.Contains(ps.hint.Spec, "reward=score") {
				what = "estimated score margin (normalised)"
			}
			line += fmt.Sprintf(", %s %.0f%% over %d playouts", what, 100*v, visits)
		}
	}
	return line
}

// stepLines narrates step k for viewer: the seat and action, then the events.
func (ps *playSession) stepLines(k, viewer int) []string {
	st := ps.steps[k]
	action, events := narrateStep(st.before, st.after, st.action, viewer)
	who := viewer
	if viewer == engine.Omniscient {
		who = ps.me()
	}
	out := []string{ps.seatName(st.seat, who) + ": " + ps.st.bold(action)}
	for _, e := range events {
		out = append(out, "    "+e)
	}
	return out
}

// dealLines is the deal as viewer saw it.
func (ps *playSession) dealLines(viewer int) []string {
	probe, err := ps.game.New(ps.params, ps.players)
	if err != nil {
		return nil
	}
	return narrateDeal(probe, ps.gameSeed, viewer)
}

func (ps *playSession) historyText(seat int) string {
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
func (ps *playSession) screen(seat int, texts []string) {
	ps.clear()
	ps.printf("%s\n", ps.st.title(fmt.Sprintf("%s — seat %d, your turn (decision %d)", ps.game.Title, seat, len(ps.steps)+1)))
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
		ps.printf("%s\n", ps.st.bold("Since your last turn:"))
		for _, l := range news {
			ps.printf("  %s\n", l)
		}
	}
	ps.printf("%s\n", ps.st.bold("Your view:"))
	for _, l := range strings.Split(describeView(ps.s, seat), "\n") {
		ps.printf("  %s\n", l)
	}
	ps.printf("%s\n", ps.st.bold("Your choices:"))
	ps.printChoices(texts)
}

// printChoices lists the numbered actions, in columns when there are many.
func (ps *playSession) printChoices(texts []string) {
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
			b.WriteString(ps.st.num(num) + " " + rest + pad)
		}
		ps.printf("  %s\n", strings.TrimRight(b.String(), " "))
	}
}

// finish shows the end (or the stop) to everybody, reveals the whole game and saves it.
func (ps *playSession) finish(note string) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.saved {
		return
	}
	ps.saved = true
	// The state after the last recorded step (not ps.s, which the signal handler may see
	// in the middle of an Apply).
	s := ps.gameAt(len(ps.steps))
	if ps.humans > 1 || ps.onScreen < 0 {
		ps.clear()
	}
	if s.Terminal() {
		ps.printf("\n%s\n", ps.st.title("Game over"))
	} else {
		ps.printf("\n%s\n", ps.st.title("Game stopped ("+note+")"))
	}
	// The moves nobody has seen yet, with everything revealed.
	from := len(ps.steps)
	for seat := range ps.specs {
		if ps.specs[seat] == humanSpec {
			from = min(from, ps.seen[seat])
		}
	}
	if from < len(ps.steps) {
		ps.printf("%s\n", ps.st.bold("Last moves:"))
		for k := from; k < len(ps.steps); k++ {
			for _, l := range ps.stepLines(k, engine.Omniscient) {
				ps.printf("  %s\n", l)
			}
		}
	}
	n := ps.players
	scores := make([]string, n)
	for i := range scores {
		scores[i] = fmt.Sprintf("%s %g", ps.seatName(i, ps.me()), s.Score(i))
	}
	if s.Terminal() {
		ps.printf("%s %s\n", ps.st.bold("Result:"), ps.resultText(s))
	}
	ps.printf("%s %s\n", ps.st.bold("Scores:"), strings.Join(scores, ", "))
	ps.printf("%s\n", ps.st.bold("The whole game revealed — the deal:"))
	for _, l := range ps.dealLines(engine.Omniscient) {
		if strings.Contains(l, "top first") {
			continue // the order of the piles is in the saved game (trace --replay)
		}
		ps.printf("    %s\n", l)
	}
	ps.printf("%s\n", ps.st.bold("and the end:"))
	for _, l := range strings.Split(describeView(s, engine.Omniscient), "\n") {
		ps.printf("    %s\n", l)
	}
	if ps.save == "" {
		return
	}
	if err := sim.WriteFileAtomic(ps.save, ps.traceBytes(s, note)); err != nil {
		ps.printf("%s\n", ps.st.warn("could not save the game: "+err.Error()))
		return
	}
	ps.printf("Saved to %s: dragonlab trace --replay %s prints the whole game.\n", ps.save, ps.save)
}

// resultText says who won.
func (ps *playSession) resultText(s engine.State) string {
	out := make([]float64, ps.players)
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
	case len(winners) == ps.players && engine.Draw(out):
		return "a draw: " + strings.Join(winners, ", ") + " share the win"
	}
	return strings.Join(winners, ", ") + " share the win"
}

// traceBytes is the game as a JSONL trace (the format of trace --format jsonl): the
// header with the seed, every action with its omniscient narration, the end.
func (ps *playSession) traceBytes(s engine.State, note string) []byte {
	var b bytes.Buffer
	tw := newTraceWriter(&b, true)
	tw.header(traceHeader{Game: ps.game.Name, Players: ps.players, Params: engine.ParamsJSON(ps.params),
		Agents: ps.specs, Seed: ps.seed, Index: 0, GameSeed: ps.gameSeed, View: viewName(engine.Omniscient),
		Deal: ps.dealLines(engine.Omniscient)}, ps.game, ps.params)
	for k, st := range ps.steps {
		action, events := narrateStep(st.before, st.after, st.action, engine.Omniscient)
		tw.step(traceStep{Step: k + 1, Seat: st.seat, Action: action, Events: events})
	}
	e := endOf(s, len(ps.steps), engine.Omniscient)
	if !e.Finished {
		e.Note = note
	}
	tw.end(e)
	return b.Bytes()
}

// gameAt is the game after k recorded steps.
func (ps *playSession) gameAt(k int) engine.State {
	if k > 0 {
		return ps.steps[k-1].after
	}
	s, err := ps.game.NewGame(ps.params, ps.players, ps.gameSeed)
	if err != nil {
		return ps.s
	}
	return s
}

// me is the human's seat when one person plays (to say "you"), else no seat.
func (ps *playSession) me() int {
	if ps.humans != 1 {
		return -2
	}
	for seat, spec := range ps.specs {
		if spec == humanSpec {
			return seat
		}
	}
	return -2
}
