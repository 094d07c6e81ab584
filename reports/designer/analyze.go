package designer

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"

	"dragonlab/engine"
	"dragonlab/reports/change"
	"dragonlab/reports/doc"
	"dragonlab/reports/fairness"
	"dragonlab/reports/luck"
	"dragonlab/reports/skill"
	"dragonlab/reports/worth"
	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// Est is a number with its 95% interval, as summary.json writes it: value, lo, hi (null
// when unknown).
type Est = doc.Estimate

// est is v with the interval of ci.
func est(v float64, ci stats.Estimate) Est {
	ci.Value = v
	return Est{Estimate: ci}
}

// point is v with the normal 95% interval v ± z·se, z = stats.Z95Literal as the designer's
// report has always used.
func point(v, se float64) Est { return Est{Estimate: stats.Normal(v, se, stats.Z95Literal)} }

// Report is the analysis of a study: the answers per game, and summary.json.
type Report struct {
	Title    string   `json:"title"`
	Budget   string   `json:"budget"`
	Seed     uint64   `json:"seed"`
	Replays  int      `json:"replays"`
	Complete bool     `json:"complete"`
	Games    []*Game  `json:"games"`
	Notes    []string `json:"notes,omitempty"`
	// Settle lists the stages whose question is not settled and about how many more
	// games (or deals) would settle each: what `study --settle` plays.
	Settle []Settle `json:"settle,omitempty"`

	in *Input
}

// Game is one game (rules variant): its answer and its player counts.
type Game struct {
	Game    string    `json:"game"`
	Title   string    `json:"title"`
	Variant string    `json:"variant,omitempty"`
	Answer  string    `json:"answer"`
	Configs []*Answer `json:"configs"`
}

// Answer is the analysis of one game at one player count: the five questions.
type Answer struct {
	Players int           `json:"players"`
	Levels  []LevelAnswer `json:"levels"`
	// Top is the index of the most skilled level that was played.
	Top int `json:"top"`
	// Measure is the index of the measuring level: where page 1 and the answers measure
	// the seats, the luck and the feel (Top).
	Measure int `json:"measure"`
	// FairAt is the index of the level whose seats answer Fair? (fairLevel: the measuring
	// level, or the level below where that does not settle it and the two agree), FairGap
	// the paired gap between them it was chosen on.
	FairAt  int      `json:"fairAt"`
	FairGap *FairGap `json:"fairGap,omitempty"`
	// Glance is the answers of page 1.
	Glance GlanceRow     `json:"glance"`
	Ladder *LadderAnswer `json:"ladder,omitempty"`
	// FairnessBySkill is whether the seat advantage changes along the levels (fairskill.go);
	// nil for a solitaire or fewer than two levels played.
	FairnessBySkill *skill.FairnessTrend `json:"fairnessBySkill,omitempty"`
	// Value is what components and decisions are worth (the value stage): the answer to
	// "What matters?".
	Value []ValueAnswer `json:"value,omitempty"`
	// Components are component win rates (IWD): associations, in the appendix.
	Components   []ComponentAnswer `json:"components,omitempty"`
	Ablation     []AblationAnswer  `json:"ablation,omitempty"`
	Compensation []SweepAnswer     `json:"compensation,omitempty"`
	// Finding is the lever value that changes a page-1 answer the most (finding.go).
	Finding *Finding `json:"finding,omitempty"`
	Notes   []string `json:"notes,omitempty"`
	// Luck along the game (luck.go): each level's luck accounting, and luck against skill
	// on each ladder step.
	LuckAccounting []LuckAccount `json:"luckAccounting,omitempty"`
	LuckSteps      []LuckStep    `json:"luckAgainstSkill,omitempty"`
	// Tune is dragonlab tune's answer, where the study ran it (Config.Tune).
	Tune *TuneInput `json:"tune,omitempty"`

	cfg   *Config
	seats []*fairness.SelfPlay
	luck  []*luck.Stats
	comps []*worth.ComponentStats
	abl   []*worth.AblationTable
	vals  []*worth.Report
	tourn *skill.Tournament
	words words
}

