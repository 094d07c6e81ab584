package sim

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"

	"dragonlab/engine"
)

// The value aggregates: what a component is worth by substitution (Config.Substitute) and
// what each decision is worth by the measuring agent's search (Config.Decisions). Like
// every aggregate they are integers, so shards, checkpoints and merges stay exact; the
// estimators (ratio means over independent clusters, their intervals, Holm) live in the
// reports.

// Substitution asks a run for component values by substitution: each unit's deal is
// played as dealt (the baseline: the run's games, recorded as usual) and then once per
// component, direction and seat with that seat's setup changed through the game's
// engine.Substituter — one more copy of the component in place of an average one, and
// with Fewer also one fewer — on the same game seed and the same agent streams (common
// random numbers), the changed seat taking every seat in turn.
type Substitution struct {
	Components []string `json:"components"`      // names from the game's Substitutes
	Fewer      bool     `json:"fewer,omitempty"` // also one fewer copy of each
}

// Deltas are the directions played: +1, and -1 with Fewer.
func (s *Substitution) Deltas() []int {
	if s.Fewer {
		return []int{1, -1}
	}
	return []int{1}
}

// Variants is the number of changed deals played per unit: one per component, direction
// and seat.
func (s *Substitution) Variants(players int) int {
	return len(s.Components) * len(s.Deltas()) * players
}

// ClusterSums are the exact sums behind a ratio mean over independent clusters (deals,
// games): cluster i contributes m_i ≥ 0 observations adding up to t_i. The mean is
// Sum/N; its variance follows from the cluster totals (Σ t_i², Σ m_i², Σ t_i·m_i), so
// observations of one cluster (the seats of one deal, the decisions of one game) may be
// correlated.
type ClusterSums struct {
	Clusters int64 `json:"clusters"` // clusters, those with no observation included
	N        int64 `json:"n"`        // Σ m_i
	Sum      int64 `json:"sum"`      // Σ t_i
	SumSq    int64 `json:"sumSq"`    // Σ t_i²
	NSq      int64 `json:"nSq"`      // Σ m_i²
	Cross    int64 `json:"cross"`    // Σ t_i·m_i
}

// Add records one cluster of m observations adding up to t.
func (c *ClusterSums) Add(t, m int64) {
	c.Clusters++
	c.N += m
	c.Sum += t
	c.SumSq += t * t
	c.NSq += m * m
	c.Cross += t * m
}

// Mean is the ratio mean Sum/N (0 without observations).
func (c ClusterSums) Mean() float64 {
	if c.N == 0 {
		return 0
	}
	return float64(c.Sum) / float64(c.N)
}

// SE is the standard error of Mean over independent clusters: the linearized (delta
// method) variance of a ratio mean, n/(n−1)·Σ(t_i − r·m_i)²/N² with r = Mean and n the
// clusters (Cochran, Sampling Techniques, 3rd ed. 1977, §6.4), so that observations of
// one cluster may be correlated. 0 with fewer than two clusters or no observation.
func (c ClusterSums) SE() float64 {
	if c.N == 0 || c.Clusters < 2 {
		return 0
	}
	n, r := float64(c.Clusters), c.Mean()
	ss := float64(c.SumSq) - 2*r*float64(c.Cross) + r*r*float64(c.NSq)
	return math.Sqrt(n/(n-1)*math.Max(ss, 0)) / float64(c.N)
}

func (c *ClusterSums) merge(o ClusterSums) {
	c.Clusters += o.Clusters
	c.N += o.N
	c.Sum += o.Sum
	c.SumSq += o.SumSq
	c.NSq += o.NSq
	c.Cross += o.Cross
}

