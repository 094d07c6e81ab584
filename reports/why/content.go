package why

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"dragonlab/reports"
)

// Table is a plain table of formatted cells, for whatever writes the report.
type Table struct {
	Title  string     `json:"title"`
	Header []string   `json:"header"`
	Rows   [][]string `json:"rows"`
	Note   string     `json:"note,omitempty"`
}

// Content is one analysis ready for a report: the findings as sentences (most important
// first), tables, charts, and notes (method, definitions, caveats).
type Content struct {
	Title     string           `json:"title"`
	Sentences []string         `json:"sentences"`
	Tables    []Table          `json:"tables"`
	Charts    []*reports.Chart `json:"-"`
	Notes     []string         `json:"notes"`
}

// addChart appends a chart unless it is nil (nothing to draw).
func (c *Content) addChart(ch *reports.Chart, err error) error {
	if err != nil {
		return err
	}
	if ch != nil {
		c.Charts = append(c.Charts, ch)
	}
	return nil
}

// points formats a share difference in points with an interval: "+4.1 points [+2.0, +6.2]".
func points(e Diff) string {
	return reports.Pts(e.Value) + " points " + reports.IvPts(e.CI)
}

// holmNote formats a Holm-adjusted p-value for a sentence.
func holmNote(p float64) string {
	return "Holm " + reports.PText(p)
}

// shareCell formats a win share and its interval for a table: "54.1% [53.8, 54.4]".
func shareCell(e Estimate) string {
	if e.N == 0 {
		return "–"
	}
	return reports.Pct(e.Value) + " " + reports.IvPct(e.CI)
}

// ---- components ----

