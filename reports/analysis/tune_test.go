package analysis

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dragonlab/reports/designer"
	"dragonlab/reports/htmlcheck"
	"dragonlab/reports/tune"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
	search "dragonlab/sim/tune"
)

func playTune(t *testing.T, o experiment.Tune, dir string) *tune.Result {
	t.Helper()
	ts, err := o.Setup()
	if err != nil {
		t.Fatal(err)
	}
	if err := experiment.PlayTune(context.Background(), ts, experiment.TuneOptions{Options: plan.Options{Dir: dir, Workers: 2}}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	res, err := ReadTuneResult(dir)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Calibration: a seat bias planted on a fair base (random play, where every game is fair
// within a point) — seat 1 starts with 4 points — is found and removed by a certified
// change, in every game with starting points, with two players and with four.
func TestTuneRemovesAPlantedSeatBias(t *testing.T) {
	if testing.Short() {
		t.Skip("plays about 200,000 random games")
	}
	for _, c := range []struct {
		game    string
		players int
		planted string
	}{
		{"dragonheart", 2, "seatBonus=[0,4]"},
		{"draco", 2, "seatBonus=[0,4]"},
		{"redhot", 2, "seatBonus=[0,4]"},
		{"redhot", 4, "seatBonus=[0,4,0,0]"},
	} {
		t.Run(c.game+"-"+c.planted, func(t *testing.T) {
			o := experiment.Tune{Common: experiment.Common{Seed: 11, Command: "dragonlab tune (test)"}, Game: experiment.Game{Name: c.game, Players: c.players, Sets: []string{c.planted}},
				Agents: "random", Levers: []string{"seatBonus=0..4"}, Targets: []string{"fair=3"}, Budget: "60000", Raw: true}
			res := playTune(t, o, t.TempDir())
			p := res.Proposal
			if !p.Certified {
				t.Fatalf("not certified: %s", p.Answer)
			}
			bonus, ok := p.Change["seatBonus"]
			if !ok {
				t.Fatalf("the change %v does not touch seatBonus: %s", p.Change, p.Answer)
			}
			var b []int
			if err := json.Unmarshal(bonus, &b); err != nil {
				t.Fatal(err)
			}
			// Relative to the other seats, seat 1 keeps at most one point of its four.
			lo := b[0]
			for _, x := range b {
				lo = min(lo, x)
			}
			if b[1]-lo > 1 {
				t.Fatalf("seatBonus %v leaves seat 1 %d points ahead: %s", b, b[1]-lo, p.Answer)
			}
			for _, ts := range p.Targets {
				for _, comp := range ts.Components {
					if comp.Estimate.Lo < -0.03 || comp.Estimate.Hi > 0.03 {
						t.Fatalf("%s: certified interval [%v, %v] outside ±3 points", comp.Name, comp.Estimate.Lo, comp.Estimate.Hi)
					}
				}
			}
			t.Logf("%s", p.Answer)
		})
	}
}

// Calibration: a planted change of the rules that makes Dragonheart longer (four voyages
// instead of three) is brought back by the length target to the original value.
func TestTuneBringsBackAPlantedLength(t *testing.T) {
	if testing.Short() {
		t.Skip("plays random games")
	}
	// The default rules' length under random play, measured once on other seeds.
	base := experiment.Tune{Common: experiment.Common{Seed: 99}, Game: experiment.Game{Name: "dragonheart"}, Agents: "random", Levers: []string{"voyagesToEnd=2..5"},
		Targets: []string{"length=70±20%"}, Budget: "20000", Raw: true}
	ts, err := base.Setup()
	if err != nil {
		t.Fatal(err)
	}
	p, err := ts.RoundPlan(&search.Round{Index: 0, Kind: search.Search, Seed: 99, Deals: 4000, Entries: []search.Entry{{Candidate: search.BaseCandidate(ts.Spec.Levers, 2)}}})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	out, err := plan.Execute(context.Background(), p, plan.Options{Dir: dir, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	length := out.Results[0].DecisionsMean
	o := experiment.Tune{Common: experiment.Common{Seed: 21}, Game: experiment.Game{Name: "dragonheart", Sets: []string{"voyagesToEnd=4"}}, Agents: "random",
		Levers: []string{"voyagesToEnd=2..5"}, Targets: []string{"length=" + strings.TrimSuffix(strings.TrimSuffix(jsonNum(length), "0"), ".") + "±5%"}, Budget: "20000", Certify: 2000, Raw: true}
	res := playTune(t, o, t.TempDir())
	if !res.Proposal.Certified || string(res.Proposal.Change["voyagesToEnd"]) != "3" {
		t.Fatalf("length %.1f: proposal %v (certified %v): %s", length, res.Proposal.Change, res.Proposal.Certified, res.Proposal.Answer)
	}
}

func jsonNum(x float64) string {
	b, _ := json.Marshal(math.Round(x*10) / 10)
	return string(b)
}

// A tune is a sequence of plans built from the flags and the rounds before it: played
// whole, played with every round interrupted in the middle and resumed, or played as two
// shards per round merged with MergeTune, it writes the same summary.json.
func TestTuneResumedAndShardedGiveTheSameAnswer(t *testing.T) {
	o := experiment.Tune{Common: experiment.Common{Seed: 4, Command: "dragonlab tune (test)"}, Game: experiment.Game{Name: "dragonheart", Sets: []string{"seatBonus=[0,3]"}},
		Agents: "random", Levers: []string{"seatBonus=0..3"}, Targets: []string{"fair=4"}, Budget: "12000", Certify: 1200, Raw: true}
	ts, err := o.Setup()
	if err != nil {
		t.Fatal(err)
	}
	whole := t.TempDir()
	if err := experiment.PlayTune(context.Background(), ts, experiment.TuneOptions{Options: plan.Options{Dir: whole, Workers: 2}}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(whole, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	// Interrupted after each checkpoint of the first run of each round, and resumed.
	resumed := t.TempDir()
	for i := 0; i < 1000; i++ {
		ctx, cancel := context.WithCancel(context.Background())
		opts := experiment.TuneOptions{Options: plan.Options{Dir: resumed, Workers: 2, OnCheckpoint: func(run int, done int64) {
			if done > 0 {
				cancel()
			}
		}}}
		err := experiment.PlayTune(ctx, ts, opts, io.Discard, io.Discard)
		cancel()
		if err == nil {
			break
		}
		if err != experiment.ErrInterrupted {
			t.Fatal(err)
		}
	}
	if got, err := os.ReadFile(filepath.Join(resumed, "summary.json")); err != nil || !bytes.Equal(got, want) {
		t.Fatalf("the resumed tune gives another summary (%v)", err)
	}
	// Two shards per round, merged.
	sharded := t.TempDir()
	for i := 0; i < 20; i++ {
		for k := 0; k < 2; k++ {
			if err := experiment.PlayTune(context.Background(), ts, experiment.TuneOptions{Options: plan.Options{Dir: sharded, Workers: 1, Shard: sim.Shard{Index: k, Count: 2}}}, io.Discard, io.Discard); err != nil {
				t.Fatal(err)
			}
		}
		if err := experiment.MergeTune(sharded, false, io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(sharded, "summary.json")); err == nil {
			break
		}
	}
	if got, err := os.ReadFile(filepath.Join(sharded, "summary.json")); err != nil || !bytes.Equal(got, want) {
		t.Fatalf("the sharded tune gives another summary (%v)", err)
	}
	// Another tune is refused in the same directory.
	other := o
	other.Targets = []string{"fair=3"}
	ts2, err := other.Setup()
	if err != nil {
		t.Fatal(err)
	}
	if err := experiment.PlayTune(context.Background(), ts2, experiment.TuneOptions{Options: plan.Options{Dir: whole, Workers: 1}}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "another tune") {
		t.Fatalf("another tune in the same directory: %v", err)
	}
}

// Bad input: one line, nothing written.
func TestTuneBadInput(t *testing.T) {
	for _, c := range []struct {
		o    experiment.Tune
		want string
	}{
		{experiment.Tune{Game: experiment.Game{Name: "draco"}, Levers: []string{"handsize=4..8"}}, "valid: track23"},
		{experiment.Tune{Game: experiment.Game{Name: "draco"}, Levers: []string{"handSize=4..40"}}, "outside the rules"},
		{experiment.Tune{Game: experiment.Game{Name: "draco"}, Targets: []string{"fair=2,fair=3"}}, "contradictory"},
		{experiment.Tune{Game: experiment.Game{Name: "dragonscales", Players: 1, PlayersSet: true}}, "one-player"},
		{experiment.Tune{Game: experiment.Game{Name: "dragonscales", Players: 1, PlayersSet: true}, Targets: []string{"fair=2"}}, "one-player"},
		{experiment.Tune{Game: experiment.Game{Name: "dragonscales", Players: 1, PlayersSet: true}, Targets: []string{"luck<=40%"}, Levers: []string{"seatBonus"}}, "seatBonus"},
		{experiment.Tune{Game: experiment.Game{Name: "draco"}, Agents: "expert,greedy"}, "one level"},
		{experiment.Tune{Game: experiment.Game{Name: "draco"}, Agents: "oracle"}, "cheats"},
		{experiment.Tune{Game: experiment.Game{Name: "draco"}, Budget: "0"}, "positive"},
		{experiment.Tune{Game: experiment.Game{Name: "draco"}, Budget: "lots"}, "number of games"},
		{experiment.Tune{Game: experiment.Game{Name: "draco"}, Budget: "400"}, "too small"},
		{experiment.Tune{Game: experiment.Game{Name: "draco"}, Budget: "540", Certify: 150}, "larger --budget"},
		{experiment.Tune{Game: experiment.Game{Name: "draco"}, Certify: 20000}, "whole --budget"},
	} {
		o := c.o
		if o.Agents == "" {
			o.Agents = "random"
		}
		_, err := o.Setup()
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%+v: %v, want one line saying %q", c.o, err, c.want)
		}
	}
}

// The study's tune stage: where a seat is off at the most skilled level (here a planted
// seat bias in a rules variant), dragonlab tune runs after the plan, into
// OUT/tune/<game>-<variant>-<N>p, and its answer is the report's "What to change"; where
// the seats are fair it does not run.
func TestStudyTuneStage(t *testing.T) {
	design := `{"schema": "dragonlab.study/v1", "title": "tune stage",
	  "games": [{"game": "dragonheart"}, {"game": "dragonheart", "variant": "planted", "rules": {"seatBonus": [0, 5]}}],
	  "levels": [{"name": "first", "agent": "studytest-first", "deals": 300}, {"name": "top", "agent": "random", "deals": 3000}],
	  "ladder": {"deals": 0},
	  "tune": {"budget": 16000, "target": "fair=3", "levers": "seatBonus=0..6"}}`
	file := filepath.Join(t.TempDir(), "d.json")
	if err := os.WriteFile(file, []byte(design), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := experiment.Study{Common: experiment.Common{Seed: 2, Command: "dragonlab study (test)"}, DesignFile: file, DesignSet: true}.Plan()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := experiment.Play(context.Background(), p, plan.Options{Dir: dir, Workers: 2}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	if experiment.IsTuneDir(filepath.Join(dir, "tune", "dragonheart-2p")) {
		t.Error("the fair rules were tuned")
	}
	res, err := ReadTuneResult(filepath.Join(dir, "tune", "dragonheart-planted-2p"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var top struct {
		Data struct {
			Games []struct {
				Variant string
				Answer  string
				Configs []struct{ Tune *designer.TuneInput }
			}
		}
	}
	if err := json.Unmarshal(data, &top); err != nil {
		t.Fatal(err)
	}
	sum := top.Data
	if len(sum.Games) != 2 {
		t.Fatalf("%d games in summary.json", len(sum.Games))
	}
	g := sum.Games[1]
	if g.Variant != "planted" || g.Configs[0].Tune == nil || g.Configs[0].Tune.Sentence != res.Proposal.Sentence ||
		!strings.Contains(g.Answer, res.Proposal.Sentence) || g.Configs[0].Tune.Dir != "tune/dragonheart-planted-2p" {
		t.Fatalf("the report does not give the tune's answer %q: %+v", res.Proposal.Sentence, g)
	}
	if !res.Proposal.Certified || res.Proposal.Change["seatBonus"] == nil {
		t.Fatalf("the planted bias is not removed, certified: %s", res.Proposal.Answer)
	}
	// Page 1's number: the change with the largest certified seat advantage left after it,
	// inside the design's fair target (fair=3: ±3 points).
	tu := g.Configs[0].Tune
	if len(tu.Changes) != 1 || tu.Changes[0].Params["seatBonus"] == nil || !tu.Changes[0].Certified {
		t.Fatalf("the report's change: %+v", tu.Changes)
	}
	if e := tu.Changes[0].Effect; !(e.Lo >= -0.03 && e.Hi <= 0.03 && e.Lo <= e.Hi) {
		t.Errorf("the certified largest seat advantage %+v is not inside ±3 points", e)
	}
	// … and it is the seat furthest from fair among tune's own certified components.
	reach := func(lo, hi float64) float64 { return math.Max(math.Abs(lo), math.Abs(hi)) }
	worst := 0.0
	for _, tg := range res.Proposal.Targets {
		for _, c := range tg.Components {
			worst = math.Max(worst, reach(c.Estimate.Lo, c.Estimate.Hi))
		}
	}
	if e := tu.Changes[0].Effect; math.Abs(reach(e.Lo, e.Hi)-worst) > 1e-12 {
		t.Errorf("page 1's effect %+v is not the furthest certified seat (reach %v)", e, worst)
	}
	if sum.Games[0].Configs[0].Tune != nil {
		t.Error("a tune answer for the fair rules")
	}
}

// The tune's report: every table present in the HTML, no broken link (a real parser).
func TestTuneReportHTML(t *testing.T) {
	o := experiment.Tune{Common: experiment.Common{Seed: 8, Command: "dragonlab tune (test)"}, Game: experiment.Game{Name: "draco", Sets: []string{"seatBonus=[0,3]"}},
		Agents: "random", Levers: []string{"seatBonus=0..4,handSize=5..7"}, Targets: []string{"fair=4,length=65±20%"}, Budget: "5000", Certify: 500}
	res := playTune(t, o, t.TempDir())
	d, err := res.Doc()
	if err != nil {
		t.Fatal(err)
	}
	page, err := d.HTML()
	if err != nil {
		t.Fatal(err)
	}
	if err := htmlcheck.Check(d, page); err != nil {
		t.Error(err)
	}
	text, err := htmlcheck.Text(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Answer", "Targets on fresh deals", "The search", "Candidates", "Method", res.Proposal.Answer[:40], "luck-adjusted"} {
		if !strings.Contains(text, want) {
			t.Errorf("the report does not say %q", want)
		}
	}
}
