package sim

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Printable returns s with every control or format character escaped as Go would quote
// it (ESC as \x1b, a newline as \n, a right-to-left override as \u202e) and every invalid
// UTF-8 byte as \xNN, for text read from files — a plan's labels and command line, the
// tool that wrote a file — that a command shows on a terminal: raw, an escape sequence
// could clear the screen, move the cursor or disguise what follows. Other text, accents
// and symbols included, is returned unchanged.
func Printable(s string) string {
	clean := true
	for _, r := range s {
		if !printableRune(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[i])|0x100, 16)[1:])
		case !printableRune(r):
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// printableRune reports whether r may reach a terminal as it is.
func printableRune(r rune) bool {
	return r != utf8.RuneError && !unicode.IsControl(r) && !unicode.Is(unicode.Cf, r)
}
