package experiment

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/sim"
	"dragonlab/sim/plan"
	"dragonlab/sim/plan/plantest"
)

// editPlan edits a plan's JSON at path (options as an object) and reads it back: the
// error CheckPlan gives, or nil.
func editPlan(t *testing.T, p *plan.Plan, edits ...func(m map[string]any)) error {
	t.Helper()
	data, _ := p.Marshal()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for _, e := range edits {
		e(m)
	}
	out, _ := json.Marshal(m)
	q, err := plan.Parse(out)
	if err != nil {
		return err
	}
	return CheckPlan(q)
}

func at(value any, path ...any) func(m map[string]any) {
	return func(m map[string]any) { plantest.Set(m, value, path) }
}

// A plan's options are cross-checked against its runs: a ceiling rung's budget is what its
// agent plays, its rungs double, a value plan's decision run plays no substitutions.
func TestPlanOptionsAreCrossCheckedAgainstTheRuns(t *testing.T) {
	c := Common{Seed: 3, Command: "dragonlab test"}
	draco := Game{Name: "draco"}
	ceil, err := Ceiling{Common: c, Game: draco, Base: "mcts", Start: 2, Doublings: 2, Games: 2, SelfGames: 2, SelfGamesSet: true}.Plan()
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckPlan(ceil); err != nil {
		t.Fatalf("the ceiling's own plan: %v", err)
	}
	if err := editPlan(t, ceil, at(999, "options", "rungs", 1, "budget")); err == nil || !strings.Contains(err.Error(), "budget 999") {
		t.Errorf("a rung's budget edited to 999 (its agent plays 4): %v", err)
	}
	// Rungs 2, 4, 5 (each rung's agent and runs consistent) are a skill ladder, not a
	// ceiling trace.
	notDoubling, err := Skill{Common: c, Game: draco, Budgets: "2,4,5", Base: "mcts", Games: 2}.Plan()
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckPlan(notDoubling); err != nil {
		t.Fatalf("the skill ladder 2,4,5: %v", err)
	}
	if err := editPlan(t, notDoubling, at("ceiling", "kind")); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("a ceiling of rungs 2, 4, 5: %v", err)
	}
	val, err := Value{Common: c, Game: draco, Agents: "mcts:iters=5", Games: 3, DecisionGames: 2, DecisionIters: 10}.Plan()
	if err != nil {
		t.Fatal(err)
	}
	sub := val.Runs[val.Index("substitution")].Substitute
	dec := val.Index("decisions")
	if err := editPlan(t, val, at(map[string]any{"components": sub.Components}, "runs", dec, "substitute")); err == nil || !strings.Contains(err.Error(), "decision run alone") {
		t.Errorf("a value plan whose decision run also substitutes: %v", err)
	}
}

// A time budget (ms=) does not reproduce: the value command and a value plan refuse it, as
// tune does.
func TestValueRefusesTimeBudgets(t *testing.T) {
	c := Common{Seed: 3, Command: "dragonlab test"}
	if _, err := (Value{Common: c, Game: Game{Name: "draco"}, Agents: "mcts:iters=5,ms=5", Games: 3}).Plan(); err == nil || !strings.Contains(err.Error(), "ms=") {
		t.Errorf("value --agents mcts:iters=5,ms=5: %v", err)
	}
	val, err := Value{Common: c, Game: Game{Name: "draco"}, Agents: "mcts:iters=5", Games: 3, DecisionGames: 2, DecisionIters: 10}.Plan()
	if err != nil {
		t.Fatal(err)
	}
	var o ValueOptions
	if err := val.DecodeOptions(&o); err != nil {
		t.Fatal(err)
	}
	f, err := agents.Parse(strings.Replace(o.Level, "ms=0", "ms=5", 1))
	if err != nil {
		t.Fatal(err)
	}
	sub := val.Index(o.Substitution)
	err = editPlan(t, val, at(f.Spec, "options", "level"), at([]any{f.Spec, f.Spec}, "runs", sub, "agents"))
	if err == nil || !strings.Contains(err.Error(), "ms=") {
		t.Errorf("a value plan whose level has a time budget: %v", err)
	}
}

// A luck plan edited to the value function's fit seed is refused when read, before
// anything is written into the output directory.
func TestLuckPlanOnTheFitSeedIsRefusedBeforeWriting(t *testing.T) {
	g, _ := engine.Lookup("draco")
	l, err := sim.LoadValue(g, g.DefaultParams(), 2, nil)
	if err != nil {
		t.Skipf("draco has no value function: %v", err)
	}
	p, err := Luck{Common: Common{Seed: 3, Command: "dragonlab test"}, Game: Game{Name: "draco"}, Agents: "random,studytest-first", Replays: 2, Deals: 2}.Plan()
	if err != nil {
		t.Fatal(err)
	}
	seed := float64(l.Ref.Seed)
	edits := []func(map[string]any){at(seed, "options", "meta", "seed")}
	for i := range p.Runs {
		edits = append(edits, at(seed, "runs", i, "seed"))
	}
	data, _ := p.Marshal()
	var m map[string]any
	json.Unmarshal(data, &m)
	for _, e := range edits {
		e(m)
	}
	out, _ := json.Marshal(m)
	q, err := plan.Parse(out)
	if err == nil {
		err = CheckPlan(q)
	}
	if err == nil || !strings.Contains(err.Error(), "fitted on") {
		t.Errorf("a luck plan on the fit seed passes the check: %v", err)
	}
	if q == nil {
		return
	}
	dir := filepath.Join(t.TempDir(), "o")
	Play(context.Background(), q, plan.Options{Dir: dir, Workers: 1}, io.Discard, io.Discard)
	if _, err := os.Stat(dir); err == nil {
		t.Errorf("the refused plan wrote %s", dir)
	}
}
