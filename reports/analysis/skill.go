package analysis

import (
	"dragonlab/reports/format"
	"dragonlab/reports/skill"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
	"fmt"
	"io"
	"strings"
)

func analyzeSkill(a *experiment.Analysis) ([]string, error) {
	sk, err := skillOf(a)
	if err != nil {
		return nil, err
	}
	return sk.Write(a.Dir)
}

// skillOf is the analysis of a ladder or ceiling trace, its summary printed.
func skillOf(a *experiment.Analysis) (*skill.Skill, error) {
	var o experiment.SkillOptions
	if err := a.Options(&o); err != nil {
		return nil, err
	}
	steps, self := make([]*sim.Result, len(o.Steps)), make([]*sim.Result, len(o.Self))
	stepFiles, selfFiles := make([]string, len(o.Steps)), make([]string, len(o.Self))
	for i, name := range o.Steps {
		steps[i], stepFiles[i] = a.Result(name), a.File(name)
	}
	for i, name := range o.Self {
		self[i], selfFiles[i] = a.Result(name), a.File(name)
	}
	sk, err := skill.AnalyzeSkill(meta(a, o.Meta), o.Rungs, o.Meta.Players, steps, self, stepFiles, selfFiles)
	if err != nil {
		return nil, err
	}
	if a.Plan.Kind == "ceiling" {
		sk.TraceCeiling()
		fmt.Fprintln(a.Stdout, sk.Ceiling.Sentence)
	}
	printSkill(a.Stdout, sk)
	return sk, nil
}

func printSkill(w io.Writer, s *skill.Skill) {
	name := func(i int) string {
		if b := s.Rungs[i].Budget; b > 0 {
			return fmt.Sprintf("budget %s", format.Count(int64(b)))
		}
		return s.Rungs[i].Spec
	}
	fmt.Fprintf(w, "skill ladder: %s, %d players, %d rungs\n", s.Meta.Game, s.Players, len(s.Rungs))
	tw := newTable(w)
	fmt.Fprintln(tw, "rung\tagainst\tgames\thead-to-head\t95% interval\t90% lower\tlevel\t")
	for _, st := range s.Steps {
		lvl := "no"
		if st.IsLevel {
			lvl = "yes"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%.2f%%\t[%.2f, %.2f]\t%.2f%%\t%s\t\n", name(st.Upper), name(st.Lower), format.Count(st.Games),
			100*st.HeadToHead, 100*st.CI.Lo, 100*st.CI.Hi, 100*st.Lower90, lvl)
	}
	tw.Flush()
	tw = newTable(w)
	fmt.Fprintln(tw, "self-play\tgames\tseat 0 share\t95% interval\tadvantage\tp\t")
	for _, sp := range s.Self {
		fmt.Fprintf(tw, "%s\t%s\t%.2f%%\t[%.2f, %.2f]\t%+.2f pts\t%.4g\t\n", name(sp.Rung), format.Count(sp.Games), 100*sp.Seats[0].Share.Value,
			100*sp.Seats[0].Share.Lo, 100*sp.Seats[0].Share.Hi, 100*sp.Advantage, sp.P)
	}
	tw.Flush()
	for _, f := range s.Findings {
		if strings.HasPrefix(f, "The ladder") || strings.Contains(f, "changes with skill") {
			fmt.Fprintln(w, f)
		}
	}
}
