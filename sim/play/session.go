package play

import (
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
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
	// SaveFile is Save, created empty and exclusively by the caller (CreateSave); nil:
	// the session creates Save itself (a resumed game: rewrites it).
	SaveFile *os.File
	// Step pauses after every bot move and between the combats of one move (Dragon
	// Scales), until the person presses Enter; off, the moves run to the next turn.
	Step bool
	// Offer offers a variant when the rules chosen give the players no decision (the
	// rules were not set explicitly).
	Offer bool
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
	// Size is the screen's width and height in characters; height 0 means no limit (the
	// output is not a screen). The session lays a turn out to fit it.
	Size() (width, height int)
	// Terminal reports whether the screen is a terminal (false: a pipe or a file).
	Terminal() bool
	// Interactive reports whether a person types the answers at a terminal (so that the
	// end of the input, Ctrl-D, is a key press to confirm, not the end of a script).
	Interactive() bool
	// Clear wipes the screen (nothing when it is not a terminal).
	Clear()
	// Print writes text as it is.
	Print(text string)
	// ReadLine reads one answer, trimmed; io.EOF when the input has ended (or Ctrl-D was
	// pressed), ErrLineTooLong when the line was longer than MaxLine (the rest of it is
	// read and dropped).
	ReadLine() (string, error)
	// Paint marks s as role (colours on a terminal; s itself otherwise).
	Paint(role Role, s string) string
}

// MaxLine is the longest answer line a console passes on (a 50 MB line was once
// echoed twice).
const MaxLine = 1000

// ErrLineTooLong: the line typed was longer than MaxLine; it was dropped.
var ErrLineTooLong = fmt.Errorf("the line is longer than %d characters", MaxLine)

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
	index    int64 // the game's index in the run of Seed (0 for play's own games)
	gameSeed uint64
	s        engine.State
	bots     []agents.Agent
	rngs     []engine.RNG
	humans   int
	steps    []step
	seen     []int  // per seat: steps already shown to that human on a turn's screen
	shown    []int  // per seat: steps shown to that human one at a time (with a pause)
	dealt    []bool // per seat: the deal was shown to that human
	onScreen int    // the human whose private view is on the screen, -1 none
	mu       sync.Mutex
	saved    bool
	keep     bool // the intro is on the screen: the first clear keeps it
	fast     bool // the person asked to run to his next turn (f at a pause)
	prompt   string
	ctrlC    int    // Ctrl-C presses since the last decision
	eofs     int    // Ctrl-D presses in a row
	note     string // why the game stopped
	resumed  int    // steps replayed from a saved game
	warning  string // what the resume found amiss
	newsFrom []int  // per seat: the first step of the news of its current turn
	newsDeal []bool // per seat: the news of its current turn starts with the deal

	// The save, growing with the game (save.go).
	opened     bool
	saveF      *os.File
	saveErr    error
	revealNote string // a resumed game that was revealed says so
	replaying  bool   // Resume replays the saved decisions: not appended again
	revealedAt int    // decisions after which the whole game was revealed; -1 never
}

// ErrInputEnded: the input ended before the game did.
var ErrInputEnded = errors.New("the input ended before the game did")

// New deals the game of c and makes its agents; the session plays on con.
func New(c Config, con Console) (*Session, error) {
	ps := &Session{Config: c, con: con, onScreen: -1, revealedAt: -1}
	if err := ps.deal(); err != nil {
		return nil, err
	}
	return ps, nil
}

// deal (re)starts the game of the session's config from its seed, with fresh agents.
func (ps *Session) deal() error {
	c := ps.Config
	ps.gameSeed = sim.GameSeed(c.Seed, ps.index)
	s, err := c.Game.NewGame(c.Params, c.Players, ps.gameSeed)
	if err != nil {
		return err
	}
	ps.s = s
	ps.steps = nil
	ps.humans = 0
	ps.bots = make([]agents.Agent, c.Players)
	ps.rngs = make([]engine.RNG, c.Players)
	ps.seen = make([]int, c.Players)
	ps.shown = make([]int, c.Players)
	ps.dealt = make([]bool, c.Players)
	ps.newsFrom = make([]int, c.Players)
	ps.newsDeal = make([]bool, c.Players)
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
				return fmt.Errorf("seat %d (%s): %w", seat, spec, err)
			}
		}
	}
	return nil
}

