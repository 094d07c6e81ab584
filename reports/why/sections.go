package why

import (
	"fmt"

	"dragonlab/reports/doc"
	"dragonlab/sim"
)

// ResultSections are the report sections of the optional aggregates of one results file
// (reports.Options.Sections, used by dragonlab report): "How does it feel?" from the
// game-feel metrics, "What decides games?" from the component tallies and "Luck and
// skill" from replay seating (and, on duplicate deals, how often agent 0 does better on
// the same deal). label names the result in chart titles; stem prefixes the chart names.
// A result without these aggregates gives no section.
func ResultSections(r *sim.Result, label, stem string) ([]*doc.Section, error) {
	var out []*doc.Section
	agg := &r.Aggregate
	if m := agg.Metrics; m != nil && r.Games > 0 {
		f, err := GameFeel(agg, m)
		if err != nil {
			return nil, err
		}
		c, err := FeelContent(f, label, stem+"-feel")
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
		views := []ComponentOptions{{Agent: Pooled, Replays: replays}}
		if !sameAgents(r.Agents) {
			views = views[:0]
			for j := range r.Agents {
				views = append(views, ComponentOptions{Agent: j, Replays: replays})
			}
		}
		for _, v := range views {
			cs, err := Components(ca, r.Agents, v)
			if err != nil {
				return nil, err
			}
			name := stem + "-components"
			if v.Agent != Pooled {
				name += fmt.Sprintf("-%d", v.Agent)
			}
			c, err := ComponentContent(cs, label, name, 10)
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
	if rep := agg.Replays; rep != nil && r.Games > 0 {
		ls, err := Luck(rep)
		if err != nil {
			return nil, err
		}
		c, err := LuckContent(ls, nil, label, stem+"-luck")
		if err != nil {
			return nil, err
		}
		s := &doc.Section{Title: "Luck and skill"}
		s.Add(c.Blocks(stem + "-luck")...)
		out = append(out, s)
	} else if r.Seating == sim.SeatDuplicate && len(r.Agents) >= 2 && !sameAgents(r.Agents) && r.Games > 0 {
		sd, err := SameDealWins(r)
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

func sameAgents(as []string) bool {
	for _, a := range as {
		if a != as[0] {
			return false
		}
	}
	return true
}
