package tune

import (
	"fmt"
	"math"
	"testing"

	"dragonlab/engine"
	"dragonlab/sim/stats"
)

// Calibration on known truths (toys whose every candidate's seat advantages are known
// exactly): the search and its certificate run to the end on 20 seeds of each problem.
//
//   - Needless changes: on fair rules (a symmetric game, and planted-then-compensated
//     rules: a seat bias with the starting points that cancel it exactly) the answer must
//     be no change; a certified change is needless. Wanted: at most 5%.
//   - The smallest fix: on a planted seat bias at 2, 3 and 4 seats, the answer must be
//     the smallest change (cost order) whose true advantages lie inside the target — known
//     by enumerating every candidate. Wanted: at least 90%.
//   - Every certified answer is re-checked against the truth (a false certificate: a
//     change certified whose true advantage lies outside the target) and replayed on fresh
//     deals at the certificate's level.
//
// Each run is a few hundred thousand toy deals (milliseconds), so it stays in the default
// suite; the rates are logged with their Wilson intervals (go test -run TestCalibration -v).
type calProblem struct {
	name    string
	toy     seatToy
	levers  []engine.LeverValues
	games   int64
	planted bool // a bias to remove (else fair rules)
}

func seatLevers(players int, base []float64, hi float64) []engine.LeverValues {
	var ls []engine.LeverValues
	for s := 0; s < players; s++ {
		l := engine.LeverValues{Path: fmt.Sprintf("seatBonus[%d]", s), Base: base[s], Step: 1, Integer: true, Seat: s}
		for v := 0.0; v <= hi; v++ {
			l.Values = append(l.Values, v)
		}
		ls = append(ls, l)
	}
	return ls
}

func calProblems() []calProblem {
	fair2 := seatToy{players: 2, intrinsic: []float64{0, 0}, perPoint: 0.04}
	// Each bias has one clear smallest fix (checked below): seat 1 +2 at two seats,
	// [0,1,2] at three, [0,1,2,3] at four.
	bias2 := seatToy{players: 2, intrinsic: []float64{0.06, -0.06}, perPoint: 0.06}
	bias3 := seatToy{players: 3, intrinsic: []float64{0.04, 0, -0.04}, perPoint: 0.04}
	bias4 := seatToy{players: 4, intrinsic: []float64{0.09, 0.03, -0.03, -0.09}, perPoint: 0.06}
	return []calProblem{
		{"symmetric 2p", fair2, seatLevers(2, []float64{0, 0}, 4), 60000, false},
		{"compensated 2p (seat 1 starts +2)", bias2, seatLevers(2, []float64{0, 2}, 4), 60000, false},
		{"compensated 3p (starting points [0,1,2])", bias3, seatLevers(3, []float64{0, 1, 2}, 3), 100000, false},
		{"planted 2p", bias2, seatLevers(2, []float64{0, 0}, 4), 100000, true},
		{"planted 3p", bias3, seatLevers(3, []float64{0, 0, 0}, 3), 150000, true},
		{"planted 4p", bias4, seatLevers(4, []float64{0, 0, 0, 0}, 3), 250000, true},
	}
}

// trueWorst is the largest true seat advantage of c.
func (m seatToy) trueWorst(levers []engine.LeverValues, c Candidate) float64 {
	w := 0.0
	for _, x := range m.adv(levers, c.Values) {
		w = math.Max(w, math.Abs(x))
	}
	return w
}

