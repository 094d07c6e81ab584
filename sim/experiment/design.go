package experiment

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"dragonlab/agents"
	"dragonlab/engine"
)

// A study design (dragonlab.study/v1): which games, player counts and rules variants are
// studied, the levels of play, and how many deals each kind of stage plays. The three
// budgets (quick, default, full) are designs written in Go (study.go); `study --plan FILE`
// reads one from JSON. The design is turned into a plan of runs (Study.Plan) — the same
// design always gives the same plan — and the plan's options tell the analysis which run
// is which stage.
//
// Every sized or per-game field takes either one value or an object of values by key;
// the most specific key that matches a game and player count wins:
//
//	"game/Np" (e.g. "draco/2p"), then "game", then "Np" (e.g. "2p"), then "default".
//
// An object without a matching key leaves the field at its zero value (no stages).

// DesignSchema names the design format.
const DesignSchema = "dragonlab.study/v1"

// Design is a study design.
type Design struct {
	Schema string `json:"schema"`
	Title  string `json:"title,omitempty"`
	// Games lists the games studied (default: every game at every player count with its
	// default rules). The same game may appear several times with different variants.
	Games []DesignGame `json:"games,omitempty"`
	// Replays is how many times each self-play deal is played (at least 2): the luck
	// share's replays, which also make the seat intervals count the deal as the unit.
	Replays int `json:"replays,omitempty"`
	// Levels are the levels of play, weakest first (at least two).
	Levels []DesignLevel `json:"levels"`
	// Ladder: each level alone against copies of the level below, on duplicate deals.
	Ladder DesignLadder `json:"ladder"`
	// Ablation: restricted play of every action class at these levels.
	Ablation []DesignAblation `json:"ablation,omitempty"`
	// Compensation: the sweeps of a rules lever at these levels.
	Compensation []DesignCompensation `json:"compensation,omitempty"`
	// Value: what components and decisions are worth at these levels (dragonlab value):
	// component values by substitution and decision values from the level's search.
	Value []DesignValue `json:"value,omitempty"`
	// Targets are the precision that settles each question (half-widths of 95% intervals,
	// in win share): absent, ±2 points of seat advantage at two players and ±3 at more,
	// the luck share and what an action class is worth to ±10 points
	// (designer.DefaultTarget). A stage whose interval is wider has not settled its
	// question: the report says about how many more games would, and `study --settle DIR`
	// plays them.
	Targets *DesignTargets `json:"targets,omitempty"`
	// Tune: dragonlab tune at the most skilled level, after the plan, for every game and
	// player count where a seat is off there (significantly favoured, or an interval
	// beyond ±2 points): its budget in games (0: none), targets and levers.
	Tune *DesignTune `json:"tune,omitempty"`
}

// DesignTune is the study's tune stage.
type DesignTune struct {
	Budget ByKey[int64] `json:"budget"`
	// CPU, where positive, is the stage's cap in estimated CPU seconds for the whole study
	// (the cost model of the study's rounds, never a clock): tune runs, at the level of the
	// Fair? answer, for every game and player count whose Fair? answer says a seat is
	// favoured, each with the games its own sizing asks, while the cap pays for them.
	CPU float64 `json:"cpu,omitempty"`
	// Target is the tune's targets (default fair=2), Levers its levers (default auto).
	Target string `json:"target,omitempty"`
	Levers string `json:"levers,omitempty"`
}

// DesignTargets are the precision a study aims at, by game and player count.
type DesignTargets struct {
	Seat  ByKey[float64] `json:"seat,omitempty"`  // a seat's advantage (and the solitaire's success rate)
	Luck  ByKey[float64] `json:"luck,omitempty"`  // the luck share
	Worth ByKey[float64] `json:"worth,omitempty"` // what an action class is worth (restricted play)
}

