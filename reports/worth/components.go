// Package worth answers "What decides games?": what a component is worth by substitution
// (one more of it on the same deals), which components go with winning (17lands' and
// HSReplay's win rates and IWD, with Newcombe intervals and Holm's adjustment) and what
// each kind of action is worth by restricted play (Jaffe et al. 2012), with the
// restricted-play experiment. (The luck model's value function is engine/value.)
package worth

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// Event names with a meaning of their own (engine.Tracker's conventions; "seen" is
// derived by the runner: dealt or drawn).
const (
	EventDealt = "dealt"
	EventDrawn = "drawn"
	EventSeen  = "seen"
)

// Pooled, as ComponentOptions.Agent, sums the counts of every agent: the view of
// self-play, where the agents are copies of one. The seats of one game are then
// dependent (in a two-player game one seat's win is the other's loss, and a one-copy
// card seen by one seat is never seen by the other), so the intervals and tests count
// n/A effective games for A agents pooled: the largest possible design effect (Kish 1965;
// by Cauchy–Schwarz a game's A terms have at most A times the variance of independent
// ones). It is conservative in general and about exact for a two-player game and a
// one-copy card. The point estimates use every game.
const Pooled = -1

// ConfoundingCaveat is the warning that goes with every component table.
const ConfoundingCaveat = "These win rates are associations, not effects. The win rate when a card is played or an " +
	"action used is confounded by the position: a comeback card is played when losing and looks weak, a " +
	"finisher is played when already winning and looks strong. IWD (seen against never seen) is less exposed, " +
	"because what a player is dealt or draws does not depend on how well they play, but longer games see more " +
	"cards. Restricted play (the same agent forbidden an action, against the same opponents on the same deals) " +
	"is the causal measure of what an action is worth."

// ComponentOptions chooses the view of a component analysis.
type ComponentOptions struct {
	// Agent is the agent index (as in sim.Aggregate.Agents), or Pooled.
	Agent int
	// Key is the event whose with-minus-without difference ranks the components: "" picks
	// "seen" (the difference is then IWD, GIH − GNS) when the game has it, else the first
	// event.
	Key string
	// Replays, when above 1, says that the games come in groups of that many plays of one
	// deal (replay seating): the intervals and tests then count 1/Replays of the games
	// too, the worst case of plays that always agree (Kish 1965), as for pooled agents.
	Replays int
}

// EventStat is the win share of one agent (or the pooled agents) in the games in which an
// event happened to a component, and in the other games. For "dealt" these are 17lands'
// OH WR and its complement, for "drawn" GD WR, for "seen" GIH WR and GNS WR (never seen),
// and Diff is then IWD.
type EventStat struct {
	Event   string         `json:"event"`
	With    stats.Estimate `json:"with"`    // win share in games where the event happened; N = those games (Wilson)
	Without stats.Estimate `json:"without"` // win share in the other games (Wilson)
	// Diff is With − Without with Newcombe's interval (Method "" when untested: a side
	// had no games; the value is then 0 in [−1, 1]) and P the pooled score test's p-value
	// (1 if untested).
	Diff stats.Estimate `json:"diff"`
	P    float64        `json:"p"`
	// PHolm is P adjusted with Holm's method over the components of the analysis (one
	// family per event; 1 if untested).
	PHolm float64 `json:"pHolm"`
	// MeanTurn is the mean decision number of the game (1-based) at the event's first
	// occurrence, over the games in which it happened; HasTurn is false for the events
	// that happen before play ("dealt", "seen") or never happened.
	MeanTurn float64 `json:"meanTurn"`
	HasTurn  bool    `json:"hasTurn"`
}

// ComponentStat is one component's events, in ComponentStats.Events order.
type ComponentStat struct {
	Name   string      `json:"name"`
	Events []EventStat `json:"events"`
}

// ComponentStats is the component analysis of one agent, or of all agents pooled.
type ComponentStats struct {
	Agent string `json:"agent"` // the agent's spec, or "all agents (pooled)"
	// Games the agent played and its overall win share (Wilson).
	Share stats.Estimate `json:"share"`
	// DesignEffect is 1 for one agent and the number of agents pooled otherwise (see
	// Pooled), times the replays of a deal (ComponentOptions.Replays): every interval and
	// test counts N/DesignEffect effective games.
	DesignEffect float64 `json:"designEffect"`
	// Replays is ComponentOptions.Replays (0 or 1: independent games).
	Replays int      `json:"replays,omitempty"`
	Events  []string `json:"events"`
	// Key is the index in Events of the event that ranks the components.
	Key        int             `json:"key"`
	Components []ComponentStat `json:"components"` // in the game's order
	// Family is the number of components whose key difference was tested (Holm's family).
	Family int `json:"family"`
}

