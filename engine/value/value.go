// Package value is the value functions behind luck accounting: for each game, a linear
// model of every seat's expected win share from the features the game's engine provides
// (engine.ValueFeatures), fitted on self-play at the measuring level and then frozen in a
// versioned file beside the game (engine/<game>/value.json, embedded and registered with
// the game). The runner uses it to weigh each chance event (AIVAT, Burch et al. 2018).
//
// A value function judges after the fact: any function of the state gives unbiased luck
// corrections, because a chance correction is the value after an event minus its
// expectation over the event's outcomes under their true probabilities. A better one only
// makes the corrections carry more of the outcome. So the file is fitted once, on seeds
// disjoint from every analysed run (the fit's seed is recorded and refused for runs), and
// refitting it is a deliberate command (dragonlab luck-model fit), never a side effect.
package value

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"

	"dragonlab/engine"
)

// Schema names the value-function file format: v2 has the learned forms (model.go) and
// each model's held-out fit. A v1 file (linear models only) is still read.
const (
	Schema   = "dragonlab.value/v2"
	SchemaV1 = "dragonlab.value/v1"
)

// File is a value-function file: one model per player count of one game.
type File struct {
	Schema string `json:"schema"`
	Game   string `json:"game"`
	// Version is the version of the engine's features the models weigh
	// (engine.ValueFeatures.FeatureSet): a file for another version is refused.
	Version string  `json:"version"`
	Fit     FitInfo `json:"fit"`
	Models  []Model `json:"models"` // by player count, ascending
}

// FitInfo is how the models were fitted.
type FitInfo struct {
	Tool   string          `json:"tool"`   // the dragonlab that fitted them
	Seed   uint64          `json:"seed"`   // the fit's run seed: analysed runs must use others
	Params json.RawMessage `json:"params"` // the rules fitted on
	Ridge  float64         `json:"ridge"`  // ridge penalty per sample on the feature weights
	// HeldOutSeed is the run seed of the held-out games each model's HeldOut was measured
	// on (v2): games no model was fitted or chosen on.
	HeldOutSeed uint64 `json:"heldOutSeed,omitempty"`
}

// Model is the value function of one player count. A linear one: seat s's value is
// Intercept[s] + Σ_j Weights[j]·feature_j(s); the learned forms are in model.go.
type Model struct {
	Kind      string    `json:"kind,omitempty"` // linear ("" in v1), glm or mlp
	Link      string    `json:"link,omitempty"` // glm, mlp: softmax or logistic
	Players   int       `json:"players"`
	Agent     string    `json:"agent"`    // the measuring level it was fitted at, in every seat
	Games     int64     `json:"games"`    // self-play games of the fit (with its validation games)
	Features  []string  `json:"features"` // the engine's names, in its order
	Intercept []float64 `json:"intercept"`
	Weights   []float64 `json:"weights"`
	Samples   int64     `json:"samples"` // positions × seats fitted on
	R2        float64   `json:"r2"`      // share of the outcome's variance it explains on them

	// The learned forms (model.go): the standardisation of the features, the GLM's
	// pairwise products (their weights follow the features' in Weights), the network's
	// hidden layer (Hidden rows of a bias and one weight per feature) and its output
	// weights.
	Center []float64 `json:"center,omitempty"`
	Spread []float64 `json:"spread,omitempty"`
	Pairs  bool      `json:"pairs,omitempty"`
	Hidden int       `json:"hidden,omitempty"`
	Layer  []float64 `json:"layer,omitempty"`
	Out    []float64 `json:"out,omitempty"`

	// HeldOut is the model's fit on the held-out games (FitInfo.HeldOutSeed); Compared
	// the candidates it was chosen among, each measured on the same games (v2).
	HeldOut  *Measure   `json:"heldOut,omitempty"`
	Compared []Compared `json:"compared,omitempty"`
}

// Compared is one candidate model of a fit: its log-loss on the fit's validation games
// (which chose the model) and on the held-out games.
type Compared struct {
	Name       string  `json:"name"` // "linear (frozen before)", "linear", "glm", "glm+pairs", "mlp:8" …
	Validation float64 `json:"validation,omitempty"`
	HeldOut    Measure `json:"heldOut"`
}