// LevelAnswer is what the self-play of one level says.
type LevelAnswer struct {
	Level    string `json:"level"`
	Agent    string `json:"agent"`
	Games    int64  `json:"games"`
	Deals    int64  `json:"deals"`
	Complete bool   `json:"complete"`
	// Success is a solitaire's success rate.
	Success *Est `json:"success,omitempty"`
	// Seats are each seat's win share and advantage over the fair share (games with
	// two or more players); PHolm is Holm-adjusted over every seat test of the game at
	// this player count (all levels).
	Fair  float64   `json:"fairShare,omitempty"`
	Seats []SeatRow `json:"seats,omitempty"`
	// Favoured: some seat's advantage differs significantly from 0 (Holm p < 0.05).
	Favoured bool `json:"favoured"`
	// Wide: nothing is significant, but some seat's Holm interval reaches beyond the
	// target (Target.Seat: ±2 points at two players, ±3 at more): not settled.
	Wide bool `json:"wide"`
	// Luck is the outcome variance fixed by the deal when the same bots replay it (the
	// replays' older "luck share", pooled over the seats: not the luck of the game, see
	// luck.ReplayCaveat; the luck along the game is Answer.LuckAccounting); nil when it
	// cannot be estimated.
	Luck *Est     `json:"dealFixed,omitempty"`
	Feel *FeelRow `json:"feel,omitempty"`
	// Shared is the share of games won by several seats together (every seat: a draw),
	// NoWinner the share won by nobody (Wilson intervals at the effective number of
	// games); nil for a solitaire.
	Shared   *Est `json:"sharedWins,omitempty"`
	NoWinner *Est `json:"noWinner,omitempty"`
}

// SeatRow is one seat at one level.
type SeatRow struct {
	Seat      int     `json:"seat"`
	Share     float64 `json:"share"`
	Advantage Est     `json:"advantage"`
	P         float64 `json:"p"`
	PHolm     float64 `json:"pHolm"`
	// Holm is the advantage with the interval Holm's verdict is read from (holmIv): page
	// 1 prints it.
	Holm Est `json:"holm"`
}

// FeelRow is the game feel of one level (reports/feel.Analysis in brief), read by the
// feel question (reports/feel.Question).
type FeelRow struct {
	Length Est `json:"length"`
	// Span is the length in the game's own unit, Unit ("turns", "plays", "rounds",
	// "combats"), where the game counts it.
	Span         *Est    `json:"span,omitempty"`
	Unit         string  `json:"spanUnit,omitempty"`
	LeadChanges  *Est    `json:"leadChanges,omitempty"`
	Comebacks    *Est    `json:"comebacks,omitempty"`
	Decisiveness *Est    `json:"decisiveness,omitempty"`
	Margin       *Est    `json:"margin,omitempty"`
	Choice       float64 `json:"choice"`    // share of decisions with more than one legal action
	Branching    float64 `json:"branching"` // mean legal actions per decision
	// LeadsPerPlayer is the lead changes per game divided by the player count, and
	// ComebackRatio the comeback share over (n−1)/n, the share a mid-game position that
	// says nothing about the winner would give: both comparable across player counts.
	LeadsPerPlayer *float64 `json:"leadChangesPerPlayer,omitempty"`
	ComebackRatio  *Est     `json:"comebackRatio,omitempty"`
}

// LadderAnswer is the ladder of levels on one Elo scale.
type LadderAnswer struct {
	// Elo is each level's rating relative to the weakest level (0), with its interval.
	Elo   []*Est       `json:"elo"`
	Steps []StepAnswer `json:"steps"`
	// Distinguishable counts the levels told apart: 1 + the steps in which the level is
	// significantly stronger than the one below (Holm p < 0.05 over the steps).
	Distinguishable int      `json:"distinguishable"`
	Notes           []string `json:"notes,omitempty"`
}

