package tune

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"dragonlab/engine"
	"dragonlab/sim/stats"
)

// The search (Next) is a sequence of rounds, each a pure function of the spec and of what
// the rounds before it measured, so that a round's plan is the same bytes whenever it is
// built again (resume, shards, merge):
//
//  1. (CPU-time budgets only) a pilot: the rules on a few deals, to measure the CPU time
//     of a game, which turns the budget into games.
//  2. Round 0 screens the rules and every change of one parameter within the levers'
//     ranges (the seats' starting points are one parameter: every vector of them), all on
//     the same deals, as many as fit: the moves of one number first (one seat's points:
//     the undo of a bias on one seat), then the rest smallest first; the next rounds
//     screen the rest (with the rules), in the order the additive model of those moves
//     predicts closest to the targets, within screenCapShare of the search budget, and
//     before any combination is proposed, so that every one-lever change is screened
//     before any two-lever change (where the share runs out first, the report says
//     "screened k of N").
//  3. Each later round races the candidates on new deals shared by all of them: a
//     candidate significantly worse, deal by deal, than one that changes no more is
//     dropped, and so is one that clearly cannot be certified (unless it is among the two
//     best found); the rest are halved by rank (successive halving); combinations of
//     several levers join, proposed by an additive model of the one-lever effects (each
//     measured paired against the rules) when the model predicts they can be certified.
//  4. The certification: the best candidate (the smallest change predicted to pass,
//     else the one closest to the targets), the rules, and for a single whole-number
//     lever the neighbour on the other side of fair (for a combination, the best change of
//     one parameter; for one parameter without a neighbour, the runner-up that looks
//     certifiable), on fresh deals never used in the search, CertDeals each, at every
//     level a fair target names. The answer is the first in cost order, the rules first,
//     that meets the targets (Certificate.Eligible says why the family-wise level holds).
//
// Rank: a candidate "looks certifiable" when its estimates, widened by the half-width its
// certification would have (family-wise z times the per-deal standard deviation over
// √CertDeals), lie inside every target; those come first, smallest change first; the
// others follow, closest to the targets first.

// Spec is what the search is given.
type Spec struct {
	Game    string               `json:"game"`
	Players int                  `json:"players"`
	Agent   string               `json:"agent"` // the measuring level (canonical agent spec)
	Levers  []engine.LeverValues `json:"levers"`
	Targets []Target             `json:"targets"`
	// Ladder are the levels of the skill target, weakest first, Agent last (nil without).
	Ladder []string `json:"ladder,omitempty"`
	// Replays is K for the luck target (each deal played K times), 0 otherwise.
	Replays int    `json:"replays,omitempty"`
	Seed    uint64 `json:"seed"`
	// The budget: Games (search and certification), or CPU seconds (user + sys).
	Games int64   `json:"games,omitempty"`
	CPU   float64 `json:"cpu,omitempty"`
	// CertDeals, if positive, fixes the deals of each certification run; 0 sizes them
	// from the targets (and the budget).
	CertDeals int64 `json:"certDeals,omitempty"`
	// Rounds bounds the search rounds; MaxChanged the parameters a candidate changes.
	Rounds     int `json:"rounds"`
	MaxChanged int `json:"maxChanged"`
	// CertLevels are the levels of play a fair target names (fair=P@level,…), each with
	// its agent: the certification replays every candidate at each (the search measures
	// at Agent). None: the fair target holds at the measuring level.
	CertLevels []CertLevel `json:"certLevels,omitempty"`
	// Luck: every run keeps each seat's luck (luck accounting with the game's frozen value
	// function, named by LuckValue), and the seats' advantages are luck-adjusted: each
	// seat's win share less its luck, a control variate with the same expectation and less
	// variance (AIVAT).
	Luck      bool   `json:"luck,omitempty"`
	LuckValue string `json:"luckValue,omitempty"`
}

// CertLevel is a level of play the certification replays at.
type CertLevel struct {
	Name  string `json:"name"`
	Agent string `json:"agent"` // canonical agent spec
}

// ExtraLevels are the certification's levels other than the measuring level: each
// candidate of the certification plays one more self-play run at each.
func (s *Spec) ExtraLevels() []CertLevel {
	var out []CertLevel
	for _, l := range s.CertLevels {
		if l.Agent != s.Agent {
			out = append(out, l)
		}
	}
	return out
}

// certGamesPerDeal is the games one deal of a certified candidate costs: GamesPerDeal
// and one game at each extra level.
func (s *Spec) certGamesPerDeal() int64 {
	return s.GamesPerDeal() + int64(len(s.ExtraLevels()))
}

// Round kinds.
const (
	Pilot   = "pilot"
	Search  = "search"
	Certify = "certify"
)

// Certification roles.
const (
	RoleRules     = "rules"
	RolePick      = "pick"
	RoleNeighbour = "neighbour"
	// RoleSmaller is, where the pick changes several parameters, the best change of one
	// parameter the search measured: certified with it, so that a combination is the
	// answer only where the smaller change was certified and missed.
	RoleSmaller = "smaller"
	// RoleRunnerUp is, where the pick changes one parameter and has no whole-number
	// neighbour, the next best change of one parameter that looks certifiable.
	RoleRunnerUp = "runner-up"
)

