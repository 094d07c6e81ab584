package analysis

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"dragonlab/engine"
	"dragonlab/reports/designer"
	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/reports/tune"
	"dragonlab/reports/worth"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"dragonlab/sim/plan"
	"dragonlab/sim/stats"
)

// analyzeStudy turns the study's results into the designer's report (reports/designer).
func analyzeStudy(a *experiment.Analysis) ([]string, error) {
	in, err := studyInput(a)
	if err != nil {
		return nil, err
	}
	played := 0
	for _, r := range a.Results {
		if r != nil && r.Games > 0 {
			played++
		}
	}
	if played == 0 {
		return nil, errors.New("no stage of the study was played: nothing to report")
	}
	if err := tuneStage(a, in); err != nil {
		return nil, err
	}
	fmt.Fprintf(a.Stderr, "writing the report of %d stages…\n", played)
	rp, err := designer.Analyze(in)
	if err != nil {
		return nil, fmt.Errorf("analyse the study: %w", err)
	}
	printStudy(a.Stdout, rp, a.Dir)
	written, err := rp.Write(a.Dir)
	if err != nil {
		return nil, fmt.Errorf("write report: %w", err)
	}
	fmt.Fprintf(a.Stdout, "study of %d stages: report in %s and %s\n", played, filepath.Join(a.Dir, doc.PDFName), filepath.Join(a.Dir, doc.HTMLName))
	return written, nil
}

// tuneStage runs dragonlab tune, after the plan, into DIR/tune/<game>-<N>p, and hands
// each answer to the designer's "What to change". With a budget in games (--tune, the full
// budget) it runs for every game and player count with one where a seat is off
// (designer.Answer.Off: favoured, or an interval beyond the target). With a cap in CPU
// seconds (the default budget) it runs where page 1's Fair? answer says a seat is
// favoured, each with the games tune's own sizing asks, while the cap (the rounds' cost
// model, no clock) pays for them; where it cannot, the cell says how many games would
// settle it and the section gives the command. Either way tune measures at the level of
// the Fair? answer (designer.Answer.FairLevel), and a change it certifies there is
// replayed under the study's most skilled play (its Fair? stage's deals), within the cap.
// Each tune is a directory of its own: a stop keeps what it finished, and the same study
// command resumes it. A tune the budget cannot pay for is a note, not an error.
func tuneStage(a *experiment.Analysis, in *designer.Input) error {
	var o experiment.StudyOptions
	if err := a.Options(&o); err != nil {
		return err
	}
	todo := o.TuneCPU > 0
	for _, c := range o.Configs {
		todo = todo || c.Tune > 0
	}
	if !todo || !a.Complete {
		return nil
	}
	pre, err := designer.Analyze(in)
	if err != nil {
		return fmt.Errorf("analyse the study: %w", err)
	}
	var answers []*designer.Answer
	for _, g := range pre.Games {
		answers = append(answers, g.Configs...)
	}
	capLeft := o.TuneCPU
	for i, c := range o.Configs {
		if i >= len(answers) || c.Players < 2 {
			continue
		}
		ans := answers[i]
		games := c.Tune
		switch {
		case games > 0 && ans.Off():
		case games <= 0 && o.TuneCPU > 0 && ans.SeatFavoured():
		default:
			continue
		}
		lvIdx := ans.FairLevel()
		lv := in.Configs[i].Levels[lvIdx]
		perGame := experiment.StudyGameCPU(a, c.Levels[lvIdx].Run)
		capped := games <= 0
		if capped {
			need, cmd, err := experiment.StudyTuneNeed(a, i, lv.Agent, true)
			if err != nil {
				return err
			}
			if need <= 0 {
				continue
			}
			cost := float64(need) * perGame
			if cost > capLeft {
				fmt.Fprintf(a.Stderr, "tune stage: %s, %d players under %s play needs about %s games (~%s CPU-s), more than its cap has left (%s CPU-s): not run\n",
					c.Game, c.Players, lv.Name, format.Count(need), format.Trim(cost, 0), format.Trim(capLeft, 0))
				in.Configs[i].Tune = &designer.TuneInput{Level: lv.Name, More: need, Command: cmd, Unplayed: true,
					Sentence: fmt.Sprintf("not settled: about %s games of dragonlab tune would certify a change", format.Count(need))}
				continue
			}
			capLeft -= cost
			games = need
		}
		announce := fmt.Sprintf("tune stage: %s, %d players (seat 0 %s under %s play)…\n", c.Game, c.Players, format.PtsIv(ans.Levels[lvIdx].Seats[0].Advantage.Estimate), lv.Name)
		rel, note, err := experiment.StudyTune(a, i, lv.Agent, games, capped, announce)
		if err != nil {
			return err
		}
		if note != "" {
			in.Notes = append(in.Notes, note)
			continue
		}
		res, err := ReadTuneResult(filepath.Join(a.Dir, rel))
		if err != nil {
			return err
		}
		p := res.Proposal
		ti := tuneInput(p, lv.Name, res.Targets, rel)
		if !p.Certified && capped {
			// Not certified at the size tune's sizing asks: about as many games again, in
			// a tune of twice the budget (the command starts it in a directory of its own).
			if ti.More <= 0 {
				ti.More = games
			}
			if ti.Command, err = experiment.StudyTuneCommand(a, i, lv.Agent, games+ti.More, true, rel+"-more"); err != nil {
				return err
			}
		}
		if capped && p.Certified {
			if err := tuneCheck(a, in, c, i, rel, lvIdx, res, &capLeft, ti); err != nil {
				return err
			}
		}
		in.Configs[i].Tune = ti
	}
	return nil
}

