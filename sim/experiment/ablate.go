package experiment

import (
	"errors"
	"fmt"
	"strings"

	"dragonlab/agents"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// Ablate is restricted play: the base agent forbidden some action classes, alone against
// unrestricted copies.
type Ablate struct {
	Common
	Game Game
	// Agents is the base agent: one spec.
	Agents string
	// Forbid are the restrictions: each a comma-separated list of classes forbidden
	// together.
	Forbid []string
	// ForbidEach adds one restriction per action class of the game.
	ForbidEach bool
	// Games per restriction (a multiple of the player count).
	Games int64
}

// AblateOptions are the plan options of a restricted-play experiment.
type AblateOptions struct {
	Meta         Meta          `json:"meta"`
	Base         string        `json:"base"`
	Classes      []string      `json:"classes"`
	Baseline     string        `json:"baseline"`
	Restrictions []Restriction `json:"restrictions"`
}

// Restriction names the run of the base agent forbidden the classes.
type Restriction struct {
	Forbid []string `json:"forbid"`
	Run    string   `json:"run"`
}

func init() {
	register(&Kind{Name: "ablate", DefaultOut: "ablate", check: checkAblate})
}

// Plan is a baseline run and one duplicate run per restriction.
func (o Ablate) Plan() (*plan.Plan, error) {
	g, params, players, err := o.Game.Resolve()
	if err != nil {
		return nil, err
	}
	if players < 2 {
		return nil, fmt.Errorf("ablate compares a restricted player with unrestricted opponents: %s with %d player has none (use --players 2 or more)", g.Name, players)
	}
	if strings.TrimSpace(o.Agents) == "" {
		return nil, errors.New("--agents is required: the base agent, one spec (see dragonlab agents)")
	}
	fs, err := agents.ParseList(o.Agents)
	if err != nil {
		return nil, err
	}
	if len(fs) != 1 {
		return nil, fmt.Errorf("--agents %s: ablate takes one base agent, got %d", o.Agents, len(fs))
	}
	base := fs[0]
	deals, err := dealsOf("--games", o.Games, players)
	if err != nil {
		return nil, err
	}
	classes, err := ActionClasses(g, params, players)
	if err != nil {
		return nil, err
	}
	if len(o.Forbid) == 0 && !o.ForbidEach {
		return nil, fmt.Errorf("give --forbid class[,class…] or --forbid-each (%s action classes: %s)", g.Name, strings.Join(classes, ", "))
	}
	index := map[string]int{}
	for i, name := range classes {
		index[name] = i
	}
	// The restrictions: each --forbid (classes in the game's order), then each class.
	var sets [][]string
	seen := map[string]bool{}
	addSet := func(set []string, flag string) error {
		key := strings.Join(set, "+")
		if seen[key] {
			return fmt.Errorf("%s: the restriction %s is given twice", flag, key)
		}
		seen[key] = true
		sets = append(sets, set)
		return nil
	}
	for _, spec := range o.Forbid {
		in := map[string]bool{}
		for _, name := range strings.Split(spec, ",") {
			name = strings.TrimSpace(name)
			if _, ok := index[name]; !ok {
				return nil, fmt.Errorf("--forbid %s: unknown action class %q of %s (valid: %s)", spec, name, g.Name, strings.Join(classes, ", "))
			}
			in[name] = true
		}
		if len(in) == len(classes) {
			return nil, fmt.Errorf("--forbid %s forbids every action class of %s: the restricted player would have no choice left to compare", spec, g.Name)
		}
		var set []string
		for _, name := range classes { // canonical order
			if in[name] {
				set = append(set, name)
			}
		}
		if err := addSet(set, "--forbid "+spec); err != nil {
			return nil, err
		}
	}
	if o.ForbidEach {
		if len(classes) < 2 {
			return nil, fmt.Errorf("--forbid-each: %s has a single action class (%s); forbidding it forbids every action", g.Name, classes[0])
		}
		for _, name := range classes {
			if !seen[name] {
				addSet([]string{name}, "--forbid-each")
			}
		}
	}
	p := o.newPlan("ablate")
	opts := AblateOptions{Meta: newMeta(g, params, players, o.Seed), Base: base.Spec, Classes: classes, Baseline: "base"}
	p.Add(plan.Run{Name: "base", Label: "baseline: " + agents.Short(base.Spec), Players: players, Seating: sim.SeatDuplicate,
		Seed: o.Seed, Units: deals}, g, params, repeat(base, players))
	for i, set := range sets {
		spec := restrictSpec(base.Spec, set)
		r, err := agents.Parse(spec)
		if err != nil {
			return nil, fmt.Errorf("cannot restrict %s: %v", base.Spec, err)
		}
		name := "forbid-" + strings.Join(set, "+")
		if len(name) > 120 {
			name = fmt.Sprintf("forbid-%d-%s", i+1, fileSlug(strings.Join(set, "+")))
		}
		p.Add(plan.Run{Name: name, Label: "forbid " + strings.Join(set, "+"), Players: players, Seating: sim.SeatDuplicate,
			Seed: o.Seed, Units: deals}, g, params, aloneAgainst(r, base, players))
		opts.Restrictions = append(opts.Restrictions, Restriction{Forbid: set, Run: name})
	}
	return p, p.SetOptions(opts)
}
