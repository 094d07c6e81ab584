// Package skill answers "Does skill matter?": tournaments between agents on duplicate
// deals with Bradley–Terry (Elo) ratings, and skill ladders — how many levels of skill a
// game has, and whether the first player's advantage changes with skill.
package skill

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"dragonlab/reports/chart"
	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// Pairing is one run of a tournament: agent A alone against copies of agent B (for two
// players simply A against B), on duplicate deals (sim.SeatDuplicate with agents
// [A, B, …, B], so A plays every seat of every deal once).
type Pairing struct {
	A, B   int
	File   string      // results file (name within the output directory)
	Result *sim.Result // nil when the tournament was interrupted before this pairing
}

// PairStat is the analysis of one pairing.
type PairStat struct {
	A        int    `json:"a"`
	B        int    `json:"b"`
	AgentA   string `json:"agentA"`
	AgentB   string `json:"agentB"`
	File     string `json:"file"`
	Games    int64  `json:"games"`
	Complete bool   `json:"complete"`
	// Paired is A's result on the duplicate deals; ShareB is B's total share per game
	// (all B seats together) and FieldShare B's share per seat.
	Paired stats.Paired `json:"paired"`
	ShareB float64      `json:"shareB"`
	// HolmP is the sign test's p-value adjusted for the number of pairings (Holm).
	HolmP         float64 `json:"holmP"`
	MeanDecisions float64 `json:"meanDecisions"`
}

// Cell is one entry of the win-share matrix: the row agent's win share per game against
// the column agent.
type Cell struct {
	Share float64        `json:"share"`
	CI    stats.Estimate `json:"ci"`
	Games int64          `json:"games"`
}

// RankRow is one line of the ranking.
type RankRow struct {
	Rank  int            `json:"rank"`
	Agent string         `json:"agent"`
	Elo   float64        `json:"elo"`
	CI    stats.Estimate `json:"ci"`
	// VsNext compares this agent with the next one in the ranking: the Elo difference and
	// the Wald test's p-value (NaN for the last).
	VsNext  float64 `json:"vsNext"`
	VsNextP float64 `json:"vsNextP"`
}

// Tournament is the analysis of a tournament.
type Tournament struct {
	Meta    doc.Meta `json:"meta"`
	Agents  []string `json:"agents"`
	Players int      `json:"players"`
	// Fair is the fair win share of one seat: 1/players.
	Fair     float64        `json:"fair"`
	Pairs    []PairStat     `json:"pairs"`
	Matrix   [][]*Cell      `json:"matrix"` // [row][column]; nil on the diagonal and for pairings not played
	Ratings  *stats.Ratings `json:"ratings"`
	Ranking  []RankRow      `json:"ranking"`
	Findings []string       `json:"findings"`
	Notes    []string       `json:"notes,omitempty"`
	charts   []*chart.Chart
}

