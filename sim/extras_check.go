package sim

import (
	"fmt"
	"math"
	"slices"

	"dragonlab/engine"
)

// Validators of the optional aggregates of extras.go: every count non-negative and bounded
// by the games it describes, every matrix shaped by its names, and the totals that the
// main aggregate also knows equal to it.

// satAdd adds non-negative counts, saturating at MaxInt64 (a total that large is refused
// by the equality it is compared with).
func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// satMul multiplies non-negative counts, saturating at MaxInt64.
func satMul(a, b int64) int64 {
	if a != 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}

// tallyShare60 is a tally's win share in sixtieths (a k-way shared win is 60/k).
func tallyShare60(t *Tally) int64 {
	s := satMul(60, t.Wins)
	for k := 2; k < MaxShare; k++ {
		s = satAdd(s, satMul(int64(60/k), t.SharedWins[k]))
	}
	return s
}

// maxValue is the largest value a histogram counts (0 if empty).
func (h *Hist) maxValue() int64 {
	for i := len(h.Counts) - 1; i >= 0; i-- {
		if h.Counts[i] != 0 {
			return h.Lo + int64(i)
		}
	}
	return 0
}

func checkNames(what string, names []string, limit int) error {
	if len(names) == 0 || len(names) > limit {
		return fmt.Errorf("%d %s (want 1 to %d)", len(names), what, limit)
	}
	for i, n := range names {
		if n == "" || slices.Contains(names[:i], n) {
			return fmt.Errorf("%s: empty or repeated name %q", what, n)
		}
	}
	return nil
}

// check validates component counts against the aggregate a of players seats.
func (c *ComponentAgg) check(a *Aggregate, players int) error {
	if err := checkNames("components", c.Names, engine.MaxComponents); err != nil {
		return err
	}
	if err := checkNames("events", c.Events, 64); err != nil {
		return err
	}
	if len(c.Agents) != players {
		return fmt.Errorf("%d agents for %d players", len(c.Agents), players)
	}
	maxDecisions := a.DecisionsHist.maxValue()
	stratified := -1
	if c.Stratified != "" {
		stratified = stratifiedEvent(c.Events)
		if c.Events[stratified] != c.Stratified || c.LengthUnit == "" {
			return fmt.Errorf("the tallies split by length are of %q (unit %q), not of %q", c.Stratified, c.LengthUnit, c.Events[stratified])
		}
	} else if c.LengthUnit != "" {
		return fmt.Errorf("a length unit without tallies split by length")
	}
	for j := range c.Agents {
		ct := &c.Agents[j]
		if ct.Games != a.Agents[j].Games {
			return fmt.Errorf("agent %d: %d games, the aggregate says %d", j, ct.Games, a.Agents[j].Games)
		}
		if ct.Share60 != tallyShare60(&a.Agents[j]) {
			return fmt.Errorf("agent %d: win share %d/60, the aggregate says %d/60", j, ct.Share60, tallyShare60(&a.Agents[j]))
		}
		for _, m := range []struct {
			name string
			m    [][]int64
		}{{"count", ct.Count}, {"win60", ct.Win60}, {"turnSum", ct.TurnSum}} {
			if len(m.m) != len(c.Events) {
				return fmt.Errorf("agent %d: %s has %d rows for %d events", j, m.name, len(m.m), len(c.Events))
			}
			for e, row := range m.m {
				if len(row) != len(c.Names) {
					return fmt.Errorf("agent %d: %s[%d] has %d entries for %d components", j, m.name, e, len(row), len(c.Names))
				}
			}
		}
		for e := range c.Events {
			for k := range c.Names {
				n, w, turns := ct.Count[e][k], ct.Win60[e][k], ct.TurnSum[e][k]
				if n < 0 || n > ct.Games || w < 0 || w > ct.Share60 || w > satMul(60, n) ||
					turns < 0 || turns > satMul(n, maxDecisions) {
					return fmt.Errorf("agent %d, %s of %s: %d games, %d/60 wins, turn sum %d (of %d games, %d/60 wins)",
						j, c.Events[e], c.Names[k], n, w, turns, ct.Games, ct.Share60)
				}
			}
		}
		switch {
		case stratified >= 0:
			if err := c.checkStrata(j, ct, stratified); err != nil {
				return err
			}
		case len(ct.Strata) > 0:
			return fmt.Errorf("agent %d: tallies split by length without a stratified event", j)
		}
	}
	return nil
}

