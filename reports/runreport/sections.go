package runreport

import (
	"fmt"

	"dragonlab/reports/doc"
	"dragonlab/reports/fairness"
	"dragonlab/reports/feel"
	"dragonlab/reports/luck"
	"dragonlab/reports/value"
	"dragonlab/sim"
)

// ResultSections are the report sections of the optional aggregates of one results file
// (Options.Questions, used by dragonlab report): "How does it feel?" from the
// game-feel metrics, "What decides games?" from the component tallies, "Luck along the
// game" from luck accounting (--luck) and "Luck and skill" from replay seating (and, on
// duplicate deals, how often agent 0 does better on the same deal). label names the result in chart titles; stem prefixes the chart names.
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
	if ca := agg.Components; ca != nil && r.Games > 0 {
		s := &doc.Section{Title: "What decides games?"}
		replays := 0
		if agg.Replays != nil {
			replays = agg.Replays.K
		}
		views := []value.ComponentOptions{{Agent: value.Pooled, Replays: replays}}
		if !fairness.SameAgents(r) {
			views = views[:0]
			for j := range r.Agents {
				views = append(views, value.ComponentOptions{Agent: j, Replays: replays})
			}
		}
		for _, v := range views {
			cs, err := value.Components(ca, r.Agents, v)
			if err != nil {
				return nil, err
			}
			name := stem + "-components"
			if v.Agent != value.Pooled {
				name += fmt.Sprintf("-%d", v.Agent)
			}
			c, err := value.ComponentContent(cs, label, name, 10)
			if err != nil {
				return nil, err
			}
			if len(views) > 1 {
				s.Add(doc.Lead(fmt.Sprintf("Agent %d (%s).", v.Agent, r.Agents[v.Agent]), ""))
			}
			s.Add(c.Blocks(name)...)
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