func TestCalibration(t *testing.T) {
	const seeds = 20
	target := Target{Kind: Fair, Text: "fair=2", Points: 0.02}
	var needless, fairRuns, found, planted, certified, falseCert, recheckFail int
	for _, p := range calProblems() {
		// The smallest true fix: the first candidate in cost order inside the target.
		var smallest *Candidate
		for _, c := range Candidates(p.levers, p.toy.players, -1) {
			if p.toy.trueWorst(p.levers, c) <= target.Points {
				smallest = &c
				break
			}
		}
		if p.planted && (smallest == nil || smallest.Changed != 1) {
			t.Fatalf("%s: the known smallest fix is %v, not a change of one parameter", p.name, smallest)
		}
		// A clear answer: the fix well inside the target, every cheaper change well
		// outside (at least 1.3 times the target), so that "found" is not a coin toss
		// at the target's edge.
		for _, c := range Candidates(p.levers, p.toy.players, -1) {
			if c.Name == smallest.Name {
				if w := p.toy.trueWorst(p.levers, c); w > 0.6*target.Points {
					t.Fatalf("%s: the smallest fix %s is %.1f points off", p.name, c.Name, 100*w)
				}
				break
			}
			if w := p.toy.trueWorst(p.levers, c); w < 1.3*target.Points {
				t.Fatalf("%s: %s, cheaper than the fix %s, is only %.1f points off", p.name, c.Name, smallest.Name, 100*w)
			}
		}
		if !p.planted && smallest.Changed != 0 {
			t.Fatalf("%s: the rules are not fair in truth", p.name)
		}
		hits := 0
		for seed := uint64(1); seed <= seeds; seed++ {
			s := &Spec{Game: "toy", Players: p.toy.players, Agent: "toy", Levers: p.levers, Targets: []Target{target},
				Seed: seed*7919 + uint64(len(p.name)), Games: p.games, Rounds: DefaultRounds, MaxChanged: 2}
			hist := p.toy.play(t, s)
			checkScreenOrder(t, p.name, s, hist)
			last := hist[len(hist)-1]
			cert, err := CertifyRound(s, last.Round, last.Measures)
			if err != nil {
				t.Fatal(err)
			}
			b := cert.Best()
			if cert.Rules.Meets && b.Candidate.Changed > 0 {
				t.Fatalf("%s seed %d: the rules met the targets and the answer is %s", p.name, seed, b.Candidate.Name)
			}
			if b.Meets {
				certified++
				if p.toy.trueWorst(p.levers, b.Candidate) > target.Points {
					falseCert++
				}
				// The re-check: the answer replayed on fresh deals (a seed neither the search
				// nor the certification used), as many deals, the certificate's z.
				fresh := Round{Kind: Certify, Seed: s.Seed ^ 0x7265636865636b, Deals: cert.Deals}
				m := p.toy.measure(s, &fresh, b.Candidate)
				cs, _ := Components(s.Targets, s.Players, nil)
				ests, _ := Estimates(cs, []*Measure{m})
				for _, e := range ests {
					if math.Abs(e.Value)+cert.Z*e.SE > target.Points {
						recheckFail++
						break
					}
				}
			}
			if p.planted {
				planted++
				if b.Meets && b.Candidate.Changed == 1 && b.Candidate.Distance == smallest.Distance && p.toy.trueWorst(p.levers, b.Candidate) <= target.Points {
					found++
					hits++
				} else if testing.Verbose() {
					t.Logf("%s seed %d: answer %s (meets %v, true worst %.1f points); smallest fix %s", p.name, seed, b.Candidate.Name, b.Meets, 100*p.toy.trueWorst(p.levers, b.Candidate), smallest.Name)
				}
			} else {
				fairRuns++
				if b.Meets && b.Candidate.Changed > 0 {
					needless++
					hits++
				}
			}
		}
		t.Logf("%-42s %d seeds: %s %d", p.name, seeds, map[bool]string{true: "smallest fix found", false: "needless changes"}[p.planted], hits)
	}
	nl := stats.Wilson(float64(needless), float64(fairRuns))
	fd := stats.Wilson(float64(found), float64(planted))
	t.Logf("needless changes: %d of %d fair runs (%.1f%% [%.1f, %.1f])", needless, fairRuns, 100*nl.Value, 100*nl.Lo, 100*nl.Hi)
	t.Logf("smallest fix found: %d of %d planted runs (%.1f%% [%.1f, %.1f])", found, planted, 100*fd.Value, 100*fd.Lo, 100*fd.Hi)
	t.Logf("certified %d: false certificates %d (true advantage outside the target), re-checks on fresh deals failed %d", certified, falseCert, recheckFail)
	if float64(needless) > 0.05*float64(fairRuns) {
		t.Errorf("needless changes on %d of %d fair runs, more than 5%%", needless, fairRuns)
	}
	if float64(found) < 0.9*float64(planted) {
		t.Errorf("the smallest fix found on %d of %d planted runs, fewer than 90%%", found, planted)
	}
	if falseCert*20 > certified {
		t.Errorf("%d false certificates of %d, more than 1 in 20", falseCert, certified)
	}
}

// checkScreenOrder fails when a search round played a combination before every one-lever
// change within range was screened.
func checkScreenOrder(t *testing.T, name string, s *Spec, hist []Played) {
	t.Helper()
	all := len(OneLever(s))
	seen := map[string]bool{}
	for _, h := range hist {
		if h.Round.Kind != Search {
			continue
		}
		for _, e := range h.Round.Entries {
			if e.Candidate.Changed >= 2 && len(seen) < all {
				t.Fatalf("%s: round %d plays %s with %d of %d one-lever changes screened", name, h.Round.Index, e.Candidate.Name, len(seen), all)
			}
			if e.Candidate.Changed == 1 {
				seen[e.Candidate.Name] = true
			}
		}
	}
}
