package analysis

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/reports/designer"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

// settleDesign is a study too small for its targets: Dragonheart's greedy self-play on 60
// deals reads seat 0's advantage to about ±9 points, the target says ±6.
const settleDesign = `{"schema": "dragonlab.study/v1", "title": "settle",
  "games": [{"game": "dragonheart"}],
  "levels": [{"name": "random", "agent": "random", "deals": 400},
             {"name": "greedy", "agent": "greedy:samples=1", "deals": 60}],
  "ladder": {"deals": 20},
  "targets": {"seat": 0.06, "luck": 0.3}}`

// Issue 25 (power by design): the design's targets reach the report; settling plays what
// the report asks for — each open stage continued on its next deals — and leaves a
// directory whose plan and results are those of the study at the new sizes: its results
// files are byte for byte (outside "run") what playing that plan from scratch writes.
func TestSettlePlaysWhatTheReportAsks(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "design.json")
	if err := os.WriteFile(file, []byte(settleDesign), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := experiment.Study{Common: experiment.Common{Seed: 5, Command: "dragonlab study --plan design.json"}, DesignFile: file, DesignSet: true}.Plan()
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "study")
	if err := experiment.Play(context.Background(), p, plan.Options{Dir: out, Workers: 2}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	rp := analyzeDir(t, out)
	a := rp.Games[0].Configs[0]
	if tg := a.Glance.Fair; tg.Verdict != "not settled" || tg.More == 0 {
		t.Fatalf("the design's target did not reach the report: %+v", tg)
	}
	stages, err := experiment.SettlePlan(p, needsOf(rp))
	if err != nil {
		t.Fatal(err)
	}
	if len(stages) != 1 || stages[0].Run != "dragonheart-2p-self-greedy" || stages[0].More < 1 {
		t.Fatalf("stages to settle: %+v", stages)
	}
	before := stages[0]

	var stdout bytes.Buffer
	if err := experiment.Settle(context.Background(), out, plan.Options{Dir: out, Workers: 2}, &stdout, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), "settling 1 stage") {
		t.Errorf("stdout: %s", stdout.String())
	}
	q, err := plan.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	i := q.Index(before.Run)
	if q.Runs[i].Units != before.Units+before.More {
		t.Fatalf("the plan says %d units, want %d + %d", q.Runs[i].Units, before.Units, before.More)
	}
	// The same plan played from scratch: the same results.
	fresh := filepath.Join(dir, "fresh")
	if err := experiment.Play(context.Background(), q, plan.Options{Dir: fresh, Workers: 1}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	for k := range q.Runs {
		x, err := sim.ReadResult(q.ResultPath(out, k))
		if err != nil {
			t.Fatal(err)
		}
		y, err := sim.ReadResult(q.ResultPath(fresh, k))
		if err != nil {
			t.Fatal(err)
		}
		x.Run, y.Run = nil, nil
		bx, _ := x.Marshal()
		by, _ := y.Marshal()
		if !bytes.Equal(bx, by) {
			t.Errorf("%s: the settled results differ from the run played at its new size", q.Runs[k].Name)
		}
	}
	// The report was written again from the settled results, and merge reads the
	// directory as any study's.
	if _, err := os.Stat(filepath.Join(out, "report.html")); err != nil {
		t.Fatal(err)
	}
	if err := experiment.MergeDir(out, false, io.Discard, io.Discard); err != nil {
		t.Fatalf("merge of a settled study: %v", err)
	}
	// Not a study, or not finished: refused.
	if err := experiment.Settle(context.Background(), dir, plan.Options{Dir: dir}, io.Discard, io.Discard); err == nil {
		t.Error("settling a directory without a plan was accepted")
	}
}

// analyzeDir is the designer's report of the study in dir.
func analyzeDir(t *testing.T, dir string) *designer.Report {
	t.Helper()
	q, m, err := plan.MergeDir(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	in, err := studyInput(&experiment.Analysis{Plan: q, Results: m.Results, Complete: m.Complete, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	rp, err := designer.Analyze(in)
	if err != nil {
		t.Fatal(err)
	}
	return rp
}
