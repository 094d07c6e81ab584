package agents

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"dragonlab/engine"
	"dragonlab/engine/value"
)

// Expert is the strongest honest agent for the time of plain mcts:iters=1000, with the
// search settings measured best for each game. Each game declares its settings beside its
// registration (engine.Game.Expert, per player count; see the README for the
// measurements); the agent learns the game from the state it is asked to decide on (the
// name the state gives its game, engine.Namer: public knowledge) and the player count, and
// plays the enhanced IS-MCTS with that game's settings. Any option given explicitly
// overrides the game's settings for every game; "auto" takes the game's value.
type Expert struct {
	opts  map[string]string // the spec's options ("auto" or a fixed value)
	table string            // the settings table (option table)
	v     string            // the use of the game's value function (option v: one of vModes, or auto)
	vfile *value.Loaded     // a value function read for one game (option vfile), or nil
	vw    float64           // option vw (negative: auto, the row's)
	inf   *inference        // option infer (nil: off)
	opp   oppModel          // options opp, oppeps, oppw (oppmodel.go)
	early float64           // option early (0: off)
	mcts  MCTS
	ready bool
	key   expertKey
	stop  *atomic.Bool // the runner's stop flag (stop.go), kept across settings
}

type expertKey struct {
	game    string
	players int
}

// expertDefault is the row of a game that declares no settings, and gives the options a
// game's settings leave out. Values are option texts, as in a spec. Each game's row was
// chosen by duplicate-deal matches against mcts:iters=1000 and greedy, with its iterations
// set so that a decision costs at most the time of mcts:iters=1000 in that game (measured
// in the same matches, so under the same machine load): see the README.
var expertDefault = map[string]string{"iters": "1300", "c": "0.7", "rollout": "random", "eps": "0", "depth": "10", "scale": "10", "prior": "2", "reuse": "false", "sim": "rm", "simx": "0.1"}

// expertTunable are the options a game's settings set (the MCTS options but ms and reward).
var expertTunable = []string{"iters", "c", "rollout", "eps", "depth", "scale", "prior", "reuse", "sim", "simx"}

// The settings tables (option table). Table 1 is the rows measured before learned value
// functions (engine.Game.Expert); table 2 lays each game's ExpertTable2 over it: the rows
// measured stronger than table 1 at no more CPU per decision, on duplicate deals of seeds
// they were not chosen on (see the README). The default is the newest table; a result
// names its table in its agent spec, so table 1's results are reproduced by expert:table=1.
const (
	expertTable1    = "1"
	expertTable2    = "2"
	expertTableNow  = expertTable2
	expertAuto      = "auto"
	expertNoValueVW = "1" // vw of a row that sets none (the value alone, as the option's old default)
)

// expertValueOptions are the options a table-2 row may set beside the search settings:
// the learned value function's use.
var expertValueOptions = []string{"v", "vw"}

// Iterations is the number of search iterations run since the agent was made.
func (e *Expert) Iterations() int64 { return e.mcts.iters }

// Act resolves the settings for the game of s (once per game and player count) and
// searches.
func (e *Expert) Act(s engine.State, rng *engine.RNG) engine.Action {
	k := expertKey{gameName(s), s.Players()}
	if !e.ready || k != e.key {
		cfg, row, err := expertConfig(e.opts, e.table, gameName(s), s.Players())
		if err != nil {
			panic("agents: expert: " + err.Error()) // the settings and the spec were validated at Parse
		}
		v, vw := e.v, e.vw
		if v == expertAuto {
			v = row["v"]
		}
		if vw < 0 {
			vw, _ = strconv.ParseFloat(row["vw"], 64) // validated at Parse
		}
		vfn, err := valueModel(s, v, e.vfile)
		if err != nil {
			panic("agents: expert: " + err.Error()) // every game's file was validated at Parse
		}
		iters := e.mcts.iters
		e.mcts = cfg
		e.mcts.iters = iters
		e.mcts.stop = e.stop
		if vfn != nil {
			vfn.w = vw
		}
		e.mcts.vfn = vfn
		e.mcts.inf = e.inf
		e.mcts.Opp, e.mcts.OppEps, e.mcts.OppW = e.opp.mode, e.opp.eps, e.opp.w
		e.mcts.early = e.early
		e.key, e.ready = k, true
	}
	return e.mcts.Act(s, rng)
}

