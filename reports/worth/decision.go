package worth

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/reports/chart"
	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// Decision values (sim.Config.Decisions): at every decision with a choice of the
// measuring agent, its search's value of each legal move (a win-share estimate), read by
// action class: how often the class is chosen, how much the move played is worth over the
// best move outside the class (what forbidding the class at that one decision would cost:
// nothing is held back for later, so nothing clogs), and how many of those decisions are
// critical — the best and second-best moves more than sim.CriticalGap (10 points of win
// probability) apart.

// DecisionMethod states the estimator, for the report.
const DecisionMethod = "Decision values from the measuring agent's search: at each of its decisions with a choice, " +
	"the search's estimate of the win share after every legal move (its root values; a search with win rewards and " +
	"rollouts played to the end, so that they are win probabilities). Per action class: how often a move of the " +
	"class was played; when it was, the value of the move played minus the best value outside the class (mean with " +
	"Student's t interval over games, the decisions of one game clustered: ratio estimator, Cochran 1977, §6.4; and " +
	"the 90th percentile); and the share of those decisions that were critical (best and second-best moves more " +
	"than 10 points apart; Wilson interval). The values are the search's: a move it gave up early has few visits " +
	"and a value biased low, so losses and critical shares read a little high, the more so with fewer iterations. " +
	"p-values test a mean loss of 0, Holm-adjusted over the classes."

// DecisionClass is one action class.
type DecisionClass struct {
	Class string `json:"class"`
	// Choice says that forbidding the class leaves what the player holds as it would be
	// (engine.ChoiceClasser).
	Choice    bool  `json:"choice"`
	Available int64 `json:"available"` // decisions in which the class was legal
	Chosen    int64 `json:"chosen"`    // decisions in which a move of the class was played
	// Loss is, over the chosen decisions with a move outside the class, the value of the
	// move played minus the best value outside the class (a fraction of a win); P90 its
	// 90th percentile.
	Loss stats.Estimate `json:"-"`
	P90  float64        `json:"p90"`
	// Critical is the share of the chosen decisions that were critical.
	Critical stats.Estimate `json:"-"`
	// PerGame is what the class is worth per game at these decisions: the chosen
	// decisions per game (and seat) times the mean loss.
	PerGame float64 `json:"perGame"`
	P       float64 `json:"p"`
	PHolm   float64 `json:"pHolm"`
}

// Decisions is the decision-value analysis of one run.
type Decisions struct {
	Game    string `json:"game"`
	Players int    `json:"players"`
	Agent   string `json:"agent"`
	Games   int64  `json:"games"`
	// Iterations is the measuring agent's search iterations per decision (from the run's
	// cost; 0 when unknown).
	Iterations float64 `json:"iterations"`
	Decisions  int64   `json:"decisions"` // decisions with a choice valued, every seat
	// Critical is the share of those decisions that were critical, CriticalPerGame how many
	// a game has (all seats).
	Critical        stats.Estimate `json:"-"`
	CriticalPerGame float64        `json:"criticalPerGame"`
	// Loss is the mean value of the move played over the best other move.
	Loss    stats.Estimate  `json:"-"`
	Classes []DecisionClass `json:"classes"` // most valuable per game first; never chosen last
	Family  int             `json:"family"`
}

