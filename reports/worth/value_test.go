package worth

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/agents"
	"dragonlab/reports/doc"
	"dragonlab/sim"
	"dragonlab/sim/valuetest"
)

func toyRun(t *testing.T, cfg sim.Config) *sim.Result {
	t.Helper()
	res, err := sim.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func factories(t *testing.T, specs ...string) []agents.Factory {
	t.Helper()
	var fs []agents.Factory
	for _, s := range specs {
		f, err := agents.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		fs = append(fs, f)
	}
	return fs
}

// TestSubstitutionCoversTheTruth: on the toy of known card values (valuetest.CardGame,
// whose win share is linear in its cards' worth), the 95% intervals of every component
// (one more and one fewer, two and three players: 12 estimates) cover the exact change of
// win share in at least 90% of 50 runs of 2,000 deals each, pooled over the 600
// intervals, and at least 42 of 50 for each estimate. (At a true 95% one estimate of
// twelve falls below 45 of 50 by chance about one time in three; 42 or fewer, one time in
// a thousand. The interval's width matches the spread of the estimates over runs; with
// 600 deals the changes are so rare — one seat-deal in thirty — that the t interval
// covers only about 92% in three players.)
func TestSubstitutionCoversTheTruth(t *testing.T) {
	p := valuetest.CardGame.DefaultParams().(*valuetest.CardParams)
	covered, intervals := 0, 0
	for _, players := range []int{2, 3} {
		per := map[string]int{}
		for seed := uint64(1); seed <= 50; seed++ {
			res := toyRun(t, sim.Config{Game: valuetest.CardGame, Players: players, Agents: factories(t, strings.Split(strings.Repeat("random,", players-1)+"random", ",")...),
				Seed: seed, Units: 2000, Workers: 1, Substitute: &sim.Substitution{Components: []string{"a", "b", "c"}, Fewer: true}})
			s, err := Substitution(res)
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range s.Rows {
				intervals++
				if truth := p.Truth(players, strings.Index("abc", v.Component), v.Delta); v.Change.Contains(truth) {
					covered++
					per[v.Name()]++
				}
			}
		}
		for _, name := range []string{"a", "b", "c", "one fewer a", "one fewer b", "one fewer c"} {
			if per[name] < 42 {
				t.Errorf("%d players, %s: the interval covers the truth in %d of 50 runs", players, name, per[name])
			}
		}
	}
	if float64(covered) < 0.9*float64(intervals) {
		t.Errorf("the intervals cover the truth %d times of %d", covered, intervals)
	}
	t.Logf("coverage %d of %d", covered, intervals)
}

// TestSubstitutionTable: the rows are sorted by value, the truth's order: a (worth 0.9
// against an average other of 0.35) first, c (0.2 against 0.6) last among one more; one
// fewer reverses them; Holm's family is every row; the sentence reads as a designer
// would.
func TestSubstitutionTable(t *testing.T) {
	res := toyRun(t, sim.Config{Game: valuetest.CardGame, Players: 2, Agents: factories(t, "random", "random"),
		Seed: 3, Units: 4000, Workers: 2, Substitute: &sim.Substitution{Components: []string{"c", "a", "b"}, Fewer: true}})
	s, err := Substitution(res)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, v := range s.Rows {
		order = append(order, v.Name())
	}
	if got := strings.Join(order, ","); got != "a,one fewer c,b,one fewer b,c,one fewer a" {
		t.Errorf("order %s", got)
	}
	if s.Family != 6 || s.Deals != 4000 || s.Top(5)[0].Component != "a" || len(s.Top(5)) != 3 {
		t.Errorf("family %d, deals %d, top %v", s.Family, s.Deals, s.Top(5))
	}
	a := s.Rows[0]
	if a.Seats != 8000 || math.Abs(a.With-a.Without-a.Change.Value) > 1e-12 || a.PHolm > 0.001 {
		t.Errorf("row a: %+v", a)
	}
	if got := s.Sentence(a); !strings.HasPrefix(got, "One more a (in place of an average one) is worth +") || !strings.Contains(got, "8,000 seat-deals; Holm p < 0.001") {
		t.Errorf("sentence %q", got)
	}
	if _, err := Substitution(toyRun(t, sim.Config{Game: valuetest.CardGame, Players: 2, Agents: factories(t, "random", "random"), Seed: 1, Units: 5})); err == nil {
		t.Error("a run without substitutions analysed")
	}
}

// TestDecisionValuesOfTheToy: on the toy of known decision values the search plays
// "first" (0.9 against 0.5 and 0.1) at every decision of seat 0: its loss is about 0.4
// (the search's value of the rejected move is biased a little low), every one is
// critical; the other classes are legal but never played.
func TestDecisionValuesOfTheToy(t *testing.T) {
	res := toyRun(t, sim.Config{Game: valuetest.ChoiceGame, Players: 2, Agents: factories(t, "mcts:iters=2000", "mcts:iters=2000"),
		Seed: 5, Units: 150, Workers: 2, Decisions: true})
	d, err := DecisionValues(res, valuetest.ChoiceGame)
	if err != nil {
		t.Fatal(err)
	}
	first := d.Classes[0]
	if first.Class != "first" || first.Chosen != 150 || math.Abs(first.Loss.Value-0.42) > 0.06 || first.Critical.Value != 1 {
		t.Fatalf("first: %+v", first)
	}
	if d.Decisions != 150 || d.Critical.Value != 1 || d.CriticalPerGame != 1 || math.Abs(d.Iterations-2000) > 1 {
		t.Errorf("decisions %d, critical %v (%v a game), iterations %v", d.Decisions, d.Critical.Value, d.CriticalPerGame, d.Iterations)
	}
	for _, c := range d.Classes[1:] {
		if c.Chosen != 0 || (c.Class != "never" && c.Available != 150) || c.Loss.HasInterval() {
			t.Errorf("class %+v", c)
		}
	}
	if got := d.Sentence(first); !strings.Contains(got, "first: when it is played (0.5 a game and seat)") || !strings.Contains(got, "100.0% of those decisions are critical") {
		t.Errorf("sentence %q", got)
	}
}

// TestReportSummary: the experiment's summary.json lists components and decisions, each
// entry with name, estimate {value, lo, hi} and p; the report files are written.
func TestReportSummary(t *testing.T) {
	sub := toyRun(t, sim.Config{Game: valuetest.CardGame, Players: 2, Agents: factories(t, "random", "random"),
		Seed: 3, Units: 400, Workers: 2, Substitute: &sim.Substitution{Components: []string{"a", "b"}}})
	dec := toyRun(t, sim.Config{Game: valuetest.ChoiceGame, Players: 2, Agents: factories(t, "mcts:iters=200", "random"),
		Seed: 5, Units: 40, Workers: 2, Decisions: true})
	r, err := Analyze(doc.Meta{Game: "cardtoy", Players: 2, Complete: true}, valuetest.ChoiceGame,
		Input{File: "results/substitution.json", Result: sub}, Input{File: "results/decisions.json", Result: dec})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files, err := r.Write(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"report.pdf", "report.html", "summary.json"} {
		if !strings.Contains(strings.Join(files, " "), want) {
			t.Errorf("files %v lack %s", files, want)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var sum struct {
		Components []map[string]json.RawMessage `json:"components"`
		Decisions  []map[string]json.RawMessage `json:"decisions"`
	}
	if err := json.Unmarshal(data, &sum); err != nil {
		t.Fatal(err)
	}
	if len(sum.Components) != 2 || len(sum.Decisions) != 4 {
		t.Fatalf("%d components, %d decisions", len(sum.Components), len(sum.Decisions))
	}
	for i, e := range append(sum.Components, sum.Decisions...) {
		var est map[string]*float64
		if e["name"] == nil || e["p"] == nil || json.Unmarshal(e["estimate"], &est) != nil || len(est) != 3 {
			t.Errorf("entry %d: %s", i, e["estimate"])
		}
		if measured := i < 3; measured && (est["value"] == nil || est["lo"] == nil || est["hi"] == nil) {
			t.Errorf("entry %d (measured) has no estimate: %s", i, e["estimate"])
		}
	}
	if len(r.Findings) < 3 || !strings.HasPrefix(r.Findings[0], "One more a") {
		t.Errorf("findings %q", r.Findings)
	}
}