// AnalyzeTournament analyses the pairings of a tournament between agents.
func AnalyzeTournament(meta doc.Meta, agentNames []string, players int, pairings []Pairing) (*Tournament, error) {
	k := len(agentNames)
	if k < 2 {
		return nil, errors.New("a tournament needs at least two agents")
	}
	t := &Tournament{Meta: meta, Agents: agentNames, Players: players, Fair: 1 / float64(players)}
	t.Matrix = make([][]*Cell, k)
	for i := range t.Matrix {
		t.Matrix[i] = make([]*Cell, k)
	}
	var comps []stats.Comparison
	var signP []float64
	for _, pr := range pairings {
		r := pr.Result
		if r == nil || r.Games == 0 {
			continue
		}
		if r.Seating != sim.SeatDuplicate || len(r.ByAgent) != players {
			return nil, fmt.Errorf("pairing %s vs %s: want a duplicate-seating run of %d players", agentNames[pr.A], agentNames[pr.B], players)
		}
		ps := PairStat{A: pr.A, B: pr.B, AgentA: agentNames[pr.A], AgentB: agentNames[pr.B], File: pr.File,
			Games: r.Games, Complete: r.Complete, MeanDecisions: r.DecisionsMean}
		ps.Paired = stats.AnalyzePaired(r.Aggregate.Paired, players)
		shareA := r.Aggregate.Agents[0].WinShare()
		shareB := 0.0
		for j := 1; j < players; j++ {
			shareB += r.Aggregate.Agents[j].WinShare()
		}
		ps.ShareB = shareB / float64(r.Games)
		t.Pairs = append(t.Pairs, ps)
		signP = append(signP, ps.Paired.SignP)
		t.Matrix[pr.A][pr.B] = &Cell{Share: ps.Paired.Share, CI: ps.Paired.CI, Games: r.Games}
		if players == 2 {
			// The mirror: B's share is what A did not win (less games nobody won).
			nw := float64(r.NoWinner) / float64(r.Games)
			t.Matrix[pr.B][pr.A] = &Cell{Share: ps.ShareB, Games: r.Games, CI: stats.Estimate{Value: ps.ShareB,
				Lo: math.Max(0, 1-nw-ps.Paired.CI.Hi), Hi: math.Min(1, 1-nw-ps.Paired.CI.Lo), N: ps.Paired.Deals, Method: ps.Paired.CI.Method}}
		}
		comps = append(comps, stats.Comparison{I: pr.A, J: pr.B, Field: players - 1, Wins: shareA,
			Trials: shareA + shareB, Deals: r.Aggregate.Paired, Rotations: players})
	}
	for i, p := range stats.Holm(signP) {
		t.Pairs[i].HolmP = p
	}
	if len(comps) > 0 && stats.Connected(k, comps) {
		rt, err := stats.FitBradleyTerry(agentNames, comps, stats.FitOptions{})
		if err != nil {
			t.Notes = append(t.Notes, "No ratings: "+err.Error()+".")
			t.findings()
			return t, nil
		}
		t.Ratings = rt
		for pos, i := range rt.Order {
			row := RankRow{Rank: pos + 1, Agent: agentNames[i], Elo: rt.Elo[i], CI: rt.CI[i], VsNext: math.NaN(), VsNextP: math.NaN()}
			if pos+1 < k {
				row.VsNext, _, row.VsNextP = rt.Diff(i, rt.Order[pos+1])
			}
			t.Ranking = append(t.Ranking, row)
		}
		if rt.VirtualDraws > 0 {
			t.Notes = append(t.Notes, fmt.Sprintf("Some agents won or lost every game against the others, so the maximum-likelihood ratings are infinite; the ratings add %g virtual drawn game to every pairing (a prior, as BayesElo does) to stay finite.", rt.VirtualDraws))
		}
	} else {
		t.Notes = append(t.Notes, "Not every agent has played (the tournament was interrupted early): no ratings.")
	}
	t.findings()
	return t, nil
}

// jsonSafe replaces the NaN comparisons of the ranking's last row (NaN is not valid JSON).
func (t *Tournament) jsonSafe() *Tournament {
	c := *t
	c.Ranking = append([]RankRow(nil), t.Ranking...)
	for i := range c.Ranking {
		if math.IsNaN(c.Ranking[i].VsNext) {
			c.Ranking[i].VsNext, c.Ranking[i].VsNextP = 0, 1
		}
	}
	return &c
}

