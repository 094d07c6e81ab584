package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/engine/value"
)

// FileFit fits a value-function file (`dragonlab luck-model fit`): one model per player
// count, each on self-play at the measuring level, all with one seed, rules and ridge.
type FileFit struct {
	Game    engine.Game
	Params  engine.Params // validated
	Agent   agents.Factory
	Seed    uint64
	Games   int64 // per player count
	Workers int
	Ridge   float64
	// Forms, HeldOut and HeldOutSeed: FitConfig's; Baseline the file frozen before (nil:
	// none), whose model of each count is measured beside the new one.
	Forms       []value.Spec
	HeldOut     int64
	HeldOutSeed uint64
	Baseline    *value.Loaded
	File        value.File // the file fitted so far
}

// NewFileFit starts a fit with an empty file, its provenance filled in.
func NewFileFit(g engine.Game, p engine.Params, agent agents.Factory, seed uint64, games int64, workers int, ridge float64) *FileFit {
	return &FileFit{Game: g, Params: p, Agent: agent, Seed: seed, Games: games, Workers: workers, Ridge: ridge,
		File: value.File{Schema: value.Schema, Game: g.Name,
			Fit: value.FitInfo{Tool: ToolName(), Seed: seed, Params: engine.ParamsJSON(p), Ridge: ridge}}}
}

// Keep keeps old's models of the player counts that are not fitted again.
func (f *FileFit) Keep(old *value.Loaded, counts []int) {
	for _, m := range old.File.Models {
		if !slices.Contains(counts, m.Players) {
			f.File.Models = append(f.File.Models, m)
		}
	}
}

// Config is the fit of n players, checked: the rules hold for n players and the game has
// value features. Every error is bad input.
func (f *FileFit) Config(n int) (FitConfig, error) {
	if err := f.Params.Validate(n); err != nil {
		return FitConfig{}, fmt.Errorf("%s rules for %d players: %w", f.Game.Name, n, err)
	}
	s, err := f.Game.New(f.Params, n)
	if err != nil {
		return FitConfig{}, err
	}
	vf, ok := s.(engine.ValueFeatures)
	if !ok {
		return FitConfig{}, fmt.Errorf("game %s has no value features: it cannot have a value function", f.Game.Name)
	}
	f.File.Version, _ = vf.FeatureSet()
	cfg := FitConfig{Game: f.Game, Params: f.Params, Players: n, Agent: f.Agent, Seed: f.Seed, Games: f.Games, Workers: f.Workers, Ridge: f.Ridge,
		Forms: f.Forms, HeldOut: f.HeldOut, HeldOutSeed: f.HeldOutSeed}
	if f.Baseline != nil {
		cfg.Baseline = f.Baseline.Model(n)
	}
	if len(f.Forms) > 0 {
		f.File.Fit.HeldOutSeed = f.HeldOutSeed
	}
	return cfg, nil
}

// Add plays and fits cfg (from Config) and adds its model to the file, in player-count
// order.
func (f *FileFit) Add(ctx context.Context, cfg FitConfig) (*value.Model, error) {
	m, err := FitValue(ctx, cfg)
	if err != nil {
		return nil, err
	}
	f.File.Models = append(f.File.Models, *m)
	slices.SortFunc(f.File.Models, func(a, b value.Model) int { return a.Players - b.Players })
	return m, nil
}

// Matches reports whether old was fitted with the fit's seed, rules and ridge: a model
// fitted otherwise would not be one value function with the fit's.
func (f *FileFit) Matches(old *value.Loaded) bool {
	var had, want bytes.Buffer
	json.Compact(&had, old.File.Fit.Params)
	json.Compact(&want, engine.ParamsJSON(f.Params))
	return old.File.Fit.Seed == f.Seed && bytes.Equal(had.Bytes(), want.Bytes()) && old.File.Fit.Ridge == f.Ridge &&
		(len(f.Forms) == 0 || old.File.Fit.HeldOutSeed == f.HeldOutSeed)
}

// BaselineValueFile is the value function a new fit is measured beside: the file at path,
// the game's built-in one when path is "", none when path is "none" (nil, nil, nil). A
// built-in file that does not match these rules is not an error: warn says why it is left
// out.
func BaselineValueFile(g engine.Game, p engine.Params, path string) (b *value.Loaded, warn, err error) {
	data := g.Value
	switch path {
	case "none":
		return nil, nil, nil
	case "":
	default:
		if data, err = os.ReadFile(path); err != nil {
			return nil, nil, err
		}
	}
	if data == nil {
		return nil, nil, nil
	}
	b, err = value.ParseFor(g, p, data)
	if err != nil && path == "" {
		return nil, err, nil
	}
	return b, nil, err
}
