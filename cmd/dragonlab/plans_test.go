package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/reports/analysis"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

// withHooks sets the executor's test hooks for the rest of the test.
func withHooks(t *testing.T, ctx context.Context, afterRun func(int), onCheckpoint func(int, int64)) {
	t.Helper()
	planHooks.ctx, planHooks.afterRun, planHooks.onCheckpoint = ctx, afterRun, onCheckpoint
	t.Cleanup(func() { planHooks.ctx, planHooks.afterRun, planHooks.onCheckpoint = nil, nil, nil })
}

// killAtFirstCheckpoint plays a shard (args) that is cancelled, as by SIGTERM, at its
// first checkpoint: it must exit as interrupted.
func killAtFirstCheckpoint(t *testing.T, args ...string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	withHooks(t, ctx, nil, func(int, int64) { cancel() })
	code, _, stderr := cli(t, append(args, "--checkpoint-every", "1ns")...)
	cancel()
	planHooks.ctx, planHooks.onCheckpoint = nil, nil
	if code != exitInterrupted {
		t.Fatalf("killed shard: exit %d: %s", code, stderr)
	}
}

// experimentCases are tiny runs of every experiment command, with cheap agents; the first
// run of each plays more than 256 units per shard, so that a shard is killed mid-run. The
// study runs a small design of cheap levels (tinyStudyDesign).
func experimentCases(t *testing.T) map[string][]string {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	os.WriteFile(a, []byte(`{"handSize": 5}`), 0o644)
	os.WriteFile(b, []byte(`{"handSize": 7, "dragonsToEnd": 2}`), 0o644)
	cases := map[string][]string{
		"study":          {"study", "--plan", tinyStudyDesign(t, dir)},
		"tournament":     {"tournament", "--game", "draco", "--agents", "random,studytest-first,studytest-last", "--games", "1800"},
		"skill":          {"skill", "--game", "draco", "--agents", "random,studytest-first", "--games", "1600", "--self-games", "300"},
		"ladder":         {"ladder", "--game", "draco", "--players", "3", "--agents", "random,studytest-first", "--games", "2400"},
		"sweep":          {"sweep", "--game", "draco", "--vary", "handSize=4,6", "--games", "900"},
		"sweep-variants": {"sweep", "--game", "draco", "--variants", a + "," + b, "--vary", "smallScoringMax=2,3", "--games", "900"},
		"ablate":         {"ablate", "--game", "draco", "--agents", "random", "--forbid-each", "--forbid", "play-1,play-2", "--games", "1600"},
		"luck":           {"luck", "--game", "draco", "--agents", "random,studytest-first", "--replays", "3", "--deals", "900"},
		// Dragonheart's restrictions cannot always be kept: the counts of the summary
		// come from aggregates that survive the killed shard.
		"ablate-unkept": {"ablate", "--game", "dragonheart", "--agents", "random", "--forbid-each", "--games", "1600"},
		"value":         {"value", "--game", "dragonscales", "--agents", "mcts:iters=10", "--fewer", "--games", "900", "--decision-games", "300", "--decision-iters", "20"},
	}
	return cases
}