func (ps *Session) bold(s string) string  { return ps.con.Paint(Bold, s) }
func (ps *Session) dim(s string) string   { return ps.con.Paint(Dim, s) }
func (ps *Session) num(s string) string   { return ps.con.Paint(Num, s) }
func (ps *Session) warn(s string) string  { return ps.con.Paint(Warn, s) }
func (ps *Session) title(s string) string { return ps.con.Paint(Title, s) }

func (ps *Session) printf(format string, args ...any) { ps.con.Print(fmt.Sprintf(format, args...)) }

// size is the console's size with the floor of a layout (80 columns); height 0: no limit.
func (ps *Session) size() (int, int) {
	w, h := ps.con.Size()
	if w < 40 {
		w = 80
	}
	if h != 0 && h < 10 {
		h = 24
	}
	return w, h
}

// say prints a line wrapped to the screen's width (painted line by line).
func (ps *Session) say(paint func(string) string, format string, args ...any) {
	w, _ := ps.size()
	for _, l := range engine.Wrap(fmt.Sprintf(format, args...), w-1, "  ") {
		ps.printf("%s\n", paint(l))
	}
}

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

// errQuit: the person chose to stop.
var errQuit = errors.New("quit")

// Play runs the game to its end, a quit, or the end of the input, then saves it. At the
// end of the input it returns ErrInputEnded (wrapped, saying where the game was saved); a
// save that fails is a *SaveError.
func (ps *Session) Play() error {
	ps.intro()
	if ps.resumed == 0 {
		if err := ps.offerVariant(); err != nil {
			return ps.stop(err)
		}
	}
	ps.mu.Lock()
	ps.openSave() // the game starts: its save exists from now on
	ps.mu.Unlock()
	if ps.Step && ps.resumed == 0 {
		if err := ps.stepDeal(); err != nil {
			return ps.stop(err)
		}
	}
	var buf []engine.Action
	for !ps.s.Terminal() {
		seat := ps.s.ToMove()
		var a engine.Action
		if ps.Specs[seat] == Human {
			var err error
			a, err = ps.humanTurn(seat)
			if err != nil {
				return ps.stop(err)
			}
		} else {
			a = ps.bots[seat].Act(ps.s, &ps.rngs[seat])
			buf = ps.s.Legal(buf[:0])
			if !slices.Contains(buf, a) {
				return fmt.Errorf("seat %d (%s) chose an illegal action %q", seat, ps.Specs[seat], ps.s.ActionText(a))
			}
		}
		ps.apply(seat, a)
		if err := ps.stepShow(seat); err != nil {
			return ps.stop(err)
		}
	}
	return ps.Finish("")
}

// stop ends the game early: a quit (saved, no error) or the end of the input.
func (ps *Session) stop(err error) error {
	if errors.Is(err, errQuit) {
		return ps.Finish(ps.note)
	}
	if serr := ps.Finish("input ended"); serr != nil {
		return serr
	}
	return fmt.Errorf("%w%s", ErrInputEnded, ps.savedWhere())
}

func (ps *Session) apply(seat int, a engine.Action) {
	before := ps.s.Clone()
	ps.s.Apply(a)
	ps.mu.Lock()
	ps.steps = append(ps.steps, step{seat: seat, action: a, before: before, after: ps.s.Clone()})
	ps.ctrlC = 0
	if !ps.replaying {
		ps.appendSave(ps.stepLine(len(ps.steps) - 1))
	}
	ps.mu.Unlock()
}

func (ps *Session) intro() {
	ps.clear()
	say := ps.say
	say(ps.title, "dragonlab play: %s, %d player(s), seed %d", ps.Game.Title, ps.Players, ps.Seed)
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
		say(same, "  seat %d: %s", seat, who)
	}
	if changed := ParamsText(ps.Game, ps.Params); changed != "defaults" {
		say(same, "Rules: %s, with %s.", engine.RulesPath(ps.Game.Name), changed)
	} else {
		say(same, "Rules: %s (type rules at your turn).", engine.RulesPath(ps.Game.Name))
	}
	if ps.resumed > 0 {
		say(same, "Resumed after %d decisions.", ps.resumed)
	}
	if ps.warning != "" {
		say(ps.warn, "Note: %s.", ps.warning)
	}
	if ps.revealNote != "" {
		say(ps.warn, "Note: %s.", ps.revealNote)
	}
	if ps.Save != "" {
		say(same, "The game is saved to %s.", ps.Save)
	}
	say(ps.dim, "At your turn answer with a number or an action's full name; help lists the commands.")
	ps.keep = true
}