// tuneCheck replays a change tune certified at another level than the study's most
// skilled under that play, on as many fresh deals as its Fair? stage played there (fewer
// where the cap has no room for them, none where it has no room for 100), and records the
// result in ti.Check.
func tuneCheck(a *experiment.Analysis, in *designer.Input, c experiment.StudyConfig, i int, rel string, lvIdx int, res *tune.Result, capLeft *float64, ti *designer.TuneInput) error {
	cfg := in.Configs[i]
	top := len(cfg.Levels) - 1
	for top >= 0 && cfg.Levels[top].Result == nil {
		top--
	}
	if top < 0 || top == lvIdx || res.Certificate().Best().Candidate.Changed == 0 {
		return nil
	}
	lv := cfg.Levels[top]
	run := c.Levels[top].Run
	deals := lv.Result.Aggregate.Games
	if per := experiment.StudyGameCPU(a, run); per > 0 {
		deals = min(deals, int64(*capLeft/per))
	}
	if deals < 100 {
		return nil
	}
	ests, z, points, err := experiment.StudyTuneCheck(a, i, rel, lv.Name, lv.Agent, res.Certificate().Best().Candidate, deals, true)
	if err != nil || len(ests) == 0 {
		return err
	}
	*capLeft -= float64(deals) * experiment.StudyGameCPU(a, run)
	worst := 0
	for k, e := range ests {
		if math.Abs(e.Value) > math.Abs(ests[worst].Value) {
			worst = k
		}
	}
	e := ests[worst]
	chk := &designer.TuneCheck{Level: lv.Name, Deals: deals, Seat: worst, Points: points,
		Advantage: designer.Est{Estimate: stats.Estimate{Value: e.Value, SE: e.SE, Lo: e.Value - z*e.SE, Hi: e.Value + z*e.SE, N: e.N, Method: "replay of the certified change"}}}
	if chk.Verdict() == "not settled" {
		chk.More = stats.MoreGames(deals, z*e.SE, points)
	}
	ti.Check = chk
	return nil
}

// studyInput maps the plan's options and results onto the designer's input.
func studyInput(a *experiment.Analysis) (*designer.Input, error) {
	var o experiment.StudyOptions
	if err := a.Options(&o); err != nil {
		return nil, err
	}
	in := &designer.Input{Title: o.Title, Command: a.Plan.Command, Tool: "dragonlab " + sim.Version, Budget: o.Budget,
		Replays: o.Replays, Complete: a.Complete, Notes: o.Notes}
	if len(a.Plan.Runs) > 0 {
		in.Seed = a.Plan.Runs[0].Seed
	}
	looks, err := experiment.StudyLooks(a.Dir)
	if err != nil {
		return nil, err
	}
	for _, c := range o.Configs {
		g, err := engine.Lookup(c.Game)
		if err != nil {
			return nil, plan.InputError{Err: err}
		}
		dc := designer.Config{Game: c.Game, Title: g.Title, Variant: c.Variant, Players: c.Players}
		if t := c.Target; t != nil {
			// A target left at 0 keeps the default.
			def := designer.DefaultTarget(c.Players)
			dt := designer.Target{Seat: t.Seat, Luck: t.Luck, Worth: t.Worth}
			if dt.Seat == 0 {
				dt.Seat = def.Seat
			}
			if dt.Luck == 0 {
				dt.Luck = def.Luck
			}
			if dt.Worth == 0 {
				dt.Worth = def.Worth
			}
			dc.Target = &dt
		}
		for _, lv := range c.Levels {
			l := designer.Level{Name: lv.Name, Agent: lv.Agent, Written: lv.Written, About: lv.About}
			if lv.Run != "" {
				l.File, l.Result, l.Looks = a.File(lv.Run), a.Result(lv.Run), looks[lv.Run]
				if r := l.Result; r != nil && dc.Params == nil {
					dc.Params = r.Params
				}
			}
			dc.Levels = append(dc.Levels, l)
		}
		for _, st := range c.Ladder {
			dc.Ladder = append(dc.Ladder, designer.Step{Upper: st.Upper, Lower: st.Lower, File: a.File(st.Run), Result: a.Result(st.Run)})
		}
		for _, ab := range c.Ablation {
			da := designer.Ablation{Level: ab.Level, Classes: ab.Classes, Measuring: ab.Measuring}
			for _, r := range ab.Runs {
				da.Rows = append(da.Rows, worth.AblationInput{Forbid: r.Forbid, File: a.File(r.Run), Result: a.Result(r.Run)})
			}
			dc.Ablation = append(dc.Ablation, da)
		}
		for _, v := range c.Value {
			dv := designer.Value{Level: v.Level}
			if v.SubstitutionRun != "" {
				dv.Substitution = worth.Input{File: a.File(v.SubstitutionRun), Result: a.Result(v.SubstitutionRun)}
			}
			if v.DecisionRun != "" {
				dv.Decisions = worth.Input{File: a.File(v.DecisionRun), Result: a.Result(v.DecisionRun)}
			}
			dc.Value = append(dc.Value, dv)
		}
		for _, l := range c.Levers {
			dl := designer.Sweep{Level: l.Level, Lever: l.Lever, Measuring: l.Measuring}
			for _, p := range l.Points {
				dl.Points = append(dl.Points, designer.SweepPoint{X: p.X, File: a.File(p.Run), Result: a.Result(p.Run)})
			}
			dc.Levers = append(dc.Levers, dl)
		}
		for _, sq := range c.Questions {
			dc.Questions = append(dc.Questions, designer.QuestionInput{Name: sq.Name, Game: c.Game, Players: c.Players, Data: sq.Data,
				Results: a.QuestionResults(sq)})
		}
		in.Configs = append(in.Configs, dc)
	}
	return in, nil
}