// outputs lists what must be identical between two directories of the same experiment:
// every results file (outside its "run" key) and the report's summaries and PDF.
func outputs(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		switch {
		case info.IsDir() && rel == plan.PartsDir:
			return filepath.SkipDir
		case info.IsDir(), rel == analysis.LadderName: // the ladder's costs vary between runs
			return nil
		case strings.HasSuffix(rel, ".json") && rel != "summary.json" && rel != plan.FileName:
			out[rel] = stripRun(t, path)
		case strings.HasPrefix(rel, "summary.") || rel == plan.FileName:
			// (report.pdf is not compared: fpdf writes its image dictionary in map order.)
			data, _ := os.ReadFile(path)
			var keep []string
			for _, line := range strings.Split(string(data), "\n") {
				if !strings.HasPrefix(line, "| Run |") { // a single-run report's time and workers
					keep = append(keep, line)
				}
			}
			out[rel] = strings.Join(keep, "\n")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func keys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// The "done when": every experiment command, played whole and as 3 shards (one
// of them killed mid-run and resumed), merged, gives byte-identical results (outside
// "run") and summaries.
func TestEveryExperimentPlayedAsShardsMergesToTheWholeRun(t *testing.T) {
	for name, args := range experimentCases(t) {
		t.Run(name, func(t *testing.T) {
			whole := t.TempDir()
			mustCLI(t, append(args, "--out", whole, "--quiet")...)
			sharded := filepath.Join(t.TempDir(), "sharded")
			for k := 0; k < 3; k++ {
				shard := append(append([]string{}, args...), "--out", sharded, "--quiet", "--shard", fmt.Sprintf("%d/3", k), "--workers", "2")
				if k != 1 {
					mustCLI(t, shard...)
					continue
				}
				// Killed (as by SIGTERM) at its first checkpoint, then run again.
				killAtFirstCheckpoint(t, shard...)
				// Merging now names the shard to run again.
				code, _, stderr := cli(t, "merge", sharded)
				if code != exitBadInput || !strings.Contains(stderr, "shard 1/3 is") || !strings.Contains(stderr, "shard 2/3 is missing") {
					t.Fatalf("merge with a killed shard: exit %d: %s", code, stderr)
				}
				mustCLI(t, shard...)
			}
			if name == "tournament" || name == "sweep" {
				// The experiment's own --from DIR merges and reports too.
				mustCLI(t, append(args, "--from", sharded, "--quiet")...)
			} else {
				mustCLI(t, "merge", sharded)
			}
			a, b := outputs(t, whole), outputs(t, sharded)
			if strings.Join(keys(a), " ") != strings.Join(keys(b), " ") {
				t.Fatalf("different files:\n%v\n%v", keys(a), keys(b))
			}
			if _, ok := a["summary.md"]; !ok || len(a) < 3 {
				t.Fatalf("too few outputs: %v", keys(a))
			}
			for _, k := range keys(a) {
				if a[k] != b[k] {
					t.Errorf("%s differs between the whole run and the merged shards", k)
				}
			}
		})
	}
}

// A plan is a pure function of the flags: the same flags (in any order or spelling) give
// the same bytes, `plan` writes what the command plays, and run-plan plays it to the same
// report.
func TestPlanIsAPureFunctionOfTheFlags(t *testing.T) {
	for name, args := range experimentCases(t) {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			p1, p2 := filepath.Join(dir, "p1.json"), filepath.Join(dir, "p2.json")
			mustCLI(t, append(append([]string{"plan"}, args...), "--out", p1)...)
			// The same flags in reverse order, plus the seed given explicitly at its default.
			var groups [][]string
			for i := 1; i < len(args); i++ {
				if i+1 < len(args) && !strings.HasPrefix(args[i+1], "--") {
					groups = append(groups, args[i:i+2])
					i++
					continue
				}
				groups = append(groups, args[i:i+1])
			}
			rev := []string{"plan", args[0], "--seed", "1"}
			for i := len(groups) - 1; i >= 0; i-- {
				rev = append(rev, groups[i]...)
			}
			mustCLI(t, append(rev, "--out", p2)...)
			a, _ := os.ReadFile(p1)
			b, _ := os.ReadFile(p2)
			if !bytes.Equal(a, b) {
				t.Fatalf("the same flags give different plans:\n%s\n%s", a, b)
			}
			p, err := plan.Read(p1)
			if err != nil {
				t.Fatal(err)
			}
			c, _ := p.Marshal()
			if !bytes.Equal(a, c) {
				t.Fatal("the plan does not read back to the same bytes")
			}
			if name != "skill" { // one run-plan is enough (below)
				return
			}
			// run-plan plays the plan to the report the command writes.
			viaPlan, viaCmd := filepath.Join(dir, "via-plan"), filepath.Join(dir, "via-cmd")
			mustCLI(t, "run-plan", p1, "--out", viaPlan, "--quiet")
			mustCLI(t, append(args, "--out", viaCmd, "--quiet", "--workers", "1")...)
			x, y := outputs(t, viaPlan), outputs(t, viaCmd)
			for _, k := range keys(x) {
				if x[k] != y[k] {
					t.Errorf("%s differs between run-plan and the command", k)
				}
			}
			if len(x) != len(y) {
				t.Errorf("different files: %v %v", keys(x), keys(y))
			}
		})
	}
}