// variantOffer is a set-up whose default rules leave the players no decision, and the
// variant that gives them one.
type variantOffer struct {
	game    string
	players int
	key     string // the parameter, and its value in the set-up without decisions
	value   string
	set     string // the variant's assignment
	warn    string
	ask     string
}

var variantOffers = []variantOffer{{
	game: "dragonscales", players: 2, key: "duoHand", value: "0", set: "duoHand=3",
	warn: "With the default two-player rules (DS-16) both players turn the top card of their pile: " +
		"you decide only when you win a combat with a Joker, and many games pass without a decision.",
	ask: "Play the hand variant instead (duoHand=3: hold 3 cards, choose one in secret each combat)? [Y/n] ",
}}

// offerVariant warns when the rules give the players no decision and offers the variant
// that does (only when the rules were not chosen explicitly).
func (ps *Session) offerVariant() error {
	if !ps.Offer || ps.humans == 0 {
		return nil
	}
	for _, o := range variantOffers {
		if o.game != ps.Game.Name || o.players != ps.Players {
			continue
		}
		match := false
		for _, kv := range engine.ParamValues(ps.Params) {
			match = match || kv.Key == o.key && kv.Value == o.value
		}
		if !match {
			continue
		}
		w, _ := ps.size()
		ps.printf("%s\n", ps.warn(strings.Join(engine.Wrap(o.warn, w-1, ""), "\n")))
		ps.printf("%s ", strings.Join(engine.Wrap(strings.TrimSpace(o.ask), w-2, ""), "\n"))
		answer, err := ps.con.ReadLine()
		if err != nil && !errors.Is(err, ErrLineTooLong) {
			return err
		}
		if strings.HasPrefix(strings.ToLower(answer), "n") {
			ps.printf("The default rules, then.\n")
			return nil
		}
		p, err := engine.ParseParams(ps.Game, engine.ParamsJSON(ps.Params)) // a copy
		if err != nil {
			return err
		}
		if err := engine.SetParam(ps.Game, p, o.set); err != nil {
			return err
		}
		ps.Params = p
		if err := ps.deal(); err != nil {
			return err
		}
		ps.printf("Playing with %s.\n", o.set)
	}
	return nil
}

// readAnswer reads one answer of a person: the end of the input is a quit to confirm at a
// terminal (a second Ctrl-D in a row quits), a line too long is refused.
func (ps *Session) readAnswer(seat int) (string, error) {
	for {
		line, err := ps.con.ReadLine()
		switch {
		case err == nil:
			ps.eofs = 0
			return line, nil
		case errors.Is(err, ErrLineTooLong):
			ps.say(ps.warn, "That line is longer than %d characters: it was ignored.", MaxLine)
			ps.printf("%s ", ps.prompt)
			continue
		case err == io.EOF && ps.con.Interactive():
			ps.eofs++
			if ps.eofs >= 2 {
				ps.note = fmt.Sprintf("seat %d quit", seat)
				return "", errQuit
			}
			ps.printf("\n")
			ps.say(ps.warn, "Stop the game? Press Ctrl-D again to stop (the game is saved%s), or type your answer to go on.", ps.saveNote())
			ps.printf("%s ", ps.prompt)
			continue
		}
		return "", err
	}
}

// Interrupt is Ctrl-C at the terminal (the CLI's signal handler calls it): the first press
// asks, the second quits (it returns true: the caller then calls Finish and exits). A
// decision taken in between starts the count again.
func (ps *Session) Interrupt() bool {
	ps.mu.Lock()
	ps.ctrlC++
	n := ps.ctrlC
	ps.mu.Unlock()
	if n >= 2 {
		return true
	}
	ps.printf("\n")
	ps.say(ps.warn, "Ctrl-C: press it again to stop the game (it is saved%s), or go on playing.", ps.saveNote())
	if ps.prompt != "" {
		ps.printf("%s ", ps.prompt)
	}
	return false
}

