package tune

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"dragonlab/agents"

	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// What a candidate's games measure, deal by deal. Every run of a search round and of the
// certification keeps its per-unit outcomes (sim.Outcomes), so that two candidates played
// on the same seed are compared on the same deals: the paired difference of their means
// is the mean of their per-deal differences, and its variance is that of the differences.
//
// The components of the targets, per unit (a deal, played once in fixed seating or K
// times in replay seating):
//
//   - fair: seat s's advantage, its win share minus the mean share of the seats, averaged
//     over the unit's games (v_s − mean_t v_t: exact for shared wins and games nobody
//     wins, where the fair share is the mean);
//   - length: the decisions per game, averaged over the unit's games;
//   - luck: the luck share of the replays (the installed LuckShare, from the (S, Q) of each deal);
//   - skill: per ladder step, the upper level's mean win share over the rotations of a
//     duplicate deal, minus the fair share.

// Measure is one candidate's games in one run (one round of the search, or the
// certification).
type Measure struct {
	// Units are the deals in unit order: Units[u] is the unit's value of each per-unit
	// component (Components order: fair seats, then length).
	Units [][]float64
	// Index is the unit index of each row (the run's deal numbers; rows of two runs on one
	// seed with equal indices are the same deal).
	Index []int64
	// Replay is the luck share's counts (replay seating), nil otherwise.
	Replay *sim.ReplayAgg
	// Steps are, per ladder step, the upper level's share minus the fair share per deal.
	Steps [][]float64
}

// Component is one number a target is judged on.
type Component struct {
	Target int    `json:"target"` // index into the targets
	Kind   string `json:"kind"`
	Seat   int    `json:"seat,omitempty"` // fair
	Step   int    `json:"step,omitempty"` // skill: step i (level i vs level i−1), from 1
	Name   string `json:"name"`           // "seat 0", "length", "luck share", "greedy vs casual"
	// Level is the level of play of a fair target's seat that names its levels ("" for
	// the measuring level): "seat 0 at expert".
	Level string `json:"level,omitempty"`
	unit  int    // column in Measure.Units, −1 for luck and skill
	run   int    // 0: the candidate's self-play at the measuring level; k: its k-th extra level
}

// Components lists the numbers the targets are judged on, and how many of them are
// claims of the certificate (the family of the Bonferroni correction): in two-player
// games seat 1's advantage is minus seat 0's, one claim.
func Components(targets []Target, players int, ladder []string) (cs []Component, family int) {
	col := 0
	for ti, t := range targets {
		switch t.Kind {
		case Fair:
			for s := 0; s < players; s++ {
				cs = append(cs, Component{Target: ti, Kind: Fair, Seat: s, Name: fmt.Sprintf("seat %d", s), unit: col})
				col++
			}
			if players == 2 {
				family++
			} else {
				family += players
			}
		case Length:
			cs = append(cs, Component{Target: ti, Kind: Length, Name: "length", unit: col})
			col++
			family++
		case Luck:
			cs = append(cs, Component{Target: ti, Kind: Luck, Name: "luck share", unit: -1})
			family++
		case Skill:
			for i := 1; i < len(ladder); i++ {
				cs = append(cs, Component{Target: ti, Kind: Skill, Step: i, Name: LevelName(ladder[i]) + " vs " + LevelName(ladder[i-1]), unit: -1})
				family++
			}
		}
	}
	return cs, family
}

// CertComponents are the numbers the certification judges: Components, except that a
// fair target naming levels of play (fair=P@level,…) has every seat at each of its levels
// (and none at the measuring level unless it is named), each a claim of the family.
func CertComponents(s *Spec) (cs []Component, family int) {
	leveled := false
	for _, t := range s.Targets {
		leveled = leveled || (t.Kind == Fair && len(t.At) > 0)
	}
	if !leveled {
		return Components(s.Targets, s.Players, s.Ladder)
	}
	extra := s.ExtraLevels()
	runOf := func(name string) int {
		for k, l := range extra {
			if l.Name == name {
				return k + 1
			}
		}
		return 0
	}
	col := 0
	for ti, t := range s.Targets {
		if t.Kind != Fair || len(t.At) == 0 {
			one, f := Components([]Target{t}, s.Players, s.Ladder)
			for _, c := range one {
				c.Target = ti
				if c.unit >= 0 {
					c.unit = col
					col++
				}
				cs = append(cs, c)
			}
			family += f
			continue
		}
		for _, lv := range t.At {
			for seat := 0; seat < s.Players; seat++ {
				cs = append(cs, Component{Target: ti, Kind: Fair, Seat: seat, Level: lv, Name: fmt.Sprintf("seat %d at %s", seat, lv), unit: col, run: runOf(lv)})
				col++
			}
			if s.Players == 2 {
				family++
			} else {
				family += s.Players
			}
		}
	}
	return cs, family
}

