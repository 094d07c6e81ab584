package experiment

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"dragonlab/sim"
	"dragonlab/sim/plan"
	"dragonlab/sim/text"
)

// The study's rounds. Round 0 is the design's plan at its pilot sizes; every later round is
// a plan computed from the merged results so far: the stages whose page-1 Fair? question is
// still not settled get the games that would settle it (n·((h/t)² − 1), the report's own
// estimate, Stein's second stage) — each stage continued on its next deals (sim.Extend, as
// --settle does), so a stage's results file after any number of rounds is the run of its
// final size. The rounds stop when every Fair? question is settled, when the budget is
// spent, or after MaxRounds.
//
// The budget is the whole study's (round 0 included), in CPU time ("10m") or in games
// ("200000g"). A CPU budget is never measured with a clock: what a stage costs is its games
// × its decisions per game (counted in its results) × the plan's weight per decision of its
// agents (plan.Run.Weight: search iterations dominate) × a fixed cost per unit of weight for
// its game (cpuPerWeight, measured once on this project's machine). The rounds are then a
// pure function of the command, the seed and the results — the same on any number of
// workers, resumed or not — and the budget is honoured to the accuracy of the cost model.
//
// A round is written to OUT/rounds.json before it plays: a study stopped within a round
// finishes exactly that round when run again, so a resumed study plays the same rounds as
// one that was never stopped.
//
// Adaptive stopping and coverage: a stage stops when page 1 answers its Fair? question
// (fair, or a seat clearly favoured), and page 1 reads that answer from an interval that
// counts the looks: every time the rounds judged a stage is a test, so its seat tests are
// Bonferroni-adjusted over its looks (1 + the rounds that continued it; StudyLooks, the
// designer's Level.Looks) on top of Holm over the seats. The final estimate is over every
// round's games. Without the looks, a stage that may stop at any of several looks stops
// more often on an interval that misses (optional stopping: 90% coverage for a nominal 95%
// on the toy of TestRoundsCoverage); with them the final intervals cover the truth at their
// nominal rate there.

// MaxRounds bounds the rounds after round 0.
const MaxRounds = 6

// DefaultStudyBudget is the budget of the default study (make demo): nine CPU-minutes of
// estimated play, about five minutes on two idle cores; round 0 costs about 420 of its 540
// CPU-s (the value stage about 165). The cost model leaves the build, the report and a
// loaded machine's slower cores out: make demo measured 686 CPU-s for a 600 CPU-s budget
// while four other jobs shared the machine.
const DefaultStudyBudget = "9m"

// RoundsFile records the study's rounds in its output directory.
const RoundsFile = "rounds.json"

// roundOvershoot scales each stage's estimated need: the estimate is as noisy as the
// half-width it comes from, and a round that falls just short costs another round.
const roundOvershoot = 1.15

// roundMore is what a round gives a stage whose question needs about more units.
func roundMore(more int64) int64 { return int64(math.Ceil(float64(more) * roundOvershoot)) }

// StudyRounds is the study's budget for its rounds (StudyOptions.Rounds).
type StudyRounds struct {
	// Budget is as given ("9m", "200000g").
	Budget string `json:"budget"`
	// CPU is the budget in estimated CPU seconds, Games in games: one of them.
	CPU   float64 `json:"cpuSeconds,omitempty"`
	Games int64   `json:"games,omitempty"`
}