// Running the same command again into its directory reuses the finished runs and plays
// nothing; another experiment may not use the directory.
func TestPlanDirectoryIsReusedAndDefended(t *testing.T) {
	dir := t.TempDir()
	args := []string{"tournament", "--game", "draco", "--agents", "random,studytest-first", "--games", "40", "--out", dir}
	mustCLI(t, append(args, "--quiet")...)
	before, _ := os.ReadFile(filepath.Join(dir, "pair-1-random-vs-2-studytest-first.json"))
	code, _, stderr := cli(t, args...)
	if code != 0 || !strings.Contains(stderr, "reused the finished results of 1 of 1 runs") {
		t.Fatalf("second run: exit %d, stderr %q", code, stderr)
	}
	after, _ := os.ReadFile(filepath.Join(dir, "pair-1-random-vs-2-studytest-first.json"))
	if !bytes.Equal(before, after) {
		t.Error("a finished run was played again")
	}
	for name, other := range map[string][]string{
		"other agents":   {"tournament", "--game", "draco", "--agents", "random,studytest-last", "--games", "40", "--out", dir},
		"other seed":     {"tournament", "--game", "draco", "--agents", "random,studytest-first", "--games", "40", "--seed", "2", "--out", dir},
		"other command":  {"sweep", "--game", "draco", "--vary", "handSize=4,5", "--games", "40", "--out", dir},
		"from other":     {"tournament", "--game", "draco", "--agents", "random,studytest-first", "--games", "80", "--from", dir},
		"run-plan other": {"run-plan", writePlan(t, "ladder", "--game", "draco", "--agents", "random,studytest-first", "--games", "40"), "--out", dir},
	} {
		code, _, stderr := cli(t, append(other, "--quiet")...)
		if code != exitBadInput || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, "another plan") {
			t.Errorf("%s: exit %d, stderr %q", name, code, stderr)
		}
	}
}

func writePlan(t *testing.T, args ...string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "plan.json")
	mustCLI(t, append(append([]string{"plan"}, args...), "--out", file)...)
	return file
}

// The ladder prints each agent's rating beside its cost per decision and writes ladder.json.
func TestLadderWritesRatingsAndCost(t *testing.T) {
	dir := t.TempDir()
	out := mustCLI(t, "ladder", "--game", "draco", "--agents", "random,greedy:samples=1,studytest-first", "--games", "200", "--out", dir, "--quiet")
	if !strings.Contains(out, "ms/decision") || !strings.Contains(out, "Elo") {
		t.Fatalf("stdout: %s", out)
	}
	var lf analysis.LadderFile
	readJSON(t, filepath.Join(dir, analysis.LadderName), &lf)
	if lf.Schema != "dragonlab.ladder/v1" || len(lf.Agents) != 3 || lf.Agents[2].Agent != "random" || lf.Players != 2 {
		t.Fatalf("ladder.json: %+v", lf)
	}
	if _, ok := reflect.TypeOf(sim.RunInfo{}).FieldByName("Cost"); ok {
		for _, r := range lf.Agents {
			if r.Cost == nil || r.Cost.Decisions == 0 {
				t.Errorf("%s: no cost per decision", r.Agent)
			}
		}
	}
}

