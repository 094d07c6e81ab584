package plan

import (
	"dragonlab/sim"
)

// Costs returns the per-agent cost a result records under its "run" key (nil if none).
func Costs(r *sim.Result) []sim.Cost {
	if r == nil || r.Run == nil {
		return nil
	}
	return r.Run.Cost
}

// SumCosts adds costs by agent spec (sim.Cost.Add: the sums, and the per-decision means
// from them); the order is the order of first appearance.
func SumCosts(lists ...[]sim.Cost) []sim.Cost {
	var out []sim.Cost
	at := map[string]int{}
	for _, l := range lists {
		for _, c := range l {
			i, ok := at[c.Agent]
			if !ok {
				i = len(out)
				at[c.Agent] = i
				out = append(out, sim.Cost{Agent: c.Agent})
			}
			out[i].Add(c)
		}
	}
	return out
}

// mergedRunInfo is the "run" key of a merge of parts: the parts' summed time and the
// costs sim.Merge summed (it varies between runs, like every "run" key), or nil when the
// parts have none.
func mergedRunInfo(merged *sim.Result, parts []*sim.Result) *sim.RunInfo {
	var info *sim.RunInfo
	var seconds float64
	var games int64
	for _, p := range parts {
		if p.Run == nil {
			continue
		}
		if info == nil {
			c := *p.Run
			info = &c
		}
		seconds += p.Run.Seconds
		games += p.Games
	}
	if info == nil {
		return merged.Run
	}
	info.Seconds, info.Interrupted, info.Cost = seconds, "", nil
	if seconds > 0 {
		info.GamesPerSec = float64(games) / seconds
	}
	if merged.Run != nil {
		info.Cost = merged.Run.Cost
	}
	return info
}

// Weight is the plan's rough cost of one decision of the run (the progress bar's weight,
// from its agents' specs: search iterations and samples dominate). It is a pure function
// of the run, so that a budget converted with it does not depend on timing.
func (r *Run) Weight() float64 { return runWeight(r) }