// ParseStudyBudget reads --budget: a CPU time (a Go duration: "9m", "300s", "1h30m") or a
// number of games with the suffix g ("200000g"). Zero, negative and unparseable budgets
// are refused.
func ParseStudyBudget(s string) (*StudyRounds, error) {
	t := strings.TrimSpace(s)
	bad := func(why string) error {
		return fmt.Errorf("--budget %q: %s (a CPU time such as 9m or 300s, or games such as 200000g)", s, why)
	}
	if t == "" {
		return nil, bad("empty")
	}
	if n, ok := strings.CutSuffix(t, "g"); ok {
		g, err := strconv.ParseInt(strings.ReplaceAll(n, "_", ""), 10, 64)
		if err != nil {
			return nil, bad("not a whole number of games")
		}
		if g <= 0 || g > maxDeals {
			return nil, bad("the games must be from 1 to 2^40")
		}
		return &StudyRounds{Budget: t, Games: g}, nil
	}
	d, err := time.ParseDuration(t)
	if err != nil {
		return nil, bad("not a duration")
	}
	if d <= 0 {
		return nil, bad("a budget must be positive")
	}
	if d > 10000*time.Hour {
		return nil, bad("more than 10000 hours")
	}
	return &StudyRounds{Budget: t, CPU: d.Seconds()}, nil
}

// cpuPerWeight is the CPU seconds of one decision per unit of plan weight, by game: the
// cost model of a CPU budget. Measured with `study --quick` on this project's 2-core machine
// (the agents' time per decision, run.cost, over the plan's weight of their specs, with
// the engine's own time and the luck accounting around it); a game not listed takes
// defaultCPUPerWeight.
var cpuPerWeight = map[string]float64{
	"dragonheart":  0.15e-6,
	"draco":        0.07e-6,
	"redhot":       0.045e-6,
	"dragonscales": 0.09e-6,
}

const defaultCPUPerWeight = 0.1e-6

// decisionsPerGame is the run's decisions per game from its results (a count, so the same
// on every machine); 60 before anything is played.
func decisionsPerGame(res *sim.Result) float64 {
	if res == nil || res.Aggregate.Games == 0 {
		return 60
	}
	return float64(res.Aggregate.DecisionsSum) / float64(res.Aggregate.Games)
}

// unitCost is the estimated cost of one unit of run r: CPU seconds, or games for a budget
// in games.
func (b *StudyRounds) unitCost(r *plan.Run, res *sim.Result) float64 {
	played := float64(r.PlayedPerUnit())
	if b.Games > 0 {
		return played
	}
	c, ok := cpuPerWeight[r.Game]
	if !ok {
		c = defaultCPUPerWeight
	}
	return played * decisionsPerGame(res) * r.Weight() * c
}

// spent is the estimated cost of every run of the plan at its present size.
func (b *StudyRounds) spent(p *plan.Plan, results []*sim.Result) float64 {
	sum := 0.0
	for i := range p.Runs {
		sum += float64(p.Runs[i].Units) * b.unitCost(&p.Runs[i], results[i])
	}
	return sum
}

// total is the budget in its unit.
func (b *StudyRounds) total() float64 {
	if b.Games > 0 {
		return float64(b.Games)
	}
	return b.CPU
}

// costText says an amount of the budget in words: "120 CPU-s" or "3,400 games".
func (b *StudyRounds) costText(x float64) string {
	if b.Games > 0 {
		return text.Count(int64(math.Round(x))) + " games"
	}
	return fmt.Sprintf("%.0f CPU-s", x)
}

// RoundEntry is one stage a round continues: the run, its units before and the units added.
type RoundEntry struct {
	Run   string `json:"run"`
	From  int64  `json:"from"`
	More  int64  `json:"more"`
	Games int64  `json:"games"`
}

// Round is one round after round 0.
type Round struct {
	Index   int          `json:"round"`
	Entries []RoundEntry `json:"runs"`
	// Left is the budget left before the round, Cost its estimated cost (in the budget's
	// unit); Open the Fair? questions not settled before it.
	Left float64 `json:"left"`
	Cost float64 `json:"cost"`
	Open int     `json:"open"`
	// Settle marks the continuation --settle played (every open question, no budget).
	Settle bool `json:"settle,omitempty"`
}

// roundsRecord is RoundsFile.
type roundsRecord struct {
	Budget string  `json:"budget"`
	Rounds []Round `json:"rounds"`
}