// DesignGame is one game (and rules variant) of a study.
type DesignGame struct {
	Game    string `json:"game"`
	Players []int  `json:"players,omitempty"` // default: every player count of the game
	// Variant names a rules variant (letters, digits, '-'); Rules holds its parameters
	// over the game's defaults. Both empty: the default rules.
	Variant string          `json:"variant,omitempty"`
	Rules   json.RawMessage `json:"rules,omitempty"`
}

// DesignLevel is one level of play.
type DesignLevel struct {
	Name  string         `json:"name"`  // short name: letters, digits, '-' ("expert")
	Agent ByKey[string]  `json:"agent"` // agent spec (dragonlab agents)
	Deals ByKey[int64]   `json:"deals"` // self-play deals, each played Replays times
	About string         `json:"about,omitempty"`
	Comps ByKey[Boolean] `json:"components,omitempty"` // component tallies in its self-play
	// Luck: luck accounting (the luck along the game, luck-adjusted seat advantages) in
	// its self-play, its lever sweeps and its ladder step against the level below — the
	// measuring level's. Games without chance events and a value function play without.
	Luck ByKey[Boolean] `json:"luck,omitempty"`
}

// DesignLadder sizes the ladder.
type DesignLadder struct {
	Deals ByKey[int64] `json:"deals"` // duplicate deals per step
}

// DesignAblation is restricted play at a level.
type DesignAblation struct {
	Level string       `json:"level"`
	Deals ByKey[int64] `json:"deals"` // duplicate deals per action class
}

// DesignValue is the value stage at a level: Deals deals of substitutions (each played as
// dealt and once per component and seat changed; games whose seats start with nothing of
// their own skip it) and Games games of decision values (the level's search with rollouts
// to the end and at least Iters iterations a decision, 0: DefaultDecisionIters; a level
// without a search skips it).
type DesignValue struct {
	Level string       `json:"level"`
	Deals ByKey[int64] `json:"deals"`
	Games ByKey[int64] `json:"games"`
	Iters ByKey[int64] `json:"iters,omitempty"`
}

// DesignCompensation is the sweep of a lever at a level.
type DesignCompensation struct {
	Level string                     `json:"level"`
	Deals ByKey[int64]               `json:"deals"` // self-play deals per value (each played Replays times)
	Lever ByKey[*engine.LeverValues] `json:"lever"`
}

// Boolean is a bool that ByKey can hold (a named type keeps ByKey's JSON simple).
type Boolean bool

// ByKey is one value, or values by game and player count (see the comment on the
// format above).
type ByKey[T any] struct {
	one   T
	by    map[string]T
	isMap bool
	// nulls are the keys whose value was JSON null ("" for the one value): refused by
	// checkKeys, except for levers (null: no lever).
	nulls []string
}

// One is the same value for every game and player count.
func One[T any](v T) ByKey[T] { return ByKey[T]{one: v} }

// By is values by key: "game/Np", "game", "Np" or "default".
func By[T any](m map[string]T) ByKey[T] { return ByKey[T]{by: m, isMap: true} }

// UnmarshalJSON reads one value or an object of values by key.
func (b *ByKey[T]) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if _, lever := any(b.one).(*engine.LeverValues); lever {
		var err error
		if data, err = designLevers(data); err != nil {
			return err
		}
	}
	if len(data) > 0 && data[0] == '{' {
		var probe map[string]json.RawMessage
		if err := json.Unmarshal(data, &probe); err != nil {
			return err
		}
		// A lever is itself an object: it is a map of levers only if its keys are keys.
		_, lever := any(b.one).(*engine.LeverValues)
		if !lever || !isLeverObject(probe) {
			m := map[string]T{}
			if err := strictDecode(data, &m); err != nil {
				return err
			}
			*b = ByKey[T]{by: m, isMap: true}
			for k, v := range probe {
				if bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
					b.nulls = append(b.nulls, k)
				}
			}
			sort.Strings(b.nulls)
			return nil
		}
	}
	var v T
	if err := strictDecode(data, &v); err != nil {
		return err
	}
	*b = ByKey[T]{one: v}
	if bytes.Equal(data, []byte("null")) {
		b.nulls = []string{""}
	}
	return nil
}