// DecisionValues analyses the decision values of a run; g names the game's choice classes
// (engine.ChoiceClasser; nil or a game without them: none).
func DecisionValues(r *sim.Result, g engine.Game) (*Decisions, error) {
	if r == nil || r.Aggregate.Decisions == nil {
		return nil, errors.New("decision values: the run has none (it was not played with decision values)")
	}
	da := r.Aggregate.Decisions
	d := &Decisions{Game: r.Game, Players: r.Players, Games: r.Games}
	if len(r.Agents) > 0 {
		d.Agent = r.Agents[0]
	}
	if r.Run != nil {
		var dec, it int64
		for _, c := range r.Run.Cost {
			dec += c.Decisions
			it += c.Iterations
		}
		if dec > 0 {
			d.Iterations = float64(it) / float64(dec)
		}
	}
	choice := choiceClasses(r, g)
	// Pool the agents: each agent's decisions in one game are one cluster.
	var total sim.DecisionTally
	total.Classes = make([]sim.ClassTally, len(da.Classes))
	for _, t := range da.Agents {
		total.Decisions += t.Decisions
		total.Critical += t.Critical
		total.Loss = addSums(total.Loss, t.Loss)
		for k := range t.Classes {
			a, b := &total.Classes[k], t.Classes[k]
			a.Available += b.Available
			a.Chosen += b.Chosen
			a.Critical += b.Critical
			a.Loss = addSums(a.Loss, b.Loss)
			a.LossHist.Merge(b.LossHist)
		}
	}
	d.Decisions = total.Decisions
	d.Critical = stats.Wilson(float64(total.Critical), float64(total.Decisions))
	if r.Games > 0 {
		d.CriticalPerGame = float64(total.Critical) / float64(r.Games)
	}
	d.Loss = stats.ClusterRatio(total.Loss, 1.0/1000)
	var ps []float64
	var tested []bool
	for k, name := range da.Classes {
		c := total.Classes[k]
		dc := DecisionClass{Class: name, Choice: choice>>k&1 == 1, Available: c.Available, Chosen: c.Chosen,
			Loss: stats.ClusterRatio(c.Loss, 1.0/1000), P90: math.NaN(), Critical: stats.Wilson(float64(c.Critical), float64(c.Chosen)),
			P: stats.ClusterRatioP(c.Loss)}
		if c.LossHist.Total() > 0 {
			dc.P90 = stats.HistQuantile(c.LossHist, 0.9) / 1000
		}
		if r.Games > 0 && c.Loss.N > 0 {
			dc.PerGame = float64(c.Loss.Sum) / 1000 / float64(r.Games*int64(r.Players))
		}
		d.Classes = append(d.Classes, dc)
		ps = append(ps, dc.P)
		tested = append(tested, dc.Loss.HasInterval())
	}
	holm := make([]float64, len(ps))
	d.Family = stats.HolmSubset(ps, tested, holm)
	for k := range d.Classes {
		d.Classes[k].PHolm = holm[k]
	}
	sort.SliceStable(d.Classes, func(i, j int) bool {
		a, b := d.Classes[i], d.Classes[j]
		if (a.Chosen > 0) != (b.Chosen > 0) {
			return a.Chosen > 0
		}
		return a.PerGame > b.PerGame
	})
	return d, nil
}

func addSums(a, b sim.ClusterSums) sim.ClusterSums {
	return sim.ClusterSums{Clusters: a.Clusters + b.Clusters, N: a.N + b.N, Sum: a.Sum + b.Sum,
		SumSq: a.SumSq + b.SumSq, NSq: a.NSq + b.NSq, Cross: a.Cross + b.Cross}
}

// choiceClasses is the game's set of choice classes (0 when it does not say).
func choiceClasses(r *sim.Result, g engine.Game) uint64 {
	if g.New == nil {
		return 0
	}
	p, err := engine.ParseParams(g, r.Params)
	if err != nil {
		return 0
	}
	s, err := g.New(p, r.Players)
	if err != nil {
		return 0
	}
	if cc, ok := s.(engine.ChoiceClasser); ok {
		return cc.ChoiceClasses()
	}
	return 0
}

// Sentence is the designer's reading of one class: "Choosing the troll matters: when the
// expert plays it, the best move of another kind is worth 6.0 points of win probability
// less [4.1, 7.9] (90th percentile 15.0); 12% of those decisions are critical. 1.2 times
// a game."
func (d *Decisions) Sentence(c DecisionClass) string {
	if c.Chosen == 0 {
		return fmt.Sprintf("%s: never played (legal at %s).", c.Class, format.Plural(c.Available, "decision"))
	}
	if !c.Loss.HasInterval() {
		return fmt.Sprintf("%s: played at %s, too few with another kind of move beside it to measure.", c.Class, format.Plural(c.Chosen, "decision"))
	}
	return fmt.Sprintf("%s: when it is played (%s a game and seat), the best move of another kind is worth %s points of win probability less %s, "+
		"%s at the 90th percentile; %s of those decisions are critical (%s).",
		c.Class, format.Num(float64(c.Chosen)/float64(max(d.Games*int64(d.Players), 1)), 1), format.Num(100*c.Loss.Value, 1),
		format.IvNum(c.Loss.Scale(100), 1), format.Num(100*c.P90, 1), format.Pct(c.Critical.Value), holmNote(c.PHolm))
}