// Ref identifies a value function in results files.
type Ref struct {
	Game    string `json:"game"`
	Version string `json:"version"`
	SHA256  string `json:"sha256"` // of the file's bytes
	Agent   string `json:"agent"`  // the level the model used was fitted at
	Seed    uint64 `json:"seed"`   // the fit's seed
}

// Loaded is a parsed, validated file with its reference.
type Loaded struct {
	File File
	Ref  Ref
}

// Parse decodes and validates a value-function file for game, whose engine's features
// have version and names (one list per player count, from MinPlayers): a file for another
// game or another version of the features is refused with one line saying so.
func Parse(data []byte, game, version string, names map[int][]string) (*Loaded, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f File
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("not a dragonlab value-function file: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("not a dragonlab value-function file: data after the JSON object")
	}
	if f.Schema != Schema && f.Schema != SchemaV1 {
		return nil, fmt.Errorf("not a dragonlab value-function file of a version this dragonlab reads (schema %q, want %q)", f.Schema, Schema)
	}
	if f.Game != game {
		return nil, fmt.Errorf("the value function is for %s, not %s", f.Game, game)
	}
	if f.Version != version {
		return nil, fmt.Errorf("the value function weighs the features %s, but this dragonlab's %s has %s: refit it (dragonlab luck-model fit)", f.Version, game, version)
	}
	if len(f.Models) == 0 {
		return nil, fmt.Errorf("the value function has no model")
	}
	for i, m := range f.Models {
		want, ok := names[m.Players]
		switch {
		case !ok:
			return nil, fmt.Errorf("the value function has a model for %d players, which %s is not played by", m.Players, game)
		case i > 0 && m.Players <= f.Models[i-1].Players:
			return nil, fmt.Errorf("the value function's models are not by player count ascending")
		case !slices.Equal(m.Features, want):
			return nil, fmt.Errorf("the %d-player model weighs other features than %s %s has", m.Players, game, version)
		case len(m.Intercept) != m.Players:
			return nil, fmt.Errorf("the %d-player model has %d intercepts for %d seats", m.Players, len(m.Intercept), m.Players)
		case m.Samples < 0 || m.Games < 0:
			return nil, fmt.Errorf("the %d-player model was fitted on %d games, %d samples", m.Players, m.Games, m.Samples)
		case f.Schema == SchemaV1 && m.kind() != KindLinear:
			return nil, fmt.Errorf("the %d-player model is a %s in a v1 file (linear only)", m.Players, m.Kind)
		}
		if err := m.checkForm(); err != nil {
			return nil, err
		}
		for _, x := range slices.Concat(m.numbers()...) {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, fmt.Errorf("the %d-player model has a number that is not finite", m.Players)
			}
		}
	}
	sum := sha256.Sum256(data)
	return &Loaded{File: f, Ref: Ref{Game: game, Version: version, SHA256: hex.EncodeToString(sum[:]), Seed: f.Fit.Seed}}, nil
}

// For is the reference of the file as used for players (with that model's level).
func (l *Loaded) For(players int) *Loaded {
	c := *l
	if m := l.Model(players); m != nil {
		c.Ref.Agent = m.Agent
	}
	return &c
}

// Model returns the model for players, or nil.
func (l *Loaded) Model(players int) *Model {
	for i := range l.File.Models {
		if l.File.Models[i].Players == players {
			return &l.File.Models[i]
		}
	}
	return nil
}

// Marshal encodes a file as indented JSON with a final newline (the form that is
// embedded, and hashed).
func (f *File) Marshal() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// ParseFor reads a value-function file of game g, checked against the features its states
// of rules p have at every player count the game can have (the luck accounting's, a fit's
// and the expert's check).
func ParseFor(g engine.Game, p engine.Params, data []byte) (*Loaded, error) {
	names := map[int][]string{}
	version := ""
	for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
		if st, err := g.New(p, n); err == nil {
			if vf, ok := st.(engine.ValueFeatures); ok {
				version, names[n] = vf.FeatureSet()
			}
		}
	}
	return Parse(data, g.Name, version, names)
}