func (t *Tournament) findings() {
	var f []string
	if rt := t.Ratings; rt != nil {
		best := rt.Order[0]
		s := fmt.Sprintf("%s is rated strongest: %+.0f Elo [%+.0f, %+.0f] (ratings centred on the agents' mean).",
			t.Agents[best], rt.Elo[best], rt.CI[best].Lo, rt.CI[best].Hi)
		if len(rt.Order) > 1 {
			d, _, p := rt.Diff(best, rt.Order[1])
			if p < 0.05 {
				s += fmt.Sprintf(" It is clearly ahead of %s (%+.0f Elo, %s).", t.Agents[rt.Order[1]], d, format.PTextFine(p))
			} else {
				s += fmt.Sprintf(" It is not clearly ahead of %s (%+.0f Elo, %s).", t.Agents[rt.Order[1]], d, format.PTextFine(p))
			}
		}
		f = append(f, s)
	}
	for _, ps := range t.Pairs {
		verb := "is not clearly better or worse than"
		if ps.HolmP < 0.05 {
			if ps.Paired.Better > ps.Paired.Worse {
				verb = "beats"
			} else {
				verb = "loses to"
			}
		}
		against := ps.AgentB
		if t.Players > 2 {
			against = fmt.Sprintf("%d copies of %s", t.Players-1, ps.AgentB)
		}
		f = append(f, fmt.Sprintf("%s %s %s: win share %s %s per game (fair %s) over %s games on %s duplicate deals; better on %s deals, worse on %s, even on %s (sign test %s, Holm-adjusted %s).",
			ps.AgentA, verb, against, format.Pct(ps.Paired.Share), format.IvPct(ps.Paired.CI), format.Pct(t.Fair), format.Count(ps.Games), format.Count(ps.Paired.Deals),
			format.Count(ps.Paired.Better), format.Count(ps.Paired.Worse), format.Count(ps.Paired.Ties), format.PTextFine(ps.Paired.SignP), format.PTextFine(ps.HolmP)))
	}
	t.Findings = f
}

// Charts renders the matrix heat map and the ratings chart.
func (t *Tournament) Charts() ([]*chart.Chart, error) {
	if t.charts != nil {
		return t.charts, nil
	}
	k := len(t.Agents)
	names := make([]string, k)
	for i, a := range t.Agents {
		names[i] = chart.ShortName(a, 22)
	}
	z := make([][]float64, k)
	labels := make([][]string, k)
	for i := range z {
		z[i] = make([]float64, k)
		labels[i] = make([]string, k)
		for j := range z[i] {
			c := t.Matrix[i][j]
			if c == nil {
				z[i][j] = math.NaN()
				continue
			}
			z[i][j] = c.Share
			labels[i][j] = fmt.Sprintf("%s\n%s", format.Pct(c.Share), format.IvPct(c.CI))
		}
	}
	sub := "row agent's win share per game against the column agent, 95% interval (duplicate deals)"
	if t.Players > 2 {
		sub = fmt.Sprintf("row agent alone against %d copies of the column agent: its share per game (fair %s)", t.Players-1, format.Pct(t.Fair))
	}
	span := math.Max(0.5-math.Abs(0.5-t.Fair), 0.1)
	mc, err := chart.HeatMap(fmt.Sprintf("Pairwise win shares — %s, %d players", t.Meta.Game, t.Players), sub,
		"opponent", "agent", z, labels, names, names, t.Fair, span, "matrix")
	if err != nil {
		return nil, err
	}
	t.charts = append(t.charts, mc)
	if t.Ratings != nil {
		rc, err := t.ratingsChart(names)
		if err != nil {
			return nil, err
		}
		t.charts = append(t.charts, rc)
	}
	return t.charts, nil
}

