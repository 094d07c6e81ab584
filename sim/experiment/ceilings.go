package experiment

import (
	"fmt"
	"strings"

	"dragonlab/engine"
	"dragonlab/sim/plan"
)

// Ceilings is the skill ceiling trace of every game and player count as one plan: for
// each registered game and each of its counts of two or more players, the trace of
// Ceiling (the base agent at doubled budgets from its own budget for that game and count,
// each doubling alone against the one below on duplicate deals, and each rung's
// self-play for the seat advantage). One plan, so it shards, resumes and merges like any
// other; the report traces each cell and says, per cell, whether the seat advantage
// changes along the budgets (the ladder's trend test of seat 0's share on log budget).
// Solitaires are left out: a ceiling step is a head-to-head, which a solitaire has not.
type Ceilings struct {
	Common
	// Base is the agent whose iterations are doubled (its other options kept).
	Base string
	// Start is the first rung's budget in every cell; 0 takes the base's own budget for
	// each game and player count.
	Start int64
	// Doublings is the number of rungs above 1× in every cell (2 to 12).
	Doublings int
	// Deals per doubling step and per rung's self-play, in every cell (a deal is one game
	// per seat, so a cell of n players plays n games per deal).
	Deals, SelfDeals int64
	// Only, if not empty, keeps the cells of these games (comma-separated names).
	Only string
}

// CeilingsOptions are the plan options of Ceilings: each cell's ladder, its runs named
// with the cell's name first.
type CeilingsOptions struct {
	Cells []CeilingCell `json:"cells"`
}

// CeilingCell is one game and player count of Ceilings.
type CeilingCell struct {
	Name  string       `json:"name"` // "draco-3p": the prefix of its runs' names
	Skill SkillOptions `json:"skill"`
}

func init() {
	register(&Kind{Name: "ceilings", DefaultOut: "ceilings", check: checkCeilings})
}

// CellName is the name of the cell of a game and player count.
func CellName(game string, players int) string { return fmt.Sprintf("%s-%dp", game, players) }

// Plan is every cell's ceiling trace (Ceiling.Plan), the cells in the order of the
// registered games and their player counts.
func (o Ceilings) Plan() (*plan.Plan, error) {
	if o.Deals <= 0 || o.SelfDeals <= 0 {
		return nil, fmt.Errorf("--deals %d, --self-deals %d: want positive numbers of deals", o.Deals, o.SelfDeals)
	}
	only := map[string]bool{}
	if strings.TrimSpace(o.Only) != "" {
		for _, name := range strings.Split(o.Only, ",") {
			g, err := engine.Lookup(strings.TrimSpace(name))
			if err != nil {
				return nil, fmt.Errorf("--only %s: %v", o.Only, err)
			}
			only[g.Name] = true
		}
	}
	p := o.newPlan("ceilings")
	var opts CeilingsOptions
	for _, g := range engine.Games() {
		if len(only) > 0 && !only[g.Name] {
			continue
		}
		for n := max(2, g.MinPlayers); n <= g.MaxPlayers; n++ {
			cell := Ceiling{Common: o.Common, Game: Game{Name: g.Name, Players: n, PlayersSet: true}, Base: o.Base, Start: o.Start,
				Doublings: o.Doublings, Games: o.Deals * int64(n), SelfGames: o.SelfDeals * int64(n), SelfGamesSet: true}
			sub, err := cell.Plan()
			if err != nil {
				return nil, fmt.Errorf("%s: %v", CellName(g.Name, n), err)
			}
			var so SkillOptions
			if err := sub.DecodeOptions(&so); err != nil {
				return nil, err
			}
			name := CellName(g.Name, n)
			prefix := func(list []string) {
				for i := range list {
					list[i] = name + "-" + list[i]
				}
			}
			prefix(so.Steps)
			prefix(so.Self)
			for _, r := range sub.Runs {
				r.Name = name + "-" + r.Name
				r.Label = name + " " + r.Label
				p.Runs = append(p.Runs, r)
			}
			opts.Cells = append(opts.Cells, CeilingCell{Name: name, Skill: so})
		}
	}
	if len(opts.Cells) == 0 {
		return nil, fmt.Errorf("no game with two or more players to trace")
	}
	return p, p.SetOptions(opts)
}

// Cell is the plan of one cell alone, as the ceiling experiment of its game and player
// count: its runs, named as in the whole plan, and its ladder's options. The analysis
// reads each cell through it; the check checks each cell as a ceiling.
func (o CeilingsOptions) Cell(p *plan.Plan, i int) (*plan.Plan, error) {
	c := o.Cells[i]
	sub := plan.New("ceiling", p.Command)
	sub.Results = p.Results
	for _, name := range append(append([]string{}, c.Skill.Steps...), c.Skill.Self...) {
		j := p.Index(name)
		if j < 0 {
			return nil, fmt.Errorf("cells[%d] (%s): no run %q in the plan", i, c.Name, name)
		}
		sub.Runs = append(sub.Runs, p.Runs[j])
	}
	return sub, sub.SetOptions(c.Skill)
}

// checkCeilings checks every cell as a ceiling trace of its own (checkCeiling on the
// cell's runs) and that the cells are distinct and name every run.
func checkCeilings(c *checker) error {
	var o CeilingsOptions
	if err := c.options(&o); err != nil {
		return err
	}
	if len(o.Cells) == 0 {
		return fmt.Errorf("no cells")
	}
	seen := map[string]bool{}
	for i, cell := range o.Cells {
		if want := CellName(cell.Skill.Meta.Game, cell.Skill.Meta.Players); cell.Name != want || seen[cell.Name] {
			return fmt.Errorf("cells[%d]: named %q, which is not %q or is named twice", i, cell.Name, want)
		}
		seen[cell.Name] = true
		sub, err := o.Cell(c.p, i)
		if err != nil {
			return err
		}
		if err := sub.Resolve(); err != nil {
			return fmt.Errorf("cells[%d] (%s): %v", i, cell.Name, err)
		}
		sc := &checker{p: sub, used: make([]bool, len(sub.Runs))}
		if err := checkCeiling(sc); err != nil {
			return fmt.Errorf("cells[%d] (%s): %v", i, cell.Name, err)
		}
		for _, r := range sub.Runs {
			if _, err := c.run(r.Name, fmt.Sprintf("cells[%d]", i)); err != nil {
				return err
			}
		}
	}
	return nil
}
