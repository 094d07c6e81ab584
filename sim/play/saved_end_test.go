package play

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// A saved game's end line is a claim about the replay: a forged result or an emptied
// score list is refused, like a forged score.
func TestSavedGameEndLineMustMatchTheReplay(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "g.jsonl")
	ps := newTestSession(t, "draco", 2, 3, []string{"random", "random"}, &scriptConsole{limit: 100000}, save)
	if err := ps.Play(); err != nil {
		t.Fatal(err)
	}
	sg, err := ReadSavedGame(save)
	if err != nil {
		t.Fatal(err)
	}
	if !sg.End.Finished || len(sg.End.Result) != 2 {
		t.Fatalf("the game did not finish: %+v", sg.End)
	}
	data, _ := os.ReadFile(save)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	last := lines[len(lines)-1]
	forged := slices.Clone(sg.End.Result)
	slices.Reverse(forged)
	if slices.Equal(forged, sg.End.Result) {
		forged = []float64{forged[0] + 1, forged[1]}
	}
	fr, _ := json.Marshal(forged)
	for name, line := range map[string]string{
		"result swapped": regexp.MustCompile(`"result":\[[^\]]*\]`).ReplaceAllString(last, `"result":`+string(fr)),
		"result empty":   regexp.MustCompile(`"result":\[[^\]]*\]`).ReplaceAllString(last, `"result":[]`),
		"scores empty":   regexp.MustCompile(`"scores":\[[^\]]*\]`).ReplaceAllString(last, `"scores":[]`),
		"scores short":   regexp.MustCompile(`"scores":\[([^\],]*),[^\]]*\]`).ReplaceAllString(last, `"scores":[$1]`),
	} {
		if line == last {
			t.Fatalf("%s: the end line was not changed: %s", name, last)
		}
		file := filepath.Join(dir, strings.ReplaceAll(name, " ", "-")+".jsonl")
		os.WriteFile(file, []byte(strings.Join(append(slices.Clone(lines[:len(lines)-1]), line), "\n")+"\n"), 0o644)
		if _, err := ReadSavedGame(file); err == nil || !strings.Contains(err.Error(), "end line") {
			t.Errorf("%s: a forged end line is accepted (%v): %s", name, err, line)
		}
	}
}
