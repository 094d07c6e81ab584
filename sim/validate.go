package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/bits"
	"os"
	"slices"
	"strings"

	"dragonlab/engine"
)

// One reader for every file from outside: results files (run, merge, study …) and
// checkpoints. ReadResult and ParseResult validate everything a reader could trip on or
// be misled by, so merge, report and --resume never see a file that contradicts itself,
// and never panic or allocate without bound on a corrupt one. Anything they accept can be
// written back and read again to the same value (FuzzReadResults).

// HistLimit bounds the values a histogram may count (scores, decisions per game, legal
// actions …) to [-HistLimit, HistLimit]: two valid histograms then merge into at most
// 2·HistLimit+1 counters (16 MiB), whatever a file says. No game comes near it.
const HistLimit = 1 << 20

// ReadResult reads a results file or checkpoint and validates it completely.
func ReadResult(path string) (*Result, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read results: %w", err)
	}
	r, err := ParseResult(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// ParseResult decodes and validates a results file or checkpoint. The rules parameters
// are returned in canonical form (every key, sorted; a key missing from the file reads as
// the game's default).
func ParseResult(data []byte) (*Result, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r Result
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("not a dragonlab results file: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("not a dragonlab results file: data after the JSON object")
	}
	if r.Schema != Schema {
		return nil, fmt.Errorf("not a dragonlab results file (schema %q, want %q)", r.Schema, Schema)
	}
	p, err := r.validate()
	if err != nil {
		return nil, fmt.Errorf("inconsistent results file: %v", err)
	}
	// Canonical form, so that writing and reading again gives the same value: the
	// parameters as the tool writes them, and no empty lists where the key is omitted
	// when empty.
	r.Params = engine.ParamsJSON(p)
	if len(r.CheckpointExtra) == 0 {
		r.CheckpointExtra = nil
	}
	if r.Run != nil && len(r.Run.Cost) == 0 {
		r.Run.Cost = nil
	}
	return &r, nil
}

// Validate checks a result completely: the run's definition (registered game, player
// count, rules re-validated for the game, one agent per seat, a known seating, coherent
// unit ranges, shard, stop and checkpoint fields), every count of the aggregate and its
// consistency with the summary numbers, and the optional aggregates.
func (r *Result) Validate() error {
	_, err := r.validate()
	return err
}

func (r *Result) validate() (engine.Params, error) {
	if r.Schema != Schema {
		return nil, fmt.Errorf("schema %q, want %q", r.Schema, Schema)
	}
	if !strings.HasPrefix(r.Tool, "dragonlab ") {
		return nil, fmt.Errorf("tool %q is not dragonlab", r.Tool)
	}
	g, err := engine.Lookup(r.Game)
	if err != nil {
		return nil, err
	}
	if err := g.CheckPlayers(r.Players); err != nil {
		return nil, err
	}
	p, err := engine.ParseParams(g, r.Params)
	if err != nil {
		return nil, fmt.Errorf("params: %v", err)
	}
	if err := p.Validate(r.Players); err != nil {
		return nil, fmt.Errorf("%s rules: %v", g.Name, err)
	}
	if len(r.Agents) != r.Players {
		return nil, fmt.Errorf("%d agents for %d players", len(r.Agents), r.Players)
	}
	for i, a := range r.Agents {
		if strings.TrimSpace(a) == "" {
			return nil, fmt.Errorf("agent %d has no name", i)
		}
	}
	gpu, err := unitGamesOf(r.Seating, r.Players, r.Aggregate.Replays)
	if err != nil {
		return nil, err
	}
	if err := r.checkUnits(gpu); err != nil {
		return nil, err
	}
	if err := r.Aggregate.check(r.Players, r.Seating); err != nil {
		return nil, fmt.Errorf("aggregate: %v", err)
	}
	if err := r.checkOutcomes(gpu); err != nil {
		return nil, fmt.Errorf("aggregate: outcomes: %v", err)
	}
	if err := r.checkTrackerNames(g, p); err != nil {
		return nil, err
	}
	if err := r.checkValueNames(g, p); err != nil {
		return nil, err
	}
	if err := r.checkLuckNames(g, p); err != nil {
		return nil, err
	}
	if err := r.checkSummary(); err != nil {
		return nil, err
	}
	if err := r.Run.check(r); err != nil {
		return nil, fmt.Errorf("run: %v", err)
	}
	return p, nil
}

// unitGamesOf is the number of games in one unit of the seating plan (GamesPerUnit),
// with the replay counts the plan must have or lack.
func unitGamesOf(seating string, players int, replays *ReplayAgg) (int64, error) {
	if !slices.Contains(Seatings, seating) {
		return 0, fmt.Errorf("unknown seating %q (valid: %s)", seating, strings.Join(Seatings, ", "))
	}
	if seating != SeatReplay {
		if replays != nil {
			return 0, fmt.Errorf("replay counts in a run with %s seating", seating)
		}
		return int64(GamesPerUnit(seating, players, 0)), nil
	}
	if replays == nil {
		return 0, fmt.Errorf("replay seating without its replay counts")
	}
	if replays.K < 2 || replays.K > maxReplays {
		return 0, fmt.Errorf("%d replays per deal (want 2 to %d)", replays.K, maxReplays)
	}
	return int64(replays.K), nil
}

// maxReplays bounds the replays of one deal a file may claim.
const maxReplays = 1 << 16

// checkUnits checks the unit fields: ranges, shard, stop, checkpoint and the game count.
func (r *Result) checkUnits(gpu int64) error {
	if r.Units < 1 || r.First < 0 {
		return fmt.Errorf("units %d from %d", r.Units, r.First)
	}
	if hi, lo := bits.Mul64(uint64(r.Units), uint64(gpu)); hi != 0 || lo > math.MaxInt64 {
		return fmt.Errorf("%d units of %d games overflow", r.Units, gpu)
	}
	if r.First > math.MaxInt64-r.Units {
		return fmt.Errorf("units %d from %d overflow", r.Units, r.First)
	}
	if r.Shard == "" {
		if r.First != 0 || r.TotalUnits != 0 {
			return fmt.Errorf("units from %d of %d without a shard", r.First, r.TotalUnits)
		}
	} else {
		sh, err := ParseShard(r.Shard, func(string) string { return "" })
		if err != nil || sh.String() != r.Shard {
			return fmt.Errorf("malformed shard %q", r.Shard)
		}
		if r.TotalUnits < 1 {
			return fmt.Errorf("shard %s of %d units", r.Shard, r.TotalUnits)
		}
		if first, count := sh.Range(r.TotalUnits); first != r.First || count != r.Units {
			return fmt.Errorf("shard %s of %d units is units %d..%d, not %d..%d", r.Shard, r.TotalUnits, first, first+count-1, r.First, r.First+r.Units-1)
		}
	}
	if r.Until != "" {
		rule, err := ParseStopRule(r.Until)
		if err != nil || rule.String() != r.Until {
			return fmt.Errorf("malformed stopping rule %q", r.Until)
		}
		if r.Shard != "" {
			return fmt.Errorf("a stopping rule in a shard")
		}
	}
	ckpt := r.CheckpointDone != 0 || len(r.CheckpointExtra) > 0
	if r.CheckpointDone < 0 || r.CheckpointDone > r.Units {
		return fmt.Errorf("checkpoint of %d units of %d", r.CheckpointDone, r.Units)
	}
	if err := checkSpans(r.CheckpointExtra, r.CheckpointDone, r.Units); err != nil {
		return fmt.Errorf("checkpoint: %v", err)
	}
	if ckpt && r.Complete {
		return fmt.Errorf("a checkpoint marked complete")
	}
	if r.StoppedAt != 0 {
		switch {
		case r.StoppedAt < 0 || r.StoppedAt >= r.Units:
			return fmt.Errorf("stopped at unit %d of %d", r.StoppedAt, r.Units)
		case r.Shard != "":
			return fmt.Errorf("a shard stopped by a stopping rule")
		case ckpt && (r.StoppedAt != r.CheckpointDone || len(r.CheckpointExtra) > 0):
			return fmt.Errorf("a checkpoint stopped at %d but holding other units", r.StoppedAt)
		case !ckpt && !r.Complete:
			return fmt.Errorf("stopped by a stopping rule but incomplete")
		}
	}
	games := r.Aggregate.Games
	if games < 0 || games%gpu != 0 {
		return fmt.Errorf("%d games is not a whole number of units of %d games", games, gpu)
	}
	units := games / gpu
	switch {
	case ckpt:
		if want := finishedUnits(r.CheckpointDone, r.CheckpointExtra); units != want {
			return fmt.Errorf("a checkpoint of %d finished units holding %d games", want, games)
		}
	case r.StoppedAt != 0:
		if units != r.StoppedAt {
			return fmt.Errorf("stopped at unit %d with %d games", r.StoppedAt, games)
		}
	case r.Complete:
		if units != r.Units {
			return fmt.Errorf("complete with %d of %d units", units, r.Units)
		}
	default:
		if units > r.Units {
			return fmt.Errorf("%d units played of %d", units, r.Units)
		}
	}
	return nil
}

// checkOutcomes checks the per-unit outcomes against the aggregate and, where the
// results say which units were played (complete, stopped, checkpoint), that the log holds
// exactly those.
func (r *Result) checkOutcomes(gpu int64) error {
	o := r.Aggregate.Outcomes
	if o == nil {
		return nil
	}
	if r.Players > MaxSeats {
		return fmt.Errorf("%d players, more than the %d a record holds", r.Players, MaxSeats)
	}
	if err := o.check(&r.Aggregate, r.Players, gpu, r.First, r.Units); err != nil {
		return err
	}
	ok := true
	switch {
	case r.CheckpointDone != 0 || len(r.CheckpointExtra) > 0:
		ok = o.covers(r.First, r.CheckpointDone, r.CheckpointExtra)
	case r.StoppedAt != 0:
		ok = o.covers(r.First, r.StoppedAt, nil)
	case r.Complete:
		ok = o.covers(r.First, r.Units, nil)
	}
	if !ok {
		return fmt.Errorf("the units recorded are not the units played")
	}
	return nil
}

// checkSpans checks finished ranges beyond a prefix: sorted, disjoint, not touching each
// other or the prefix, within the units.
func checkSpans(spans [][2]int64, done, units int64) error {
	at := done
	for _, s := range spans {
		if s[0] <= at || s[1] <= s[0] || s[1] > units {
			return fmt.Errorf("finished range [%d, %d) out of order or out of range", s[0], s[1])
		}
		at = s[1]
	}
	return nil
}

// checkSummary checks the summary numbers against the aggregate they are derived from:
// integers exactly, floats to rounding (another platform may fuse a multiply-add).
func (r *Result) checkSummary() error {
	want := *r
	want.fill(r.Aggregate)
	if r.Games != want.Games || r.Draws != want.Draws || r.NoWinner != want.NoWinner {
		return fmt.Errorf("games, draws or noWinner differ from the aggregate")
	}
	a := r.Aggregate
	if !closeMean(r.DecisionsMean, want.DecisionsMean) || !closeVar(r.DecisionsVar, want.DecisionsVar, a.DecisionsSumSq, a.Games) {
		return fmt.Errorf("decisionsMean or decisionsVar differ from the aggregate")
	}
	for _, c := range []struct {
		name      string
		got, want []SeatResult
		tallies   []Tally
	}{{"seats", r.Seats, want.Seats, a.Seats}, {"byAgent", r.ByAgent, want.ByAgent, a.Agents}} {
		if len(c.got) != len(c.want) {
			return fmt.Errorf("%d %s for %d players", len(c.got), c.name, r.Players)
		}
		for i, g := range c.got {
			w := c.want[i]
			if g.Seat != w.Seat || g.Agent != w.Agent || g.Games != w.Games || g.Wins != w.Wins ||
				!closeMean(g.WinShare, w.WinShare) || !closeMean(g.ScoreMean, w.ScoreMean) ||
				!closeVar(g.ScoreVar, w.ScoreVar, c.tallies[i].ScoreSumSq, g.Games) {
				return fmt.Errorf("%s[%d] differs from the aggregate", c.name, i)
			}
		}
	}
	return nil
}

func closeMean(a, b float64) bool {
	return a == b || math.Abs(a-b) <= 1e-9*math.Max(math.Abs(a), math.Abs(b))
}

// closeVar compares variances computed as (Σx² − Σx·mean)/(n−1): the rounding error is
// relative to the terms subtracted, not to the (possibly tiny) result.
func closeVar(a, b float64, sumSq, n int64) bool {
	scale := math.Max(math.Abs(a), math.Abs(b))
	if n > 1 {
		scale = math.Max(scale, math.Abs(float64(sumSq))/float64(n-1))
	}
	return a >= 0 && (a == b || math.Abs(a-b) <= 1e-9*scale)
}

// checkHist checks a histogram's bounds and non-negative counts and returns its total.
func (h *Hist) check(name string) (int64, error) {
	if h.Lo < -HistLimit || h.Lo > HistLimit || int64(len(h.Counts)) > HistLimit-h.Lo+1 {
		return 0, fmt.Errorf("%s: values from %d to %d outside ±%d", name, h.Lo, h.Lo+int64(len(h.Counts))-1, HistLimit)
	}
	var total int64
	for _, c := range h.Counts {
		if c < 0 || total > math.MaxInt64-c {
			return 0, fmt.Errorf("%s: a count is negative or too large", name)
		}
		total += c
	}
	return total, nil
}

// within checks that every counted value lies in [lo, hi].
func (h *Hist) within(name string, lo, hi int64) error {
	first, last := int64(-1), int64(-1)
	for i, c := range h.Counts {
		if c != 0 {
			if first < 0 {
				first = int64(i)
			}
			last = int64(i)
		}
	}
	if first >= 0 && (h.Lo+first < lo || h.Lo+last > hi) {
		return fmt.Errorf("%s: values from %d to %d, want %d to %d", name, h.Lo+first, h.Lo+last, lo, hi)
	}
	return nil
}

// sums is Σ v·count and Σ v²·count with int64 wrap-around: the runner's sums wrap the
// same way, so they agree exactly even for runs whose sums overflow.
func (h *Hist) sums() (sum, sumSq int64) {
	for i, c := range h.Counts {
		v := h.Lo + int64(i)
		sum += v * c
		sumSq += v * v * c
	}
	return sum, sumSq
}

// equal compares the values counted (leading and trailing zeros aside).
func (h *Hist) equal(o *Hist) bool {
	trim := func(h *Hist) (int64, []int64) {
		c := h.Counts
		lo := h.Lo
		for len(c) > 0 && c[0] == 0 {
			c, lo = c[1:], lo+1
		}
		for len(c) > 0 && c[len(c)-1] == 0 {
			c = c[:len(c)-1]
		}
		if len(c) == 0 {
			return 0, nil
		}
		return lo, c
	}
	alo, ac := trim(h)
	blo, bc := trim(o)
	return alo == blo && slices.Equal(ac, bc)
}

// check validates one seat's or agent's tally over games games of players seats.
func (t *Tally) check(name string, games int64, players int) error {
	if t.Games != games {
		return fmt.Errorf("%s played %d games of %d", name, t.Games, games)
	}
	if t.Wins < 0 || t.Wins > games {
		return fmt.Errorf("%s: %d wins in %d games", name, t.Wins, games)
	}
	won := t.Wins
	for k, n := range t.SharedWins {
		if n < 0 || (n > 0 && (k < 2 || k > players)) || n > games-won {
			return fmt.Errorf("%s: %d wins shared %d ways (and %d other wins) in %d games", name, n, k, won, games)
		}
		won += n
	}
	total, err := t.ScoreHist.check(name + " scores")
	if err != nil {
		return err
	}
	if total != games {
		return fmt.Errorf("%s: the score histogram counts %d games of %d", name, total, games)
	}
	if s, sq := t.ScoreHist.sums(); s != t.ScoreSum || sq != t.ScoreSumSq {
		return fmt.Errorf("%s: score sums disagree with the score histogram", name)
	}
	return nil
}

// check validates the aggregate of a run of players seats with the seating plan.
func (a *Aggregate) check(players int, seating string) error {
	if a.Games < 0 || a.Draws < 0 || a.NoWinner < 0 || a.Draws > a.Games-a.NoWinner {
		return fmt.Errorf("%d games, %d draws, %d without winner", a.Games, a.Draws, a.NoWinner)
	}
	total, err := a.DecisionsHist.check("decisionsHist")
	if err != nil {
		return err
	}
	if total != a.Games {
		return fmt.Errorf("the decisions histogram counts %d games of %d", total, a.Games)
	}
	if err := a.DecisionsHist.within("decisionsHist", 0, HistLimit); err != nil {
		return err
	}
	if s, sq := a.DecisionsHist.sums(); s != a.DecisionsSum || sq != a.DecisionsSumSq {
		return fmt.Errorf("decision sums disagree with the decisions histogram")
	}
	if len(a.Seats) != players || len(a.Agents) != players {
		return fmt.Errorf("%d seats and %d agents for %d players", len(a.Seats), len(a.Agents), players)
	}
	var outcomes [2]outcomeTotals
	for i := range players {
		if err := a.Seats[i].check(fmt.Sprintf("seat %d", i), a.Games, players); err != nil {
			return err
		}
		if err := a.Agents[i].check(fmt.Sprintf("agent %d", i), a.Games, players); err != nil {
			return err
		}
		outcomes[0].add(&a.Seats[i])
		outcomes[1].add(&a.Agents[i])
	}
	// Every game has no winner, one winner, or k winners sharing (each counted by the k
	// seats), whoever sits where: the seat and agent views count the same games.
	if outcomes[0] != outcomes[1] {
		return fmt.Errorf("the seat and agent tallies count different outcomes")
	}
	if err := outcomes[0].check(a, players); err != nil {
		return err
	}
	if seating == SeatFixed || seating == SeatReplay { // agent j always sits in seat j
		for i := range players {
			if !sameTally(&a.Seats[i], &a.Agents[i]) {
				return fmt.Errorf("with %s seating, seat %d and agent %d differ", seating, i, i)
			}
		}
	}
	pairs, err := a.Paired.check("paired")
	if err != nil {
		return err
	}
	if seating == SeatDuplicate {
		if pairs != a.Games/int64(players) {
			return fmt.Errorf("paired histogram of %d deals for %d games", pairs, a.Games)
		}
		if err := a.Paired.within("paired", 0, 60*int64(players)); err != nil {
			return err
		}
	} else if pairs != 0 {
		return fmt.Errorf("paired counts with %s seating", seating)
	}
	if a.Components != nil {
		if err := a.Components.check(a, players); err != nil {
			return fmt.Errorf("components: %v", err)
		}
	}
	if a.Metrics != nil {
		if err := a.Metrics.check(a, players); err != nil {
			return fmt.Errorf("metrics: %v", err)
		}
	}
	for j, c := range a.Restrict {
		if c.Bound < 0 || c.Unkept < 0 || c.Bound+c.Unkept > a.DecisionsSum || c.Bound+c.Unkept < 0 {
			return fmt.Errorf("restrict: agent %d: %d bound and %d unkept decisions of %d", j, c.Bound, c.Unkept, a.DecisionsSum)
		}
	}
	if a.Restrict != nil && len(a.Restrict) != players {
		return fmt.Errorf("restrict: %d agents for %d players", len(a.Restrict), players)
	}
	if a.Luck != nil {
		if err := a.Luck.check(a, players); err != nil {
			return fmt.Errorf("luck: %v", err)
		}
	}
	if a.Replays != nil {
		if seating != SeatReplay {
			return fmt.Errorf("replay counts with %s seating", seating)
		}
		if err := a.Replays.check(a, players); err != nil {
			return fmt.Errorf("replays: %v", err)
		}
	}
	if a.Substitutions != nil {
		if seating != SeatFixed {
			return fmt.Errorf("substitutions with %s seating", seating)
		}
		if err := a.Substitutions.check(a.Games, players); err != nil {
			return fmt.Errorf("substitutions: %v", err)
		}
	}
	if a.Decisions != nil {
		if err := a.Decisions.check(a, players); err != nil {
			return fmt.Errorf("decisions: %v", err)
		}
	}
	return nil
}

// outcomeTotals sums wins alone and shared wins over seats (or agents), saturating: a
// sum beyond int64 is refused anyway.
type outcomeTotals struct {
	wins     int64
	shared   [MaxShare]int64
	scoreSum int64 // wraps like the runner's sums
}

func (o *outcomeTotals) add(t *Tally) {
	o.wins = satAdd(o.wins, t.Wins)
	for k, n := range t.SharedWins {
		o.shared[k] = satAdd(o.shared[k], n)
	}
	o.scoreSum += t.ScoreSum
}

func (o *outcomeTotals) check(a *Aggregate, players int) error {
	games := satAdd(o.wins, a.NoWinner)
	for k := 2; k < MaxShare; k++ {
		if o.shared[k]%int64(k) != 0 {
			return fmt.Errorf("%d seat-wins shared %d ways is not a whole number of games", o.shared[k], k)
		}
		games = satAdd(games, o.shared[k]/int64(k))
	}
	if games != a.Games {
		return fmt.Errorf("wins, shared wins and games without winner make %d games, not %d", games, a.Games)
	}
	if players < 2 && a.Draws > 0 {
		return fmt.Errorf("draws in a solitaire game")
	}
	if players >= 2 && a.Draws > o.shared[players]/int64(players) {
		return fmt.Errorf("%d draws but %d games won by every seat", a.Draws, o.shared[players]/int64(players))
	}
	return nil
}

func sameTally(a, b *Tally) bool {
	return a.Games == b.Games && a.Wins == b.Wins && a.SharedWins == b.SharedWins &&
		a.ScoreSum == b.ScoreSum && a.ScoreSumSq == b.ScoreSumSq && a.ScoreHist.equal(&b.ScoreHist)
}

// check validates what varies between runs.
func (ri *RunInfo) check(r *Result) error {
	if ri == nil {
		return nil
	}
	if ri.Seconds < 0 || ri.Workers < 0 || ri.GamesPerSec < 0 {
		return fmt.Errorf("negative seconds, workers or games/s")
	}
	if ri.ResumedGames < 0 || ri.ResumedGames > r.Games {
		return fmt.Errorf("resumed %d games of %d", ri.ResumedGames, r.Games)
	}
	return checkCosts(ri.Cost, r.Agents)
}