// humanTurn shows seat its screen and reads its choice; errQuit when the player chose to
// stop, io.EOF when the input ended.
func (ps *Session) humanTurn(seat int) (engine.Action, error) {
	ps.fast = false
	if ps.humans > 1 && ps.onScreen != seat {
		// Hot-seat: hide the previous player's private view before showing this one.
		ps.clear()
		if !ps.con.Terminal() {
			ps.printf("\n%s\n", strings.Repeat("-", 60))
		}
		ps.prompt = ""
		ps.printf("%s\n", ps.bold(fmt.Sprintf("Pass to seat %d. Seat %d: press Enter when only you can see the screen.", seat, seat)))
		if _, err := ps.readAnswer(seat); err != nil {
			return 0, err
		}
	}
	ps.onScreen = seat
	// The news of this turn: what happened since the seat's last screen (kept for log and
	// show until the seat decides).
	ps.newsFrom[seat], ps.seen[seat] = ps.seen[seat], len(ps.steps)
	ps.newsDeal[seat], ps.dealt[seat] = !ps.dealt[seat], true
	legal := ps.s.Legal(nil)
	texts := make([]string, len(legal))
	for i, a := range legal {
		texts[i] = ps.s.ActionText(a)
	}
	ps.screen(seat, legal, texts)
	for {
		ps.prompt = ps.bold(fmt.Sprintf("seat %d>", seat))
		ps.printf("%s ", ps.prompt)
		line, err := ps.readAnswer(seat)
		if err != nil {
			return 0, err
		}
		i, msg := ps.answer(seat, line, legal, texts)
		switch {
		case i >= 0:
			ps.prompt = ""
			ps.printf("%s\n", ps.dim("you play: "+texts[i]))
			return legal[i], nil
		case msg == cmdQuit:
			w, _ := ps.size()
			ps.printf("%s ", strings.Join(engine.Wrap(fmt.Sprintf("Stop the game now? The game so far will be saved%s. [y/N]", ps.saveNote()), w-2, ""), "\n"))
			yes, err := ps.con.ReadLine()
			if err != nil || strings.HasPrefix(strings.ToLower(yes), "y") {
				ps.note = fmt.Sprintf("seat %d quit", seat)
				return 0, errQuit
			}
			ps.printf("The game goes on.\n")
		case msg == cmdReveal:
			ps.revealCommand()
		case msg != "":
			ps.page(msg)
		}
	}
}

// page prints a command's answer; on an interactive terminal a text taller than the
// screen stops after each screenful (Enter goes on, q stops).
func (ps *Session) page(text string) {
	w, h := ps.size()
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		lines = append(lines, engine.Wrap(l, w-1, "    ")...)
	}
	text = strings.Join(lines, "\n")
	if h == 0 || !ps.con.Interactive() || len(lines) < h {
		ps.printf("%s\n", text)
		return
	}
	for len(lines) > 0 {
		n := min(len(lines), h-2)
		ps.printf("%s\n", strings.Join(lines[:n], "\n"))
		lines = lines[n:]
		if len(lines) == 0 {
			return
		}
		ps.printf("%s ", ps.dim(fmt.Sprintf("-- %d more lines: Enter goes on, q stops --", len(lines))))
		if answer, err := ps.con.ReadLine(); err != nil || strings.HasPrefix(strings.ToLower(answer), "q") {
			return
		}
	}
}

// cmdQuit and cmdReveal are the answer's markers for the quit and reveal commands.
const (
	cmdQuit   = "\x00quit"
	cmdReveal = "\x00reveal"
)