// MarshalJSON writes the one value or the object of values by key.
func (b ByKey[T]) MarshalJSON() ([]byte, error) {
	var v any = b.one
	if b.isMap {
		v = b.by
	}
	data, err := json.Marshal(v)
	if _, lever := any(b.one).(*engine.LeverValues); !lever || err != nil {
		return data, err
	}
	// A design writes of a lever what it reads (designLevers): the rules fix the rest.
	strip := func(raw json.RawMessage) (json.RawMessage, error) {
		var l map[string]json.RawMessage
		if err := json.Unmarshal(raw, &l); err != nil || l == nil {
			return raw, err
		}
		for k := range l {
			if k != "path" && k != "values" && k != "why" && k != "caveat" || string(l[k]) == "null" {
				delete(l, k)
			}
		}
		return json.Marshal(l)
	}
	if !b.isMap {
		return strip(data)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	for k, raw := range m {
		if m[k], err = strip(raw); err != nil {
			return nil, err
		}
	}
	return json.Marshal(m)
}

func isLeverObject(m map[string]json.RawMessage) bool {
	_, k := m["key"]
	_, p := m["path"]
	_, v := m["values"]
	return k || p || v
}

// designLevers reads a design's lever, or levers by key, as engine.LeverValues: a design
// gives a lever's path (or "key", its older name), values, why and caveat; the base and
// the rest follow from the rules.
func designLevers(data []byte) ([]byte, error) {
	if !bytes.HasPrefix(data, []byte("{")) {
		return data, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	one := func(raw json.RawMessage) (json.RawMessage, error) {
		var l map[string]json.RawMessage
		if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
			return raw, nil
		}
		if err := json.Unmarshal(raw, &l); err != nil {
			return nil, err
		}
		for k := range l {
			switch k {
			case "path", "values", "why", "caveat":
			case "key":
				if _, both := l["path"]; both {
					return nil, errors.New("a lever gives its path once (key is its older name)")
				}
				l["path"] = l["key"]
				delete(l, "key")
			default:
				return nil, fmt.Errorf("json: unknown field %q (a lever has path, values, why and caveat)", k)
			}
		}
		return json.Marshal(l)
	}
	if isLeverObject(m) {
		return one(data)
	}
	for k, raw := range m {
		l, err := one(raw)
		if err != nil {
			return nil, err
		}
		m[k] = l
	}
	return json.Marshal(m)
}

// at is the value for a game and player count.
func (b ByKey[T]) at(game string, players int) T {
	if !b.isMap {
		return b.one
	}
	np := strconv.Itoa(players) + "p"
	for _, k := range []string{game + "/" + np, game, np, "default"} {
		if v, ok := b.by[k]; ok {
			return v
		}
	}
	var zero T
	return zero
}

// checkKeys refuses a key that is none of "default", a game, "Np" or "game/Np" (with a
// player count some game, or that game, is played by), and a null value (but a null
// lever: no lever).
func (b ByKey[T]) checkKeys(field string) error {
	if _, lever := any(b.one).(*engine.LeverValues); !lever {
		for _, k := range b.nulls {
			if k == "" {
				return fmt.Errorf("%s: null is not a value (leave the field out instead)", field)
			}
			return fmt.Errorf("%s: key %q: null is not a value (leave the key out instead)", field, k)
		}
	}
	keys := make([]string, 0, len(b.by))
	for k := range b.by {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if k == "default" {
			continue
		}
		game, np, hasNP := strings.Cut(k, "/")
		if !hasNP && playersKey.MatchString(game) {
			if n := int(game[0] - '0'); !anyGamePlays(n) {
				return fmt.Errorf("%s: key %q: no game is played by %d players", field, k, n)
			}
			continue
		}
		g, err := engine.Lookup(game)
		if err != nil {
			return fmt.Errorf("%s: unknown key %q (want default, a game, Np or game/Np; games: %s)", field, k, strings.Join(engine.Names(), ", "))
		}
		if hasNP && !playersKey.MatchString(np) {
			return fmt.Errorf("%s: key %q: want game/Np, e.g. draco/2p", field, k)
		}
		if hasNP {
			if err := g.CheckPlayers(int(np[0] - '0')); err != nil {
				return fmt.Errorf("%s: key %q: %v", field, k, err)
			}
		}
	}
	return nil
}

// anyGamePlays reports whether some registered game is played by n players.
func anyGamePlays(n int) bool {
	for _, g := range engine.Games() {
		if g.CheckPlayers(n) == nil {
			return true
		}
	}
	return false
}

var (
	playersKey = regexp.MustCompile(`^[1-9]p$`)
	nameKey    = regexp.MustCompile(`^[a-z][a-z0-9-]{0,23}$`)
)

// strictDecode decodes one JSON value, refusing unknown fields and trailing data.
func strictDecode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data after the JSON value")
	}
	return nil
}

