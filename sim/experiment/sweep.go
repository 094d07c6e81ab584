package experiment

import (
	"errors"
	"fmt"
	"strings"

	"dragonlab/engine"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// Sweep plays the same run for each value of one or two rules parameters, or each rules
// file.
type Sweep struct {
	Common
	Game Game
	// Agents is one spec per seat, comma-separated ("": random in every seat).
	Agents string
	// Vary are the varied parameters, key=v1,v2,… or key=lo..hi[:step]; once or twice.
	Vary []string
	// Variants are rules files to compare (when VariantsSet).
	Variants    []string
	VariantsSet bool
	// Games per value.
	Games int64
}

// SweepOptions are the plan options of a sweep: the varied parameters (a rules-file
// variant is a "parameter" named rules whose values are the files) and the run of each
// cell, in SweepCells order.
type SweepOptions struct {
	Meta   Meta     `json:"meta"`
	Agents []string `json:"agents"`
	Vary   []Vary   `json:"vary"`
	Runs   []string `json:"runs"`
}

// variantsKey names the rules-file dimension of a sweep.
const variantsKey = "rules"

func init() {
	register(&Kind{Name: "sweep", DefaultOut: "sweep", check: checkSweep})
}

// Plan validates everything and builds one run per combination of values.
func (o Sweep) Plan() (*plan.Plan, error) {
	g, base, players, err := o.Game.Resolve()
	if err != nil {
		return nil, err
	}
	fs, err := ParseAgents(o.Agents, players)
	if err != nil {
		return nil, err
	}
	if o.Games <= 0 {
		return nil, fmt.Errorf("--games must be positive, not %d", o.Games)
	}
	maxVary := 2
	if o.VariantsSet {
		maxVary = 1
	}
	switch n := len(o.Vary); {
	case n == 0 && !o.VariantsSet:
		return nil, fmt.Errorf("--vary or --variants is required: key=v1,v2,… or key=lo..hi[:step] (keys: %s), or rules files", strings.Join(engine.ParamKeys(g), ", "))
	case n > maxVary && maxVary == 1:
		return nil, fmt.Errorf("--vary is given %d times with --variants: a sweep of rules files varies at most one parameter", n)
	case n > maxVary:
		return nil, fmt.Errorf("--vary is given %d times: a sweep varies one or two parameters", n)
	}
	var vs []Vary
	for _, spec := range o.Vary {
		v, err := ParseVary(g, spec)
		if err != nil {
			return nil, err
		}
		if len(vs) == 1 && vs[0].Key == v.Key {
			return nil, fmt.Errorf("--vary %s is given twice", v.Key)
		}
		vs = append(vs, v)
	}
	// The rules files, each read onto a fresh copy of the base rules (validated below,
	// with the varied values).
	variants := map[string]engine.Params{}
	if o.VariantsSet {
		v := Vary{Key: variantsKey}
		for _, file := range o.Variants {
			file = strings.TrimSpace(file)
			if file == "" {
				return nil, errors.New("--variants: an empty file name")
			}
			if _, dup := variants[file]; dup {
				return nil, fmt.Errorf("--variants: %s is given twice", file)
			}
			p := cloneParams(g, base)
			if err := engine.LoadParams(g, p, file); err != nil {
				return nil, fmt.Errorf("--variants: %v", err)
			}
			for _, s := range o.Game.Sets { // --set stays on top of every variant
				if err := engine.SetParam(g, p, s); err != nil {
					return nil, err
				}
			}
			variants[file] = p
			v.Values = append(v.Values, file)
		}
		if len(v.Values) < 2 {
			return nil, fmt.Errorf("--variants needs at least two rules files to compare, got %d", len(v.Values))
		}
		vs = append(vs, v)
	}
	n, index := SweepCells(vs)
	if n > MaxSweepCells {
		return nil, fmt.Errorf("the sweep has %d runs, more than the %d allowed: use fewer values", n, MaxSweepCells)
	}
	p := o.newPlan("sweep")
	opts := SweepOptions{Meta: newMeta(g, base, players, o.Seed), Agents: specs(fs), Vary: vs}
	used := map[string]bool{}
	same := map[string]string{} // rules → the label of the run that plays them
	for i := 0; i < n; i++ {
		idx := index(i)
		// The variant first (it replaces the base rules; the rules files are the last
		// dimension), then the varied parameter.
		params := base
		if k := len(vs) - 1; vs[k].Key == variantsKey {
			params = variants[vs[k].Values[idx[k]]]
		}
		params = cloneParams(g, params)
		var label, stem []string
		for k, j := range idx {
			v := vs[k]
			if v.Key == variantsKey {
				label = append(label, v.Values[j])
				stem = append(stem, fileSlug(strings.TrimSuffix(v.Values[j], ".json")))
				continue
			}
			a := v.Assignment(j)
			if err := engine.SetParam(g, params, a); err != nil {
				msg := strings.TrimPrefix(err.Error(), "--set "+a+": ")
				return nil, fmt.Errorf("--vary %s: %s", a, msg)
			}
			label = append(label, a)
			stem = append(stem, fileSlug(v.Key)+"="+fileSlug(v.Values[j]))
		}
		if err := params.Validate(players); err != nil {
			return nil, fmt.Errorf("%s: %s rules: %v", strings.Join(label, " "), g.Name, err)
		}
		rules := string(engine.ParamsJSON(params))
		if other, ok := same[rules]; ok {
			return nil, fmt.Errorf("%s and %s play the same rules: a sweep compares different rules (does a --vary replace what the --variants files set?)", other, strings.Join(label, " "))
		}
		same[rules] = strings.Join(label, " ")
		name := "sweep-" + strings.Join(stem, "-")
		if used[strings.ToLower(name)] { // long values cut to the same name
			name = fmt.Sprintf("sweep-%d-%s", i+1, strings.Join(stem, "-"))
		}
		used[strings.ToLower(name)] = true
		p.Add(plan.Run{Name: name, Label: strings.Join(label, " "), Players: players, Seating: sim.SeatFixed,
			Seed: o.Seed, Units: o.Games}, g, params, fs)
		opts.Runs = append(opts.Runs, name)
	}
	return p, p.SetOptions(opts)
}
