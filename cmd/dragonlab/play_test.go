package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
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
			if !strings.Contains(out, "Hint (mcts:iters=30)") && !strings.Contains(out, "Only one action is possible") {
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
		regexp.MustCompile(`seat [02] \(random\) +-?\d+ pts · rides [a-z ]+ on \S+ · hand [a-z]`).MatchString(before) ||
		regexp.MustCompile(`seat [02] draws [a-z]`).MatchString(before) {
		t.Fatal("seat 1 is shown another seat's cards before the end")
	}
	if !regexp.MustCompile(`seat 1 \(you\) +0 pts · rides [a-z ]+ on 0 · hand [a-z]+ \d`).MatchString(before) ||
		!regexp.MustCompile(`seat 0 \(random\) +-?\d+ pts · rides [a-z ]+ on \S+ · hand \d+ cards`).MatchString(before) ||
		!strings.Contains(before, "seat 1 (you): ") {
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
			!regexp.MustCompile(`seat `+other+` \(human\) +\d+ pts( \(figurine \+3\))? · hand \d+ cards`).MatchString(sc) {
			t.Fatalf("the screen after passing to seat %c is not seat %c's:\n%s", seat, seat, sc)
		}
	}
}

// quit asks to confirm and saves the game so far; the end of the input also saves it; a
// save never overwrites a file.
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
	code, stdout, stderr := playScript(t, []string{"1"}, 3, "--game", "dragonheart", "--agents", "human,random", "--seed", "2", "--save", save)
	if code != exitBadInput || stdout != "" || !strings.Contains(stderr, "the file exists (a save never overwrites a game)") {
		t.Fatalf("--save of an existing file: exit %d, %q", code, stderr)
	}
	save = filepath.Join(dir, "q2.jsonl")
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

// Issue 26: every game played through stdin at 80×24 and 100×40: no line is wider than
// the screen, and one turn (from its title to the prompt) fits its height with a line to
// spare for the answer.
func TestPlayFitsTheScreen(t *testing.T) {
	dir := t.TempDir()
	games := [][]string{
		{"--game", "dragonheart", "--agents", "human,greedy"},
		{"--game", "draco", "--players", "3", "--agents", "greedy,human,random"},
		{"--game", "draco", "--players", "5", "--agents", "human,random,random,random,random"},
		{"--game", "redhot", "--players", "3", "--agents", "random,random,human"},
		{"--game", "redhot", "--players", "5", "--agents", "human,random,random,random,random"},
		{"--game", "dragonscales", "--players", "1", "--agents", "human"},
		{"--game", "dragonscales", "--players", "2", "--agents", "human,random", "--set", "duoHand=3"},
		{"--game", "dragonscales", "--players", "3", "--agents", "random,human,random", "--set", "maxThrows=300"},
	}
	title := regexp.MustCompile(`— seat \d, your turn \(decision \d+\)$`)
	prompt := regexp.MustCompile(`^seat \d> `)
	for _, size := range [][2]int{{80, 24}, {100, 40}} {
		t.Setenv("COLUMNS", strconv.Itoa(size[0]))
		t.Setenv("LINES", strconv.Itoa(size[1]))
		for gi, args := range games {
			turns := 0
			for _, seed := range []string{"1", "2", "3"} {
				save := filepath.Join(dir, fmt.Sprintf("g%d-%d-%s.jsonl", size[0], gi, seed))
				code, out, stderr := playScript(t, []string{"1", "2", "1", "3"}, 100000, append(args, "--seed", seed, "--save", save)...)
				if code != 0 {
					t.Fatalf("%v: exit %d %s", args, code, stderr)
				}
				start := -1
				lines := strings.Split(out, "\n")
				for i, l := range lines {
					if n := utf8.RuneCountInString(l); n > size[0] {
						t.Fatalf("%dx%d %v seed %s: a line of %d characters:\n%s", size[0], size[1], args, seed, n, l)
					}
					switch {
					case title.MatchString(l):
						start = i
					case prompt.MatchString(l) && start >= 0:
						turns++
						if h := i - start + 1; h > size[1]-1 {
							t.Fatalf("%dx%d %v seed %s: a turn of %d lines:\n%s", size[0], size[1], args, seed, h, strings.Join(lines[start:i+1], "\n"))
						}
						start = -1
					}
				}
			}
			if turns == 0 {
				t.Fatalf("%v: no turn screen found", args)
			}
		}
	}
}