// unwrap returns the game state inside views (restricted play, test wrappers).
func unwrap(s engine.State) engine.State {
	for {
		w, ok := s.(interface{ Unwrap() engine.State })
		if !ok {
			return s
		}
		s = w.Unwrap()
	}
}

// gameName is the registered name of the game of s, as its state names it (engine.Namer;
// "" for a state that does not, which plays with the default row).
func gameName(s engine.State) string {
	if n, ok := unwrap(s).(engine.Namer); ok {
		return n.GameName()
	}
	return ""
}

// expertConfig merges the spec's options with the row of the game and player count in
// the table, and returns the search with the row (whose v and vw the caller reads).
func expertConfig(opts map[string]string, table, game string, players int) (MCTS, map[string]string, error) {
	row, err := expertRow(table, game, players)
	if err != nil {
		return MCTS{}, nil, err
	}
	merged := map[string]string{"reward": "win"}
	for _, k := range expertTunable {
		merged[k] = opts[k]
		if merged[k] == expertAuto {
			merged[k] = row[k]
		}
	}
	m, err := mctsConfig(merged, false)
	return m, row, err
}

// expertRow is the row of a table for a game and player count: the default row overlaid
// with the settings the game registered for that player count (or for every count, key 0),
// and in table 2 with the game's ExpertTable2 entry on top. A row holds every option of
// expertTunable and expertValueOptions.
func expertRow(table, game string, players int) (map[string]string, error) {
	row := maps.Clone(expertDefault)
	row["v"], row["vw"] = vNone, expertNoValueVW
	g, err := engine.Lookup(game)
	if err != nil {
		return row, nil // not a registered game: the default row
	}
	if text, ok := forPlayers(g.Expert, players); ok {
		if err := overlaySettings(row, text, expertTunable); err != nil {
			return nil, fmt.Errorf("the expert settings of %s: %w", game, err)
		}
	}
	if table == expertTable1 {
		return row, nil
	}
	if text, ok := forPlayers(g.ExpertTable2, players); ok {
		if err := overlaySettings(row, text, slices.Concat(expertTunable, expertValueOptions)); err != nil {
			return nil, fmt.Errorf("the expert settings table 2 of %s: %w", game, err)
		}
		if !slices.Contains(vModes, row["v"]) {
			return nil, fmt.Errorf("the expert settings table 2 of %s: v=%s is not one of %s", game, row["v"], strings.Join(vModes, ", "))
		}
		if w, err := strconv.ParseFloat(row["vw"], 64); err != nil || !(w >= 0 && w <= 1) {
			return nil, fmt.Errorf("the expert settings table 2 of %s: vw=%s is not a number from 0 to 1", game, row["vw"])
		}
	}
	return row, nil
}

// forPlayers is a game's entry for a player count, else its entry for every count (key 0).
func forPlayers(entries map[int]string, players int) (string, bool) {
	text, ok := entries[players]
	if !ok {
		text, ok = entries[0]
	}
	return text, ok
}

// overlaySettings sets the options of text ("iters=900,c=0.7,…", settings a game
// registered) in row; only the options of keys may be set.
func overlaySettings(row map[string]string, text string, keys []string) error {
	for _, kv := range strings.Split(text, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok || !slices.Contains(keys, k) {
			return fmt.Errorf("%q in %q is not key=value with a key of %s", kv, text, strings.Join(keys, ", "))
		}
		row[k] = v
	}
	return nil
}

// expertRows lists every row of a table the agent can resolve to, by key: "default",
// "game" (every player count of a registered game) and "game/Np" (one player count).
func expertRows(table string) (map[string]map[string]string, error) {
	def, _ := expertRow(table, "", 0) // no game: the default row
	rows := map[string]map[string]string{"default": def}
	for _, g := range engine.Games() {
		counts := slices.Collect(maps.Keys(g.Expert))
		if table != expertTable1 {
			counts = append(counts, slices.Collect(maps.Keys(g.ExpertTable2))...)
		}
		for _, players := range counts {
			key := g.Name
			if players != 0 {
				key = fmt.Sprintf("%s/%dp", g.Name, players)
			}
			row, err := expertRow(table, g.Name, players)
			if err != nil {
				return nil, err
			}
			rows[key] = row
		}
	}
	return rows, nil
}

