package analysis

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
	"dragonlab/sim/plan/plantest"
)

// smallStudy is a study design small enough to play in a fuzz iteration: one game, two
// cheap levels, every kind of stage.
const smallStudy = `{"schema": "dragonlab.study/v1", "games": [{"game": "dragonheart"}],
  "levels": [{"name": "random", "agent": "random", "deals": 6}, {"name": "first", "agent": "studytest-first", "deals": 4}],
  "ladder": {"deals": 3}, "ablation": [{"level": "first", "deals": 2}],
  "compensation": [{"level": "random", "deals": 3, "lever": {"key": "seatBonus", "values": [-1, 1]}}]}`

// kindPlans are small plans of every experiment kind.
func kindPlans(t testing.TB) map[string]*plan.Plan {
	t.Helper()
	dir := t.TempDir()
	a, b, design := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json"), filepath.Join(dir, "design.json")
	os.WriteFile(a, []byte(`{"handSize": 5}`), 0o644)
	os.WriteFile(b, []byte(`{"handSize": 7}`), 0o644)
	os.WriteFile(design, []byte(smallStudy), 0o644)
	c := experiment.Common{Seed: 3, Command: "dragonlab test"}
	draco := experiment.Game{Name: "draco"}
	build := map[string]func() (*plan.Plan, error){
		"tournament": experiment.RoundRobin{Common: c, Game: experiment.Game{Name: "draco", Players: 3}, Agents: "random,studytest-first,studytest-last", Games: 6}.TournamentPlan,
		"ladder":     experiment.RoundRobin{Common: c, Game: draco, Agents: "random,studytest-first", Games: 8}.LadderPlan,
		"skill":      experiment.Skill{Common: c, Game: draco, Agents: "random,studytest-first", AgentsSet: true, Games: 6, SelfGames: 5, SelfGamesSet: true}.Plan,
		"budgets":    experiment.Skill{Common: c, Game: draco, Budgets: "1,2", Base: "mcts", Games: 2}.Plan,
		"sweep":      experiment.Sweep{Common: c, Game: draco, Vary: []string{"handSize=4,6", "dragonsToEnd=2,3"}, Games: 5}.Plan,
		"variants":   experiment.Sweep{Common: c, Game: draco, Variants: []string{a, b}, VariantsSet: true, Vary: []string{"smallScoringMax=2,3"}, Games: 5}.Plan,
		"ablate":     experiment.Ablate{Common: c, Game: draco, Agents: "random", ForbidEach: true, Forbid: []string{"play-1,play-2"}, Games: 4}.Plan,
		"luck":       experiment.Luck{Common: c, Game: draco, Agents: "random,studytest-first", Replays: 3, Deals: 5}.Plan,
		"value":      experiment.Value{Common: c, Game: draco, Agents: "mcts:iters=5", Games: 3, DecisionGames: 2, DecisionIters: 10}.Plan,
		"run":        experiment.SingleRun{Common: c, Game: draco, Games: 7, Seating: "rotate"}.Plan,
		"study":      experiment.Study{Common: c, DesignFile: design, DesignSet: true}.Plan,
	}
	out := map[string]*plan.Plan{}
	for name, f := range build {
		p, err := f()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = p
	}
	return out
}

// Every plan an experiment makes passes its own check, also after a round trip through
// its file.
func TestPlansOfEveryKindPassTheirCheck(t *testing.T) {
	for name, p := range kindPlans(t) {
		if err := experiment.CheckPlan(p); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		data, _ := p.Marshal()
		q, err := plan.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := experiment.CheckPlan(q); err != nil {
			t.Errorf("%s read back: %v", name, err)
		}
	}
}

