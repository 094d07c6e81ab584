package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"dragonlab/agents"
	"dragonlab/sim/play"
)

// hintAgentSpec is the agent behind the `hint` command of play: the strongest honest
// agent (it sees only the human's view, through Determinize; never the oracle). One place
// to change it.
var hintAgentSpec = "expert"

// stdin is what play reads the players' answers from (tests replace it).
var stdin io.Reader = os.Stdin

type playOptions struct {
	game    gameOptions
	Agents  string
	Seed    uint64
	Save    string
	NoSave  bool
	Hint    string
	Workers int
	stdout  io.Writer
	stdin   io.Reader
}

func init() {
	commands = append(commands, func(stdout, _ io.Writer) *cobra.Command {
		o := &playOptions{stdout: stdout}
		cmd := &cobra.Command{
			Use:   "play",
			Short: "Play a game in the terminal against the bots (or hot-seat with other people)",
			Long: `Play one game yourself: any seat given as "human" in --agents is played by a person at
this terminal, the others by the agents named. Several humans play hot-seat: before each
human's turn the screen asks the others to look away, and each human sees only his own
seat's view (his hand, his draws; the other seats' hidden cards and secret choices never).

At your turn you see what happened since your last turn, your view of the game and the
legal actions, numbered, in the rules' text form. Answer with a number, the action's
text, or the start of it when only one action begins that way. Commands:
  help     what you can type
  rules    the rules (by ID) that the current choice depends on
  hint     what ` + hintAgentSpec + ` (honest: it sees only your view) would play, with its
           estimated chance of winning
  history  everything your seat has seen since the deal
  show     your view and the choices again
  quit     stop (asks to confirm); the game so far is saved

At the end every hand is revealed. The game is saved as a JSONL trace (the seed and every
action, with the narration) that ` + "`dragonlab trace --replay FILE`" + ` prints and replays
exactly. Colours and screen clearing are used only when the output is a terminal (and
NO_COLOR is not set); with a pipe the game plays as plain text.`,
			Example: `  dragonlab play --game dragonheart --agents human,mcts:iters=2000
  dragonlab play --game draco --players 3 --agents human,mcts:iters=2000,greedy --seed 7
  dragonlab play --game redhot --players 3 --agents human,human,mcts   # hot-seat
  dragonlab play --game dragonscales --players 1 --agents human
  dragonlab trace --replay dragonlab-draco-seed7.jsonl`,
			Args: cobra.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error { return o.run(cmd) },
		}
		o.game.addFlags(cmd)
		f := cmd.Flags()
		f.StringVarP(&o.Agents, "agents", "a", "", `one spec per seat, "human" for a person (default: human in seat 0, `+hintAgentSpec+` in the others)`)
		f.Uint64Var(&o.Seed, "seed", 0, "seed of the deal (default: from the clock; the saved game records it)")
		f.StringVar(&o.Save, "save", "", "where to save the game as a JSONL trace (default: dragonlab-<game>-seed<seed>.jsonl)")
		f.BoolVar(&o.NoSave, "no-save", false, "do not save the game")
		f.StringVar(&o.Hint, "hint-agent", hintAgentSpec, "agent behind the hint command (honest agents only)")
		f.IntVar(&o.Workers, "workers", 0, "not used: play runs one game")
		f.MarkHidden("hint-agent")
		f.MarkHidden("workers")
		return cmd
	})
}

// seatSpecs splits --agents like agents.ParseList (a comma followed by key=value goes on
// with the previous spec's options) and parses every spec but "human".
func seatSpecs(list string) ([]string, []agents.Factory, error) {
	var specs []string
	for _, part := range strings.Split(list, ",") {
		if strings.Contains(part, "=") && !strings.Contains(part, ":") && len(specs) > 0 {
			specs[len(specs)-1] += "," + part
			continue
		}
		specs = append(specs, strings.TrimSpace(part))
	}
	fs := make([]agents.Factory, len(specs))
	for i, spec := range specs {
		if spec == play.Human {
			continue
		}
		f, err := agents.Parse(spec)
		if err != nil {
			return nil, nil, asBadInput(err)
		}
		fs[i], specs[i] = f, f.Spec
	}
	return specs, fs, nil
}

