package analysis

import (
	"fmt"
	"math"
	"path/filepath"

	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/reports/skill"
	"dragonlab/sim"
	"dragonlab/sim/experiment"
)

func init() {
	experiment.SetWriter("ceilings", experiment.Writer{Analyze: analyzeCeilings})
}

// CeilingsRow is one cell of the ceilings summary: where skill saturates, and whether the
// seat advantage moves with the budget (the ladder's trend test of seat 0's share against
// log10(budget), Cochran–Armitage).
type CeilingsRow struct {
	Cell       string  `json:"cell"`
	Game       string  `json:"game"`
	Players    int     `json:"players"`
	Saturation float64 `json:"saturation"` // budget where skill saturates; 0: not within the trace
	Gains      int     `json:"gains"`      // doublings significantly stronger
	Steps      int     `json:"steps"`      // doublings played
	FirstShare float64 `json:"firstShare"` // seat 0's self-play share at the first and last rung played
	LastShare  float64 `json:"lastShare"`
	Slope      float64 `json:"slope"` // change of seat 0's share per tenfold budget
	TrendP     float64 `json:"trendP"`
	// Changes says whether fairness changes with skill (trend p < 0.05).
	Changes bool `json:"changes"`
}

// Ceilings is the ceilings report's data: one row per cell, each cell's own report in
// its subdirectory.
type Ceilings struct {
	Rows     []CeilingsRow `json:"rows"`
	Findings []string      `json:"findings"`
}

// analyzeCeilings reads each cell as the ceiling trace of its game and player count
// (the cell's report in DIR/<cell>/), then writes the summary across cells in DIR.
func analyzeCeilings(a *experiment.Analysis) ([]string, error) {
	var o experiment.CeilingsOptions
	if err := a.Options(&o); err != nil {
		return nil, err
	}
	var out Ceilings
	var written []string
	for i, cell := range o.Cells {
		sub, err := o.Cell(a.Plan, i)
		if err != nil {
			return nil, inputErr("%v", err)
		}
		results := make([]*sim.Result, len(sub.Runs))
		complete := true
		for j, r := range sub.Runs {
			results[j] = a.Result(r.Name)
			complete = complete && results[j] != nil && a.Complete
		}
		sa := &experiment.Analysis{Plan: sub, Results: results, Complete: complete,
			Dir: filepath.Join(a.Dir, cell.Name), Stdout: a.Stdout, Stderr: a.Stderr}
		sk, err := skillOf(sa)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", cell.Name, err)
		}
		files, err := sk.Write(sa.Dir)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			written = append(written, filepath.Join(cell.Name, f))
		}
		out.Rows = append(out.Rows, ceilingsRow(cell, sk))
	}
	changes := 0
	for _, r := range out.Rows {
		if r.Changes {
			changes++
		}
	}
	out.Findings = append(out.Findings, fmt.Sprintf("Fairness changes with skill in %d of %d cells: there seat 0's self-play share moves steadily with log10(budget) (trend test p < 0.05); elsewhere the trace shows no evidence that it does.", changes, len(out.Rows)))
	for _, f := range out.Findings {
		fmt.Fprintln(a.Stdout, f)
	}
	files, err := doc.Write(a.Dir, func() (*doc.Doc, error) { return out.doc(a) }, out)
	if err != nil {
		return nil, err
	}
	return append(files, written...), nil
}

// ceilingsRow is a cell's row from its trace.
func ceilingsRow(cell experiment.CeilingCell, sk *skill.Skill) CeilingsRow {
	r := CeilingsRow{Cell: cell.Name, Game: cell.Skill.Meta.Game, Players: cell.Skill.Meta.Players,
		Slope: sk.Trend.Slope, TrendP: sk.Trend.P, Changes: sk.FairnessChanges()}
	if sk.Ceiling != nil {
		r.Saturation = sk.Ceiling.Budget
		r.Steps = len(sk.Steps)
		for _, g := range sk.Ceiling.Stronger {
			if g {
				r.Gains++
			}
		}
	}
	if len(sk.Self) > 0 {
		r.FirstShare = sk.Self[0].Seats[0].Share.Value
		r.LastShare = sk.Self[len(sk.Self)-1].Seats[0].Share.Value
	}
	return r
}

// doc is the summary report: one row per cell, and where each cell's report is.
func (c Ceilings) doc(a *experiment.Analysis) (*doc.Doc, error) {
	d := doc.New("Skill ceiling of every game and player count")
	d.Provenance = []doc.KV{{Key: "Command", Value: a.Plan.Command}, {Key: "Tool", Value: "dragonlab " + sim.Version}}
	if !a.Complete {
		d.Intro = append(d.Intro, doc.Alert("Incomplete: the plan was interrupted; the report covers only the games that were finished."))
	}
	right := func(head, key string) doc.Column { return doc.Column{Head: head, Key: key, Align: doc.Right} }
	tb := doc.NewTable("ceilings", doc.Column{Head: "cell", Key: "cell"}, right("saturates at", "saturation"),
		right("doublings stronger", "gains"), right("seat 0 share, first rung", "first_share"), right("last rung", "last_share"),
		right("per tenfold budget", "slope"), right("trend p", "trend_p"), right("fairness changes with skill", "changes"))
	for _, r := range c.Rows {
		sat := "not within the trace"
		if r.Saturation > 0 {
			sat = format.Count(int64(r.Saturation))
		}
		yes := "no"
		if r.Changes {
			yes = "yes"
		}
		slope := r.Slope
		if math.IsNaN(slope) {
			slope = 0
		}
		tb.Row(doc.Text(r.Cell), doc.Num(sat, r.Saturation), doc.Text(fmt.Sprintf("%d of %d", r.Gains, r.Steps)),
			doc.Num(format.Pct(r.FirstShare), r.FirstShare), doc.Num(format.Pct(r.LastShare), r.LastShare),
			doc.Num(format.PtsUnit(slope), slope), doc.Num(format.PTextFine(r.TrendP), r.TrendP), doc.Cell{Text: yes, Value: r.Changes})
	}
	d.AddSection("Verdict").Add(doc.Bullets(c.Findings...))
	d.AddSection("Skill and fairness by cell").Add(doc.Para("Each cell is the ceiling trace of its game and player count (its report in the subdirectory of its name): the expert at doubled budgets, each doubling alone against the one below on duplicate deals (sign test), and each rung's self-play for seat 0's share; the trend is the Cochran–Armitage test of seat 0's share against log10(budget), its slope in points per tenfold budget."), tb)
	return d, nil
}