// Hand-edited plans are refused when read, before anything plays: options that name no
// run, a run twice or an index out of range, options that do not match the runs, runs no
// option names.
func TestEditedPlansAreRefused(t *testing.T) {
	plans := kindPlans(t)
	for name, c := range map[string]struct {
		kind  string
		value any
		path  []any
		want  string
	}{
		"pairing b out of range":   {"tournament", 7, []any{"options", "pairings", 0, "b"}, "out of range"},
		"pairing a negative":       {"tournament", -1, []any{"options", "pairings", 1, "a"}, "out of range"},
		"pairing against itself":   {"tournament", 0, []any{"options", "pairings", 0, "b"}, "itself"},
		"pairing unknown run":      {"tournament", "nope", []any{"options", "pairings", 0, "run"}, `no run "nope"`},
		"pairing run twice":        {"tournament", "pair-1-random-vs-2-studytest-first", []any{"options", "pairings", 1, "run"}, ""},
		"pairing swapped agents":   {"tournament", 2, []any{"options", "pairings", 0, "b"}, "seat"},
		"meta players":             {"tournament", 4, []any{"options", "meta", "players"}, "meta"},
		"meta game":                {"tournament", "redhot", []any{"options", "meta", "game"}, "meta"},
		"meta seed":                {"tournament", 9, []any{"options", "meta", "seed"}, "seed"},
		"agents shortened":         {"tournament", []any{"random"}, []any{"options", "agents"}, "agents"},
		"no options":               {"tournament", nil, []any{"options"}, "options"},
		"ladder time budget":       {"ladder", []any{"mcts:ms=2", "studytest-first"}, []any{"options", "agents"}, ""},
		"ladder run not named":     {"ladder", []any{}, []any{"options", "pairings"}, "pairings"},
		"luck duel out of range":   {"luck", 5, []any{"options", "duels", 0, "stronger"}, "out of range"},
		"luck replays":             {"luck", 7, []any{"options", "replays"}, "times"},
		"luck replay list short":   {"luck", []any{"replay-1-random"}, []any{"options", "replay"}, "replay"},
		"sweep runs short":         {"sweep", []any{"sweep-handSize=4-dragonsToEnd=2"}, []any{"options", "runs"}, "runs"},
		"sweep value changed":      {"sweep", []any{"4", "5"}, []any{"options", "vary", 0, "values"}, ""},
		"sweep run's rules":        {"sweep", 8, []any{"runs", 0, "params", "handSize"}, "values of its cell"},
		"sweep unknown key":        {"sweep", "handsize", []any{"options", "vary", 0, "key"}, "handsize"},
		"skill steps missing":      {"skill", []any{}, []any{"options", "steps"}, "steps"},
		"skill self swapped":       {"skill", []any{"self-2-studytest-first", "self-1-random"}, []any{"options", "self"}, "seat"},
		"budget rung time budget":  {"budgets", "mcts:ms=5", []any{"options", "rungs", 0, "spec"}, ""},
		"ablate class unknown":     {"ablate", []any{"nope"}, []any{"options", "restrictions", 0, "forbid"}, "nope"},
		"ablate classes edited":    {"ablate", []any{"a", "b"}, []any{"options", "classes"}, "classes"},
		"ablate baseline missing":  {"ablate", "nope", []any{"options", "baseline"}, "nope"},
		"run renamed":              {"run", "other", []any{"runs", 0, "name"}, ""},
		"value runs swapped":       {"value", "decisions", []any{"options", "substitution"}, "substitution"},
		"value level edited":       {"value", "mcts:c=0.7,depth=0,eps=0,iters=7,ms=0,prior=0,reuse=false,reward=win,rollout=random,scale=10,sim=rm,simx=0.1", []any{"options", "level"}, "seat 0"},
		"value decision run named": {"value", "nope", []any{"options", "decisions"}, "nope"},
		"study level out of range": {"study", 9, []any{"options", "configs", 0, "ladder", 0, "upper"}, "out of range"},
		"study ablation level":     {"study", 7, []any{"options", "configs", 0, "ablation", 0, "level"}, "out of range"},
		"study lever level":        {"study", -3, []any{"options", "configs", 0, "levers", 0, "level"}, "out of range"},
		"study level time budget":  {"study", "mcts:ms=2", []any{"options", "configs", 0, "levels", 1, "agent"}, ""},
		"study replays":            {"study", 1, []any{"options", "replays"}, "replays"},
		"study run's seed":         {"study", 4, []any{"runs", 2, "seed"}, "seed"},
		"study lever point rules":  {"study", 5, []any{"options", "configs", 0, "levers", 0, "points", 0, "x"}, "does not play"},
		"study variant name":       {"study", "Bad!", []any{"options", "configs", 0, "variant"}, "variant"},
	} {
		// Options are raw JSON inside the plan: edit them as an object.
		p := plans[c.kind]
		data := editOptions(t, p, c.value, c.path)
		q, err := plan.Parse(data)
		if err == nil {
			err = experiment.CheckPlan(q)
		}
		if err == nil {
			t.Errorf("%s: the edited plan is accepted", name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %q does not say %q in one line", name, err, c.want)
		}
	}
}

// editOptions edits a plan's JSON with the plan's options as an object.
func editOptions(t *testing.T, p *plan.Plan, value any, path []any) []byte {
	t.Helper()
	data, _ := p.Marshal()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	plantest.Set(m, value, path)
	out, _ := json.Marshal(m)
	return out
}

// tinyPlay is the most games an accepted plan may have for FuzzReadPlan to play it.
const tinyPlay = 12

// cheap reports whether every agent of the plan is cheap enough to play in a fuzz
// iteration.
func cheap(p *plan.Plan) bool {
	if p.Games() > 400 || len(p.Runs) > 40 {
		return false
	}
	for _, r := range p.Runs {
		for _, a := range r.Agents {
			for _, k := range []string{"mcts", "expert", "oracle", "pimc", "samples=", "greedy:", "softmax"} {
				if strings.Contains(a, k) {
					return false
				}
			}
		}
	}
	return true
}

// FuzzReadPlan: a plan file from outside never panics; a plan the check accepts is one
// whose every run the runner accepts; and one tiny
// enough to play in a moment (at most tinyPlay games of cheap agents) plays without an
// error. The check is what is fuzzed, thousands of inputs a second: larger plans are not
// played and no report is rendered (playing and reporting every accepted input made it a
// dozen inputs a minute); the reports of accepted plans are the experiments' own tests.
//
// An input is an edit of a real plan of some kind (seed which: the bytes from at to
// at+cut replaced by insert), or with which past the seeds, insert alone. The fuzzer
// minimises every input that finds new coverage, and minimising tries on the order of
// len² candidates of a []byte argument: a whole plan file of several kilobytes as the
// argument kept the one worker minimising for its full minute per input, at a dozen
// executions a minute; the edit's short insert keeps minimising to a moment. The study's
// and the restricted-play experiment's plans are not seeds: their check plays probe games
// for every restriction (tens of milliseconds an input, where the others take a fraction
// of one), so edits of them are TestEditedPlansAreRefused's.
func FuzzReadPlan(f *testing.F) {
	plans := kindPlans(f)
	delete(plans, "study")
	delete(plans, "ablate")
	names := slices.Sorted(maps.Keys(plans))
	seeds := make([][]byte, len(names))
	for i, name := range names {
		seeds[i], _ = plans[name].Marshal()
		f.Add(uint8(i), uint32(0), uint16(0), []byte(nil))
	}
	f.Add(uint8(len(seeds)), uint32(0), uint16(0), []byte(`{"schema": "dragonlab.plan/v1", "kind": "run", "runs": []}`))
	f.Fuzz(func(t *testing.T, which uint8, at uint32, cut uint16, insert []byte) {
		data := insert
		if int(which) < len(seeds) {
			s := seeds[which]
			i := int(at % uint32(len(s)+1))
			j := min(len(s), i+int(cut))
			data = slices.Concat(s[:i], insert, s[j:])
		}
		p, err := plan.Parse(data)
		if err != nil {
			return
		}
		if err := experiment.CheckPlan(p); err != nil {
			return
		}
		if _, err := p.Marshal(); err != nil {
			t.Fatalf("an accepted plan does not marshal: %v", err)
		}
		for i := range p.Runs {
			cfg, err := p.Config(i, 1)
			if err == nil {
				err = sim.CheckConfig(cfg)
			}
			if err != nil {
				t.Fatalf("run %d of an accepted plan is refused by the runner: %v", i, err)
			}
		}
		if p.Games() > tinyPlay || !cheap(p) {
			return
		}
		_, err = plan.Execute(context.Background(), p, plan.Options{Dir: t.TempDir(), Workers: 1})
		if err != nil && !errors.As(err, new(plan.InputError)) {
			t.Fatalf("an accepted plan does not play: %v", err)
		}
	})
}