func (o *playOptions) run(cmd *cobra.Command) error {
	if cmd.Flags().Changed("workers") {
		return badInput("play has no --workers: it plays one game, one decision at a time (use dragonlab run for many games)")
	}
	g, p, players, err := o.game.resolve()
	if err != nil {
		return err
	}
	list := o.Agents
	if !cmd.Flags().Changed("agents") {
		list = play.Human + strings.Repeat(","+hintAgentSpec, players-1)
	}
	specs, fs, err := seatSpecs(list)
	if err != nil {
		return err
	}
	if len(specs) != players {
		return badInput("%d agents given (%s) for %d players: give one per seat, comma-separated, \"human\" for a person", len(specs), list, players)
	}
	humans := 0
	for _, s := range specs {
		if s == play.Human {
			humans++
		}
	}
	if humans == 0 {
		return badInput("no seat is %q in --agents %s: play needs a person; to watch agents play each other use dragonlab trace (one game) or dragonlab run (many)", play.Human, list)
	}
	hint, err := agents.Parse(o.Hint)
	if err != nil {
		return badInput("--hint-agent: %v", err)
	}
	if hint.Cheats {
		return badInput("--hint-agent %s cheats (it sees hidden cards): the hint must be an honest agent", hint.Spec)
	}
	seed := o.Seed
	if !cmd.Flags().Changed("seed") {
		seed = uint64(time.Now().UnixNano()/1000) % 1_000_000 // short enough to type again
	}
	save := o.Save
	if o.NoSave {
		if cmd.Flags().Changed("save") {
			return badInput("--save and --no-save contradict each other: give one")
		}
		save = ""
	} else {
		if save == "" {
			if cmd.Flags().Changed("save") {
				return badInput("--save needs a file name (or give --no-save)")
			}
			save = fmt.Sprintf("dragonlab-%s-seed%d.jsonl", g.Name, seed)
		}
		if err := checkSavePath(save); err != nil {
			return err
		}
	}
	in := o.stdin
	if in == nil {
		in = stdin
	}
	tty, echo, width := false, true, 100
	if f, ok := o.stdout.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		tty = true
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w >= 40 {
			width = w
		}
	}
	if f, ok := in.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		echo = false // the terminal shows what is typed
	}
	con := &terminal{in: bufio.NewReader(in), out: o.stdout, tty: tty, colour: tty && os.Getenv("NO_COLOR") == "", echo: echo}
	ps, err := play.New(play.Config{
		Game: g, Params: p, Players: players, Seed: seed, Specs: specs, Factories: fs, Hint: hint,
		Save: save, Width: width,
	}, con)
	if err != nil {
		return asBadInput(err)
	}
	if in == io.Reader(os.Stdin) {
		// Ctrl-C or SIGTERM on the real terminal: show and save the game so far.
		ch := make(chan os.Signal, 1)
		signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
		defer signal.Stop(ch)
		go func() {
			if _, ok := <-ch; ok {
				con.Print("\n")
				ps.Finish("interrupted")
				os.Exit(exitInterrupted)
			}
		}()
	}
	return ps.Play()
}

// checkSavePath refuses, before the game starts, a save target that is not a regular file
// (a directory, a device) or whose directory cannot be written.
func checkSavePath(path string) error {
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return badInput("--save %s: not a regular file; give a file name", path)
	}
	if err := checkWritable(path); err != nil {
		return err
	}
	return nil
}

// terminal is play's console: lines read from the input, text printed to the output, with
// colours and screen clearing only on a terminal.
type terminal struct {
	in     *bufio.Reader
	out    io.Writer
	tty    bool // clear the screen between turns
	colour bool
	echo   bool // print each answer read (the input is not a terminal that echoes it)
}

func (t *terminal) Terminal() bool { return t.tty }

func (t *terminal) Clear() {
	if t.tty {
		fmt.Fprint(t.out, "\x1b[H\x1b[2J")
	}
}

func (t *terminal) Print(text string) { fmt.Fprint(t.out, text) }

// ReadLine reads one answer; io.EOF when the input has ended.
func (t *terminal) ReadLine() (string, error) {
	line, err := t.in.ReadString('\n')
	if err == io.EOF && line != "" {
		err = nil
	}
	if t.echo {
		fmt.Fprintf(t.out, "%s\n", strings.TrimRight(line, "\r\n")) // so a piped game reads like a session
	}
	return strings.TrimSpace(line), err
}

// roleColours are the ANSI colours of the roles of text.
var roleColours = map[play.Role]string{play.Bold: "1", play.Dim: "2", play.Num: "36", play.Warn: "33", play.Title: "1;35"}

func (t *terminal) Paint(role play.Role, s string) string {
	if !t.colour {
		return s
	}
	return "\x1b[" + roleColours[role] + "m" + s + "\x1b[0m"
}
