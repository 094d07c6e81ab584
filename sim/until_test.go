package sim

import (
	"context"
	"math"
	"testing"

	"dragonlab/engine"
)

// The confidence sequence covers a known coin's mean at every checked game count
// simultaneously in at least 1-α of the runs. A fixed-n 95% interval checked at the same
// counts does not (that is why a sequence is needed), which shows the test can fail.
func TestConfidenceSequenceCoverageOnAKnownCoin(t *testing.T) {
	rule, err := ParseStopRule("halfwidth=0.02,alpha=0.05")
	if err != nil {
		t.Fatal(err)
	}
	const runs, maxN, p = 1000, 20000, 0.3
	r := engine.NewRNG(12345)
	missSeq, missNaive := 0, 0
	for run := 0; run < runs; run++ {
		sum := 0.0
		seqOK, naiveOK := true, true
		for n := int64(1); n <= maxN; n++ {
			if r.Float64() < p {
				sum++
			}
			if n%256 != 0 { // checked at block boundaries, as the runner does
				continue
			}
			mean := sum / float64(n)
			if math.Abs(mean-p) > rule.HalfWidthAt(n) {
				seqOK = false
			}
			if math.Abs(mean-p) > 1.96*math.Sqrt(mean*(1-mean)/float64(n)) {
				naiveOK = false
			}
		}
		if !seqOK {
			missSeq++
		}
		if !naiveOK {
			missNaive++
		}
	}
	// 1000 runs: a true miss rate of 5% gives at most ~7.1% with probability 0.999.
	if rate := float64(missSeq) / runs; rate > 0.071 {
		t.Fatalf("confidence sequence missed in %.1f%% of runs, want at most 5%% (+ sampling)", 100*rate)
	}
	if rate := float64(missNaive) / runs; rate < 0.10 {
		t.Fatalf("repeatedly checked fixed-n intervals missed only %.1f%%: the test lost its power", 100*rate)
	}
}

func TestHalfWidthShrinksAndIsNotMuchWiderThanFixedN(t *testing.T) {
	rule, _ := ParseStopRule("halfwidth=0.005")
	prev := math.Inf(1)
	for n := int64(100); n < 1e8; n *= 3 {
		hw := rule.HalfWidthAt(n)
		if hw >= prev {
			t.Fatalf("half-width does not shrink at n=%d", n)
		}
		prev = hw
	}
	// Near the target, within a factor 1.6 of the fixed-n worst-case normal interval.
	n := int64(1.96 * 1.96 * 0.25 / (0.005 * 0.005))
	if ratio := rule.HalfWidthAt(n) / 0.005; ratio > 1.6 {
		t.Fatalf("sequence is %.2f times the fixed-n width at its target", ratio)
	}
}

func TestUntilStopsReproducibly(t *testing.T) {
	rule, _ := ParseStopRule("halfwidth=0.03")
	cfg := Config{Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Seed: 8, Units: 1 << 20, Until: rule.Reached}
	cfg.Workers = 1
	a, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 2
	b, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if a.StoppedAt == 0 || a.StoppedAt != b.StoppedAt || !a.Complete {
		t.Fatalf("stopped at %d and %d games", a.StoppedAt, b.StoppedAt)
	}
	if string(withoutRun(t, a)) != string(withoutRun(t, b)) {
		t.Fatal("results of a stopped run depend on the workers")
	}
	for _, s := range a.Seats {
		if rule.HalfWidthAt(s.Games) > 0.03 {
			t.Fatal("stopped before the target was reached")
		}
	}
}

func TestParseStopRule(t *testing.T) {
	for _, bad := range []string{"", "halfwidth", "halfwidth=0", "halfwidth=x", "width=0.1", "halfwidth=0.1,alpha=2"} {
		if _, err := ParseStopRule(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
