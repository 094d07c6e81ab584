package agents_test

import (
	"context"
	"reflect"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/sim"
)

// TestRunnerWorkers: a run with MCTS agents gives the same aggregate with 1 and 2
// workers (every seat of every worker has its own agent and random stream).
func TestRunnerWorkers(t *testing.T) {
	g, err := engine.Lookup("snatch") // registered by the package's internal tests
	if err != nil {
		t.Skip("snatch test game not registered")
	}
	fs, err := agents.ParseList("mcts:iters=30,greedy:samples=1,oracle:iters=20")
	if err != nil {
		t.Fatal(err)
	}
	var aggs []sim.Aggregate
	for _, w := range []int{1, 2} {
		res, err := sim.Run(context.Background(), sim.Config{Game: g, Players: 3, Agents: fs,
			Seating: sim.SeatRotate, Seed: 5, Units: 300, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		aggs = append(aggs, res.Aggregate)
	}
	if !reflect.DeepEqual(aggs[0], aggs[1]) {
		t.Errorf("1 and 2 workers give different results:\n%+v\n%+v", aggs[0], aggs[1])
	}
}
