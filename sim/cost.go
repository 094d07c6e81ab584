package sim

import (
	"time"
)

// Cost: what each agent's decisions cost (wall-clock time inside Act, and search
// iterations for agents.Searcher agents), measured by the runner per agent index.
//
// Timing policy. Reading the clock twice around Act costs about 40–50 ns, as much as a
// whole random decision (50–600 ns, `dragonlab bench`), so timing every decision of a
// random-only run would slow it by a quarter or more. The runner therefore times every
// decision of every game when some agent is not `random` (a greedy decision takes
// microseconds and an MCTS one milliseconds: the clock is then noise), and otherwise
// times one game in costSample of each worker; Cost.Decisions says how many decisions
// were timed. The cost varies between runs, so it lives under Result.Run, never in the
// aggregate: which games are timed does not change any other number. A resumed run
// reports the cost of its own part; merge sums the parts' costs.

// epoch is the origin of monoNanos.
var epoch = time.Now()

// monoNanos reads the monotonic clock alone: time.Since of a time that carries a
// monotonic reading skips the wall clock, so a timed decision costs two clock reads
// instead of the three of time.Now and time.Since.
func monoNanos() int64 { return int64(time.Since(epoch)) }

// costSample: a random-only run times one game in costSample per worker.
const costSample = 64

// costAcc accumulates one agent's cost in a worker.
type costAcc struct {
	decisions, nanos, iterations int64
}

// collectCost sums the workers' cost by agent index.
func collectCost(cfg *Config, ws []*worker) []Cost {
	out := make([]Cost, len(cfg.Agents))
	for j, f := range cfg.Agents {
		out[j].Agent = f.Spec
	}
	for _, w := range ws {
		if w == nil {
			continue
		}
		for j, c := range w.obs.cost {
			out[j].Decisions += c.decisions
			out[j].Nanos += c.nanos
			out[j].Iterations += c.iterations
		}
	}
	for j := range out {
		out[j].derive()
	}
	return out
}

// derive sets the means from the sums.
func (c *Cost) derive() {
	c.MsPerDecision, c.ItersPerDecision = 0, 0
	if c.Decisions > 0 {
		c.MsPerDecision = float64(c.Nanos) / 1e6 / float64(c.Decisions)
		c.ItersPerDecision = float64(c.Iterations) / float64(c.Decisions)
	}
}

// Add adds o's sums (decisions, time, iterations, restriction counts) into c and sets
// the means from the new sums.
func (c *Cost) Add(o Cost) {
	c.Decisions += o.Decisions
	c.Nanos += o.Nanos
	c.Iterations += o.Iterations
	c.Bound += o.Bound
	c.Unkept += o.Unkept
	c.derive()
}

// mergeCost sums the cost of the parts of a run (shards, resumed parts) by agent index;
// nil when no part has any. Parts without cost (older files) add nothing.
func mergeCost(parts []*Result) *RunInfo {
	var out []Cost
	for _, p := range parts {
		if p.Run == nil || len(p.Run.Cost) == 0 {
			continue
		}
		if out == nil {
			out = make([]Cost, len(p.Agents))
			for j, a := range p.Agents {
				out[j].Agent = a
			}
		}
		for j, c := range p.Run.Cost {
			if j < len(out) {
				out[j].Add(c)
			}
		}
	}
	if out == nil {
		return nil
	}
	return &RunInfo{Cost: out}
}
