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

	"dragonlab/reports/designer"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

// tuneDesign is Dragonheart with seat 1 given 4 starting points (a seat clearly
// favoured), random play at two levels, and a tune stage capped in CPU seconds.
const tuneDesign = "testdata/tune-study.json"

// tuneStudy plays the tune design with the stage's cap set to cpu, and returns its
// directory and page 1's What to change? cell.
func tuneStudy(t *testing.T, cpu float64) (string, designer.Cell, *experiment.Analysis) {
	t.Helper()
	d, err := experiment.ReadDesign(tuneDesign)
	if err != nil {
		t.Fatal(err)
	}
	d.Tune.CPU = cpu
	file := filepath.Join(t.TempDir(), "design.json")
	data, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "study")
	p, err := experiment.Study{Common: experiment.Common{Seed: 3, Command: "dragonlab study --plan tune-study.json"}, DesignFile: file, DesignSet: true}.Plan()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if err := experiment.Play(context.Background(), p, plan.Options{Dir: out}, io.Discard, &stderr); err != nil {
		t.Fatal(err)
	}
	q, m, err := plan.MergeDir(out, false)
	if err != nil {
		t.Fatal(err)
	}
	a := &experiment.Analysis{Plan: q, Results: m.Results, Complete: m.Complete, Dir: out, Stdout: io.Discard, Stderr: io.Discard}
	in, err := studyInput(a)
	if err != nil {
		t.Fatal(err)
	}
	if err := tuneStage(a, in); err != nil {
		t.Fatal(err)
	}
	rp, err := designer.Analyze(in)
	if err != nil {
		t.Fatal(err)
	}
	return out, rp.Games[0].Configs[0].Glance.Change, a
}

// Where page 1's Fair? answer says a seat is favoured, the default study's tune stage
// runs at that answer's level within its cap: the cell is tune's certified whole-number
// change; with a cap too small for tune's sizing, "not settled" with the games that would
// settle it, and the section gives the command.
func TestStudyTuneStageWhereASeatIsFavoured(t *testing.T) {
	out, cell, a := tuneStudy(t, 60)
	if cell.From != "tune" || cell.Verdict != "change" || !strings.HasPrefix(cell.Text, "no seat starts with extra points: ") {
		t.Fatalf("What to change? %+v, want tune's certified change (seat 1's 4 points taken away)", cell)
	}
	rel := filepath.Join("tune", "dragonheart-planted-2p")
	res, err := ReadTuneResult(filepath.Join(out, rel))
	if err != nil {
		t.Fatal(err)
	}
	// The check under the most skilled play, of a change certified at another level (here
	// as if the Fair? answer had been the random level's), on as many games as the expert
	// level's Fair? stage played (2,000 deals, each twice): the replay's interval.
	in, err := studyInput(a)
	if err != nil {
		t.Fatal(err)
	}
	var o experiment.StudyOptions
	if err := a.Options(&o); err != nil {
		t.Fatal(err)
	}
	ti := &designer.TuneInput{Level: "random", Certified: true}
	room := 60.0
	if err := tuneCheck(a, in, o.Configs[0], 0, rel, 0, res, &room, ti); err != nil {
		t.Fatal(err)
	}
	c := ti.Check
	if c == nil || c.Level != "expert" || c.Deals != 4000 || c.Points != 0.02 || !(c.Advantage.Lo < c.Advantage.Value && c.Advantage.Value < c.Advantage.Hi) || room >= 60 {
		t.Fatalf("check %+v (cap left %g)", c, room)
	}
	if _, err := os.Stat(filepath.Join(out, rel, "check-expert", "plan.json")); err != nil {
		t.Fatal(err)
	}
	if s := ti.CheckText(); !strings.Contains(s, "Checked under expert play on 4,000 fresh deals") {
		t.Errorf("the section says %q", s)
	}
	_, cell, _ = tuneStudy(t, 0.01)
	if cell.Verdict != "not settled" || !strings.Contains(cell.Text, "more games (dragonlab tune)") || cell.More <= 0 {
		t.Fatalf("What to change? with no room: %+v", cell)
	}
}