// StepAnswer is one step: level Upper alone against copies of level Lower.
type StepAnswer struct {
	Upper int `json:"upper"`
	Lower int `json:"lower"`
	// Share is Upper's win share per game (fair: 1/players) on duplicate deals.
	Share Est     `json:"share"`
	Fair  float64 `json:"fair"`
	Deals int64   `json:"deals"`
	PHolm float64 `json:"pHolm"`
	// Verdict is "stronger", "weaker" or "not significantly stronger".
	Verdict string `json:"verdict"`
	// SameDeal is the share of deals on which Upper did better than Lower.
	SameDeal *Est `json:"sameDeal,omitempty"`
}

// ComponentAnswer is the top components by IWD at one level: associations, not effects.
// Adjusted are the top components within games of the same length (Unit), when the game
// counts its length.
type ComponentAnswer struct {
	Level    string         `json:"level"`
	Event    string         `json:"event"` // the ranking event ("seen": IWD)
	Top      []ComponentRow `json:"top"`
	Unit     string         `json:"lengthUnit,omitempty"`
	Adjusted []ComponentRow `json:"lengthAdjusted,omitempty"`

	lengths *worth.LengthStats
}

// diffLabel names the difference of the ranking event: IWD for "seen" (17lands), else
// "win share when <event> minus when not".
func (ca ComponentAnswer) diffLabel() string {
	if ca.Event == worth.EventSeen {
		return "IWD"
	}
	return fmt.Sprintf("%s − not %s", ca.Event, ca.Event)
}

// diffMeaning says what the difference is, for captions.
func (ca ComponentAnswer) diffMeaning() string {
	if ca.Event == worth.EventSeen {
		return "win share when seen (dealt or drawn) minus never seen"
	}
	return fmt.Sprintf("win share when %s minus when not", ca.Event)
}

// ComponentRow is one component.
type ComponentRow struct {
	Name  string  `json:"name"`
	Diff  Est     `json:"diff"` // IWD (or the key event's difference), points of win share
	PHolm float64 `json:"pHolm"`
	Games int64   `json:"games"` // games in which it was seen
}

// AblationAnswer is what each action class is worth at one level.
type AblationAnswer struct {
	Level string        `json:"level"`
	Rows  []AblationRow `json:"rows"` // most valuable first
	// Elo is the level's rating on this study's ladder (above the weakest level), and
	// Measuring why the study's measuring rule chose it (when it did).
	Elo       *Est   `json:"elo,omitempty"`
	Measuring string `json:"measuring,omitempty"`
}

// AblationRow is one class: the win share lost when the class is forbidden. Choice says
// that forbidding it leaves what the player holds as it is; otherwise the restriction
// also keeps what the class would spend, and measures holding it forever (Holding, the
// report's flag). Unkept is the share of the restricted decisions in which every legal
// move was forbidden.
type AblationRow struct {
	Class   string   `json:"class"`
	Worth   Est      `json:"worth"`
	PHolm   float64  `json:"pHolm"`
	Tested  bool     `json:"tested"`
	Choice  bool     `json:"choice"`
	Holding string   `json:"holding,omitempty"`
	Unkept  *float64 `json:"unkept,omitempty"`
	// Idle: the restriction never ruled out a legal action beside others, so the row
	// measures nothing (page 1 never quotes it).
	Idle bool `json:"idle,omitempty"`
}

// SweepAnswer is the sweep of a lever at one level.
type SweepAnswer struct {
	Level string `json:"level"`
	// Elo and Measuring: as for AblationAnswer.
	Elo       *Est   `json:"elo,omitempty"`
	Measuring string `json:"measuring,omitempty"`
	// Lever is the lever swept (its Caveat is said with the result); summary.json writes
	// its path as "key", whether it is the seat family as "seat", its why and caveat
	// (MarshalJSON).
	Lever engine.LeverValues `json:"-"`
	sweepResults
}

