package play

import (
	"strings"
	"testing"
)

// A person's seat keeps its name and no factory; an agent's options continue over commas;
// a list of the wrong length or without a person is refused.
func TestParseSeats(t *testing.T) {
	specs, fs, err := ParseSeats("human, mcts:iters=20,c=1", 2)
	if err != nil {
		t.Fatal(err)
	}
	if specs[0] != Human || fs[0].New != nil || !strings.HasPrefix(specs[1], "mcts:") || !strings.Contains(specs[1], "iters=20") || fs[1].Spec != specs[1] {
		t.Errorf("seats %q", specs)
	}
	for list, want := range map[string]string{
		"human,random,random": "3 agents given",
		"random,random":       "no seat is \"human\"",
		"human,bogus":         "bogus",
	} {
		if _, _, err := ParseSeats(list, 2); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error naming %q", list, err, want)
		}
	}
}