func TestAblateReport(t *testing.T) {
	dir := t.TempDir()
	out := mustCLI(t, "ablate", "--game", "draco", "--agents", "greedy:samples=1", "--forbid-each", "--games", "100", "--out", dir, "--quiet")
	if !strings.Contains(out, "worth") {
		t.Fatalf("stdout: %s", out)
	}
	p, err := plan.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var o experiment.AblateOptions
	if err := p.DecodeOptions(&o); err != nil {
		t.Fatal(err)
	}
	if len(o.Restrictions) != len(o.Classes) || len(p.Runs) != len(o.Classes)+1 {
		t.Fatalf("%d restrictions of %d classes, %d runs", len(o.Restrictions), len(o.Classes), len(p.Runs))
	}
	r := p.Runs[1]
	if !strings.HasPrefix(r.Agents[0], "restrict:") || r.Agents[1] != "greedy:samples=1" || r.Seating != sim.SeatDuplicate {
		t.Errorf("restricted run: %+v", r)
	}
	// The restricted agent's counts: how often its restriction ruled out an action.
	res, err := sim.ReadResult(filepath.Join(dir, r.Name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	if c := res.Aggregate.Restrict; len(c) == 0 || c[0].Bound+c[0].Unkept == 0 {
		t.Errorf("the restricted run records no restriction counts: %+v", c)
	}
	for _, f := range []string{"summary.json", "summary.md", "report.pdf", "report.html", "charts/ablation.png", "base.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("missing %s", f)
		}
	}
}

func TestExperimentBadInputIsOneLineExit2AndWritesNothing(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	file := filepath.Join(dir, "file")
	os.WriteFile(file, []byte("x"), 0o644)
	rules := filepath.Join(dir, "rules.json")
	os.WriteFile(rules, []byte(`{"handSize": 5}`), 0o644)
	rules6 := filepath.Join(dir, "rules6.json")
	os.WriteFile(rules6, []byte(`{"handSize": 6}`), 0o644)
	badRules := filepath.Join(dir, "bad.json")
	os.WriteFile(badRules, []byte(`{"handSize": 50}`), 0o644)
	resultsFile := filepath.Join(dir, "results.json")
	mustCLI(t, "run", "--game", "draco", "--games", "10", "--out", resultsFile, "--quiet")
	goodPlan := writePlan(t, "tournament", "--game", "draco", "--agents", "random,studytest-first", "--games", "20")
	cases := map[string][]string{
		"study games zero":                 {"study", "--games", "0"},
		"study games negative":             {"study", "--games", "-4"},
		"study workers negative":           {"study", "--workers", "-2"},
		"study only twice":                 {"study", "--only", "draco,draco"},
		"study only unknown":               {"study", "--only", "chess"},
		"study only empty":                 {"study", "--only", ""},
		"study shard malformed":            {"study", "--shard", "1/x"},
		"study shard out of range":         {"study", "--shard", "3/3"},
		"study checkpoint zero":            {"study", "--checkpoint-every", "0s"},
		"study from and out":               {"study", "--from", dir, "--out", out},
		"study from and shard":             {"study", "--from", dir, "--shard", "0/2"},
		"study from not a plan":            {"study", "--from", dir},
		"tournament players zero":          {"tournament", "--game", "draco", "--players", "0", "--agents", "random,greedy"},
		"skill base time budget":           {"skill", "--game", "draco", "--base", "mcts:ms=5"},
		"skill base time budget 2":         {"skill", "--game", "draco", "--base", "mcts:c=1,ms=20"},
		"skill self-games zero":            {"skill", "--game", "draco", "--self-games", "0"},
		"ladder one agent":                 {"ladder", "--game", "draco", "--agents", "random"},
		"ladder same agent":                {"ladder", "--game", "draco", "--agents", "random,random"},
		"ladder games not multiple":        {"ladder", "--game", "draco", "--players", "3", "--agents", "random,greedy", "--games", "10"},
		"ladder workers negative":          {"ladder", "--game", "draco", "--agents", "random,greedy", "--workers", "-1"},
		"ablate one player":                {"ablate", "--game", "dragonscales", "--players", "1", "--agents", "greedy", "--forbid-each"},
		"ablate no agent":                  {"ablate", "--game", "draco", "--forbid-each"},
		"ablate two agents":                {"ablate", "--game", "draco", "--agents", "random,greedy", "--forbid-each"},
		"ablate no forbid":                 {"ablate", "--game", "draco", "--agents", "greedy"},
		"ablate unknown class":             {"ablate", "--game", "draco", "--agents", "greedy", "--forbid", "nosuchclass"},
		"ablate forbid everything":         {"ablate", "--game", "draco", "--agents", "greedy", "--forbid", strings.Join(classesOf(t, "draco", 2), ",")},
		"ablate same forbid twice":         {"ablate", "--game", "draco", "--agents", "greedy", "--forbid", firstClass(t, "draco", 2), "--forbid", firstClass(t, "draco", 2)},
		"ablate games zero":                {"ablate", "--game", "draco", "--agents", "greedy", "--forbid-each", "--games", "0"},
		"luck replays one":                 {"luck", "--game", "draco", "--agents", "random", "--replays", "1"},
		"luck replays zero":                {"luck", "--game", "draco", "--agents", "random", "--replays", "0"},
		"luck no agents":                   {"luck", "--game", "draco"},
		"luck deals zero":                  {"luck", "--game", "draco", "--agents", "random", "--deals", "0"},
		"luck same agent":                  {"luck", "--game", "draco", "--agents", "random,random"},
		"sweep one variant":                {"sweep", "--game", "draco", "--variants", rules},
		"sweep variant missing":            {"sweep", "--game", "draco", "--variants", rules + "," + filepath.Join(dir, "none.json")},
		"sweep variant invalid":            {"sweep", "--game", "draco", "--variants", rules + "," + badRules},
		"sweep variant twice":              {"sweep", "--game", "draco", "--variants", rules + "," + rules},
		"sweep variants two varies":        {"sweep", "--game", "draco", "--variants", rules + "," + badRules, "--vary", "handSize=4,5", "--vary", "dragonsToEnd=2,3"},
		"sweep vary replaces the variants": {"sweep", "--game", "draco", "--variants", rules + "," + rules6, "--vary", "handSize=4,5"},
		"study from empty":                 {"study", "--from", ""},
		"tournament shard empty":           {"tournament", "--agents", "random,greedy", "--shard", ""},
		"plan unknown command":             {"plan", "chess"},
		"plan bad flags":                   {"plan", "tournament", "--agents", "random"},
		"plan out is a directory":          {"plan", "tournament", "--agents", "random,greedy", "--out", dir},
		"ladder time budget":               {"ladder", "--game", "draco", "--agents", "mcts:ms=5,greedy"},
		"plan shard":                       {"plan", "tournament", "--agents", "random,greedy", "--shard", "0/2"},
		"run-plan missing":                 {"run-plan", filepath.Join(dir, "none.json")},
		"run-plan results file":            {"run-plan", resultsFile},
		"run-plan bad shard":               {"run-plan", goodPlan, "--shard", "2/2"},
		"run-plan no file":                 {"run-plan"},
		"merge dir with out":               {"merge", writePlanDir(t), "--out", filepath.Join(dir, "m.json")},
		"merge dir missing shard":          {"merge", writePlanDir(t)},
	}
	for name, args := range cases {
		if !strings.Contains(strings.Join(args, " "), "--out") && !strings.Contains(strings.Join(args, " "), "--from") && args[0] != "merge" {
			args = append(args, "--out", out)
		}
		code, stdout, stderr := cli(t, append(args, "--quiet")...)
		if args[0] == "merge" || args[0] == "plan" {
			code, stdout, stderr = cli(t, args...)
		}
		checkRefused(t, name, code, stdout, stderr)
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%s: the output was created", name)
		}
	}
}