// Round is the plan of one round: every entry plays Deals deals on Seed.
type Round struct {
	Index   int     `json:"index"`
	Kind    string  `json:"kind"`
	Seed    uint64  `json:"seed"`
	Deals   int64   `json:"deals"`
	Entries []Entry `json:"entries"`
	// Why says in one line how the round was chosen (for the report).
	Why string `json:"why"`
	// Budget is the budget in games the round was planned with (for the report).
	Budget int64 `json:"budget"`
	// Screen marks a round that goes on screening the changes of one lever the first
	// round had no room for (with the rules, for the paired effects): every one-lever
	// change is screened before any combination is proposed, and such a round is not one
	// of the Rounds that race.
	Screen bool `json:"screen,omitempty"`
}

// Entry is one candidate of a round.
type Entry struct {
	Candidate Candidate `json:"candidate"`
	Role      string    `json:"role,omitempty"` // certification role
}

// Played is a round and what it measured: each entry's Measure (by index), and the CPU
// seconds and games the round took (for CPU-time budgets).
type Played struct {
	Round    Round
	Measures []*Measure
	Seconds  float64
	Games    int64
}

// Tuning constants of the search.
const (
	DefaultRounds = 4 // search rounds (the screen and three races)
	minDeals      = 20
	pilotDeals    = 12
	maxScreen     = 60           // candidates of a screening round
	maxNew        = 4            // combinations proposed per round
	raceDeals     = 4 * minDeals // the fewest deals a race round gives each candidate it keeps
	raceZ         = 3.0          // paired significance of "worse" in the race
	screenShare   = 0.4          // of the search budget for round 0
	// screenCapShare is the share of the search budget all the screening rounds may spend
	// (round 0 included): the races keep the rest.
	screenCapShare = 0.7
	certShare      = 0.6 // the certification takes at most this share of a budget
	certRuns       = 3   // rules, pick, neighbour
	minCertDeals   = 100
	// certHalfWidth is the certification's half-width, as a share of the fair target,
	// that CertDealsFor sizes for: small enough that a change certified near fair is
	// certified again by a fresh re-check of the same size.
	certHalfWidth = 0.4
)

// GamesPerDeal is the games one deal of a candidate costs: its self-play (K plays with a
// luck target) and, with a skill target, one game per seat of every ladder step.
func (s *Spec) GamesPerDeal() int64 {
	g := int64(1)
	if s.Replays > 1 {
		g = int64(s.Replays)
	}
	if len(s.Ladder) > 1 {
		g += int64(len(s.Ladder)-1) * int64(s.Players)
	}
	return g
}

// FamilyZ is the normal quantile of the certificate's intervals: two-sided, Bonferroni
// over the family of claims.
func FamilyZ(family int) float64 {
	return stats.ZTwoSided(1 - stats.Alpha/float64(max(family, 1)))
}

// RoundSeed is the seed of round i (search), the pilot's and the certification's: derived
// from the run seed, so no two share a deal.
func RoundSeed(seed uint64, kind string, i int) uint64 {
	switch kind {
	case Pilot:
		return engine.DeriveSeed(seed, 0x70696c6f74) // "pilot"
	case Certify:
		return engine.DeriveSeed(seed, 0x6365727469667921) // "certify!"
	}
	return engine.DeriveSeed(seed, uint64(1000+i))
}

// Check validates the spec.
func (s *Spec) Check() error {
	switch {
	case len(s.Levers) == 0:
		return errors.New("no levers to turn")
	case len(s.Targets) == 0:
		return errors.New("no targets")
	case s.Games <= 0 && s.CPU <= 0:
		return errors.New("--budget must be positive")
	case s.Rounds < 1:
		return errors.New("at least one search round")
	}
	return nil
}

// budgetGames is the budget in games: given, or the CPU budget over the CPU time per game
// measured so far; ok is false when a CPU budget has no measurement yet.
func budgetGames(s *Spec, hist []Played) (int64, bool) {
	if s.CPU <= 0 {
		return s.Games, true
	}
	var secs float64
	var games int64
	for _, h := range hist {
		if h.Seconds > 0 { // a round played elsewhere (or before the measurement) has none
			secs += h.Seconds
			games += h.Games
		}
	}
	if games == 0 || secs <= 0 {
		return 0, false
	}
	return int64(s.CPU / (secs / float64(games))), true
}

// CertDealsFor is the deals of each certification run: fixed, or sized so that a seat of
// a fair game would be certified within certHalfWidth of the fair target (z of the
// family; sd the standard deviation of a deal's seat advantage: measured, or 0 for that
// of a game with one winner, √((1/n)(1 − 1/n))), at most a share of the budget.
func CertDealsFor(s *Spec, budget int64, sd float64) int64 {
	if s.CertDeals > 0 {
		return s.CertDeals
	}
	_, family := CertComponents(s)
	for _, l := range s.Levers {
		if l.Integer {
			family *= 2 // a neighbour may be certified with the pick
			break
		}
	}
	n := int64(2000)
	for _, t := range s.Targets {
		if t.Kind == Fair {
			k := float64(s.Players)
			if !(sd > 0) {
				sd = math.Sqrt((1 / k) * (1 - 1/k))
			}
			h := certHalfWidth * t.Points
			n = int64(math.Ceil(math.Pow(FamilyZ(family)*sd/h, 2)))
		}
	}
	if budget > 0 {
		cap := int64(certShare * float64(budget) / float64(certRuns*s.certGamesPerDeal()))
		n = min(n, cap)
	}
	return max(n, 0)
}

