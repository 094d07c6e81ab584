package skill

import (
	"math/rand/v2"
	"strings"
	"testing"

	"dragonlab/reports/format"
	"dragonlab/sim/stats"
)

// toyLadder plays a toy ladder whose seat shares at level i are shares(i): each level has
// deals deals played replays times; a replay repeats its deal's winner with probability
// copy (else draws afresh), so replays of a deal are correlated as a real study's are.
// It returns the levels as the trend test reads them, with the design effect of the
// replays when withDeff (1 + (replays − 1)·copy², the replays' intraclass correlation
// being copy²).
func toyLadder(rng *rand.Rand, levels, deals, replays int, copy float64, withDeff bool, shares func(level int) []float64) []TrendLevel {
	draw := func(p []float64) int {
		u, c := rng.Float64(), 0.0
		for s, q := range p {
			if c += q; u < c {
				return s
			}
		}
		return len(p) - 1
	}
	var out []TrendLevel
	for i := 0; i < levels; i++ {
		p := shares(i)
		lv := TrendLevel{Name: "L" + string(rune('0'+i)), Score: float64(i + 1), Wins: make([]float64, len(p)), Games: int64(deals * replays), Deff: 1}
		if withDeff {
			lv.Deff = 1 + float64(replays-1)*copy*copy
		}
		for d := 0; d < deals; d++ {
			w := draw(p)
			for r := 0; r < replays; r++ {
				if rng.Float64() < copy {
					lv.Wins[w]++
				} else {
					lv.Wins[draw(p)]++
				}
			}
		}
		out = append(out, lv)
	}
	return out
}

func flat(n int) func(int) []float64 {
	return func(int) []float64 {
		p := make([]float64, n)
		for s := range p {
			p[s] = 1 / float64(n)
		}
		return p
	}
}

// alarms is how many of runs null toy ladders the trend test calls changing, as a share
// with its Wilson 95% interval.
func alarms(seed uint64, runs int, f func(rng *rand.Rand) []TrendLevel, seat0Only bool) stats.Estimate {
	rng := rand.New(rand.NewPCG(seed, 7))
	k := 0
	for i := 0; i < runs; i++ {
		if t := NewFairnessTrend("level", f(rng), seat0Only, 1); t.Changes {
			k++
		}
	}
	return stats.Wilson(float64(k), float64(runs))
}

// A ladder whose first-player advantage grows with the level (50% → 58% over four
// levels) is reported as changing, in the ladder's words; a flat one is not.
func TestFairnessTrendPlantedGrowth(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	grows := toyLadder(rng, 4, 1000, 2, 0.5, true, func(i int) []float64 { return []float64{0.5 + 0.02*float64(i), 0.5 - 0.02*float64(i)} })
	ft := NewFairnessTrend("level", grows, false, 1)
	if !ft.Changes || len(ft.Seats) != 1 || ft.Seats[0].Trend.Slope <= 0 {
		t.Fatalf("a planted growth of 2 points per level is not reported as growing: %+v", ft)
	}
	if want := "The first-player advantage changes with skill: seat 0's share grows by"; !strings.HasPrefix(ft.Sentence, want) {
		t.Errorf("sentence %q does not start %q", ft.Sentence, want)
	}
	// The slope recovers the planted 2 points per level (within its noise: 8,000 games).
	if s := ft.Seats[0].Trend.Slope; s < 0.01 || s > 0.03 {
		t.Errorf("slope %.4f per level, planted 0.02", s)
	}
	if a := ft.Along(0); !strings.Contains(a, "of 2,000 games at L0") || !strings.Contains(a, "at L3") {
		t.Errorf("the shares along the levels do not give their games and levels: %q", a)
	}
	none := NewFairnessTrend("level", toyLadder(rng, 4, 1000, 2, 0.5, true, flat(2)), false, 1)
	if none.Changes || !strings.HasPrefix(none.Sentence, "No evidence that the first-player advantage changes with skill") {
		t.Errorf("a flat ladder reported as changing: %q", none.Sentence)
	}
	if NewFairnessTrend("level", grows[:1], false, 1) != nil {
		t.Error("one level has no trend to test")
	}
}