// Issue 26: a game stopped after k answers and resumed with --resume ends exactly as the
// same game played without a stop (the same seeds, the same answers): the bots continue
// their random streams as if never interrupted. A finished game is not resumed.
func TestPlayResumeContinuesExactly(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		stop int
	}{
		{"dragonheart", []string{"--game", "dragonheart", "--agents", "human,mcts:iters=40"}, 5},
		{"draco", []string{"--game", "draco", "--players", "3", "--agents", "greedy,human,mcts:iters=30"}, 4},
		{"redhot", []string{"--game", "redhot", "--players", "3", "--agents", "mcts:iters=30,human,greedy"}, 6},
		{"dragonscales", []string{"--game", "dragonscales", "--players", "3", "--agents", "human,mcts:iters=20,greedy", "--set", "maxThrows=200"}, 7},
	} {
		whole := filepath.Join(dir, tc.name+"-whole.jsonl")
		part := filepath.Join(dir, tc.name+"-part.jsonl")
		args := append(tc.args, "--seed", "5")
		if code, _, stderr := playScript(t, []string{"1", "2"}, 100000, append(args, "--save", whole)...); code != 0 {
			t.Fatalf("%s: %s", tc.name, stderr)
		}
		code, _, stderr := playScript(t, []string{"1", "2"}, tc.stop, append(args, "--save", part)...)
		if code != exitFailure || !strings.Contains(stderr, "the input ended") {
			t.Fatalf("%s: the stopped game: exit %d %s", tc.name, code, stderr)
		}
		if e := lastJSON(t, part); e["finished"] != false {
			t.Fatalf("%s: the stopped game is finished", tc.name)
		}
		// The answers go on where they stopped: the cycle continues at answer stop.
		lines := []string{"1", "2"}
		if tc.stop%2 == 1 {
			lines = []string{"2", "1"}
		}
		code, out, stderr := playScript(t, lines, 100000, "--resume", part)
		if code != 0 || !strings.Contains(out, "Resumed after ") {
			t.Fatalf("%s: resume: exit %d %s\n%s", tc.name, code, stderr, tail(out, 10))
		}
		a, _ := os.ReadFile(whole)
		b, _ := os.ReadFile(part)
		if string(a) != string(b) {
			t.Fatalf("%s: the resumed game differs from the uninterrupted one\n%s", tc.name, firstLineDiff(string(a), string(b)))
		}
		code, stdout, stderr := playScript(t, []string{"1"}, 100, "--resume", part)
		if code != exitBadInput || stdout != "" || !strings.Contains(stderr, "the saved game is over") {
			t.Fatalf("%s: resuming a finished game: exit %d %q", tc.name, code, stderr)
		}
	}
	code, _, stderr := playScript(t, []string{"1"}, 100, "--resume", filepath.Join(dir, "dragonheart-part.jsonl"), "--game", "draco")
	if code != exitBadInput || !strings.Contains(stderr, "drop --game") {
		t.Fatalf("--resume with --game: exit %d %q", code, stderr)
	}
}

// hookReader is a scriptReader that calls hook before it hands out line at.
type hookReader struct {
	scriptReader
	at   int
	hook func()
}

func (r *hookReader) Read(p []byte) (int, error) {
	if len(r.buf) == 0 && r.i == r.at && r.hook != nil {
		r.hook()
		r.hook = nil
	}
	return r.scriptReader.Read(p)
}

// Issue 27 (2): a save that fails is an error — exit 1, one line on stderr naming the file
// — and the game is kept in $TMPDIR, from where it resumes.
func TestPlayKeepsTheGameWhenTheSaveFails(t *testing.T) {
	dir := t.TempDir()
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	gone := filepath.Join(dir, "gone")
	if err := os.Mkdir(gone, 0o755); err != nil {
		t.Fatal(err)
	}
	save := filepath.Join(gone, "g.jsonl")
	old := stdin
	stdin = &hookReader{scriptReader: scriptReader{lines: []string{"1"}, limit: 6}, at: 3, hook: func() { os.RemoveAll(gone) }}
	defer func() { stdin = old }()
	code, out, stderr := cli(t, "play", "--game", "dragonheart", "--agents", "human,random", "--seed", "4", "--save", save)
	if code != exitFailure || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "could not save the game to "+save) ||
		strings.Contains(out, "Saved to") || strings.Contains(stderr, "the game so far is saved") {
		t.Fatalf("exit %d, stderr %q\n%s", code, stderr, tail(out, 5))
	}
	kept, _ := filepath.Glob(filepath.Join(tmp, "dragonlab-dragonheart-seed4-*.jsonl"))
	if len(kept) != 1 || !strings.Contains(stderr, "it is kept in "+kept[0]) {
		t.Fatalf("kept %v; stderr %q", kept, stderr)
	}
	if e := lastJSON(t, kept[0]); e["finished"] != false || e["decisions"] != float64(12) {
		t.Fatalf("the kept game: %v", e)
	}
	if code, _, stderr := playScript(t, []string{"1"}, 100000, "--resume", kept[0]); code != 0 {
		t.Fatalf("the kept game does not resume: %s", stderr)
	}
}

// Issue 27 (8): an answer line is capped: a 5 MB line is refused in one line (not echoed
// whole), and the game goes on.
func TestPlayCapsTheAnswerLine(t *testing.T) {
	huge := strings.Repeat("x", 5<<20)
	code, out, stderr := playScript(t, []string{huge, "1"}, 100000, "--game", "dragonheart", "--agents", "human,random", "--seed", "4", "--no-save")
	if code != 0 || !strings.Contains(out, "That line is longer than 1000 characters: it was ignored.") || !strings.Contains(out, "Game over") {
		t.Fatalf("exit %d %s\n%s", code, stderr, tail(out, 10))
	}
	if len(out) > 1<<20 {
		t.Fatalf("the output holds %d bytes: the long line was echoed", len(out))
	}
}

// Issue 26: without --save, a game never overwrites an earlier one of the same seed: the
// second is saved under a new name.
func TestPlayNeverOverwritesASave(t *testing.T) {
	t.Chdir(t.TempDir())
	for i, want := range []string{"dragonlab-dragonheart-seed9.jsonl", "dragonlab-dragonheart-seed9-2.jsonl", "dragonlab-dragonheart-seed9-3.jsonl"} {
		code, out, stderr := playScript(t, []string{"1"}, 100000, "--game", "dragonheart", "--agents", "human,random", "--seed", "9")
		if code != 0 || !strings.Contains(out, "The game is saved to "+want+".") {
			t.Fatalf("game %d: exit %d %s\n%s", i+1, code, stderr, tail(out, 3))
		}
	}
	if files, _ := filepath.Glob("*.jsonl"); len(files) != 3 {
		t.Fatalf("files %v", files)
	}
}
