package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// scriptReader answers play's prompts from a cycle of lines, limit lines in all (then
// io.EOF), one line per Read.
type scriptReader struct {
	lines []string
	i     int
	limit int
	buf   []byte
}

func (r *scriptReader) Read(p []byte) (int, error) {
	if len(r.buf) == 0 {
		if r.limit == 0 {
			return 0, io.EOF
		}
		r.limit--
		r.buf = []byte(r.lines[r.i%len(r.lines)] + "\n")
		r.i++
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

// playScript runs play with args, answering from lines (cycled, at most limit lines).
func playScript(t *testing.T, lines []string, limit int, args ...string) (int, string, string) {
	t.Helper()
	old := stdin
	stdin = &scriptReader{lines: lines, limit: limit}
	defer func() { stdin = old }()
	return cli(t, append([]string{"play", "--hint-agent", "mcts:iters=30"}, args...)...)
}

// Full games of each game through stdin: every turn answers an empty line, two invalid
// answers and a hint before choosing; the game ends, is saved, and replays to the same end.
func TestPlayFullGamesThroughStdin(t *testing.T) {
	dir := t.TempDir()
	script := []string{"", "0", "no such move", "", "hint", "1"} // hot-seat: the pass screen takes the first line
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"dragonheart", []string{"--game", "dragonheart", "--agents", "human,random"}},
		{"draco", []string{"--game", "draco", "--players", "3", "--agents", "random,human,greedy"}},
		{"redhot", []string{"--game", "redhot", "--players", "3", "--agents", "human,human,random"}},
		{"dragonscales solitaire", []string{"--game", "dragonscales", "--players", "1", "--agents", "human"}},
		{"dragonscales trio", []string{"--game", "dragonscales", "--players", "3", "--agents", "random,random,human", "--set", "maxThrows=300"}},
		{"dragonscales duo hands", []string{"--game", "dragonscales", "--players", "2", "--agents", "human,human", "--set", "duoHand=2"}},
	} {
		save := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".jsonl")
		code, out, stderr := playScript(t, script, 200000, append(tc.args, "--seed", "3", "--save", save)...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s\n%s", tc.name, code, stderr, tail(out, 40))
		}
		for _, want := range []string{"Game over", "Result:", "The whole game revealed", "Saved to " + save} {
			if !strings.Contains(out, want) {
				t.Fatalf("%s: the output lacks %q:\n%s", tc.name, want, tail(out, 40))
			}
		}
		if strings.Count(out, "your turn") > 0 {
			for _, want := range []string{"There is no action 0", "is not an action you can play now", "Type the number of an action"} {
				if !strings.Contains(out, want) {
					t.Fatalf("%s: invalid answers are not explained (%q):\n%s", tc.name, want, tail(out, 40))
				}
			}
			if !strings.Contains(out, "Hint (mcts:iters=30): ") && !strings.Contains(out, "Only one action is possible") {
				t.Fatalf("%s: no hint:\n%s", tc.name, tail(out, 40))
			}
		}
		code, replay, stderr := cli(t, "trace", "--replay", save)
		if code != 0 {
			t.Fatalf("%s: the saved game does not replay: %s", tc.name, stderr)
		}
		end := lastJSON(t, save)
		if end["finished"] != true || !strings.Contains(replay, "end after ") {
			t.Fatalf("%s: the saved game is not finished: %v", tc.name, end)
		}
	}
}

func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

