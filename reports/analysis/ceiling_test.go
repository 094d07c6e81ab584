package analysis

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/agents"
	"dragonlab/reports/skill"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

// The ceiling trace's plan: the base at doubled budgets from its own iterations for the
// game and player count (the expert's per-game setting), each doubling against the one
// below on duplicate deals and each in self-play; bad input refused.
func TestCeilingPlan(t *testing.T) {
	o := experiment.Ceiling{Game: experiment.Game{Name: "redhot", Players: 2, PlayersSet: true}, Base: "expert", Doublings: 3, Games: 10, SelfGames: 6, SelfGamesSet: true}
	p, err := o.Plan()
	if err != nil {
		t.Fatal(err)
	}
	own, err := agents.ExpertSetting("redhot", 2, "iters")
	if err != nil {
		t.Fatal(err)
	}
	var opts experiment.SkillOptions
	if err := json.Unmarshal(p.Options, &opts); err != nil {
		t.Fatal(err)
	}
	if p.Kind != "ceiling" || len(opts.Rungs) != 4 || len(opts.Steps) != 3 || len(opts.Self) != 4 {
		t.Fatalf("kind %s, %d rungs, %d steps, %d self-play runs; want ceiling, 4, 3, 4", p.Kind, len(opts.Rungs), len(opts.Steps), len(opts.Self))
	}
	for k, r := range opts.Rungs {
		want := 1 << k
		if got := r.Budget / opts.Rungs[0].Budget; got != float64(want) || !strings.Contains(r.Spec, "iters=") {
			t.Errorf("rung %d: budget %v (%v×), want %d×", k, r.Budget, got, want)
		}
	}
	if got := opts.Rungs[0].Budget; got != mustFloat(t, own) {
		t.Errorf("1× is %v iterations, want the expert's own %s", got, own)
	}
	if err := experiment.CheckPlan(p); err != nil {
		t.Errorf("the plan does not pass its own check: %v", err)
	}
	for _, bad := range []experiment.Ceiling{
		{Game: o.Game, Base: "expert", Doublings: 1, Games: 10},
		{Game: o.Game, Base: "random", Doublings: 3, Games: 10},
		{Game: o.Game, Base: "expert", Start: 1 << 40, Doublings: 3, Games: 10},
	} {
		if _, err := bad.Plan(); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

func mustFloat(t *testing.T, s string) float64 {
	t.Helper()
	var f float64
	if err := json.Unmarshal([]byte(s), &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// A tiny trace played end to end: the report and summary say where skill saturates.
func TestCeilingReport(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	o := experiment.Ceiling{Game: experiment.Game{Name: "dragonheart", Players: 2, PlayersSet: true}, Base: "mcts", Start: 2, Doublings: 2, Games: 8}
	p, err := o.Plan()
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	var stdout bytes.Buffer
	if err := experiment.Play(context.Background(), p, plan.Options{Dir: out, Workers: 1}, &stdout, io.Discard); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var sk skill.Skill
	if err := json.Unmarshal(data, &sk); err != nil {
		t.Fatal(err)
	}
	if sk.Ceiling == nil || len(sk.Ceiling.Stronger) != 2 || !strings.Contains(sk.Ceiling.Sentence, "saturate") {
		t.Fatalf("summary.json has no ceiling: %+v", sk.Ceiling)
	}
	if !strings.Contains(stdout.String(), sk.Ceiling.Sentence) {
		t.Errorf("the terminal summary does not say where skill saturates:\n%s", stdout.String())
	}
}