// LevelName is a ladder level's short name: random, casual (greedy with random slips),
// greedy, or the agent's spec without its default options.
func LevelName(spec string) string {
	switch {
	case spec == "random":
		return "random"
	case strings.HasPrefix(spec, "noisy:base=(greedy"):
		return "casual"
	case spec == "greedy:samples=4":
		return "greedy"
	}
	return agents.Short(spec)
}

// unitColumns is the number of per-unit columns of the components.
func unitColumns(cs []Component) int {
	n := 0
	for _, c := range cs {
		if c.unit >= 0 {
			n = max(n, c.unit+1)
		}
	}
	return n
}

// MeasureOf reads a self-play run's per-unit outcomes into a Measure (replay seating: the
// luck counts too). ladder are the step runs (duplicate seating, the upper level in seat
// 0 of rotation 0), nil without a skill target.
//
// levels are the candidate's self-play runs at the certification's extra levels
// (Spec.ExtraLevels, on the same seed and deals), for CertComponents.
func MeasureOf(cs []Component, self *sim.Result, ladder []*sim.Result, levels ...*sim.Result) (*Measure, error) {
	m := &Measure{}
	if err := m.addUnits(cs, self, 0); err != nil {
		return nil, err
	}
	if self != nil {
		m.Replay = self.Aggregate.Replays
	}
	for k, r := range levels {
		if err := m.addUnits(cs, r, k+1); err != nil {
			return nil, err
		}
	}
	for _, r := range ladder {
		if r == nil || r.Aggregate.Outcomes == nil {
			return nil, fmt.Errorf("a ladder run without per-unit outcomes")
		}
		var step []float64
		fair := 1 / float64(r.Players)
		err := r.Aggregate.Outcomes.Each(r.Players, r.Players, func(_ int64, games []sim.GameOutcome) error {
			// Rotation k seats the upper level (agent 0) in seat k.
			v := 0.0
			for k, g := range games {
				v += float64(g.Share60[k]) / 60
			}
			step = append(step, v/float64(len(games))-fair)
			return nil
		})
		if err != nil {
			return nil, err
		}
		m.Steps = append(m.Steps, step)
	}
	return m, nil
}

// addUnits fills the per-unit columns of the components of run (0: the self-play, which
// adds the rows; k: an extra level, whose deals must be the same).
func (m *Measure) addUnits(cs []Component, self *sim.Result, run int) error {
	if self == nil || self.Aggregate.Outcomes == nil {
		return fmt.Errorf("a tune run without per-unit outcomes")
	}
	n := self.Players
	gpu := sim.GamesPerUnit(self.Seating, n, 0)
	if self.Aggregate.Replays != nil {
		gpu = self.Aggregate.Replays.K
	}
	cols := unitColumns(cs)
	luck := self.Aggregate.Outcomes.Luck
	i := 0
	return self.Aggregate.Outcomes.Each(n, gpu, func(unit int64, games []sim.GameOutcome) error {
		var row []float64
		if run == 0 {
			row = make([]float64, cols)
		} else {
			if i >= len(m.Units) || m.Index[i] != unit {
				return fmt.Errorf("a level's run does not play the self-play's deals")
			}
			row = m.Units[i]
		}
		i++
		for _, c := range cs {
			if c.run != run {
				continue
			}
			switch c.Kind {
			case Fair:
				// Each seat's win share, less its luck when the records hold it (a
				// control variate: the luck has mean zero), less the mean over the seats.
				var v float64
				for _, g := range games {
					y := func(t int) float64 {
						x := float64(g.Share60[t]) / 60
						if luck {
							x -= float64(g.Luck[t]) / sim.LuckScale
						}
						return x
					}
					mean := 0.0
					for t := 0; t < n; t++ {
						mean += y(t)
					}
					v += y(c.Seat) - mean/float64(n)
				}
				row[c.unit] = v / float64(len(games))
			case Length:
				var v float64
				for _, g := range games {
					v += float64(g.Decisions)
				}
				row[c.unit] = v / float64(len(games))
			}
		}
		if run == 0 {
			m.Units = append(m.Units, row)
			m.Index = append(m.Index, unit)
		}
		return nil
	})
}