// ReadDesign reads and checks a design file (--plan). Every error is bad input, one line.
func ReadDesign(file string) (*Design, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("--plan: %v", err)
	}
	s, err := ParseDesign(data)
	if err != nil {
		return nil, fmt.Errorf("--plan %s: %v", file, err)
	}
	return s, nil
}

// ParseDesign reads and checks a design.
func ParseDesign(data []byte) (*Design, error) {
	var s Design
	if err := strictDecode(data, &s); err != nil {
		return nil, fmt.Errorf("not a study design: %v", jsonError(data, err))
	}
	if s.Schema != DesignSchema {
		return nil, fmt.Errorf("schema %q, want %q (see dragonlab study --help)", s.Schema, DesignSchema)
	}
	if err := s.check(); err != nil {
		return nil, err
	}
	return &s, nil
}

// jsonError adds the line of a JSON syntax or type error.
func jsonError(data []byte, err error) error {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off < 0 {
		return err
	}
	line := 1 + bytes.Count(data[:min(int(off), len(data))], []byte("\n"))
	return fmt.Errorf("line %d: %v", line, err)
}

// studyEntry is one game and player count of a design, resolved.
type studyEntry struct {
	game    engine.Game
	players int
	variant string
	params  engine.Params
}

// entries resolves the games of the design (only: the games to keep, nil for all).
func (s *Design) entries(only []string) ([]studyEntry, error) {
	games := s.Games
	if len(games) == 0 {
		for _, g := range engine.Games() {
			games = append(games, DesignGame{Game: g.Name})
		}
	}
	keep := map[string]bool{}
	for _, name := range only {
		keep[name] = true
	}
	var out []studyEntry
	seen := map[string]bool{}
	for i, sg := range games {
		what := fmt.Sprintf("games[%d]", i)
		g, err := engine.Lookup(sg.Game)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", what, err)
		}
		if sg.Variant != "" && !nameKey.MatchString(sg.Variant) {
			return nil, fmt.Errorf("%s: variant %q: lower-case letters, digits and '-', at most 24", what, sg.Variant)
		}
		if key := g.Name + "/" + sg.Variant; seen[key] {
			return nil, fmt.Errorf("%s: %s%s is listed twice (give each rules variant its own name)", what, g.Name, variantText(sg.Variant))
		} else {
			seen[key] = true
		}
		rules := bytes.TrimSpace(sg.Rules)
		if (len(rules) > 0) != (sg.Variant != "") {
			return nil, fmt.Errorf("%s: a rules variant needs both a name (variant) and its rules", what)
		}
		params := g.DefaultParams()
		if len(rules) > 0 {
			if params, err = engine.ParseParams(g, rules); err != nil {
				return nil, fmt.Errorf("%s: %s rules: %v", what, g.Name, err)
			}
		}
		players := sg.Players
		if players != nil && len(players) == 0 {
			return nil, fmt.Errorf("%s.players: empty: list the player counts, or leave the field out for every one", what)
		}
		if len(players) == 0 {
			for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
				players = append(players, n)
			}
		}
		pseen := map[int]bool{}
		for _, n := range players {
			if err := g.CheckPlayers(n); err != nil {
				return nil, fmt.Errorf("%s.players: %v", what, err)
			}
			if pseen[n] {
				return nil, fmt.Errorf("%s.players: %d players listed twice", what, n)
			}
			pseen[n] = true
			if err := params.Validate(n); err != nil {
				return nil, fmt.Errorf("%s: %s rules with %d players: %v", what, g.Name, n, err)
			}
		}
		sort.Ints(players)
		if len(keep) > 0 && !keep[g.Name] {
			continue
		}
		for _, n := range players {
			out = append(out, studyEntry{game: g, players: n, variant: sg.Variant, params: params})
		}
	}
	return out, nil
}