// sweepResults are a SweepAnswer's results.
type sweepResults struct {
	// Points are the values played (the level's self-play at Base included), in order.
	Points []PointAnswer `json:"points"`
	// Needed: a seat is significantly favoured at this level (the compensation is asked for).
	Needed bool `json:"needed"`
	// Compensation is the fair value of the seat family (seat levers, two values or more).
	Compensation *Compensation `json:"compensation,omitempty"`
	// Offset is the lever value that offsets the measuring level's seat-0 advantage at
	// this lever's slope (topOffset), where the lever's level is another.
	Offset *Est   `json:"offset,omitempty"`
	Text   string `json:"text"`
}

// Compensation is where seat 0's advantage crosses zero along a seat lever
// (reports/change.Compensate), in summary.json's terms.
type Compensation struct {
	// Moves: the lever measurably moves the advantage; Found: a fair value lies within
	// the values played.
	Moves  bool   `json:"moves"`
	Found  bool   `json:"found"`
	Method string `json:"method,omitempty"` // "line" or "interpolation"
	// Value is the fair value with its 95% interval.
	Value Est `json:"value"`
	// Slope is the change of seat 0's advantage per unit of the lever (points of win
	// share), with its interval.
	Slope Est `json:"slope"`
	// Closest is the value played nearest to fair, and seat 0's advantage there.
	Closest     *float64 `json:"closest,omitempty"`
	ClosestEdge *Est     `json:"closestEdge,omitempty"`
	Text        string   `json:"text"`
}

func compensationOf(c change.Compensation) *Compensation {
	out := &Compensation{Moves: c.Moves, Found: c.Found, Method: c.Method, Value: est(c.Value, c.CI),
		Slope: point(c.Slope, c.SlopeSE), Text: c.Text}
	if c.Closest != nil && c.ClosestCI != nil {
		x := *c.Closest
		e := est(c.ClosestAdv, *c.ClosestCI)
		out.Closest, out.ClosestEdge = &x, &e
	}
	return out
}

// MarshalJSON writes the answer with the lever's path, family, why and caveat after the
// level, as summary.json has always read.
func (a SweepAnswer) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Level     string `json:"level"`
		Elo       *Est   `json:"elo,omitempty"`
		Measuring string `json:"measuring,omitempty"`
		Key       string `json:"key"`
		Seat      bool   `json:"seat"`
		Why       string `json:"why,omitempty"`
		Caveat    string `json:"caveat,omitempty"`
		sweepResults
	}{a.Level, a.Elo, a.Measuring, a.Lever.Path, a.Lever.Family(), a.Lever.Why, a.Lever.Caveat, a.sweepResults})
}

// PointAnswer is the lever at one value.
type PointAnswer struct {
	X       float64 `json:"x"`
	Rules   bool    `json:"rules"` // the rules' own value
	Games   int64   `json:"games"`
	Edge    *Est    `json:"edge,omitempty"`      // seat 0's advantage
	Success *Est    `json:"success,omitempty"`   // solitaire
	Luck    *Est    `json:"dealFixed,omitempty"` // fixed by the deal (replays)
	// Along is the luck share along the game (luck accounting), the report's one luck
	// number; nil where the point was played without it.
	Along *Est `json:"luck,omitempty"`
	// Guess is the guessing of the rounds of secret simultaneous choices beside it (luck
	// accounting of a game with such rounds).
	Guess *Est `json:"guessing,omitempty"`
	// RawEdge is seat 0's raw advantage where Edge is luck-adjusted (luck accounting).
	RawEdge *Est     `json:"rawEdge,omitempty"`
	Length  *Est     `json:"length,omitempty"`
	Choice  *float64 `json:"choice,omitempty"`
}