// FairReach is what a budget in games can certify of a fair game: the half-width of a
// seat's certified interval (a share; 0 without a fair target) for a game with one
// winner, and the budget whose certification would reach the sizing target (certHalfWidth
// of the fair target) — so a caller can tell, before playing, that a budget cannot
// certify anything within the target.
func (s *Spec) FairReach(budget int64) (halfWidth float64, need int64) {
	var fair *Target
	for i := range s.Targets {
		if s.Targets[i].Kind == Fair {
			fair = &s.Targets[i]
		}
	}
	if fair == nil {
		return 0, 0
	}
	_, family := CertComponents(s)
	family *= 2 // as CertDealsFor: the pick and another row
	k := float64(s.Players)
	sd := math.Sqrt((1 / k) * (1 - 1/k))
	z := FamilyZ(family)
	n := CertDealsFor(s, budget, 0)
	if n <= 0 {
		return math.Inf(1), 0
	}
	want := math.Ceil(math.Pow(z*sd/(certHalfWidth*fair.Points), 2))
	return z * sd / math.Sqrt(float64(n)), int64(math.Ceil(want * certRuns * float64(s.certGamesPerDeal()) / certShare))
}

// measuredSD is the standard deviation of a deal's seat advantage (the largest over the
// fair components) measured on the rules in the search, once they played at least
// minSDDeals deals: luck-adjusted numbers (Spec.Luck) have less of it, and the
// certification then needs fewer deals. 0 before.
func measuredSD(st *state) float64 {
	e, ok := st.est[st.base.Name]
	if !ok {
		return 0
	}
	sd := 0.0
	for i, c := range st.cs {
		if c.Kind == Fair && e[i].N >= minSDDeals {
			sd = math.Max(sd, e[i].SD)
		}
	}
	return sd
}

const minSDDeals = 200

// Next is the plan of the round after hist, or nil when the certification was played
// (the search is over). It fails when the budget cannot pay for a search.
func Next(s *Spec, hist []Played) (*Round, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	if n := len(hist); n > 0 && hist[n-1].Round.Kind == Certify {
		return nil, nil
	}
	base := BaseCandidate(s.Levers, s.Players)
	budget, ok := budgetGames(s, hist)
	if !ok {
		return &Round{Index: 0, Kind: Pilot, Seed: RoundSeed(s.Seed, Pilot, 0), Deals: pilotDeals,
			Entries: []Entry{{Candidate: base}},
			Why:     "the CPU time of a game, measured on the rules, turns the CPU budget into games"}, nil
	}
	gpd := s.GamesPerDeal()
	st := newState(s, hist)
	cert := CertDealsFor(s, budget, measuredSD(st))
	if cert < minCertDeals {
		return nil, fmt.Errorf("the budget of %d games leaves %d deals per certification run, fewer than %d: give a larger --budget", budget, cert, minCertDeals)
	}
	reserve := certRuns * cert * s.certGamesPerDeal()
	var spent int64
	searched := 0
	for _, h := range hist {
		spent += h.Games
		if h.Round.Kind == Search && !h.Round.Screen {
			searched++
		}
	}
	searchBudget := budget - reserve
	idx := len(hist)
	st.certDeals = cert
	if searched == 0 {
		b0 := int64(screenShare * float64(searchBudget))
		cands := append([]Candidate{base}, screenOrder(OneLever(s))...)
		limit := min(maxScreen, int(b0/(minDeals*gpd)))
		if limit < 2 {
			return nil, fmt.Errorf("the budget of %d games (%d for the search after %d deals for each of %d certification runs) cannot screen two candidates on %d deals each: give a larger --budget", budget, max(searchBudget, 0), cert, certRuns, minDeals)
		}
		why := fmt.Sprintf("screen: the rules and every change of one lever, %d candidates", len(cands))
		if len(cands) > limit {
			why = fmt.Sprintf("screen: the rules and the %d smallest changes of one lever (of %d)", limit-1, len(cands)-1)
			cands = cands[:limit]
		}
		deals := b0 / (int64(len(cands)) * gpd)
		return st.round(idx, Search, deals, cands, why, b0), nil
	}
	// Later rounds: screen what the first round had no room for, then race, halve,
	// propose.
	last := st.lastSearch()
	left := searchBudget - spent
	roundsLeft := s.Rounds - searched
	alive, notes := st.race(last)
	pick := st.best(alive)
	if st.confident(pick) {
		return st.certify(idx, pick, cert, budget), nil
	}
	if rest := st.unscreened(); len(rest) > 0 {
		// Every one-lever change is screened, on as many deals as the first round gave
		// each, before any combination is proposed; the screening keeps within its share of
		// the search budget, so that the races that follow have the rest. Where that share
		// cannot screen them all (every vector of four seats' points: a thousand), the
		// additive model of the moves of one number, all screened in the first round,
		// orders them: those it predicts closest to the targets first.
		rest = st.byPrediction(rest)
		room := int64(screenCapShare*float64(searchBudget)) - screenSpent(hist)
		deals := hist[firstSearch(hist)].Round.Deals
		// Many left: fewer deals each, so that what is left of the share (at most half the
		// budget left) screens them all, never fewer than minDeals.
		share := min(left/2, room)
		if need := int64(len(rest)+1) * deals * gpd; need > share {
			batches := int64((len(rest) + maxScreen - 2) / (maxScreen - 1))
			deals = max(minDeals, share/(int64(len(rest))+batches)/gpd)
		}
		n := min(len(rest), maxScreen-1)
		if fit := (left - 2*minDeals*gpd) / (deals * gpd); int64(n+1) > fit {
			n = int(fit) - 1
		}
		if fit := room / (deals * gpd); int64(n+1) > fit {
			n = int(fit) - 1
		}
		if n > 0 {
			cands := append([]Candidate{base}, rest[:n]...)
			r := st.round(idx, Search, deals, cands, fmt.Sprintf("screen, continued: the rules and %d more changes of one lever (%d of %d screened before)", n, st.screened(), len(OneLever(s))), int64(n+1)*deals*gpd)
			r.Screen = true
			return r, nil
		}
	}
	if roundsLeft <= 0 || left < 2*minDeals*gpd {
		return st.certify(idx, pick, cert, budget), nil
	}
	keep := (len(alive) + 1) / 2
	if len(alive) > 1 {
		keep = max(keep, 2)
	}
	// Hundreds alive (a screen of many vectors on few deals each): keep no more than the
	// round can give raceDeals each, the best by rank, so that the race tells them apart.
	keep = max(min(keep, int(left/int64(roundsLeft)/(raceDeals*gpd))), min(keep, 2))
	sorted := st.sortByRank(alive)
	// Halving keeps the better half by rank, and also (half as many again at most) the
	// changes smaller than the best that would look certifiable one search standard error
	// closer to the targets:
	// ranking many noisy estimates favours a lucky one, and the smallest change must not
	// be halved away on noise alone.
	survivors := append([]Candidate(nil), sorted[:min(keep, len(sorted))]...)
	extra := 0
	for _, c := range sorted[len(survivors):] {
		if extra < max(1, keep/2) && c.Less(survivors[0]) && st.plausible(c.Name) {
			survivors = append(survivors, c)
			extra++
		}
	}
	var props []Candidate
	if len(st.unscreened()) == 0 {
		props = st.propose(maxNew) // combinations only once every one-lever change was screened
	}
	if len(survivors) <= 1 && len(props) == 0 {
		return st.certify(idx, pick, cert, budget), nil
	}
	rb := left / int64(roundsLeft)
	cands := append(append([]Candidate(nil), survivors...), props...)
	deals := rb / (int64(len(cands)) * gpd)
	for deals < minDeals && len(props) > 0 {
		props = props[:len(props)-1]
		cands = cands[:len(cands)-1]
		deals = rb / (int64(len(cands)) * gpd)
	}
	if deals < minDeals {
		return st.certify(idx, pick, cert, budget), nil
	}
	why := fmt.Sprintf("race: %d of %d candidates kept", len(survivors), len(last))
	if notes != "" {
		why += " (" + notes + ")"
	}
	if len(props) > 0 {
		why += fmt.Sprintf("; %d combinations proposed by the additive model", len(props))
	}
	return st.round(idx, Search, deals, cands, why, rb), nil
}

