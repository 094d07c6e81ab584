package sim

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"dragonlab/engine/value"
)

// A learned value function (FitConfig.Forms): the model is chosen by measurement. The
// fit's games are split by index: every ValidEvery-th game is a validation game, the rest
// are fitting games. Every candidate — the linear model (least squares on every position
// of the fitting games, as before) and each learned form (value.Train on at most its
// Spec.MaxPositions of their positions, evenly spread) — is fitted on the fitting games;
// the one with the lowest log-loss on the validation games is kept. Then every candidate,
// and the model frozen before (FitConfig.Baseline), is measured on HeldOut games of
// another seed that nothing was fitted or chosen on: that is the fit the file records.

// ValidEvery: game i of a fit is a validation game when i mod ValidEvery is
// ValidEvery−1.
const ValidEvery = 5

// MaxValidPositions bounds the validation positions the candidates are chosen on.
const MaxValidPositions = 100_000

// DefaultForms are the learned forms a fit tries: a logistic GLM on the features, one
// with their pairwise interactions, and a network with 8 hidden units.
const DefaultForms = "glm,glm+pairs,mlp:8"

// ParseForms reads a list of forms ("glm", "glm+pairs", "mlp:H"; "linear" alone or ""
// for none).
func ParseForms(list string) ([]value.Spec, error) {
	var out []value.Spec
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		var sp value.Spec
		switch {
		case f == "" || f == value.KindLinear:
			continue
		case f == value.KindGLM:
			sp = value.Spec{Kind: value.KindGLM, L2: 1e-4, Iters: 300, MaxPositions: 300_000}
		case f == "glm+pairs":
			sp = value.Spec{Kind: value.KindGLM, Pairs: true, L2: 1e-3, Iters: 200, MaxPositions: 60_000}
		case strings.HasPrefix(f, "mlp:"):
			h, err := strconv.Atoi(f[4:])
			if err != nil || h < 1 || h > value.MaxHidden {
				return nil, fmt.Errorf("--forms: %q: want mlp:H with H from 1 to %d hidden units", f, value.MaxHidden)
			}
			sp = value.Spec{Kind: value.KindMLP, Hidden: h, L2: 1e-4, Iters: 300, MaxPositions: 60_000}
		default:
			return nil, fmt.Errorf("--forms: unknown form %q (linear, glm, glm+pairs, mlp:H)", f)
		}
		for _, o := range out {
			if o.Name() == sp.Name() {
				return nil, fmt.Errorf("--forms: %s twice", f)
			}
		}
		out = append(out, sp)
	}
	return out, nil
}

// candidate is one model of a fit.
type candidate struct {
	name  string
	model *value.Model
	valid float64
}

func fitLearned(ctx context.Context, cfg *FitConfig, names []string) (*value.Model, error) {
	if cfg.HeldOut < 1 {
		return nil, fmt.Errorf("a learned value function needs held-out games to be measured on")
	}
	if cfg.HeldOutSeed == cfg.Seed {
		return nil, fmt.Errorf("the held-out seed must differ from the fit's seed %d", cfg.Seed)
	}
	if cfg.Games < ValidEvery {
		return nil, fmt.Errorf("a learned value function needs at least %d games (every %d-th validates)", ValidEvery, ValidEvery)
	}
	k := len(names)
	pl, err := playFit(ctx, cfg, cfg.Seed, cfg.Games, k, func(i int64) bool { return i%ValidEvery == ValidEvery-1 })
	if err != nil {
		return nil, err
	}
	train, valid := &value.Data{Players: cfg.Players, K: k}, &value.Data{Players: cfg.Players, K: k}
	total := value.NewNormal(cfg.Players, k)
	for b := range pl.normals {
		total.Add(pl.normals[b])
		train.Append(pl.train[b])
		valid.Append(pl.valid[b])
	}
	validGames := cfg.Games / ValidEvery
	where := fmt.Sprintf("%s, %d players", cfg.Game.Name, cfg.Players)
	ic, w, r2, err := total.Solve(cfg.Ridge)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", where, err)
	}
	base := value.Model{Players: cfg.Players, Agent: cfg.Agent.Spec, Games: cfg.Games, Features: names, Samples: total.N}
	lin := base
	lin.Intercept, lin.Weights, lin.R2 = ic, w, r2
	cands := []candidate{{name: value.KindLinear, model: &lin}}
	link := value.LinkFor(train)
	check := valid.Thin(MaxValidPositions)
	var glm *value.Model
	for _, sp := range cfg.Forms {
		init := glm // the network starts from the GLM's linear part
		if init == nil {
			init = &lin // its intercepts only (its weights are on another scale)
		}
		small := train.Thin(sp.MaxPositions)
		m, err := value.Train(small, sp, link, init)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		full := base
		full.Kind, full.Link, full.Center, full.Spread, full.Pairs = m.Kind, m.Link, m.Center, m.Spread, m.Pairs
		full.Hidden, full.Layer, full.Out, full.Intercept, full.Weights = m.Hidden, m.Layer, m.Out, m.Intercept, m.Weights
		full.Samples = int64(small.Positions() * cfg.Players)
		full.R2 = value.Score(&full, small, 0).R2
		if sp.Kind == value.KindGLM && !sp.Pairs {
			glm = &full
		}
		cands = append(cands, candidate{name: sp.Name(), model: &full})
	}
	best := 0
	for i := range cands {
		cands[i].valid = value.Score(cands[i].model, check, validGames).LogLoss
		if cands[i].valid < cands[best].valid {
			best = i
		}
	}
	held, err := playFit(ctx, cfg, cfg.HeldOutSeed, cfg.HeldOut, k, func(int64) bool { return true })
	if err != nil {
		return nil, err
	}
	ho := &value.Data{Players: cfg.Players, K: k}
	for _, d := range held.valid {
		ho.Append(d)
	}
	out := *cands[best].model
	if cfg.Baseline != nil {
		me := value.Score(cfg.Baseline, ho, cfg.HeldOut)
		me.Bins = nil
		out.Compared = append(out.Compared, value.Compared{Name: "frozen before (" + cfg.Baseline.Form() + ")", HeldOut: me})
	}
	for _, c := range cands {
		me := value.Score(c.model, ho, cfg.HeldOut)
		me.Bins = nil
		out.Compared = append(out.Compared, value.Compared{Name: c.name, Validation: c.valid, HeldOut: me})
	}
	me := value.Score(&out, ho, cfg.HeldOut)
	out.HeldOut = &me
	return &out, nil
}
