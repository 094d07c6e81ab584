package feel

import (
	"fmt"
	"strconv"

	"dragonlab/reports/doc"
	"dragonlab/reports/format"
	"dragonlab/sim/stats"
)

// ivNum and ivPct format the interval of an estimate, "" when it has none (a mean of
// fewer than two values).
func ivNum(e stats.Estimate, dec int) string {
	if !e.HasInterval() {
		return ""
	}
	return format.IvNum(e, dec)
}

func ivPct(e stats.Estimate) string {
	if !e.HasInterval() {
		return ""
	}
	return format.IvPct(e)
}

// Sentences say how the game feels, in plain words with intervals.
func (f *Analysis) Sentences() []string {
	var out []string
	if f.Games == 0 {
		return []string{"No games were played."}
	}
	out = append(out, fmt.Sprintf("Games last %s decisions on average %s (median %s; 80%% of games between %s and %s)%s.",
		format.Num(f.Duration.Value, 1), ivNum(f.Duration, 1), format.Compact(f.DurationQ.Median), format.Compact(f.DurationQ.P10), format.Compact(f.DurationQ.P90), f.paceText()))
	if f.Decisions > 0 {
		out = append(out, fmt.Sprintf("%s of decisions offer a real choice; a decision has %s legal actions on average (median %s, at most %d).",
			format.Pct(f.MultiChoice), format.Num(f.Branching.Mean, 1), format.Compact(f.Branching.Median), f.Branching.Max))
	}
	if f.Solitaire {
		return out
	}
	out = append(out, fmt.Sprintf("The lead changes %s times per game %s.", format.Num(f.LeadChanges.Value, 2), ivNum(f.LeadChanges, 2)))
	if f.Decided > 0 {
		out = append(out, fmt.Sprintf("The eventual winner leads for good over the last %s of a game %s; %s of decided games are comebacks %s (the winner was behind at mid-game).",
			format.Pct(f.Decisiveness.Value), ivPct(f.Decisiveness), format.Pct(f.Comebacks.Value), format.IvPct(f.Comebacks)))
		out = append(out, fmt.Sprintf("Winners finish %s points ahead on average %s (median %s).",
			format.Num(f.Margin.Value, 1), ivNum(f.Margin, 1), format.Compact(f.MarginQ.Median)))
	}
	if f.Drawishness.Value > 0 || f.Completion.Value < 1 {
		out = append(out, fmt.Sprintf("%s of games end in a draw %s and %s end with a winner %s.",
			format.Pct(f.Drawishness.Value), format.IvPct(f.Drawishness), format.Pct(f.Completion.Value), format.IvPct(f.Completion)))
	}
	return out
}

// paceText is the length in the game's unit, for the sentence on decisions: ", that is
// 31.2 turns [30.9, 31.5]" ("" when the game does not count it).
func (f *Analysis) paceText() string {
	if f.Span == nil {
		return ""
	}
	return ", that is " + format.Num(f.Span.Value, 1) + " " + f.Unit + " " + ivNum(*f.Span, 1)
}

// Table lists every game-feel metric with its interval and the count behind it.
func (f *Analysis) Table() doc.TextTable {
	t := doc.TextTable{Title: "How the game feels", Header: []string{"metric", "value", "95% interval", "over"}}
	add := func(name, v, iv string, n int64, unit string) {
		t.Rows = append(t.Rows, []string{name, v, iv, format.Plural(n, unit)})
	}
	q := format.Compact
	if !f.Solitaire {
		add("completion", format.Pct(f.Completion.Value), format.IvPct(f.Completion), f.Games, "game")
		add("drawishness", format.Pct(f.Drawishness.Value), format.IvPct(f.Drawishness), f.Games, "game")
	}
	add("duration (decisions), mean", format.Num(f.Duration.Value, 1), ivNum(f.Duration, 1), f.Games, "game")
	if f.Span != nil {
		add("duration ("+f.Unit+"), mean", format.Num(f.Span.Value, 1), ivNum(*f.Span, 1), f.Games, "game")
	}
	add("duration, quantiles 10/25/50/75/90%", fmt.Sprintf("%s / %s / %s / %s / %s", q(f.DurationQ.P10), q(f.DurationQ.P25),
		q(f.DurationQ.Median), q(f.DurationQ.P75), q(f.DurationQ.P90)), "", f.Games, "game")
	add("decisions with a choice", format.Pct(f.MultiChoice), "", f.Decisions, "decision")
	add("branching factor, mean (sd)", format.Num(f.Branching.Mean, 2)+" ("+format.Num(f.Branching.SD, 2)+")", "", f.Decisions, "decision")
	add("branching factor, median / max", q(f.Branching.Median)+" / "+strconv.FormatInt(f.Branching.Max, 10), "", f.Decisions, "decision")
	if !f.Solitaire {
		add("lead changes per game", format.Num(f.LeadChanges.Value, 2), ivNum(f.LeadChanges, 2), f.Games, "game")
		add("decisiveness (share of game after the winner leads for good)", format.Pct(f.Decisiveness.Value), ivPct(f.Decisiveness), f.Decided, "decided game")
		add("comebacks (winner behind at mid-game)", format.Pct(f.Comebacks.Value), format.IvPct(f.Comebacks), f.Decided, "decided game")
		add("final margin (points), mean", format.Num(f.Margin.Value, 1), ivNum(f.Margin, 1), f.Decided, "decided game")
		add("final margin, quantiles 10/50/90%", fmt.Sprintf("%s / %s / %s", q(f.MarginQ.P10), q(f.MarginQ.Median), q(f.MarginQ.P90)), "", f.Decided, "decided game")
	}
	return t
}

// DefinitionsTable defines the game-feel metrics with their sources.
func DefinitionsTable() doc.TextTable {
	t := doc.TextTable{Title: "Game-feel metrics: definitions", Header: []string{"metric", "definition", "source"}}
	for _, d := range Definitions {
		t.Rows = append(t.Rows, []string{d.Name, d.Text, d.Source})
	}
	return t
}

// Content is the "How does it feel?" part: sentences, the metrics and definitions
// tables, and the length, lead-change, margin and branching charts (chart names are
// prefix-length, prefix-leads, prefix-margin, prefix-branching).
func Content(f *Analysis, label, prefix string) (*doc.Content, error) {
	c := &doc.Content{Title: "How the game feels", Sentences: f.Sentences(), Tables: []doc.TextTable{f.Table(), DefinitionsTable()},
		Notes: []string{"Means have Student's t intervals over games; shares Wilson intervals. Decisions of one game are not independent, so shares of decisions carry no interval."}}
	if err := c.AddChart(DurationChart(f, label, prefix+"-length")); err != nil {
		return nil, err
	}
	if !f.Solitaire {
		if err := c.AddChart(LeadChangeChart(f, label, prefix+"-leads")); err != nil {
			return nil, err
		}
		if err := c.AddChart(MarginChart(f, label, prefix+"-margin")); err != nil {
			return nil, err
		}
	}
	if err := c.AddChart(BranchingChart(f, label, prefix+"-branching")); err != nil {
		return nil, err
	}
	return c, nil
}
