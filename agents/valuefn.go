package agents

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sync"

	"dragonlab/engine"
	"dragonlab/engine/value"
)

// SeatValues is a learned value function as the search uses it: every seat's expected win
// share from the features the game's engine writes (engine.ValueFeatures, seat-major).
// value.Model (the linear model behind luck accounting) is one; a richer model drops in
// by implementing Eval and being returned by valueModel.
type SeatValues interface {
	Eval(features, v []float64)
}

// The expert's uses of a value function (option v).
const (
	vNone  = "none"  // the game's evaluation (score margin and heuristic, squashed)
	vCut   = "cut"   // the value function scores the leaf of a cut-off rollout
	vPrior = "prior" // the value function gives the prior's heuristic of each new child
	vBoth  = "both"  // both
)

var vModes = []string{vNone, vCut, vPrior, vBoth}

// valueFn evaluates a state with a value function, in scratch space it owns (no
// allocation after it is made).
type valueFn struct {
	model SeatValues
	k     int       // features per seat
	feats []float64 // players × k
	cut   bool      // scores cut-off leaves
	w     float64   // at a cut-off, the value's weight against the squashed evaluation (1: the value alone)
	prior bool      // gives the prior's heuristic
}

// values writes every seat's value of st into out, clamped into [0, 1] (a linear model
// can stray outside a win share). st is a state of the search: a determinization of the
// observer's information set (or a copy of one), never the true state, so the features'
// sight of every seat's cards sees only what the determinization dealt.
func (f *valueFn) values(st engine.State, out []float64) {
	unwrap(st).(engine.ValueFeatures).Features(f.feats)
	f.model.Eval(f.feats, out)
	for i, v := range out {
		out[i] = min(max(v, 0), 1)
	}
}

// loadedValues caches the parsed value-function file of each game (nil: the game has
// none, or its file does not match its features), parsed once per process.
var loadedValues struct {
	sync.Mutex
	files map[string]*value.Loaded
}

// valueModel returns the value function for the game of s and its player count, with mode
// (one of vModes), or nil when mode is none or the game has no value function for this
// player count and these rules' features (the search then uses the game's evaluation).
// own, when not nil, is a value-function file read for one game (option vfile), used in
// place of that game's own.
func valueModel(s engine.State, mode string, own *value.Loaded) (*valueFn, error) {
	if mode == vNone || mode == "" {
		return nil, nil
	}
	vf, ok := unwrap(s).(engine.ValueFeatures)
	if !ok {
		return nil, nil
	}
	name := gameName(s)
	g, err := engine.Lookup(name)
	if err != nil || g.Value == nil {
		return nil, nil
	}
	l := own
	if l == nil || l.File.Game != name {
		if l, err = loadValueFile(g); err != nil {
			return nil, err
		}
	}
	m := l.Model(s.Players())
	_, names := vf.FeatureSet()
	if m == nil || !slices.Equal(m.Features, names) {
		return nil, nil
	}
	return &valueFn{model: m, k: len(names), feats: make([]float64, s.Players()*len(names)), w: 1,
		cut: mode == vCut || mode == vBoth, prior: mode == vPrior || mode == vBoth}, nil
}

// readValueFile reads a value-function file for the game it names (option vfile), checked
// against that game's features as the game's own file is.
func readValueFile(path string) (*value.Loaded, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("option vfile: %v", err)
	}
	var head struct{ Game string }
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("option vfile: %s is not a dragonlab value-function file: %v", path, err)
	}
	g, err := engine.Lookup(head.Game)
	if err != nil {
		return nil, fmt.Errorf("option vfile: %s: %v", path, err)
	}
	l, err := value.ParseFor(g, g.DefaultParams(), data)
	if err != nil {
		return nil, fmt.Errorf("option vfile: %s: %v", path, err)
	}
	return l, nil
}

// loadValueFile parses g's embedded value function once, checking it against the
// features of g's default rules at every player count.
func loadValueFile(g engine.Game) (*value.Loaded, error) {
	loadedValues.Lock()
	defer loadedValues.Unlock()
	if l, ok := loadedValues.files[g.Name]; ok {
		return l, nil
	}
	l, err := value.ParseFor(g, g.DefaultParams(), g.Value)
	if err != nil {
		return nil, fmt.Errorf("the value function of %s: %v", g.Name, err)
	}
	if loadedValues.files == nil {
		loadedValues.files = map[string]*value.Loaded{}
	}
	loadedValues.files[g.Name] = l
	return l, nil
}
