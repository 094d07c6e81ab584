package play

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
)

// scriptConsole answers every prompt from a cycle of lines (limit lines in all, then
// io.EOF) and records what is printed.
type scriptConsole struct {
	lines []string
	i     int
	limit int
	out   bytes.Buffer
}

func (c *scriptConsole) Terminal() bool                { return false }
func (c *scriptConsole) Clear()                        {}
func (c *scriptConsole) Print(text string)             { c.out.WriteString(text) }
func (c *scriptConsole) Paint(_ Role, s string) string { return s }
func (c *scriptConsole) ReadLine() (string, error) {
	if c.limit == 0 {
		return "", io.EOF
	}
	c.limit--
	line := c.lines[c.i%len(c.lines)]
	c.i++
	return line, nil
}

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
		Factories: fs, Hint: hint, Save: save, Width: 100}, con)
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
