package worth

import (
	"fmt"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/sim"
)

// Report is the analysis of a value experiment (dragonlab value): what each component is
// worth by substitution, and what each decision is worth by the measuring agent's search.
// Its JSON form is the experiment's summary.json: the components and decisions lists
// ({name, estimate {value, lo, hi}, p}: p Holm-adjusted) beside the findings.
type Report struct {
	Meta  doc.Meta `json:"meta"`
	Agent string   `json:"agent"` // the measuring level (substitutions)
	// DecisionAgent is the agent whose decisions were valued (the level with rollouts to
	// the end, when the level cuts them off), Iterations its search per decision.
	DecisionAgent string            `json:"decisionAgent,omitempty"`
	Iterations    float64           `json:"iterations,omitempty"`
	Deals         int64             `json:"deals"`
	Games         int64             `json:"games"` // games of the decision run
	Components    []SummaryRow      `json:"components"`
	Decisions     []SummaryRow      `json:"decisions"`
	Critical      *doc.Estimate     `json:"critical,omitempty"` // share of decisions that are critical
	CriticalGame  float64           `json:"criticalPerGame"`
	Findings      []string          `json:"findings"`
	Notes         []string          `json:"notes,omitempty"`
	Files         map[string]string `json:"files"`

	sub *Substitutions
	dec *Decisions
}

// Input is one run of a value experiment.
type Input struct {
	File   string      // results file (name within the output directory)
	Result *sim.Result // nil when not played
}

// Analyze reads the substitution and the decision runs of a value experiment (either may
// be absent).
func Analyze(meta doc.Meta, g engine.Game, substitution, decisions Input) (*Report, error) {
	r := &Report{Meta: meta, Files: map[string]string{}, Components: []SummaryRow{}, Decisions: []SummaryRow{}}
	if in := substitution; in.Result != nil && in.Result.Games > 0 {
		s, err := Substitution(in.Result)
		if err != nil {
			return nil, err
		}
		r.sub, r.Agent, r.Deals = s, agents.Short(s.Agent), s.Deals
		r.Components = s.SummaryRows()
		r.Files["substitution"] = in.File
		if !in.Result.Complete {
			r.Notes = append(r.Notes, "The substitution run is incomplete (interrupted): only its finished deals count.")
		}
	} else if in.File != "" {
		r.Notes = append(r.Notes, "The substitution run was not played.")
	}
	if in := decisions; in.Result != nil && in.Result.Games > 0 {
		d, err := DecisionValues(in.Result, g)
		if err != nil {
			return nil, err
		}
		r.dec, r.DecisionAgent, r.Iterations, r.Games = d, agents.Short(d.Agent), d.Iterations, d.Games
		r.Decisions = d.SummaryRows()
		r.Critical, r.CriticalGame = &doc.Estimate{Estimate: d.Critical}, d.CriticalPerGame
		r.Files["decisions"] = in.File
		if !in.Result.Complete {
			r.Notes = append(r.Notes, "The decision run is incomplete (interrupted): only its finished games count.")
		}
	} else if in.File != "" {
		r.Notes = append(r.Notes, "The decision run was not played.")
	}
	r.findings()
	return r, nil
}

// findings: the five most valuable components, the critical decisions, and the classes
// worth most per game.
func (r *Report) findings() {
	var f []string
	if r.sub != nil {
		top := r.sub.Top(5)
		for _, v := range top {
			f = append(f, r.sub.Sentence(v))
		}
		if len(top) == 0 {
			f = append(f, "No component could be measured.")
		}
	}
	if r.dec != nil && r.dec.Decisions > 0 {
		f = append(f, r.dec.Summary())
		n := 0
		for _, c := range r.dec.Classes {
			if c.Loss.HasInterval() && n < 3 {
				f = append(f, r.dec.Sentence(c))
				n++
			}
		}
	}
	if len(f) == 0 {
		f = append(f, "Nothing was played.")
	}
	r.Findings = f
}

// Doc builds the report.
func (r *Report) Doc() (*doc.Doc, error) {
	var extra []doc.KV
	if r.sub != nil {
		extra = append(extra, doc.KV{Key: "Components", Value: fmt.Sprintf("%s at %s, %s deals, each played as dealt and once per component, direction and seat changed",
			format.Plural(int64(len(r.sub.Rows)), "substitution"), r.Agent, format.Count(r.Deals))})
	}
	if r.dec != nil {
		extra = append(extra, doc.KV{Key: "Decisions", Value: fmt.Sprintf("%s in self-play, %s games, %s search iterations a decision",
			r.DecisionAgent, format.Count(r.Games), format.Num(r.Iterations, 0))})
	}
	d := r.Meta.NewDoc(fmt.Sprintf("What cards and decisions are worth: %s, %d players", r.Meta.Game, r.Meta.Players), extra...)
	s := d.AddSection("Findings").Add(doc.Bullets(r.Findings...))
	if len(r.Notes) > 0 {
		s.Add(doc.Bullets(r.Notes...))
	}
	if r.sub != nil {
		c := &doc.Content{Title: "What each component is worth", Tables: []doc.TextTable{r.sub.Table()}, Notes: []string{SubstitutionMethod}}
		if err := c.AddChart(ComponentChart(r.sub, r.Meta.Game, "components")); err != nil {
			return nil, err
		}
		d.AddSection(c.Title).Add(c.Blocks("components")...)
	}
	if r.dec != nil {
		c := &doc.Content{Title: "What each decision is worth", Sentences: []string{r.dec.Summary()}, Tables: []doc.TextTable{r.dec.Table()}, Notes: []string{DecisionMethod}}
		if err := c.AddChart(DecisionChart(r.dec, r.Meta.Game, "decisions")); err != nil {
			return nil, err
		}
		d.AddSection(c.Title).Add(c.Blocks("decisions")...)
	}
	return d, nil
}

// Write renders the report (report.pdf, report.html, summary.json …) into dir.
func (r *Report) Write(dir string) ([]string, error) { return doc.Write(dir, r.Doc, r) }

// Substitutions is the component analysis (nil when not played).
func (r *Report) Substitutions() *Substitutions { return r.sub }

// DecisionTable is the decision analysis (nil when not played).
func (r *Report) DecisionTable() *Decisions { return r.dec }