// Components computes the statistics of every component of a component aggregate for one
// agent (names gives the agent specs, as sim.Result.Agents) or for all agents pooled. It
// fails if the aggregate is malformed (shapes that do not match, counts beyond the games,
// shares beyond the counts) or an option names an unknown agent or event.
func Components(agg *sim.ComponentAgg, names []string, opt ComponentOptions) (*ComponentStats, error) {
	if agg == nil {
		return nil, fmt.Errorf("component statistics: no component counts (run with --components)")
	}
	if len(agg.Events) == 0 || len(agg.Names) == 0 {
		return nil, fmt.Errorf("component statistics: the game tracks no components")
	}
	var tallies []sim.ComponentTally
	label := "all agents (pooled)"
	switch {
	case opt.Agent == Pooled:
		tallies = agg.Agents
	case opt.Agent >= 0 && opt.Agent < len(agg.Agents):
		tallies = agg.Agents[opt.Agent : opt.Agent+1]
		label = fmt.Sprintf("agent %d", opt.Agent)
		if opt.Agent < len(names) {
			label = names[opt.Agent]
		}
	default:
		return nil, fmt.Errorf("component statistics: agent %d out of range (%d agents)", opt.Agent, len(agg.Agents))
	}
	if len(tallies) == 0 {
		return nil, fmt.Errorf("component statistics: no agents")
	}
	key := -1
	if opt.Key == "" {
		key = 0
		for i, e := range agg.Events {
			if e == EventSeen {
				key = i
			}
		}
	} else {
		for i, e := range agg.Events {
			if e == opt.Key {
				key = i
			}
		}
		if key < 0 {
			return nil, fmt.Errorf("component statistics: unknown event %q (the game has %s)", opt.Key, strings.Join(agg.Events, ", "))
		}
	}

	ne, nc := len(agg.Events), len(agg.Names)
	var games, share60 int64
	count := matrix(ne, nc)
	win60 := matrix(ne, nc)
	turns := matrix(ne, nc)
	for a, t := range tallies {
		if err := checkTally(t, ne, nc); err != nil {
			return nil, fmt.Errorf("component statistics: agent %d: %w", a, err)
		}
		games += t.Games
		share60 += t.Share60
		for e := 0; e < ne; e++ {
			for c := 0; c < nc; c++ {
				count[e][c] += t.Count[e][c]
				win60[e][c] += t.Win60[e][c]
				if len(t.TurnSum) > 0 {
					turns[e][c] += t.TurnSum[e][c]
				}
			}
		}
	}

	deff := float64(len(tallies))
	if opt.Replays > 1 {
		deff *= float64(opt.Replays)
	}
	st := &ComponentStats{
		Agent: label, Share: stats.Share(float64(share60)/60, games, deff), DesignEffect: deff, Replays: opt.Replays,
		Events: append([]string(nil), agg.Events...), Key: key, Components: make([]ComponentStat, nc),
	}
	for c, name := range agg.Names {
		cs := ComponentStat{Name: name, Events: make([]EventStat, ne)}
		for e, ev := range agg.Events {
			n, w := count[e][c], float64(win60[e][c])/60
			es := EventStat{Event: ev, With: stats.Share(w, n, deff), Without: stats.Share(float64(share60)/60-w, games-n, deff), PHolm: 1}
			es.Diff, es.P = stats.NewcombeDiff(w, n, float64(share60)/60-w, games-n, deff)
			if n > 0 && ev != EventDealt && ev != EventSeen {
				es.MeanTurn, es.HasTurn = float64(turns[e][c])/float64(n), true
			}
			cs.Events[e] = es
		}
		st.Components[c] = cs
	}
	// Holm over the components, one family per event.
	ps := make([]float64, nc)
	tested := make([]bool, nc)
	adj := make([]float64, nc)
	for e := 0; e < ne; e++ {
		for c := range st.Components {
			ps[c], tested[c] = st.Components[c].Events[e].P, st.Components[c].Events[e].Diff.HasInterval()
		}
		fam := stats.HolmSubset(ps, tested, adj)
		for c := range st.Components {
			st.Components[c].Events[e].PHolm = adj[c]
		}
		if e == key {
			st.Family = fam
		}
	}
	return st, nil
}