// planRound is the next round: the open Fair? stages (stages, from SettlePlan), each
// given its need (× roundOvershoot) while the budget lasts — the cheapest first, so that a
// budget too small for every question settles as many as it can; the last one funded may
// get part of its need. A budget too small for every question pays at most half of what
// is left this round. A pure function of its arguments.
func (b *StudyRounds) planRound(p *plan.Plan, results []*sim.Result, stages []SettleStage, left float64) []RoundEntry {
	type cand struct {
		i         int
		more      int64
		unit, all float64
	}
	var cs []cand
	for _, st := range stages {
		i := p.Index(st.Run)
		r := &p.Runs[i]
		more := roundMore(st.More)
		u := b.unitCost(r, results[i])
		cs = append(cs, cand{i: i, more: more, unit: u, all: float64(more) * u})
	}
	sort.SliceStable(cs, func(x, y int) bool { return cs[x].all < cs[y].all })
	// Where the round cannot pay for every open question, it spends at most half the
	// budget left: a round's results change the answers (a question may then be answered
	// at a cheaper level, or need less than estimated), so the next round is planned
	// from them with the rest.
	all := 0.0
	for _, c := range cs {
		all += c.all
	}
	if all > left {
		left /= 2
	}
	var out []RoundEntry
	for _, c := range cs {
		if left <= 0 {
			break
		}
		more := c.more
		if c.all > left {
			more = int64(left / c.unit)
		}
		if more < 1 {
			break
		}
		left -= float64(more) * c.unit
		r := &p.Runs[c.i]
		out = append(out, RoundEntry{Run: r.Name, From: r.Units, More: more, Games: more * int64(r.GamesPerUnit())})
	}
	sort.SliceStable(out, func(x, y int) bool { return p.Index(out[x].Run) < p.Index(out[y].Run) })
	return out
}

// readRounds reads dir's rounds (none when there is no file).
func readRounds(dir string) (*roundsRecord, error) {
	data, err := os.ReadFile(filepath.Join(dir, RoundsFile))
	if errors.Is(err, os.ErrNotExist) {
		return &roundsRecord{}, nil
	}
	if err != nil {
		return nil, inputErr("read %s: %v", filepath.Join(dir, RoundsFile), err)
	}
	var rec roundsRecord
	if err := strictDecode(data, &rec); err != nil {
		return nil, inputErr("%s: %v", filepath.Join(dir, RoundsFile), err)
	}
	return &rec, nil
}

func writeRounds(dir string, rec *roundsRecord) error {
	data, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return err
	}
	return sim.WriteFileAtomic(filepath.Join(dir, RoundsFile), append(data, '\n'))
}

// openFair is the Fair? questions page 1 calls not settled, as SettlePlan's needs.
func openFair(needs []Need) []Need {
	var out []Need
	for _, n := range needs {
		if n.Question == "fair" && !n.Answered {
			out = append(out, n)
		}
	}
	return out
}

