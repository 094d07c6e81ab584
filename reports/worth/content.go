package worth

import (
	"fmt"
	"strconv"

	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/sim/stats"
)

// points formats a share difference in points with an interval: "+4.1 points [+2.0, +6.2]".
func points(d stats.Estimate) string { return format.Pts(d.Value) + " points " + format.IvPts(d) }

// holmNote formats a Holm-adjusted p-value for a sentence.
func holmNote(p float64) string { return "Holm " + format.PText(p) }

// shareCell formats a win share and its interval for a table: "54.1% [53.8, 54.4]".
func shareCell(e stats.Estimate) string {
	if e.N == 0 {
		return "–"
	}
	return format.PctIv(e)
}

// ---- components ----

// EventSentence says what one event of one component goes with, e.g. "Troll 3 in the
// opening hand: +4.1 points [+2.0, +6.2] of win share against not in it (n = 12,345 of
// 40,000 games; Holm p = 0.003)."
func (s *ComponentStats) EventSentence(c ComponentStat, event int) string {
	es := c.Events[event]
	with, without := eventPhrase(es.Event)
	if !es.Diff.HasInterval() {
		return fmt.Sprintf("%s %s: not measurable (%s of %s games)", format.Capitalize(c.Name), with, format.Count(es.With.N), format.Count(s.Share.N))
	}
	label := ""
	if es.Event == EventSeen {
		label = "IWD, "
	}
	return fmt.Sprintf("%s %s: %s of win share against %s (%sn = %s of %s games; %s).", format.Capitalize(c.Name), with, points(es.Diff), without,
		label, format.Count(es.With.N), format.Count(s.Share.N), holmNote(es.PHolm))
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
func (s *ComponentStats) RankedTable(top int) doc.TextTable {
	ev := s.KeyEvent()
	w, wo := eventShort(ev)
	t := doc.TextTable{
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
		if es.Diff.HasInterval() {
			d, iv, p = format.Pts(es.Diff.Value), format.IvPts(es.Diff), format.PCell(es.PHolm)
		}
		t.Rows = append(t.Rows, []string{strconv.Itoa(i + 1), c.Name, format.Count(es.With.N), shareCell(es.With),
			format.Count(es.Without.N), shareCell(es.Without), d, iv, p})
	}
	return t
}

// FullTable lists every component with the win share for each event (OH, GD, GIH, GNS,
// played …), the games behind it, and the mean decision of the first occurrence.
func (s *ComponentStats) FullTable() doc.TextTable {
	t := doc.TextTable{Title: "Win share by component and event, " + s.Agent, Header: []string{"component"}, Note: ConfoundingCaveat}
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
				if es.Diff.HasInterval() {
					d = points(es.Diff)
				}
				row = append(row, withGames(es.Without), d)
			}
			if es.Event != EventDealt && es.Event != EventSeen {
				turn := "–"
				if es.HasTurn {
					turn = format.Num(es.MeanTurn, 1)
				}
				row = append(row, turn)
			}
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

func withGames(e stats.Estimate) string {
	if e.N == 0 {
		return "– (0)"
	}
	return format.PctIv(e) + " (" + format.Count(e.N) + ")"
}

// ComponentContent is the "What decides games?" component part: sentences for the top
// components, the ranked and full tables, the forest plot, and the caveat. name is the
// chart's file stem.
func ComponentContent(s *ComponentStats, label, name string, top int) (*doc.Content, error) {
	c := &doc.Content{
		Title:     "Components that go with winning (" + s.Agent + ")",
		Sentences: s.Sentences(top),
		Tables:    []doc.TextTable{s.RankedTable(top), s.FullTable()},
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
	if err := c.AddChart(IWDChart(s, label, name, top)); err != nil {
		return nil, err
	}
	return c, nil
}

// ---- restricted play ----

// Sentence says what forbidding one class does: "Forbidding play-ship costs 12.3 points
// of win share [10.1, 14.5] (2,000 deals; Holm p < 0.001)." (or "gains", with the
// interval of the gain, when the restricted agent did better).
func (t *AblationTable) Sentence(r AblationRow) string {
	if !r.Tested {
		return fmt.Sprintf("Forbidding %s: not measurable (%s).", r.Class, format.Plural(r.Deals, "deal"))
	}
	w := r.Worth()
	verb := "costs"
	if w.Value < 0 {
		verb, w = "gains", w.Negate()
	}
	return fmt.Sprintf("Forbidding %s %s %s points of win share %s (%s; %s).",
		r.Class, verb, format.Num(100*w.Value, 1), format.IvNum(w.Scale(100), 1),
		format.Plural(r.Deals, "deal"), holmNote(r.PHolm))
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
func (t *AblationTable) Table() doc.TextTable {
	tb := doc.TextTable{Title: "What each action is worth (restricted play)",
		Header: []string{"forbidden class", "deals", "win share when forbidden", "fair share", "worth (points)", "95% interval", "Holm p"},
		Note:   AblationMethod}
	for _, r := range t.Rows {
		w := r.Worth()
		worth, iv, p := "–", "–", "–"
		if r.Tested {
			worth, iv, p = format.Pts(w.Value), format.IvPts(w), format.PCell(r.PHolm)
		}
		tb.Rows = append(tb.Rows, []string{r.Class, format.Count(r.Deals), shareCell(r.Share.Estimate), format.Pct(t.Baseline), worth, iv, p})
	}
	return tb
}

// AblationContent is the restricted-play part of "What decides games?".
func AblationContent(t *AblationTable, label, name string) (*doc.Content, error) {
	c := &doc.Content{Title: "What each action is worth", Sentences: t.Sentences(), Tables: []doc.TextTable{t.Table()}, Notes: []string{AblationMethod}}
	if t.Base != "" && t.BaseCheck.N > 0 {
		iv := ""
		if t.BaseCheck.HasInterval() {
			iv = format.IvPct(t.BaseCheck.Estimate)
		}
		c.Notes = append(c.Notes, fmt.Sprintf("Check: unrestricted, %s's agent 0 took %s %s of the win share in self-play (fair %s).",
			t.Base, format.Pct(t.BaseCheck.Value), iv, format.Pct(t.Baseline)))
	}
	if err := c.AddChart(AblationChart(t, label, name)); err != nil {
		return nil, err
	}
	return c, nil
}
