// Package sim plays many games between agents on all cores. Game i is seeded by
// engine.DeriveSeed(run seed, i), workers keep private integer aggregates and merge them at
// the end, so results are exact and identical for any number of workers or shards.
package sim

// Hist is an integer histogram: Counts[i] counts the value Lo+i. It grows as needed
// (rarely: its range is the range of the values, not the number of games).
type Hist struct {
	Lo     int64   `json:"lo"`
	Counts []int64 `json:"counts"`
}

// Add counts one value.
func (h *Hist) Add(v int64) { h.AddN(v, 1) }

// AddN counts n occurrences of v.
func (h *Hist) AddN(v, n int64) {
	if len(h.Counts) == 0 {
		h.Lo = v
		h.Counts = make([]int64, 1, 16)
	}
	if v < h.Lo {
		grown := make([]int64, int(h.Lo-v)+len(h.Counts))
		copy(grown[h.Lo-v:], h.Counts)
		h.Counts, h.Lo = grown, v
	}
	for int(v-h.Lo) >= len(h.Counts) {
		h.Counts = append(h.Counts, 0)
	}
	h.Counts[v-h.Lo] += n
}

// Merge adds o into h.
func (h *Hist) Merge(o Hist) {
	for i, c := range o.Counts {
		if c != 0 {
			h.AddN(o.Lo+int64(i), c)
		}
	}
}

// Total is the number of values counted.
func (h Hist) Total() int64 {
	var n int64
	for _, c := range h.Counts {
		n += c
	}
	return n
}

// MaxShare is the largest k of a k-way shared win (the games have at most 5 seats).
const MaxShare = 6

// Tally is the sufficient statistics of one seat (or one agent) over many games. Every
// field is an integer, so merging is exact and order-independent.
type Tally struct {
	Games      int64           `json:"games"`
	Wins       int64           `json:"wins"`       // won alone
	SharedWins [MaxShare]int64 `json:"sharedWins"` // [k] = wins shared k ways (k ≥ 2)
	ScoreSum   int64           `json:"scoreSum"`
	ScoreSumSq int64           `json:"scoreSumSq"`
	ScoreHist  Hist            `json:"scoreHist"`
}

// add records one game's outcome for this seat: share is 1, 1/k or 0 (k the number of
// winners) and score the seat's integral score.
func (t *Tally) add(share float64, winners int, score int64) {
	t.Games++
	if share > 0 {
		if winners == 1 {
			t.Wins++
		} else {
			t.SharedWins[winners]++
		}
	}
	t.ScoreSum += score
	t.ScoreSumSq += score * score
	t.ScoreHist.Add(score)
}

func (t *Tally) merge(o Tally) {
	t.Games += o.Games
	t.Wins += o.Wins
	for k := range t.SharedWins {
		t.SharedWins[k] += o.SharedWins[k]
	}
	t.ScoreSum += o.ScoreSum
	t.ScoreSumSq += o.ScoreSumSq
	t.ScoreHist.Merge(o.ScoreHist)
}

// WinShare is the sum of 1 per win alone and 1/k per k-way shared win.
func (t Tally) WinShare() float64 {
	s := float64(t.Wins)
	for k := 2; k < MaxShare; k++ {
		s += float64(t.SharedWins[k]) / float64(k)
	}
	return s
}

// Aggregate is everything a run measures, as mergeable integers.
type Aggregate struct {
	Games          int64   `json:"games"`
	Draws          int64   `json:"draws"`    // every seat shares the win
	NoWinner       int64   `json:"noWinner"` // nobody wins (solitaire loss, safety cap)
	DecisionsSum   int64   `json:"decisionsSum"`
	DecisionsSumSq int64   `json:"decisionsSumSq"`
	DecisionsHist  Hist    `json:"decisionsHist"`
	Seats          []Tally `json:"seats"`  // by seat
	Agents         []Tally `json:"agents"` // by agent (differs from seats when seating rotates)
	// Paired is, for duplicate seating, the histogram of agent 0's summed win share over
	// the rotations of one deal, in sixtieths (so 1/2, 1/3, 1/4, 1/5 stay integers).
	Paired Hist `json:"paired"`
	// The optional aggregates (extras.go), present when the run asked for them.
	Components *ComponentAgg `json:"components,omitempty"`
	Metrics    *Metrics      `json:"metrics,omitempty"`
	Replays    *ReplayAgg    `json:"replays,omitempty"`
	// The value aggregates (value.go): component values by substitution (the run's games
	// are the deals as dealt; the changed deals are counted here) and decision values.
	Substitutions *SubstitutionAgg `json:"substitutions,omitempty"`
	Decisions     *DecisionAgg     `json:"decisions,omitempty"`
	// Restrict counts, by agent, the restricted agents' decisions (Restriction); present
	// when some agent is restricted (restrict:…), zero for the others.
	Restrict []Restriction `json:"restrict,omitempty"`
	Luck     *LuckAgg      `json:"luck,omitempty"`
	// Outcomes is every unit's game outcomes in unit order (outcomes.go), present when the
	// run asked for them (Config.Outcomes).
	Outcomes *Outcomes `json:"outcomes,omitempty"`
}

func newAggregate(players int) Aggregate {
	return Aggregate{Seats: make([]Tally, players), Agents: make([]Tally, players)}
}

// Merge adds o into a.
func (a *Aggregate) Merge(o Aggregate) {
	a.Games += o.Games
	a.Draws += o.Draws
	a.NoWinner += o.NoWinner
	a.DecisionsSum += o.DecisionsSum
	a.DecisionsSumSq += o.DecisionsSumSq
	a.DecisionsHist.Merge(o.DecisionsHist)
	for i := range a.Seats {
		a.Seats[i].merge(o.Seats[i])
		a.Agents[i].merge(o.Agents[i])
	}
	a.Paired.Merge(o.Paired)
	a.mergeWhy(o)
}