// playRounds plays the study's rounds after round 0 (p and results: the plan in dir and
// its complete results, both updated as the rounds extend runs). It finishes a round that
// dir's rounds file records as started, then plans and plays new ones. Progress — per
// round what is settled, what is left and the time the budget still allows — goes to
// o.Log; tail says what is still open at the end, with the command that settles it (for
// after the report).
func playRounds(ctx context.Context, k *Kind, b *StudyRounds, dir string, p *plan.Plan, results []*sim.Result, o plan.Options, stdout, stderr io.Writer) (tail string, err error) {
	rec, err := roundsOf(dir, b)
	if err != nil {
		return "", err
	}
	var open []Need
	for round := 1; ; round++ {
		if open, err = openFairOf(k, dir, p, results); err != nil {
			return "", err
		}
		var r Round
		if round <= len(rec.Rounds) {
			r = rec.Rounds[round-1] // started before a stop: play what it planned
		} else {
			next, say, err := nextRound(b, p, results, open, round)
			if err != nil {
				return "", err
			}
			if o.Log != nil {
				fmt.Fprint(o.Log, say)
			}
			if next == nil {
				break
			}
			r = *next
			rec.Rounds = append(rec.Rounds, r)
			if err := writeRounds(dir, rec); err != nil {
				return "", err
			}
		}
		for _, e := range r.Entries {
			i := p.Index(e.Run)
			if i < 0 {
				return "", inputErr("%s: round %d continues %s, which is no run of the plan", filepath.Join(dir, RoundsFile), r.Index, e.Run)
			}
			if p.Runs[i].Units >= e.From+e.More {
				continue // played before a stop
			}
			if p.Runs[i].Units != e.From {
				return "", inputErr("%s: round %d continues %s from %d units, but it has %d", filepath.Join(dir, RoundsFile), r.Index, e.Run, e.From, p.Runs[i].Units)
			}
			st := SettleStage{Run: e.Run, Units: e.From, More: e.More, Games: e.Games}
			if err := extendRun(ctx, dir, p, results, st, o, fmt.Sprintf(" (round %d)", r.Index), 0, 1, 0, float64(e.Games)); err != nil {
				return "", err
			}
		}
	}
	return roundsTail(b, dir, p, open), nil
}

// roundsOf reads dir's rounds for a study with budget b (a directory that holds the rounds
// of another budget is refused).
func roundsOf(dir string, b *StudyRounds) (*roundsRecord, error) {
	rec, err := readRounds(dir)
	if err != nil {
		return nil, err
	}
	if rec.Budget != "" && rec.Budget != b.Budget {
		return nil, inputErr("%s holds the rounds of a study with --budget %s, not %s: choose another output directory", dir, rec.Budget, b.Budget)
	}
	rec.Budget = b.Budget
	return rec, nil
}

// openFairOf is the Fair? questions page 1 calls not settled, from the plan and its
// complete results.
func openFairOf(k *Kind, dir string, p *plan.Plan, results []*sim.Result) ([]Need, error) {
	a := &Analysis{Plan: p, Results: results, Complete: true, Dir: dir, Stdout: io.Discard, Stderr: io.Discard}
	needs, err := k.Unsettled(a)
	if err != nil {
		return nil, err
	}
	return openFair(needs), nil
}

// nextRound plans round (its 1-based index) from the plan, its complete results and the
// Fair? questions still open: nil when the rounds are over. say is the progress: what
// round-1 left settled and what the round plays, or why the rounds stop. A pure function of
// its arguments, so every machine of a sharded study plans the same round.
func nextRound(b *StudyRounds, p *plan.Plan, results []*sim.Result, open []Need, round int) (r *Round, say string, err error) {
	var o0 StudyOptions
	if err := p.DecodeOptions(&o0); err != nil {
		return nil, "", plan.InputError{Err: err}
	}
	cells := len(o0.Configs)
	left := b.total() - b.spent(p, results)
	done := fmt.Sprintf("round %d: %d of %d Fair? answers settled", round-1, cells-len(open), cells)
	switch {
	case len(open) == 0:
		return nil, done + ": every one\n", nil
	case round > MaxRounds:
		return nil, fmt.Sprintf("%s; the rounds stop after %d\n", done, MaxRounds), nil
	case left <= 0:
		return nil, fmt.Sprintf("%s; the budget (%s) is spent\n", done, b.Budget), nil
	}
	stages, err := SettlePlan(p, open)
	if err != nil {
		return nil, "", err
	}
	r = &Round{Index: round, Entries: b.planRound(p, results, stages, left), Left: left, Open: len(open)}
	for _, e := range r.Entries {
		i := p.Index(e.Run)
		r.Cost += float64(e.More) * b.unitCost(&p.Runs[i], results[i])
	}
	if len(r.Entries) == 0 {
		return nil, fmt.Sprintf("%s; the budget left (%s) pays for no more games\n", done, b.costText(left)), nil
	}
	var games int64
	var what []string
	for _, e := range r.Entries {
		games += e.Games
		what = append(what, fmt.Sprintf("%s +%s", p.Runs[p.Index(e.Run)].Label, text.Count(e.Games)))
	}
	say = fmt.Sprintf("%s; %d open: round %d plays %s more games (%s)\n", done, len(open), round, text.Count(games), strings.Join(what, ", "))
	say += fmt.Sprintf("  the round costs about %s of the %s left%s\n", b.costText(r.Cost), b.costText(left), timeLeft(b, r.Cost))
	return r, say, nil
}