// ratingsChart draws the Elo ratings, ranked, with their 95% intervals.
func (t *Tournament) ratingsChart(names []string) (*chart.Chart, error) {
	rt := t.Ratings
	k := len(rt.Order)
	p := chart.NewGridPlot("Bradley–Terry ratings (Elo scale)", "95% intervals; centred on the agents' mean", "Elo", "")
	xys := make(plotter.XYs, k)
	e := chart.ErrXY{Lo: make([]float64, k), Hi: make([]float64, k)}
	var ticks []plot.Tick
	for pos, i := range rt.Order {
		y := float64(k - 1 - pos)
		xys[pos] = plotter.XY{X: rt.Elo[i], Y: y}
		e.Lo[pos] = rt.Elo[i] - rt.CI[i].Lo
		e.Hi[pos] = rt.CI[i].Hi - rt.Elo[i]
		ticks = append(ticks, plot.Tick{Value: y, Label: fmt.Sprintf("%d. %s", pos+1, names[i])})
	}
	e.XYs = xys
	sc, err := plotter.NewScatter(xys)
	if err != nil {
		return nil, err
	}
	sc.Color = chart.SeriesColor(0)
	sc.Shape = draw.CircleGlyph{}
	sc.Radius = vg.Points(4)
	eb, err := plotter.NewXErrorBars(e)
	if err != nil {
		return nil, err
	}
	eb.Color = chart.SeriesColor(0)
	eb.Width = vg.Points(1.5)
	p.Add(eb, sc)
	if err := chart.AddVLine(p, 0, -0.5, float64(k)-0.5, chart.GreyColor, ""); err != nil {
		return nil, err
	}
	p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	p.Y.Min, p.Y.Max = -0.5, float64(k)-0.5
	lo, hi := 0.0, 0.0
	for i := range rt.CI {
		lo, hi = math.Min(lo, rt.CI[i].Lo), math.Max(hi, rt.CI[i].Hi)
	}
	pad := 0.06 * (hi - lo)
	p.X.Min, p.X.Max = lo-pad, hi+pad
	h := chart.Height
	if k > 6 {
		h = vg.Length(k) * 0.6 * vg.Inch
	}
	return chart.Render(p, "ratings", chart.Width, h)
}

// Doc builds the report.
func (t *Tournament) Doc() (*doc.Doc, error) {
	charts, err := t.Charts()
	if err != nil {
		return nil, err
	}
	var games int64
	for _, p := range t.Pairs {
		games += p.Games
	}
	d := t.Meta.NewDoc(fmt.Sprintf("Tournament: %d agents, %s, %d players", len(t.Agents), t.Meta.Game, t.Players),
		doc.KV{Key: "Agents", Value: strings.Join(t.Agents, "; ")},
		doc.KV{Key: "Design", Value: t.design()},
		doc.KV{Key: "Games", Value: fmt.Sprintf("%s in %d pairings", format.Count(games), len(t.Pairs))},
	)
	f := d.AddSection("Findings").Add(doc.Bullets(t.Findings...))
	if len(t.Notes) > 0 {
		f.Add(doc.Bullets(t.Notes...))
	}
	if t.Ratings != nil {
		tb := doc.NewTable("ranking", doc.Column{Head: "rank", Key: "rank"}, doc.Column{Head: "agent", Key: "agent"},
			doc.Column{Head: "Elo", Key: "elo", Align: doc.Right}, doc.Column{Head: "95% interval", Key: "elo_ci", Align: doc.Right},
			doc.Column{Head: "vs next", Key: "vs_next", Align: doc.Right}, doc.Column{Head: "p", Key: "vs_next_p", Align: doc.Right})
		for _, r := range t.Ranking {
			next, p := doc.Num("", math.NaN()), doc.Num("", math.NaN())
			if !math.IsNaN(r.VsNext) {
				next, p = doc.Num(fmt.Sprintf("%+.0f", r.VsNext), r.VsNext), doc.Num(format.PTextFine(r.VsNextP), r.VsNextP)
			}
			tb.Row(doc.Int(fmt.Sprint(r.Rank), int64(r.Rank)), doc.Text(r.Agent), doc.Num(fmt.Sprintf("%+.0f", r.Elo), r.Elo),
				doc.Span(fmt.Sprintf("[%+.0f, %+.0f]", r.CI.Lo, r.CI.Hi), r.CI.Lo, r.CI.Hi), next, p)
		}
		d.AddSection("Ranking").Add(doc.Para("Bradley–Terry ratings on the Elo scale (400 Elo = odds of 10 to 1), fitted by maximum likelihood; "+
			"\"vs next\" is the difference to the next agent in the ranking and p the Wald test that the two are equally strong."), tb)
	}
	tb := doc.NewTable("pairings", doc.Column{Head: "agent", Key: "agent"}, doc.Column{Head: "opponent", Key: "opponent"},
		doc.Column{Head: "games", Key: "games", Align: doc.Right}, doc.Column{Head: "share", Key: "share", Align: doc.Right},
		doc.Column{Head: "95% interval", Key: "share_ci", Align: doc.Right}, doc.Column{Head: "better", Key: "better", Align: doc.Right},
		doc.Column{Head: "worse", Key: "worse", Align: doc.Right}, doc.Column{Head: "even", Key: "even", Align: doc.Right},
		doc.Column{Head: "sign p", Key: "sign_p", Align: doc.Right}, doc.Column{Head: "Holm p", Key: "holm_p", Align: doc.Right})
	for _, p := range t.Pairs {
		status := ""
		if !p.Complete {
			status = " (incomplete)"
		}
		tb.Row(doc.Text(p.AgentA), doc.Cell{Text: p.AgentB + status, Value: p.AgentB}, doc.Int(format.Count(p.Games), p.Games),
			doc.Num(format.Pct(p.Paired.Share), p.Paired.Share), doc.Span(format.IvPct(p.Paired.CI), p.Paired.CI.Lo, p.Paired.CI.Hi),
			doc.Int(format.Count(p.Paired.Better), p.Paired.Better), doc.Int(format.Count(p.Paired.Worse), p.Paired.Worse),
			doc.Int(format.Count(p.Paired.Ties), p.Paired.Ties), doc.Num(format.PTextFine(p.Paired.SignP), p.Paired.SignP), doc.Num(format.PTextFine(p.HolmP), p.HolmP))
	}
	d.AddSection("Pairings").Add(doc.Para("Each pairing is played on duplicate deals: the same deal (game seed) in every rotation of the seats. "+
		"\"better\"/\"worse\" count the deals on which the agent's total share over the rotations was above/below fair; "+
		"the sign test compares them (ties dropped), and Holm's method adjusts for the number of pairings."), tb)
	cs := d.AddSection("Charts")
	cs.NewPage = true
	for _, c := range charts {
		cs.Add(doc.Fig(c))
	}
	m := d.AddSection("Methods").Add(doc.Bullets(tournamentMethods(t)...))
	m.NewPage = true
	return d, nil
}