// Analyze computes the answers of a study.
func Analyze(in *Input) (*Report, error) {
	rp := &Report{Title: in.Title, Budget: in.Budget, Seed: in.Seed, Replays: in.Replays, Complete: in.Complete,
		Notes: in.Notes, in: in}
	var cur *Game
	for i := range in.Configs {
		c := &in.Configs[i]
		if cur == nil || cur.Game != c.Game || cur.Variant != c.Variant {
			cur = &Game{Game: c.Game, Title: c.Title, Variant: c.Variant}
			rp.Games = append(rp.Games, cur)
		}
		a, err := analyzeConfig(c, in.Replays)
		if err != nil {
			return nil, fmt.Errorf("%s, %d players: %w", c.Game, c.Players, err)
		}
		cur.Configs = append(cur.Configs, a)
	}
	for _, g := range rp.Games {
		g.Answer = g.answer()
		for _, a := range g.Configs {
			rp.Settle = append(rp.Settle, a.settle(g)...)
		}
	}
	return rp, nil
}

func analyzeConfig(c *Config, replays int) (*Answer, error) {
	n := c.Players
	a := &Answer{Players: n, cfg: c, Top: -1, Measure: -1, FairAt: -1, words: wordsOf(c), Tune: c.Tune}
	k := len(c.Levels)
	a.seats = make([]*fairness.SelfPlay, k)
	a.luck = make([]*luck.Stats, k)
	a.comps = make([]*worth.ComponentStats, k)
	// Seats, luck, what the registered questions read (the feel) and components of each
	// level's self-play.
	for i, lv := range c.Levels {
		la := LevelAnswer{Level: lv.Name, Agent: lv.Agent}
		r := lv.Result
		if r != nil && r.Games > 0 {
			la.Games, la.Complete = r.Games, r.Complete
			s := fairness.SelfPlayOf(r)
			if s == nil {
				return nil, fmt.Errorf("level %s: the self-play result does not fit %d players", lv.Name, n)
			}
			if err := a.adjustForLuck(i, r, s); err != nil {
				return nil, fmt.Errorf("level %s: %w", lv.Name, err)
			}
			a.seats[i] = s
			la.Deals = s.Deals
			a.Top = i
			if n == 1 {
				la.Success = &Est{Estimate: s.Success}
			} else {
				la.Fair = s.Fair()
				for seat := range s.Advantage {
					la.Seats = append(la.Seats, SeatRow{Seat: seat, Share: s.Share[seat], Advantage: Est{Estimate: s.Advantage[seat]}, P: s.P[seat], PHolm: 1})
				}
			}
			if rep := r.Aggregate.Replays; rep != nil {
				ls, err := luck.Analyze(rep)
				if err != nil {
					return nil, fmt.Errorf("level %s: %w", lv.Name, err)
				}
				a.luck[i] = ls
				if ls.Pooled.Defined {
					la.Luck = &Est{Estimate: ls.Pooled.Share.Estimate}
					if acc := a.accountAt(i); acc != nil && luck.Comparable(acc.Share.Estimate, ls.Pooled.Share.Estimate) {
						ag := luck.Compare(acc.Share.Estimate, ls.Pooled.Share.Estimate)
						acc.Agreement = &ag
					}
				}
			}
			if err := readLevel(&la, r); err != nil {
				return nil, fmt.Errorf("level %s: %w", lv.Name, err)
			}
			if n > 1 {
				la.Shared, la.NoWinner = outcomes(r, s.Deff)
			}
			if ca := r.Aggregate.Components; ca != nil {
				cs, err := worth.Components(ca, r.Agents, worth.ComponentOptions{Agent: worth.Pooled, Replays: s.Replays})
				if err != nil {
					return nil, fmt.Errorf("level %s: %w", lv.Name, err)
				}
				a.comps[i] = cs
				ans := componentAnswer(lv.Name, cs)
				ls, err := worth.LengthAdjusted(ca, s.Replays)
				if err != nil {
					return nil, fmt.Errorf("level %s: %w", lv.Name, err)
				}
				if ls != nil {
					ans.Unit, ans.lengths = ls.Unit, ls
					for _, r := range ls.Rows {
						if r.Adjusted.HasInterval() && len(ans.Adjusted) < topComponents {
							ans.Adjusted = append(ans.Adjusted, ComponentRow{Name: r.Name, Diff: Est{Estimate: r.Adjusted}, PHolm: r.PHolm, Games: r.Adjusted.N})
						}
					}
				}
				a.Components = append(a.Components, ans)
			}
		}
		a.Levels = append(a.Levels, la)
	}
	// Holm over every seat test of this game and player count.
	ps := make([][]float64, len(a.Levels))
	for i, la := range a.Levels {
		for _, s := range la.Seats {
			ps[i] = append(ps[i], s.P)
		}
	}
	holm, _ := stats.HolmSeats(ps)
	for i := range a.Levels {
		looks := 1.0
		if i < len(c.Levels) && c.Levels[i].Looks > 1 {
			looks = float64(c.Levels[i].Looks)
		}
		for s, p := range holm[i] {
			a.Levels[i].Seats[s].PHolm = math.Min(1, p*looks)
			a.Levels[i].Seats[s].Holm = holmIv(a.Levels[i].Seats[s])
		}
	}
	for i := range a.Levels {
		la := &a.Levels[i]
		for _, s := range la.Seats {
			if s.PHolm < stats.Alpha {
				la.Favoured = true
			}
		}
		if len(la.Seats) > 0 && judgeFair(la.Seats, la.Games, c.target().Seat).Verdict == fairness.NotSettled {
			la.Wide = true
		}
	}
	a.luckVerdicts()
	a.fairnessBySkill()
	a.Measure = a.Top
	a.FairAt, a.FairGap = a.fairLevel()
	if err := a.ladder(); err != nil {
		return nil, err
	}
	if err := a.luckLadder(); err != nil {
		return nil, err
	}
	if err := a.ablation(); err != nil {
		return nil, err
	}
	if err := a.valueStage(); err != nil {
		return nil, err
	}
	a.levers()
	for i := range a.Compensation {
		if x, ok := a.topOffset(&a.Compensation[i]); ok {
			a.Compensation[i].Offset = &x
		}
	}
	a.Finding = a.finding()
	a.Glance = a.glance()
	return a, nil
}

