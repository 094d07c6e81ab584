package main

import (
	"context"
	"dragonlab/agents/picktest"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/reports/change"
	"dragonlab/reports/doc"
	"dragonlab/reports/skill"
	"dragonlab/sim"
)

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func mustCLI(t *testing.T, args ...string) string {
	t.Helper()
	code, stdout, stderr := cli(t, args...)
	if code != 0 {
		t.Fatalf("%v: exit %d\n%s%s", args, code, stdout, stderr)
	}
	return stdout
}

// playFixed plays one game of draco from seed with the given deterministic agents by seat
// and returns the seats' win shares.
func playFixed(t *testing.T, seed uint64, players int, seats []agents.Agent) []float64 {
	t.Helper()
	g, _ := engine.Lookup("draco")
	s, err := g.NewGame(nil, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	for !s.Terminal() {
		s.Apply(seats[s.ToMove()].Act(s, nil))
	}
	out := make([]float64, players)
	s.Result(out)
	return out
}

// The pairing: a tournament really plays each deal (the same game seed) in both seat
// orders. Replaying every deal by hand in both orders with deterministic agents must give
// exactly the per-deal histogram the tournament wrote.
func TestTournamentPairingPlaysEachDealInBothSeatOrders(t *testing.T) {
	dir := t.TempDir()
	mustCLI(t, "tournament", "--game", "draco", "--players", "2", "--agents", "studytest-first,studytest-last",
		"--games", "40", "--seed", "5", "--out", dir, "--quiet")
	r, err := sim.ReadResult(filepath.Join(dir, "pair-1-studytest-first-vs-2-studytest-last.json"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Seating != sim.SeatDuplicate || r.Units != 20 || r.Games != 40 {
		t.Fatalf("seating %s, %d deals, %d games", r.Seating, r.Units, r.Games)
	}
	var want sim.Hist
	first, last := picktest.New(false), picktest.New(true)
	differ := 0
	for i := int64(0); i < 20; i++ {
		seed := sim.GameSeed(5, i)
		a := playFixed(t, seed, 2, []agents.Agent{first, last}) // first in seat 0
		b := playFixed(t, seed, 2, []agents.Agent{last, first}) // first in seat 1
		want.Add(int64((a[0]+b[1])*60 + 0.5))
		if a[0] != b[1] {
			differ++
		}
	}
	if got, _ := json.Marshal(r.Aggregate.Paired); string(got) != mustJSON(t, want) {
		t.Errorf("paired histogram %s, replayed by hand %s", got, mustJSON(t, want))
	}
	if differ == 0 {
		t.Log("note: the seat order never changed the outcome")
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Two copies of one deterministic policy play the same game in every rotation, so on each
// duplicate deal agent 0's shares add up to exactly one game: every deal is even. With a
// different seed per rotation, deals would split unevenly.
func TestTournamentMirroredDealsAreEven(t *testing.T) {
	for _, players := range []string{"2", "3"} {
		dir := t.TempDir()
		mustCLI(t, "tournament", "--game", "draco", "--players", players, "--agents", "studytest-first,studytest-first2",
			"--games", "30", "--out", dir, "--quiet")
		var sum skill.Tournament
		readJSON(t, filepath.Join(dir, doc.JSONName), &sum)
		if len(sum.Pairs) == 0 {
			t.Fatal("no pairings")
		}
		for _, p := range sum.Pairs {
			if p.Paired.Ties != p.Paired.Deals || p.Paired.Better+p.Paired.Worse != 0 || p.Paired.SignP != 1 {
				t.Errorf("%s players, %s vs %s: %+v", players, p.AgentA, p.AgentB, p.Paired)
			}
		}
	}
}

func TestTournamentReport(t *testing.T) {
	dir := t.TempDir()
	out := mustCLI(t, "tournament", "--game", "draco", "--players", "2", "--agents", "random,greedy:samples=1,studytest-first",
		"--games", "200", "--out", dir, "--quiet", "--workers", "2")
	for _, f := range []string{"report.pdf", "summary.md", "summary.json", "report.html", "charts/matrix.png", "charts/matrix.svg", "charts/ratings.png", "charts/ratings.svg",
		"pair-1-random-vs-2-greedy-samples-1.json", "pair-1-random-vs-3-studytest-first.json", "pair-2-greedy-samples-1-vs-3-studytest-first.json"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("missing %s", f)
		}
	}
	var sum skill.Tournament
	readJSON(t, filepath.Join(dir, doc.JSONName), &sum)
	if !sum.Meta.Complete || sum.Ratings == nil || len(sum.Ranking) != 3 || len(sum.Pairs) != 3 {
		t.Fatalf("summary: complete %v, %d ranked, %d pairs", sum.Meta.Complete, len(sum.Ranking), len(sum.Pairs))
	}
	if sum.Ranking[len(sum.Ranking)-1].Agent != "random" {
		t.Errorf("random is not last: %+v", sum.Ranking)
	}
	if sum.Matrix[1][0] == nil || sum.Matrix[1][0].Share < 0.9 {
		t.Errorf("greedy against random: %+v", sum.Matrix[1][0])
	}
	if !strings.Contains(out, "rank") || !strings.Contains(sum.Meta.Command, "--agents random,greedy:samples=1,studytest-first") {
		t.Errorf("stdout %q, command %q", out, sum.Meta.Command)
	}
	// The same tournament again, on one worker: the same bytes (outside "run").
	dir2 := t.TempDir()
	mustCLI(t, "tournament", "--game", "draco", "--players", "2", "--agents", "random,greedy:samples=1,studytest-first",
		"--games", "200", "--out", dir2, "--quiet", "--workers", "1")
	for _, f := range []string{"pair-1-random-vs-2-greedy-samples-1.json", "pair-2-greedy-samples-1-vs-3-studytest-first.json"} {
		if stripRun(t, filepath.Join(dir, f)) != stripRun(t, filepath.Join(dir2, f)) {
			t.Errorf("%s differs between runs", f)
		}
	}
	var sum2 skill.Tournament
	readJSON(t, filepath.Join(dir2, doc.JSONName), &sum2)
	sum.Meta.Command, sum2.Meta.Command = "", "" // --out and --workers differ
	if mustJSON(t, sum) != mustJSON(t, sum2) {
		t.Error("summary.json differs between identical tournaments")
	}
}

// More players: one agent alone against copies of the other, every ordered pair.
func TestTournamentThreePlayers(t *testing.T) {
	dir := t.TempDir()
	mustCLI(t, "tournament", "--game", "draco", "--players", "3", "--agents", "random,greedy:samples=1", "--games", "60", "--out", dir, "--quiet")
	r, err := sim.ReadResult(filepath.Join(dir, "pair-1-random-vs-2-greedy-samples-1.json"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(r.Agents, ",") != "random,greedy:samples=1,greedy:samples=1" || r.Seating != sim.SeatDuplicate || r.Games != 60 {
		t.Errorf("agents %v, seating %s, %d games", r.Agents, r.Seating, r.Games)
	}
	var sum skill.Tournament
	readJSON(t, filepath.Join(dir, doc.JSONName), &sum)
	if len(sum.Pairs) != 2 || sum.Fair != 1.0/3 || sum.Ratings == nil || sum.Ranking[0].Agent != "greedy:samples=1" {
		t.Errorf("pairs %d, fair %v, ranking %+v", len(sum.Pairs), sum.Fair, sum.Ranking)
	}
}

// Ctrl-C keeps finished work: the pairing played before the interrupt is written and
// reported, the report says it is incomplete, and the exit status says interrupted.
func TestTournamentInterruptKeepsFinishedPairings(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	withHooks(t, ctx, func(int) { cancel() }, nil)
	code, _, stderr := cli(t, "tournament", "--game", "draco", "--players", "2", "--agents", "random,greedy:samples=1,studytest-first",
		"--games", "100", "--out", dir, "--quiet")
	if code != exitInterrupted || !strings.Contains(stderr, "interrupted") {
		t.Fatalf("exit %d (%s), want %d", code, stderr, exitInterrupted)
	}
	var sum skill.Tournament
	readJSON(t, filepath.Join(dir, doc.JSONName), &sum)
	if sum.Meta.Complete || len(sum.Pairs) != 1 || sum.Pairs[0].Games != 100 {
		t.Errorf("complete %v, %d pairs", sum.Meta.Complete, len(sum.Pairs))
	}
	if _, err := os.Stat(filepath.Join(dir, "pair-1-random-vs-2-greedy-samples-1.json")); err != nil {
		t.Error("the finished pairing's results file is missing")
	}
	if _, err := os.Stat(filepath.Join(dir, "pair-1-random-vs-3-studytest-first.json")); err == nil {
		t.Error("a pairing after the interrupt was written")
	}
	if _, err := os.Stat(filepath.Join(dir, doc.PDFName)); err != nil {
		t.Error("no report after the interrupt")
	}
}

func TestSkillLadder(t *testing.T) {
	dir := t.TempDir()
	mustCLI(t, "skill", "--game", "draco", "--agents", "random,greedy:samples=1", "--games", "100", "--self-games", "300", "--out", dir, "--quiet")
	var sk skill.Skill
	readJSON(t, filepath.Join(dir, doc.JSONName), &sk)
	if len(sk.Steps) != 1 || len(sk.Self) != 2 || sk.Levels != 2 || !sk.Steps[0].IsLevel || sk.Self[0].Games != 300 {
		t.Fatalf("steps %+v, self %d, levels %d", sk.Steps, len(sk.Self), sk.Levels)
	}
	for _, f := range []string{"step-2-greedy-samples-1-vs-1-random.json", "self-1-random.json", "self-2-greedy-samples-1.json",
		"charts/seat-advantage.png", "charts/seat-advantage.svg", "charts/ladder.png", "charts/ladder.svg", "report.pdf", "report.html", "summary.md"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("missing %s", f)
		}
	}
	// A budget ladder: mcts:iters=B rungs, the trend test scored on log10(budget).
	dir = t.TempDir()
	out := mustCLI(t, "skill", "--game", "draco", "--budgets", "2,8", "--games", "20", "--out", dir, "--quiet")
	readJSON(t, filepath.Join(dir, doc.JSONName), &sk)
	if sk.ScoreName != "log10(budget)" || sk.Rungs[1].Budget != 8 || !strings.Contains(sk.Rungs[1].Spec, "iters=8") {
		t.Errorf("rungs %+v, score %s", sk.Rungs, sk.ScoreName)
	}
	if !strings.Contains(out, "level") || !strings.Contains(out, "trend test") {
		t.Errorf("stdout lacks the verdict: %s", out)
	}
}

func TestSweepOneAndTwoParameters(t *testing.T) {
	dir := t.TempDir()
	mustCLI(t, "sweep", "--game", "draco", "--vary", "handSize=4..6", "--games", "400", "--out", dir, "--quiet")
	var sw change.Sweep
	readJSON(t, filepath.Join(dir, doc.JSONName), &sw)
	if len(sw.Cells) != 3 || len(sw.Compensation) != 1 || sw.Vary[0].Key != "handSize" {
		t.Fatalf("cells %d, compensation %d", len(sw.Cells), len(sw.Compensation))
	}
	r, err := sim.ReadResult(filepath.Join(dir, "sweep-handSize=5.json"))
	if err != nil {
		t.Fatal(err)
	}
	if p := params(t, r); p["handSize"] != 5 || r.Games != 400 {
		t.Errorf("params %v, %d games", p, r.Games)
	}
	for _, f := range []string{"charts/seats.png", "charts/length.png", "charts/advantage.png", "charts/advantage.svg", "report.pdf", "report.html"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("missing %s", f)
		}
	}
	// Two parameters, over a --set base: the base stays, the varied keys change.
	dir = t.TempDir()
	mustCLI(t, "sweep", "--game", "draco", "--set", "smallScoringMax=2", "--vary", "handSize=4,6", "--vary", "dragonsToEnd=2..3",
		"--games", "200", "--out", dir, "--quiet")
	readJSON(t, filepath.Join(dir, doc.JSONName), &sw)
	if len(sw.Cells) != 4 || len(sw.Compensation) != 2 {
		t.Fatalf("cells %d, compensation %d", len(sw.Cells), len(sw.Compensation))
	}
	r, err = sim.ReadResult(filepath.Join(dir, "sweep-handSize=6-dragonsToEnd=2.json"))
	if err != nil {
		t.Fatal(err)
	}
	if p := params(t, r); p["handSize"] != 6 || p["dragonsToEnd"] != 2 || p["smallScoringMax"] != 2 {
		t.Errorf("params %v", p)
	}
	if _, err := os.Stat(filepath.Join(dir, "charts", "advantage-map.png")); err != nil {
		t.Error("no heat map")
	}
}

// params reads a result's numeric rules parameters.
func params(t *testing.T, r *sim.Result) map[string]float64 {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.Params, &m); err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for k, v := range m {
		if f, ok := v.(float64); ok {
			out[k] = f
		}
	}
	return out
}

func TestStudiesBadInputIsOneLineExit2AndWritesNothing(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	file := filepath.Join(dir, "file")
	os.WriteFile(file, []byte("x"), 0o644)
	cases := map[string][]string{
		"tournament one agent":       {"tournament", "--agents", "random"},
		"tournament no agents":       {"tournament"},
		"tournament same agent":      {"tournament", "--agents", "random,random"},
		"tournament unknown agent":   {"tournament", "--agents", "random,genius"},
		"tournament games not mult":  {"tournament", "--agents", "random,greedy", "--players", "3", "--games", "10"},
		"tournament games zero":      {"tournament", "--agents", "random,greedy", "--games", "0"},
		"tournament unknown game":    {"tournament", "--game", "chess", "--agents", "random,greedy"},
		"tournament out is a file":   {"tournament", "--agents", "random,greedy", "--out", file},
		"skill budgets decreasing":   {"skill", "--budgets", "100,10"},
		"skill budgets equal":        {"skill", "--budgets", "10,10"},
		"skill budgets not numbers":  {"skill", "--budgets", "10,lots"},
		"skill one budget":           {"skill", "--budgets", "10"},
		"skill budgets and agents":   {"skill", "--budgets", "1,2", "--agents", "random,greedy"},
		"skill one agent":            {"skill", "--agents", "random"},
		"skill base with iters":      {"skill", "--base", "mcts:iters=5"},
		"skill unknown base":         {"skill", "--base", "alphazero"},
		"skill self-games negative":  {"skill", "--self-games", "-1"},
		"sweep no vary":              {"sweep"},
		"sweep unknown key":          {"sweep", "--vary", "handsize=4..8"},
		"sweep empty range":          {"sweep", "--vary", "handSize="},
		"sweep single-value range":   {"sweep", "--vary", "handSize=4..4"},
		"sweep reversed range":       {"sweep", "--vary", "handSize=8..4"},
		"sweep zero step":            {"sweep", "--vary", "handSize=4..8:0"},
		"sweep non-numeric":          {"sweep", "--vary", "handSize=4,five"},
		"sweep fractional int":       {"sweep", "--vary", "handSize=4,4.5"},
		"sweep invalid value":        {"sweep", "--vary", "handSize=4,40"},
		"sweep range on a string":    {"sweep", "--vary", "track23=1..3"},
		"sweep same key twice":       {"sweep", "--vary", "handSize=4,5", "--vary", "handSize=6,7"},
		"sweep three varies":         {"sweep", "--vary", "handSize=4,5", "--vary", "dragonsToEnd=2,3", "--vary", "summitSquares=3,4"},
		"sweep too many runs":        {"sweep", "--vary", "handSize=1..16", "--vary", "smallScoringMax=0..30"},
		"sweep wrong agents":         {"sweep", "--vary", "handSize=4,5", "--agents", "random"},
		"sweep bad combination":      {"sweep", "--vary", "summitSquares=4,30"},
		"sweep unknown set":          {"sweep", "--vary", "handSize=4,5", "--set", "handsize=3"},
		"sweep malformed vary":       {"sweep", "--vary", "handSize"},
		"tournament unknown flag":    {"tournament", "--agnets", "random,greedy"},
		"skill unknown agent option": {"skill", "--agents", "random,greedy:depth=2"},
	}
	for name, args := range cases {
		args = append([]string{args[0], "--game", "draco", "--games", "20", "--quiet"}, args[1:]...)
		if !strings.Contains(strings.Join(args, " "), "--out") {
			args = append(args, "--out", out)
		}
		code, stdout, stderr := cli(t, args...)
		checkRefused(t, name, code, stdout, stderr)
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%s: the output directory was created", name)
		}
	}
}
