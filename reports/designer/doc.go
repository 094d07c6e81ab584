package designer

import (
	"fmt"
	"math"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/sync/errgroup"

	"dragonlab/agents"
	"dragonlab/reports/chart"
	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/reports/worth"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// The report model. Page 1 answers the five questions for every game and player count in
// one table (At a glance) and says once what each level of play is; each game's section
// opens with its own answer (at most MaxAnswerWords words) and then the detail of each
// question; everything else — the provenance with the agents' specs, every stage of every
// game and player count, every component, the methods — is in the appendix (folded in
// the HTML: one click away).

// charts are every chart of the report, drawn in parallel before the document is built.
type charts struct {
	fair, ladder map[*Game]*chart.Chart
	lever        map[*SweepAnswer]*chart.Chart
	ablation     map[*worth.AblationTable]*chart.Chart
	components   map[*worth.Report]*chart.Chart
}

func (rp *Report) drawCharts() (*charts, error) {
	ch := &charts{fair: map[*Game]*chart.Chart{}, ladder: map[*Game]*chart.Chart{}, lever: map[*SweepAnswer]*chart.Chart{},
		ablation: map[*worth.AblationTable]*chart.Chart{}, components: map[*worth.Report]*chart.Chart{}}
	type job struct {
		draw func() (*chart.Chart, error)
		put  func(*chart.Chart)
	}
	var jobs []job
	for _, g := range rp.Games {
		jobs = append(jobs, job{g.FairnessChart, func(c *chart.Chart) { ch.fair[g] = c }},
			job{g.LadderChart, func(c *chart.Chart) { ch.ladder[g] = c }})
		h := g.headline()
		if h == nil {
			continue
		}
		for i := range h.Compensation {
			l := &h.Compensation[i]
			if !h.leverShown(l) {
				continue
			}
			name := g.chartSlug(fmt.Sprintf("%dp-%s-%s", h.Players, l.Level, strings.ToLower(l.Lever.Path)))
			jobs = append(jobs, job{func() (*chart.Chart, error) { return h.LeverChart(g, l, name) }, func(c *chart.Chart) { ch.lever[l] = c }})
		}
		for _, t := range h.abl {
			name := g.chartSlug(fmt.Sprintf("%dp-actions", h.Players))
			label := fmt.Sprintf("%s, %d players: what each choice is worth", g.label(), h.Players)
			choices := h.wordedAblation(choiceOnly(t, h.cfg.choiceClasses()))
			jobs = append(jobs, job{func() (*chart.Chart, error) { return worth.AblationChart(choices, label, name) }, func(c *chart.Chart) { ch.ablation[t] = c }})
			break // the chart of the first ablation level (the cheapest, with the most deals)
		}
		if n := len(h.vals); n > 0 && h.vals[n-1].Substitutions() != nil {
			r := h.vals[n-1]
			name := g.chartSlug(fmt.Sprintf("%dp-components", h.Players))
			label := fmt.Sprintf("%s, %d players", shortTitle(g.Title), h.Players)
			sub := h.wordedSubstitutions(r.Substitutions())
			jobs = append(jobs, job{func() (*chart.Chart, error) { return worth.ComponentChart(sub, label, name) }, func(c *chart.Chart) { ch.components[r] = c }})
		}
	}
	out := make([]*chart.Chart, len(jobs))
	var eg errgroup.Group
	eg.SetLimit(runtime.GOMAXPROCS(0))
	for k, j := range jobs {
		eg.Go(func() (err error) { out[k], err = j.draw(); return })
	}
	if err := eg.Wait(); err != nil {
		return nil, err
	}
	for k, j := range jobs {
		j.put(out[k])
	}
	return ch, nil
}

// leverShown: the sweep's chart answers the question when a seat is to be compensated.
func (a *Answer) leverShown(l *SweepAnswer) bool {
	return l.Lever.Family() && (l.Needed || (a.Measure >= 0 && a.Levels[a.Measure].Favoured))
}

// wordedAblation is a copy of a restricted-play table with the classes in words, for its
// chart.
func (a *Answer) wordedAblation(t *worth.AblationTable) *worth.AblationTable {
	c := *t
	c.Rows = append([]worth.AblationRow(nil), t.Rows...)
	for i := range c.Rows {
		c.Rows[i].Class = a.words.class(c.Rows[i].Class)
	}
	return &c
}

// topComponents is the component analysis of the most skilled level that has one.
func (a *Answer) topComponents() *worth.ComponentStats {
	for i := len(a.comps) - 1; i >= 0; i-- {
		if a.comps[i] != nil {
			return a.comps[i]
		}
	}
	return nil
}

func fig(c *chart.Chart, width float64) doc.Block {
	if c == nil {
		return nil
	}
	return &doc.Figure{Chart: c, Width: width}
}

func add(s *doc.Section, bs ...doc.Block) {
	for _, b := range bs {
		if b != nil {
			s.Add(b)
		}
	}
}

// Doc builds the report model.
func (rp *Report) Doc() (*doc.Doc, error) {
	ch, err := rp.drawCharts()
	if err != nil {
		return nil, err
	}
	in := rp.in
	d := doc.New(rp.Title)
	d.Generator = in.Tool
	d.Footer = rp.Title + " — " + in.Tool
	d.TOCDepth = 2
	games, runs := rp.totals()
	d.Subtitle = fmt.Sprintf("The designer's report: five answers for every game and player count on this page, each game's own answer and its detail after it, everything else in the appendix. %s budget, %s games in %d runs.",
		format.Capitalize(rp.Budget), format.Count(games), runs)
	if !rp.Complete {
		d.Intro = append(d.Intro, doc.Alert("Incomplete: the study was interrupted; the report covers only the games that were finished (stages not played are left out)."))
	}
	d.Provenance = rp.provenance()
	d.ProvenanceAppendix = true
	rp.glance(d)
	for _, g := range rp.Games {
		rp.gameSection(d, g, ch)
	}
	for _, g := range rp.Games {
		for _, a := range g.Configs {
			rp.detailSection(d, g, a)
		}
		rp.cardSection(d, g)
	}
	m := d.AddSection("Methods")
	m.Appendix, m.Fold = true, true
	m.Add(doc.Bullets(append(methods(rp), luckMethods(rp.guessing())...)...))
	d.Exports = []*doc.Table{rp.csv()}
	d.Data = rp
	return d, nil
}

func (rp *Report) totals() (games int64, runs int) {
	count := func(r *sim.Result) {
		if r != nil && r.Games > 0 {
			games += r.Games
			runs++
		}
	}
	for _, c := range rp.in.Configs {
		for _, lv := range c.Levels {
			count(lv.Result)
		}
		for _, st := range c.Ladder {
			count(st.Result)
		}
		for _, ab := range c.Ablation {
			for _, r := range ab.Rows {
				count(r.Result)
			}
		}
		for _, l := range c.Levers {
			for _, p := range l.Points {
				count(p.Result)
			}
		}
		for _, v := range c.Value {
			count(v.Substitution.Result)
			count(v.Decisions.Result)
		}
	}
	return games, runs
}

// provenance is the appendix's record of what produced the report: the budget, each
// level's agent spec (the only place specs appear), the design, the command and the tool.
func (rp *Report) provenance() []doc.KV {
	in := rp.in
	kv := []doc.KV{{Key: "Budget", Value: in.Budget}}
	for _, lv := range rp.levelSpecs() {
		kv = append(kv, doc.KV{Key: "Level " + lv[0], Value: lv[1]})
	}
	kv = append(kv,
		doc.KV{Key: "Design", Value: fmt.Sprintf("self-play at every level, each deal played %d times, every level on the same deals (seed %d); each level alone against copies of the level below on duplicate deals; restricted play and lever sweeps as listed per game", in.Replays, in.Seed)},
		doc.KV{Key: "Command", Value: in.Command},
		doc.KV{Key: "Tool", Value: in.Tool})
	return kv
}

// levelSpecs lists each level with its agent spec (and the games where it differs).
func (rp *Report) levelSpecs() [][2]string {
	var names []string
	specs := map[string]map[string][]string{} // level → spec → games
	for _, c := range rp.in.Configs {
		for _, lv := range c.Levels {
			if specs[lv.Name] == nil {
				specs[lv.Name] = map[string][]string{}
				names = append(names, lv.Name)
			}
			key := fmt.Sprintf("%s %dp", c.Game, c.Players)
			spec := lv.shown()
			if games := specs[lv.Name][spec]; len(games) == 0 || !strings.HasPrefix(games[len(games)-1], c.Game) {
				specs[lv.Name][spec] = append(games, key)
			} else {
				games[len(games)-1] = c.Game // every player count of the game so far
			}
		}
	}
	var out [][2]string
	for _, n := range names {
		m := specs[n]
		var ss []string
		for s := range m {
			ss = append(ss, s)
		}
		sort.Slice(ss, func(i, j int) bool {
			return len(m[ss[i]]) > len(m[ss[j]]) || len(m[ss[i]]) == len(m[ss[j]]) && ss[i] < ss[j]
		})
		var parts []string
		for k, s := range ss {
			if k == 0 {
				parts = append(parts, s)
				continue
			}
			parts = append(parts, fmt.Sprintf("%s (%s)", s, strings.Join(m[s], ", ")))
		}
		out = append(out, [2]string{n, strings.Join(parts, "; ")})
	}
	return out
}

// glanceTable is page 1's table: one row per game and player count, the five answers.
func (rp *Report) glanceTable() *doc.Table {
	cols := []doc.Column{{Head: "Game", Width: 19}, {Head: "Players", Align: doc.Right, Width: 13}}
	heads := Columns()
	for _, h := range heads {
		cols = append(cols, doc.Column{Head: h, Width: float64(180-32) / float64(len(heads))})
	}
	t := doc.NewTable("", cols...)
	t.Small, t.Stack = true, true
	for _, g := range rp.Games {
		name := shortTitle(g.Title)
		if g.Variant != "" {
			name += " (" + g.Variant + ")"
		}
		for _, a := range g.Configs {
			if a.Top < 0 {
				continue
			}
			row := []string{name, strconv.Itoa(a.Players)}
			for _, c := range a.Glance.Cells() {
				row = append(row, c.Text)
			}
			t.TextRow(row...)
		}
	}
	return t
}

// glance is page 1: the five answers of every game and player count, and what each level
// of play is.
func (rp *Report) glance(d *doc.Doc) {
	s := d.AddSection("At a glance")
	s.ID = "glance"
	measured := map[string]bool{}
	var names []string
	for _, g := range rp.Games {
		for _, a := range g.Configs {
			if a.Measure >= 0 && !measured[a.Levels[a.Measure].Level] {
				measured[a.Levels[a.Measure].Level] = true
				names = append(names, a.Levels[a.Measure].Level)
			}
		}
	}
	two, more := DefaultTarget(2).Seat, DefaultTarget(3).Seat
	ablated := "a player"
	for _, g := range rp.Games {
		for _, a := range g.Configs {
			if a.Players == 2 {
				two = a.cfg.target().Seat
			} else if a.Players > 2 {
				more = a.cfg.target().Seat
			}
			if len(a.Ablation) > 0 && ablated == "a player" {
				ablated = "a " + a.Ablation[0].Level + " player"
			}
		}
	}
	s.Add(doc.Para(fmt.Sprintf("Measured at %s play; pts are points of win share, and every number has its 95%% interval. "+
		"Fair: every seat within ±%s points of a fair share at two players, ±%s at more. Not settled: no seat is clearly favoured but the "+
		"intervals reach beyond that; the cell says about how many more games would settle it. A seat's interval here is widened for the "+
		"number of seat tests (Holm) and for the study's rounds that looked at it: it leaves 0 exactly when the seat is clearly favoured. Skill: yes when the strongest level is rated clearly above the weakest (its Elo interval above 0), partly when only a weaker level is. A cell measured at another level names it%s. Luck: the share of the spread of "+
		"results that the chance events carry, measured along the game (else, marked \"the deal decides\", what replaying a deal fixes; \"at least\" where the replays of the same deals disagree with it); "+
		"guessing, where named: the share the draws of mixed choices in secret simultaneous rounds carry, neither luck nor skill. "+
		"What matters: what one more of a component is worth, else the decisions the expert's search values most, else what %s "+
		"loses most without a choice (restricted play). What to change: a change tune certified, \"fair as is\", or what is missing; for a solitaire, toward its success target ("+SoloTargetText()+"). Each game's own answer follows.", format.JoinAnd(names), format.Trim(100*two, 1), format.Trim(100*more, 1), rp.cheapestLegend(), ablated)))
	s.Add(rp.glanceTable())
	notes := append([]string(nil), rp.Notes...)
	for _, g := range rp.Games {
		for _, a := range g.Configs {
			if a.Glance.Note != "" {
				notes = append(notes, fmt.Sprintf("%s, %s: %s.", shortTitle(g.Title), playersText(a.Players), a.Glance.Note))
			}
		}
	}
	if len(notes) > 0 {
		s.Add(doc.Bullets(notes...))
	}
	lt := doc.NewTable("", doc.Col("Level", doc.Left), doc.Col("Plays like", doc.Left), doc.Col("Elo above the weakest", doc.Left),
		doc.Column{Head: "Time per decision", Volatile: true})
	lt.Caption = "Levels of play: every level plays the same deals; the provenance in the appendix gives each one's agent"
	lt.Small = true
	for i, sp := range rp.levelSpecs() {
		about := ""
		if len(rp.in.Configs) > 0 && i < len(rp.in.Configs[0].Levels) {
			about = rp.in.Configs[0].Levels[i].About
		}
		lt.TextRow(sp[0], about, rp.eloRange(i), rp.costRange(sp[0]))
	}
	s.Add(lt)
}

// eloRange is level i's Elo above the weakest level, lowest to highest over the games and
// player counts: "+700 to +1115".
func (rp *Report) eloRange(i int) string {
	if i == 0 {
		return "0 (the reference)"
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, g := range rp.Games {
		for _, a := range g.Configs {
			if a.Ladder == nil || i >= len(a.Ladder.Elo) || a.Ladder.Elo[i] == nil || math.IsNaN(a.Ladder.Elo[i].Value) {
				continue
			}
			v := a.Ladder.Elo[i].Value
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	switch {
	case math.IsInf(lo, 1):
		return "–"
	case format.Elo(lo) == format.Elo(hi):
		return format.Elo(lo)
	}
	return format.Elo(lo) + " to " + format.Elo(hi)
}

// costRange is a level's measured time per decision, lowest to highest over the games:
// "0.12–0.38 ms" (it varies between runs: a volatile column).
func (rp *Report) costRange(level string) string {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, ms := range rp.costs(level) {
		lo, hi = math.Min(lo, ms), math.Max(hi, ms)
	}
	switch {
	case math.IsInf(lo, 1):
		return "–"
	case hi < 0.01:
		return "under 0.01 ms"
	case format.Ms(lo) == format.Ms(hi):
		return format.Ms(lo) + " ms"
	}
	return format.Ms(lo) + "–" + format.Ms(hi) + " ms"
}

// costs is a level's measured time per decision (ms) by game.
func (rp *Report) costs(level string) map[string]float64 {
	type acc struct{ nanos, decisions int64 }
	by := map[string]*acc{}
	for _, c := range rp.in.Configs {
		for _, lv := range c.Levels {
			if lv.Name != level || lv.Result == nil || lv.Result.Run == nil {
				continue
			}
			for _, ct := range lv.Result.Run.Cost {
				if ct.Agent != lv.Agent {
					continue
				}
				if by[c.Game] == nil {
					by[c.Game] = &acc{}
				}
				by[c.Game].nanos += ct.Nanos
				by[c.Game].decisions += ct.Decisions
			}
		}
	}
	out := map[string]float64{}
	for g, a := range by {
		if a.decisions > 0 {
			out[g] = float64(a.nanos) / 1e6 / float64(a.decisions)
		}
	}
	return out
}

// restrictionNotes names the restrictions that measured little: those that never ruled
// out a legal action beside others (they measure nothing), and those that could not
// always be kept (every legal action forbidden). The counts are the restricted agent's,
// from the results' aggregate (sim.Result.Restriction: checkpointed and merged exactly).
func (a *Answer) restrictionNotes(ab Ablation) string {
	var none, unkept []string
	for _, row := range ab.Rows {
		r := row.Result
		if r == nil || len(row.Forbid) == 0 {
			continue
		}
		c, ok := r.Restriction(0)
		if !ok {
			continue
		}
		name := a.words.class(row.Forbid[0])
		switch {
		case c.Bound == 0 && c.Unkept == 0:
			none = append(none, name)
		case c.Unkept > 0:
			unkept = append(unkept, fmt.Sprintf("%s (%s of %s decisions)", name, format.Count(c.Unkept), format.Count(c.Bound+c.Unkept)))
		}
	}
	var out []string
	if len(none) > 0 {
		out = append(out, "Never ruled out a legal action beside others, so they measure nothing: "+strings.Join(none, ", ")+".")
	}
	if len(unkept) > 0 {
		out = append(out, "Could not always be kept (every legal action forbidden: the agent then played unrestricted): "+strings.Join(unkept, ", ")+".")
	}
	return strings.Join(out, " ")
}

// glanceLine is the one line that stays in view above a folded detail section: page 1's
// row in a line.
func (a *Answer) glanceLine() string {
	if a.Measure < 0 {
		return "Nothing was played."
	}
	var parts []string
	heads := Columns()
	for i, c := range a.Glance.Cells() {
		if c.Text != "–" {
			parts = append(parts, heads[i]+" "+c.Text)
		}
	}
	return strings.Join(parts, ". ") + "."
}

// gameSection is one game's answers: its own answer, then the detail of each question.
func (rp *Report) gameSection(d *doc.Doc, g *Game, ch *charts) {
	s := d.AddSection(g.label())
	s.ID = g.chartSlug("answers")
	s.NewPage = true
	s.Summary = g.Answer
	// section adds a built-in section, after the registered questions' placed before it.
	section := func(title string) *doc.Section {
		rp.questionSections(s, g, title)
		return s.AddSection(title)
	}
	perPlayers := func(f func(a *Answer) string) []string { return PerPlayers(g, f) }

	fair := section("Is it fair?")
	var lines []string
	for _, a := range g.Configs {
		lines = append(lines, a.fairBrief())
	}
	fair.Add(doc.Bullets(lines...))
	add(fair, fig(ch.fair[g], 0.8))

	sk := section("Does skill matter?")
	if lines := perPlayers((*Answer).SkillSentence); len(lines) > 0 {
		sk.Add(doc.Bullets(lines...))
	}
	if t := ladderTable(g); t != nil {
		sk.Add(t)
	}
	add(sk, fig(ch.ladder[g], 0.7))
	fairnessSkill(sk, g)

	lk := section("How much is luck?")
	if lines := perPlayers((*Answer).LuckSentence); len(lines) > 0 {
		lk.Add(doc.Bullets(lines...))
		if !luckTables(lk, g) {
			lk.Add(&doc.Paragraph{Text: "Without luck accounting this is the part of the outcome's variance fixed by the deal: each deal is played twice with fresh agents, and what the two plays share is the deal's doing (it depends on how random the bots are, not only on the game).", Small: true})
		}
	} else {
		lk.Add(doc.Para("No level was played with replays: the luck share is not measured."))
	}

	dc := section("What matters?")
	if lines := perPlayers((*Answer).MattersSentence); len(lines) > 0 {
		dc.Add(doc.Bullets(lines...))
	} else {
		dc.Add(doc.Para("Neither component values, decision values nor restricted play were played for this game."))
	}
	var measured []string
	for _, a := range g.Configs {
		if l := a.MeasuringSentence(); l != "" {
			measured = append(measured, fmt.Sprintf("%s: %s", format.Capitalize(playersText(a.Players)), lowerFirst(l)))
		}
	}
	if len(measured) > 0 {
		dc.Add(&doc.List{Items: measured, Small: true})
	}
	if h := g.headline(); h != nil {
		for _, b := range h.valueTables() {
			dc.Add(b)
		}
		if n := len(h.vals); n > 0 {
			add(dc, fig(ch.components[h.vals[n-1]], 0.8))
		}
		for _, t := range h.abl {
			add(dc, fig(ch.ablation[t], 0.8))
			break
		}
		dc.Add(&doc.Paragraph{Text: "Every component, at every player count, with its games and its win rates (associations): the appendix (sortable in the HTML) and " +
			g.chartSlug("components") + ".csv.", Small: true})
	}
	dc.Add(&doc.Callout{Tone: doc.ToneCaution, Title: "What these numbers mean.", Text: "A component's value is the change of its seat's win share when the seat starts with one more of it in place of an average one, on the same deals (causal). A decision's value is the search's: what the move played is worth over the best move of another kind, at that one decision. Restricted play is shown for choices only: forbidding a class that spends what a player holds also makes him keep it, so it " + HoldingFlag + " (appendix). Component win rates (IWD) are associations (appendix)."})

	wc := section("What to change?")
	h := g.headline()
	if h != nil {
		// Why the lever, first: a short paragraph left at the end would often sit alone on
		// a page before the next game.
		for i := range h.Compensation {
			if l := &h.Compensation[i]; l.Lever.Why != "" {
				text := fmt.Sprintf("Why %s: %s.", h.leverWhy(l), l.Lever.Why)
				if l.Lever.Caveat != "" {
					text += " " + l.Lever.Caveat + "."
				}
				wc.Add(&doc.Paragraph{Text: text, Small: true})
			}
		}
	}
	// The player counts with nothing to compensate share one line; the slopes are in the
	// appendix's sweep tables.
	var changes, nothing []string
	for _, a := range g.Configs {
		l := a.ChangeSentence()
		switch {
		case l == "":
		case a.Glance.Change.Verdict == "nothing" && a.cfg.Tune == nil:
			nothing = append(nothing, strconv.Itoa(a.Players))
		default:
			changes = append(changes, fmt.Sprintf("%s: %s", format.Capitalize(playersText(a.Players)), lowerFirst(l)))
		}
	}
	if len(nothing) > 0 {
		changes = append(changes, fmt.Sprintf("With %s players no seat is significantly favoured at the measuring level or under the sweep's play: nothing needs compensating (the sweeps are in the appendix).", format.JoinAnd(nothing)))
	}
	if len(changes) > 0 {
		wc.Add(doc.Bullets(changes...))
	}
	if h != nil {
		for i := range h.Compensation {
			if l := &h.Compensation[i]; h.leverShown(l) {
				add(wc, fig(ch.lever[l], 0.7))
			}
		}
	}
	rp.questionSections(s, g, "")
}

// PerPlayers are a game's answers of one kind, one line per player count that has one:
// "3 players: under greedy play …".
func PerPlayers(g *Game, f func(a *Answer) string) []string {
	var lines []string
	for _, a := range g.Configs {
		if l := f(a); l != "" {
			lines = append(lines, fmt.Sprintf("%s: %s", format.Capitalize(playersText(a.Players)), lowerFirst(l)))
		}
	}
	return lines
}

// leverWhy names a lever for its reason: "the starting points", "this lever".
func (a *Answer) leverWhy(l *SweepAnswer) string {
	if l.Lever.Family() {
		return "the starting points"
	}
	return "this lever"
}

// seatTable lists every seat's advantage at one level (games of three or more players).
func seatTable(a *Answer, level int) *doc.Table {
	la := a.Levels[level]
	t := doc.NewTable("", doc.Col("Seat", doc.Right), doc.Col("Win share", doc.Right), doc.Col("Advantage, points [95% CI]", doc.Left), doc.Col("Holm p", doc.Right))
	t.Caption = fmt.Sprintf("%d players, %s play: every seat (fair share %s; * the seat's own test is significant)", a.Players, la.Level, format.Pct(la.Fair))
	for _, s := range la.Seats {
		t.TextRow(strconv.Itoa(s.Seat), format.Pct(s.Share), ptsIv(s.Advantage)+star(s), format.PCell(s.PHolm))
	}
	return t
}

// ladderTable is the Elo of every level by player count.
func ladderTable(g *Game) *doc.Table {
	t := doc.NewTable("", doc.Col("Players", doc.Right), doc.Col("Level", doc.Left), doc.Col("Elo above the weakest [95% CI]", doc.Left),
		doc.Col("Win share against the level below [95% CI]", doc.Left), doc.Col("Fair", doc.Right), doc.Col("Verdict", doc.Left))
	t.Caption = "Each level alone against copies of the level below, on duplicate deals; Elo from the Bradley–Terry fit of the whole ladder"
	t.Small = true
	for _, a := range g.Configs {
		if a.Ladder == nil {
			continue
		}
		for _, st := range a.Ladder.Steps {
			elo := "–"
			if st.Upper < len(a.Ladder.Elo) && a.Ladder.Elo[st.Upper] != nil && !math.IsNaN(a.Ladder.Elo[st.Upper].Value) {
				e := *a.Ladder.Elo[st.Upper]
				elo = format.Elo(e.Value) + " " + format.IvElo(e.Estimate)
			}
			t.TextRow(strconv.Itoa(a.Players), a.Levels[st.Upper].Level, elo, pctIv(st.Share), format.Pct(st.Fair), st.Verdict)
		}
	}
	if len(t.Rows) == 0 {
		return nil
	}
	return t
}

// detailSection is the appendix section of one game and player count: every stage.
func (rp *Report) detailSection(d *doc.Doc, g *Game, a *Answer) {
	s := d.AddSection(fmt.Sprintf("%s, %s: every stage", g.label(), playersText(a.Players)))
	s.ID = g.chartSlug(fmt.Sprintf("%dp-detail", a.Players))
	s.Appendix, s.Fold = true, true
	s.Summary = a.glanceLine()
	s.Add(a.selfPlayTable(rp.Replays))
	if a.Players > 2 && a.Measure >= 0 {
		st := seatTable(a, a.Measure)
		st.Small = true
		s.Add(st)
	}
	a.luckDetail(s)
	a.ladderDetail(s)
	a.valueDetail(s)
	a.componentDetail(s)
	a.sweepDetail(s)
}

// selfPlayTable is the detail's table of every level's self-play.
func (a *Answer) selfPlayTable(replays int) *doc.Table {
	t := doc.NewTable("", doc.Col("Level", doc.Left), doc.Col("Games", doc.Right),
		doc.Col("Seats: win share", doc.Left), doc.Col("Seats: advantage, points", doc.Left), doc.Col("Shared wins; no winner", doc.Left),
		doc.Col("Fixed by the deal (replays)", doc.Left), doc.Col("Length", doc.Left))
	if a.Players == 1 {
		t.Columns[2].Head, t.Columns[3].Head, t.Columns[4].Head = "Success rate", "", ""
	}
	t.Caption = fmt.Sprintf("Self-play: each deal played %d times (deals × plays = games); intervals count the deal as the unit; the seat advantages are luck-adjusted at the levels played with luck accounting (raw beside them below); * a seat's own test is significant (Holm p < 0.05 over every seat test of this game and player count); fixed by the deal: the outcome variance the deal fixes when the same bots replay it, which depends on how random the bots are (not the luck share)", replays)
	t.Small = true
	for _, la := range a.Levels {
		if la.Games == 0 {
			t.TextRow(la.Level, "not played", "", "", "", "", "")
			continue
		}
		shares, edge, outc := "", "", ""
		if la.Success != nil {
			shares = pctIv(*la.Success)
		} else {
			var ps, es []string
			for _, st := range la.Seats {
				ps = append(ps, format.Pct(st.Share))
				es = append(es, format.Pts(st.Advantage.Value)+star(st))
			}
			shares, edge = strings.Join(ps, ", "), strings.Join(es, ", ")
			if a.Players == 2 {
				edge = fmt.Sprintf("seat 0 %s%s", ptsIv(la.Seats[0].Advantage), star(la.Seats[0]))
			}
			if la.Shared != nil && la.NoWinner != nil {
				outc = format.Pct(la.Shared.Value) + "; " + format.Pct(la.NoWinner.Value)
			}
		}
		luckText, length := "–", "–"
		if la.Luck != nil {
			luckText = pctIv(*la.Luck)
		}
		if la.Feel != nil {
			length = num1(la.Feel.Length.Value) + " decisions"
			if p := la.Feel.Pace(); p != "" {
				length = strings.SplitN(p, " [", 2)[0] + ", " + length
			}
		}
		games := format.Count(la.Games)
		if !la.Complete {
			games += " (incomplete)"
		}
		t.TextRow(la.Level, games, shares, edge, outc, luckText, length)
	}
	return t
}

// ladderDetail adds the ladder's steps to the detail.
func (a *Answer) ladderDetail(s *doc.Section) {
	if a.Ladder != nil && len(a.Ladder.Steps) > 0 {
		lt := doc.NewTable("", doc.Col("Step", doc.Left), doc.Col("Deals", doc.Right), doc.Col("Win share [95% CI]", doc.Left), doc.Col("Fair", doc.Right),
			doc.Col("Better on the same deal", doc.Left), doc.Col("Holm p", doc.Right), doc.Col("Verdict", doc.Left))
		lt.Caption = "Ladder: the upper level alone against copies of the lower, every seat rotation of each deal"
		lt.Small = true
		for _, st := range a.Ladder.Steps {
			sd := "–"
			if st.SameDeal != nil {
				sd = pctIv(*st.SameDeal)
			}
			lt.TextRow(fmt.Sprintf("%s vs %s", a.Levels[st.Upper].Level, a.Levels[st.Lower].Level), format.Count(st.Deals), pctIv(st.Share),
				format.Pct(st.Fair), sd, format.PCell(st.PHolm), st.Verdict)
		}
		s.Add(lt)
		if len(a.Ladder.Notes) > 0 {
			s.Add(&doc.List{Items: a.Ladder.Notes, Small: true})
		}
	}
}

// valueDetail adds the value stage's tables (substitution, the search's decision values)
// and restricted play to the detail.
func (a *Answer) valueDetail(s *doc.Section) {
	c := a.cfg
	for k, r := range a.vals {
		level := a.Value[k].Level
		if sub := r.Substitutions(); sub != nil {
			blk := a.wordedSubstitutions(sub).Table().Block("")
			blk.Caption = fmt.Sprintf("Component values by substitution at %s (%s deals): every component and direction", level, format.Count(r.Deals))
			blk.Small = true
			s.Add(blk)
		}
		if d := r.DecisionTable(); d != nil {
			blk := a.wordedDecisions(d).Table().Block("")
			it := ""
			if d.Iterations > 0 {
				it = fmt.Sprintf(", searching %s iterations a decision", format.Num(d.Iterations, 0))
			}
			blk.Caption = fmt.Sprintf("Decision values by the search at %s%s: every class. %s %s of the decisions with a choice are critical — the best move more than 10 points of win probability above the second — %s a game, all seats together",
				level, it, format.Pct(d.Critical.Value), format.IvPct(d.Critical), format.Num(d.CriticalPerGame, 1))
			blk.Small = true
			s.Add(blk)
		}
	}
	for k := range a.abl {
		s.Add(a.ablationTable(k))
		if k < len(c.Ablation) {
			if n := a.restrictionNotes(c.Ablation[k]); n != "" {
				s.Add(&doc.Paragraph{Text: n, Small: true})
			}
		}
	}
}

// componentDetail adds the components' associations to the detail.
func (a *Answer) componentDetail(s *doc.Section) {
	if len(a.Components) > 0 {
		last := a.Components[len(a.Components)-1]
		ct := doc.NewTable("", doc.Col("Level", doc.Left), doc.Col("Component", doc.Left), doc.Col(last.diffLabel()+", points [95% CI]", doc.Left),
			doc.Col("Holm p", doc.Right), doc.Col("Games "+last.Event, doc.Right))
		ct.Caption = fmt.Sprintf("Associations, not effects: components whose %s (%s) differs most clearly from 0, pooled over the seats; components with fewer than %d games on either side are left out. %s", last.diffLabel(), last.diffMeaning(), minSide, componentCaveat)
		ct.Small = true
		for _, ca := range a.Components[len(a.Components)-1:] { // the most skilled level's
			for _, r := range ca.Top {
				ct.TextRow(ca.Level, a.words.component(r.Name), ptsIv(r.Diff), format.PCell(r.PHolm), format.Count(r.Games))
			}
		}
		if len(ct.Rows) > 0 {
			s.Add(ct)
		}
		if ls := last.lengths; ls != nil {
			blk := ls.Table(topComponents + 3).Block("")
			blk.Caption = fmt.Sprintf("%s, %s play (the method: see Methods)", ls.Table(0).Title, last.Level)
			blk.Small = true
			s.Add(blk)
		}
	}
}

// sweepDetail adds every lever sweep to the detail.
func (a *Answer) sweepDetail(s *doc.Section) {
	for _, l := range a.Compensation {
		head := "Setting"
		if l.Lever.Family() {
			head = "Starting points"
		}
		lt := doc.NewTable("", doc.Col(head, doc.Left), doc.Col("Games", doc.Right), doc.Col("Seat 0's advantage / success", doc.Left),
			doc.Col("Fixed by the deal (replays)", doc.Left), doc.Col("Choice", doc.Right), doc.Col("Length (decisions)", doc.Right))
		lt.Caption = fmt.Sprintf("The sweep under %s play", l.Level)
		lt.Small = true
		for _, p := range l.Points {
			x := a.words.param(l.Lever.Path, p.X)
			if l.Lever.Family() {
				x = seatPoints(p.X, a.Players)
			}
			if p.Rules {
				x += " (the rules)"
			}
			v, lk, choice, length := "–", "–", "–", "–"
			switch {
			case p.Edge != nil:
				v = ptsIv(*p.Edge)
				if p.RawEdge != nil {
					v += " (luck-adjusted; raw " + ptsIv(*p.RawEdge) + ")"
				}
			case p.Success != nil:
				v = pctIv(*p.Success)
			}
			if p.Luck != nil {
				lk = pctIv(*p.Luck)
			}
			if p.Choice != nil {
				choice = format.Pct(*p.Choice)
			}
			if p.Length != nil {
				length = num1(p.Length.Value)
			}
			lt.TextRow(x, format.Count(p.Games), v, lk, choice, length)
		}
		s.Add(lt)
		if l.Compensation != nil && l.Compensation.Text != "" {
			s.Add(&doc.Paragraph{Text: l.Compensation.Text, Small: true})
		}
	}
}

// cardSection is the appendix's table of every component of a game (17lands' card table):
// each player count at the most skilled level with component tallies, every component with
// its games seen and not, its win shares and its IWD with interval and Holm p; sortable in
// the HTML, complete in COMPONENTS.csv.
func (rp *Report) cardSection(d *doc.Doc, g *Game) {
	t := doc.NewTable(g.chartSlug("components"), doc.Col("Players", doc.Right), doc.Col("Component", doc.Left), doc.Col("Event", doc.Left),
		doc.Column{Head: "Games with", Key: "games_with", Align: doc.Right}, doc.Column{Head: "Win share with", Key: "share_with", Align: doc.Right},
		doc.Column{Head: "Games without", Key: "games_without", Align: doc.Right}, doc.Column{Head: "Win share without", Key: "share_without", Align: doc.Right},
		doc.Column{Head: "Difference, points", Key: "diff", Align: doc.Right}, doc.Column{Head: "95% interval", Key: "diff_ci", Align: doc.Left},
		doc.Column{Head: "Holm p", Key: "p_holm", Align: doc.Right}, doc.Column{Head: "Name", Key: "name", CSVOnly: true})
	t.Sortable, t.Small = true, true
	var levels []string
	for _, a := range g.Configs {
		cs := a.topComponents()
		if cs == nil {
			continue
		}
		lvl := cs.Agent
		for _, ca := range a.Components {
			lvl = ca.Level
		}
		levels = append(levels, fmt.Sprintf("%d players: %s", a.Players, lvl))
		for _, c := range cs.Components {
			es, ev := cs.KeyStat(c), cs.KeyEvent()
			if es.With.N == 0 || es.Without.N == 0 {
				// The key event never (or always) happens to this component — an
				// achievement is never "seen", a piece held at the start always is: the
				// first event that splits the games instead (achieved for an achievement).
				for i, e := range cs.Events {
					if i < len(c.Events) && c.Events[i].With.N > 0 && c.Events[i].Without.N > 0 && (e == "achieved" || ev == cs.KeyEvent()) {
						es, ev = c.Events[i], e
					}
				}
			}
			iwd, iv, p := doc.Text("–"), doc.Text("–"), doc.Text("–")
			if es.Diff.HasInterval() {
				iwd = doc.Num(format.Pts(es.Diff.Value), 100*es.Diff.Value)
				iv = doc.Span(format.IvPts(es.Diff), 100*es.Diff.Lo, 100*es.Diff.Hi)
				p = doc.Num(format.PCell(es.PHolm), es.PHolm)
			}
			t.Row(doc.Int(strconv.Itoa(a.Players), int64(a.Players)), doc.Text(a.words.component(c.Name)), doc.Text(ev),
				doc.Int(format.Count(es.With.N), es.With.N), doc.Num(format.Pct(es.With.Value), es.With.Value),
				doc.Int(format.Count(es.Without.N), es.Without.N), doc.Num(format.Pct(es.Without.Value), es.Without.Value),
				iwd, iv, p, doc.Text(c.Name))
		}
	}
	if len(t.Rows) == 0 {
		return
	}
	s := d.AddSection(g.label() + ": every component")
	s.ID = g.chartSlug("components")
	s.Appendix, s.Fold = true, true
	s.Summary = fmt.Sprintf("%d rows: every component at every player count (%s), with its games and the difference of win share with and without its event (seen: the IWD of 17lands; achieved, for an achievement) with a 95%% interval; click a heading to sort; also %s.csv.",
		len(t.Rows), strings.Join(levels, ", "), t.Name)
	t.Caption = "An association, not an effect (see What matters?); the interval counts 1/(players × plays) of the games, the worst case; the CSV adds each component's name in results files"
	s.Add(t)
}

// shown is the level's agent as the report shows it: as the design wrote it.
func (l Level) shown() string {
	if l.Written != "" {
		return l.Written
	}
	return agents.Short(l.Agent)
}

func methods(rp *Report) []string {
	// The package names in these texts are the second wave's (reports/studies is now
	// reports/skill and reports/change): changing them would change summary.md. The
	// registered questions' lines come before the last.
	ms := []string{
		"Page 1: every row is measured at its measuring level (the most skilled level played unless the study chose another, as said under Levels of play). A question is settled when its 95% interval is within its target: a seat's advantage to ±2 points at two players and ±3 at more, the luck share to ±10 points; otherwise about n·((h/t)² − 1) more games of the stage, h the half-width now and t the target, would settle it (intervals shrink as 1/√n). summary.json lists them under \"settle\".",
		"Win share: 1 for a win alone, 1/k for a k-way shared win, 0 otherwise; a seat's fair share is the mean over the seats (1/players less the games nobody won). Shared wins and games without a winner are shown as shares of the games with Wilson intervals at the effective number of games.",
		fmt.Sprintf("Self-play: each deal (hands, piles and chance fixed by the game seed) is played %d times with fresh agent streams, and every level plays the same deals (common random numbers).", rp.Replays),
		"Seat advantage: a seat's mean win share minus the fair share. Its variance per game is bounded by Σ c²p − a² for the contrast c (exact when no win is shared) and multiplied by the design effect of the replays, K·Var(deal mean)/Var(game) of the most correlated seat (Kish 1965), so the deal is the unit; 95% normal intervals; two-sided z tests, Holm-adjusted over every seat test of one game and player count. Each seat's star and each seat's colour in the charts is its own test.",
		"Ladder: each level alone against copies of the level below on duplicate deals (every seat rotation of each deal); the sign test over deals decides whether a level is significantly stronger (Holm over the steps); Bradley–Terry ratings on the Elo scale with deal-clustered intervals (reports/skill), shown relative to the weakest level.",
		worth.SubstitutionMethod,
		worth.DecisionMethod,
		worth.AblationMethod + " A restriction of a class that spends what the player holds (a card played, an item used) also makes him keep it: it " + HoldingFlag + ", and is shown in the appendix only, with the share of decisions in which it could not be kept.",
		worth.LengthMethod,
		"Components (associations, appendix): 17lands' and HSReplay's win rates; IWD = win share when seen (dealt or drawn) minus when never seen, Newcombe's interval, Holm over the components; pooled over the seats and the replays, the intervals count 1/(players × plays) of the games, the worst case.",
		"Compensation: the lever's values are played as self-play at one level; seat 0's advantage is fitted against the value (weighted line, or interpolation when the line does not fit) and the fair value is where it crosses zero, with a delta-method or band-inversion 95% interval (reports/change.Compensate); at another level the value that offsets its advantage is −advantage/slope, with a delta-method interval.",
	}
	ms = append(ms, questionMethods()...)
	return append(ms, "Every stage's results file is in results/: GAME-Np-self-LEVEL.json (self-play), GAME-Np-ladder-UPPER-vs-LOWER.json, GAME-Np-ablate-LEVEL-CLASS.json and GAME-Np-lever-LEVEL-KEY=VALUE.json; dragonlab report FILE reports any one of them.")
}

// csv is summary.csv: one row per game, player count and level.
func (rp *Report) csv() *doc.Table {
	var cols []doc.Column
	for _, k := range []string{"game", "variant", "players", "level", "agent", "games", "deals", "seat0_advantage", "seat0_lo", "seat0_hi", "p_holm",
		"favoured", "success", "success_lo", "success_hi", "luck", "luck_lo", "luck_hi", "elo", "elo_lo", "elo_hi", "length", "lead_changes", "comebacks", "decisiveness", "choice", "branching",
		"measuring", "length_in_units", "length_unit", "shared_wins", "no_winner", "max_seat_advantage", "max_seat",
		"seat0_raw", "seat0_raw_lo", "seat0_raw_hi", "variance_ratio", "variance_ratio_lo", "variance_ratio_hi", "luck_adjusted", "deal_fixed", "deal_fixed_lo", "deal_fixed_hi"} {
		cols = append(cols, doc.Column{Head: k, Key: k})
	}
	t := doc.NewTable("summary", cols...)
	v := func(x any) doc.Cell { return doc.Cell{Value: x} }
	nan := math.NaN()
	for _, g := range rp.Games {
		for _, a := range g.Configs {
			for i, la := range a.Levels {
				adv, succ, luck, elo := []float64{nan, nan, nan}, []float64{nan, nan, nan}, []float64{nan, nan, nan}, []float64{nan, nan, nan}
				ph := nan
				maxAdv, maxSeat := nan, -1
				if len(la.Seats) > 0 {
					e := la.Seats[0].Advantage
					adv = []float64{e.Value, e.Lo, e.Hi}
					ph = la.Seats[0].PHolm
					s, _ := fairSeat(la.Seats)
					maxAdv, maxSeat = s.Advantage.Value, s.Seat
				}
				if la.Success != nil {
					succ = []float64{la.Success.Value, la.Success.Lo, la.Success.Hi}
				}
				dealt := []float64{nan, nan, nan}
				if la.Luck != nil {
					dealt = []float64{la.Luck.Value, la.Luck.Lo, la.Luck.Hi}
				}
				raw, vr, adjusted := []float64{nan, nan, nan}, []float64{nan, nan, nan}, ""
				if acc := a.accountAt(i); acc != nil {
					luck = []float64{acc.Share.Value, acc.Share.Lo, acc.Share.Hi}
					vr = []float64{float64(acc.VarianceRatio), acc.VarianceCI.Lo, acc.VarianceCI.Hi}
					adjusted = strconv.FormatBool(acc.Adjusted)
					if len(acc.Seats) > 0 {
						r := acc.Seats[0].Raw
						raw = []float64{r.Value, r.Lo, r.Hi}
					}
				}
				if a.Ladder != nil && i < len(a.Ladder.Elo) && a.Ladder.Elo[i] != nil {
					e := a.Ladder.Elo[i]
					elo = []float64{e.Value, e.Lo, e.Hi}
				}
				length, lc, cb, dc, choice, br, span := nan, nan, nan, nan, nan, nan, nan
				unit := ""
				if f := la.Feel; f != nil {
					length, choice, br = f.Length.Value, f.Choice, f.Branching
					if f.LeadChanges != nil {
						lc = f.LeadChanges.Value
					}
					if f.Comebacks != nil {
						cb = f.Comebacks.Value
					}
					if f.Decisiveness != nil {
						dc = f.Decisiveness.Value
					}
					if f.Span != nil {
						span, unit = f.Span.Value, f.Unit
					}
				}
				shared, none := nan, nan
				if la.Shared != nil {
					shared, none = la.Shared.Value, la.NoWinner.Value
				}
				seat := doc.Cell{Value: maxSeat}
				if maxSeat < 0 {
					seat = doc.Text("")
				}
				t.Row(v(g.Game), v(g.Variant), v(a.Players), v(la.Level), v(la.Agent), v(la.Games), v(la.Deals),
					v(adv[0]), v(adv[1]), v(adv[2]), v(ph), v(la.Favoured), v(succ[0]), v(succ[1]), v(succ[2]),
					v(luck[0]), v(luck[1]), v(luck[2]), v(elo[0]), v(elo[1]), v(elo[2]), v(length), v(lc), v(cb), v(dc), v(choice), v(br),
					v(i == a.Measure), v(span), v(unit), v(shared), v(none), v(maxAdv), seat,
					v(raw[0]), v(raw[1]), v(raw[2]), v(vr[0]), v(vr[1]), v(vr[2]), doc.Text(adjusted), v(dealt[0]), v(dealt[1]), v(dealt[2]))
			}
		}
	}
	return t
}

// fairness chart rows: every seat of every level and player count, for the chart and its
// test.
func (g *Game) fairnessRows() []chart.SeatRow {
	var rows []chart.SeatRow
	for _, a := range g.Configs {
		if a.Players < 2 {
			continue
		}
		for _, i := range a.levelOrder() {
			la := a.Levels[i]
			if len(la.Seats) == 0 {
				continue
			}
			r := chart.SeatRow{Label: fmt.Sprintf("%dp %s", a.Players, la.Level)}
			for _, s := range la.Seats {
				e := s.Advantage
				r.Seats = append(r.Seats, chart.SeatMark{Seat: s.Seat, V: 100 * e.Value, Lo: 100 * e.Lo, Hi: 100 * e.Hi, Sig: s.PHolm < stats.Alpha})
			}
			rows = append(rows, r)
		}
	}
	return rows
}

// Write renders the report and writes every file into dir (reports/doc.WriteReport):
// report.pdf, report.html, summary.md, summary.csv, summary.json and the charts. It
// returns the names written.
func (rp *Report) Write(dir string) ([]string, error) {
	return doc.Write(dir, rp.Doc, rp)
}
