package engine

import (
	"fmt"
	"sort"
	"strings"
)

// Params is a game's rules parameters: a pointer to a plain struct with JSON tags whose
// zero-argument constructor (Game.DefaultParams) returns the spec's defaults.
type Params interface {
	// Validate checks the parameters for the given player count and returns a clear,
	// one-line error naming the offending key.
	Validate(players int) error
}

// Game is a registry entry.
type Game struct {
	Name       string // command-line name, e.g. "dragonheart"
	Title      string // human name, e.g. "Dragonheart (Cœur de Dragon)"
	Spec       string // rules prefix, e.g. "DH"
	MinPlayers int
	MaxPlayers int
	// DefaultParams returns a fresh pointer to the default rules parameters.
	DefaultParams func() Params
	// ParamDocs explains each parameter key (JSON name) in one line, for `dragonlab games`.
	ParamDocs map[string]string
	// New builds a state for the given (already validated) parameters and player count;
	// call Reset(seed) to deal a game. It allocates; call it once per worker or agent.
	New func(p Params, players int) (State, error)
	// Expert is the search settings the `expert` agent plays this game with, as agent
	// option texts ("iters=900,c=0.7,rollout=greedy,…"), per player count; the entry for
	// 0 applies to every player count without its own. Options left out (or a game
	// without entries) take the agents' defaults. The agents package reads and validates
	// them; the game only declares what was measured best for it. Its states implement
	// Namer, so that an agent finds this entry from a state.
	Expert map[int]string
	// ExpertTable2 is the expert's second settings table (expert:table=2, the default):
	// per player count as Expert, option texts laid over that count's Expert row (what it
	// leaves out keeps table 1's value). Besides the search settings it may set the
	// learned value function's use, v and vw. Table 1 stays reachable as expert:table=1,
	// so results measured with it can be reproduced and the two compared.
	ExpertTable2 map[int]string
	// Levers are the numbers of the rules a designer turns, each with the one range worth
	// searching (`dragonlab tune --levers auto` and the study's sweeps; see Lever).
	Levers []Lever
	// Value is the game's frozen value function (value.json beside the game, embedded),
	// for luck accounting; nil if it has none. Its format is package engine/value's.
	Value []byte
}

// Namer is implemented by the states of every registered game: GameName is the name the
// game is registered under, so that generic code (an agent with per-game settings) finds
// the game's registry entry from a state without reflection. enginetest checks it.
type Namer interface {
	GameName() string
}

var registry = map[string]Game{}

// Register adds a game; each game package calls it once from init.
func Register(g Game) {
	if g.Name == "" || g.New == nil || g.DefaultParams == nil || g.MinPlayers < 1 || g.MaxPlayers < g.MinPlayers {
		panic("engine.Register: incomplete game entry " + g.Name)
	}
	if _, dup := registry[g.Name]; dup {
		panic("engine.Register: duplicate game " + g.Name)
	}
	registry[g.Name] = g
}

// Games lists the registered games sorted by name.
func Games() []Game {
	out := make([]Game, 0, len(registry))
	for _, g := range registry {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Names lists the registered game names sorted.
func Names() []string {
	var names []string
	for _, g := range Games() {
		names = append(names, g.Name)
	}
	return names
}

// Lookup finds a game by name, with an error naming the valid choices.
func Lookup(name string) (Game, error) {
	g, ok := registry[name]
	if !ok {
		return Game{}, fmt.Errorf("unknown game %q (valid: %s)", name, strings.Join(Names(), ", "))
	}
	return g, nil
}

// CheckPlayers validates a player count for the game.
func (g Game) CheckPlayers(players int) error {
	if players < g.MinPlayers || players > g.MaxPlayers {
		if g.MinPlayers == g.MaxPlayers {
			return fmt.Errorf("%s is played by %d players, not %d", g.Name, g.MinPlayers, players)
		}
		return fmt.Errorf("%s is played by %d to %d players, not %d", g.Name, g.MinPlayers, g.MaxPlayers, players)
	}
	return nil
}

// NewGame validates players and params and builds a state dealt from seed.
func (g Game) NewGame(p Params, players int, seed uint64) (State, error) {
	if err := g.CheckPlayers(players); err != nil {
		return nil, err
	}
	if p == nil {
		p = g.DefaultParams()
	}
	if err := p.Validate(players); err != nil {
		return nil, fmt.Errorf("%s rules: %w", g.Name, err)
	}
	s, err := g.New(p, players)
	if err != nil {
		return nil, fmt.Errorf("%s rules: %w", g.Name, err)
	}
	s.Reset(seed)
	return s, nil
}