func variantText(v string) string {
	if v == "" {
		return ""
	}
	return " (variant " + v + ")"
}

// check validates everything in the design that does not depend on a game.
func (s *Design) check() error {
	if _, err := s.entries(nil); err != nil {
		return err
	}
	if s.Replays != 0 && (s.Replays < 2 || s.Replays > 100) {
		return fmt.Errorf("replays %d: each deal is played 2 to 100 times", s.Replays)
	}
	if len(s.Levels) < 2 {
		return fmt.Errorf("levels: give at least two levels of play, weakest first (e.g. random, greedy)")
	}
	if len(s.Levels) > 8 {
		return fmt.Errorf("levels: at most 8 levels, not %d", len(s.Levels))
	}
	names, err := s.checkLevels()
	if err != nil {
		return err
	}
	if err := s.Ladder.Deals.checkKeys("ladder.deals"); err != nil {
		return err
	}
	if err := checkSizes("ladder.deals", s.Ladder.Deals); err != nil {
		return err
	}
	if t := s.Targets; t != nil {
		for _, f := range []struct {
			name string
			b    ByKey[float64]
		}{{"targets.seat", t.Seat}, {"targets.luck", t.Luck}, {"targets.worth", t.Worth}} {
			if err := f.b.checkKeys(f.name); err != nil {
				return err
			}
			for _, v := range f.b.values() {
				if v != 0 && !(v >= 0.001 && v <= 0.5) {
					return fmt.Errorf("%s: %v: a half-width in win share, from 0.001 to 0.5 (0: the default)", f.name, v)
				}
			}
		}
	}
	for _, check := range []func(map[string]bool) error{s.checkAblation, s.checkTune, s.checkValue, s.checkCompensation} {
		if err := check(names); err != nil {
			return err
		}
	}
	return nil
}

// checkLevels checks the levels of play and returns their names.
func (s *Design) checkLevels() (map[string]bool, error) {
	names := map[string]bool{}
	for i, lv := range s.Levels {
		what := fmt.Sprintf("levels[%d]", i)
		if !nameKey.MatchString(lv.Name) {
			return nil, fmt.Errorf("%s: name %q: lower-case letters, digits and '-', starting with a letter, at most 24", what, lv.Name)
		}
		if names[lv.Name] {
			return nil, fmt.Errorf("%s: two levels are named %s", what, lv.Name)
		}
		names[lv.Name] = true
		what += " (" + lv.Name + ")"
		if err := lv.Agent.checkKeys(what + ".agent"); err != nil {
			return nil, err
		}
		if err := lv.Deals.checkKeys(what + ".deals"); err != nil {
			return nil, err
		}
		if err := lv.Comps.checkKeys(what + ".components"); err != nil {
			return nil, err
		}
		if err := lv.Luck.checkKeys(what + ".luck"); err != nil {
			return nil, err
		}
		for _, spec := range lv.Agent.values() {
			if strings.TrimSpace(spec) == "" {
				return nil, fmt.Errorf("%s.agent: empty agent spec", what)
			}
			f, err := agents.Parse(spec)
			if err != nil {
				return nil, fmt.Errorf("%s.agent: %v", what, err)
			}
			if err := noTimeBudget(what+".agent", f.Spec); err != nil {
				return nil, err
			}
			if agents.Cheats(spec) {
				return nil, fmt.Errorf("%s.agent: %s cheats (it sees hidden cards): a level of play must be an honest agent", what, spec)
			}
		}
		if err := checkSizes(what+".deals", lv.Deals); err != nil {
			return nil, err
		}
	}
	return names, nil
}

