package play

import (
	"bytes"
	"io"
)

// scriptConsole is a console for tests: it answers every prompt from a cycle of lines
// (limit lines in all, then io.EOF; a line "<EOF>" is one io.EOF, as Ctrl-D at a
// terminal), records what is printed, and has the size w × h (h 0: no limit).
type scriptConsole struct {
	lines       []string
	i           int
	limit       int
	out         bytes.Buffer
	w, h        int
	interactive bool
	tty         bool
	onRead      func(n int) // called before the n-th answer is read (from 1)
	reads       int
}

func (c *scriptConsole) Size() (int, int)              { return c.w, c.h }
func (c *scriptConsole) Terminal() bool                { return c.tty }
func (c *scriptConsole) Interactive() bool             { return c.interactive }
func (c *scriptConsole) Clear()                        { c.out.WriteString("\f") }
func (c *scriptConsole) Print(text string)             { c.out.WriteString(text) }
func (c *scriptConsole) Paint(_ Role, s string) string { return s }
func (c *scriptConsole) ReadLine() (string, error) {
	c.reads++
	if c.onRead != nil {
		c.onRead(c.reads)
	}
	if c.limit == 0 || len(c.lines) == 0 {
		return "", io.EOF
	}
	c.limit--
	line := c.lines[c.i%len(c.lines)]
	c.i++
	c.out.WriteString(line + "\n")
	if line == "<EOF>" {
		return "", io.EOF
	}
	return line, nil
}