// state is what the rounds so far measured, by candidate.
type state struct {
	s     *Spec
	hist  []Played
	cs    []Component
	fam   int
	base  Candidate
	data  map[string]map[int]*Measure // candidate name → round index → measure
	cands map[string]Candidate
	est   map[string][]stats.Estimate
	// certDeals are the deals of a certification run (for the expected half-widths).
	certDeals int64
	effects   map[[2]float64][]float64 // (lever, value) → one-lever effect (nil: unknown)
}

func newState(s *Spec, hist []Played) *state {
	cs, fam := Components(s.Targets, s.Players, s.Ladder)
	for _, l := range s.Levers {
		if l.Integer {
			fam *= 2 // as CertDealsFor: the pick and its neighbour
			break
		}
	}
	st := &state{s: s, hist: hist, cs: cs, fam: fam, base: BaseCandidate(s.Levers, s.Players),
		data: map[string]map[int]*Measure{}, cands: map[string]Candidate{}, est: map[string][]stats.Estimate{},
		effects: map[[2]float64][]float64{}}
	for ri, h := range hist {
		if h.Round.Kind != Search {
			continue
		}
		for i, e := range h.Round.Entries {
			name := e.Candidate.Name
			if st.data[name] == nil {
				st.data[name] = map[int]*Measure{}
			}
			if i < len(h.Measures) && h.Measures[i] != nil {
				st.data[name][ri] = h.Measures[i]
			}
			st.cands[name] = e.Candidate
		}
	}
	for name, byRound := range st.data {
		var ms []*Measure
		for _, ri := range sortedRounds(byRound) {
			ms = append(ms, byRound[ri])
		}
		if len(ms) == 0 {
			continue
		}
		if e, err := Estimates(cs, ms); err == nil {
			st.est[name] = e
		}
	}
	return st
}

// Searched is one candidate the search rounds measured: its estimates over those rounds,
// the score the search ranked it by, the rounds it played in and its deals.
type Searched struct {
	Candidate Candidate
	Estimates []stats.Estimate
	Score     float64
	Rounds    []int
	Deals     int64
}

// SearchedCandidates lists the candidates the search rounds of hist measured, in the
// candidates' order (Candidate.Less); certDeals are the deals of a certification run (for
// the expected half-widths behind the score).
func SearchedCandidates(s *Spec, hist []Played, certDeals int64) []Searched {
	st := newState(s, hist)
	st.certDeals = certDeals
	names := make([]string, 0, len(st.cands))
	for name := range st.cands {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool { return st.cands[names[i]].Less(st.cands[names[j]]) })
	var out []Searched
	for _, name := range names {
		sc := Searched{Candidate: st.cands[name], Estimates: st.est[name], Score: st.q(name)}
		for _, r := range sortedRounds(st.data[name]) {
			sc.Rounds = append(sc.Rounds, r)
			sc.Deals += int64(len(st.data[name][r].Units))
		}
		out = append(out, sc)
	}
	return out
}

func sortedRounds(m map[int]*Measure) []int {
	var rs []int
	for r := range m {
		rs = append(rs, r)
	}
	sort.Ints(rs)
	return rs
}

