package designer

import (
	"fmt"
	"math"

	"dragonlab/reports/format"
	"dragonlab/reports/luck"
)

// Findings from the lever sweeps: a game's answer may carry one value of a swept lever
// that changes one of page 1's answers — a lever that turns luck into decisions (the luck
// word changes and the two luck intervals do not overlap) with no seat clearly favoured
// there, or one that leaves no seat clearly favoured where the rules favour seat 0 —
// said with its interval. Without one the answer says nothing more: the sweep's table
// stays in the section.

// Finding is one such lever value, against the rules' own.
type Finding struct {
	Players int     `json:"players"`
	Key     string  `json:"key"`
	X       float64 `json:"x"`
	Level   string  `json:"level"`
	// Kind is "luck" (the luck answer changes) or "fair" (the seat answer changes).
	Kind string `json:"kind"`
	// Rules and At are the changed number at the rules' value and at X: the luck share
	// (along the game, else fixed by the deal: Measure says which) or seat 0's advantage.
	Rules   Est    `json:"rules"`
	At      Est    `json:"at"`
	Measure string `json:"measure"`
	Text    string `json:"text"`
}

// finding is the lever value of a (non-seat levers) that changes a page-1 answer the
// most, or nil.
func (a *Answer) finding() *Finding {
	var best *Finding
	var bestLa *SweepAnswer
	var bestRules, bestAt *PointAnswer
	score := 0.0
	for li := range a.Compensation {
		la := &a.Compensation[li]
		if la.Lever.Family() {
			continue // the seat family is the compensation, said under What to change?
		}
		var rules *PointAnswer
		for k := range la.Points {
			if la.Points[k].Rules {
				rules = &la.Points[k]
			}
		}
		if rules == nil {
			continue
		}
		for k := range la.Points {
			p := &la.Points[k]
			if p.Rules {
				continue
			}
			fairThere := p.Edge == nil || p.Edge.Contains(0)
			if f, d := a.luckFinding(la, rules, p); f != nil && fairThere && d > score {
				best, score = f, d
				bestLa, bestRules, bestAt = la, rules, p
			}
			if best == nil && rules.Edge != nil && p.Edge != nil && rules.Edge.Excludes(0) && p.Edge.Contains(0) {
				best = &Finding{Players: a.Players, Key: la.Lever.Path, X: p.X, Level: la.Level, Kind: "fair", Rules: *rules.Edge, At: *p.Edge, Measure: "seat 0"}
				bestLa, bestRules, bestAt = la, rules, p
			}
		}
	}
	if best != nil {
		best.Text = a.findingText(best, bestLa, bestRules, bestAt)
	}
	return best
}

// luckFinding compares the luck of p with the rules' (the same measure at both): a
// finding when the luck word changes and the intervals do not overlap; d is the change.
func (a *Answer) luckFinding(la *SweepAnswer, rules, p *PointAnswer) (*Finding, float64) {
	r, x, measure := rules.Along, p.Along, "the chance events' share"
	if r == nil || x == nil {
		r, x, measure = rules.Luck, p.Luck, "the share the deal fixes"
	}
	if r == nil || x == nil || !r.HasInterval() || !x.HasInterval() {
		return nil, 0
	}
	if luck.Word(r.Value) == luck.Word(x.Value) || !(x.Hi < r.Lo || x.Lo > r.Hi) {
		return nil, 0
	}
	return &Finding{Players: a.Players, Key: la.Lever.Path, X: p.X, Level: la.Level, Kind: "luck", Rules: *r, At: *x, Measure: measure}, math.Abs(x.Value - r.Value)
}

// findingText says a finding in the answer's words: "with 2 players a hand of 3 cards
// (DS-16) takes chance from 55.2% to 0.2% [0.0, 0.5] and the decisions from 2.4 to 19.8 a
// game, seat 0 +4.3 pts [-1.7, +10.4] (expert play)"; la is the lever's sweep, rules and
// at its points at the rules and at the finding's value.
func (a *Answer) findingText(f *Finding, la *SweepAnswer, rules, at *PointAnswer) string {
	what := a.words.param(f.Key, f.X)
	var s string
	switch f.Kind {
	case "luck":
		verb := "cuts"
		if f.At.Value > f.Rules.Value {
			verb = "raises"
		}
		m := "chance"
		if f.Measure != "the chance events' share" {
			m = "what the deal fixes"
		}
		s = fmt.Sprintf("with %s %s %s %s from %s to %s", playersText(a.Players), what, verb, m, format.Pct(f.Rules.Value), pctIv(f.At))
		if rules.Length != nil && at.Length != nil {
			s += fmt.Sprintf(" (decisions %s → %s a game)", num1(rules.Length.Value), num1(at.Length.Value))
		}
		if g := at.Guess; m == "chance" && g != nil && g.Lo > 0 {
			// What the lever makes of the luck: guessing is not skill either.
			s += ", but guessing carries " + pctIv(*g)
		}
		if at.Edge != nil {
			s += "; seat 0 " + ptsIv(*at.Edge)
		}
	case "fair":
		s = fmt.Sprintf("with %s %s leaves no seat clearly favoured: seat 0 %s, not %s", playersText(a.Players), what, ptsIv(f.At), ptsIv(f.Rules))
	}
	return s + a.atLevel(la.Level)
}

// finding is the game's one finding: a luck finding before a fairness one, the largest
// change first.
func (g *Game) finding() *Finding {
	var best *Finding
	for _, a := range g.Configs {
		f := a.Finding
		if f == nil || f.Text == "" {
			continue
		}
		switch {
		case best == nil,
			f.Kind == "luck" && best.Kind != "luck",
			f.Kind == best.Kind && math.Abs(f.At.Value-f.Rules.Value) > math.Abs(best.At.Value-best.Rules.Value):
			best = f
		}
	}
	return best
}
