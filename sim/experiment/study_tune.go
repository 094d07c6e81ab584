package experiment

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"dragonlab/engine"
	"dragonlab/sim/plan"
	"dragonlab/sim/text"
	"dragonlab/sim/tune"
)

// StudyTune plays the study's tune stage for its configuration i (the plan's
// StudyOptions.Configs[i]) at the level of play agent: dragonlab tune into
// DIR/tune/<game>[-variant]-<N>p, whose path relative to the report is rel. The report side
// decides which configurations need one (a seat off at the most skilled level) and reads
// the answer from rel. A tune the budget cannot pay for is a note (the sentence the report
// keeps), not an error; announce is printed before playing. A stop keeps what was
// finished, and the same study command resumes it.
func StudyTune(a *Analysis, i int, agent, announce string) (rel, note string, err error) {
	var o StudyOptions
	if err := a.Options(&o); err != nil {
		return "", "", err
	}
	c := o.Configs[i]
	ctx := a.ctx
	if ctx == nil {
		ctx = context.Background()
	}
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
		return "", "", plan.InputError{Err: err}
	}
	params, err := engine.ParseParams(g, c.Params)
	if err != nil {
		return "", "", plan.InputError{Err: err}
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
	rel = filepath.ToSlash(filepath.Join("tune", base))
	t := Tune{Common: Common{Seed: seed}, Game: Game{Name: c.Game, Players: c.Players, PlayersSet: true, Sets: sets},
		Agents: agent, Levers: split(o.TuneLevers), Targets: split(o.TuneTarget), Budget: strconv.FormatInt(c.Tune, 10)}
	t.Command = fmt.Sprintf("dragonlab tune --game %s --players %d --agents %s --budget %d --seed %d", c.Game, c.Players, agent, c.Tune, seed)
	if c.Variant != "" {
		t.Command += " (rules of variant " + c.Variant + ")"
	}
	if o.TuneTarget != "" {
		t.Command += " --target " + o.TuneTarget
	}
	if o.TuneLevers != "" {
		t.Command += " --levers " + o.TuneLevers
	}
	ts, err := t.Setup()
	if err != nil {
		return "", fmt.Sprintf("The tune stage of %s with %d players was not run: %v.", c.Game, c.Players, err), nil
	}
	// A budget whose certification cannot put even a fair game's seats inside the target
	// would spend its games for a sure "not certified": say so instead, with the budget
	// that would.
	for _, tg := range ts.Spec.Targets {
		if h, need := ts.Spec.FairReach(c.Tune); tg.Kind == tune.Fair && h >= tg.Points {
			return "", fmt.Sprintf("The tune stage of %s with %d players was not run: %s games certify a seat only within ±%s points, not inside %s (about %s games would: --tune %d).",
				c.Game, c.Players, text.Count(c.Tune), text.Trim(100*h, 1), tg.Text, text.Count(need), need), nil
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