func (st *state) round(idx int, kind string, deals int64, cands []Candidate, why string, budget int64) *Round {
	r := &Round{Index: idx, Kind: kind, Seed: RoundSeed(st.s.Seed, kind, idx), Deals: deals, Why: why, Budget: budget}
	for _, c := range cands {
		r.Entries = append(r.Entries, Entry{Candidate: c})
	}
	return r
}

// lastSearch is the candidates of the last search round, with those of the screening
// rounds that continued it.
func (st *state) lastSearch() []Candidate {
	var out []Candidate
	seen := map[string]bool{}
	for i := len(st.hist) - 1; i >= 0; i-- {
		h := st.hist[i]
		if h.Round.Kind != Search {
			continue
		}
		for _, e := range h.Round.Entries {
			if _, ok := st.est[e.Candidate.Name]; ok && !seen[e.Candidate.Name] {
				seen[e.Candidate.Name] = true
				out = append(out, e.Candidate)
			}
		}
		if !h.Round.Screen {
			break
		}
	}
	return out
}

// OneLever lists every change of one parameter within the levers' ranges (every whole
// value of each lever; for the seats' starting points every vector, shifts counted once),
// by cost: what the search screens before any combination.
func OneLever(s *Spec) []Candidate {
	var out []Candidate
	for _, c := range Candidates(s.Levers, s.Players, 1) {
		if c.Changed == 1 {
			out = append(out, c)
		}
	}
	return out
}

// screenOrder is the order of the screening: the moves of one number first (one seat's
// points, one lever's value: the undo of a bias on one seat, and what the additive model
// predicts every vector from), then the other changes of one parameter, each by cost.
func screenOrder(cs []Candidate) []Candidate {
	out := append([]Candidate(nil), cs...)
	sort.SliceStable(out, func(i, j int) bool {
		oi, oj := out[i].numbers() == 1, out[j].numbers() == 1
		if oi != oj {
			return oi
		}
		return out[i].Less(out[j])
	})
	return out
}

// screenSpent is the games the screening rounds (round 0 and those that continue it)
// played.
func screenSpent(hist []Played) int64 {
	var n int64
	searched := 0
	for _, h := range hist {
		if h.Round.Kind != Search {
			continue
		}
		if h.Round.Screen || searched == 0 {
			n += h.Games
		}
		if !h.Round.Screen {
			searched++
		}
	}
	return n
}

// byPrediction orders changes not yet played by the additive model's predicted score
// (the rules' estimates plus the measured effect of each number changed): those it
// predicts to look certifiable first, smallest change first, then the others closest
// first, then those it cannot predict, by cost.
func (st *state) byPrediction(cs []Candidate) []Candidate {
	be, ok := st.est[st.base.Name]
	if !ok {
		return cs
	}
	pred := make(map[string]float64, len(cs))
	for _, c := range cs {
		p := make([]stats.Estimate, len(be))
		copy(p, be)
		q := 0.0
		for i, l := range st.s.Levers {
			if c.Values[i] == l.Base {
				continue
			}
			d, found := st.effect(i, c.Values[i])
			if !found {
				q = math.Inf(1)
				break
			}
			for k := range p {
				p[k].Value += d[k]
			}
		}
		if q == 0 {
			q = st.score(p, 0, true)
		}
		pred[c.Name] = q
	}
	out := append([]Candidate(nil), cs...)
	sort.SliceStable(out, func(i, j int) bool {
		qi, qj := pred[out[i].Name], pred[out[j].Name]
		fi, fj := qi <= 1, qj <= 1
		switch {
		case fi != fj:
			return fi
		case fi || qi == qj:
			return out[i].Less(out[j])
		}
		return qi < qj
	})
	return out
}

// unscreened lists, by cost, the one-lever changes no search round played.
func (st *state) unscreened() []Candidate {
	var out []Candidate
	for _, c := range OneLever(st.s) {
		if _, played := st.data[c.Name]; !played {
			out = append(out, c)
		}
	}
	return out
}

// screened is the number of one-lever changes the search rounds played.
func (st *state) screened() int {
	n := 0
	for _, c := range st.cands {
		if c.Changed == 1 {
			n++
		}
	}
	return n
}

// Screened reports how many of the one-lever changes (total) the search rounds of hist
// played: the report says so when the budget could not screen them all.
func Screened(s *Spec, hist []Played) (screened, total int) {
	return newState(s, hist).screened(), len(OneLever(s))
}

func firstSearch(hist []Played) int {
	for i, h := range hist {
		if h.Round.Kind == Search {
			return i
		}
	}
	return 0
}

// excess is how far an estimate x (with half-width h added against the target) lies
// from component c's target, in units of the target's tolerance: ≤ 1 inside.
func (st *state) excess(c Component, x, h float64) float64 {
	t := st.s.Targets[c.Target]
	switch c.Kind {
	case Fair:
		return (math.Abs(x) + h) / t.Points
	case Length:
		return (math.Abs(x-t.Decisions) + h) / (t.Tolerance * t.Decisions)
	case Luck:
		return (x + h) / t.Share
	case Skill:
		// The K−1 strongest steps must be above 0: this step's share of that.
		return 1 - (x-h)/0.10
	}
	return math.Inf(1)
}

// score is a candidate's distance from the targets with half-widths z·se (search) plus
// the certification's expected half-width (cert true): ≤ 1 when inside. The skill target
// counts its K−1 best steps.
func (st *state) score(est []stats.Estimate, z float64, cert bool) float64 {
	certDeals := float64(st.certDeals)
	zc := FamilyZ(st.fam)
	worst := 0.0
	skill := []float64{}
	var skillT Target
	for i, c := range st.cs {
		e := est[i]
		h := z * e.SE
		if cert && certDeals > 0 {
			h += zc * e.SD / math.Sqrt(certDeals)
		}
		if c.Kind == Skill {
			skill = append(skill, st.excess(c, e.Value, h))
			skillT = st.s.Targets[c.Target]
			continue
		}
		worst = math.Max(worst, st.excess(c, e.Value, h))
	}
	if len(skill) > 0 {
		sort.Float64s(skill)
		k := min(max(skillT.Levels-1, 1), len(skill))
		worst = math.Max(worst, skill[k-1])
	}
	return worst
}