// With three players the trend may move a seat other than the first: seat 2 losing 2
// points a level while seat 0 stays fair is found, and named.
func TestFairnessTrendPlantedLastSeat(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	lv := toyLadder(rng, 4, 1500, 2, 0.5, true, func(i int) []float64 {
		d := 0.02 * float64(i)
		return []float64{1.0 / 3, 1.0/3 + d, 1.0/3 - d}
	})
	ft := NewFairnessTrend("level", lv, false, 1)
	if len(ft.Seats) != 3 || !ft.Changes || !ft.Seats[2].Changes || ft.Seats[0].Changes {
		t.Fatalf("seat 2's planted decline not found alone: %+v", ft.Seats)
	}
	if !strings.Contains(ft.Sentence, "seat 2's share shrinks") || ft.Lead() != 2 {
		t.Errorf("sentence %q (lead seat %d) does not name seat 2", ft.Sentence, ft.Lead())
	}
	// Seat 0 alone (the ladder's first-player advantage) does not see it.
	if s0 := NewFairnessTrend("level", lv, true, 1); s0.Changes || len(s0.Seats) != 1 {
		t.Errorf("seat 0 alone reported a change it does not have: %q", s0.Sentence)
	}
	// Looks multiply every p (Bonferroni).
	if l3 := NewFairnessTrend("level", lv, false, 3); l3.Seats[2].PAdjusted < 3*ft.Seats[2].PAdjusted*0.999 && l3.Seats[2].PAdjusted < 1 {
		t.Errorf("3 looks: adjusted p %.4g, one look %.4g", l3.Seats[2].PAdjusted, ft.Seats[2].PAdjusted)
	}
}

// On null ladders (flat shares, correlated replays as in the study) the test raises a
// false alarm at about its nominal rate: 5% for seat 0 with two players, at most 5%
// family-wise over three seats (Holm). Counting the replays as independent games
// (design effect left at 1) raises it well above: the effective number of games matters.
func TestFairnessTrendFalseAlarms(t *testing.T) {
	const runs = 2000
	two := alarms(5, runs, func(rng *rand.Rand) []TrendLevel { return toyLadder(rng, 4, 200, 2, 0.6, true, flat(2)) }, false)
	three := alarms(6, runs, func(rng *rand.Rand) []TrendLevel { return toyLadder(rng, 4, 200, 2, 0.6, true, flat(3)) }, false)
	naive := alarms(7, runs, func(rng *rand.Rand) []TrendLevel { return toyLadder(rng, 4, 200, 2, 0.6, false, flat(2)) }, false)
	t.Logf("false alarms over %d null ladders: 2 players %s, 3 players (Holm over seats) %s, replays counted as independent %s",
		runs, format.PctIv(two), format.PctIv(three), format.PctIv(naive))
	if !two.Contains(stats.Alpha) {
		t.Errorf("2 players: false-alarm rate %s does not cover the nominal 5%%", format.PctIv(two))
	}
	if three.Lo > stats.Alpha {
		t.Errorf("3 players: family-wise false-alarm rate %s is above the nominal 5%%", format.PctIv(three))
	}
	if naive.Lo <= stats.Alpha {
		t.Errorf("replays counted as independent: false-alarm rate %s, expected inflated", format.PctIv(naive))
	}
}

// Power: a planted growth of 2 points per level over 4 levels of 1,000 deals × 2 replays
// is found in at least 80% of seeds (about 93% by the normal approximation).
func TestFairnessTrendPower(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	const runs = 300
	k := 0
	for i := 0; i < runs; i++ {
		lv := toyLadder(rng, 4, 1000, 2, 0.6, true, func(i int) []float64 { return []float64{0.5 + 0.02*float64(i), 0.5 - 0.02*float64(i)} })
		if NewFairnessTrend("level", lv, false, 1).Changes {
			k++
		}
	}
	pw := stats.Wilson(float64(k), runs)
	t.Logf("power at +2 pts per level: %s of %d", format.PctIv(pw), runs)
	if pw.Lo < 0.8 {
		t.Errorf("power %s: the test misses most planted trends", format.PctIv(pw))
	}
}
