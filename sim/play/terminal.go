package play

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/term"
)

// terminal is the Console of a person at a terminal (or a script on a pipe): lines read
// from the input, text printed to the output, with colours and screen clearing only on a
// terminal.
type terminal struct {
	in          *bufio.Reader
	out         io.Writer
	outFd       int  // -1 when the output is not a file
	tty         bool // the output is a terminal: clear the screen between turns
	interactive bool // the input is a terminal: a person types (Ctrl-D asks)
	colour      bool
	echo        bool // print each answer read (the input is not a terminal that echoes it)
	mu          sync.Mutex
}

// NewTerminal is the console reading answers from in and printing to out.
func NewTerminal(in io.Reader, out io.Writer) Console {
	t := &terminal{in: bufio.NewReader(in), out: out, outFd: -1, echo: true}
	if f, ok := out.(*os.File); ok {
		t.outFd = int(f.Fd())
		t.tty = term.IsTerminal(t.outFd)
	}
	if f, ok := in.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		t.interactive = true
		t.echo = false // the terminal shows what is typed
	}
	t.colour = t.tty && os.Getenv("NO_COLOR") == ""
	return t
}

// Size is the terminal's size; else COLUMNS and LINES when set (so a script can ask for a
// layout), else 100 columns and no height limit.
func (t *terminal) Size() (int, int) {
	if t.tty {
		if w, h, err := term.GetSize(t.outFd); err == nil && w > 0 && h > 0 {
			return w, h
		}
	}
	w, h := 100, 0
	if v, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && v > 0 {
		w = v
	}
	if v, err := strconv.Atoi(os.Getenv("LINES")); err == nil && v > 0 {
		h = v
	}
	return w, h
}

func (t *terminal) Terminal() bool    { return t.tty }
func (t *terminal) Interactive() bool { return t.interactive }

func (t *terminal) Clear() {
	if t.tty {
		t.Print("\x1b[H\x1b[2J")
	}
}

func (t *terminal) Print(text string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	fmt.Fprint(t.out, text)
}

// ReadLine reads one answer of at most MaxLine bytes (a longer line is read to its end
// and dropped: ErrLineTooLong); io.EOF when the input has ended.
func (t *terminal) ReadLine() (string, error) {
	var b []byte
	long := false
	for {
		chunk, err := t.in.ReadSlice('\n')
		if len(b)+len(chunk) > MaxLine+2 {
			long = true
			if len(b) < MaxLine {
				b = append(b, chunk[:MaxLine-len(b)]...)
			}
		} else {
			b = append(b, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF && len(b) > 0 {
			err = nil
		}
		line := strings.TrimRight(string(b), "\r\n")
		if t.echo {
			shown := line
			if long {
				shown = line[:min(len(line), 60)] + " …"
			}
			t.Print(shown + "\n") // so a piped game reads like a session
		}
		switch {
		case err != nil:
			return "", err
		case long:
			return "", ErrLineTooLong
		}
		return strings.TrimSpace(line), nil
	}
}

// roleColours are the ANSI colours of the roles of text.
var roleColours = map[Role]string{Bold: "1", Dim: "2", Num: "36", Warn: "33", Title: "1;35"}

func (t *terminal) Paint(role Role, s string) string {
	if !t.colour {
		return s
	}
	return "\x1b[" + roleColours[role] + "m" + s + "\x1b[0m"
}