// expertDoc lists the rows of both tables for `dragonlab agents` (once every game has
// registered); a row's v and vw show only where it uses a value function.
func expertDoc() string {
	var tables []string
	for _, table := range []string{expertTable1, expertTable2} {
		rowsOf, err := expertRows(table)
		if err != nil {
			return "the expert's settings are broken: " + err.Error()
		}
		var rows []string
		for _, k := range slices.Sorted(maps.Keys(rowsOf)) {
			var kv []string
			for _, o := range expertTunable {
				kv = append(kv, o+"="+rowsOf[k][o])
			}
			if rowsOf[k]["v"] != vNone {
				kv = append(kv, "v="+rowsOf[k]["v"], "vw="+rowsOf[k]["vw"])
			}
			rows = append(rows, k+": "+strings.Join(kv, ","))
		}
		name := "Table " + table
		if table == expertTableNow {
			name += " (the default)"
		}
		tables = append(tables, name+" — "+strings.Join(rows, "; "))
	}
	return "the strongest honest agent measured at the time of mcts:iters=1000: information-set MCTS " +
		"with the search settings measured best for each game (any option given fixes it for every " +
		"game; auto takes the table's value). " + strings.Join(tables, ". ")
}

func init() {
	var opts []Option
	for _, o := range mctsOptions(false) {
		if o.Name == "reward" {
			continue
		}
		o.Default = "auto"
		opts = append(opts, o)
	}
	opts = append(opts, Option{Name: "table", Default: expertTableNow, Doc: "version of the per-game settings table: 2 (the default) " +
		"lays the rows measured stronger at no more CPU per decision over 1 (the settings before learned value functions, " +
		"kept so that results measured with them can be reproduced and compared)"},
		Option{Name: "v", Default: expertAuto, Doc: "the game's learned value function (the one behind luck accounting) in the search: " +
			"auto (the table's row), none (the game's evaluation), cut (it scores the leaves of cut-off rollouts), prior (it gives the " +
			"prior's value of each new move) or both; a game or player count without one uses its evaluation"},
		Option{Name: "vfile", Default: "game", Doc: "with v: game (each game's own value function) or the path of a value-function file " +
			"(dragonlab luck-model fit --out), used for the game it was fitted for in place of that game's own"},
		Option{Name: "vw", Default: expertAuto, Doc: "where the value function scores cut-offs: its weight against the squashed evaluation, auto (the table's row; 1 where the row sets none) or 0 to 1 (1: the value alone)"},
		Option{Name: "infer", Default: "0", Doc: "in games whose turns play a card from a hidden hand (Draco): the temperature, in points, of a " +
			"softmax-greedy model of the other seats' play, by which the determinizations are weighted after each observed " +
			"play (inference from public actions); 0 is off (uniform determinizations, as before), else 0.05 to 100"},
		Option{Name: "iw", Default: "128", Doc: "with infer: the worlds determinized and weighted per decision, from which the iterations draw, 8 to 4096"},
		Option{Name: "ih", Default: "4", Doc: "with infer: the other seat's most recent plays weighed, 1 to 32"},
		Option{Name: "early", Default: "0", Doc: "stop a decision's search once its most visited action leads every other by more " +
			"than this factor times the iterations left (1: the action can no longer change; below 1: sooner), so that iters " +
			"is the most a decision runs and the time goes to close decisions; not at a round of secret choices; 0 is off, else 0.05 to 1"})
	opts = append(opts, oppOptions()...)
	RegisterKind(Kind{
		Name:    "expert",
		docFunc: expertDoc, // the games register their settings after this init may run
		Options: opts,
		Build: func(opts map[string]string) (func() Agent, error) {
			table, err := ChoiceOption(opts, "table", expertTable1, expertTable2)
			if err != nil {
				return nil, err
			}
			v, err := ChoiceOption(opts, "v", append([]string{expertAuto}, vModes...)...)
			if err != nil {
				return nil, err
			}
			vw := -1.0 // auto: the row's
			if opts["vw"] != expertAuto {
				if vw, err = FloatOption(opts, "vw", 0, 1); err != nil {
					return nil, err
				}
				if vw != 1 && v != vCut && v != vBoth && v != expertAuto {
					return nil, fmt.Errorf("option vw=%s needs v=cut, both or auto", opts["vw"])
				}
			}
			// Left out of the canonical spec where they say what the table says: table 1's
			// rows use no value function, so there v=none and vw=1 are its rows too, and
			// the spec every result of table 1 names keeps its text.
			if vw < 0 || (table == expertTable1 && vw == 1) {
				delete(opts, "vw")
			} else {
				canonFloat(opts, "vw", vw)
			}
			opp, err := parseOpp(opts)
			if err != nil {
				return nil, err
			}
			temp, err := FloatOption(opts, "infer", 0, 100)
			if err != nil {
				return nil, err
			}
			iw, err := IntOption(opts, "iw", 8, 4096)
			if err != nil {
				return nil, err
			}
			ih, err := IntOption(opts, "ih", 1, 32)
			if err != nil {
				return nil, err
			}
			if temp > 0 && temp < 0.05 {
				return nil, fmt.Errorf("option infer=%s: want 0 (off) or 0.05 to 100", opts["infer"])
			}
			if temp == 0 {
				if iw != 128 || ih != 4 {
					return nil, fmt.Errorf("options iw and ih need infer")
				}
				// Left out of the canonical spec, as v=none: the expert every earlier result names.
				delete(opts, "infer")
				delete(opts, "iw")
				delete(opts, "ih")
			} else {
				canonFloat(opts, "infer", temp)
				canonInt(opts, "iw", iw)
				canonInt(opts, "ih", ih)
			}
			early, err := FloatOption(opts, "early", 0, 1)
			if err != nil {
				return nil, err
			}
			if early > 0 && early < 0.05 {
				return nil, fmt.Errorf("option early=%s: want 0 (off) or 0.05 to 1", opts["early"])
			}
			if early == 0 {
				delete(opts, "early") // off: the spec every earlier result names keeps its text
			} else {
				canonFloat(opts, "early", early)
			}
			var vfile *value.Loaded
			if opts["vfile"] != "game" {
				if v == vNone || v == expertAuto {
					return nil, fmt.Errorf("option vfile=%s needs v=cut, prior or both", clip(opts["vfile"]))
				}
				if vfile, err = readValueFile(opts["vfile"]); err != nil {
					return nil, err
				}
			} else {
				delete(opts, "vfile") // as v=none: the spec every earlier result names
			}
			if v == expertAuto || (table == expertTable1 && v == vNone) {
				delete(opts, "v")
			}
			if v != vNone {
				for _, g := range engine.Games() {
					if g.Value != nil {
						if _, err := loadValueFile(g); err != nil {
							return nil, err
						}
					}
				}
			}
			fixed := map[string]string{}
			for _, k := range expertTunable {
				fixed[k] = opts[k]
			}
			// Validate every row the agent could resolve to, with the given overrides; then
			// canonicalize the overrides themselves.
			rows, err := expertRows(table)
			if err != nil {
				return nil, err
			}
			for _, row := range rows {
				merged := map[string]string{}
				for _, k := range expertTunable {
					merged[k] = row[k]
				}
				for k, v := range fixed {
					if v != "auto" {
						merged[k] = v
					}
				}
				merged["reward"] = "win"
				if _, err := mctsConfig(merged, false); err != nil {
					return nil, err
				}
			}
			for _, k := range expertTunable {
				if opts[k] == "auto" {
					continue
				}
				one := map[string]string{}
				for _, j := range expertTunable {
					one[j] = expertDefault[j]
				}
				one[k], one["reward"] = opts[k], "win"
				if _, err := mctsConfig(one, false); err == nil {
					opts[k] = one[k]
				}
			}
			return func() Agent {
				o := make(map[string]string, len(fixed))
				for k, v := range fixed {
					o[k] = v
				}
				e := &Expert{opts: o, table: table, v: v, vfile: vfile, vw: vw, opp: opp, early: early}
				if temp > 0 {
					e.inf = newInference(temp, iw, ih)
				}
				return e
			}, nil
		},
	})
}

// ExpertSetting is the value (option text) the expert plays a game at a player count with
// for one of its tunable options, e.g. ExpertSetting("redhot", 2, "iters") is "1400": what
// "auto" resolves to there. A skill ceiling trace starts from the expert's own budget.
func ExpertSetting(game string, players int, option string) (string, error) {
	if !slices.Contains(expertTunable, option) {
		return "", fmt.Errorf("expert option %q is not one a game sets (valid: %s)", option, strings.Join(expertTunable, ", "))
	}
	row, err := expertRow(expertTableNow, game, players)
	if err != nil {
		return "", err
	}
	return row[option], nil
}
