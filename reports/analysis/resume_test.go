package analysis

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
)

// resumeCases are plans of every experiment kind with runs of several blocks, so that a
// checkpoint falls in the middle of them; the ablation is the (Dragonheart,
// greedy, every class: some restrictions cannot always be kept). The luck experiment's
// level runs and the study's greedy level (tiny-study.json) play with luck accounting.
func resumeCases(t *testing.T) map[string]*plan.Plan {
	t.Helper()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	os.WriteFile(a, []byte(`{"handSize": 5}`), 0o644)
	os.WriteFile(b, []byte(`{"handSize": 7, "dragonsToEnd": 2}`), 0o644)
	c := experiment.Common{Seed: 1, Command: "dragonlab test"}
	draco := experiment.Game{Name: "draco"}
	build := map[string]func() (*plan.Plan, error){
		"study":      experiment.Study{Common: c, DesignFile: tinyDesign, DesignSet: true}.Plan,
		"tournament": experiment.RoundRobin{Common: c, Game: draco, Agents: "random,studytest-first,studytest-last", Games: 1800}.TournamentPlan,
		"ladder":     experiment.RoundRobin{Common: c, Game: experiment.Game{Name: "draco", Players: 3}, Agents: "random,studytest-first", Games: 2400}.LadderPlan,
		"skill":      experiment.Skill{Common: c, Game: draco, Agents: "random,studytest-first", AgentsSet: true, Games: 1600, SelfGames: 1100, SelfGamesSet: true}.Plan,
		"sweep":      experiment.Sweep{Common: c, Game: draco, Vary: []string{"handSize=4,6"}, Games: 900}.Plan,
		"variants":   experiment.Sweep{Common: c, Game: draco, Variants: []string{a, b}, VariantsSet: true, Vary: []string{"smallScoringMax=2,3"}, Games: 900}.Plan,
		"ablate":     experiment.Ablate{Common: c, Game: experiment.Game{Name: "dragonheart"}, Agents: "greedy:samples=1", ForbidEach: true, Games: 1200}.Plan,
		"luck":       experiment.Luck{Common: c, Game: draco, Agents: "random,studytest-first", Replays: 2, Deals: 600}.Plan,
		"run":        experiment.SingleRun{Common: c, Game: draco, Games: 1500, Seating: "rotate"}.Plan,
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

// Every number of a summary comes from checkpointed aggregates: an
// experiment of every kind, stopped in the middle of each run (as by Ctrl-C, with its
// final checkpoint) and played again into its directory, writes the summary.json of the
// uninterrupted run, byte for byte.
func TestEveryExperimentResumedGivesTheSameSummary(t *testing.T) {
	for name, p := range resumeCases(t) {
		t.Run(name, func(t *testing.T) {
			whole := t.TempDir()
			if err := experiment.Play(context.Background(), p, plan.Options{Dir: whole, Workers: 2}, io.Discard, io.Discard); err != nil {
				t.Fatal(err)
			}
			resumed := t.TempDir()
			playInterrupted(t, p, resumed, sim.Shard{})
			a, err := os.ReadFile(filepath.Join(whole, "summary.json"))
			if err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(resumed, "summary.json"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a, b) {
				t.Errorf("summary.json of the resumed experiment differs from the uninterrupted one")
			}
			// The luck experiment and the study resume with luck accounting on.
			if want := map[string]string{"luck": `"luckShare"`, "study": `"luckAccounting"`}[name]; want != "" && !bytes.Contains(a, []byte(want)) {
				t.Errorf("summary.json has no %s: the runs played without luck accounting", want)
			}
			if name != "ablate" && name != "luck" { // (luck: shards with luck accounting)
				return
			}
			// The same through shards, each stopped in every run and resumed, merged.
			sharded := t.TempDir()
			for k := 0; k < 2; k++ {
				playInterrupted(t, p, sharded, sim.Shard{Index: k, Count: 2})
			}
			if err := experiment.MergeDir(sharded, false, io.Discard, io.Discard); err != nil {
				t.Fatal(err)
			}
			c, err := os.ReadFile(filepath.Join(sharded, "summary.json"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a, c) {
				t.Errorf("summary.json of the resumed and merged shards differs from the uninterrupted one")
			}
		})
	}
}

// playInterrupted plays the plan (or shard sh of it) into dir, stopping every run of
// several blocks once at its first checkpoint (as Ctrl-C does) and playing again into
// dir until the plan completes.
func playInterrupted(t *testing.T, p *plan.Plan, dir string, sh sim.Shard) {
	t.Helper()
	stopped := map[int]bool{}
	resumes := 0
	for round := 0; ; round++ {
		if round > len(p.Runs)+1 {
			t.Fatal("the experiment does not complete")
		}
		ctx, cancel := context.WithCancel(context.Background())
		var log bytes.Buffer
		o := plan.Options{Dir: dir, Shard: sh, Workers: 2, Log: &log, OnCheckpoint: func(i int, done int64) {
			units := p.Runs[i].Units
			if sh.Count > 0 {
				_, units = sh.Range(units)
			}
			if !stopped[i] && done < units {
				stopped[i] = true
				cancel()
			}
		}}
		err := experiment.Play(ctx, p, o, io.Discard, io.Discard)
		cancel()
		resumes += bytes.Count(log.Bytes(), []byte("resuming after"))
		if err == nil {
			break
		}
		if !errors.Is(err, experiment.ErrInterrupted) {
			t.Fatal(err)
		}
	}
	// (A run stopped at its last block may finish anyway, and is then not resumed.)
	if resumes == 0 || resumes > len(stopped) {
		t.Fatalf("%d runs stopped, %d resumed", len(stopped), resumes)
	}
}