// answer reads one line of seat's: the index of the chosen legal action, or -1 with a
// message to print (the command's output, or why the answer is not understood).
func (ps *Session) answer(seat int, line string, legal []engine.Action, texts []string) (int, string) {
	in := strings.Join(strings.Fields(strings.ToLower(line)), " ")
	n := len(texts)
	switch in {
	case "":
		return -1, fmt.Sprintf("Type the number of an action (1 to %d), or its full text; help lists the commands.", n)
	case "help", "?":
		return -1, ps.help(n)
	case "rules":
		return -1, ps.rulesText(texts)
	case "hint":
		return -1, ps.hintText(legal, texts)
	case "history":
		return -1, ps.historyText(seat)
	case "log":
		return -1, ps.logText(seat)
	case "reveal":
		return -1, cmdReveal
	case "show":
		ps.screen(seat, legal, texts)
		return -1, ""
	case "quit", "exit":
		return -1, cmdQuit
	}
	if arg, ok := strings.CutPrefix(in, "?"); ok {
		return -1, ps.previewText(strings.TrimSpace(arg), legal, texts)
	}
	if id, ok := strings.CutPrefix(in, "rules "); ok {
		return -1, ps.ruleText(id)
	}
	if k, err := strconv.Atoi(strings.TrimSuffix(in, ")")); err == nil {
		if k < 1 || k > n {
			return -1, ps.warn(fmt.Sprintf("There is no action %d: choose a number from 1 to %d.", k, n))
		}
		return k - 1, ""
	}
	// A choice by name is its full text only: a part of a name (its first letters, a
	// word of it) is never played, it is answered with the choices it fits, so that a
	// stray letter ("h") cannot play a card.
	var hits []int
	for i, t := range texts {
		lt := strings.Join(strings.Fields(strings.ToLower(t)), " ")
		if lt == in {
			return i, ""
		}
		if strings.HasPrefix(lt, in) || strings.Contains(" "+lt, " "+in) {
			hits = append(hits, i)
		}
	}
	if len(hits) == 0 {
		return -1, ps.warn(fmt.Sprintf("%q is not an action you can play now: choose a number from 1 to %d (help lists the commands).", quoteShort(line), n))
	}
	var names []string
	for _, i := range hits[:min(len(hits), 6)] {
		names = append(names, fmt.Sprintf("%d) %s", i+1, texts[i]))
	}
	more := ""
	if len(hits) > 6 {
		more = fmt.Sprintf(" and %d more", len(hits)-6)
	}
	fits := fmt.Sprintf("fits %d actions", len(hits))
	if len(hits) == 1 {
		fits = "is part of one action"
	}
	return -1, ps.warn(fmt.Sprintf("%q %s: %s%s. Nothing was played: type its number or its full name.", quoteShort(line), fits, strings.Join(names, ", "), more))
}