// checkAblation checks the restricted-play stages.
func (s *Design) checkAblation(names map[string]bool) error {
	seen := map[string]bool{}
	for i, a := range s.Ablation {
		what := fmt.Sprintf("ablation[%d]", i)
		if !names[a.Level] && a.Level != MeasuringLevel {
			return fmt.Errorf("%s: unknown level %q (levels: %s, or %s: the level the measuring rule chooses)", what, a.Level, strings.Join(s.levelNames(), ", "), MeasuringLevel)
		}
		if seen[a.Level] {
			return fmt.Errorf("%s: level %s is ablated twice", what, a.Level)
		}
		seen[a.Level] = true
		if err := a.Deals.checkKeys(what + ".deals"); err != nil {
			return err
		}
		if err := checkSizes(what+".deals", a.Deals); err != nil {
			return err
		}
	}
	return nil
}

// checkTune checks the tune stage's budgets.
func (s *Design) checkTune(map[string]bool) error {
	if s.Tune != nil {
		if err := s.Tune.Budget.checkKeys("tune.budget"); err != nil {
			return err
		}
		for _, v := range s.Tune.Budget.values() {
			if v < 0 || v > maxDeals {
				return fmt.Errorf("tune.budget: %d games: want 0 (no tune) to %d", v, int64(maxDeals))
			}
		}
		if c := s.Tune.CPU; c < 0 || c > 1e7 || math.IsNaN(c) {
			return fmt.Errorf("tune.cpu: %g CPU seconds: want 0 (none) to 10,000,000", c)
		}
	}
	return nil
}

// checkValue checks the value stages.
func (s *Design) checkValue(names map[string]bool) error {
	seen := map[string]bool{}
	for i, v := range s.Value {
		what := fmt.Sprintf("value[%d]", i)
		if !names[v.Level] {
			return fmt.Errorf("%s: unknown level %q (levels: %s)", what, v.Level, strings.Join(s.levelNames(), ", "))
		}
		if seen[v.Level] {
			return fmt.Errorf("%s: level %s is valued twice", what, v.Level)
		}
		seen[v.Level] = true
		for _, f := range []error{v.Deals.checkKeys(what + ".deals"), v.Games.checkKeys(what + ".games"), v.Iters.checkKeys(what + ".iters"),
			checkSizes(what+".deals", v.Deals), checkSizes(what+".games", v.Games)} {
			if f != nil {
				return f
			}
		}
		for _, it := range v.Iters.values() {
			if it < 0 || it > 100_000_000 {
				return fmt.Errorf("%s.iters: %d iterations: want 0 (the default, %d) to 100000000", what, it, DefaultDecisionIters)
			}
		}
	}
	return nil
}

// checkCompensation checks the lever sweeps.
func (s *Design) checkCompensation(names map[string]bool) error {
	seen := map[string]bool{}
	for i, c := range s.Compensation {
		what := fmt.Sprintf("compensation[%d]", i)
		if !names[c.Level] && c.Level != MeasuringLevel {
			return fmt.Errorf("%s: unknown level %q (levels: %s, or %s: the level the measuring rule chooses)", what, c.Level, strings.Join(s.levelNames(), ", "), MeasuringLevel)
		}
		if seen[c.Level] {
			return fmt.Errorf("%s: level %s is swept twice", what, c.Level)
		}
		seen[c.Level] = true
		for _, f := range []error{c.Deals.checkKeys(what + ".deals"), c.Lever.checkKeys(what + ".lever"), checkSizes(what+".deals", c.Deals)} {
			if f != nil {
				return f
			}
		}
		for _, lv := range c.Lever.values() {
			if lv == nil {
				continue
			}
			if strings.TrimSpace(lv.Path) == "" {
				return fmt.Errorf("%s.lever: no path (the rules parameter to turn, e.g. seatBonus)", what)
			}
			if len(lv.Values) > 20 {
				return fmt.Errorf("%s.lever %s: give up to 20 values (none: the game's declared range), not %d", what, lv.Path, len(lv.Values))
			}
			for _, v := range lv.Values {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return fmt.Errorf("%s.lever %s: values must be finite numbers", what, lv.Path)
				}
			}
		}
	}
	return nil
}