// checkTrackerNames checks that the component and event names are the game's, and the
// unit of the metrics' length.
func (r *Result) checkTrackerNames(g engine.Game, p engine.Params) error {
	if m := r.Aggregate.Metrics; m != nil && m.LengthUnit != "" {
		s, err := g.New(p, r.Players)
		if err != nil {
			return fmt.Errorf("%s rules: %v", g.Name, err)
		}
		if l, ok := s.(engine.Lengther); !ok || l.LengthUnit() != m.LengthUnit {
			return fmt.Errorf("metrics: %s does not count its length in %q", g.Name, m.LengthUnit)
		}
	}
	c := r.Aggregate.Components
	if c == nil {
		return nil
	}
	s, err := g.New(p, r.Players)
	if err != nil {
		return fmt.Errorf("%s rules: %v", g.Name, err)
	}
	tr, ok := s.(engine.Tracker)
	if !ok {
		return fmt.Errorf("components: %s has no trackable components", g.Name)
	}
	events, _, _ := componentEvents(tr.TrackEvents())
	if !slices.Equal(c.Names, tr.Components()) || !slices.Equal(c.Events, events) {
		return fmt.Errorf("components: the names are not those of %s with these rules", g.Name)
	}
	// Files of versions before the length strata have none; a game that counts its length
	// may split them, by its own unit, and one that does not may not.
	if l, ok := s.(engine.Lengther); c.Stratified != "" && (!ok || c.LengthUnit != l.LengthUnit()) {
		return fmt.Errorf("components: split by a length %s does not count in %q", g.Name, c.LengthUnit)
	}
	return nil
}

// check validates the game-feel metrics against the aggregate a of players seats.
func (m *Metrics) check(a *Aggregate, players int) error {
	if m.Decisions != a.DecisionsSum {
		return fmt.Errorf("%d decisions, the aggregate says %d", m.Decisions, a.DecisionsSum)
	}
	legal, err := m.LegalHist.check("legalHist")
	if err != nil {
		return err
	}
	if legal != m.Decisions {
		return fmt.Errorf("legal actions counted at %d decisions of %d", legal, m.Decisions)
	}
	if err := m.LegalHist.within("legalHist", 1, HistLimit); err != nil {
		return err
	}
	if s, sq := m.LegalHist.sums(); s != m.LegalSum || s < m.Decisions || sq != m.LegalSumSq {
		return fmt.Errorf("legal-action sums disagree with their histogram")
	}
	multi := m.Decisions
	if i := 1 - m.LegalHist.Lo; i >= 0 && i < int64(len(m.LegalHist.Counts)) {
		multi -= m.LegalHist.Counts[i]
	}
	if m.MultiChoice != multi {
		return fmt.Errorf("%d decisions with a choice, the histogram says %d", m.MultiChoice, multi)
	}
	var decisions, legalSum int64
	for i := range m.DecisionsByDecile {
		d, l := m.DecisionsByDecile[i], m.LegalByDecile[i]
		if d < 0 || l < d {
			return fmt.Errorf("decile %d: %d decisions with %d legal actions", i, d, l)
		}
		decisions, legalSum = satAdd(decisions, d), satAdd(legalSum, l)
	}
	if decisions != m.Decisions || legalSum != m.LegalSum {
		return fmt.Errorf("the deciles count %d decisions and %d legal actions, not %d and %d", decisions, legalSum, m.Decisions, m.LegalSum)
	}
	if n, err := m.LeadChanges.check("leadChanges"); err != nil || n != a.Games {
		return fmt.Errorf("leadChanges counts %d games of %d (%v)", n, a.Games, err)
	}
	if err := m.LeadChanges.within("leadChanges", 0, HistLimit); err != nil {
		return err
	}
	decided := int64(0) // games with a single winner and at least two seats
	if players >= 2 {
		for i := range a.Seats {
			decided = satAdd(decided, a.Seats[i].Wins)
		}
	}
	if m.Decided != decided {
		return fmt.Errorf("%d decided games, the aggregate says %d", m.Decided, decided)
	}
	if n, err := m.Decisive.check("decisive"); err != nil || n != m.Decided {
		return fmt.Errorf("decisive counts %d games of %d decided (%v)", n, m.Decided, err)
	}
	if err := m.Decisive.within("decisive", 0, 100); err != nil {
		return err
	}
	if m.Comebacks < 0 || m.Comebacks > m.Decided {
		return fmt.Errorf("%d comebacks in %d decided games", m.Comebacks, m.Decided)
	}
	if n, err := m.Margin.check("margin"); err != nil || n != m.Decided {
		return fmt.Errorf("margin counts %d games of %d decided (%v)", n, m.Decided, err)
	}
	// The length in the game's unit: none (a game that does not count it, or older
	// results), or one count per game, with its unit (checked against the game in
	// checkTrackerNames).
	n, err := m.Length.check("length")
	if err != nil {
		return err
	}
	switch {
	case n != 0 && n != a.Games:
		return fmt.Errorf("length counts %d games of %d", n, a.Games)
	case n != 0 && m.LengthUnit == "":
		return fmt.Errorf("length counted in no unit")
	case n == 0 && m.LengthUnit != "" && a.Games > 0:
		return fmt.Errorf("length in %s counted in no game", m.LengthUnit)
	}
	return m.Length.within("length", 0, HistLimit)
}

