package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tune's bad input: a lever that is not a parameter (naming the valid ones), a
// range outside the parameter's bounds, contradictory targets, a target that makes no sense
// for a one-player game — one line, exit 2, nothing written.
func TestTuneBadInputIsOneLineExit2AndWritesNothing(t *testing.T) {
	out := filepath.Join(t.TempDir(), "tune")
	for name, c := range map[string]struct {
		args []string
		want string
	}{
		"not a parameter":    {[]string{"--game", "draco", "--levers", "handsize=4..8"}, "valid: track23, track45, cardValues, handSize"},
		"outside the bounds": {[]string{"--game", "draco", "--levers", "handSize=4..40"}, "handSize is 17"},
		"contradictory":      {[]string{"--game", "draco", "--target", "length=40±5%,length=70±5%"}, "contradictory"},
		"solitaire fair":     {[]string{"--game", "dragonscales", "--players", "1", "--target", "fair=2"}, "one-player"},
		"solitaire default":  {[]string{"--game", "dragonscales", "--players", "1"}, "one-player"},
		"solitaire skill":    {[]string{"--game", "dragonscales", "--players", "1", "--target", "skill>=2"}, "one-player"},
		"unknown target":     {[]string{"--game", "draco", "--target", "speed=3"}, "unknown target"},
		"unknown level":      {[]string{"--game", "draco", "--target", "fair=2@grandmaster"}, `no level of play is named "grandmaster"`},
		"levels contradict":  {[]string{"--game", "draco", "--target", "fair=2@greedy,expert", "--target", "fair=3@expert"}, "contradictory targets fair=2@greedy,expert and fair=3@expert at expert"},
		"budget":             {[]string{"--game", "draco", "--budget", "soon"}, "--budget"},
		"two levels":         {[]string{"--game", "draco", "--agents", "greedy,expert"}, "one level"},
		"shard":              {[]string{"--game", "draco", "--shard", "2/2"}, "shard"},
		"cpu with shards":    {[]string{"--game", "draco", "--agents", "random", "--budget", "10m", "--shard", "0/2"}, "CPU time"},
	} {
		code, stdout, stderr := cli(t, append(append([]string{"tune"}, c.args...), "--out", out)...)
		checkRefused(t, name, code, stdout, stderr)
		if !strings.Contains(stderr, c.want) {
			t.Errorf("%s: %q does not say %q", name, stderr, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%s: %s was written", name, out)
		}
	}
}

// The command plays a small tune end to end: summary.json's proposal holds the change
// (only the parameters that change), whether it is certified, each target's certified
// estimate and interval, and the games of the search and the certification.
func TestTuneWritesTheProposal(t *testing.T) {
	out := filepath.Join(t.TempDir(), "tune")
	code, stdout, stderr := cli(t, "tune", "--game", "dragonheart", "--set", "seatBonus=[0,4]", "--agents", "random", "--levers", "seatBonus",
		"--target", "fair=4", "--budget", "12000", "--certify", "1500", "--raw", "--out", out, "-q")
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout, stderr)
	}
	data, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Proposal struct {
			Change    map[string]json.RawMessage `json:"change"`
			Certified *bool                      `json:"certified"`
			Targets   []struct {
				Target     string `json:"target"`
				Components []struct {
					Estimate struct{ Value, Lo, Hi *float64 } `json:"estimate"`
				} `json:"components"`
			} `json:"targets"`
			Games    struct{ Search, Certification int64 } `json:"games"`
			Sentence string                                `json:"sentence"`
		} `json:"proposal"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	p := s.Proposal
	if len(p.Change) != 1 || p.Change["seatBonus"] == nil || p.Certified == nil || len(p.Targets) != 1 || p.Targets[0].Target != "fair=4" ||
		len(p.Targets[0].Components) != 2 || p.Targets[0].Components[0].Estimate.Lo == nil || p.Games.Search <= 0 || p.Games.Certification != 3*1500 && p.Games.Certification != 2*1500 {
		t.Fatalf("proposal %+v", p)
	}
	if !strings.Contains(stdout, "certified") || p.Sentence == "" {
		t.Fatalf("stdout %q, sentence %q", stdout, p.Sentence)
	}
	// The proposal's rules file plays: its seatBonus is the change's.
	rules, err := os.ReadFile(filepath.Join(out, "proposal-rules.json"))
	if err != nil {
		t.Fatal(err)
	}
	var r struct{ SeatBonus json.RawMessage }
	if err := json.Unmarshal(rules, &r); err != nil || string(compact(t, r.SeatBonus)) != string(compact(t, p.Change["seatBonus"])) {
		t.Fatalf("proposal-rules.json has seatBonus %s, the change %s (%v)", r.SeatBonus, p.Change["seatBonus"], err)
	}
	if code, _, stderr := cli(t, "run", "--game", "dragonheart", "--rules", filepath.Join(out, "proposal-rules.json"), "--games", "10", "--out", filepath.Join(out, "x.json")); code != 0 {
		t.Fatalf("the proposal's rules do not play: %s", stderr)
	}
	// The same command again reuses every round and writes the same summary.
	code, _, stderr = cli(t, "tune", "--game", "dragonheart", "--set", "seatBonus=[0,4]", "--agents", "random", "--levers", "seatBonus",
		"--target", "fair=4", "--budget", "12000", "--certify", "1500", "--raw", "--out", out, "-q")
	again, _ := os.ReadFile(filepath.Join(out, "summary.json"))
	if code != 0 || string(again) != string(data) {
		t.Fatalf("again: exit %d (%s), same summary %v", code, stderr, string(again) == string(data))
	}
}

func compact(t *testing.T, raw json.RawMessage) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// A fair target at several levels of play (fair=P@level,…): the certification replays
// every candidate at each level named, judges every seat at each, and the answer's
// components say the level.
func TestTuneCertifiesAtEveryLevelNamed(t *testing.T) {
	out := filepath.Join(t.TempDir(), "tune")
	code, stdout, stderr := cli(t, "tune", "--game", "dragonheart", "--set", "seatBonus=[0,4]", "--agents", "random", "--levers", "seatBonus",
		"--target", "fair=4@random,casual", "--budget", "12000", "--certify", "500", "--raw", "--out", out, "-q")
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout, stderr)
	}
	data, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Proposal struct {
			Targets []struct {
				Target     string `json:"target"`
				Components []struct {
					Name string `json:"name"`
				} `json:"components"`
			} `json:"targets"`
			Games struct{ Certification int64 } `json:"games"`
		} `json:"proposal"`
		Rules struct {
			Deals int64 `json:"deals"`
		} `json:"rules"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	p := s.Proposal
	var names []string
	for _, c := range p.Targets[0].Components {
		names = append(names, c.Name)
	}
	if p.Targets[0].Target != "fair=4@random,casual" || strings.Join(names, "; ") != "seat 0 at random; seat 1 at random; seat 0 at casual; seat 1 at casual" {
		t.Fatalf("target %s, components %v", p.Targets[0].Target, names)
	}
	// Every certified candidate played at both levels: two runs of 500 deals each.
	if p.Games.Certification%(2*500) != 0 || p.Games.Certification < 2*2*500 {
		t.Fatalf("%d certification games, want 1,000 per candidate (two levels)", p.Games.Certification)
	}
}
