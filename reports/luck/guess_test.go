package luck

import (
	"context"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/sim"
	"dragonlab/sim/guesstest"
)

func init() { engine.Register(guesstest.Game) }

func runGuess(t testing.TB, p *guesstest.Params, mixed bool, seed uint64, games int64) *sim.LuckAgg {
	t.Helper()
	f := guesstest.Agent(p.Policy, mixed)
	res, err := sim.Run(context.Background(), sim.Config{Game: guesstest.Game, Params: p, Players: 2,
		Agents: []agents.Factory{f, f}, Seed: seed, Units: games, Workers: 1, Luck: guesstest.Value(1)})
	if err != nil {
		t.Fatal(err)
	}
	// The rock-double variant's results are payoffs scaled into shares (not the engine's
	// 1, 1/k or 0): only the plain game is a valid results file.
	if p.Double == "none" {
		if err := res.Validate(); err != nil {
			t.Fatal(err)
		}
	}
	return res.Aggregate.Luck
}

// TestGuessingCalibrated: the toy with a die that decides the game outright and a round of
// secret rock-paper-scissors otherwise, both seats playing a known policy — the plain
// game's equilibrium (1/3 each) or, where a win with rock pays double, its equilibrium
// (1/4, 1/2, 1/4) — has exactly known parts: the die's share of the spread of results,
// the throws' (guessing) and none for the seats' decisions. Over 30 runs of 1,500 games
// each part's 95% interval covers its truth in at least 26; the decisions' share is 0
// exactly (the policy is the round's whole value).
func TestGuessingCalibrated(t *testing.T) {
	third := 1.0 / 3
	cases := []guesstest.Params{
		{Outright: 50, Double: "none", Policy: [3]float64{third, third, third}},
		{Outright: 20, Double: "rock", Policy: [3]float64{0.25, 0.5, 0.25}},
		{Outright: 0, Double: "rock", Policy: [3]float64{0.25, 0.5, 0.25}},
	}
	for _, p := range cases {
		luckT, guessT, _ := p.Truth()
		var coverL, coverG int
		const runs = 30
		for seed := uint64(2); seed < 2+runs; seed++ {
			l := runGuess(t, &p, true, seed, 1500)
			ls, gs, ds := Share(l), GuessShare(l), DecisionShare(l)
			if ds.Value != 0 || ds.Hi-ds.Lo > 1e-9 {
				t.Fatalf("%+v seed %d: own decisions %.4f [%.4f, %.4f], want exactly 0", p, seed, ds.Value, ds.Lo, ds.Hi)
			}
			if ls.Contains(luckT) || (ls.Hi-ls.Lo < 1e-9 && abs(ls.Value-luckT) < 1e-9) {
				coverL++
			}
			if gs.Contains(guessT) || (gs.Hi-gs.Lo < 1e-9 && abs(gs.Value-guessT) < 1e-9) {
				coverG++
			}
			if l.Rounds == 0 {
				t.Fatalf("%+v: no round of secret choices accounted", p)
			}
		}
		t.Logf("%+v: luck %.3f covered %d/%d, guessing %.3f covered %d/%d", p, luckT, coverL, runs, guessT, coverG, runs)
		if coverL < 26 || coverG < 26 {
			t.Errorf("%+v: luck %.3f covered in %d of %d runs, guessing %.3f in %d, want ≥ 26 each", p, luckT, coverL, runs, guessT, coverG)
		}
	}
}

// TestGuessingNeedsAKnownPolicy: when the agents do not say their policy, their draws are
// decisions: no guessing, the luck unchanged, and the decisions (the second chooser's own,
// the first's among the other seats' decisions) carry what the throws decide.
func TestGuessingNeedsAKnownPolicy(t *testing.T) {
	third := 1.0 / 3
	p := guesstest.Params{Outright: 50, Double: "none", Policy: [3]float64{third, third, third}}
	l := runGuess(t, &p, false, 3, 1500)
	luckT, guessT, _ := p.Truth()
	if g := GuessShare(l); g.Value != 0 || l.Rounds != 0 {
		t.Fatalf("guessing %.4f over %d rounds with hidden policies, want none", g.Value, l.Rounds)
	}
	if s := Share(l); !s.Contains(luckT) {
		t.Fatalf("luck %.4f [%.4f, %.4f], want %.4f", s.Value, s.Lo, s.Hi, luckT)
	}
	// The second chooser's decision sees its own result move by the whole throw: half of
	// the two seats' spread from the throws.
	if d := DecisionShare(l); !d.Contains(guessT / 2) {
		t.Fatalf("own decisions %.4f [%.4f, %.4f], want half the throws' %.4f", d.Value, d.Lo, d.Hi, guessT)
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