// q is the predicted certification score of a candidate from its search estimates: each
// estimate one search standard error further from its target (the search's own error),
// plus the certification's expected half-width.
func (st *state) q(name string) float64 {
	e, ok := st.est[name]
	if !ok {
		return math.Inf(1)
	}
	return st.score(e, 1, true)
}

// less ranks two candidates (see the package comment of the search).
func (st *state) less(a, b Candidate) bool {
	qa, qb := st.q(a.Name), st.q(b.Name)
	fa, fb := qa <= 1, qb <= 1
	switch {
	case fa != fb:
		return fa
	case fa:
		if a.Changed != b.Changed || a.Distance != b.Distance {
			return a.Less(b)
		}
		return qa < qb
	case qa != qb:
		return qa < qb
	}
	return a.Less(b)
}

func (st *state) sortByRank(cs []Candidate) []Candidate {
	out := append([]Candidate(nil), cs...)
	sort.SliceStable(out, func(i, j int) bool { return st.less(out[i], out[j]) })
	return out
}

// best is the pick: the first by rank where it looks certifiable (the smallest such
// change); where none does, the smallest change whose score is within one search standard
// error of the closest's — the closest of many noisy estimates is often a lucky draw, and
// a larger change is not preferred on noise alone.
func (st *state) best(cs []Candidate) Candidate {
	if len(cs) == 0 {
		return st.base
	}
	sorted := st.sortByRank(cs)
	top := sorted[0]
	qt := st.q(top.Name)
	if qt <= 1 || math.IsInf(qt, 1) {
		return top
	}
	band := 0.0
	for i, c := range st.cs {
		e := st.est[top.Name][i]
		switch c.Kind {
		case Fair:
			band = math.Max(band, e.SE/st.s.Targets[c.Target].Points)
		case Length:
			t := st.s.Targets[c.Target]
			band = math.Max(band, e.SE/(t.Tolerance*t.Decisions))
		}
	}
	byCost := append([]Candidate(nil), cs...)
	sort.Slice(byCost, func(i, j int) bool { return byCost[i].Less(byCost[j]) })
	for _, c := range byCost {
		if st.q(c.Name) <= qt+band {
			return c
		}
	}
	return top
}

// confident reports whether c can go to the certification now: it is the rules, and even
// its search interval (z = 2) widened by the certification's half-width lies inside the
// targets.
func (st *state) confident(c Candidate) bool {
	e, ok := st.est[c.Name]
	return ok && c.Changed == 0 && st.score(e, 2, true) <= 1
}

// linear is, for one deal of candidate name, the linearised distance of its active
// component (the one furthest from its target, on its side of it): comparing two
// candidates deal by deal on it is the paired comparison of their distances.
func (st *state) active(name string) (int, float64) {
	e := st.est[name]
	best, sign := -1, 0.0
	worst := math.Inf(-1)
	for i, c := range st.cs {
		if c.Kind != Fair && c.Kind != Length {
			continue
		}
		x := st.excess(c, e[i].Value, 0)
		if x > worst {
			worst, best = x, i
			center := 0.0
			if c.Kind == Length {
				center = st.s.Targets[c.Target].Decisions
			}
			sign = 1
			if e[i].Value < center {
				sign = -1
			}
		}
	}
	return best, sign
}

// worse reports whether a is significantly worse than b, deal by deal: on a's active
// component, a's distance minus b's distance on the same component (signed as each
// candidate lies) is above 0 by raceZ standard errors, and b's own distance is below a's.
func (st *state) worse(a, b Candidate) bool {
	ia, sa := st.active(a.Name)
	ib, _ := st.active(b.Name)
	if ia < 0 || ib < 0 {
		return false
	}
	c := st.cs[ia]
	tol := st.s.Targets[c.Target].Points
	if c.Kind == Length {
		tol = st.s.Targets[c.Target].Tolerance * st.s.Targets[c.Target].Decisions
	}
	eb := st.est[b.Name][ia]
	center := 0.0
	if c.Kind == Length {
		center = st.s.Targets[c.Target].Decisions
	}
	sb := 1.0
	if eb.Value < center {
		sb = -1
	}
	ea := st.est[a.Name][ia]
	clear := func(e stats.Estimate) bool { return math.Abs(e.Value-center) > raceZ*e.SE }
	if sa != sb || !clear(ea) || !clear(eb) {
		// On opposite sides the distances are not one paired difference; nor are they
		// where either lies within the race's noise of the target's centre: a noise
		// shared by both (common random numbers) moves the signed values together, so a
		// fair candidate drawn to one side looks, paired, further than one truly off
		// toward that side. Compare each distance with its own interval instead.
		da, db := math.Abs(ea.Value-center), math.Abs(eb.Value-center)
		return da-db > raceZ*math.Hypot(ea.SE, eb.SE) && st.score(st.est[b.Name], 0, false) < st.score(st.est[a.Name], 0, false)
	}
	d, ok := Paired(c, st.data[a.Name], st.data[b.Name])
	if !ok || d.SE == 0 {
		return false
	}
	// a's distance minus b's, on a's side: sa·(x_a − x_b) over the deals.
	diff := sa * d.Value / tol
	return diff > raceZ*d.SE/tol && st.score(st.est[b.Name], 0, false) < st.score(st.est[a.Name], 0, false)
}

