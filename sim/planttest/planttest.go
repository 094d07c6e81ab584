// Package planttest runs component values by substitution on planted rules — a rules
// variant that makes one component clearly stronger or worthless — for the games'
// calibration tests (engine/<game>/plant_test.go): the estimate must find the plant.
package planttest

import (
	"context"
	"slices"
	"sort"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/sim"
)

// Value is one component's mean change of win share when a seat starts with one more of
// it in place of an average one, with its 95% interval (normal, on the deals).
type Value struct {
	Name         string
	Mean, Lo, Hi float64
}

// Substitute runs the component values by substitution of game with players seats and
// the rules set (key=value, as --set), every seat played by agent, on a fixed seed, and
// returns seat 0's components from the most valuable to the least.
func Substitute(t testing.TB, game string, players int, agent string, units int64, comps []string, set ...string) []Value {
	t.Helper()
	g, err := engine.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	p := g.DefaultParams()
	for _, s := range set {
		if err := engine.SetParam(g, p, s); err != nil {
			t.Fatal(err)
		}
	}
	f, err := agents.Parse(agent)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(context.Background(), sim.Config{Game: g, Params: p, Players: players,
		Agents: slices.Repeat([]agents.Factory{f}, players), Seed: 1, Units: units, Workers: 2,
		Substitute: &sim.Substitution{Components: comps}})
	if err != nil {
		t.Fatal(err)
	}
	sa := res.Aggregate.Substitutions
	var out []Value
	for c, name := range sa.Components {
		d := sa.Cell(c, 0).Diff
		m, se := d.Mean()/60, d.SE()/60
		out = append(out, Value{name, m, m - 1.96*se, m + 1.96*se})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Mean > out[j].Mean })
	return out
}

// Worthless reports whether the component's interval covers 0 or it ranks last.
func Worthless(vals []Value, name string) bool {
	i := slices.IndexFunc(vals, func(v Value) bool { return v.Name == name })
	return i == len(vals)-1 || vals[i].Lo <= 0 && 0 <= vals[i].Hi
}