// quoteShort is at most the first 40 characters of an answer, for a message about it.
func quoteShort(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

func (ps *Session) help(n int) string {
	return fmt.Sprintf(`Answer with:
  a number      1 to %d, from the list of your choices
  an action     its full text as listed (a part of it only lists the actions it fits)
Commands:
  rules    the rules that this choice depends on, in full
  rules ID one rule in full (rules %s-5, or rules 5)
  hint     what %s would play here, with its estimated chance of winning (it sees only your view)
  ? N      what choice N does (? alone: this help)
  log      what happened since your last turn, in full
  history  everything you have seen since the deal
  show     the board and your choices again
  reveal   show the whole game now: every hand and pile (asks first; the save says so)
  quit     stop the game (asks first); it is saved%s, nothing hidden is shown`, n, ps.Game.Spec, agents.Short(ps.Hint.Spec), ps.saveNote())
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
	if _, _, secret := engine.SecretRound(ps.s); secret {
		if sp, ok := ag.(interface {
			SecretPolicy(seat int, legal []engine.Action) ([]float64, float64, bool)
		}); ok {
			if pol, v, ok := sp.SecretPolicy(ps.s.ToMove(), legal); ok {
				return ps.mixedHint(pol, v, texts)
			}
		}
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

// mixedHint is the hint at a secret choice: no single choice is best when the others may
// guess it, so it gives the mixed policy the search plays (each choice's probability, in
// whole percents that add up to 100, the largest remainders rounded up) and the round's
// value for the seat under it. The search saw only the seat's view: the other choosers'
// pending choices were re-dealt, not read.
func (ps *Session) mixedHint(pol []float64, value float64, texts []string) string {
	pct := percents(pol)
	var parts []string
	for i, p := range pct {
		if p > 0 {
			parts = append(parts, fmt.Sprintf("%s %d%%", ps.num(fmt.Sprintf("%d) %s", i+1, texts[i])), p))
		}
	}
	what := "estimated win chance"
	if strings.Contains(ps.Hint.Spec, "reward=score") {
		what = "estimated score margin (normalised)"
	}
	return fmt.Sprintf("Hint (%s), a secret choice: mix at random — %s (the others do not see your choice; never choosing alike keeps them guessing). The round's value for you with this mix: %s %.0f%%.",
		agents.Short(ps.Hint.Spec), strings.Join(parts, ", "), what, 100*value)
}

// percents rounds the probabilities p (summing to 1) to whole percents that sum to 100
// (largest remainder).
func percents(p []float64) []int {
	out := make([]int, len(p))
	left := 100
	rem := make([]float64, len(p))
	for i, x := range p {
		out[i] = int(100 * x)
		rem[i] = 100*x - float64(out[i])
		left -= out[i]
	}
	for ; left > 0; left-- {
		best := 0
		for i := range rem {
			if rem[i] > rem[best] {
				best = i
			}
		}
		out[best]++
		rem[best] = -1
	}
	return out
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

// beats are the narration lines that start a new beat within one step, per game: at a
// pause the person reads a step one beat at a time (Dragon Scales plays several combats
// in one step).
var beats = map[string]*regexp.Regexp{
	"dragonscales": regexp.MustCompile(`^combat \d+:`),
}

// viewer is the seat whose view the moves are shown in between turns: the human on the
// screen (hot-seat), the only human, or nobody (-1).
func (ps *Session) viewer() int {
	if ps.onScreen >= 0 {
		return ps.onScreen
	}
	return ps.me()
}

// stepShow shows, when pausing is on, the step just taken (by a bot, or the effects of the
// person's own move) beat by beat, and pauses after a bot's move.
func (ps *Session) stepShow(seat int) error {
	v := ps.viewer()
	if !ps.Step || ps.fast || v < 0 {
		return nil
	}
	k := len(ps.steps) - 1
	lines := ps.stepLines(k, v)
	if seat == v {
		lines = lines[1:] // "you play: …" is on the screen
	}
	bot := ps.Specs[seat] != Human
	next := -1
	if !ps.s.Terminal() {
		next = ps.s.ToMove()
	}
	// Nothing to read in a secret choice not yet revealed: no pause after it.
	action, events := NarrateStep(ps.steps[k].before, ps.steps[k].after, ps.steps[k].action, v)
	secret := len(events) == 0 && action == "(secret choice)"
	pause := bot && next != v && !secret || len(ps.splitBeats(lines)) > 1
	if err := ps.showBeats(lines, pause); err != nil {
		return err
	}
	if pause {
		ps.shown[v] = k + 1
	}
	return nil
}

// stepDeal shows the deal beat by beat when it has several (Dragon Scales' solitaire
// plays its first combats in the deal).
func (ps *Session) stepDeal() error {
	v := ps.viewer()
	if v < 0 {
		return nil
	}
	deal := ps.dealLines(v)
	if len(ps.splitBeats(deal)) < 2 {
		return nil
	}
	ps.printf("%s\n", ps.bold("The deal:"))
	return ps.showBeats(deal, true)
}

// splitBeats cuts lines at the game's beats: a group holds at most one beat (what comes
// before the first one goes with it).
func (ps *Session) splitBeats(lines []string) [][]string {
	re := beats[ps.Game.Name]
	var out [][]string
	hasBeat := false
	for _, l := range lines {
		beat := re != nil && re.MatchString(strings.TrimSpace(l))
		if len(out) == 0 || beat && hasBeat {
			out = append(out, nil)
			hasBeat = false
		}
		hasBeat = hasBeat || beat
		out[len(out)-1] = append(out[len(out)-1], l)
	}
	return out
}

// showBeats prints lines beat by beat, waiting for Enter between beats and, with
// pauseAfter, after the last one; f at a pause runs to the person's next turn.
func (ps *Session) showBeats(lines []string, pauseAfter bool) error {
	w, _ := ps.size()
	groups := ps.splitBeats(lines)
	for i, g := range groups {
		for _, l := range g {
			ps.printf("%s\n", strings.Join(engine.Wrap("  "+l, w-1, "        "), "\n"))
		}
		if i == len(groups)-1 && !pauseAfter {
			return nil
		}
		ps.prompt = ps.dim("Enter: next · f: on to your turn ·")
		if ps.s.Terminal() && i == len(groups)-1 {
			ps.prompt = ps.dim("Enter: the result ·")
		}
		ps.printf("%s ", ps.prompt)
		line, err := ps.readAnswer(ps.viewer())
		if err != nil {
			return err
		}
		if strings.HasPrefix(strings.ToLower(line), "f") {
			ps.fast = true
			return nil
		}
	}
	return nil
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
