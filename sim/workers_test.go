package sim

import (
	"context"
	"strings"
	"testing"
)

// Issue 27, item 8: the worker count is capped at 4× the CPUs (--workers 2147483647 tried
// to allocate 16 GiB), with a message that says the cap.
func TestWorkersAreCapped(t *testing.T) {
	cfg := Config{Game: toyGame, Players: 2, Agents: randomAgents(t, 2), Seed: 1, Units: 10}
	for _, n := range []int{MaxWorkers() + 1, 1<<31 - 1} {
		cfg.Workers = n
		_, err := Run(context.Background(), cfg)
		if err == nil || !strings.Contains(err.Error(), "at most") {
			t.Fatalf("%d workers: %v", n, err)
		}
	}
	cfg.Workers = MaxWorkers()
	run(t, cfg)
}
