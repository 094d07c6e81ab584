package play

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
)

// newTestSession is a session of game with one spec per seat (Human or an agent).
func newTestSession(t *testing.T, game string, players int, seed uint64, specs []string, con Console, save string) *Session {
	t.Helper()
	g, err := engine.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	fs := make([]agents.Factory, len(specs))
	for i, spec := range specs {
		if spec == Human {
			continue
		}
		if fs[i], err = agents.Parse(spec); err != nil {
			t.Fatal(err)
		}
		specs[i] = fs[i].Spec
	}
	hint, err := agents.Parse("mcts:iters=20")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := New(Config{Game: g, Params: g.DefaultParams(), Players: players, Seed: seed, Specs: specs,
		Factories: fs, Hint: hint, Save: save}, con)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// A session plays to the end on a console without the CLI; its saved game reads back and
// replays to the same end; the end of the input stops and saves the game so far.
func TestSessionPlaysAndSaves(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "g.jsonl")
	con := &scriptConsole{lines: []string{"hint", "1"}, limit: 100000}
	ps := newTestSession(t, "draco", 3, 5, []string{"random", Human, "greedy"}, con, save)
	if err := ps.Play(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(con.out.String(), "Game over") || !strings.Contains(con.out.String(), "Hint (mcts:iters=20)") {
		t.Fatalf("no end or no hint:\n%s", con.out.String())
	}
	sg, err := ReadSavedGame(save)
	if err != nil {
		t.Fatal(err)
	}
	if !sg.Final.Terminal() || sg.End == nil || !sg.End.Finished || len(sg.Actions) != len(ps.steps) {
		t.Fatalf("the saved game does not replay to the end: %d of %d actions", len(sg.Actions), len(ps.steps))
	}
	ps.Finish("again") // runs once

	save = filepath.Join(dir, "g2.jsonl") // a save is never overwritten
	con = &scriptConsole{lines: []string{"1"}, limit: 4}
	ps = newTestSession(t, "dragonheart", 2, 5, []string{Human, "random"}, con, save)
	if err := ps.Play(); err == nil || !strings.Contains(err.Error(), ErrInputEnded.Error()+"; the game so far is saved in "+save) {
		t.Fatalf("end of input: %v", err)
	}
	sg, err = ReadSavedGame(save)
	if err != nil || sg.End.Finished || sg.End.Note != "input ended" || len(sg.Actions) != 8 {
		t.Fatalf("stopped game: %v %+v", err, sg.End)
	}
}

// Issue 26: at a terminal Ctrl-D (the end of the input) asks first — typing an answer goes
// on — and a second one in a row stops and saves; Ctrl-C likewise, through Interrupt.
func TestCtrlDAndCtrlCAskBeforeStopping(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "d.jsonl")
	con := &scriptConsole{lines: []string{"1", "<EOF>", "1", "<EOF>", "<EOF>"}, limit: 100, interactive: true}
	ps := newTestSession(t, "dragonheart", 2, 3, []string{Human, "random"}, con, save)
	if err := ps.Play(); err != nil {
		t.Fatal(err)
	}
	out := con.out.String()
	if strings.Count(out, "Stop the game? Press Ctrl-D again to stop") != 2 || !strings.Contains(out, "Game stopped (seat 0 quit)") {
		t.Fatalf("Ctrl-D:\n%s", out)
	}
	if sg, err := ReadSavedGame(save); err != nil || sg.End.Finished || len(sg.Actions) != 4 {
		t.Fatalf("saved after Ctrl-D: %v %+v", err, sg)
	}
	// Not at a terminal, the end of the input ends the game at once (a script ran out).
	con = &scriptConsole{lines: []string{"1", "<EOF>"}, limit: 100}
	ps = newTestSession(t, "dragonheart", 2, 3, []string{Human, "random"}, con, "")
	if err := ps.Play(); !errors.Is(err, ErrInputEnded) {
		t.Fatalf("end of a script: %v", err)
	}
	// Ctrl-C: the first press asks, the second says stop; a decision in between resets.
	con = &scriptConsole{w: 80}
	ps = newTestSession(t, "draco", 2, 3, []string{Human, "random"}, con, "")
	if ps.Interrupt() || !strings.Contains(con.out.String(), "Ctrl-C: press it again to stop the game") {
		t.Fatalf("first Ctrl-C: %q", con.out.String())
	}
	ps.apply(ps.s.ToMove(), ps.s.Legal(nil)[0])
	if ps.Interrupt() {
		t.Fatal("a Ctrl-C after a decision stopped at once")
	}
	if !ps.Interrupt() {
		t.Fatal("the second Ctrl-C did not stop")
	}
}