// race drops, of the candidates, those significantly worse than a candidate that changes
// no more, and those that clearly cannot be certified (their score, even at the lower end
// of a raceZ interval, is above 1) unless among the two best.
func (st *state) race(cs []Candidate) ([]Candidate, string) {
	ranked := st.sortByRank(cs)
	top := map[string]bool{}
	for i, c := range ranked {
		if i < 2 {
			top[c.Name] = true
		}
	}
	var out []Candidate
	dominated, hopeless := 0, 0
	for _, a := range cs {
		worse := false
		for _, b := range cs {
			if a.Name != b.Name && noLarger(b, a) && st.worse(a, b) {
				worse = true
				break
			}
		}
		switch {
		case worse:
			dominated++
		case !top[a.Name] && st.lowerScore(a.Name) > 1:
			hopeless++
		default:
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		out = ranked[:1]
	}
	note := ""
	if dominated > 0 || hopeless > 0 {
		note = fmt.Sprintf("%d significantly worse deal by deal than a change no larger, %d clearly off the targets", dominated, hopeless)
	}
	return out, note
}

// plausible reports whether a candidate would look certifiable were its estimates one
// search standard error closer to the targets.
func (st *state) plausible(name string) bool {
	e, ok := st.est[name]
	return ok && st.score(e, -1, true) <= 1
}

// noLarger reports whether b changes no more than a (parameters, then distance).
func noLarger(b, a Candidate) bool {
	return b.Changed < a.Changed || b.Changed == a.Changed && b.Distance <= a.Distance
}

// lowerScore is the score at the lower end of the race interval: the least distance from
// the targets the candidate's search data allow.
func (st *state) lowerScore(name string) float64 {
	e := st.est[name]
	worst := 0.0
	for i, c := range st.cs {
		if c.Kind == Skill || c.Kind == Luck {
			continue
		}
		x := e[i].Value
		center := 0.0
		if c.Kind == Length {
			center = st.s.Targets[c.Target].Decisions
		}
		d := math.Max(math.Abs(x-center)-raceZ*e[i].SE, 0)
		worst = math.Max(worst, st.excess(c, center+d, 0))
	}
	return worst
}

// effect is the measured effect of the single change of lever i to value v on every
// component, relative to the rules: paired where both were played on the same deals,
// interpolated linearly between the values measured, unknown (ok false) outside them.
func (st *state) effect(i int, v float64) ([]float64, bool) {
	key := [2]float64{float64(i), v}
	if d, ok := st.effects[key]; ok {
		return d, d != nil
	}
	d, ok := st.measureEffect(i, v)
	st.effects[key] = d
	return d, ok
}

func (st *state) measureEffect(i int, v float64) ([]float64, bool) {
	l := st.s.Levers[i]
	if v == l.Base {
		return make([]float64, len(st.cs)), true
	}
	// The measured values of lever i, with their effects.
	type pt struct {
		x float64
		d []float64
	}
	pts := []pt{{l.Base, make([]float64, len(st.cs))}}
	for name, c := range st.cands {
		if leversChanged(st.s.Levers, c) != 1 || c.Values[i] == l.Base {
			continue
		}
		if _, ok := st.est[name]; !ok {
			continue
		}
		d := make([]float64, len(st.cs))
		for k, comp := range st.cs {
			if pd, ok := Paired(comp, st.data[name], st.data[st.base.Name]); ok {
				d[k] = pd.Value
			} else {
				d[k] = st.est[name][k].Value - st.est[st.base.Name][k].Value
			}
		}
		pts = append(pts, pt{c.Values[i], d})
	}
	sort.Slice(pts, func(a, b int) bool { return pts[a].x < pts[b].x })
	for k := 0; k+1 < len(pts); k++ {
		a, b := pts[k], pts[k+1]
		if v < a.x || v > b.x {
			continue
		}
		f := 0.0
		if b.x > a.x {
			f = (v - a.x) / (b.x - a.x)
		}
		out := make([]float64, len(st.cs))
		for j := range out {
			out[j] = a.d[j] + f*(b.d[j]-a.d[j])
		}
		return out, true
	}
	return nil, false
}

// propose lists up to n candidates not yet played, predicted by the additive model (the
// rules' estimates plus each changed lever's one-lever effect) to be certifiable, the
// smallest change first; none when the rules were not measured.
func (st *state) propose(n int) []Candidate {
	be, ok := st.est[st.base.Name]
	if !ok {
		return nil
	}
	type prop struct {
		c Candidate
		q float64
	}
	var ps []prop
	for _, c := range Candidates(st.s.Levers, st.s.Players, st.s.MaxChanged) {
		if _, played := st.data[c.Name]; played || c.Changed == 0 {
			continue
		}
		pred := make([]stats.Estimate, len(be))
		copy(pred, be)
		ok := true
		for i, l := range st.s.Levers {
			if c.Values[i] == l.Base {
				continue
			}
			d, found := st.effect(i, c.Values[i])
			if !found {
				ok = false
				break
			}
			for k := range pred {
				pred[k].Value += d[k]
			}
		}
		if !ok {
			continue
		}
		if q := st.score(pred, 0, true); q <= 1 {
			ps = append(ps, prop{c, q})
		}
	}
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].c.Changed != ps[j].c.Changed || ps[i].c.Distance != ps[j].c.Distance {
			return ps[i].c.Less(ps[j].c)
		}
		return ps[i].q < ps[j].q
	})
	var out []Candidate
	for _, p := range ps {
		if len(out) == n {
			break
		}
		out = append(out, p.c)
	}
	return out
}

