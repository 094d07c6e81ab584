package experiment

import (
	"fmt"
	"strconv"
	"strings"

	"dragonlab/agents"
	"dragonlab/sim/plan"
)

// Ceiling is the skill ceiling trace (Ludii's SkillTrace is the anchor, here
// with intervals): an agent — by default the expert — at doubled budgets, 1×, 2×, 4×, …
// of its own iterations for the game and player count, each doubling alone against the
// budget below it on duplicate deals and each playing itself for the seat advantage. It
// is a skill ladder (Skill) whose rungs are the doublings; its analysis also says where
// skill saturates: the first budget above which two consecutive doublings are not
// significantly stronger (skill.Ceiling). A plan is fixed before anything is played, so
// the trace plays a set number of doublings and the analysis finds the saturation in them
// (or says that the trace did not reach it).
type Ceiling struct {
	Common
	Game Game
	// Base is the agent whose iterations are doubled (its other options kept).
	Base string
	// Start is the budget of the first rung (1×); 0 takes the base's own iterations for
	// the game and player count (the expert's per-game setting, or the base's iters).
	Start int64
	// Doublings is the number of rungs above 1× (2 to 12).
	Doublings int
	// Games per doubling step (a multiple of the player count); SelfGames per rung's
	// self-play (Games unless SelfGamesSet).
	Games, SelfGames int64
	SelfGamesSet     bool
}

func init() {
	register(&Kind{Name: "ceiling", DefaultOut: "ceiling", check: checkCeiling})
}

// Plan is the ladder of the doubled budgets (see Skill.Plan).
func (o Ceiling) Plan() (*plan.Plan, error) {
	_, _, players, err := o.Game.Resolve()
	if err != nil {
		return nil, err
	}
	if o.Doublings < 2 || o.Doublings > 12 {
		return nil, fmt.Errorf("--doublings %d: want 2 to 12 (two doublings in a row tell where skill saturates)", o.Doublings)
	}
	start := o.Start
	if start == 0 {
		if start, err = ownBudget(o.Base, o.Game.Name, players); err != nil {
			return nil, err
		}
	}
	if start < 1 {
		return nil, fmt.Errorf("--start %d: want a positive number of iterations", start)
	}
	if start > 100_000_000>>o.Doublings { // start<<o.Doublings could overflow
		return nil, fmt.Errorf("--start %d with --doublings %d: the last rung would exceed 100,000,000 iterations per decision", start, o.Doublings)
	}
	budgets := make([]string, o.Doublings+1)
	for k := range budgets {
		budgets[k] = strconv.FormatInt(start<<k, 10)
	}
	return Skill{Common: o.Common, Game: o.Game, Budgets: strings.Join(budgets, ","), Base: o.Base,
		Games: o.Games, SelfGames: o.SelfGames, BudgetsSet: true, SelfGamesSet: o.SelfGamesSet}.plan("ceiling")
}

// ownBudget is the iterations per decision the base agent plays the game with: the
// expert's setting for the game and player count, or the base's own iters option.
func ownBudget(base, game string, players int) (int64, error) {
	f, err := agents.Parse(base)
	if err != nil {
		return 0, fmt.Errorf("--base %s: %v", base, err)
	}
	iters := ""
	for _, kv := range strings.Split(strings.TrimPrefix(f.Spec, f.Kind+":"), ",") {
		if v, ok := strings.CutPrefix(kv, "iters="); ok {
			iters = v
		}
	}
	if iters == "auto" && f.Kind == "expert" {
		if iters, err = agents.ExpertSetting(game, players, "iters"); err != nil {
			return 0, err
		}
	}
	n, err := strconv.ParseInt(iters, 10, 64)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("--base %s: it has no iterations to double (give --start)", base)
	}
	return n, nil
}