// Estimates gives each component's estimate over the measures (rounds) of a candidate.
// Luck pools the replay counts of every measure.
func Estimates(cs []Component, ms []*Measure) ([]stats.Estimate, error) {
	out := make([]stats.Estimate, len(cs))
	for i, c := range cs {
		switch c.Kind {
		case Fair, Length:
			var xs []float64
			for _, m := range ms {
				for _, row := range m.Units {
					xs = append(xs, row[c.unit])
				}
			}
			out[i] = stats.MeanSE(xs)
		case Skill:
			var xs []float64
			for _, m := range ms {
				if c.Step-1 < len(m.Steps) {
					xs = append(xs, m.Steps[c.Step-1]...)
				}
			}
			out[i] = stats.MeanSE(xs)
		case Luck:
			rep := pooledReplays(ms)
			if rep == nil {
				return nil, fmt.Errorf("a luck target without replay counts")
			}
			sh, err := shareOfLuck(rep, stats.Level)
			if err != nil {
				return nil, err
			}
			e := sh
			if sh.HasInterval() {
				// The bootstrap interval as a standard error (the search only ranks with it).
				e.SE = (sh.Hi - sh.Lo) / (2 * stats.Z95)
				e.SD = e.SE * math.Sqrt(float64(e.N))
			}
			out[i] = e
		}
	}
	return out, nil
}

// pooledReplays adds the replay counts of the measures (the same K).
func pooledReplays(ms []*Measure) *sim.ReplayAgg {
	var out *sim.ReplayAgg
	bins := map[[3]int64]int64{} // seat, S, Q → deals
	for _, m := range ms {
		if m.Replay == nil {
			continue
		}
		if out == nil {
			out = &sim.ReplayAgg{K: m.Replay.K, Seats: make([][]sim.ReplayBin, len(m.Replay.Seats))}
		}
		for s, bs := range m.Replay.Seats {
			for _, b := range bs {
				bins[[3]int64{int64(s), b.S, b.Q}] += b.Deals
			}
		}
	}
	if out == nil {
		return nil
	}
	keys := make([][3]int64, 0, len(bins))
	for k := range bins {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		if a[1] != b[1] {
			return a[1] < b[1]
		}
		return a[2] < b[2]
	})
	for _, k := range keys {
		out.Seats[k[0]] = append(out.Seats[k[0]], sim.ReplayBin{S: k[1], Q: k[2], Deals: bins[k]})
	}
	return out
}

// Paired is the paired difference of component i between candidates a and b over the
// deals both played (the same round: the same seed and unit index): mean of a's value
// minus b's, its standard error, and the deals. ok is false when they share no deal or
// the component is not per deal (luck).
func Paired(c Component, a, b map[int]*Measure) (stats.Estimate, bool) {
	var xs []float64
	rounds := make([]int, 0, len(a))
	for r := range a {
		rounds = append(rounds, r)
	}
	sort.Ints(rounds)
	for _, r := range rounds {
		ma, mb := a[r], b[r]
		if mb == nil {
			continue
		}
		switch c.Kind {
		case Fair, Length:
			j := 0
			for i, u := range ma.Index {
				for j < len(mb.Index) && mb.Index[j] < u {
					j++
				}
				if j < len(mb.Index) && mb.Index[j] == u {
					xs = append(xs, ma.Units[i][c.unit]-mb.Units[j][c.unit])
				}
			}
		case Skill:
			sa, sb := ma.Steps[c.Step-1], mb.Steps[c.Step-1]
			for i := 0; i < min(len(sa), len(sb)); i++ {
				xs = append(xs, sa[i]-sb[i])
			}
		default:
			return stats.Estimate{}, false
		}
	}
	if len(xs) < 2 {
		return stats.Estimate{}, false
	}
	return stats.MeanSE(xs), true
}

// LuckAt is the luck share of the measures with its percentile-bootstrap interval at the
// given level (for the certificate's family-wise level).
func LuckAt(ms []*Measure, level float64) (stats.Estimate, error) {
	rep := pooledReplays(ms)
	if rep == nil {
		return stats.Estimate{}, fmt.Errorf("no replay counts")
	}
	return shareOfLuck(rep, level)
}

// LuckShare is the luck question's estimator the luck targets need: the share of the
// outcome's variance due to luck over the seats of pooled replay counts, with its
// bootstrap interval at level and the deals as N. The luck accounting is the luck
// question's (reports/luck); the search defines the function it needs and the composition
// that registers the experiment kinds' writers installs it (SetLuckShare), so sim never
// imports reports.
type LuckShare func(rep *sim.ReplayAgg, level float64) (stats.Estimate, error)

var luckShare LuckShare

// SetLuckShare installs the estimator behind the luck targets.
func SetLuckShare(f LuckShare) { luckShare = f }

func shareOfLuck(rep *sim.ReplayAgg, level float64) (stats.Estimate, error) {
	if luckShare == nil {
		return stats.Estimate{}, fmt.Errorf("a luck target needs the luck accounting, and none is installed")
	}
	return luckShare(rep, level)
}