// certify is the certification round: the rules, the pick and its neighbour.
func (st *state) certify(idx int, pick Candidate, deals, budget int64) *Round {
	r := &Round{Index: idx, Kind: Certify, Seed: RoundSeed(st.s.Seed, Certify, 0), Deals: deals, Budget: budget}
	r.Entries = append(r.Entries, Entry{Candidate: st.base, Role: RoleRules})
	r.Why = "certification on fresh deals: the rules"
	if pick.Changed > 0 {
		r.Entries = append(r.Entries, Entry{Candidate: pick, Role: RolePick})
		r.Why += " and the best candidate, " + pick.Name
		if nb, ok := st.neighbour(pick); ok {
			r.Entries = append(r.Entries, Entry{Candidate: nb, Role: RoleNeighbour})
			r.Why += ", and its neighbour on the other side of fair, " + nb.Name
		} else if alt, ok := st.alternative(pick); ok {
			// A pick without a whole-number neighbour leaves that run to another candidate:
			// for a combination the best change of one parameter, tested before it in cost
			// order; for a change of one parameter the runner-up among those, when it looks
			// certifiable (the search's best of many noisy estimates may be a lucky one).
			if alt.Changed < pick.Changed {
				r.Entries = append(r.Entries, Entry{Candidate: alt, Role: RoleSmaller})
				r.Why += ", and the best change of one parameter, " + alt.Name
			} else if pick.numbers() > 1 && alt.numbers() == 1 {
				r.Entries = append(r.Entries, Entry{Candidate: alt, Role: RoleRunnerUp})
				r.Why += ", and the best change of one number, " + alt.Name
			} else {
				r.Entries = append(r.Entries, Entry{Candidate: alt, Role: RoleRunnerUp})
				r.Why += ", and the runner-up, " + alt.Name
			}
		}
	} else {
		r.Why += ", the best candidate (no change)"
	}
	return r
}

// neighbour is, for a pick that changes one whole-number lever, the value one step away
// on the other side of fair for its worst seat: the direction from the sign of that seat's
// advantage and of the lever's measured effect on it. Not when the neighbour is the rules
// (they are certified anyway) or outside the lever's values.
func (st *state) neighbour(pick Candidate) (Candidate, bool) {
	if leversChanged(st.s.Levers, pick) != 1 {
		return Candidate{}, false
	}
	li := -1
	for i, l := range st.s.Levers {
		if pick.Values[i] != l.Base {
			li = i
		}
	}
	l := st.s.Levers[li]
	e, ok := st.est[pick.Name]
	if !ok || !l.Integer {
		return Candidate{}, false
	}
	seat, worst := -1, -1.0
	for k, c := range st.cs {
		if c.Kind == Fair && math.Abs(e[k].Value) > worst {
			seat, worst = k, math.Abs(e[k].Value)
		}
	}
	if seat < 0 {
		return Candidate{}, false
	}
	// The lever's effect on that seat: the slope between the rules and the pick.
	d, ok := st.effect(li, pick.Values[li])
	if !ok || d[seat] == 0 {
		return Candidate{}, false
	}
	slope := d[seat] / (pick.Values[li] - l.Base)
	dir := -math.Copysign(1, e[seat].Value) * math.Copysign(1, slope)
	vals := append([]float64(nil), pick.Values...)
	vals[li] += dir * l.Step
	// A seat's bonus beyond its range may still be in range as the same rules written
	// otherwise (every seat shifted): newCandidate finds that form.
	nb := newCandidate(st.s.Levers, st.s.Players, vals)
	for i, lv := range st.s.Levers {
		if !contains(lv.Values, nb.Values[i]) {
			return Candidate{}, false
		}
	}
	if nb.Changed == 0 || nb.Name == pick.Name {
		return Candidate{}, false
	}
	return nb, true
}

// alternative is, for a pick that changes several parameters, the best-ranked change of
// one parameter the search measured; for a pick that changes one, the best-ranked other
// change of one parameter, when it looks certifiable.
//
// A pick that moves several seats' points (one parameter, several numbers) has no
// whole-number neighbour; its alternative is the best change of one number the search
// measured — for the seats' points, moving one seat's points only, the direction that
// undoes a bias on one seat — whether or not it looks certifiable: at three players and
// more the search's estimates share one draw of deals, and the vector that best offsets
// that draw often wins the search over the undo that the certification's fresh deals
// then find fair.
func (st *state) alternative(pick Candidate) (Candidate, bool) {
	vector := pick.Changed == 1 && pick.numbers() > 1
	var ones []Candidate
	for _, c := range st.cands {
		if _, ok := st.est[c.Name]; !ok || c.Changed != 1 || c.Name == pick.Name {
			continue
		}
		if vector && c.numbers() != 1 {
			continue
		}
		ones = append(ones, c)
	}
	if len(ones) == 0 || pick.Changed < 1 {
		return Candidate{}, false
	}
	sort.Slice(ones, func(i, j int) bool { return ones[i].Less(ones[j]) }) // a fixed order first
	alt := st.best(ones)
	if vector {
		// The best by rank, not the smallest within a band of it: the moves of one seat
		// are few and far apart (one step moves a seat's share by points), and the
		// smallest of them within the band is most often the one short of the undo.
		alt = st.sortByRank(ones)[0]
	}
	if pick.Changed == 1 && !vector && st.q(alt.Name) > 1 {
		return Candidate{}, false
	}
	return alt, true
}