// outcomes are the shares of games with a shared win and with no winner, Wilson at the
// effective number of games (games / deff).
func outcomes(r *sim.Result, deff float64) (shared, none *Est) {
	var x float64
	for _, t := range r.Aggregate.Seats {
		for k := 2; k < len(t.SharedWins); k++ {
			x += float64(t.SharedWins[k]) / float64(k)
		}
	}
	sh := Est{Estimate: stats.Share(x, r.Games, deff)}
	nw := Est{Estimate: stats.Share(float64(r.Aggregate.NoWinner), r.Games, deff)}
	return &sh, &nw
}

// topComponents is how many components the answers list; minSide is the fewest games on
// each side (seen, never seen) for a component to be listed: a card seen in nearly every
// game has no "never seen" games to compare with, and its IWD says nothing.
const (
	topComponents = 5
	minSide       = 30
)

func componentAnswer(level string, cs *worth.ComponentStats) ComponentAnswer {
	ca := ComponentAnswer{Level: level, Event: cs.KeyEvent()}
	for _, c := range cs.Ranked() {
		es := cs.KeyStat(c)
		if !es.Diff.HasInterval() || len(ca.Top) == topComponents || es.With.N < minSide || es.Without.N < minSide {
			continue
		}
		ca.Top = append(ca.Top, ComponentRow{Name: c.Name, Diff: Est{Estimate: es.Diff}, PHolm: es.PHolm, Games: es.With.N})
	}
	return ca
}