// writePlanDir is a tournament's output directory in which only shard 0/2 was played.
func writePlanDir(t *testing.T) string {
	dir := filepath.Join(t.TempDir(), "t")
	mustCLI(t, "tournament", "--game", "draco", "--agents", "random,studytest-first", "--games", "20", "--shard", "0/2", "--out", dir, "--quiet")
	return dir
}

func classesOf(t *testing.T, game string, players int) []string {
	g, _ := engine.Lookup(game)
	cs, err := experiment.ActionClasses(g, g.DefaultParams(), players)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func firstClass(t *testing.T, game string, players int) string { return classesOf(t, game, players)[0] }

// buildPlan builds an experiment's plan from its flags without checking that this build's
// runner can play it (Resolve), to test the plan's shape.
func buildPlan(t *testing.T, name string, args ...string) (*plan.Plan, error) {
	t.Helper()
	cmd := &cobra.Command{Use: name}
	build := experiments[name].flags(cmd)
	var c experiment.Common
	cmd.Flags().Uint64Var(&c.Seed, "seed", 1, "")
	if err := cmd.ParseFlags(args); err != nil {
		t.Fatal(err)
	}
	c.Command = canonicalCommand(cmd, name)
	return build(c)
}

// A hand-edited plan file is checked completely before anything plays: run-plan, merge DIR and --from refuse it in one line, exit 2, with no results file
// written.
func TestEditedPlanFilesAreRefusedBeforePlaying(t *testing.T) {
	file := writePlan(t, "tournament", "--game", "draco", "--agents", "random,studytest-first,studytest-last", "--games", "20")
	data, _ := os.ReadFile(file)
	for name, c := range map[string]struct{ from, to string }{
		"pairing index out of range": {`"b": 1`, `"b": 7`},
		"options name no such run":   {`"run": "pair-1-random-vs-2-studytest-first"`, `"run": "pair-9"`},
	} {
		edited := strings.Replace(string(data), c.from, c.to, 1)
		if edited == string(data) {
			t.Fatalf("%s: %s not in the plan", name, c.from)
		}
		bad := filepath.Join(t.TempDir(), "bad.json")
		os.WriteFile(bad, []byte(edited), 0o644)
		out := filepath.Join(t.TempDir(), "out")
		code, stdout, stderr := cli(t, "run-plan", bad, "--out", out, "--quiet")
		checkRefused(t, name, code, stdout, stderr)
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: run-plan created %s", name, out)
		}
		// The same plan in a directory that shards played: merge DIR refuses it and
		// writes no results.
		dir := filepath.Join(t.TempDir(), "t")
		mustCLI(t, "run-plan", file, "--shard", "0/1", "--out", dir, "--quiet")
		os.WriteFile(filepath.Join(dir, plan.FileName), []byte(edited), 0o644)
		code, stdout, stderr = cli(t, "merge", dir)
		checkRefused(t, name+" (merge)", code, stdout, stderr)
		if results, _ := filepath.Glob(filepath.Join(dir, "*.json")); len(results) > 1 {
			t.Errorf("%s: merge wrote %v", name, results)
		}
	}
}

