package experiment

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"dragonlab/engine"
	"dragonlab/sim"
	"dragonlab/sim/plan"
	"dragonlab/sim/stats"
	"dragonlab/sim/text"
	"dragonlab/sim/tune"
)

// StudyTune plays the study's tune stage for its configuration i (the plan's
// StudyOptions.Configs[i]) at the level of play agent, with a budget of games:
// dragonlab tune into DIR/tune/<game>[-variant]-<N>p, whose path relative to the report
// is rel. The report side decides which configurations need one and reads the answer
// from rel. A tune the budget cannot pay for is a note (the sentence the report keeps),
// not an error; announce is printed before playing. A stop keeps what was finished, and
// the same study command resumes it.
func StudyTune(a *Analysis, i int, agent string, games int64, raw bool, announce string) (rel, note string, err error) {
	ts, rel, err := studyTuneSetup(a, i, agent, games, raw)
	if err != nil {
		return "", "", err
	}
	var o StudyOptions
	if err := a.Options(&o); err != nil {
		return "", "", err
	}
	c := o.Configs[i]
	if ts == nil {
		return "", fmt.Sprintf("The tune stage of %s with %d players was not run: %v.", c.Game, c.Players, rel), nil
	}
	ctx := a.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	// A budget whose certification cannot put even a fair game's seats inside the target
	// would spend its games for a sure "not certified": say so instead, with the budget
	// that would.
	for _, tg := range ts.Spec.Targets {
		if h, need := ts.Spec.FairReach(games); tg.Kind == tune.Fair && h >= tg.Points {
			return "", fmt.Sprintf("The tune stage of %s with %d players was not run: %s games certify a seat only within ±%s points, not inside %s (about %s games would: --tune %d).",
				c.Game, c.Players, text.Count(games), text.Trim(100*h, 1), tg.Text, text.Count(need), need), nil
		}
	}
	fmt.Fprint(a.Stderr, announce)
	to := TuneOptions{Options: plan.Options{Dir: filepath.Join(a.Dir, rel), Workers: a.workers}}
	to.OnRound = func(r *tune.Round, p *plan.Plan) {
		fmt.Fprintf(a.Stderr, "  round %d (%s): %s, %s deals each\n", r.Index, r.Kind, text.Plural(int64(len(r.Entries)), "candidate"), text.Count(r.Deals))
	}
	if err := PlayTune(ctx, ts, to, io.Discard, a.Stderr); err != nil {
		return "", "", err
	}
	return rel, "", nil
}

// StudyTuneNeed is the budget in games that tune's own sizing asks for configuration i at
// agent (a fair game's seats certified within its target: Spec.FairReach), and the
// command that plays it into the study's tune directory.
func StudyTuneNeed(a *Analysis, i int, agent string, raw bool) (need int64, command string, err error) {
	ts, rel, err := studyTuneSetup(a, i, agent, anyBudget, raw)
	if err != nil || ts == nil {
		return 0, "", err
	}
	if _, need = ts.Spec.FairReach(anyBudget); need <= 0 {
		return 0, "", nil
	}
	ts, _, err = studyTuneSetup(a, i, agent, need, raw)
	if err != nil || ts == nil {
		return 0, "", err
	}
	return need, ts.Command + " --out " + filepath.ToSlash(filepath.Join(a.Dir, rel)), nil
}

// StudyGameCPU is the estimated CPU seconds of one game of the study's run named run, by
// the cost model of the study's rounds (its decisions per game from its results × its
// agents' weight × the game's CPU per unit of weight): no clock, so the same on every
// machine and number of workers. 0 when the plan has no such run.
func StudyGameCPU(a *Analysis, run string) float64 {
	for k := range a.Plan.Runs {
		r := &a.Plan.Runs[k]
		if r.Name != run {
			continue
		}
		c, ok := cpuPerWeight[r.Game]
		if !ok {
			c = defaultCPUPerWeight
		}
		var res *sim.Result
		if k < len(a.Results) {
			res = a.Results[k]
		}
		return decisionsPerGame(res) * r.Weight() * c
	}
	return 0
}