func matrix(rows, cols int) [][]int64 {
	m := make([][]int64, rows)
	for i := range m {
		m[i] = make([]int64, cols)
	}
	return m
}

// checkTally verifies a tally's shape and that its counts are possible.
func checkTally(t sim.ComponentTally, ne, nc int) error {
	if t.Games < 0 || t.Share60 < 0 || t.Share60 > 60*t.Games {
		return fmt.Errorf("share %d/60 over %d games is impossible", t.Share60, t.Games)
	}
	for _, m := range []struct {
		name     string
		v        [][]int64
		optional bool
	}{{"count", t.Count, false}, {"win60", t.Win60, false}, {"turnSum", t.TurnSum, true}} {
		if m.optional && len(m.v) == 0 {
			continue
		}
		if len(m.v) != ne {
			return fmt.Errorf("%s has %d events, want %d", m.name, len(m.v), ne)
		}
		for e := range m.v {
			if len(m.v[e]) != nc {
				return fmt.Errorf("%s[%d] has %d components, want %d", m.name, e, len(m.v[e]), nc)
			}
		}
	}
	for e := 0; e < ne; e++ {
		for c := 0; c < nc; c++ {
			n, w := t.Count[e][c], t.Win60[e][c]
			if n < 0 || n > t.Games || w < 0 || w > 60*n || w > t.Share60 || t.Share60-w > 60*(t.Games-n) {
				return fmt.Errorf("event %d, component %d: %d games and %d/60 wins are impossible with %d games and %d/60 wins in all", e, c, n, w, t.Games, t.Share60)
			}
			if len(t.TurnSum) > 0 && t.TurnSum[e][c] < 0 {
				return fmt.Errorf("event %d, component %d: negative turn sum", e, c)
			}
		}
	}
	return nil
}

// KeyEvent is the name of the ranking event.
func (s *ComponentStats) KeyEvent() string { return s.Events[s.Key] }

// Event is the index of an event, or −1.
func (s *ComponentStats) Event(name string) int {
	for i, e := range s.Events {
		if e == name {
			return i
		}
	}
	return -1
}

// KeyStat is the component's ranking event.
func (s *ComponentStats) KeyStat(c ComponentStat) EventStat { return c.Events[s.Key] }

// Ranked is the components ordered by how clearly their key difference (IWD) differs from
// zero — the distance of its 95% interval from zero, i.e. the smallest effect the data
// allow — then by its size |IWD|; untested components come last; ties by name. Ranking by
// |IWD| alone would put first the components almost never missing (a card seen in all but
// 19 of 200,000 games), whose never-seen win share rests on a handful of games.
func (s *ComponentStats) Ranked() []ComponentStat {
	out := append([]ComponentStat(nil), s.Components...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Events[s.Key].Diff, out[j].Events[s.Key].Diff
		if a.HasInterval() != b.HasInterval() {
			return a.HasInterval()
		}
		if ea, eb := evidence(a), evidence(b); ea != eb {
			return ea > eb
		}
		if da, db := math.Abs(a.Value), math.Abs(b.Value); da != db {
			return da > db
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// evidence is the distance of a difference's 95% interval from zero (0 when it contains
// zero).
func evidence(d stats.Estimate) float64 { return math.Max(0, math.Max(d.Lo, -d.Hi)) }

// eventPhrase words an event and its complement for a sentence.
func eventPhrase(ev string) (with, without string) {
	switch ev {
	case EventDealt:
		return "in the opening hand", "not in it"
	case EventDrawn:
		return "drawn", "not drawn"
	case EventSeen:
		return "seen (dealt or drawn)", "never seen"
	}
	return ev, "not " + ev
}

// eventShort is an event's column name: 17lands' abbreviations where they exist.
func eventShort(ev string) (with, without string) {
	switch ev {
	case EventDealt:
		return "OH", "not OH"
	case EventDrawn:
		return "GD", "not GD"
	case EventSeen:
		return "GIH", "GNS"
	}
	return ev, "not " + ev
}

// diffName names the key difference: "IWD" for seen, else "<event> − not".
func diffName(ev string) string {
	if ev == EventSeen {
		return "IWD"
	}
	w, wo := eventShort(ev)
	return w + " − " + wo
}