// ladder rates the levels from the ladder's duplicate runs (Bradley–Terry on the Elo
// scale, reports/skill) and judges each step.
func (a *Answer) ladder() error {
	c := a.cfg
	if c.Players < 2 || len(c.Ladder) == 0 {
		return nil
	}
	names := make([]string, len(c.Levels))
	for i, lv := range c.Levels {
		names[i] = lv.Name
	}
	var pairings []skill.Pairing
	for _, st := range c.Ladder {
		pairings = append(pairings, skill.Pairing{A: st.Upper, B: st.Lower, File: st.File, Result: st.Result})
	}
	t, err := skill.AnalyzeTournament(doc.Meta{Game: c.Game, Title: c.Title, Players: c.Players, Complete: true}, names, c.Players, pairings)
	if err != nil {
		return fmt.Errorf("ladder: %w", err)
	}
	a.tourn = t
	la := &LadderAnswer{Notes: t.Notes}
	if rt := t.Ratings; rt != nil {
		for i := range names {
			if i == 0 {
				la.Elo = append(la.Elo, &Est{})
				continue
			}
			d, se, _ := rt.Diff(i, 0)
			e := point(d, se)
			la.Elo = append(la.Elo, &e)
		}
	}
	fair := 1 / float64(c.Players)
	chain := true
	la.Distinguishable = 1
	for _, st := range c.Ladder {
		var ps *skill.PairStat
		for j := range t.Pairs {
			if t.Pairs[j].A == st.Upper && t.Pairs[j].B == st.Lower {
				ps = &t.Pairs[j]
			}
		}
		if ps == nil {
			chain = false
			continue
		}
		sa := StepAnswer{Upper: st.Upper, Lower: st.Lower, Share: est(ps.Paired.Share, ps.Paired.CI), Fair: fair, Deals: ps.Paired.Deals, PHolm: ps.HolmP,
			Verdict: "not significantly stronger"}
		if ps.HolmP < stats.Alpha {
			if ps.Paired.Better > ps.Paired.Worse {
				sa.Verdict = "stronger"
				la.Distinguishable++
			} else {
				sa.Verdict = "weaker"
			}
		}
		if sd, err := luck.SameDealWins(st.Result); err == nil && sd.Deals > 0 {
			sa.SameDeal = &Est{Estimate: sd.Beats.Estimate}
		}
		la.Steps = append(la.Steps, sa)
	}
	if !chain || len(la.Steps) < len(c.Levels)-1 {
		la.Notes = append(la.Notes, "Not every step of the ladder was played: the count of distinguishable levels covers the steps played.")
	}
	a.Ladder = la
	return nil
}

// levelElo is level i's rating on this study's ladder, above the weakest level (nil when
// the ladder did not rate it).
func (a *Answer) levelElo(i int) *Est {
	if a.Ladder == nil || i <= 0 || i >= len(a.Ladder.Elo) {
		return nil
	}
	return a.Ladder.Elo[i]
}

// ablation analyses restricted play (reports/worth.RestrictedPlay) against each level's
// self-play.
func (a *Answer) ablation() error {
	c := a.cfg
	for _, ab := range c.Ablation {
		restricted := map[string]*sim.Result{}
		for _, row := range ab.Rows {
			if row.Result != nil && row.Result.Games > 0 && len(row.Forbid) > 0 {
				restricted[row.Forbid[0]] = row.Result
			}
		}
		if len(restricted) == 0 {
			continue
		}
		var base *sim.Result
		if ab.Level < len(c.Levels) {
			base = c.Levels[ab.Level].Result
			if base != nil && base.Games == 0 {
				base = nil
			}
		}
		t, err := worth.RestrictedPlay(base, restricted)
		if err != nil {
			return fmt.Errorf("restricted play: %w", err)
		}
		t.Base = c.Levels[ab.Level].Name // the level by its name, one name everywhere
		a.abl = append(a.abl, t)
		aa := AblationAnswer{Level: c.Levels[ab.Level].Name, Elo: a.levelElo(ab.Level), Measuring: ab.Measuring}
		choice := c.choiceClasses()
		unkept, idle := map[string]*float64{}, map[string]bool{}
		for _, row := range ab.Rows {
			if row.Result == nil || len(row.Forbid) == 0 {
				continue
			}
			k, ok := row.Result.Restriction(0)
			if ok && k.Bound+k.Unkept > 0 {
				u := float64(k.Unkept) / float64(k.Bound+k.Unkept)
				unkept[row.Forbid[0]] = &u
			}
			idle[row.Forbid[0]] = ok && k.Bound == 0 && k.Unkept == 0
		}
		for _, r := range t.Rows {
			w := r.Worth()
			row := AblationRow{Class: r.Class, Worth: Est{Estimate: w}, PHolm: r.PHolm, Tested: r.Tested, Choice: choice[r.Class], Unkept: unkept[r.Class], Idle: idle[r.Class]}
			if !row.Choice {
				row.Holding = HoldingFlag
			}
			aa.Rows = append(aa.Rows, row)
		}
		a.Ablation = append(a.Ablation, aa)
	}
	return nil
}