// Summary is the sentence on the whole game: how much of it a few moves decide.
func (d *Decisions) Summary() string {
	it := ""
	if d.Iterations > 0 {
		it = fmt.Sprintf(", searching %s iterations a decision", format.Num(d.Iterations, 0))
	}
	return fmt.Sprintf("%s %s of the decisions with a choice are critical — the best move more than 10 points of win probability above the second — %s a game, all seats together (%s%s).",
		format.Pct(d.Critical.Value), format.IvPct(d.Critical), format.Num(d.CriticalPerGame, 1), agents.Short(d.Agent), it)
}

// Table lists every class.
func (d *Decisions) Table() doc.TextTable {
	t := doc.TextTable{Title: "What each decision is worth (the search's values)",
		Header: []string{"class", "kind", "legal", "played", "loss when played (points)", "95% interval", "90th pct", "critical", "per game", "Holm p"},
		Note:   DecisionMethod}
	for _, c := range d.Classes {
		kind := "holding"
		if c.Choice {
			kind = "choice"
		}
		loss, iv, p90, crit, per, p := "–", "–", "–", "–", "–", "–"
		if c.Loss.HasInterval() {
			loss, iv, p = format.Num(100*c.Loss.Value, 1), format.IvNum(c.Loss.Scale(100), 1), format.PCell(c.PHolm)
			per = format.Num(100*c.PerGame, 2)
		}
		if !math.IsNaN(c.P90) {
			p90 = format.Num(100*c.P90, 1)
		}
		if c.Chosen > 0 {
			crit = format.Pct(c.Critical.Value)
		}
		t.Rows = append(t.Rows, []string{c.Class, kind, format.Count(c.Available), format.Count(c.Chosen), loss, iv, p90, crit, per, p})
	}
	return t
}

// SummaryRows are the classes as summary.json lists them.
func (d *Decisions) SummaryRows() []SummaryRow {
	var out []SummaryRow
	for _, c := range d.Classes {
		c := c
		share := 0.0
		if d.Decisions > 0 {
			share = float64(c.Chosen) / float64(d.Decisions)
		}
		perGame := float64(c.Chosen) / float64(max(d.Games*int64(d.Players), 1))
		row := SummaryRow{Name: c.Class, Estimate: doc.Estimate{Estimate: c.Loss}, P: c.PHolm, N: c.Loss.N,
			Choice: &c.Choice, Chosen: &share, PerGame: &c.PerGame, ChosenPerGame: &perGame,
			Critical: &doc.Estimate{Estimate: c.Critical}}
		if !math.IsNaN(c.P90) {
			row.P90 = &c.P90
		}
		out = append(out, row)
	}
	return out
}

// DecisionChart is the forest plot of the classes played: the loss when played.
func DecisionChart(d *Decisions, label, name string) (*doc.Chart, error) {
	var rows []forestRow
	for _, c := range d.Classes {
		if c.Loss.HasInterval() {
			rows = append(rows, forestRow{c.Class, c.Loss, c.Critical.Value > 0.1})
		}
	}
	return forest(fmt.Sprintf("%s: what each decision is worth", label),
		fmt.Sprintf("%s: the move played over the best of another class; highlighted: more than 10%% critical", d.Agent),
		"points of win probability", name, rows, chart.ForestStyle{SigLabel: "more than 10% of them critical", NotLabel: "fewer critical"})
}

// forestRow is one row of a forest plot, as a fraction.
type forestRow struct {
	label string
	e     stats.Estimate
	sig   bool
}

func forest(title, sub, xLabel, name string, rows []forestRow, style ...chart.ForestStyle) (*doc.Chart, error) {
	if len(rows) == 0 {
		return nil, nil
	}
	var fr []chart.ForestRow
	for _, r := range rows {
		fr = append(fr, chart.ForestRow{Label: r.label, V: 100 * r.e.Value, Lo: 100 * r.e.Lo, Hi: 100 * r.e.Hi, Sig: r.sig})
	}
	return chart.Forest(title, sub, xLabel, name, fr, style...)
}