// printStudy writes the answers at a glance on the terminal, and the command that settles
// what is not settled in the study's directory dir.
func printStudy(w io.Writer, rp *designer.Report, dir string) {
	heads := designer.Columns()
	for _, g := range rp.Games {
		title := g.Title
		if g.Variant != "" {
			title += " (variant " + g.Variant + ")"
		}
		fmt.Fprintf(w, "%s\n", title)
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, a := range g.Configs {
			if a.Top < 0 {
				continue
			}
			for k, c := range a.Glance.Cells() {
				who := ""
				if k == 0 {
					who = fmt.Sprintf("%dp, %s", a.Players, a.Glance.Level)
				}
				fmt.Fprintf(tw, "  %s\t%s\t%s\n", who, heads[k], c.Text)
			}
		}
		tw.Flush()
		fmt.Fprintf(w, "%s\n\n", wrap(g.Answer, 100))
	}
	if n := len(rp.Settle); n > 0 {
		them := "them"
		if n == 1 {
			them = "it"
		}
		fmt.Fprintf(w, "%s not settled by this budget: dragonlab study --settle %s plays what would settle %s.\n\n", format.Plural(int64(n), "question"), dir, them)
	}
}

// wrap breaks text into lines of at most width runes (at spaces).
func wrap(text string, width int) string {
	var out []string
	line := ""
	for _, word := range strings.Fields(text) {
		if line != "" && len([]rune(line))+1+len([]rune(word)) > width {
			out = append(out, line)
			line = word
			continue
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	if line != "" {
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// tuneInput is dragonlab tune's proposal as the designer's input: the change (its rules
// parameters, in words by the report) with the largest certified seat advantage left
// after it (the fair target's components), and tune's own sentence and paragraph.
func tuneInput(p tune.Proposal, level string, targets []string, dir string) *designer.TuneInput {
	// Effect stays without an interval (Method "") when no fair target was certified.
	ch := designer.RuleChange{Params: map[string]any{}, Certified: p.Certified}
	for k, raw := range p.Change {
		var v any
		if json.Unmarshal(raw, &v) == nil {
			ch.Params[k] = v
		}
	}
	worst := -1.0
	for _, t := range p.Targets {
		if !strings.HasPrefix(t.Target, "fair") {
			continue
		}
		for _, c := range t.Components {
			if e := c.Estimate.Estimate; math.Max(math.Abs(e.Lo), math.Abs(e.Hi)) > worst {
				worst = math.Max(math.Abs(e.Lo), math.Abs(e.Hi))
				ch.Effect = designer.Est{Estimate: stats.Estimate{Value: e.Value, Lo: e.Lo, Hi: e.Hi, Method: "tune certification"}}
			}
		}
	}
	return &designer.TuneInput{Changes: []designer.RuleChange{ch}, Sentence: p.Sentence, Answer: p.Answer, Certified: p.Certified,
		Level: level, Targets: targets, Dir: dir, More: p.More}
}
