package analysis

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/agents"
	"dragonlab/reports/designer"
	"dragonlab/reports/doc"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

// toyQuestion is a question in one type: it plays the weakest level a few games and
// answers with how many were played.
type toyQuestion struct{}

func (toyQuestion) Name() string   { return "toy" }
func (toyQuestion) Column() string { return "Toy?" }

func (toyQuestion) Plan(st *experiment.QuestionStage) (json.RawMessage, error) {
	st.Add("self", plan.Run{Seating: sim.SeatFixed, Units: 6}, repeatAgent(st.Agents[0], st.Players))
	return json.RawMessage(`{"level":"` + st.Levels[0].Name + `"}`), nil
}

func repeatAgent(f agents.Factory, n int) []agents.Factory {
	out := make([]agents.Factory, n)
	for i := range out {
		out[i] = f
	}
	return out
}

func (toyQuestion) played(in *designer.QuestionInput) (int64, string) {
	var d struct{ Level string }
	json.Unmarshal(in.Data, &d)
	var games int64
	for _, r := range in.Results {
		if r != nil {
			games += r.Games
		}
	}
	return games, d.Level
}

// Unsettled asks for 10 games of its run in all: study --settle plays the rest.
func (q toyQuestion) Unsettled(data json.RawMessage, results map[string]*sim.Result) (map[string]int64, error) {
	more := map[string]int64{}
	for run, r := range results {
		if r != nil && r.Games < 10 {
			more[run] = 10 - r.Games
		}
	}
	return more, nil
}

func (q toyQuestion) Cell(a *designer.Answer, in *designer.QuestionInput) designer.Cell {
	games, level := q.played(in)
	return designer.Cell{Text: fmt.Sprintf("toy: %d games at %s", games, level), Verdict: "toy"}
}

func (q toyQuestion) Section(_ *designer.Report, g *designer.Game, s *doc.Section) {
	var sec *doc.Section
	for _, a := range g.Configs {
		in := a.Input(q.Name())
		if in == nil {
			continue
		}
		if sec == nil {
			sec = s.AddSection(q.Column())
		}
		games, level := q.played(in)
		sec.Add(&doc.Paragraph{Text: fmt.Sprintf("The toy question played %d games of %s with %d players.", games, level, in.Players)})
	}
}

// A question is one package and one registration line: registered, its runs are planned
// and played with the study's, its cell is on page 1 and its section in the game's answer;
// taken out, the study is as before.
func TestQuestionRegistersInOneLine(t *testing.T) {
	design := filepath.Join(t.TempDir(), "toy-study.json")
	os.WriteFile(design, []byte(`{"schema": "dragonlab.study/v1", "games": [{"game": "dragonheart", "players": [2]}],
  "levels": [{"name": "random", "agent": "random", "deals": 30}, {"name": "greedy", "agent": "greedy:samples=1", "deals": 10}],
  "targets": {"seat": 0.5, "luck": 0.5, "worth": 0.5}}`), 0o644)
	study := experiment.Study{Common: experiment.Common{Seed: 1, Command: "dragonlab study --plan toy-study.json"}, DesignFile: design, DesignSet: true}
	without, err := study.Plan()
	if err != nil {
		t.Fatal(err)
	}

	unregister := Register(toyQuestion{})
	defer unregister()

	p, err := study.Plan()
	if err != nil {
		t.Fatal(err)
	}
	const run = "dragonheart-2p-toy-self"
	if p.Index(run) < 0 || len(p.Runs) != len(without.Runs)+1 {
		t.Fatalf("the toy's run is not planned: %d runs, %d without it", len(p.Runs), len(without.Runs))
	}
	out := filepath.Join(t.TempDir(), "study")
	if err := experiment.Play(context.Background(), p, plan.Options{Dir: out}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "results", run+".json")); err != nil {
		t.Errorf("the toy's run was not played: %v", err)
	}
	md, err := os.ReadFile(filepath.Join(out, "summary.md"))
	if err != nil {
		t.Fatal(err)
	}
	page1, rest, _ := strings.Cut(string(md), "Dragonheart (")
	if !strings.Contains(page1, "| Toy? |") || !strings.Contains(page1, "toy: 6 games at random") {
		t.Errorf("page 1 lacks the toy's column or cell:\n%s", page1)
	}
	if !strings.Contains(rest, "Toy?") || !strings.Contains(rest, "The toy question played 6 games of random with 2 players.") {
		t.Errorf("the game's answer lacks the toy's section:\n%s", md)
	}
	// Placed by each question: the built-in feel question before "What to change?", the
	// toy after every built-in section.
	feelAt, changeAt, toyAt := strings.Index(rest, "### How does it feel?"), strings.Index(rest, "### What to change?"), strings.Index(rest, "### Toy?")
	if !(0 <= feelAt && feelAt < changeAt && changeAt < toyAt) {
		t.Errorf("sections out of place: feel at %d, what to change at %d, toy at %d", feelAt, changeAt, toyAt)
	}
	sum, _ := os.ReadFile(filepath.Join(out, "summary.json"))
	if i := bytes.Index(sum, []byte(`"questions"`)); i < 0 || !bytes.Contains(sum[i:], []byte(`"toy: 6 games at random"`)) {
		t.Errorf("summary.json lacks the toy's cell")
	}

	// Its "is it settled?": study --settle plays the 4 more games it asks for.
	var settled bytes.Buffer
	if err := experiment.Settle(context.Background(), out, plan.Options{Dir: out}, &settled, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(settled.String(), "settling 1 stage: 4 more games") {
		t.Errorf("study --settle does not play the toy's 4 games: %s", settled.String())
	}
	if md, _ := os.ReadFile(filepath.Join(out, "summary.md")); !strings.Contains(string(md), "toy: 10 games at random") {
		t.Errorf("settled, the toy's cell does not read 10 games (%s):\n%s", settled.String(), md)
	}

	unregister()
	again, err := study.Plan()
	if err != nil {
		t.Fatal(err)
	}
	a, _ := again.Marshal()
	b, _ := without.Marshal()
	if !bytes.Equal(a, b) {
		t.Error("taken out, the toy question leaves the plan changed")
	}
	if _, err := experiment.ReadPlan(filepath.Join(out, "plan.json")); err == nil || !strings.Contains(err.Error(), `question "toy"`) {
		t.Errorf("a plan naming a question this dragonlab does not ask reads: %v", err)
	}
}
