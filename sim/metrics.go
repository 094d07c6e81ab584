package sim

import (
	"math/bits"

	"dragonlab/engine"
)

// Game-feel metrics (Config.Metrics; definitions and sources in the README section "Game-
// feel metrics and component statistics"). Per decision the runner counts the legal
// actions and finds the seats at the top score; per game it keeps a trace of both in
// fixed per-worker buffers, read at the end once the length and the winner are known.

// MetricsTraceCap is the longest game (in decisions) whose per-decision trace is kept:
// 65,536 decisions, 3 bytes each per worker. Every game of the four games with their
// default rules is far shorter (Dragon Scales' safety cap stops a 3-player game after
// 4,000 throws); a longer game still counts exactly in every metric except the by-decile
// branching and the comebacks (Metrics.Long).
const MetricsTraceCap = 1 << 16

func (o *observer) startMetrics(s engine.State) {
	o.leader, o.changes, o.run, o.runStart = -1, 0, -1, 0
	o.position(s, 0)
}

// position notes the seats at the top score at position p (0: the deal; d: after
// decision d): lead changes and the current run of one strict leader.
func (o *observer) position(s engine.State, p int64) {
	n := o.players
	best, mask := s.Score(0), uint8(1)
	for seat := 1; seat < n; seat++ {
		switch v := s.Score(seat); {
		case v > best:
			best, mask = v, 1<<seat
		case v == best:
			mask |= 1 << seat
		}
	}
	if p <= MetricsTraceCap {
		o.top[p] = mask
	}
	strict := -1
	if mask&(mask-1) == 0 {
		strict = bits.TrailingZeros8(mask)
		if o.leader >= 0 && strict != o.leader {
			o.changes++
		}
		o.leader = strict
	}
	if strict != o.run {
		o.run, o.runStart = strict, p
	}
}

// stepMetrics counts decision d, which had nLegal legal actions, and the position after it.
func (o *observer) stepMetrics(agg *Aggregate, s engine.State, d int64, nLegal int) {
	m := agg.Metrics
	l := int64(nLegal)
	m.Decisions++
	if l > 1 {
		m.MultiChoice++
	}
	m.LegalSum += l
	m.LegalSumSq += l * l
	m.LegalHist.Add(l)
	if d <= MetricsTraceCap {
		o.legal[d-1] = uint16(min(l, 1<<16-1))
	}
	o.position(s, d)
}

// endMetrics adds the finished game (decisions long, outcome out with winners seats
// sharing the win) to m.
func (o *observer) endMetrics(m *Metrics, s engine.State, out []float64, decisions int64, winners int) {
	m.LeadChanges.Add(o.changes)
	if l, ok := s.(engine.Lengther); ok && m.LengthUnit != "" {
		m.Length.Add(int64(l.Length()))
	}
	if decisions <= MetricsTraceCap {
		for d := int64(1); d <= decisions; d++ {
			dec := (d - 1) * 10 / decisions
			m.LegalByDecile[dec] += int64(o.legal[d-1])
			m.DecisionsByDecile[dec]++
		}
	}
	if winners != 1 || len(out) < 2 {
		return
	}
	w := 0
	for seat, v := range out {
		if v > 0 {
			w = seat
		}
	}
	m.Decided++
	// Decisiveness: the winner leads alone from position runStart to the end.
	pct := int64(0)
	if o.run == w {
		if decisions == 0 {
			pct = 100
		} else {
			pct = 100 * (decisions - o.runStart) / decisions
		}
	}
	m.Decisive.Add(pct)
	if decisions <= MetricsTraceCap {
		if o.top[decisions/2]&(1<<w) == 0 {
			m.Comebacks++
		}
	} else {
		m.Long++
	}
	var other int64
	first := true
	for seat := range out {
		if seat != w {
			if v := int64(s.Score(seat)); first || v > other {
				other, first = v, false
			}
		}
	}
	m.Margin.Add(int64(s.Score(w)) - other)
}

// merge adds o into m.
func (m *Metrics) merge(o *Metrics) {
	m.Decisions += o.Decisions
	m.MultiChoice += o.MultiChoice
	m.LegalSum += o.LegalSum
	m.LegalSumSq += o.LegalSumSq
	m.LegalHist.Merge(o.LegalHist)
	for i := range m.LegalByDecile {
		m.LegalByDecile[i] += o.LegalByDecile[i]
		m.DecisionsByDecile[i] += o.DecisionsByDecile[i]
	}
	m.LeadChanges.Merge(o.LeadChanges)
	m.Decided += o.Decided
	m.Decisive.Merge(o.Decisive)
	m.Comebacks += o.Comebacks
	m.Margin.Merge(o.Margin)
	m.Long += o.Long
	m.Length.Merge(o.Length)
}

func (m *Metrics) clone() *Metrics {
	c := &Metrics{LengthUnit: m.LengthUnit}
	c.merge(m)
	return c
}
