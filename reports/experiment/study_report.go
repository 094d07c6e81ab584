package experiment

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"dragonlab/engine"
	"dragonlab/reports/designer"
	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/reports/value"
	"dragonlab/sim"
	"dragonlab/sim/plan"
)

// analyzeStudy turns the study's results into the designer's report (reports/designer).
func analyzeStudy(a *Analysis) ([]string, error) {
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
	fmt.Fprintf(a.Stderr, "writing the report of %d stages…\n", played)
	rp, err := designer.Analyze(in)
	if err != nil {
		return nil, fmt.Errorf("analyse the study: %w", err)
	}
	printStudy(a.Stdout, rp)
	written, err := rp.Write(a.Dir)
	if err != nil {
		return nil, fmt.Errorf("write report: %w", err)
	}
	fmt.Fprintf(a.Stdout, "study of %d stages: report in %s and %s\n", played, filepath.Join(a.Dir, doc.PDFName), filepath.Join(a.Dir, doc.HTMLName))
	return written, nil
}

// studyInput maps the plan's options and results onto the designer's input.
func studyInput(a *Analysis) (*designer.Input, error) {
	var o StudyOptions
	if err := a.options(&o); err != nil {
		return nil, err
	}
	in := &designer.Input{Title: o.Title, Command: a.Plan.Command, Tool: "dragonlab " + sim.Version, Budget: o.Budget,
		Replays: o.Replays, Complete: a.Complete, Notes: o.Notes}
	if len(a.Plan.Runs) > 0 {
		in.Seed = a.Plan.Runs[0].Seed
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
				l.File, l.Result = a.file(lv.Run), a.result(lv.Run)
				if r := l.Result; r != nil && dc.Params == nil {
					dc.Params = r.Params
				}
			}
			dc.Levels = append(dc.Levels, l)
		}
		for _, st := range c.Ladder {
			dc.Ladder = append(dc.Ladder, designer.Step{Upper: st.Upper, Lower: st.Lower, File: a.file(st.Run), Result: a.result(st.Run)})
		}
		for _, ab := range c.Ablation {
			da := designer.Ablation{Level: ab.Level, Classes: ab.Classes, Measuring: ab.Measuring}
			for _, r := range ab.Runs {
				da.Rows = append(da.Rows, value.AblationInput{Forbid: r.Forbid, File: a.file(r.Run), Result: a.result(r.Run)})
			}
			dc.Ablation = append(dc.Ablation, da)
		}
		for _, v := range c.Value {
			dv := designer.Value{Level: v.Level}
			if v.SubstitutionRun != "" {
				dv.Substitution = value.Input{File: a.file(v.SubstitutionRun), Result: a.result(v.SubstitutionRun)}
			}
			if v.DecisionRun != "" {
				dv.Decisions = value.Input{File: a.file(v.DecisionRun), Result: a.result(v.DecisionRun)}
			}
			dc.Value = append(dc.Value, dv)
		}
		for _, l := range c.Levers {
			dl := designer.Lever{Level: l.Level, Key: l.Key, Seat: l.Seat, Base: l.Base, Why: l.Why, Caveat: l.Caveat, Measuring: l.Measuring}
			for _, p := range l.Points {
				dl.Points = append(dl.Points, designer.LeverPoint{X: p.X, File: a.file(p.Run), Result: a.result(p.Run)})
			}
			dc.Levers = append(dc.Levers, dl)
		}
		in.Configs = append(in.Configs, dc)
	}
	return in, nil
}

// printStudy writes the answers at a glance on the terminal.
func printStudy(w io.Writer, rp *designer.Report) {
	heads := []string{"Fair?", "Skill?", "Luck?", "What matters?", "What to change?"}
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
		fmt.Fprintf(w, "%s not settled by this budget: dragonlab study --settle DIR plays what would settle them.\n\n", format.Plural(int64(n), "question"))
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