// check validates the replay counts against the aggregate a of players seats (K is
// checked with the seating).
func (r *ReplayAgg) check(a *Aggregate, players int) error {
	if len(r.Seats) != players {
		return fmt.Errorf("%d seats for %d players", len(r.Seats), players)
	}
	k := int64(r.K)
	deals := a.Games / k
	for i, bins := range r.Seats {
		var n, share int64
		for b, bin := range bins {
			// S sums K shares x in [0, 60], Q their squares: Q ≤ 60·S, and K·Q ≥ S²
			// (Cauchy–Schwarz).
			if bin.Deals < 1 || bin.S < 0 || bin.S > 60*k || bin.Q < 0 || bin.Q > 60*bin.S || k*bin.Q < bin.S*bin.S {
				return fmt.Errorf("seat %d: impossible bin (S %d, Q %d, %d deals) for %d replays", i, bin.S, bin.Q, bin.Deals, k)
			}
			if b > 0 && (bins[b-1].S > bin.S || (bins[b-1].S == bin.S && bins[b-1].Q >= bin.Q)) {
				return fmt.Errorf("seat %d: bins not sorted by (S, Q)", i)
			}
			n = satAdd(n, bin.Deals)
			share = satAdd(share, satMul(bin.S, bin.Deals))
		}
		if n != deals {
			return fmt.Errorf("seat %d: %d deals of %d", i, n, deals)
		}
		if share != tallyShare60(&a.Seats[i]) {
			return fmt.Errorf("seat %d: win share %d/60, the aggregate says %d/60", i, share, tallyShare60(&a.Seats[i]))
		}
	}
	return nil
}

// checkCosts validates the per-agent costs of a run.
func checkCosts(costs []Cost, agents []string) error {
	if len(costs) > len(agents) {
		return fmt.Errorf("%d costs for %d agents", len(costs), len(agents))
	}
	for i, c := range costs {
		if !slices.Contains(agents, c.Agent) {
			return fmt.Errorf("cost of agent %q, which is not in the run", c.Agent)
		}
		if c.Decisions < 0 || c.Nanos < 0 || c.Iterations < 0 || c.MsPerDecision < 0 || c.ItersPerDecision < 0 || c.Bound < 0 || c.Unkept < 0 {
			return fmt.Errorf("cost %d: a negative number", i)
		}
	}
	return nil
}