// Issue 26: with pausing on, every bot move and every combat of Dragon Scales waits for
// Enter; f runs on to the person's turn.
func TestStepPausesAfterEachMove(t *testing.T) {
	con := &scriptConsole{lines: []string{"1"}, limit: 100000, w: 80}
	ps := newTestSession(t, "draco", 3, 4, []string{Human, "random", "random"}, con, "")
	ps.Step = true
	if err := ps.Play(); err != nil {
		t.Fatal(err)
	}
	out := con.out.String()
	pauses := strings.Count(out, "Enter: next · f: on to your turn")
	if pauses < 10 || strings.Count(out, "seat 1 (random): ") < 10 {
		t.Fatalf("%d pauses:\n%s", pauses, out[:min(len(out), 3000)])
	}
	// f: no more pauses until the next turn.
	con = &scriptConsole{lines: []string{"1", "f"}, limit: 100000, w: 80}
	ps = newTestSession(t, "draco", 4, 4, []string{Human, "random", "random", "random"}, con, "")
	ps.Step = true
	if err := ps.Play(); err != nil {
		t.Fatal(err)
	}
	con2 := &scriptConsole{lines: []string{"1"}, limit: 100000, w: 80}
	ps = newTestSession(t, "draco", 4, 4, []string{Human, "random", "random", "random"}, con2, "")
	ps.Step = true
	if err := ps.Play(); err != nil {
		t.Fatal(err)
	}
	pauses = strings.Count(con2.out.String(), "Enter: next")
	if got := strings.Count(con.out.String(), "Enter: next"); got >= pauses {
		t.Fatalf("f did not skip pauses: %d, %d without", got, pauses)
	}
	// Dragon Scales: the solitaire's combats, one at a time (in the deal too).
	con = &scriptConsole{lines: []string{"1"}, limit: 100000, w: 80}
	ps = newTestSession(t, "dragonscales", 1, 3, []string{Human}, con, "")
	ps.Step = true
	if err := ps.Play(); err != nil {
		t.Fatal(err)
	}
	out = con.out.String()
	combats := regexp.MustCompile(`(?m)^  combat \d+: .*\n(.*\n)*?Enter: next`).FindAllString(out, -1)
	if len(combats) < 5 {
		t.Fatalf("%d combats stepped:\n%s", len(combats), out[:min(len(out), 3000)])
	}
}

// Issue 26: a two-player Dragon Scales game with the default rules warns that they give
// the players no decision and offers the hand variant; Enter takes it, n keeps the rules.
func TestTwoPlayerDragonScalesOffersTheHandVariant(t *testing.T) {
	dir := t.TempDir()
	for answer, want := range map[string]string{"": `"duoHand":3`, "n": `"duoHand":0`} {
		save := filepath.Join(dir, "ds"+answer+".jsonl")
		con := &scriptConsole{lines: []string{answer, "1"}, limit: 100000, w: 80}
		ps := newTestSession(t, "dragonscales", 2, 3, []string{Human, "random"}, con, save)
		ps.Offer = true
		if err := ps.Play(); err != nil {
			t.Fatal(err)
		}
		out := con.out.String()
		if !strings.Contains(out, "With the default two-player rules (DS-16)") || !strings.Contains(out, "Play the hand variant instead") {
			t.Fatalf("no warning or offer:\n%s", out[:min(len(out), 1500)])
		}
		data, _ := os.ReadFile(save)
		if !strings.Contains(string(data), want) {
			t.Fatalf("answer %q: the saved rules lack %s", answer, want)
		}
		if _, err := ReadSavedGame(save); err != nil {
			t.Fatal(err)
		}
	}
	// Rules set explicitly (or another game): no offer.
	con := &scriptConsole{lines: []string{"1"}, limit: 100000, w: 80}
	ps := newTestSession(t, "dragonscales", 2, 3, []string{Human, "random"}, con, "")
	if err := ps.Play(); err != nil || strings.Contains(con.out.String(), "hand variant") {
		t.Fatalf("offered without Offer: %v", err)
	}
}

// Issue 26: the end shows each score's parts and the rule that decided the result; a
// solitaire loss says "you lose" and why.
func TestEndingsExplainTheResult(t *testing.T) {
	lost := false
	for seed := uint64(1); seed < 40 && !lost; seed++ {
		con := &scriptConsole{lines: []string{"stop"}, limit: 100000, w: 80}
		ps := newTestSession(t, "dragonscales", 1, seed, []string{Human}, con, "")
		if err := ps.Play(); err != nil {
			t.Fatal(err)
		}
		out := con.out.String()
		if strings.Contains(out, "Result: you lose") {
			lost = true
			if !strings.Contains(out, "How: a deck ran out with") || !strings.Contains(out, "a loss (DS-9)") || strings.Contains(out, "nobody wins") {
				t.Fatalf("a solitaire loss:\n%s", out[strings.Index(out, "Game over"):])
			}
		}
	}
	if !lost {
		t.Fatal("no solitaire lost in 40 seeds")
	}
	con := &scriptConsole{lines: []string{"1"}, limit: 100000, w: 80}
	ps := newTestSession(t, "dragonheart", 2, 7, []string{Human, "greedy"}, con, "")
	if err := ps.Play(); err != nil {
		t.Fatal(err)
	}
	out := con.out.String()
	if !regexp.MustCompile(`How: (voyage 3 sailed \(DH-15\)|a pile ran out \(DH-16\))`).MatchString(out) ||
		!regexp.MustCompile(`seat 0 \(you\) +(\d+) +\w+ \d+ \+ [\w\s+]*= \d+`).MatchString(out) {
		t.Fatalf("the end of a Dragonheart game:\n%s", out[strings.Index(out, "Game over"):])
	}
}
