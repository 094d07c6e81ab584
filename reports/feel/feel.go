// Package feel answers "How does it feel?": the game-feel metrics of a run — Browne's
// criteria of game quality as the Ludii metrics define them (completion, drawishness,
// duration, decision moves, branching, lead changes, decisiveness, comebacks, final
// margin) — with their intervals, sentences, tables and charts.
package feel

import (
	"fmt"

	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// Analysis is the game-feel analysis of a run: Browne's criteria of game quality as Ludii
// measures them, from the integer aggregates. Counts: N of a share is its games (or
// decided games); N of a mean its games. Nothing is NaN: a mean of fewer than two values
// has no interval (Method "") and its bounds are its value; a mean of none is 0.
type Analysis struct {
	Players   int   `json:"players"`
	Games     int64 `json:"games"`
	Solitaire bool  `json:"solitaire"` // one player: the outcome metrics do not apply
	// Completion is the share of games that ended with a winner; Drawishness the share in
	// which every seat shares the win (Wilson intervals; N = games).
	Completion  stats.Estimate `json:"completion"`
	Drawishness stats.Estimate `json:"drawishness"`
	// Duration is the mean game length in decisions (t interval) and DurationQ its
	// quantiles.
	Duration  stats.Estimate  `json:"duration"`
	DurationQ stats.Quantiles `json:"durationQ"`
	// Span is the mean game length in the game's own unit, Unit ("turns", "plays",
	// "rounds", "combats": engine.Lengther), with its t interval; nil when the game does
	// not count its length or the results predate it.
	Span *stats.Estimate `json:"span,omitempty"`
	Unit string          `json:"spanUnit,omitempty"`
	// Decisions counts every decision; MultiChoice is the share of them with more than
	// one legal action (a population share: decisions of one game are not independent,
	// so no interval is claimed).
	Decisions   int64   `json:"decisions"`
	MultiChoice float64 `json:"multiChoice"`
	// Branching is the number of legal actions per decision: mean, standard deviation,
	// median and maximum; ByDecile its mean in each tenth of the game (DecileDecisions
	// decisions behind each; 0 where there were none).
	Branching       BranchingStats `json:"branching"`
	ByDecile        [10]float64    `json:"byDecile"`
	DecileDecisions [10]int64      `json:"decileDecisions"`
	// LeadChanges is the mean number of changes of the strict score leader per game (t
	// interval; N = games).
	LeadChanges stats.Estimate `json:"leadChanges"`
	// Decided counts the games with a single winner (and at least two seats).
	Decided int64 `json:"decided"`
	// Decisiveness is the mean share of a decided game played after its winner took the
	// lead for good (t interval; N = decided games).
	Decisiveness stats.Estimate `json:"decisiveness"`
	// Comebacks is the share of decided games whose winner was behind at mid-game
	// (Wilson; N = decided games).
	Comebacks stats.Estimate `json:"comebacks"`
	// Margin is the mean final score margin of the winner over the best other seat
	// (t interval; N = decided games), MarginQ its quantiles.
	Margin  stats.Estimate  `json:"margin"`
	MarginQ stats.Quantiles `json:"marginQ"`

	// The histograms behind the charts.
	lengthHist, leadHist, marginHist sim.Hist
}

// BranchingStats summarises the legal actions per decision.
type BranchingStats struct {
	Mean   float64 `json:"mean"`
	SD     float64 `json:"sd"`
	Median float64 `json:"median"`
	Max    int64   `json:"max"`
}

// Definition is one metric's definition and source, for the report.
type Definition struct {
	Name   string `json:"name"`
	Text   string `json:"text"`
	Source string `json:"source"`
}

const (
	srcBrowne = "Browne 2008 (Automatic Generation and Evaluation of Recombination Games, PhD thesis, QUT)"
	srcLudii  = "Ludii metrics (Ludeme/Ludii, Evaluation/src/metrics)"
)

// Definitions defines every game-feel metric, in the order of Analysis's fields.
var Definitions = []Definition{
	{"Completion", "Share of games that end with at least one winner (not won by nobody or stopped at the safety cap).", srcLudii + ", Completion; " + srcBrowne},
	{"Drawishness", "Share of games in which every seat shares the win.", srcLudii + ", Drawishness; " + srcBrowne},
	{"Duration", "Game length in decisions (moves chosen by the agents; chance is not counted): mean and quantiles; beside it, in the game's own unit where it counts one (turns, passes included; cards played; rounds; combats).", srcLudii + ", DurationMoves, DurationTurns; " + srcBrowne},
	{"Decision moves", "Share of decisions with more than one legal action (the others are forced).", srcLudii + ", DecisionMoves; " + srcBrowne},
	{"Branching factor", "Legal actions per decision: mean, median and maximum, and the mean in each tenth of the game.", srcLudii + ", BranchingFactor; " + srcBrowne},
	{"Lead changes", "Times per game that the strict score leader (one seat ahead of all others) becomes a different seat, checked after each decision.", srcLudii + ", LeadChange; " + srcBrowne},
	{"Decisiveness", "Share of a decided game (in decisions) played after the eventual winner became the strict leader for good; 0 if it never led before the end. High: games are decided early.", srcLudii + ", DecisivenessMoves; " + srcBrowne},
	{"Comebacks", "Share of decided games whose winner was behind (another seat strictly ahead) after the middle decision of the game.", srcBrowne + " (drama)"},
	{"Final margin", "Winner's final score minus the best other final score, over decided games.", srcBrowne + " (closeness)"},
}

// Analyze computes the game-feel metrics from a run's aggregate (for the games, draws,
// no-winner games and lengths) and its metrics. It fails if the two do not describe the
// same games.
func Analyze(agg *sim.Aggregate, m *sim.Metrics) (*Analysis, error) {
	if agg == nil || m == nil {
		return nil, fmt.Errorf("game-feel metrics: no metrics (run with --metrics)")
	}
	games := agg.Games
	switch {
	case games < 0 || agg.Draws < 0 || agg.NoWinner < 0 || agg.Draws+agg.NoWinner > games:
		return nil, fmt.Errorf("game-feel metrics: %d draws and %d games without a winner in %d games", agg.Draws, agg.NoWinner, games)
	case m.Decisions != agg.DecisionsSum:
		return nil, fmt.Errorf("game-feel metrics: %d decisions in the metrics but %d in the aggregate", m.Decisions, agg.DecisionsSum)
	case m.LegalHist.Total() != m.Decisions || m.MultiChoice < 0 || m.MultiChoice > m.Decisions:
		return nil, fmt.Errorf("game-feel metrics: %d decisions but %d counted in the branching histogram and %d with a choice", m.Decisions, m.LegalHist.Total(), m.MultiChoice)
	case m.LeadChanges.Total() != games:
		return nil, fmt.Errorf("game-feel metrics: lead changes counted in %d games of %d", m.LeadChanges.Total(), games)
	case m.Decided < 0 || m.Decided > games || m.Decisive.Total() != m.Decided || m.Margin.Total() != m.Decided || m.Comebacks < 0 || m.Comebacks > m.Decided:
		return nil, fmt.Errorf("game-feel metrics: %d decided games, %d in the decisiveness and %d in the margin histograms, %d comebacks", m.Decided, m.Decisive.Total(), m.Margin.Total(), m.Comebacks)
	}
	var byDecile int64
	for d := range m.DecisionsByDecile {
		byDecile += m.DecisionsByDecile[d]
	}
	if byDecile != m.Decisions {
		return nil, fmt.Errorf("game-feel metrics: %d decisions by decile of %d", byDecile, m.Decisions)
	}

	f := &Analysis{
		Players: len(agg.Seats), Games: games, Solitaire: len(agg.Seats) == 1,
		Completion:  stats.Share(float64(games-agg.NoWinner), games, 1),
		Drawishness: stats.Share(float64(agg.Draws), games, 1),
		Duration:    mean(games, agg.DecisionsSum, agg.DecisionsSumSq, 1),
		DurationQ:   stats.HistQuantiles(agg.DecisionsHist),
		Decisions:   m.Decisions,
		LeadChanges: histMean(m.LeadChanges, 1),
		Decided:     m.Decided,
		// Decisive is in whole percent.
		Decisiveness: histMean(m.Decisive, 0.01),
		Comebacks:    stats.Share(float64(m.Comebacks), m.Decided, 1),
		Margin:       histMean(m.Margin, 1),
		MarginQ:      stats.HistQuantiles(m.Margin),
		lengthHist:   agg.DecisionsHist, leadHist: m.LeadChanges, marginHist: m.Margin,
	}
	if f.Span = paceMean(m.Length, games); f.Span != nil {
		f.Unit = m.LengthUnit
	}
	if m.Decisions > 0 {
		f.MultiChoice = float64(m.MultiChoice) / float64(m.Decisions)
		mean, sd := stats.MeanStdDev(m.Decisions, m.LegalSum, m.LegalSumSq)
		f.Branching = BranchingStats{Mean: mean, Median: stats.HistQuantile(m.LegalHist, 0.5), Max: stats.HistMax(m.LegalHist)}
		if m.Decisions >= 2 {
			f.Branching.SD = sd
		}
	}
	f.DecileDecisions = m.DecisionsByDecile
	for d := range m.LegalByDecile {
		if n := m.DecisionsByDecile[d]; n > 0 {
			f.ByDecile[d] = float64(m.LegalByDecile[d]) / float64(n)
		}
	}
	return f, nil
}

// mean is the mean of n values with its t interval (stats.MeanT), scaled by scale; fewer
// than two values give no interval, with the value as its bounds, and none give 0.
func mean(n, sum, sumSq int64, scale float64) stats.Estimate {
	if n <= 0 {
		return stats.Estimate{}
	}
	e := stats.MeanT(n, sum, sumSq).Scale(scale)
	if !e.HasInterval() {
		e.Lo, e.Hi = e.Value, e.Value
	}
	return e
}

// paceMean is the mean of a length histogram (in the game's unit): nil when it does not
// count every game.
func paceMean(h sim.Hist, games int64) *stats.Estimate {
	n, _, _ := stats.HistSums(h)
	if n != games || n == 0 {
		return nil
	}
	e := histMean(h, 1)
	return &e
}

// histMean is mean of a histogram's values.
func histMean(h sim.Hist, scale float64) stats.Estimate {
	n, s, ss := stats.HistSums(h)
	return mean(n, s, ss, scale)
}
