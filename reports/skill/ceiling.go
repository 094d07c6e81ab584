package skill

import (
	"fmt"

	"dragonlab/reports/doc"
	"dragonlab/reports/format"
)

// CeilingAlpha is the level of the sign test that makes a doubling significantly stronger
// than the budget below it in a skill ceiling trace.
const CeilingAlpha = 0.05

// Ceiling is where a skill ceiling trace stops gaining (the anchor is Ludii's
// SkillTrace, Stephenson et al., which plots the same doublings without intervals): the
// agent at doubled budgets, each doubling against the budget below it on duplicate deals.
// A doubling is significantly stronger when the exact two-sided sign test over the deals
// (stats.Paired.SignP) is below CeilingAlpha and the doubling did better on more deals;
// skill saturates at the first budget above which two consecutive doublings are not.
type Ceiling struct {
	// Stronger says, for each step of the trace (Steps[k]: rung k+1 against rung k),
	// whether the doubling is significantly stronger.
	Stronger []bool `json:"stronger"`
	// Saturation is the rung at which skill saturates (the two doublings above it are
	// not significantly stronger), or -1 when the trace never shows two in a row.
	Saturation int `json:"saturation"`
	// Budget is that rung's budget (0 when Saturation is -1).
	Budget float64 `json:"budget"`
	// Sentence says it in words.
	Sentence string `json:"sentence"`
}

// TraceCeiling reads the ladder as a skill ceiling trace (its rungs are doubled budgets),
// sets s.Ceiling and puts its sentence first among the findings.
func (s *Skill) TraceCeiling() *Ceiling {
	c := &Ceiling{Saturation: -1}
	byUpper := map[int]SkillStep{}
	for _, st := range s.Steps {
		byUpper[st.Upper] = st
	}
	for k := 1; k < len(s.Rungs); k++ {
		st, ok := byUpper[k]
		c.Stronger = append(c.Stronger, ok && st.Paired.SignP < CeilingAlpha && st.Paired.Better > st.Paired.Worse)
	}
	for r := 0; r+2 < len(s.Rungs); r++ {
		_, ok1 := byUpper[r+1]
		_, ok2 := byUpper[r+2]
		if ok1 && ok2 && !c.Stronger[r] && !c.Stronger[r+1] {
			c.Saturation, c.Budget = r, s.Rungs[r].Budget
			break
		}
	}
	gains := 0
	for _, g := range c.Stronger {
		if g {
			gains++
		}
	}
	if c.Saturation >= 0 {
		c.Sentence = fmt.Sprintf("Skill saturates at %s: the two doublings above it are not significantly stronger (sign test over duplicate deals at the %.0f%% level); %d of the %d doublings played are.",
			s.rungName(c.Saturation), 100*CeilingAlpha, gains, len(byUpper))
	} else {
		c.Sentence = fmt.Sprintf("Skill does not saturate within the trace: no two consecutive doublings up to %s fail to be significantly stronger (sign test over duplicate deals at the %.0f%% level); %d of the %d doublings played are.",
			s.rungName(len(s.Rungs)-1), 100*CeilingAlpha, gains, len(byUpper))
	}
	s.Ceiling = c
	s.Findings = append([]string{c.Sentence}, s.Findings...)
	return c
}

// ceilingSection is the report's section of a ceiling trace.
func (s *Skill) ceilingSection(d *doc.Doc) {
	if s.Ceiling == nil {
		return
	}
	tb := doc.NewTable("ceiling", doc.Column{Head: "doubling", Key: "doubling"}, doc.Column{Head: "against", Key: "against"},
		doc.Column{Head: "better / worse deals", Key: "better_worse", Align: doc.Right}, doc.Column{Head: "sign p", Key: "sign_p", Align: doc.Right},
		doc.Column{Head: "significantly stronger", Key: "stronger", Align: doc.Right})
	for _, st := range s.Steps {
		yes := "no"
		if s.Ceiling.Stronger[st.Upper-1] {
			yes = "yes"
		}
		tb.Row(doc.Text(s.rungName(st.Upper)), doc.Text(s.rungName(st.Lower)),
			doc.Text(fmt.Sprintf("%s / %s", format.Count(st.Paired.Better), format.Count(st.Paired.Worse))),
			doc.Num(format.PTextFine(st.Paired.SignP), st.Paired.SignP), doc.Cell{Text: yes, Value: s.Ceiling.Stronger[st.Upper-1]})
	}
	d.AddSection("Skill ceiling").Add(doc.Para(s.Ceiling.Sentence+" The seat advantage along the trace is in the next sections."), tb)
}
