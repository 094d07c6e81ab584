package tune

import (
	"fmt"
	"math"
	"sort"

	"dragonlab/sim/stats"
)

// The certificate: the rules, the pick and its neighbour replayed on fresh deals, every
// component with a Bonferroni interval over the family of claims (every target and seat),
// so that all the claims hold together with probability at least 95%.

// Value is one component of one candidate, certified.
type Value struct {
	Component Component      `json:"component"`
	Estimate  stats.Estimate `json:"-"`
	// Inside: the interval lies inside the component's target (skill: above fair).
	Inside bool `json:"inside"`
}

// Row is one candidate of the certification.
type Row struct {
	Role      string    `json:"role"`
	Candidate Candidate `json:"candidate"`
	Deals     int64     `json:"deals"`
	Values    []Value   `json:"values"`
	// Met says, per target, whether its certified intervals lie inside it.
	Met []bool `json:"met"`
	// Meets: every target is met.
	Meets bool `json:"meets"`
	// Near: every estimate lies inside its target (skill: enough steps above fair), so
	// that a target missed is missed only by its interval's width.
	Near bool `json:"near,omitempty"`
}

// Certificate is the certification's analysis.
type Certificate struct {
	Deals int64 `json:"deals"`
	// Family is the claims of the Bonferroni family: every target and seat of every
	// eligible candidate (the rules, the pick and the neighbour when there are).
	Family int     `json:"family"`
	Level  float64 `json:"level"` // each interval's level, 1 − 0.05/family
	Z      float64 `json:"z"`
	Rules  Row     `json:"rules"`
	Pick   *Row    `json:"pick,omitempty"`
	// Neighbour is the whole-number neighbour of the pick on the other side of fair.
	Neighbour *Row `json:"neighbour,omitempty"`
	// Smaller is, where the pick changes several parameters, the best change of one.
	Smaller *Row `json:"smaller,omitempty"`
	// RunnerUp is, where the pick changes one parameter without a neighbour, the next
	// best change of one parameter.
	RunnerUp *Row `json:"runnerUp,omitempty"`
	// Effect is, per component, the proposal (Best) minus the rules on the same fresh
	// deals (paired), at the family level (nil when the proposal is no change).
	Effect []stats.Estimate `json:"-"`
}

// Eligible are the rows the proposal may be, in the order they are tested: the rules as
// they are first, then the changes in cost order (fewest parameters changed, then the
// smallest distance: Candidate.Less). The answer is the first that meets the targets.
//
// Why the family-wise error stays at its level: every eligible row was named by the
// search before the certification was played, on deals the certification never reuses,
// and each row's claims (every target and seat) are intervals at 1 − α/family with the
// family counting the claims of every eligible row (Bonferroni). So the probability that
// any eligible row is wrongly said to meet the targets is at most α, whichever row the
// cost order then answers with: walking the rows in a fixed order and stopping at the
// first that meets them selects among claims that all hold together (a closed family),
// and adds no error of its own. The rules come first, so a change is never the answer
// where the rules themselves are certified.
func (c *Certificate) Eligible() []*Row {
	out := []*Row{&c.Rules}
	for _, r := range []*Row{c.Pick, c.Neighbour, c.Smaller, c.RunnerUp} {
		if r != nil {
			out = append(out, r)
		}
	}
	sort.SliceStable(out[1:], func(i, j int) bool { return out[1+i].Candidate.Less(out[1+j].Candidate) })
	return out
}

// Missed are the rows changing fewer parameters than the answer that were certified and
// did not meet the targets (cost order): what a combination's answer names.
func (c *Certificate) Missed() []*Row {
	best := c.Best()
	var out []*Row
	for _, r := range c.Eligible()[1:] {
		if r != best && r.Candidate.Changed < best.Candidate.Changed && !r.Meets {
			out = append(out, r)
		}
	}
	return out
}

// Best is the row the proposal is about. The rules first: when they meet the targets on
// the fresh deals the answer is no change ("fair as is"), whatever else also meets them —
// a change is never certified where the rules themselves are. Otherwise, of the changes
// that meet the targets, the smallest; when none does, the pick (or the rules when the
// search picked no change).
//
// Nor is a change the answer where the rules miss the targets only by their intervals'
// width (their estimates inside: Rules.Near): rules that may well be fair are not
// settled, and a change certified there would most often be needless — on fair rules the
// certification's own noise fails the rules' interval now and then while an equally fair
// change passes. The answer is then the rules, not certified ("not settled"), and a change
// only where the rules' estimates say they are off.
func (c *Certificate) Best() *Row {
	if c.Rules.Meets || c.Rules.Near {
		return &c.Rules
	}
	for _, r := range c.Eligible()[1:] {
		if r.Meets {
			return r // the first in cost order
		}
	}
	if c.Pick != nil {
		return c.Pick
	}
	return &c.Rules
}

