package experiment

import (
	"errors"
	"fmt"
	"strings"

	"dragonlab/agents"
	"dragonlab/engine"
)

// Game chooses a game, its player count and its rules (the flags --game, --players, --set
// and --rules of every command that plays).
type Game struct {
	Name string
	// Players is the player count; 0 (unless PlayersSet) is the game's smallest count of
	// 2 or more.
	Players int
	// Sets are key=value assignments (JSON values), applied over Rules in order.
	Sets []string
	// Rules is a rules file (a JSON object of parameters over the defaults); "" for none.
	Rules string
	// PlayersSet and RulesSet say that Players and Rules were given explicitly: an
	// explicit 0 or "" is then a choice to check, not "unset".
	PlayersSet, RulesSet bool
}

// Resolve looks the game up and builds validated parameters. Every error is bad input.
func (o Game) Resolve() (engine.Game, engine.Params, int, error) {
	g, err := engine.Lookup(o.Name)
	if err != nil {
		return g, nil, 0, err
	}
	players := o.Players
	if !o.PlayersSet && players == 0 {
		players = max(g.MinPlayers, min(2, g.MaxPlayers))
	}
	if err := g.CheckPlayers(players); err != nil {
		return g, nil, 0, fmt.Errorf("--players %d: %v", players, err)
	}
	if o.RulesSet && strings.TrimSpace(o.Rules) == "" {
		return g, nil, 0, errors.New("--rules is empty: name a rules file, or leave the flag out for the default rules")
	}
	p := g.DefaultParams()
	if o.Rules != "" {
		if err := engine.LoadParams(g, p, o.Rules); err != nil {
			return g, nil, 0, err
		}
	}
	for _, s := range o.Sets {
		if err := engine.SetParam(g, p, s); err != nil {
			return g, nil, 0, err
		}
	}
	if err := p.Validate(players); err != nil {
		return g, nil, 0, fmt.Errorf("%s rules: %v", g.Name, err)
	}
	return g, p, players, nil
}

// ParseAgents reads --agents: one spec per seat; empty means random in every seat.
func ParseAgents(list string, players int) ([]agents.Factory, error) {
	if strings.TrimSpace(list) == "" {
		list = "random" + strings.Repeat(",random", players-1)
	}
	fs, err := agents.ParseList(list)
	if err != nil {
		return nil, err
	}
	if len(fs) != players {
		return nil, fmt.Errorf("%d agents given (%s) for %d players: give one agent per seat, comma-separated", len(fs), list, players)
	}
	return fs, nil
}

// parseAgentSet reads a list of distinct agent specs (at least two).
func parseAgentSet(list, what string) ([]agents.Factory, error) {
	if strings.TrimSpace(list) == "" {
		return nil, errors.New("--agents is required: give at least two agent specs, comma-separated (see `dragonlab agents`)")
	}
	fs, err := agents.ParseList(list)
	if err != nil {
		return nil, err
	}
	if len(fs) < 2 {
		return nil, fmt.Errorf("%s needs at least two agents, got %d (%s)", what, len(fs), list)
	}
	return fs, distinct(fs)
}

// distinct refuses an agent listed twice (by canonical spec).
func distinct(fs []agents.Factory) error {
	seen := map[string]bool{}
	for _, f := range fs {
		if seen[f.Spec] {
			return fmt.Errorf("agent %s is listed twice", f.Spec)
		}
		seen[f.Spec] = true
	}
	return nil
}

// dealsOf checks that games is a positive multiple of the player count and returns the
// number of duplicate deals.
func dealsOf(flag string, games int64, players int) (int64, error) {
	if games <= 0 {
		return 0, fmt.Errorf("%s must be positive, not %d", flag, games)
	}
	if games%int64(players) != 0 {
		return 0, fmt.Errorf("%s %d: each deal is played in all %d rotations, so it must be a multiple of %d", flag, games, players, players)
	}
	return games / int64(players), nil
}

// specs are the specs of the agents, in order.
func specs(fs []agents.Factory) []string {
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.Spec
	}
	return names
}

// repeat is n copies of f (one per seat).
func repeat(f agents.Factory, n int) []agents.Factory {
	out := make([]agents.Factory, n)
	for i := range out {
		out[i] = f
	}
	return out
}

// aloneAgainst is agent a in seat 0 and copies of b in the other seats.
func aloneAgainst(a, b agents.Factory, players int) []agents.Factory {
	return append([]agents.Factory{a}, repeat(b, players-1)...)
}

// fileSlug makes an agent spec or a parameter value safe in a file name.
func fileSlug(s string) string {
	var b strings.Builder
	dash := false
	for _, c := range s {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.'
		if ok {
			b.WriteRune(c)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.Trim(b.String(), "-.")
	if len(out) > 40 {
		out = strings.TrimRight(out[:40], "-.")
	}
	if out == "" {
		out = "x"
	}
	return out
}

// cloneParams copies rules parameters through their JSON form (engine.Params has no
// copy of its own).
func cloneParams(g engine.Game, p engine.Params) engine.Params {
	q, err := engine.ParseParams(g, engine.ParamsJSON(p))
	if err != nil {
		panic("rules parameters do not survive their own JSON: " + err.Error())
	}
	return q
}

// ActionClasses names the action classes of a game with the given rules and player count
// (engine.ActionClasser).
func ActionClasses(g engine.Game, p engine.Params, players int) ([]string, error) {
	s, err := g.NewGame(p, players, 1)
	if err != nil {
		return nil, err
	}
	ac, ok := s.(engine.ActionClasser)
	if !ok || len(ac.ActionClasses()) == 0 {
		return nil, fmt.Errorf("%s does not name its action classes: there is nothing to forbid", g.Name)
	}
	return ac.ActionClasses(), nil
}

// restrictSpec is the spec of the base agent restricted from the classes.
func restrictSpec(base string, forbid []string) string {
	return fmt.Sprintf("restrict:base=(%s),forbid=%s", base, strings.Join(forbid, "+"))
}
