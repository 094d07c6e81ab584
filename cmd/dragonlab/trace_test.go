package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/sim/play"
)

// The default trace prints everything: the deal (every hand, riders) and every card drawn.
func TestTraceNamesTheDealAndEveryDraw(t *testing.T) {
	code, out, stderr := cli(t, "trace", "--game", "draco", "--players", "3", "--seed", "2")
	if code != 0 {
		t.Fatal(stderr)
	}
	for seat := 0; seat < 3; seat++ {
		if !regexp.MustCompile(`seat ` + string(rune('0'+seat)) + ` rides [a-z ]+ \(riding card [a-z ]+ \d\) and is dealt 6 cards: [a-z]+ \d`).MatchString(out) {
			t.Fatalf("the deal of seat %d is not named:\n%s", seat, out[:min(len(out), 2000)])
		}
	}
	if !regexp.MustCompile(`seat \d draws [a-z ]+ \d, \d+ left`).MatchString(out) || strings.Contains(out, "card(s)") {
		t.Fatalf("draws are not named:\n%s", out[:min(len(out), 3000)])
	}
}

// --view SEAT prints only what the seat sees: the other seats' hands and draws as counts.
func TestTraceViewHidesOtherSeats(t *testing.T) {
	code, out, stderr := cli(t, "trace", "--game", "draco", "--players", "3", "--seed", "2", "--view", "1")
	if code != 0 {
		t.Fatal(stderr)
	}
	for _, line := range strings.Split(out, "\n") {
		other := strings.Contains(line, "seat 0 ") || strings.Contains(line, "seat 2 ")
		if other && (strings.Contains(line, "is dealt 6 cards:") || strings.Contains(line, " draws ") && !strings.Contains(line, "card(s)")) {
			t.Fatalf("seat 1 is shown another seat's cards: %q", line)
		}
		if strings.Contains(line, "seat 0: score") && strings.Contains(line, "hand [") {
			t.Fatalf("seat 1 is shown seat 0's hand: %q", line)
		}
	}
	if !strings.Contains(out, "seat 1 rides") || !strings.Contains(out, "view: only what seat 1 sees") {
		t.Fatalf("view header:\n%s", out[:min(len(out), 1000)])
	}
	code, out, _ = cli(t, "trace", "--game", "redhot", "--players", "3", "--view", "2")
	if code != 0 || !strings.Contains(out, "seat 0: (secret choice)") {
		t.Fatalf("redhot seat view does not hide seat 0's choice:\n%s", out[:min(len(out), 1000)])
	}
}

// The JSONL trace carries what the text shows: rendered back as text it is the text trace.
func TestTraceJSONLCarriesTheText(t *testing.T) {
	for _, args := range [][]string{
		{"--game", "dragonheart", "--seed", "3"},
		{"--game", "redhot", "--players", "4", "--view", "2"},
		{"--game", "dragonscales", "--players", "3", "--set", "trioTarget=4"},
		{"--game", "draco", "--players", "5", "--index", "4"},
	} {
		_, text, _ := cli(t, append([]string{"trace"}, args...)...)
		code, jsonl, stderr := cli(t, append([]string{"trace", "--format", "jsonl"}, args...)...)
		if code != 0 {
			t.Fatal(stderr)
		}
		if got := renderJSONL(t, jsonl); got != text {
			t.Fatalf("%v: the JSONL rendered as text differs from the text trace\n%s", args, firstLineDiff(text, got))
		}
	}
}

// renderJSONL prints a JSONL trace with the text writer.
func renderJSONL(t *testing.T, jsonl string) string {
	t.Helper()
	var b bytes.Buffer
	tw := play.NewTraceWriter(&b, false)
	for i, line := range strings.Split(strings.TrimSpace(jsonl), "\n") {
		var kind struct{ Type string }
		if err := json.Unmarshal([]byte(line), &kind); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		switch kind.Type {
		case "header":
			var h play.TraceHeader
			json.Unmarshal([]byte(line), &h)
			g, err := engine.Lookup(h.Game)
			if err != nil {
				t.Fatal(err)
			}
			p, err := engine.ParseParams(g, h.Params)
			if err != nil {
				t.Fatal(err)
			}
			tw.Header(h, g, p)
		case "step":
			var s play.TraceStep
			json.Unmarshal([]byte(line), &s)
			tw.Step(s)
		case "end":
			var e play.TraceEnd
			json.Unmarshal([]byte(line), &e)
			tw.End(e)
		default:
			t.Fatalf("line %d: type %q", i+1, kind.Type)
		}
	}
	return b.String()
}

func firstLineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\nwant %s\ngot  %s", i+1, a, b)
		}
	}
	return ""
}

// --replay prints a saved game exactly as it was traced, for any view.
func TestTraceReplayReproducesTheGame(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"--game", "dragonheart", "--seed", "4", "--agents", "greedy,random"},
		{"--game", "redhot", "--players", "3", "--index", "2"},
		{"--game", "dragonscales", "--players", "2", "--set", "duoHand=3"},
		{"--game", "draco", "--players", "4", "--set", "handSize=4"},
	} {
		_, jsonl, _ := cli(t, append([]string{"trace", "--format", "jsonl"}, args...)...)
		path := filepath.Join(dir, "game.jsonl")
		os.WriteFile(path, []byte(jsonl), 0o644)
		for _, view := range [][]string{nil, {"--view", "1"}} {
			_, want, _ := cli(t, append(append([]string{"trace"}, args...), view...)...)
			code, got, stderr := cli(t, append([]string{"trace", "--replay", path}, view...)...)
			if code != 0 {
				t.Fatalf("%v: %s", args, stderr)
			}
			if got != want {
				t.Fatalf("%v %v: the replay differs from the trace\n%s", args, view, firstLineDiff(want, got))
			}
		}
	}
}

// A saved game that does not replay is refused with one line, exit 2.
func TestTraceReplayRefusesBadFiles(t *testing.T) {
	dir := t.TempDir()
	_, jsonl, _ := cli(t, "trace", "--game", "dragonheart", "--seed", "4", "--format", "jsonl")
	lines := strings.Split(strings.TrimSpace(jsonl), "\n")
	write := func(name string, ls []string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(strings.Join(ls, "\n")+"\n"), 0o644)
		return p
	}
	illegal := append([]string{}, lines...)
	illegal[5] = regexp.MustCompile(`"action":"[^"]*"`).ReplaceAllString(illegal[5], `"action":"9 ship (0,0,0,0,0,0,0,0,0)"`)
	wrongSeat := append([]string{}, lines...)
	wrongSeat[3] = strings.Replace(wrongSeat[3], `"seat":0`, `"seat":1`, 1)
	_, viewed, _ := cli(t, "trace", "--game", "dragonheart", "--seed", "4", "--format", "jsonl", "--view", "0")
	badScores := append([]string{}, lines...)
	badScores[len(badScores)-1] = regexp.MustCompile(`"scores":\[[^\]]*\]`).ReplaceAllString(badScores[len(badScores)-1], `"scores":[1,2]`)
	cases := map[string]struct {
		args []string
		want string
	}{
		"illegal action": {[]string{"--replay", write("illegal.jsonl", illegal)}, "is not legal for seat"},
		"wrong seat":     {[]string{"--replay", write("seat.jsonl", wrongSeat)}, "seat 0 is to move"},
		"a view":         {[]string{"--replay", write("view.jsonl", strings.Split(strings.TrimSpace(viewed), "\n"))}, "--view"},
		"bad scores":     {[]string{"--replay", write("scores.jsonl", badScores)}, "recorded scores"},
		"not a trace":    {[]string{"--replay", write("other.jsonl", []string{`{"schema":"dragonlab.result/v1"}`})}, "not a trace header"},
		"garbage":        {[]string{"--replay", write("garbage.jsonl", []string{"hello"})}, "not a JSON object"},
		"empty":          {[]string{"--replay", write("empty.jsonl", nil)}, "no trace header"},
		"missing":        {[]string{"--replay", filepath.Join(dir, "none.jsonl")}, "no such file"},
		"with --game":    {[]string{"--replay", write("ok.jsonl", lines), "--game", "draco"}, "drop --game"},
		"bad view":       {[]string{"--replay", write("ok.jsonl", lines), "--view", "2"}, "--view 2"},
		"trace bad view": {[]string{"--game", "draco", "--players", "3", "--view", "3"}, "--view 3"},
		"negative view":  {[]string{"--view", "-1"}, "--view -1"},
	}
	for name, tc := range cases {
		code, stdout, stderr := cli(t, append([]string{"trace"}, tc.args...)...)
		if code != exitBadInput || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, tc.want) || stdout != "" {
			t.Errorf("%s: exit %d, stdout %d bytes, stderr %q; want exit 2, one line with %q", name, code, len(stdout), stderr, tc.want)
		}
	}
}
