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
	"dragonlab/reports/luck"
	"dragonlab/reports/value"
	"dragonlab/sim"
)

// The report model. The per-game sections come first, each opening with its one-paragraph
// answer and then the five questions; the detail of every stage of every game and player
// count follows in the appendix (folded in the HTML: one click away).

// charts are every chart of the report, drawn in parallel before the document is built.
type charts struct {
	fair, ladder map[*Game]*chart.Chart
	lever        map[*LeverAnswer]*chart.Chart
	ablation     map[*value.AblationTable]*chart.Chart
}

func (rp *Report) drawCharts() (*charts, error) {
	ch := &charts{fair: map[*Game]*chart.Chart{}, ladder: map[*Game]*chart.Chart{}, lever: map[*LeverAnswer]*chart.Chart{},
		ablation: map[*value.AblationTable]*chart.Chart{}}
	type job struct {
		draw func() (*chart.Chart, error)
		put  func(*chart.Chart)
	}
	var jobs []job
	for _, g := range rp.Games {
		g := g
		jobs = append(jobs, job{g.FairnessChart, func(c *chart.Chart) { ch.fair[g] = c }},
			job{g.LadderChart, func(c *chart.Chart) { ch.ladder[g] = c }})
		h := g.headline()
		if h == nil {
			continue
		}
		for i := range h.Compensation {
			l := &h.Compensation[i]
			if !l.Needed && !(h.Top >= 0 && h.Levels[h.Top].Favoured) {
				continue // not shown: no seat to compensate
			}
			name := g.chartSlug(fmt.Sprintf("%dp-%s-%s", h.Players, l.Level, strings.ToLower(l.Key)))
			jobs = append(jobs, job{func() (*chart.Chart, error) { return h.LeverChart(g, l, name) }, func(c *chart.Chart) { ch.lever[l] = c }})
		}
		for _, t := range h.abl {
			t := t
			name := g.chartSlug(fmt.Sprintf("%dp-actions", h.Players))
			label := fmt.Sprintf("%s, %d players: what each action is worth", g.label(), h.Players)
			jobs = append(jobs, job{func() (*chart.Chart, error) { return value.AblationChart(t, label, name) }, func(c *chart.Chart) { ch.ablation[t] = c }})
			break // the chart of the first ablation level (the cheapest, with the most deals)
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

// topComponents is the component analysis of the most skilled level that has one.
func (a *Answer) topComponents() *value.ComponentStats {
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
	d.Subtitle = fmt.Sprintf("The designer's report: for every game the answer first, then the five questions; the detail of every stage in the appendix. %s budget, %s games in %d runs.",
		format.Capitalize(rp.Budget), format.Count(games), runs)
	if !rp.Complete {
		d.Intro = append(d.Intro, doc.Alert("Incomplete: the study was interrupted; the report covers only the games that were finished (stages not played are left out)."))
	}
	d.Provenance = rp.provenance()
	rp.glance(d)
	for _, g := range rp.Games {
		rp.gameSection(d, g, ch)
	}
	for _, g := range rp.Games {
		for _, a := range g.Configs {
			rp.detailSection(d, g, a)
		}
	}
	m := d.AddSection("Methods")
	m.Appendix, m.Fold = true, true
	m.Add(doc.Bullets(methods(rp)...))
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
	}
	return games, runs
}

func (rp *Report) provenance() []doc.KV {
	in := rp.in
	kv := []doc.KV{{Key: "Budget", Value: in.Budget}}
	var names []string
	for _, lv := range rp.levelSpecs() {
		names = append(names, lv[0])
	}
	kv = append(kv, doc.KV{Key: "Levels of play", Value: strings.Join(names, ", ") + " (weakest first; their agents under At a glance)"})
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
			spec := lv.Written
			if spec == "" {
				spec = agents.Short(lv.Agent)
			}
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

// glance is the first section: one row per game and player count.
func (rp *Report) glance(d *doc.Doc) {
	s := d.AddSection("At a glance")
	s.ID = "glance"
	topName := ""
	for _, g := range rp.Games {
		for _, a := range g.Configs {
			if a.Top >= 0 {
				topName = a.Levels[a.Top].Level
			}
		}
	}
	s.Add(doc.Para(fmt.Sprintf("One row per game and player count, under the most skilled level played (%s). Advantages are seat 0's win share minus the fair share, in points, with 95%% intervals; \"levels\" counts the levels of play the ladder tells apart; the luck share is the part of the outcome fixed by the deal. Each game's section below answers in words.", topName)))
	t := doc.NewTable("", doc.Col("Game", doc.Left), doc.Col("Players", doc.Right), doc.Col("Is it fair? seat 0's advantage", doc.Left),
		doc.Col("Levels", doc.Right), doc.Col("Luck share", doc.Left), doc.Col("What to change", doc.Left))
	for _, g := range rp.Games {
		for _, a := range g.Configs {
			if a.Top < 0 {
				continue
			}
			la := a.Levels[a.Top]
			fair := ""
			switch {
			case la.Success != nil:
				fair = "success " + pctIv(*la.Success)
			case len(la.Seats) > 0:
				fair = ptsIv(la.Seats[0].Advantage)
				switch {
				case la.Favoured:
					fair += " favoured"
				case la.Wide:
					fair += " too wide"
				default:
					fair += " fair"
				}
			}
			levels := "–"
			if a.Ladder != nil && len(a.Ladder.Steps) > 0 {
				levels = fmt.Sprintf("%d of %d", a.Ladder.Distinguishable, len(a.Levels))
			}
			luck := "–"
			if la.Luck != nil {
				luck = pctIv(*la.Luck)
			}
			t.TextRow(g.label(), strconv.Itoa(a.Players), fair, levels, luck, a.changeShort())
		}
	}
	s.Add(t)
	if len(rp.Notes) > 0 {
		s.Add(doc.Bullets(rp.Notes...))
	}
	lv := s.AddSection("Levels of play")
	lv.Add(doc.Para("Each level is an agent (dragonlab agents); every level plays the same deals."))
	lt := doc.NewTable("", doc.Col("Level", doc.Left), doc.Col("Agent", doc.Left), doc.Col("What it models", doc.Left))
	specs := rp.levelSpecs()
	var costs []doc.KV
	for i, sp := range specs {
		about := ""
		if len(rp.in.Configs) > 0 && i < len(rp.in.Configs[0].Levels) {
			about = rp.in.Configs[0].Levels[i].About
		}
		lt.TextRow(sp[0], sp[1], about)
		if c := rp.costText(sp[0]); c != "" {
			// Volatile: it varies between identical runs, so summary.md leaves it out (the
			// rest of the report is a function of the results outside their "run" key).
			costs = append(costs, doc.KV{Key: sp[0] + ", ms per decision (this run)", Value: c, Volatile: true})
		}
	}
	lv.Add(lt)
	if len(costs) > 0 {
		lv.Add(doc.Pairs(costs...))
	}
}

// costText is a level's measured time per decision by game ("draco 0.52, redhot 0.31").
func (rp *Report) costText(level string) string {
	type acc struct{ nanos, decisions int64 }
	by := map[string]*acc{}
	var order []string
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
					order = append(order, c.Game)
				}
				by[c.Game].nanos += ct.Nanos
				by[c.Game].decisions += ct.Decisions
			}
		}
	}
	var parts []string
	for _, g := range order {
		a := by[g]
		if a.decisions > 0 {
			parts = append(parts, fmt.Sprintf("%s %s", g, format.Ms(float64(a.nanos)/1e6/float64(a.decisions))))
		}
	}
	return strings.Join(parts, ", ")
}

