package analysis

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"dragonlab/engine"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
	"dragonlab/sim/stats"
	search "dragonlab/sim/tune"
)

// False certificates (the calibration): 30 planted problems with different seeds —
// a seat bias planted on a fair base in every game with starting points, at two, three
// and four players — each tuned at the same size, and every certified change replayed on fresh
// deals (a seed used neither by the search nor by the certification) at the size of its
// certification. A re-check fails when its intervals, at the certificate's family-wise
// level, do not lie inside the target ("re-certification"); the stricter reading, and a
// looser one (the fresh estimate itself outside the target), are both counted.
//
// It is a measurement, not a unit test: DRAGONLAB_CALIBRATE=1 go test ./reports/analysis
// -run TestFalseCertificates -v (about 1,500,000 random games; the calibration notes give
// the rates). With DRAGONLAB_CALIBRATE_SMALLEST=1 each answer is also compared with the
// smallest fix known by direct measurement (the one-parameter changes in cost order, 20,000
// deals each).
func TestFalseCertificates(t *testing.T) {
	if os.Getenv("DRAGONLAB_CALIBRATE") == "" {
		t.Skip("a measurement: set DRAGONLAB_CALIBRATE=1")
	}
	type problem struct {
		game    string
		players int
		planted string
	}
	var ps []problem
	for i, k := range []int{2, 3, 4, 5, 6} {
		_ = i
		ps = append(ps,
			problem{"dragonheart", 2, fmt.Sprintf("seatBonus=[0,%d]", k)},
			problem{"draco", 2, fmt.Sprintf("seatBonus=[0,%d]", k)},
			problem{"redhot", 2, fmt.Sprintf("seatBonus=[0,%d]", k)},
			problem{"redhot", 4, fmt.Sprintf("seatBonus=[0,%d,0,0]", k)},
		)
	}
	// Three players, after the first twenty so that their seeds stay those of earlier waves.
	for _, k := range []int{2, 3, 4, 5, 6} {
		ps = append(ps,
			problem{"draco", 3, fmt.Sprintf("seatBonus=[0,%d,0]", k)},
			problem{"redhot", 3, fmt.Sprintf("seatBonus=[0,%d,0]", k)},
		)
	}
	budget := "100000"
	if b := os.Getenv("DRAGONLAB_CALIBRATE_BUDGET"); b != "" {
		budget = b
	}
	agent := "random"
	if a := os.Getenv("DRAGONLAB_CALIBRATE_AGENT"); a != "" {
		agent = a
	}
	certified, strict, loose, smallest, ambiguous := 0, 0, 0, 0, 0
	only := map[int]bool{} // DRAGONLAB_CALIBRATE_ONLY=25,29: those problems only (numbered from 1)
	for _, f := range strings.Split(os.Getenv("DRAGONLAB_CALIBRATE_ONLY"), ",") {
		if k, err := strconv.Atoi(strings.TrimSpace(f)); err == nil {
			only[k] = true
		}
	}
	for i, pr := range ps {
		seed := uint64(1000 + 17*i)
		if len(only) > 0 && !only[i+1] {
			continue
		}
		// Random play: luck accounting costs tens of random games per chance event, so the
		// raw shares are judged unless DRAGONLAB_CALIBRATE_LUCK is set (the same search and
		// certification; the luck adjustment only changes the per-deal values).
		o := experiment.Tune{Common: experiment.Common{Seed: seed}, Game: experiment.Game{Name: pr.game, Players: pr.players, PlayersSet: true, Sets: []string{pr.planted}},
			Agents: agent, Levers: []string{"seatBonus=0..6"}, Targets: []string{"fair=2"}, Budget: budget, Raw: os.Getenv("DRAGONLAB_CALIBRATE_LUCK") == ""}
		ts, err := o.Setup()
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		if err := experiment.PlayTune(context.Background(), ts, experiment.TuneOptions{Options: plan.Options{Dir: dir, Workers: 2}}, io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
		res, err := ReadTuneResult(dir)
		if err != nil {
			t.Fatal(err)
		}
		cert := res.Certificate()
		best := cert.Best()
		line := fmt.Sprintf("%2d %-11s %dp %-22s seed %d: %-40s", i+1, pr.game, pr.players, pr.planted, seed, res.Proposal.Sentence)
		if os.Getenv("DRAGONLAB_CALIBRATE_SMALLEST") != "" {
			// The smallest fix known by direct measurement: the one-parameter changes in
			// cost order, each on 20,000 fresh deals, the first whose 95% interval lies
			// inside ±2 — provided every one before it lies clearly outside.
			fix, clear, unclear := "", true, ""
			for _, c := range search.OneLever(&ts.Spec) {
				e := measureSeat0(t, ts, c, engine.DeriveSeed(seed, 0x736d616c6c), 20000)
				if math.Abs(e[0])+1.96*e[1] <= 0.02 {
					fix = c.Name
					break
				}
				if math.Abs(e[0])-1.96*e[1] <= 0.02 && clear {
					clear = false
					// Which earlier change straddles the target, so that the log says why.
					unclear = fmt.Sprintf("%s at %+.1f ± %.1f points", c.Name, 100*e[0], 196*e[1])
				}
			}
			switch {
			case fix == "" || !clear:
				ambiguous++
				line += " [smallest fix not clear by measurement: first fix " + fix + ", before it " + unclear + "]"
			case best.Meets && best.Candidate.Name == fix:
				smallest++
				line += " [the smallest fix, " + fix + "]"
			default:
				line += " [the smallest fix is " + fix + "]"
			}
		}
		if !res.Proposal.Certified {
			t.Log(line + " (not certified: " + strings.Join(res.Proposal.Missing, "; ") + ")")
			continue
		}
		certified++
		// The re-check: the certified rules on a fresh seed, as many deals, the same z.
		fresh := search.Round{Index: 99, Kind: search.Certify, Seed: engine.DeriveSeed(seed, 0x7265636865636b), Deals: cert.Deals,
			Entries: []search.Entry{{Candidate: best.Candidate, Role: search.RoleRules}}}
		p, err := ts.RoundPlan(&fresh)
		if err != nil {
			t.Fatal(err)
		}
		rd := t.TempDir()
		out, err := plan.Execute(context.Background(), p, plan.Options{Dir: rd, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		cs, _ := search.Components(ts.Spec.Targets, ts.Spec.Players, nil)
		m, err := search.MeasureOf(cs, out.Results[0], nil)
		if err != nil {
			t.Fatal(err)
		}
		ests, _ := search.Estimates(cs, []*search.Measure{m})
		inside, near := true, true
		worst := 0.0
		for _, e := range ests {
			h := cert.Z * e.SE
			inside = inside && math.Abs(e.Value)+h <= 0.02
			near = near && math.Abs(e.Value) <= 0.02
			worst = math.Max(worst, math.Abs(e.Value))
		}
		if !inside {
			strict++
		}
		if !near {
			loose++
		}
		t.Log(line + fmt.Sprintf(" re-check on %s fresh deals: worst seat %s points, interval inside ±2: %v", strconv.FormatInt(cert.Deals, 10), strconv.FormatFloat(100*worst, 'f', 1, 64), inside))
	}
	if os.Getenv("DRAGONLAB_CALIBRATE_SMALLEST") != "" {
		n := len(ps)
		if len(only) > 0 {
			n = len(only)
		}
		w := stats.Wilson(float64(smallest), float64(n-ambiguous))
		t.Logf("the smallest fix found (certified) on %d of %d problems (2, 3 and 4 players) with a clear smallest fix (%.1f%% [%.1f, %.1f]); %d not clear", smallest, n-ambiguous, 100*w.Value, 100*w.Lo, 100*w.Hi, ambiguous)
	}
	t.Logf("%d planted problems, %d certified; re-certification failed for %d (%.1f%%), the fresh estimate outside ±2 for %d (%.1f%%)",
		max(len(only), len(ps)*btoi(len(only) == 0)), certified, strict, 100*float64(strict)/math.Max(1, float64(certified)), loose, 100*float64(loose)/math.Max(1, float64(certified)))
}

// Needless changes on real games (a measurement, like TestFalseCertificates): fair bases
// — each measured first on 20,000 deals at the agent and kept only where seat 0's 95%
// interval lies within ±1.5 points — each tuned on 20 seeds with fair=2 and the game's
// levers; a certified change is needless. Every certified change is re-checked on fresh
// deals. The rate and its Wilson interval are logged.
//
//	DRAGONLAB_CALIBRATE=1 go test ./reports/analysis -run TestNeedlessChanges -v -timeout 0
//
// (DRAGONLAB_CALIBRATE_AGENT, default random; DRAGONLAB_CALIBRATE_BUDGET, default 40000;
// DRAGONLAB_CALIBRATE_SEEDS, default 20.) Hours of CPU at greedy play.
func TestNeedlessChanges(t *testing.T) {
	if os.Getenv("DRAGONLAB_CALIBRATE") == "" {
		t.Skip("a measurement: set DRAGONLAB_CALIBRATE=1")
	}
	agent, budget, seeds := "random", "40000", 20
	if a := os.Getenv("DRAGONLAB_CALIBRATE_AGENT"); a != "" {
		agent = a
	}
	if b := os.Getenv("DRAGONLAB_CALIBRATE_BUDGET"); b != "" {
		budget = b
	}
	if n, err := strconv.Atoi(os.Getenv("DRAGONLAB_CALIBRATE_SEEDS")); err == nil && n > 0 {
		seeds = n
	}
	bases := []struct {
		game string
		sets []string
	}{
		{"dragonscales", nil},
		{"draco", nil},
		{"redhot", nil},
		{"dragonheart", nil},
		{"draco", []string{"seatBonus=[0,1]"}}, // a compensated base, kept only if measured fair
		{"dragonheart", []string{"seatBonus=[0,1]"}},
	}
	fairRuns, needless, certified, recheck, loose := 0, 0, 0, 0, 0
	for bi, b := range bases {
		setup := func(seed uint64) *experiment.TuneSetup {
			o := experiment.Tune{Common: experiment.Common{Seed: seed}, Game: experiment.Game{Name: b.game, Players: 2, PlayersSet: true, Sets: b.sets},
				Agents: agent, Targets: []string{"fair=2"}, Budget: budget, Raw: true}
			ts, err := o.Setup()
			if err != nil {
				t.Fatal(err)
			}
			return ts
		}
		measure := func(ts *experiment.TuneSetup, c search.Candidate, seed uint64, deals int64) []float64 {
			_, ests, err := ts.Replay(context.Background(), c, 99, seed, deals, plan.Options{Dir: t.TempDir(), Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			return []float64{ests[0].Value, ests[0].SE}
		}
		ts0 := setup(1)
		base := measure(ts0, search.BaseCandidate(ts0.Spec.Levers, 2), engine.DeriveSeed(uint64(bi), 0x62617365), 20000)
		if math.Abs(base[0])+1.96*base[1] > 0.015 {
			t.Logf("%s %v: seat 0 %+.2f ± %.2f points on 20,000 deals: not fair within ±1.5, skipped", b.game, b.sets, 100*base[0], 196*base[1])
			continue
		}
		t.Logf("%s %v: seat 0 %+.2f ± %.2f points on 20,000 deals: a fair base", b.game, b.sets, 100*base[0], 196*base[1])
		for k := 0; k < seeds; k++ {
			seed := uint64(5000 + 31*k + 7*bi)
			ts := setup(seed)
			dir := t.TempDir()
			if err := experiment.PlayTune(context.Background(), ts, experiment.TuneOptions{Options: plan.Options{Dir: dir, Workers: 2}}, io.Discard, io.Discard); err != nil {
				t.Fatal(err)
			}
			res, err := ReadTuneResult(dir)
			if err != nil {
				t.Fatal(err)
			}
			cert := res.Certificate()
			best := cert.Best()
			fairRuns++
			if best.Meets {
				certified++
				if best.Candidate.Changed > 0 {
					needless++
				}
				fresh := measure(ts, best.Candidate, engine.DeriveSeed(seed, 0x7265636865636b), cert.Deals)
				if math.Abs(fresh[0])+cert.Z*fresh[1] > 0.02 {
					recheck++
				}
				if math.Abs(fresh[0]) > 0.02 {
					loose++
				}
			}
			t.Logf("  seed %d: %s", seed, res.Proposal.Sentence)
		}
	}
	w := stats.Wilson(float64(needless), float64(fairRuns))
	t.Logf("needless changes: %d of %d runs on fair bases (%.1f%% [%.1f, %.1f]); %d certified; re-checked on fresh deals at the certificate's z: %d not inside ±2, %d estimates outside ±2",
		needless, fairRuns, 100*w.Value, 100*w.Lo, 100*w.Hi, certified, recheck, loose)
	if fairRuns > 0 && float64(needless) > 0.05*float64(fairRuns) {
		t.Errorf("needless changes on %d of %d runs, more than 5%%", needless, fairRuns)
	}
}

// measureSeat0 is seat 0's advantage of candidate c (value, standard error) on deals
// fresh deals of seed, at the tune's agent.
func measureSeat0(t *testing.T, ts *experiment.TuneSetup, c search.Candidate, seed uint64, deals int64) []float64 {
	t.Helper()
	_, ests, err := ts.Replay(context.Background(), c, 99, seed, deals, plan.Options{Dir: t.TempDir(), Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	worst := ests[0]
	for _, e := range ests {
		if math.Abs(e.Value) > math.Abs(worst.Value) {
			worst = e
		}
	}
	return []float64{worst.Value, worst.SE}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