func (t *Tournament) design() string {
	if t.Players == 2 {
		return "every pair of agents on the same deals, each deal in both seat orders (duplicate)"
	}
	return fmt.Sprintf("every agent alone against %d copies of every other, rotated through every seat of each deal (duplicate); all pairings use the same deals", t.Players-1)
}

func tournamentMethods(t *Tournament) []string {
	m := []string{
		"Win share: 1 per game won alone, 1/k per k-way shared win. A pairing's share is its mean per game.",
		"Intervals of win shares: the deal is the independent unit. Wilson score interval (Wilson 1927) at the effective number of games n·p(1−p)/s² (Kish 1965's design effect, s² the variance of the per-deal mean share), kept between the number of deals and the number of games.",
		"Sign test: exact two-sided binomial test of the deals on which the agent did better than fair against those on which it did worse (R: binom.test); Holm's step-down adjustment (Holm 1979) for the number of pairings.",
		"Ratings: Bradley–Terry model (Bradley & Terry 1952) fitted by maximum likelihood with Newton's method; for more than two players the winner follows Luce's choice model (Luce 1959; Hunter 2004), P(agent alone wins) = π_a/(π_a + (n−1)·π_b). Elo = 400·log10(π), centred on the agents' mean.",
		"Rating intervals: Wald intervals from the observed Fisher information, multiplied by the dispersion max(1, largest ratio of the deal-clustered sandwich variance to the model variance) so that correlated games on a deal cannot make them too narrow" + fmt.Sprintf(" (here %.2f).", dispersion(t)),
	}
	return m
}

func dispersion(t *Tournament) float64 {
	if t.Ratings == nil {
		return 1
	}
	return t.Ratings.Dispersion
}

// Write renders the report into dir.
func (t *Tournament) Write(dir string) ([]string, error) {
	return doc.Write(dir, t.Doc, t.jsonSafe())
}
