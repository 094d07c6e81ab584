package agents_test

import (
	"flag"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"dragonlab/agents"
	"dragonlab/engine"
)

// TestMatch is a measuring tool, skipped unless -match is given: agent A against agent B
// on duplicate deals (each deal played with A in every seat in turn, B in the others), on
// one worker. Besides A's win share it reports the time each agent spends per decision,
// measured inside Act while the two agents' decisions interleave, so that both meet the
// same machine load (the machine is shared), and search iterations per decision.
//
//	go test ./agents/ -run TestMatch -v -timeout 0 -args -match 'mcts:iters=300,rollout=greedy,depth=8;mcts:iters=1000' \
//	    -match.game dragonheart -match.deals 100
var (
	matchSpecs   = flag.String("match", "", "TestMatch: agent specs A;B")
	matchGame    = flag.String("match.game", "dragonheart", "TestMatch: game")
	matchPlayers = flag.Int("match.players", 2, "TestMatch: players")
	matchDeals   = flag.Int("match.deals", 50, "TestMatch: deals (each played once per seat)")
	matchSeed    = flag.Uint64("match.seed", 1, "TestMatch: seed of the deals")
)

type matchCost struct {
	decisions, iters int64
	nanos            time.Duration
}

func TestMatch(t *testing.T) {
	if *matchSpecs == "" {
		t.Skip("measuring tool: give -match 'A;B'")
	}
	specs := strings.Split(*matchSpecs, ";")
	if len(specs) != 2 {
		t.Fatalf("-match wants two specs separated by ';'")
	}
	g, err := engine.Lookup(*matchGame)
	if err != nil {
		t.Fatal(err)
	}
	n := *matchPlayers
	var fs [2]agents.Factory
	for i, sp := range specs {
		if fs[i], err = agents.Parse(sp); err != nil {
			t.Fatal(err)
		}
	}
	var cost [2]matchCost
	var ags [2][]agents.Agent // one agent per seat per side, reused across games
	for i := range ags {
		for seat := 0; seat < n; seat++ {
			ags[i] = append(ags[i], fs[i].New())
		}
	}
	out := make([]float64, n)
	var shares []float64 // A's mean share per deal
	total := 0.0
	for d := 0; d < *matchDeals; d++ {
		seed := engine.DeriveSeed(*matchSeed, uint64(d))
		dealShare := 0.0
		for rot := 0; rot < n; rot++ {
			s, err := g.NewGame(nil, n, seed)
			if err != nil {
				t.Fatal(err)
			}
			rngs := make([]engine.RNG, n)
			for i := range rngs {
				rngs[i] = engine.NewRNG(engine.DeriveSeed(seed, uint64(1000*rot+i+1)))
			}
			for !s.Terminal() {
				seat := s.ToMove()
				side := 1
				if seat == rot {
					side = 0
				}
				a := ags[side][seat]
				var before int64
				if sr, ok := a.(agents.Searcher); ok {
					before = sr.Iterations()
				}
				start := time.Now()
				act := a.Act(s, &rngs[seat])
				cost[side].nanos += time.Since(start)
				cost[side].decisions++
				if sr, ok := a.(agents.Searcher); ok {
					cost[side].iters += sr.Iterations() - before
				}
				s.Apply(act)
			}
			s.Result(out)
			dealShare += out[rot]
		}
		shares = append(shares, dealShare/float64(n))
		total += dealShare
	}
	games := float64(*matchDeals * n)
	p := total / games
	mean, sd := meanSD(shares)
	half := 1.96 * sd / math.Sqrt(float64(len(shares)))
	lo, hi := wilson(p, games)
	ms := func(c matchCost) string {
		return fmt.Sprintf("%.2f ms/decision, %.0f iters/decision", float64(c.nanos.Microseconds())/1000/float64(c.decisions),
			float64(c.iters)/float64(c.decisions))
	}
	t.Logf("RESULT %s/%dp | A %s | B %s | A share %.1f%% wilson [%.1f, %.1f] by-deal [%.1f, %.1f] over %d games | A %s | B %s | time ratio A/B %.2f",
		*matchGame, n, agents.Short(fs[0].Spec), agents.Short(fs[1].Spec), 100*p, 100*lo, 100*hi,
		100*(mean-half), 100*(mean+half), int(games), ms(cost[0]), ms(cost[1]),
		(float64(cost[0].nanos)/float64(cost[0].decisions))/(float64(cost[1].nanos)/float64(cost[1].decisions)))
}

func meanSD(x []float64) (float64, float64) {
	m := 0.0
	for _, v := range x {
		m += v
	}
	m /= float64(len(x))
	ss := 0.0
	for _, v := range x {
		ss += (v - m) * (v - m)
	}
	if len(x) < 2 {
		return m, 0
	}
	return m, math.Sqrt(ss / float64(len(x)-1))
}

// wilson is the 95% Wilson score interval of a proportion p over n trials.
func wilson(p, n float64) (float64, float64) {
	const z = 1.959963984540054
	den := 1 + z*z/n
	c := (p + z*z/(2*n)) / den
	h := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / den
	return c - h, c + h
}