// capitalise upper-cases the first letter of a sentence (component names are lower case).
func capitalise(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// EventSentence says what one event of one component goes with, e.g. "Troll 3 in the
// opening hand: +4.1 points [+2.0, +6.2] of win share against not in it (n = 12,345 of
// 40,000 games; Holm p = 0.003)."
func (s *ComponentStats) EventSentence(c ComponentStat, event int) string {
	es := c.Events[event]
	with, without := eventPhrase(es.Event)
	if !es.Diff.Tested {
		return fmt.Sprintf("%s %s: not measurable (%s of %s games)", capitalise(c.Name), with, reports.Count(es.With.N), reports.Count(s.Share.N))
	}
	label := ""
	if es.Event == EventSeen {
		label = "IWD, "
	}
	return fmt.Sprintf("%s %s: %s of win share against %s (%sn = %s of %s games; %s).", capitalise(c.Name), with, points(es.Diff), without,
		label, reports.Count(es.With.N), reports.Count(s.Share.N), holmNote(es.PHolm))
}

// Sentences are the key-event sentences of the top components by |IWD| (all if top ≤ 0).
func (s *ComponentStats) Sentences(top int) []string {
	var out []string
	for _, c := range s.Ranked() {
		if top > 0 && len(out) >= top {
			break
		}
		out = append(out, s.EventSentence(c, s.Key))
	}
	return out
}

// RankedTable lists the top components (Ranked: the clearest differences first), with
// the games behind each side.
func (s *ComponentStats) RankedTable(top int) Table {
	ev := s.KeyEvent()
	w, wo := eventShort(ev)
	t := Table{
		Title:  fmt.Sprintf("Components ranked by how clearly %s differs from 0 (then by its size), %s", diffName(ev), s.Agent),
		Header: []string{"#", "component", w + " games", w + " win share", wo + " games", wo + " win share", diffName(ev) + " (points)", "95% interval", "Holm p"},
		Note:   ConfoundingCaveat,
	}
	for i, c := range s.Ranked() {
		if top > 0 && i >= top {
			break
		}
		es := c.Events[s.Key]
		d, iv, p := "–", "–", "–"
		if es.Diff.Tested {
			d, iv, p = reports.Pts(es.Diff.Value), reports.IvPts(es.Diff.CI), reports.PCell(es.PHolm)
		}
		t.Rows = append(t.Rows, []string{strconv.Itoa(i + 1), c.Name, reports.Count(es.With.N), shareCell(es.With),
			reports.Count(es.Without.N), shareCell(es.Without), d, iv, p})
	}
	return t
}

// FullTable lists every component with the win share for each event (OH, GD, GIH, GNS,
// played …), the games behind it, and the mean decision of the first occurrence.
func (s *ComponentStats) FullTable() Table {
	t := Table{Title: "Win share by component and event, " + s.Agent, Header: []string{"component"}, Note: ConfoundingCaveat}
	for _, ev := range s.Events {
		w, _ := eventShort(ev)
		t.Header = append(t.Header, w+" win share (games)")
		if ev == EventSeen {
			t.Header = append(t.Header, "GNS win share (games)", "IWD (points)")
		}
		if ev != EventDealt && ev != EventSeen {
			t.Header = append(t.Header, w+" mean decision")
		}
	}
	for _, c := range s.Components {
		row := []string{c.Name}
		for _, es := range c.Events {
			row = append(row, withGames(es.With))
			if es.Event == EventSeen {
				d := "–"
				if es.Diff.Tested {
					d = points(es.Diff)
				}
				row = append(row, withGames(es.Without), d)
			}
			if es.Event != EventDealt && es.Event != EventSeen {
				turn := "–"
				if es.HasTurn {
					turn = reports.Num(es.MeanTurn, 1)
				}
				row = append(row, turn)
			}
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

func withGames(e Estimate) string {
	if e.N == 0 {
		return "– (0)"
	}
	return reports.Pct(e.Value) + " " + reports.IvPct(e.CI) + " (" + reports.Count(e.N) + ")"
}

// ComponentContent is the "What decides games?" component part: sentences for the top
// components, the ranked and full tables, the forest plot, and the caveat. name is the
// chart's file stem.
func ComponentContent(s *ComponentStats, label, name string, top int) (*Content, error) {
	c := &Content{
		Title:     "Components that go with winning (" + s.Agent + ")",
		Sentences: s.Sentences(top),
		Tables:    []Table{s.RankedTable(top), s.FullTable()},
		Notes: []string{
			fmt.Sprintf("Win shares count a shared win as 1/k; intervals are Wilson's, %s differences use Newcombe's hybrid score interval (1998), and Holm's method adjusts over the %d components tested.", diffName(s.KeyEvent()), s.Family),
			ConfoundingCaveat,
		},
	}
	if agents := s.DesignEffect / float64(max(s.Replays, 1)); agents > 1 {
		c.Notes = append(c.Notes, fmt.Sprintf("Pooled over %d agents: the seats of one game are not independent (one seat's win is another's loss), so the intervals and tests count 1/%d of the games, the worst case; the estimates use every game.",
			int(agents), int(agents)))
	}
	if s.Replays > 1 {
		c.Notes = append(c.Notes, fmt.Sprintf("Each deal was played %d times: its plays share the cards, so the intervals and tests also count 1/%d of them, the worst case.", s.Replays, s.Replays))
	}
	if err := c.addChart(IWDChart(s, label, name, top)); err != nil {
		return nil, err
	}
	return c, nil
}

// ---- game feel ----

// Sentences say how the game feels, in plain words with intervals.
func (f *Feel) Sentences() []string {
	var out []string
	if f.Games == 0 {
		return []string{"No games were played."}
	}
	out = append(out, fmt.Sprintf("Games last %s decisions on average %s (median %s; 80%% of games between %s and %s).",
		reports.Num(f.Duration.Value, 1), ivOrEmpty(f.Duration, 1), qnum(f.DurationQ.Median), qnum(f.DurationQ.P10), qnum(f.DurationQ.P90)))
	if f.Decisions > 0 {
		out = append(out, fmt.Sprintf("%s of decisions offer a real choice; a decision has %s legal actions on average (median %s, at most %d).",
			reports.Pct(f.MultiChoice), reports.Num(f.Branching.Mean, 1), qnum(f.Branching.Median), f.Branching.Max))
	}
	if f.Solitaire {
		return out
	}
	out = append(out, fmt.Sprintf("The lead changes %s times per game %s.", reports.Num(f.LeadChanges.Value, 2), ivOrEmpty(f.LeadChanges, 2)))
	if f.Decided > 0 {
		out = append(out, fmt.Sprintf("The eventual winner leads for good over the last %s of a game %s; %s of decided games are comebacks %s (the winner was behind at mid-game).",
			reports.Pct(f.Decisiveness.Value), pctIv(f.Decisiveness), reports.Pct(f.Comebacks.Value), reports.IvPct(f.Comebacks.CI)))
		out = append(out, fmt.Sprintf("Winners finish %s points ahead on average %s (median %s).",
			reports.Num(f.Margin.Value, 1), ivOrEmpty(f.Margin, 1), qnum(f.MarginQ.Median)))
	}
	if f.Drawishness.Value > 0 || f.Completion.Value < 1 {
		out = append(out, fmt.Sprintf("%s of games end in a draw %s and %s end with a winner %s.",
			reports.Pct(f.Drawishness.Value), reports.IvPct(f.Drawishness.CI), reports.Pct(f.Completion.Value), reports.IvPct(f.Completion.CI)))
	}
	return out
}

func ivOrEmpty(e Estimate, dec int) string {
	if !e.HasCI {
		return ""
	}
	return reports.IvNum(e.CI, dec)
}

// qnum formats a quantile: whole numbers without decimals, others with one ("11.5").
func qnum(x float64) string {
	return strings.TrimSuffix(reports.Num(x, 1), ".0")
}

func pctIv(e Estimate) string {
	if !e.HasCI {
		return ""
	}
	return reports.IvPct(e.CI)
}

// Table lists every game-feel metric with its interval and the count behind it.
func (f *Feel) Table() Table {
	t := Table{Title: "How the game feels", Header: []string{"metric", "value", "95% interval", "over"}}
	add := func(name, v, iv string, n int64, unit string) {
		t.Rows = append(t.Rows, []string{name, v, iv, reports.Plural(n, unit)})
	}
	if !f.Solitaire {
		add("completion", reports.Pct(f.Completion.Value), reports.IvPct(f.Completion.CI), f.Games, "game")
		add("drawishness", reports.Pct(f.Drawishness.Value), reports.IvPct(f.Drawishness.CI), f.Games, "game")
	}
	add("duration (decisions), mean", reports.Num(f.Duration.Value, 1), ivOrEmpty(f.Duration, 1), f.Games, "game")
	add("duration, quantiles 10/25/50/75/90%", fmt.Sprintf("%s / %s / %s / %s / %s", qnum(f.DurationQ.P10), qnum(f.DurationQ.P25),
		qnum(f.DurationQ.Median), qnum(f.DurationQ.P75), qnum(f.DurationQ.P90)), "", f.Games, "game")
	add("decisions with a choice", reports.Pct(f.MultiChoice), "", f.Decisions, "decision")
	add("branching factor, mean (sd)", reports.Num(f.Branching.Mean, 2)+" ("+reports.Num(f.Branching.SD, 2)+")", "", f.Decisions, "decision")
	add("branching factor, median / max", qnum(f.Branching.Median)+" / "+strconv.FormatInt(f.Branching.Max, 10), "", f.Decisions, "decision")
	if !f.Solitaire {
		add("lead changes per game", reports.Num(f.LeadChanges.Value, 2), ivOrEmpty(f.LeadChanges, 2), f.Games, "game")
		add("decisiveness (share of game after the winner leads for good)", reports.Pct(f.Decisiveness.Value), pctIv(f.Decisiveness), f.Decided, "decided game")
		add("comebacks (winner behind at mid-game)", reports.Pct(f.Comebacks.Value), reports.IvPct(f.Comebacks.CI), f.Decided, "decided game")
		add("final margin (points), mean", reports.Num(f.Margin.Value, 1), ivOrEmpty(f.Margin, 1), f.Decided, "decided game")
		add("final margin, quantiles 10/50/90%", fmt.Sprintf("%s / %s / %s", qnum(f.MarginQ.P10), qnum(f.MarginQ.Median), qnum(f.MarginQ.P90)), "", f.Decided, "decided game")
	}
	return t
}

// DefinitionsTable defines the game-feel metrics with their sources.
func DefinitionsTable() Table {
	t := Table{Title: "Game-feel metrics: definitions", Header: []string{"metric", "definition", "source"}}
	for _, d := range FeelDefinitions {
		t.Rows = append(t.Rows, []string{d.Name, d.Text, d.Source})
	}
	return t
}

// FeelContent is the "How does it feel?" part: sentences, the metrics and definitions
// tables, and the length, lead-change, margin and branching charts (chart names are
// prefix-length, prefix-leads, prefix-margin, prefix-branching).
func FeelContent(f *Feel, label, prefix string) (*Content, error) {
	c := &Content{Title: "How the game feels", Sentences: f.Sentences(), Tables: []Table{f.Table(), DefinitionsTable()},
		Notes: []string{"Means have Student's t intervals over games; shares Wilson intervals. Decisions of one game are not independent, so shares of decisions carry no interval."}}
	if err := c.addChart(DurationChart(f, label, prefix+"-length")); err != nil {
		return nil, err
	}
	if !f.Solitaire {
		if err := c.addChart(LeadChangeChart(f, label, prefix+"-leads")); err != nil {
			return nil, err
		}
		if err := c.addChart(MarginChart(f, label, prefix+"-margin")); err != nil {
			return nil, err
		}
	}
	if err := c.addChart(BranchingChart(f, label, prefix+"-branching")); err != nil {
		return nil, err
	}
	return c, nil
}

// ---- luck ----

// Sentence says how much the deal decides: "The deal decides about 23% of the outcome
// [19%, 27%] (luck share over 1,000 deals, 8 replays each)."
func (l *LuckStats) Sentence() string {
	p := l.Pooled
	if !p.Defined {
		return fmt.Sprintf("The luck share cannot be estimated from %s (it needs two deals and some variation in the outcome).", reports.Plural(p.Deals, "deal"))
	}
	return fmt.Sprintf("The deal decides about %s of the outcome %s (luck share: the part of the variance of a game's win share fixed by the deal, over %s with %d replays each).",
		reports.Pct(p.Share.Value), reports.IvPct(p.Share.CI), reports.Plural(p.Deals, "deal"), l.K)
}

// Table lists the variance decomposition per seat and pooled.
func (l *LuckStats) Table() Table {
	t := Table{Title: "Luck share: variance of a game's win share fixed by the deal",
		Header: []string{"seat", "deals", "mean win share", "variance", "deal part", "rest", "luck share", "95% interval"},
		Note:   LuckMethod}
	row := func(name string, v VarianceParts) []string {
		ls, iv := "–", "–"
		if v.Defined {
			ls, iv = reports.Pct(v.Share.Value), reports.IvPct(v.Share.CI)
		}
		return []string{name, reports.Count(v.Deals), reports.Pct(v.Mean), reports.Num(v.Total, 4), reports.Num(v.Deal, 4), reports.Num(v.Rest, 4), ls, iv}
	}
	for s, v := range l.Seats {
		t.Rows = append(t.Rows, row(fmt.Sprintf("seat %d", s), v))
	}
	if len(l.Seats) > 1 {
		t.Rows = append(t.Rows, row("all seats", l.Pooled))
	}
	return t
}

// Sentence says how often the stronger agent beats the weaker on the same deal.
func (sd *SameDeal) Sentence() string {
	if sd.Deals == 0 {
		return "No duplicate deals were played."
	}
	versus := sd.Weaker
	if sd.Players > 2 {
		versus = fmt.Sprintf("%d copies of %s", sd.Players-1, sd.Weaker)
	}
	return fmt.Sprintf("On the same deal, %s does better than %s on %s of deals %s, ties on %s and does worse on %s (%s, every seat played by each).",
		sd.Stronger, versus, reports.Pct(sd.Beats.Value), reports.IvPct(sd.Beats.CI), reports.Pct(sd.TiesShare.Value),
		reports.Pct(float64(sd.Worse)/float64(sd.Deals)), reports.Plural(sd.Deals, "deal"))
}

// LuckContent is the luck part of "Does skill matter?": the luck share sentence, the
// same-deal sentence when sd is not nil, the table and the chart.
func LuckContent(l *LuckStats, sd *SameDeal, label, name string) (*Content, error) {
	c := &Content{Title: "Luck and skill", Sentences: []string{l.Sentence()}, Tables: []Table{l.Table()}, Notes: []string{LuckMethod}}
	if sd != nil {
		c.Sentences = append(c.Sentences, sd.Sentence())
	}
	if err := c.addChart(LuckChart(l, label, name)); err != nil {
		return nil, err
	}
	return c, nil
}

// ---- ablation ----

// Sentence says what forbidding one class does: "Forbidding play-ship costs 12.3 points
// of win share [10.1, 14.5] (2,000 deals; Holm p < 0.001)." (or "gains", with the
// interval of the gain, when the restricted agent did better).
func (t *AblationTable) Sentence(r AblationRow) string {
	if !r.Tested {
		return fmt.Sprintf("Forbidding %s: not measurable (%s).", r.Class, reports.Plural(r.Deals, "deal"))
	}
	w := r.Worth()
	verb, v, iv := "costs", w.Value, w.CI
	if v < 0 {
		verb, v, iv = "gains", -v, reports.Interval{Lo: -w.CI.Hi, Hi: -w.CI.Lo}
	}
	return fmt.Sprintf("Forbidding %s %s %s points of win share %s (%s; %s).",
		r.Class, verb, reports.Num(100*v, 1), reports.IvNum(reports.Interval{Lo: 100 * iv.Lo, Hi: 100 * iv.Hi}, 1),
		reports.Plural(r.Deals, "deal"), holmNote(r.PHolm))
}

// Sentences are one per class, most costly first.
func (t *AblationTable) Sentences() []string {
	var out []string
	for _, r := range t.Rows {
		out = append(out, t.Sentence(r))
	}
	return out
}

// Table is "what each action is worth", most valuable first.
func (t *AblationTable) Table() Table {
	tb := Table{Title: "What each action is worth (restricted play)",
		Header: []string{"forbidden class", "deals", "win share when forbidden", "fair share", "worth (points)", "95% interval", "Holm p", "interval"},
		Note:   AblationMethod}
	for _, r := range t.Rows {
		w := r.Worth()
		worth, iv, p := "–", "–", "–"
		if r.Tested {
			worth, iv, p = reports.Pts(w.Value), reports.IvPts(w.CI), reports.PCell(r.PHolm)
		}
		tb.Rows = append(tb.Rows, []string{r.Class, reports.Count(r.Deals), shareCell(r.Share), reports.Pct(t.Baseline), worth, iv, p, r.Method})
	}
	return tb
}

// AblationContent is the restricted-play part of "What decides games?".
func AblationContent(t *AblationTable, label, name string) (*Content, error) {
	c := &Content{Title: "What each action is worth", Sentences: t.Sentences(), Tables: []Table{t.Table()}, Notes: []string{AblationMethod}}
	if t.Base != "" && t.BaseCheck.N > 0 {
		c.Notes = append(c.Notes, fmt.Sprintf("Check: unrestricted, %s's agent 0 took %s %s of the win share in self-play (fair %s).",
			t.Base, reports.Pct(t.BaseCheck.Value), pctIv(t.BaseCheck), reports.Pct(t.Baseline)))
	}
	if err := c.addChart(AblationChart(t, label, name)); err != nil {
		return nil, err
	}
	return c, nil
}
