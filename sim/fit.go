package sim

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/engine/value"
)

// Fitting a value function (package value): self-play games at the measuring level,
// every seat's features at every decision and after every chance event of each game,
// against the seat's final win share; least squares on them. Game i is seeded like game i
// of a run with the fit's seed; blocks of games are fitted apart and added in order, so
// the model is the same for any number of workers.

// FitConfig describes one fit: one player count of one game.
type FitConfig struct {
	Game     engine.Game
	Params   engine.Params // validated
	Players  int
	Agent    agents.Factory // in every seat
	Seed     uint64
	Games    int64
	Workers  int     // 0: all cores
	Ridge    float64 // per-sample ridge penalty on the feature weights
	Progress func(done int64)

	// Forms are the learned forms to fit beside the linear model (fit_learn.go); none:
	// the linear model alone, on every game, as the first files were fitted.
	Forms []value.Spec
	// HeldOut games of HeldOutSeed measure every candidate (and Baseline, the model
	// frozen before, if any) on positions no model was fitted or chosen on.
	HeldOut     int64
	HeldOutSeed uint64
	Baseline    *value.Model
}

// fitBlock is how many games are fitted together.
const fitBlock = 16

// FitValue plays cfg's games and fits the model of cfg.Players.
func FitValue(ctx context.Context, cfg FitConfig) (*value.Model, error) {
	if err := cfg.Game.CheckPlayers(cfg.Players); err != nil {
		return nil, err
	}
	if cfg.Games < 1 {
		return nil, fmt.Errorf("the number of games must be positive")
	}
	if err := CheckRidge(cfg.Ridge); err != nil {
		return nil, err
	}
	s, err := cfg.Game.New(cfg.Params, cfg.Players)
	if err != nil {
		return nil, err
	}
	vf, ok1 := s.(engine.ValueFeatures)
	_, ok2 := s.(engine.ChanceEvents)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("game %s does not expose its chance events and value features: it has no value function", cfg.Game.Name)
	}
	_, names := vf.FeatureSet()
	fs := make([]agents.Factory, cfg.Players)
	for i := range fs {
		fs[i] = cfg.Agent
	}
	if err := CheckAgents(cfg.Game, cfg.Params, cfg.Players, fs); err != nil {
		return nil, err
	}
	if len(cfg.Forms) > 0 {
		return fitLearned(ctx, &cfg, names)
	}
	pl, err := playFit(ctx, &cfg, cfg.Seed, cfg.Games, len(names), nil)
	if err != nil {
		return nil, err
	}
	total := value.NewNormal(cfg.Players, len(names))
	for _, nm := range pl.normals {
		total.Add(nm)
	}
	ic, w, r2, err := total.Solve(cfg.Ridge)
	if err != nil {
		return nil, fmt.Errorf("%s, %d players: %v", cfg.Game.Name, cfg.Players, err)
	}
	return &value.Model{Players: cfg.Players, Agent: cfg.Agent.Spec, Games: cfg.Games, Features: names, Intercept: ic, Weights: w, Samples: total.N, R2: r2}, nil
}

// played is the positions of a fit's games, per block of fitBlock games: the normal
// equations of the games the linear model is fitted on, and (when kept) the positions
// themselves, of fitting games and of validation games (those valid picks).
type played struct {
	normals      []*value.Normal
	train, valid []*value.Data
}

// playFit plays games games of seed in blocks on cfg.Workers workers. With valid nil
// every game is a fitting game and only the normal equations are kept.
func playFit(ctx context.Context, cfg *FitConfig, seed uint64, games int64, k int, valid func(i int64) bool) (*played, error) {
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	blocks := (games + fitBlock - 1) / fitBlock
	pl := &played{normals: make([]*value.Normal, blocks)}
	keep := valid != nil
	if keep {
		pl.train, pl.valid = make([]*value.Data, blocks), make([]*value.Data, blocks)
	}
	var next, done atomic.Int64
	g, ctx := errgroup.WithContext(ctx)
	for range workers {
		g.Go(func() error {
			f, err := newFitter(cfg, k)
			if err != nil {
				return err
			}
			for {
				b := next.Add(1) - 1
				if b >= blocks {
					return nil
				}
				if err := ctx.Err(); err != nil {
					return err
				}
				nm := value.NewNormal(cfg.Players, k)
				var tr, va *value.Data
				if keep {
					tr, va = &value.Data{Players: cfg.Players, K: k}, &value.Data{Players: cfg.Players, K: k}
				}
				for i := b * fitBlock; i < min((b+1)*fitBlock, games); i++ {
					f.play(seed, i)
					switch {
					case !keep:
						f.addNormal(nm)
					case valid(i):
						f.addData(va)
					default:
						f.addNormal(nm)
						f.addData(tr)
					}
					if cfg.Progress != nil {
						cfg.Progress(done.Add(1))
					}
				}
				pl.normals[b] = nm
				if keep {
					pl.train[b], pl.valid[b] = tr, va
				}
			}
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return pl, nil
}

// fitter plays the games of one worker and keeps every position's features of the game
// being played.
type fitter struct {
	cfg    *FitConfig
	state  engine.State
	agents []agents.Agent
	rngs   []engine.RNG
	out    []float64
	nk     int
	rows   []float64 // features of the game's positions, nk per position
}

func newFitter(cfg *FitConfig, k int) (*fitter, error) {
	s, err := cfg.Game.New(cfg.Params, cfg.Players)
	if err != nil {
		return nil, err
	}
	f := &fitter{cfg: cfg, state: s, rngs: make([]engine.RNG, cfg.Players), out: make([]float64, cfg.Players), nk: cfg.Players * k}
	for range cfg.Players {
		f.agents = append(f.agents, cfg.Agent.New())
	}
	return f, nil
}

// keep appends st's features unless the game is over.
func (f *fitter) keep(st engine.State) {
	if st.Terminal() {
		return
	}
	n := len(f.rows)
	f.rows = append(f.rows, make([]float64, f.nk)...)
	st.(engine.ValueFeatures).Features(f.rows[n:])
}

func (f *fitter) BeforeChance(engine.State)   {}
func (f *fitter) AfterChance(st engine.State) { f.keep(st) }

// play plays game i of seed and keeps its positions and result.
func (f *fitter) play(seed uint64, i int64) {
	s := f.state
	ce := s.(engine.ChanceEvents)
	seed = GameSeed(seed, i)
	f.rows = f.rows[:0]
	ce.ResetObserved(seed, f)
	for seat := range f.rngs {
		f.rngs[seat].Seed(agentSeed(seed, seat, 0))
	}
	for !s.Terminal() {
		f.keep(s)
		seat := s.ToMove()
		ce.ApplyObserved(f.agents[seat].Act(s, &f.rngs[seat]), f)
	}
	s.Result(f.out)
}

// addNormal adds the game played to nm: every seat at every position.
func (f *fitter) addNormal(nm *value.Normal) {
	k := f.nk / f.cfg.Players
	for p := 0; p+f.nk <= len(f.rows); p += f.nk {
		for seat := range f.out {
			nm.AddRow(seat, f.rows[p+seat*k:p+(seat+1)*k], f.out[seat])
		}
	}
}

// addData adds the game played's positions to d.
func (f *fitter) addData(d *value.Data) {
	for p := 0; p+f.nk <= len(f.rows); p += f.nk {
		d.Add(f.rows[p:p+f.nk], f.out)
	}
}
