package plan

import (
	"encoding/json"
	"fmt"
	"reflect"

	"dragonlab/sim"
)

// The second wave adds to the runner, in parallel with this package, the fields
// sim.Config.Replays (replay seating), sim.Config.Components and sim.Config.Metrics, and
// the per-agent cost under Result.Run ("cost", []sim.Cost). This file is the only place
// that reaches them, by name, so that plans compile and run before and after they land:
// a run that asks for an aggregate this build's runner lacks is refused with one clear
// line. Once they have landed, setOptional can assign the fields directly.

// setOptional sets the run's replays and optional aggregates on cfg.
func (r *Run) setOptional(cfg *sim.Config) error {
	if r.Replays > 0 {
		if err := setField(cfg, "Replays", r.Replays); err != nil {
			return fmt.Errorf("replay seating: %w", err)
		}
	}
	if r.Components {
		if err := setField(cfg, "Components", true); err != nil {
			return fmt.Errorf("components: %w", err)
		}
	}
	if r.Metrics {
		if err := setField(cfg, "Metrics", true); err != nil {
			return fmt.Errorf("metrics: %w", err)
		}
	}
	return nil
}

func setField(cfg *sim.Config, name string, v any) error {
	f := reflect.ValueOf(cfg).Elem().FieldByName(name)
	rv := reflect.ValueOf(v)
	if !f.IsValid() || !f.CanSet() || !rv.Type().ConvertibleTo(f.Type()) {
		return fmt.Errorf("this build's runner has no %s (sim.Config.%s)", name, name)
	}
	f.Set(rv.Convert(f.Type()))
	return nil
}

// Costs returns the per-agent cost a result records under its "run" key (nil if none).
func Costs(r *sim.Result) []sim.Cost {
	if r == nil || r.Run == nil {
		return nil
	}
	b, err := json.Marshal(r.Run)
	if err != nil {
		return nil
	}
	var v struct {
		Cost []sim.Cost `json:"cost"`
	}
	if json.Unmarshal(b, &v) != nil {
		return nil
	}
	return v.Cost
}

// SumCosts adds costs by agent spec (sums of decisions, time and iterations) and fills in
// the per-decision means; the order is the order of first appearance.
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
			out[i].Decisions += c.Decisions
			out[i].Nanos += c.Nanos
			out[i].Iterations += c.Iterations
		}
	}
	for i := range out {
		if d := out[i].Decisions; d > 0 {
			out[i].MsPerDecision = float64(out[i].Nanos) / 1e6 / float64(d)
			out[i].ItersPerDecision = float64(out[i].Iterations) / float64(d)
		}
	}
	return out
}

// mergedRunInfo is the "run" key of a merge of parts: the parts' summed time and costs
// (it varies between runs, like every "run" key), or nil when the parts have none.
func mergedRunInfo(parts []*sim.Result) *sim.RunInfo {
	var lists [][]sim.Cost
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
		lists = append(lists, Costs(p))
	}
	if info == nil {
		return nil
	}
	info.Seconds, info.Interrupted = seconds, ""
	if seconds > 0 {
		info.GamesPerSec = float64(games) / seconds
	}
	costs := SumCosts(lists...)
	if len(costs) == 0 {
		return info
	}
	// Through JSON, so that a RunInfo without a cost field (a runner that does not measure
	// it) simply drops it.
	b, err := json.Marshal(info)
	if err != nil {
		return info
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil {
		return info
	}
	if m["cost"], err = json.Marshal(costs); err != nil {
		return info
	}
	b, _ = json.Marshal(m)
	var out sim.RunInfo
	if json.Unmarshal(b, &out) != nil {
		return info
	}
	return &out
}