// levers analyses the sweeps: for the seat family the value that makes seat 0 fair
// (reports/change.Compensate), for another lever what each value gives.
func (a *Answer) levers() {
	c := a.cfg
	for _, lv := range c.Levers {
		level := c.Levels[lv.Level]
		la := SweepAnswer{Level: level.Name, Lever: lv.Lever, Elo: a.levelElo(lv.Level), Measuring: lv.Measuring}
		type pt struct {
			x     float64
			rules bool
			r     *sim.Result
		}
		pts := []pt{{lv.Lever.Base, true, level.Result}}
		for _, p := range lv.Points {
			pts = append(pts, pt{p.X, false, p.Result})
		}
		sort.SliceStable(pts, func(i, j int) bool { return pts[i].x < pts[j].x })
		var xs, ds, ses []float64
		for _, p := range pts {
			s := fairness.SelfPlayOf(p.r)
			if s == nil {
				continue
			}
			pa := PointAnswer{X: p.x, Rules: p.rules, Games: s.Games, RawEdge: adjustSelfPlay(p.r, s)}
			if c.Players == 1 {
				pa.Success = &Est{Estimate: s.Success}
			} else {
				pa.Edge = &Est{Estimate: s.Advantage[0]}
				xs, ds, ses = append(xs, p.x), append(ds, s.Advantage[0].Value), append(ses, s.SE[0])
			}
			if rep := p.r.Aggregate.Replays; rep != nil {
				if ls, err := luck.Analyze(rep); err == nil && ls.Pooled.Defined {
					pa.Luck = &Est{Estimate: ls.Pooled.Share.Estimate}
				}
			}
			if p.r.Aggregate.Luck != nil {
				if acc, err := luck.Account(p.r); err == nil && acc.LuckShare.HasInterval() {
					pa.Along = &Est{Estimate: acc.LuckShare.Estimate}
					if g := acc.Guessing; g != nil {
						pa.Guess = &Est{Estimate: g.Share.Estimate}
					}
				}
			}
			if m := stats.MeanT(p.r.Aggregate.Games, p.r.Aggregate.DecisionsSum, p.r.Aggregate.DecisionsSumSq); m.HasInterval() {
				pa.Length = &Est{Estimate: m}
			}
			if mt := p.r.Aggregate.Metrics; mt != nil && mt.Decisions > 0 {
				ch := float64(mt.MultiChoice) / float64(mt.Decisions)
				pa.Choice = &ch
			}
			la.Points = append(la.Points, pa)
		}
		if lv.Level < len(a.Levels) {
			la.Needed = a.Levels[lv.Level].Favoured
		}
		if lv.Lever.Family() && len(xs) >= 2 {
			key := "seat 1's starting points"
			if c.Players > 2 {
				key = "each seat's points more than the seat before"
			}
			comp := change.Compensate(key, xs, ds, ses)
			best := 0
			for i := range ds {
				if math.Abs(ds[i]) < math.Abs(ds[best]) {
					best = i
				}
			}
			bx := xs[best]
			bci := stats.Normal(ds[best], ses[best], stats.Z95Literal)
			comp.Closest, comp.ClosestAdv, comp.ClosestCI = &bx, ds[best], &bci
			la.Compensation = compensationOf(comp)
		}
		la.Text = a.leverText(&la)
		a.Compensation = append(a.Compensation, la)
	}
}