// roundsTail says, after the last round, what is still open with the command that settles
// it ("" when nothing is).
func roundsTail(b *StudyRounds, dir string, p *plan.Plan, open []Need) string {
	if len(open) == 0 {
		return ""
	}
	var what []string
	for _, n := range open {
		what = append(what, fmt.Sprintf("%s (~%s more games)", strings.TrimSuffix(strings.TrimPrefix(n.File, p.Results+"/"), ".json"), text.Count(n.Games)))
	}
	them := "them"
	if len(open) == 1 {
		them = "it"
	}
	return fmt.Sprintf("%s not settled within the budget %s: %s.\nTo settle %s: %s study --settle %s\n",
		text.Plural(int64(len(open)), "Fair? answer"), b.Budget, strings.Join(what, ", "), them, selfName(), dir)
}

// timeLeft is ", about N min on 2 cores" for a CPU cost, "" for games.
func timeLeft(b *StudyRounds, cost float64) string {
	if b.Games > 0 {
		return ""
	}
	return fmt.Sprintf(", about %.1f min on 2 idle cores", cost/120)
}

// selfName is how this program was started ("bin/dragonlab"), for a command to copy.
func selfName() string {
	if len(os.Args) > 0 && os.Args[0] != "" && !strings.HasSuffix(os.Args[0], ".test") {
		return os.Args[0]
	}
	return "dragonlab"
}

// grownFrom reports whether have is plan p with some runs continued (more units): a study
// whose rounds or --settle extended its stages. Its runs are then played to have's sizes.
func grownFrom(have, p *plan.Plan) bool {
	if len(have.Runs) != len(p.Runs) {
		return false
	}
	x := *have
	x.Runs = append([]plan.Run(nil), have.Runs...)
	grown := false
	for i := range x.Runs {
		if x.Runs[i].Units < p.Runs[i].Units {
			return false
		}
		grown = grown || x.Runs[i].Units > p.Runs[i].Units
		x.Runs[i].Units = p.Runs[i].Units
	}
	y := *p
	x.Tool, y.Tool = "", ""
	return grown && plan.Same(&x, &y)
}

// StudyLooks is, by run, how many times the study in dir judged the run's results before
// it stopped: 1 + the rounds (and --settle) that continued it, from dir's rounds file.
// Runs no round continued are absent (one look).
func StudyLooks(dir string) (map[string]int, error) {
	if dir == "" {
		return nil, nil
	}
	rec, err := readRounds(dir)
	if err != nil {
		return nil, err
	}
	looks := map[string]int{}
	for _, r := range rec.Rounds {
		for _, e := range r.Entries {
			if looks[e.Run] == 0 {
				looks[e.Run] = 1
			}
			looks[e.Run]++
		}
	}
	return looks, nil
}

// recordSettle adds --settle's continuation of stages to dir's rounds file: a look like
// any round's.
func recordSettle(dir string, q *plan.Plan, stages []SettleStage) error {
	if len(stages) == 0 {
		return nil
	}
	rec, err := readRounds(dir)
	if err != nil {
		return err
	}
	r := Round{Index: len(rec.Rounds) + 1, Settle: true}
	for _, st := range stages {
		r.Entries = append(r.Entries, RoundEntry{Run: st.Run, From: st.Units, More: st.More, Games: st.Games})
	}
	rec.Rounds = append(rec.Rounds, r)
	return writeRounds(dir, rec)
}