// stageLevel is the index of a stage's level for a game and player count (the measuring
// rule's choice for MeasuringLevel, with why; "" for a level named in the design).
func (s *Design) stageLevel(name, game string, players int) (int, string) {
	if name == MeasuringLevel {
		return measuringLevel(s.Levels, game, players)
	}
	return s.level(name), ""
}

// namesStage reports whether a stage of stages names level i explicitly.
func (s *Design) namesStage(stages []DesignAblation, i int) bool {
	for _, st := range stages {
		if st.Level == s.Levels[i].Name {
			return true
		}
	}
	return false
}

// namesComp reports whether a compensation stage names level i explicitly.
func (s *Design) namesComp(i int) bool {
	for _, st := range s.Compensation {
		if st.Level == s.Levels[i].Name {
			return true
		}
	}
	return false
}

func (s *Design) levelNames() []string {
	var out []string
	for _, lv := range s.Levels {
		out = append(out, lv.Name)
	}
	return out
}

func (s *Design) level(name string) int {
	for i, lv := range s.Levels {
		if lv.Name == name {
			return i
		}
	}
	return -1
}

// values lists every value the field can take.
func (b ByKey[T]) values() []T {
	if !b.isMap {
		return []T{b.one}
	}
	keys := make([]string, 0, len(b.by))
	for k := range b.by {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]T, 0, len(keys))
	for _, k := range keys {
		out = append(out, b.by[k])
	}
	return out
}

// maxDeals bounds any stage of a design (2^40 deals: far beyond any cluster).
const maxDeals = 1 << 40

func checkSizes(what string, b ByKey[int64]) error {
	for _, v := range b.values() {
		if v < 0 || v > maxDeals {
			return fmt.Errorf("%s: %d deals: want 0 (no stage) to %d", what, v, int64(maxDeals))
		}
	}
	return nil
}

// replays is the number of plays of each self-play deal.
func (s *Design) replays() int {
	if s.Replays == 0 {
		return 2
	}
	return s.Replays
}

// scaled multiplies every stage size of the design by f (at least 1 deal where the
// design has any): --games N scales a budget.
func (s *Design) scaled(f float64) *Design {
	c := *s
	sc := func(b ByKey[int64]) ByKey[int64] {
		if !b.isMap {
			return One(scaleDeals(b.one, f))
		}
		m := map[string]int64{}
		for k, v := range b.by {
			m[k] = scaleDeals(v, f)
		}
		return By(m)
	}
	c.Levels = append([]DesignLevel(nil), s.Levels...)
	for i := range c.Levels {
		c.Levels[i].Deals = sc(c.Levels[i].Deals)
	}
	c.Ladder.Deals = sc(s.Ladder.Deals)
	c.Ablation = append([]DesignAblation(nil), s.Ablation...)
	for i := range c.Ablation {
		c.Ablation[i].Deals = sc(c.Ablation[i].Deals)
	}
	c.Compensation = append([]DesignCompensation(nil), s.Compensation...)
	for i := range c.Compensation {
		c.Compensation[i].Deals = sc(c.Compensation[i].Deals)
	}
	c.Value = append([]DesignValue(nil), s.Value...)
	for i := range c.Value {
		c.Value[i].Deals = sc(c.Value[i].Deals)
		c.Value[i].Games = sc(c.Value[i].Games)
	}
	return &c
}

func scaleDeals(v int64, f float64) int64 {
	if v <= 0 {
		return 0
	}
	x := math.Round(float64(v) * f)
	return int64(min(max(x, 1), maxDeals))
}
