package sim

import "testing"

// Issue 27, item 10: text from files reaches the terminal with its control characters
// escaped, and ordinary text unchanged.
func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"greedy vs mcts:iters=200": "greedy vs mcts:iters=200",
		"Dragon's fury ×2 — é":     "Dragon's fury ×2 — é",
		"a\x1b[2Jb":                `a\x1b[2Jb`,
		"bell\a tab\t nl\n cr\r":   `bell\a tab\t nl\n cr\r`,
		"del\x7f c1\u009b":         `del\x7f c1\u009b`,
		"rtl\u202eevil":            `rtl\u202eevil`,
		"bad\xffutf8":              `bad\xffutf8`,
		"":                         "",
	} {
		if got := Printable(in); got != want {
			t.Errorf("Printable(%q) = %q, want %q", in, got, want)
		}
	}
}