func lastJSON(t *testing.T, path string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	var m map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// A person sees only his own seat: before the end no other seat's hand is shown, and in
// hot-seat each screen after "Pass to seat N" is seat N's.
func TestPlayShowsOnlyTheHumansView(t *testing.T) {
	dir := t.TempDir()
	code, out, stderr := playScript(t, []string{"1"}, 100000, "--game", "draco", "--players", "3",
		"--agents", "random,human,random", "--seed", "8", "--save", filepath.Join(dir, "g.jsonl"))
	if code != 0 {
		t.Fatal(stderr)
	}
	before, _, _ := strings.Cut(out, "Game over")
	if regexp.MustCompile(`seat [02] rides [a-z ]+ \(riding card [a-z ]+ \d\) and is dealt 6 cards:`).MatchString(before) ||
		regexp.MustCompile(`seat [02]: score -?\d+, rides [a-z ]+, hand \[`).MatchString(before) ||
		regexp.MustCompile(`seat [02] draws [a-z]`).MatchString(before) {
		t.Fatal("seat 1 is shown another seat's cards before the end")
	}
	if !strings.Contains(before, "seat 1: score 0, rides") || !strings.Contains(before, "seat 1 (you): ") {
		t.Fatal("seat 1's own view is missing")
	}

	code, out, stderr = playScript(t, []string{"1"}, 100000, "--game", "dragonheart",
		"--agents", "human,human", "--seed", "8", "--save", filepath.Join(dir, "h.jsonl"))
	if code != 0 {
		t.Fatal(stderr)
	}
	before, _, _ = strings.Cut(out, "Game over")
	screens := strings.Split(before, "Pass to seat ")
	if len(screens) < 10 {
		t.Fatalf("%d hot-seat screens", len(screens))
	}
	for _, sc := range screens[1:] {
		seat := sc[0]
		other := map[byte]string{'0': "1", '1': "0"}[seat]
		if !strings.Contains(sc, "seat "+string(seat)+", your turn") ||
			!regexp.MustCompile(`seat `+other+`: score \d+, hand \d+ cards`).MatchString(sc) {
			t.Fatalf("the screen after passing to seat %c is not seat %c's:\n%s", seat, seat, sc)
		}
	}
}

// quit asks to confirm and saves the game so far; the end of the input also saves it.
func TestPlayQuitAndEndOfInputSave(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "q.jsonl")
	code, out, stderr := playScript(t, []string{"1", "quit", "n", "2", "quit", "yes"}, 6, "--game", "dragonheart", "--agents", "human,random", "--seed", "2", "--save", save)
	if code != 0 || !strings.Contains(out, "The game goes on.") || !strings.Contains(out, "Game stopped (seat 0 quit)") {
		t.Fatalf("exit %d %s\n%s", code, stderr, tail(out, 20))
	}
	if e := lastJSON(t, save); e["finished"] != false || e["decisions"] != float64(4) || e["note"] != "seat 0 quit" {
		t.Fatalf("saved end line: %v", e)
	}
	if code, replay, stderr := cli(t, "trace", "--replay", save); code != 0 || !strings.Contains(replay, "stopped after 4 decisions (seat 0 quit)") {
		t.Fatalf("replay of a stopped game: exit %d %s\n%s", code, stderr, tail(replay, 5))
	}
	code, _, stderr = playScript(t, []string{"1"}, 3, "--game", "dragonheart", "--agents", "human,random", "--seed", "2", "--save", save)
	if code != exitFailure || !strings.Contains(stderr, "the input ended before the game did; the game so far is saved in "+save) {
		t.Fatalf("end of input: exit %d, %q", code, stderr)
	}
	if e := lastJSON(t, save); e["finished"] != false || e["decisions"] != float64(6) {
		t.Fatalf("saved end line: %v", e)
	}
}

// Bad flags: one line on stderr, exit 2, no game played, nothing saved.
func TestPlayBadFlags(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "x.jsonl")
	cases := map[string]struct {
		args []string
		want string
	}{
		"no human":       {[]string{"--agents", "random,mcts"}, "dragonlab run"},
		"workers":        {[]string{"--agents", "human,random", "--workers", "4"}, "play has no --workers"},
		"agent count":    {[]string{"--agents", "human"}, "1 agents given"},
		"unknown agent":  {[]string{"--agents", "human,genius"}, "unknown agent"},
		"cheating hint":  {[]string{"--agents", "human,random", "--hint-agent", "oracle"}, "must be an honest agent"},
		"save dir":       {[]string{"--agents", "human,random", "--save", dir}, "not a regular file"},
		"save and none":  {[]string{"--agents", "human,random", "--save", save, "--no-save"}, "contradict"},
		"empty save":     {[]string{"--agents", "human,random", "--save", ""}, "needs a file name"},
		"unknown game":   {[]string{"--game", "chess"}, "unknown game"},
		"too many seats": {[]string{"--game", "dragonheart", "--players", "3"}, "played by 2 players"},
	}
	for name, tc := range cases {
		code, stdout, stderr := playScript(t, []string{"1"}, 100, tc.args...)
		if code != exitBadInput || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, tc.want) || stdout != "" {
			t.Errorf("%s: exit %d, stdout %d bytes, stderr %q; want exit 2 and one line with %q", name, code, len(stdout), stderr, tc.want)
		}
	}
	if _, err := os.Stat(save); err == nil {
		t.Error("a refused play saved a file")
	}
	// Two oracles are fine (they cheat, and say so).
	code, out, stderr := playScript(t, []string{"quit", "y"}, 2, "--game", "draco", "--players", "3",
		"--agents", "human,oracle:iters=10,oracle:iters=10", "--save", save)
	if code != 0 || !strings.Contains(out, "CHEATS") {
		t.Fatalf("two oracles: exit %d %s", code, stderr)
	}
}