// StudyTuneCheck replays candidate c of configuration i's tune (its directory rel) at
// the level of play agent on deals fresh deals (a seed neither the search nor the
// certification used), into rel/check-<level>: each fair component's estimate, and the z
// of 95% intervals Bonferroni-adjusted over them.
//
// points is the fair target the tune certified against (points of win share).
func StudyTuneCheck(a *Analysis, i int, rel, level, agent string, c tune.Candidate, deals int64, raw bool) (fair []stats.Estimate, z, points float64, err error) {
	ts, _, err := studyTuneSetup(a, i, agent, anyBudget, raw)
	if err != nil {
		return nil, 0, 0, err
	}
	if ts == nil {
		return nil, 0, 0, fmt.Errorf("the check of the tune in %s cannot be set up", rel)
	}
	for _, t := range ts.Spec.Targets {
		if t.Kind == tune.Fair {
			points = t.Points
		}
	}
	ctx := a.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	cs, ests, err := ts.Replay(ctx, c, 0, engine.DeriveSeed(ts.Spec.Seed, 0x636865636b), deals, // "check"
		plan.Options{Dir: filepath.Join(a.Dir, rel, "check-"+level), Workers: a.workers})
	if err != nil {
		return nil, 0, 0, err
	}
	for k, comp := range cs {
		if comp.Kind == tune.Fair {
			fair = append(fair, ests[k])
		}
	}
	return fair, tune.FamilyZ(len(fair)), points, nil
}

// StudyTuneCommand is the command that plays configuration i's tune at agent with a
// budget of games into the study's directory sub (relative to the study).
func StudyTuneCommand(a *Analysis, i int, agent string, games int64, raw bool, sub string) (string, error) {
	ts, _, err := studyTuneSetup(a, i, agent, games, raw)
	if err != nil || ts == nil {
		return "", err
	}
	return ts.Command + " --out " + filepath.ToSlash(filepath.Join(a.Dir, sub)), nil
}

// studyTuneSetup is the tune of configuration i at agent with a budget of games, and the
// directory relative to the study it plays into; a nil setup with the reason in rel where
// the options cannot be set up (a note, not an error). raw judges the raw win shares
// (tune --raw): no luck accounting, a third of the CPU time of a greedy game, and the
// variance tune's sizing (Spec.FairReach) assumes.
func studyTuneSetup(a *Analysis, i int, agent string, games int64, raw bool) (*TuneSetup, string, error) {
	var o StudyOptions
	if err := a.Options(&o); err != nil {
		return nil, "", err
	}
	c := o.Configs[i]
	seed := uint64(0)
	if len(a.Plan.Runs) > 0 {
		seed = a.Plan.Runs[0].Seed
	}
	split := func(s string) []string {
		if strings.TrimSpace(s) == "" {
			return nil
		}
		return []string{s}
	}
	g, err := engine.Lookup(c.Game)
	if err != nil {
		return nil, "", plan.InputError{Err: err}
	}
	params, err := engine.ParseParams(g, c.Params)
	if err != nil {
		return nil, "", plan.InputError{Err: err}
	}
	var sets []string
	for _, kv := range engine.ParamValues(params) {
		sets = append(sets, kv.Key+"="+kv.Value)
	}
	base := c.Game
	if c.Variant != "" {
		base += "-" + c.Variant
	}
	base += fmt.Sprintf("-%dp", c.Players)
	rel := filepath.ToSlash(filepath.Join("tune", base))
	t := Tune{Common: Common{Seed: seed}, Game: Game{Name: c.Game, Players: c.Players, PlayersSet: true, Sets: sets},
		Agents: agent, Levers: split(o.TuneLevers), Targets: split(o.TuneTarget), Budget: strconv.FormatInt(games, 10), Raw: raw}
	t.Command = fmt.Sprintf("dragonlab tune --game %s --players %d --agents %s --budget %d --seed %d", c.Game, c.Players, agent, games, seed)
	if c.Variant != "" {
		t.Command += " (rules of variant " + c.Variant + ")"
	}
	if o.TuneTarget != "" {
		t.Command += " --target " + o.TuneTarget
	}
	if o.TuneLevers != "" {
		t.Command += " --levers " + o.TuneLevers
	}
	if raw {
		t.Command += " --raw"
	}
	ts, err := t.Setup()
	if err != nil {
		return nil, err.Error(), nil
	}
	return ts, rel, nil
}

// anyBudget is a budget in games large enough for any tune to be set up with: what tune's
// sizing asks (Spec.FairReach) does not depend on it.
const anyBudget = 1 << 30