// Certified says whether the proposal meets the targets on the fresh deals.
func (c *Certificate) Certified() bool { return c.Best().Meets }

// CertifyRound analyses the certification round: its entries' measures by index.
func CertifyRound(s *Spec, r Round, ms []*Measure) (*Certificate, error) {
	if r.Kind != Certify || len(ms) != len(r.Entries) {
		return nil, fmt.Errorf("not a certification round")
	}
	cs, claims := CertComponents(s)
	eligible := 0 // the rules, the pick and the neighbour: every row Best may answer with
	for _, e := range r.Entries {
		switch e.Role {
		case RoleRules, RolePick, RoleNeighbour, RoleSmaller, RoleRunnerUp:
			eligible++
		}
	}
	fam := claims * eligible
	level := 1 - stats.Alpha/float64(fam)
	z := FamilyZ(fam)
	c := &Certificate{Deals: r.Deals, Family: fam, Level: level, Z: z}
	var rules *Measure
	byName := map[string]*Measure{}
	for i, e := range r.Entries {
		if ms[i] == nil {
			return nil, fmt.Errorf("the certification of %s was not played", e.Candidate.Name)
		}
		row, err := certifyRow(s, cs, e, ms[i], z, level)
		if err != nil {
			return nil, err
		}
		byName[e.Candidate.Name] = ms[i]
		switch e.Role {
		case RoleRules:
			c.Rules, rules = row, ms[i]
		case RolePick:
			c.Pick = &row
		case RoleNeighbour:
			c.Neighbour = &row
		case RoleSmaller:
			c.Smaller = &row
		case RoleRunnerUp:
			c.RunnerUp = &row
		}
	}
	if best := c.Best(); rules != nil && best.Candidate.Changed > 0 {
		a, b := map[int]*Measure{0: byName[best.Candidate.Name]}, map[int]*Measure{0: rules}
		for _, comp := range cs {
			if d, ok := Paired(comp, a, b); ok {
				c.Effect = append(c.Effect, stats.Normal(d.Value, d.SE, z))
			} else {
				c.Effect = append(c.Effect, stats.Estimate{Lo: math.NaN(), Hi: math.NaN()})
			}
		}
	}
	return c, nil
}

func certifyRow(s *Spec, cs []Component, e Entry, m *Measure, z, level float64) (Row, error) {
	row := Row{Role: e.Role, Candidate: e.Candidate, Deals: int64(len(m.Units))}
	ests, err := Estimates(cs, []*Measure{m})
	if err != nil {
		return row, err
	}
	met := make([]bool, len(s.Targets))
	for i := range met {
		met[i] = true
	}
	steps := map[int]int{} // skill target → steps above fair
	for i, comp := range cs {
		t := s.Targets[comp.Target]
		est := stats.Normal(ests[i].Value, ests[i].SE, z)
		est.N = ests[i].N
		if comp.Kind == Luck {
			if est, err = LuckAt([]*Measure{m}, level); err != nil {
				return row, err
			}
		}
		v := Value{Component: comp, Estimate: est}
		switch comp.Kind {
		case Fair:
			v.Inside = est.Lo >= -t.Points && est.Hi <= t.Points
		case Length:
			lo, hi := t.Decisions*(1-t.Tolerance), t.Decisions*(1+t.Tolerance)
			v.Inside = est.Lo >= lo && est.Hi <= hi
		case Luck:
			v.Inside = est.Hi <= t.Share
		case Skill:
			v.Inside = est.Lo > 0
			if v.Inside {
				steps[comp.Target]++
			}
		}
		if comp.Kind != Skill && !v.Inside {
			met[comp.Target] = false
		}
		row.Values = append(row.Values, v)
	}
	for ti, t := range s.Targets {
		if t.Kind == Skill {
			met[ti] = steps[ti]+1 >= t.Levels
		}
	}
	row.Met, row.Meets = met, true
	for _, m := range met {
		row.Meets = row.Meets && m
	}
	row.Near = near(s, row.Values)
	return row, nil
}

// near reports whether every certified estimate lies inside its target (skill: the
// target's steps above fair by their estimates).
func near(s *Spec, vs []Value) bool {
	steps := map[int]int{}
	for _, v := range vs {
		t := s.Targets[v.Component.Target]
		x := v.Estimate.Value
		switch v.Component.Kind {
		case Fair:
			if math.Abs(x) > t.Points {
				return false
			}
		case Length:
			if x < t.Decisions*(1-t.Tolerance) || x > t.Decisions*(1+t.Tolerance) {
				return false
			}
		case Luck:
			if x > t.Share {
				return false
			}
		case Skill:
			if x > 0 {
				steps[v.Component.Target]++
			}
		}
	}
	for ti, t := range s.Targets {
		if t.Kind == Skill && steps[ti]+1 < t.Levels {
			return false
		}
	}
	return true
}
