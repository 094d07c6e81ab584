package runreport

import (
	"fmt"

	"dragonlab/engine"
	"dragonlab/reports/doc"
	"dragonlab/reports/fairness"
	"dragonlab/reports/feel"
	"dragonlab/reports/luck"
	"dragonlab/reports/worth"
	"dragonlab/sim"
)

// ResultSections are the report sections of the optional aggregates of one results file
// (Options.Questions, used by dragonlab report): "How does it feel?" from the
// game-feel metrics, "What each component is worth" and "What each decision is worth"
// from the value aggregates, the component win rates (associations, not effects) from the
// component tallies, "Luck along the game" from luck accounting (--luck) and "Luck and
// skill" from replay seating (and, on duplicate deals, how often agent 0 does better on
// the same deal). label names the result in chart titles; stem prefixes the chart names.
// A result without these aggregates gives no section.
func ResultSections(r *sim.Result, label, stem string) ([]*doc.Section, error) {
	var out []*doc.Section
	agg := &r.Aggregate
	if m := agg.Metrics; m != nil && r.Games > 0 {
		f, err := feel.Analyze(agg, m)
		if err != nil {
			return nil, err
		}
		c, err := feel.Content(f, label, stem+"-feel")
		if err != nil {
			return nil, err
		}
		s := &doc.Section{Title: "How does it feel?"}
		s.Add(c.Blocks(stem + "-feel")...)
		out = append(out, s)
	}
	if sa := agg.Substitutions; sa != nil && r.Games > 0 {
		sub, err := worth.Substitution(r)
		if err != nil {
			return nil, err
		}
		c := &doc.Content{Title: "What each component is worth", Tables: []doc.TextTable{sub.Table()}, Notes: []string{worth.SubstitutionMethod}}
		for _, v := range sub.Top(5) {
			c.Sentences = append(c.Sentences, sub.Sentence(v))
		}
		if err := c.AddChart(worth.ComponentChart(sub, label, stem+"-substitution")); err != nil {
			return nil, err
		}
		s := &doc.Section{Title: c.Title}
		s.Add(c.Blocks(stem + "-substitution")...)
		out = append(out, s)
	}
	if da := agg.Decisions; da != nil && r.Games > 0 {
		g, _ := engine.Lookup(r.Game)
		d, err := worth.DecisionValues(r, g)
		if err != nil {
			return nil, err
		}
		c := &doc.Content{Title: "What each decision is worth", Sentences: []string{d.Summary()}, Tables: []doc.TextTable{d.Table()}, Notes: []string{worth.DecisionMethod}}
		if err := c.AddChart(worth.DecisionChart(d, label, stem+"-decisions")); err != nil {
			return nil, err
		}
		s := &doc.Section{Title: c.Title}
		s.Add(c.Blocks(stem + "-decisions")...)
		out = append(out, s)
	}
	if ca := agg.Components; ca != nil && r.Games > 0 {
		// Component win rates are associations (longer games see more cards), shown with the
		// same within games of one length.
		s := &doc.Section{Title: "Component win rates (associations, not effects)"}
		replays := 0
		if agg.Replays != nil {
			replays = agg.Replays.K
		}
		views := []worth.ComponentOptions{{Agent: worth.Pooled, Replays: replays}}
		if !fairness.SameAgents(r) {
			views = views[:0]
			for j := range r.Agents {
				views = append(views, worth.ComponentOptions{Agent: j, Replays: replays})
			}
		}
		for _, v := range views {
			cs, err := worth.Components(ca, r.Agents, v)
			if err != nil {
				return nil, err
			}
			name := stem + "-components"
			if v.Agent != worth.Pooled {
				name += fmt.Sprintf("-%d", v.Agent)
			}
			c, err := worth.ComponentContent(cs, label, name, 10)
			if err != nil {
				return nil, err
			}
			if len(views) > 1 {
				s.Add(doc.Lead(fmt.Sprintf("Agent %d (%s).", v.Agent, r.Agents[v.Agent]), ""))
			}
			s.Add(c.Blocks(name)...)
		}
		ls, err := worth.LengthAdjusted(ca, replays)
		if err != nil {
			return nil, err
		}
		if ls != nil {
			t := ls.Table(10)
			s.Add(t.Block(stem + "-components-length"))
			s.Add(&doc.Paragraph{Text: worth.LengthMethod, Small: true})
		}
		out = append(out, s)
	}
	if agg.Luck != nil && r.Games > 0 {
		acc, err := luck.Account(r)
		if err != nil {
			return nil, err
		}
		s := &doc.Section{Title: "Luck along the game"}
		s.Add(luck.AccountingContent(acc).Blocks(stem + "-accounting")...)
		out = append(out, s)
	}
	if rep := agg.Replays; rep != nil && r.Games > 0 {
		ls, err := luck.Analyze(rep)
		if err != nil {
			return nil, err
		}
		c, err := luck.Content(ls, nil, label, stem+"-luck")
		if err != nil {
			return nil, err
		}
		s := &doc.Section{Title: "Luck and skill"}
		s.Add(c.Blocks(stem + "-luck")...)
		out = append(out, s)
	} else if r.Seating == sim.SeatDuplicate && len(r.Agents) >= 2 && !fairness.SameAgents(r) && r.Games > 0 {
		sd, err := luck.SameDealWins(r)
		if err != nil {
			return nil, err
		}
		sd.Stronger, sd.Weaker = r.Agents[0], r.Agents[1]
		s := &doc.Section{Title: "On the same deal"}
		s.Add(doc.Bullets(sd.Sentence()))
		out = append(out, s)
	}
	return out, nil
}
