package worth

import (
	"errors"
	"fmt"
	"sort"

	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// Component values by substitution (sim.Config.Substitute): what one more copy of a
// component, in place of an average one of the seat's start, does to that seat's win
// share, on paired deals (the same game seed and agent streams with and without the
// change, the changed seat taking every seat in turn).

// SubstitutionMethod states the estimator, for the report.
const SubstitutionMethod = "Substitution on paired deals: every deal is played as dealt and again with one seat's " +
	"start changed — one more copy of the component in place of an average one of the same kind (drawn uniformly " +
	"among what the seat starts with), or one fewer, replaced by an average one — on the same game seed and the same " +
	"agent streams (common random numbers), the changed seat taking every seat in turn. The value is the mean change " +
	"of the changed seat's win share over every changed seat and deal; its 95% interval is Student's t on the " +
	"ratio estimator's linearized variance with the deal as the cluster (the seats of one deal share its unchanged " +
	"game; Cochran 1977, §6.4), and the p-value the t test of no change, Holm-adjusted over every component and " +
	"direction of the game. What \"starts with\" means is each game's own setup (its deck, opening hand, items and " +
	"team, or pile): see the README."

// ComponentValue is one component in one direction.
type ComponentValue struct {
	Component string `json:"component"`
	Delta     int    `json:"delta"` // +1 one more, -1 one fewer
	// Change is the change of the changed seat's win share (a fraction: 0.04 is 4
	// points), N the seat-deals changed.
	Change stats.Estimate `json:"-"`
	// With and Without are the changed seats' mean win share with and without the change.
	With    float64 `json:"with"`
	Without float64 `json:"without"`
	Seats   int64   `json:"seats"` // seat-deals changed
	P       float64 `json:"p"`
	PHolm   float64 `json:"pHolm"`
}

// Name is the component with the direction: "troll", "one fewer troll".
func (c ComponentValue) Name() string {
	if c.Delta < 0 {
		return "one fewer " + c.Component
	}
	return c.Component
}

// Substitutions is the substitution analysis of one run.
type Substitutions struct {
	Game    string `json:"game"`
	Players int    `json:"players"`
	Agent   string `json:"agent"` // seat 0's agent (the measuring level)
	Deals   int64  `json:"deals"`
	// Rows are every component and direction, the largest change of win share first.
	Rows   []ComponentValue `json:"rows"`
	Family int              `json:"family"` // Holm's family: the rows with an estimate
}

// Substitution analyses the component values of a run played with substitutions.
func Substitution(r *sim.Result) (*Substitutions, error) {
	if r == nil || r.Aggregate.Substitutions == nil {
		return nil, errors.New("substitution: the run has no component values (it was not played with substitutions)")
	}
	sa := r.Aggregate.Substitutions
	c := &Substitutions{Game: r.Game, Players: r.Players, Deals: r.Games}
	if len(r.Agents) > 0 {
		c.Agent = r.Agents[0]
	}
	var ps []float64
	var tested []bool
	for ci, name := range sa.Components {
		for di, delta := range sa.Deltas {
			cell := sa.Cell(ci, di)
			v := ComponentValue{Component: name, Delta: delta, Change: stats.ClusterRatio(cell.Diff, 1.0/60),
				Seats: cell.Diff.N, P: stats.ClusterRatioP(cell.Diff)}
			if cell.Diff.N > 0 {
				v.With = float64(cell.Share60) / 60 / float64(cell.Diff.N)
				v.Without = float64(cell.Share60-cell.Diff.Sum) / 60 / float64(cell.Diff.N)
			}
			c.Rows = append(c.Rows, v)
			ps = append(ps, v.P)
			tested = append(tested, v.Change.HasInterval())
		}
	}
	holm := make([]float64, len(ps))
	c.Family = stats.HolmSubset(ps, tested, holm)
	for i := range c.Rows {
		c.Rows[i].PHolm = holm[i]
	}
	sort.SliceStable(c.Rows, func(i, j int) bool {
		a, b := c.Rows[i], c.Rows[j]
		if a.Change.HasInterval() != b.Change.HasInterval() {
			return a.Change.HasInterval()
		}
		return a.Change.Value > b.Change.Value
	})
	return c, nil
}

// Sentence is the designer's reading of one row: "One more troll (in place of an average
// one) is worth +4.0 points of win share [+2.0, +6.0] to its seat: 54.0% instead of 50.0%
// (1,000 seat-deals; Holm p < 0.001)."
func (c *Substitutions) Sentence(v ComponentValue) string {
	if !v.Change.HasInterval() {
		return fmt.Sprintf("%s: not measurable (%s changed).", format.Capitalize(v.phrase()), format.Plural(v.Seats, "seat-deal"))
	}
	return fmt.Sprintf("%s is worth %s points of win share %s to its seat: %s instead of %s (%s; %s).",
		format.Capitalize(v.phrase()), format.Pts(v.Change.Value), format.IvPts(v.Change), format.Pct(v.With), format.Pct(v.Without),
		format.Plural(v.Seats, "seat-deal"), holmNote(v.PHolm))
}

func (v ComponentValue) phrase() string {
	if v.Delta < 0 {
		return "one fewer " + v.Component + " (an average one in its place)"
	}
	return "one more " + v.Component + " (in place of an average one)"
}

// Top are the first n rows of one more copy (the headline), most valuable first.
func (c *Substitutions) Top(n int) []ComponentValue {
	var out []ComponentValue
	for _, v := range c.Rows {
		if v.Delta > 0 && v.Change.HasInterval() && len(out) < n {
			out = append(out, v)
		}
	}
	return out
}

// Table lists every row.
func (c *Substitutions) Table() doc.TextTable {
	t := doc.TextTable{Title: "What each component is worth (substitution)",
		Header: []string{"component", "change", "seat-deals", "win share with", "without", "change (points)", "95% interval", "Holm p"},
		Note:   SubstitutionMethod}
	for _, v := range c.Rows {
		dir := "one more"
		if v.Delta < 0 {
			dir = "one fewer"
		}
		change, iv, p := "–", "–", "–"
		if v.Change.HasInterval() {
			change, iv, p = format.Pts(v.Change.Value), format.IvPts(v.Change), format.PCell(v.PHolm)
		}
		t.Rows = append(t.Rows, []string{v.Component, dir, format.Count(v.Seats), format.Pct(v.With), format.Pct(v.Without), change, iv, p})
	}
	return t
}

// SummaryRows are the rows as summary.json lists them: {name, estimate {value, lo, hi},
// p (Holm)} with the direction and the counts.
func (c *Substitutions) SummaryRows() []SummaryRow {
	var out []SummaryRow
	for _, v := range c.Rows {
		out = append(out, SummaryRow{Name: v.Name(), Estimate: doc.Estimate{Estimate: v.Change}, P: v.PHolm,
			Component: v.Component, Delta: v.Delta, N: v.Seats})
	}
	return out
}

// SummaryRow is one entry of summary.json's components and decisions lists.
type SummaryRow struct {
	Name     string       `json:"name"`
	Estimate doc.Estimate `json:"estimate"`
	P        float64      `json:"p"` // Holm-adjusted
	// Component and Delta (components), Class and the decision counts (decisions).
	Component string `json:"component,omitempty"`
	Delta     int    `json:"delta,omitempty"`
	N         int64  `json:"n"`
	// Decisions only.
	Choice        *bool         `json:"choice,omitempty"`
	Chosen        *float64      `json:"chosen,omitempty"`   // share of the valued decisions
	P90           *float64      `json:"p90,omitempty"`      // 90th percentile of the loss
	Critical      *doc.Estimate `json:"critical,omitempty"` // share of the chosen decisions that were critical
	PerGame       *float64      `json:"perGame,omitempty"`  // chosen per game × mean loss
	ChosenPerGame *float64      `json:"chosenPerGame,omitempty"`
}

// ComponentChart is the forest plot of every row.
func ComponentChart(c *Substitutions, label, name string) (*doc.Chart, error) {
	var rows []forestRow
	for _, v := range c.Rows {
		if v.Change.HasInterval() {
			rows = append(rows, forestRow{v.Name(), v.Change, v.PHolm < stats.Alpha})
		}
	}
	return forest(fmt.Sprintf("%s: what each component is worth", label),
		fmt.Sprintf("%s, %d players, %s deals; change of the changed seat's win share", c.Agent, c.Players, format.Count(c.Deals)),
		"change of win share (points)", name, rows)
}