// check validates sums of clusters clusters, each of at most maxM observations within
// ±bound.
func (c *ClusterSums) check(name string, clusters, maxM, bound int64) error {
	bad := func(what string) error {
		return fmt.Errorf("%s: %s (clusters %d, n %d, sum %d, sumSq %d, nSq %d, cross %d)", name, what, c.Clusters, c.N, c.Sum, c.SumSq, c.NSq, c.Cross)
	}
	switch {
	case c.Clusters != clusters:
		return bad(fmt.Sprintf("%d clusters, want %d", c.Clusters, clusters))
	case c.N < 0 || c.N > satMul(clusters, maxM):
		return bad("observations out of range")
	case c.NSq < c.N || c.NSq > satMul(c.N, maxM):
		return bad("Σm² out of range")
	case c.Sum < -satMul(bound, c.N) || c.Sum > satMul(bound, c.N):
		return bad("sum out of range")
	case c.SumSq < 0 || c.SumSq > satMul(satMul(bound, bound), c.NSq):
		return bad("Σt² out of range")
	case c.Cross < -satMul(bound, c.NSq) || c.Cross > satMul(bound, c.NSq):
		return bad("Σtm out of range")
	}
	// Cauchy–Schwarz: (Σ t_i)² ≤ Σ t_i² · (clusters with an observation) ≤ Σ t_i² · N.
	if hi, lo := bits.Mul64(uint64(abs64(c.Sum)), uint64(abs64(c.Sum))); hi > 0 || lo > 0 {
		h2, l2 := bits.Mul64(uint64(c.SumSq), uint64(c.N))
		if hi > h2 || hi == h2 && lo > l2 {
			return bad("Σt² too small for the sum")
		}
	}
	return nil
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// SubstitutionAgg holds, per component and direction, the paired changes of the changed
// seat's win share (in sixtieths), one cluster per deal.
type SubstitutionAgg struct {
	Components []string `json:"components"`
	Deltas     []int    `json:"deltas"`
	// Cells are component-major: the cell of component c and direction d is
	// Cells[c·len(Deltas)+d].
	Cells []SubstitutionCell `json:"cells"`
}

// SubstitutionCell is one component and direction. Per deal, t is the sum over the seats
// whose setup the substitution changed of (the seat's win share in the changed deal −
// its win share in the deal as dealt), in sixtieths, and m the number of those seats (a
// seat whose deal had nothing to change, e.g. one fewer of a card it was not dealt,
// counts in neither).
type SubstitutionCell struct {
	Diff ClusterSums `json:"diff"`
	// Share60 is the changed seats' total win share in the changed deals, in sixtieths:
	// with Diff, the win share with and without the change.
	Share60 int64 `json:"share60"`
}

func newSubstitutionAgg(s *Substitution) *SubstitutionAgg {
	return &SubstitutionAgg{Components: slices.Clone(s.Components), Deltas: s.Deltas(),
		Cells: make([]SubstitutionCell, len(s.Components)*len(s.Deltas()))}
}

// Cell is the cell of component index c and direction index d.
func (a *SubstitutionAgg) Cell(c, d int) *SubstitutionCell { return &a.Cells[c*len(a.Deltas)+d] }

func (a *SubstitutionAgg) clone() *SubstitutionAgg {
	c := &SubstitutionAgg{Components: slices.Clone(a.Components), Deltas: slices.Clone(a.Deltas), Cells: make([]SubstitutionCell, len(a.Cells))}
	c.merge(a)
	return c
}

func (a *SubstitutionAgg) merge(o *SubstitutionAgg) {
	for i := range a.Cells {
		a.Cells[i].Diff.merge(o.Cells[i].Diff)
		a.Cells[i].Share60 += o.Cells[i].Share60
	}
}

func (a *SubstitutionAgg) sameShape(o *SubstitutionAgg) bool {
	return slices.Equal(a.Components, o.Components) && slices.Equal(a.Deltas, o.Deltas)
}

// check validates the cells against the aggregate's games (one deal each) and players.
func (a *SubstitutionAgg) check(games int64, players int) error {
	if err := checkNames("substitution components", a.Components, engine.MaxComponents); err != nil {
		return err
	}
	if !slices.Equal(a.Deltas, []int{1}) && !slices.Equal(a.Deltas, []int{1, -1}) {
		return fmt.Errorf("substitution directions %v (want [1] or [1,-1])", a.Deltas)
	}
	if len(a.Cells) != len(a.Components)*len(a.Deltas) {
		return fmt.Errorf("%d substitution cells for %d components and %d directions", len(a.Cells), len(a.Components), len(a.Deltas))
	}
	for c, name := range a.Components {
		for d, delta := range a.Deltas {
			cell := a.Cell(c, d)
			what := fmt.Sprintf("%+d %s", delta, name)
			if err := cell.Diff.check(what, games, int64(players), 60); err != nil {
				return err
			}
			base := cell.Share60 - cell.Diff.Sum
			if cell.Share60 < 0 || cell.Share60 > satMul(60, cell.Diff.N) || base < 0 || base > satMul(60, cell.Diff.N) {
				return fmt.Errorf("%s: win share %d/60 (%d/60 unchanged) over %d seats", what, cell.Share60, base, cell.Diff.N)
			}
		}
	}
	return nil
}

// CriticalGap is the gap, in thousandths of a win, between the best and the second-best
// root value above which a decision is critical (10 points of win probability).
const CriticalGap = 100

// DecisionAgg holds the decision value statistics of the agents that report their search
// root (agents.RootReporter), by agent index as Aggregate.Agents; agents that do not
// report keep empty tallies. Values are in thousandths of a win (the search's win-share
// estimates rounded).
type DecisionAgg struct {
	Classes []string        `json:"classes"` // the game's engine.ActionClasser classes
	Agents  []DecisionTally `json:"agents"`
}

// DecisionTally is one agent's decisions with a choice whose root values were read (two
// or more legal actions valued by the search).
type DecisionTally struct {
	Decisions int64 `json:"decisions"`
	// Critical counts the decisions whose best and second-best values differ by more than
	// CriticalGap; Gap is the histogram of that difference over all Decisions.
	Critical int64 `json:"critical"`
	Gap      Hist  `json:"gap"`
	// Loss is, by game, over every decision, the value of the action played minus the
	// best value of the others (negative when the search played a move it values less:
	// the most visited is not always the best valued).
	Loss    ClusterSums  `json:"loss"`
	Classes []ClassTally `json:"classes"`
}

// ClassTally is one action class in one agent's decisions.
type ClassTally struct {
	Available int64 `json:"available"` // decisions in which an action of the class was legal
	Chosen    int64 `json:"chosen"`    // decisions in which the action played was of the class
	Critical  int64 `json:"critical"`  // of those, critical decisions
	// Loss is, by game, over the decisions of Chosen in which an action outside the class
	// was valued, the value of the action played minus the best value outside the class:
	// what the seat would lose, at that decision, if the class were forbidden there. Its
	// histogram (LossHist) gives the quantiles.
	Loss     ClusterSums `json:"loss"`
	LossHist Hist        `json:"lossHist"`
}

func newDecisionAgg(classes []string, agentsN int) *DecisionAgg {
	d := &DecisionAgg{Classes: slices.Clone(classes), Agents: make([]DecisionTally, agentsN)}
	for j := range d.Agents {
		d.Agents[j].Classes = make([]ClassTally, len(classes))
	}
	return d
}

func (d *DecisionAgg) clone() *DecisionAgg {
	c := newDecisionAgg(d.Classes, len(d.Agents))
	c.merge(d)
	return c
}

func (d *DecisionAgg) merge(o *DecisionAgg) {
	for j := range d.Agents {
		t, u := &d.Agents[j], &o.Agents[j]
		t.Decisions += u.Decisions
		t.Critical += u.Critical
		t.Gap.Merge(u.Gap)
		t.Loss.merge(u.Loss)
		for k := range t.Classes {
			a, b := &t.Classes[k], &u.Classes[k]
			a.Available += b.Available
			a.Chosen += b.Chosen
			a.Critical += b.Critical
			a.Loss.merge(b.Loss)
			a.LossHist.Merge(b.LossHist)
		}
	}
}

func (d *DecisionAgg) sameShape(o *DecisionAgg) bool {
	return slices.Equal(d.Classes, o.Classes) && len(d.Agents) == len(o.Agents)
}

// check validates the decision tallies against the aggregate's games and agents.
func (d *DecisionAgg) check(a *Aggregate, players int) error {
	if err := checkNames("classes", d.Classes, 64); err != nil {
		return err
	}
	if len(d.Agents) != players {
		return fmt.Errorf("%d agents for %d players", len(d.Agents), players)
	}
	for j := range d.Agents {
		t := &d.Agents[j]
		if len(t.Classes) != len(d.Classes) {
			return fmt.Errorf("agent %d: %d class tallies for %d classes", j, len(t.Classes), len(d.Classes))
		}
		if t.Decisions < 0 || t.Decisions > a.DecisionsSum || t.Critical < 0 || t.Critical > t.Decisions {
			return fmt.Errorf("agent %d: %d decisions (%d critical) of %d", j, t.Decisions, t.Critical, a.DecisionsSum)
		}
		n, err := t.Gap.check(fmt.Sprintf("agent %d gap", j))
		if err != nil {
			return err
		}
		if err := t.Gap.within("gap", 0, 1000); err != nil {
			return err
		}
		if n != t.Decisions || t.Gap.countAbove(CriticalGap) != t.Critical {
			return fmt.Errorf("agent %d: the gap histogram counts %d decisions (%d critical), not %d (%d)", j, n, t.Gap.countAbove(CriticalGap), t.Decisions, t.Critical)
		}
		if err := t.Loss.check(fmt.Sprintf("agent %d loss", j), a.Games, maxGameDecisions(a), 1000); err != nil {
			return err
		}
		if t.Loss.N != t.Decisions {
			return fmt.Errorf("agent %d: losses at %d decisions of %d", j, t.Loss.N, t.Decisions)
		}
		for k, name := range d.Classes {
			c := &t.Classes[k]
			what := fmt.Sprintf("agent %d, class %s", j, name)
			if c.Available < 0 || c.Available > t.Decisions || c.Chosen < 0 || c.Chosen > c.Available || c.Critical < 0 || c.Critical > c.Chosen || c.Critical > t.Critical {
				return fmt.Errorf("%s: available %d, chosen %d, critical %d of %d decisions", what, c.Available, c.Chosen, c.Critical, t.Decisions)
			}
			if err := c.Loss.check(what+" loss", a.Games, maxGameDecisions(a), 1000); err != nil {
				return err
			}
			if c.Loss.N > c.Chosen {
				return fmt.Errorf("%s: losses at %d decisions of %d chosen", what, c.Loss.N, c.Chosen)
			}
			n, err := c.LossHist.check(what + " losses")
			if err != nil {
				return err
			}
			if err := c.LossHist.within(what+" losses", -1000, 1000); err != nil {
				return err
			}
			if s, _ := c.LossHist.sums(); n != c.Loss.N || s != c.Loss.Sum {
				return fmt.Errorf("%s: the loss histogram disagrees with the loss sums", what)
			}
		}
	}
	return nil
}

// maxGameDecisions is the most decisions a game of the aggregate had.
func maxGameDecisions(a *Aggregate) int64 { return max(a.DecisionsHist.maxValue(), 0) }

// countAbove is the number of values above v.
func (h *Hist) countAbove(v int64) int64 {
	var n int64
	for i, c := range h.Counts {
		if h.Lo+int64(i) > v {
			n += c
		}
	}
	return n
}

// checkValueNames checks that the substitution components are the game's and the
// decision classes are its action classes.
func (r *Result) checkValueNames(g engine.Game, p engine.Params) error {
	sa, da := r.Aggregate.Substitutions, r.Aggregate.Decisions
	if sa == nil && da == nil {
		return nil
	}
	s, err := g.New(p, r.Players)
	if err != nil {
		return fmt.Errorf("%s rules: %v", g.Name, err)
	}
	if sa != nil {
		valid, err := Substitutes(s)
		if err != nil {
			return fmt.Errorf("substitutions: %v", err)
		}
		for _, c := range sa.Components {
			if !slices.Contains(valid, c) {
				return fmt.Errorf("substitutions: %q is not a component of %s with these rules", c, g.Name)
			}
		}
	}
	if da != nil {
		ac, ok := s.(engine.ActionClasser)
		if !ok || !slices.Equal(ac.ActionClasses(), da.Classes) {
			return fmt.Errorf("decisions: the classes are not those of %s with these rules", g.Name)
		}
	}
	return nil
}

// Substitutes lists the components a state's game can substitute (engine.Substituter),
// or says why there are none.
func Substitutes(s engine.State) ([]string, error) {
	if s.Players() < 2 {
		return nil, fmt.Errorf("a substitution compares seats: with one player there is nothing to compare (a change of the solitaire's cards is a rules lever: sweep it)")
	}
	sb, ok := s.(engine.Substituter)
	if !ok || len(sb.Substitutes()) == 0 {
		return nil, fmt.Errorf("this game with %d players gives the seats nothing of their own to start with: there is no component to substitute", s.Players())
	}
	return sb.Substitutes(), nil
}

// checkSubstitution validates cfg.Substitute against the game (cfg's rules validated).
func (cfg *Config) checkSubstitution(s engine.State) error {
	sub := cfg.Substitute
	if cfg.Seating != SeatFixed {
		return fmt.Errorf("substitutions play each deal with agent j in seat j (fixed seating), not %s seating", cfg.Seating)
	}
	valid, err := Substitutes(s)
	if err != nil {
		return fmt.Errorf("%s: %v", cfg.Game.Name, err)
	}
	if len(sub.Components) == 0 {
		return fmt.Errorf("no component to substitute (valid: %s)", strings.Join(valid, ", "))
	}
	for i, c := range sub.Components {
		if !slices.Contains(valid, c) {
			return fmt.Errorf("unknown component %q of %s (valid: %s)", c, cfg.Game.Name, strings.Join(valid, ", "))
		}
		if slices.Contains(sub.Components[:i], c) {
			return fmt.Errorf("component %q given twice", c)
		}
	}
	return nil
}

// round1000 is a value in [0, 1] in thousandths.
func round1000(v float64) int64 {
	return int64(math.Round(min(max(v, 0), 1) * 1000))
}