// A ladder or study plan edited to use a time budget (ms=) is refused like the flags
// that would make it: nothing plays.
func TestPlansEditedToUseTimeBudgetsAreRefused(t *testing.T) {
	timed, err := agents.Parse("noisy:base=(mcts:iters=10,ms=2)")
	if err != nil {
		t.Fatal(err)
	}
	for name, file := range map[string]string{
		"ladder": writePlan(t, "ladder", "--game", "draco", "--agents", "random,studytest-first", "--games", "20"),
		"study":  writePlan(t, "study", "--plan", tinyStudyDesign(t, "")),
	} {
		data, _ := os.ReadFile(file)
		edited := strings.ReplaceAll(string(data), `"studytest-first"`, `"`+timed.Spec+`"`)
		if edited == string(data) {
			t.Fatalf("%s: no agent to edit", name)
		}
		bad := filepath.Join(t.TempDir(), "bad.json")
		os.WriteFile(bad, []byte(edited), 0o644)
		out := filepath.Join(t.TempDir(), "out")
		code, stdout, stderr := cli(t, "run-plan", bad, "--out", out, "--quiet")
		checkRefused(t, name, code, stdout, stderr)
		if !strings.Contains(stderr, "time budget") {
			t.Errorf("%s: %q does not say time budget", name, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: run-plan created %s", name, out)
		}
	}
}

// merge DIR DIR …: the shards of one plan, each played into a directory of its own (as
// on cluster nodes without a shared file system), merge into the first with the report
// of one machine.
func TestMergeOfSeveralShardDirectories(t *testing.T) {
	args := []string{"tournament", "--game", "draco", "--agents", "random,studytest-first", "--games", "600", "--quiet"}
	whole := t.TempDir()
	mustCLI(t, append(args, "--out", whole)...)
	base := t.TempDir()
	var dirs []string
	for k := 0; k < 3; k++ {
		dir := filepath.Join(base, fmt.Sprintf("node%d", k))
		mustCLI(t, append(args, "--out", dir, "--shard", fmt.Sprintf("%d/3", k))...)
		dirs = append(dirs, dir)
	}
	code, _, stderr := cli(t, append([]string{"merge"}, dirs[:2]...)...)
	if code != exitBadInput || !strings.Contains(stderr, "shard 2/3 is missing") {
		t.Fatalf("two of three directories: exit %d: %s", code, stderr)
	}
	mustCLI(t, append([]string{"merge"}, dirs...)...)
	a, b := outputs(t, whole), outputs(t, dirs[0])
	for _, k := range keys(a) {
		if a[k] != b[k] {
			t.Errorf("%s differs between the whole run and the merged directories", k)
		}
	}
	if len(a) != len(b) {
		t.Errorf("different files: %v %v", keys(a), keys(b))
	}
	refused(t, "not every argument", nil, "merge", dirs[0], t.TempDir())
}