// restrictionNotes names the restrictions that measured little: those that never ruled
// out a legal action beside others (they measure nothing), and those that could not
// always be kept (every legal action forbidden). The counts are the restricted agent's,
// from the results' aggregate (sim.Result.Restriction: checkpointed and merged exactly).
func restrictionNotes(ab Ablation) string {
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
		switch {
		case c.Bound == 0 && c.Unkept == 0:
			none = append(none, row.Forbid[0])
		case c.Unkept > 0:
			unkept = append(unkept, fmt.Sprintf("%s (%s of %s decisions)", row.Forbid[0], format.Count(c.Unkept), format.Count(c.Bound+c.Unkept)))
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

// glanceLine is the one line that stays in view above a folded detail section.
func (a *Answer) glanceLine() string {
	if a.Top < 0 {
		return "Nothing was played."
	}
	la := a.Levels[a.Top]
	var parts []string
	switch {
	case la.Success != nil:
		parts = append(parts, fmt.Sprintf("%s play wins %s", la.Level, pctIv(*la.Success)))
	case len(la.Seats) > 0:
		s := fmt.Sprintf("seat 0 under %s play %s", la.Level, ptsIv(la.Seats[0].Advantage))
		if la.Favoured {
			s += " (favoured)"
		}
		parts = append(parts, s)
	}
	if a.Ladder != nil && len(a.Ladder.Steps) > 0 {
		parts = append(parts, fmt.Sprintf("%d of %d levels told apart", a.Ladder.Distinguishable, len(a.Levels)))
	}
	if la.Luck != nil {
		parts = append(parts, "luck share "+format.Pct(la.Luck.Value))
	}
	return format.Capitalize(strings.Join(parts, "; ")) + "."
}

// changeShort is the "What to change" cell of the glance table.
func (a *Answer) changeShort() string {
	if a.Tune != nil {
		return a.Tune.Sentence + " (" + a.Tune.Level + ")"
	}
	for _, l := range a.Compensation {
		if !l.Seat {
			continue
		}
		c := l.Compensation
		needed := l.Needed || (a.Top >= 0 && a.Levels[a.Top].Favoured)
		switch {
		case !needed && c != nil && c.Found && c.Moves && c.Value.Excludes(0):
			return fmt.Sprintf("not certified; the sweep puts fair at %s %s (%s)", format.Trim(c.Value.Value, 2), format.IvTrim(c.Value.Estimate, 2), l.Level)
		case !needed && a.off():
			return "not certified: intervals too wide"
		case !needed:
			return "nothing"
		case c != nil && c.Found && c.Moves:
			who := "seat 1 starts with"
			unit := " points"
			if a.Players > 2 {
				who, unit = "seat s starts with", "·s points"
			}
			out := fmt.Sprintf("%s %s%s %s (%s)", who, format.Trim(c.Value.Value, 2), unit, format.IvTrim(c.Value.Estimate, 2), l.Level)
			if x, ok := a.topOffset(&l); ok {
				out += fmt.Sprintf("; about %s %s (%s)", format.Trim(x.Value, 2), format.IvTrim(x.Estimate, 2), a.Levels[a.Top].Level)
			}
			return out
		default:
			return "no fair value in the sweep"
		}
	}
	for _, l := range a.Compensation {
		return "lever " + l.Key
	}
	if a.Top >= 0 && a.Levels[a.Top].Favoured {
		return "a seat is favoured; no lever swept"
	}
	if a.Players == 1 {
		return "–"
	}
	if a.off() {
		return "not certified: a seat's interval reaches beyond ±2 points"
	}
	return "nothing"
}

// gameSection is one game's answers.
func (rp *Report) gameSection(d *doc.Doc, g *Game, ch *charts) {
	s := d.AddSection(g.label())
	s.ID = g.chartSlug("answers")
	s.NewPage = true
	s.Summary = g.Answer

	fair := s.AddSection("Is it fair?")
	var lines []string
	for _, a := range g.Configs {
		lines = append(lines, format.Capitalize(a.fairBrief()))
	}
	fair.Add(doc.Bullets(lines...))
	add(fair, fig(ch.fair[g], 0.8))

	sk := s.AddSection("Does skill matter?")
	lines = nil
	for _, a := range g.Configs {
		if l := a.SkillSentence(); l != "" {
			lines = append(lines, fmt.Sprintf("%s: %s", format.Capitalize(playersText(a.Players)), lowerFirst(l)))
		}
	}
	if len(lines) > 0 {
		sk.Add(doc.Bullets(lines...))
	}
	if t := ladderTable(g); t != nil {
		sk.Add(t)
	}
	add(sk, fig(ch.ladder[g], 0.66))

	dc := s.AddSection("What decides games?")
	lines = nil
	for _, a := range g.Configs {
		if l := a.DecideSentence(); l != "" {
			lines = append(lines, fmt.Sprintf("%s: %s", format.Capitalize(playersText(a.Players)), lowerFirst(l)))
		}
	}
	if len(lines) > 0 {
		dc.Add(doc.Bullets(lines...))
	} else {
		dc.Add(doc.Para("Neither restricted play nor component tallies were played for this game."))
	}
	if h := g.headline(); h != nil {
		for _, t := range h.abl {
			add(dc, fig(ch.ablation[t], 0.52))
			break
		}
		if t := h.componentTable(); t != nil {
			dc.Add(t)
		}
	}
	dc.Add(&doc.Callout{Tone: doc.ToneCaution, Title: "Associations are not effects.", Text: "IWD is an association (longer games see more cards; a player's position changes what he draws into); restricted play, the same agent forbidden an action on the same deals, is the causal measure."})

	fe := s.AddSection("How does it feel?")
	lines = nil
	for _, a := range g.Configs {
		if l := a.FeelSentence(); l != "" {
			lines = append(lines, fmt.Sprintf("%s: %s", format.Capitalize(playersText(a.Players)), lowerFirst(l)))
		}
	}
	if len(lines) > 0 {
		fe.Add(doc.Bullets(lines...))
	}
	if t := feelTable(g); t != nil {
		fe.Add(t)
	}

	wc := s.AddSection("What to change?")
	lines = nil
	for _, a := range g.Configs {
		if l := a.ChangeSentence(); l != "" {
			lines = append(lines, fmt.Sprintf("%s: %s", format.Capitalize(playersText(a.Players)), lowerFirst(l)))
		}
	}
	if len(lines) > 0 {
		wc.Add(doc.Bullets(lines...))
	}
	if h := g.headline(); h != nil {
		for i := range h.Compensation {
			l := &h.Compensation[i]
			if l.Why != "" {
				wc.Add(&doc.Paragraph{Text: fmt.Sprintf("Why %s: %s.", l.Key, l.Why), Small: true})
			}
			// The sweep's chart where it answers the question: a seat to compensate.
			if l.Needed || (h.Top >= 0 && h.Levels[h.Top].Favoured) {
				add(wc, fig(ch.lever[l], 0.6))
			}
		}
	}
}

// seatTable lists every seat's advantage at one level (games of three or more players).
func seatTable(a *Answer, level int) *doc.Table {
	la := a.Levels[level]
	t := doc.NewTable("", doc.Col("Seat", doc.Right), doc.Col("Win share", doc.Right), doc.Col("Advantage, points [95% CI]", doc.Left), doc.Col("Holm p", doc.Right))
	t.Caption = fmt.Sprintf("%d players, %s play: every seat (fair share %s)", a.Players, la.Level, format.Pct(la.Fair))
	for _, s := range la.Seats {
		t.TextRow(strconv.Itoa(s.Seat), format.Pct(s.Share), ptsIv(s.Advantage), format.PCell(s.PHolm))
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

// componentTable lists the top components and actions of the headline player count.
func (a *Answer) componentTable() *doc.Table {
	cs := a.topComponents()
	if cs == nil {
		return nil
	}
	var ca *ComponentAnswer
	for i := range a.Components {
		if a.Components[i].Level == cs.Agent || i == len(a.Components)-1 {
			ca = &a.Components[i]
		}
	}
	if ca == nil || len(ca.Top) == 0 {
		return nil
	}
	t := doc.NewTable("", doc.Col("Component", doc.Left), doc.Col(ca.diffLabel()+", points [95% CI]", doc.Left), doc.Col("Holm p", doc.Right), doc.Col("Games "+ca.Event, doc.Right))
	t.Caption = fmt.Sprintf("%s, %s play: the components whose %s (%s) differs most clearly from 0", format.Capitalize(playersText(a.Players)), ca.Level, ca.diffLabel(), ca.diffMeaning())
	for _, r := range ca.Top {
		t.TextRow(r.Name, ptsIv(r.Diff), format.PCell(r.PHolm), format.Count(r.Games))
	}
	return t
}

// feelTable is the game feel of every player count at the most skilled level.
func feelTable(g *Game) *doc.Table {
	t := doc.NewTable("", doc.Col("Players", doc.Right), doc.Col("Level", doc.Left), doc.Col("Length (decisions)", doc.Left),
		doc.Col("Choice", doc.Right), doc.Col("Branching", doc.Right), doc.Col("Lead changes", doc.Right),
		doc.Col("Comebacks", doc.Right), doc.Col("Decided for the last", doc.Right))
	t.Caption = "At the most skilled level: decisions per game [95% CI]; share of decisions with a choice; legal actions per decision; lead changes per game; share of decided games won from behind at mid-game; share of the game played after the winner took the lead for good"
	rows := 0
	for _, a := range g.Configs {
		if a.Top < 0 || a.Levels[a.Top].Feel == nil {
			continue
		}
		f := a.Levels[a.Top].Feel
		lc, cb, dc := "–", "–", "–"
		if f.LeadChanges != nil {
			lc = strconv.FormatFloat(f.LeadChanges.Value, 'f', 2, 64)
		}
		if f.Comebacks != nil {
			cb = format.Pct(f.Comebacks.Value)
		}
		if f.Decisiveness != nil {
			dc = format.Pct(f.Decisiveness.Value)
		}
		t.TextRow(strconv.Itoa(a.Players), a.Levels[a.Top].Level, num1(f.Length.Value)+" "+format.IvNum(f.Length.Estimate, 1),
			format.Pct(f.Choice), num1(f.Branching), lc, cb, dc)
		rows++
	}
	if rows == 0 {
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
	c := a.cfg

	t := doc.NewTable("", doc.Col("Level", doc.Left), doc.Col("Agent", doc.Left), doc.Col("Games", doc.Right),
		doc.Col("Seats: win share", doc.Left), doc.Col("Seat 0's advantage", doc.Left), doc.Col("Luck share", doc.Left), doc.Col("Length", doc.Left))
	if a.Players == 1 {
		t.Columns[3].Head, t.Columns[4].Head = "Success rate", ""
	}
	t.Caption = fmt.Sprintf("Self-play: each deal played %d times (deals × plays = games); intervals count the deal as the unit", rp.Replays)
	t.Small = true
	for i, la := range a.Levels {
		if la.Games == 0 {
			t.TextRow(la.Level, c.Levels[i].shown(), "not played", "", "", "", "")
			continue
		}
		shares, edge := "", ""
		if la.Success != nil {
			shares = pctIv(*la.Success)
		} else {
			var ps []string
			for _, st := range la.Seats {
				ps = append(ps, format.Pct(st.Share))
			}
			shares = strings.Join(ps, ", ")
			edge = ptsIv(la.Seats[0].Advantage)
			if la.Favoured {
				edge += " *"
			}
		}
		luck, length := "–", "–"
		if la.Luck != nil {
			luck = pctIv(*la.Luck)
		}
		if la.Feel != nil {
			length = num1(la.Feel.Length.Value)
		}
		games := format.Count(la.Games)
		if !la.Complete {
			games += " (incomplete)"
		}
		t.TextRow(la.Level, c.Levels[i].shown(), games, shares, edge, luck, length)
	}
	s.Add(t)
	if a.Players > 1 {
		s.Add(&doc.Paragraph{Text: "* a seat differs significantly from the fair share (Holm p < 0.05 over every seat test of this game and player count).", Small: true})
	}
	if a.Players > 2 && a.Top >= 0 {
		st := seatTable(a, a.Top)
		st.Small = true
		s.Add(st)
	}
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
	for k, t := range a.abl {
		tb := t.Table()
		blk := tb.Block("")
		blk.Caption = fmt.Sprintf("Restricted play, %s: %s", a.Ablation[k].Level, tb.Title)
		blk.Small = true
		s.Add(blk)
		if k < len(c.Ablation) {
			if n := restrictionNotes(c.Ablation[k]); n != "" {
				s.Add(&doc.Paragraph{Text: n, Small: true})
			}
		}
	}
	if len(a.Components) > 0 {
		last := a.Components[len(a.Components)-1]
		ct := doc.NewTable("", doc.Col("Level", doc.Left), doc.Col("Component", doc.Left), doc.Col(last.diffLabel()+", points [95% CI]", doc.Left),
			doc.Col("Holm p", doc.Right), doc.Col("Games "+last.Event, doc.Right))
		ct.Caption = fmt.Sprintf("Components whose %s (%s) differs most clearly from 0, pooled over the seats; components with fewer than %d games on either side are left out", last.diffLabel(), last.diffMeaning(), minSide)
		ct.Small = true
		for _, ca := range a.Components[len(a.Components)-1:] { // the most skilled level's
			for _, r := range ca.Top {
				ct.TextRow(ca.Level, r.Name, ptsIv(r.Diff), format.PCell(r.PHolm), format.Count(r.Games))
			}
		}
		if len(ct.Rows) > 0 {
			s.Add(ct)
		}
	}
	for _, l := range a.Compensation {
		lt := doc.NewTable("", doc.Col(l.Key, doc.Left), doc.Col("Games", doc.Right), doc.Col("Seat 0's advantage / success", doc.Left),
			doc.Col("Luck share", doc.Left), doc.Col("Choice", doc.Right), doc.Col("Length", doc.Right))
		lt.Caption = fmt.Sprintf("Lever %s under %s play", l.Key, l.Level)
		if l.Seat {
			lt.Caption += " (x: seat s starts with x·s points)"
		}
		lt.Small = true
		for _, p := range l.Points {
			x := format.Trim(p.X, 2)
			if l.Seat {
				x = seatBonusText(p.X, a.Players)
			}
			if p.Rules {
				x += " (rules)"
			}
			v, luck, choice, length := "–", "–", "–", "–"
			switch {
			case p.Edge != nil:
				v = ptsIv(*p.Edge)
			case p.Success != nil:
				v = pctIv(*p.Success)
			}
			if p.Luck != nil {
				luck = pctIv(*p.Luck)
			}
			if p.Choice != nil {
				choice = format.Pct(*p.Choice)
			}
			if p.Length != nil {
				length = num1(p.Length.Value)
			}
			lt.TextRow(x, format.Count(p.Games), v, luck, choice, length)
		}
		s.Add(lt)
		if l.Compensation != nil && l.Compensation.Text != "" {
			s.Add(&doc.Paragraph{Text: l.Compensation.Text, Small: true})
		}
	}
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
	// reports/skill and reports/change): changing them would change summary.md.
	return []string{
		"Win share: 1 for a win alone, 1/k for a k-way shared win, 0 otherwise; a seat's fair share is the mean over the seats (1/players less the games nobody won).",
		fmt.Sprintf("Self-play: each deal (hands, piles and chance fixed by the game seed) is played %d times with fresh agent streams, and every level plays the same deals (common random numbers).", rp.Replays),
		"Seat advantage: a seat's mean win share minus the fair share. Its variance per game is bounded by Σ c²p − a² for the contrast c (exact when no win is shared) and multiplied by the design effect of the replays, K·Var(deal mean)/Var(game) of the most correlated seat (Kish 1965), so the deal is the unit; 95% normal intervals; two-sided z tests, Holm-adjusted over every seat test of one game and player count. An interval wider than ±2 points that contains 0 is reported as too wide to conclude.",
		"Ladder: each level alone against copies of the level below on duplicate deals (every seat rotation of each deal); the sign test over deals decides whether a level is significantly stronger (Holm over the steps); Bradley–Terry ratings on the Elo scale with deal-clustered intervals (reports/studies), shown relative to the weakest level.",
		luck.Method,
		value.AblationMethod,
		"Components: 17lands' and HSReplay's win rates; IWD = win share when seen (dealt or drawn) minus when never seen, Newcombe's interval, Holm over the components; pooled over the seats and the replays, the intervals count 1/(players × plays) of the games, the worst case.",
		"Compensation: the lever's values are played as self-play at one level; seat 0's advantage is fitted against the value (weighted line, or interpolation when the line does not fit) and the fair value is where it crosses zero, with a delta-method or band-inversion 95% interval (reports/studies.Compensate).",
		"Game feel: Browne's criteria as the Ludii metrics define them (README: game-feel metrics).",
		"Every stage's results file is in results/: GAME-Np-self-LEVEL.json (self-play), GAME-Np-ladder-UPPER-vs-LOWER.json, GAME-Np-ablate-LEVEL-CLASS.json and GAME-Np-lever-LEVEL-KEY=VALUE.json; dragonlab report FILE reports any one of them.",
	}
}

// csv is summary.csv: one row per game, player count and level.
func (rp *Report) csv() *doc.Table {
	var cols []doc.Column
	for _, k := range []string{"game", "variant", "players", "level", "agent", "games", "deals", "seat0_advantage", "seat0_lo", "seat0_hi", "p_holm",
		"favoured", "success", "success_lo", "success_hi", "luck", "luck_lo", "luck_hi", "elo", "elo_lo", "elo_hi", "length", "lead_changes", "comebacks", "decisiveness", "choice", "branching"} {
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
				if len(la.Seats) > 0 {
					e := la.Seats[0].Advantage
					adv = []float64{e.Value, e.Lo, e.Hi}
					ph = la.Seats[0].PHolm
				}
				if la.Success != nil {
					succ = []float64{la.Success.Value, la.Success.Lo, la.Success.Hi}
				}
				if la.Luck != nil {
					luck = []float64{la.Luck.Value, la.Luck.Lo, la.Luck.Hi}
				}
				if a.Ladder != nil && i < len(a.Ladder.Elo) && a.Ladder.Elo[i] != nil {
					e := a.Ladder.Elo[i]
					elo = []float64{e.Value, e.Lo, e.Hi}
				}
				length, lc, cb, dc, choice, br := nan, nan, nan, nan, nan, nan
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
				}
				t.Row(v(g.Game), v(g.Variant), v(a.Players), v(la.Level), v(la.Agent), v(la.Games), v(la.Deals),
					v(adv[0]), v(adv[1]), v(adv[2]), v(ph), v(la.Favoured), v(succ[0]), v(succ[1]), v(succ[2]),
					v(luck[0]), v(luck[1]), v(luck[2]), v(elo[0]), v(elo[1]), v(elo[2]), v(length), v(lc), v(cb), v(dc), v(choice), v(br))
			}
		}
	}
	return t
}

// Write renders the report and writes every file into dir (reports/doc.WriteReport):
// report.pdf, report.html, summary.md, summary.csv, summary.json and the charts. It
// returns the names written.
func (rp *Report) Write(dir string) ([]string, error) {
	return doc.Write(dir, rp.Doc, rp)
}
