package agents_test

import (
	"context"
	"reflect"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/sim"
)

// TestRunnerWorkers: runs with every kind of agent give the same aggregate with 1 and 2
// workers (every seat of every worker has its own agent and random stream).
func TestRunnerWorkers(t *testing.T) {
	g, err := engine.Lookup("snatch") // registered by the package's internal tests
	if err != nil {
		t.Skip("snatch test game not registered")
	}
	for _, list := range []string{
		"mcts:iters=30,greedy:samples=1,oracle:iters=20",
		"expert:iters=20,pimc:k=3,iters=21,mcts:iters=20,prior=1,rollout=greedy,eps=0.3,depth=3,reuse=true",
		"expert:iters=20,opp=greedy,oppeps=0.2,expert:iters=20,opp=prior,oppw=4,expert:iters=20",
		"expert:iters=40,early=0.5,expert:iters=40,early=1,mcts:iters=20",
		"noisy:base=(mcts:iters=20),eps=0.3,softmax:base=greedy,t=1,restrict:base=(mcts:iters=20,prior=1),forbid=high",
	} {
		fs, err := agents.ParseList(list)
		if err != nil {
			t.Fatal(err)
		}
		var aggs []sim.Aggregate
		for _, w := range []int{1, 2} {
			res, err := sim.Run(context.Background(), sim.Config{Game: g, Players: 3, Agents: fs,
				Seating: sim.SeatRotate, Seed: 5, Units: 150, Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			aggs = append(aggs, res.Aggregate)
		}
		if !reflect.DeepEqual(aggs[0], aggs[1]) {
			t.Errorf("%s: 1 and 2 workers give different results:\n%+v\n%+v", list, aggs[0], aggs[1])
		}
	}
}
