// Package tune answers "What to change?" as a search with a certificate: the smallest
// change of the rules (fewest parameters changed, then the smallest distance) that meets a
// designer's targets — every seat within ±P points of fair, a game length, a number of
// skill levels told apart, a luck share — found by racing candidates on the same deals
// (common random numbers, compared deal by deal) and then replayed, with the original
// rules, on fresh deals never used in the search, with family-wise 95% intervals over
// every target and seat. Only a change whose certified intervals lie inside the targets
// "meets the targets".
//
// Everything here is pure: the levers and targets a command line gives (Spec), the plan of
// each round as a function of the spec and the rounds before it (Next), and the analysis
// of the certification (Certify). sim/experiment plays the rounds as plans.
package tune

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"dragonlab/engine"
	"dragonlab/sim/text"
)

// Target kinds.
const (
	Fair   = "fair"
	Length = "length"
	Skill  = "skill"
	Luck   = "luck"
)

// Target is one of the designer's targets.
type Target struct {
	Kind string `json:"kind"`
	// Text is the target as the command line writes it, canonical: "fair=2",
	// "length=60±10%", "skill>=3", "luck<=40%".
	Text string `json:"text"`
	// Fair: every seat's advantage within ±Points (a share: 0.02 is 2 points).
	Points float64 `json:"points,omitempty"`
	// Length: Decisions per game within ±Tolerance (a fraction of Decisions).
	Decisions float64 `json:"decisions,omitempty"`
	Tolerance float64 `json:"tolerance,omitempty"`
	// Skill: at least Levels levels of play told apart (Levels−1 steps of the ladder
	// significantly stronger than the level below).
	Levels int `json:"levels,omitempty"`
	// Luck: the luck share at most Share.
	Share float64 `json:"share,omitempty"`
	// At (fair only) are the levels of play the target must hold at, by name (Levels
	// order): "fair=2@greedy,expert". None: the measuring level.
	At []string `json:"at,omitempty"`
}

// Levels are the levels of play a fair target may name (fair=P@level,…; "all" is every
// one), weakest first, with the agent each names: the study's levels.
var Levels = []struct{ Name, Agent string }{
	{"random", "random"},
	{"casual", "noisy:base=(greedy),eps=0.25"},
	{"greedy", "greedy"},
	{"expert", "expert"},
}

// LevelAgent is the agent spec of a level's name.
func LevelAgent(name string) (string, bool) {
	for _, l := range Levels {
		if l.Name == name {
			return l.Agent, true
		}
	}
	return "", false
}

func levelNames() string {
	var ns []string
	for _, l := range Levels {
		ns = append(ns, l.Name)
	}
	return strings.Join(ns, ", ") + " or all"
}

// DefaultTarget is the target when none is given (games with seats).
const DefaultTarget = "fair=2"

// LadderLevels are the levels of play of the skill target, weakest first; the last is the
// measuring agent (the study's levels: agents random, a casual player, greedy, expert).
var LadderLevels = []string{"random", "noisy:base=(greedy),eps=0.25", "greedy"}

// ParseTargets reads the targets (each "fair=P", "length=L±x%", "skill>=K" or "luck<=S";
// several may be given, comma-separated) for a game of players. Nothing given: fair=2
// for a game with seats. Every error is one line.
func ParseTargets(specs []string, players int) ([]Target, error) {
	var items []string
	for _, s := range specs {
		for _, it := range strings.Split(s, ",") {
			it = strings.TrimSpace(it)
			switch {
			case it == "":
				return nil, fmt.Errorf("--target: an empty target in %q (targets: fair=P, length=L±x%%, skill>=K, luck<=S)", s)
			case len(items) > 0 && strings.Contains(items[len(items)-1], "@") && !strings.ContainsAny(it, "=<>@"):
				// fair=2@greedy,expert: a bare name after a target with levels is one more
				// of its levels.
				items[len(items)-1] += "," + it
			default:
				items = append(items, it)
			}
		}
	}
	if len(items) == 0 {
		if players < 2 {
			return nil, errors.New("--target: a one-player game has no seats to make fair: give a target it can have (length=L±x% or luck<=S)")
		}
		items = []string{DefaultTarget}
	}
	var out []Target
	for _, it := range items {
		t, err := parseTarget(it, players)
		if err != nil {
			return nil, err
		}
		for _, o := range out {
			if o.Kind != t.Kind {
				continue
			}
			if o.Text == t.Text {
				return nil, fmt.Errorf("--target %s is given twice", t.Text)
			}
			if at := sharedLevel(o, t); at != "" && t.Kind == Fair {
				return nil, fmt.Errorf("--target: contradictory targets %s and %s at %s (one %s target at a time)", o.Text, t.Text, at, t.Kind)
			}
			return nil, fmt.Errorf("--target: contradictory targets %s and %s (one %s target at a time: name every level in one, e.g. fair=2@greedy,expert)", o.Text, t.Text, t.Kind)
		}
		out = append(out, t)
	}
	sort.SliceStable(out, func(i, j int) bool { return kindOrder(out[i].Kind) < kindOrder(out[j].Kind) })
	return out, nil
}

// sharedLevel is a level two targets both name (the measuring level, "", when neither
// names any), or "" when their levels are apart.
func sharedLevel(a, b Target) string {
	if len(a.At) == 0 && len(b.At) == 0 {
		return "the measuring level"
	}
	for _, x := range a.At {
		for _, y := range b.At {
			if x == y {
				return x
			}
		}
	}
	return ""
}

// parseLevels reads the levels after a target's "@": names of Levels, comma-separated,
// or "all"; canonical order, each once.
func parseLevels(s, body string) ([]string, error) {
	want := map[string]bool{}
	for _, n := range strings.Split(body, ",") {
		n = strings.TrimSpace(n)
		if n == "all" {
			for _, l := range Levels {
				want[l.Name] = true
			}
			continue
		}
		if _, ok := LevelAgent(n); !ok {
			return nil, fmt.Errorf("--target %s: no level of play is named %q (levels: %s)", s, n, levelNames())
		}
		want[n] = true
	}
	var out []string
	for _, l := range Levels {
		if want[l.Name] {
			out = append(out, l.Name)
		}
	}
	return out, nil
}

func kindOrder(k string) int {
	return map[string]int{Fair: 0, Length: 1, Luck: 2, Skill: 3}[k]
}

func parseTarget(s string, players int) (Target, error) {
	bad := func(format string, args ...any) (Target, error) {
		return Target{}, fmt.Errorf("--target "+s+": "+format, args...)
	}
	whole := s
	s, at, hasAt := strings.Cut(s, "@")
	if hasAt && !strings.HasPrefix(s, "fair=") {
		return Target{}, fmt.Errorf("--target %s: only a fair target names levels of play (fair=P@level,…)", whole)
	}
	switch {
	case strings.HasPrefix(s, "fair="):
		if players < 2 {
			return bad("a one-player game has no seats to make fair (targets for a solitaire: length=L±x%%, luck<=S)")
		}
		p, err := engine.ParseFinite("fair", strings.TrimSuffix(strings.TrimPrefix(s, "fair="), "pts"))
		if err != nil || p <= 0 || p >= 100*(1-1/float64(players)) {
			return bad("want fair=P with P the points of win share every seat may be off fair, 0 < P < %s", text.Trim(100*(1-1/float64(players)), 1))
		}
		t := Target{Kind: Fair, Text: "fair=" + text.Trim(p, 2), Points: p / 100}
		if hasAt {
			if t.At, err = parseLevels(whole, at); err != nil {
				return Target{}, err
			}
			t.Text += "@" + strings.Join(t.At, ",")
		}
		return t, nil
	case strings.HasPrefix(s, "length="):
		body := strings.TrimPrefix(s, "length=")
		body = strings.ReplaceAll(body, "+-", "±")
		l, tol, ok := strings.Cut(body, "±")
		if !ok {
			return bad("want length=L±x%% (decisions per game L, tolerance x%%), e.g. length=60±10%%")
		}
		L, err := engine.ParseFinite("length", l)
		if err != nil || L <= 0 {
			return bad("the length must be a positive number of decisions per game")
		}
		pct := strings.HasSuffix(tol, "%")
		x, err := engine.ParseFinite("length tolerance", strings.TrimSuffix(tol, "%"))
		if err != nil || x <= 0 {
			return bad("the tolerance must be positive, e.g. ±10%%")
		}
		frac := x / 100
		if !pct {
			frac = x / L // in decisions
		}
		if frac >= 1 {
			return bad("a tolerance of %s of the length accepts any length", text.Pct(frac))
		}
		return Target{Kind: Length, Text: "length=" + text.Trim(L, 2) + "±" + text.Trim(100*frac, 2) + "%", Decisions: L, Tolerance: frac}, nil
	case strings.HasPrefix(s, "skill>="):
		if players < 2 {
			return bad("a one-player game has no ladder of levels playing each other")
		}
		k, err := strconv.Atoi(strings.TrimPrefix(s, "skill>="))
		max := len(LadderLevels) + 1
		if err != nil || k < 2 || k > max {
			return bad("want skill>=K with K the levels of play told apart, 2 to %d (random, casual, greedy and the agent)", max)
		}
		return Target{Kind: Skill, Text: "skill>=" + strconv.Itoa(k), Levels: k}, nil
	case strings.HasPrefix(s, "luck<="):
		body := strings.TrimPrefix(s, "luck<=")
		pct := strings.HasSuffix(body, "%")
		x, err := engine.ParseFinite("luck", strings.TrimSuffix(body, "%"))
		if err == nil && pct {
			x /= 100
		}
		if err != nil || x <= 0 || x >= 1 {
			return bad("want luck<=S with S the luck share, a fraction or a percentage between 0 and 100%%, e.g. luck<=40%%")
		}
		return Target{Kind: Luck, Text: "luck<=" + text.Trim(100*x, 2) + "%", Share: x}, nil
	}
	return Target{}, fmt.Errorf("--target %q: unknown target (targets: fair=P, length=L±x%%, skill>=K, luck<=S)", s)
}

// MaxLevers and MaxValues bound a search (a typo like handSize=1..100000 is caught before
// anything is played); MaxCandidates bounds the combinations of every lever's values.
const (
	MaxLevers     = 8
	MaxValues     = 41
	MaxCandidates = 200000
)

// ParseLevers reads the levers: "auto" (the game's declared levers), a path with a range
// ("handSize=4..8", "seatBonus[2]=0..3", "treasure[0]=4..8:2"), a declared lever's path
// alone (its declared range), or "seatBonus" (every seat, the declared range). Every value
// of a lever must give valid rules with the others at their base.
func ParseLevers(g engine.Game, base engine.Params, players int, specs []string) ([]engine.LeverValues, error) {
	var items []string
	for _, s := range specs {
		for _, it := range strings.Split(s, ",") {
			it = strings.TrimSpace(it)
			if it == "" {
				return nil, fmt.Errorf("--levers: an empty lever in %q (give paths like handSize=4..8, seatBonus, or auto)", s)
			}
			items = append(items, it)
		}
	}
	if len(items) == 0 {
		items = []string{"auto"}
	}
	declared := map[string]engine.Lever{}
	for _, l := range g.Levers {
		if l.AppliesTo(players) {
			declared[l.Path] = l
		}
	}
	var out []engine.LeverValues
	add := func(l engine.LeverValues) error {
		for _, o := range out {
			if o.Path == l.Path {
				return fmt.Errorf("--levers: %s is given twice", l.Path)
			}
		}
		out = append(out, l)
		return nil
	}
	for _, it := range items {
		if it == "auto" {
			if len(declared) == 0 {
				return nil, fmt.Errorf("--levers auto: %s declares no levers for %d players (give paths, e.g. %s)", g.Name, players, strings.Join(engine.ParamKeys(g)[:min(3, len(engine.ParamKeys(g)))], ", "))
			}
			for _, d := range g.Levers {
				if !d.AppliesTo(players) || (d.Path == "seatBonus" && players < 2) {
					continue
				}
				ls, err := leversOf(g, base, players, d.Path, d.Lo, d.Hi, d.Step, d.Why)
				if err != nil {
					return nil, fmt.Errorf("--levers auto: %v", err)
				}
				for _, l := range ls {
					if err := add(l); err != nil {
						return nil, err
					}
				}
			}
			continue
		}
		path, rng, hasRange := strings.Cut(it, "=")
		path = strings.TrimSpace(path)
		key := engine.PathKey(path)
		if key == "" {
			return nil, fmt.Errorf("--levers %s: malformed path (want a parameter like handSize, an element like treasure[0] or deck.troll[2], or seatBonus)", it)
		}
		if !slicesContains(engine.ParamKeys(g), key) {
			return nil, fmt.Errorf("--levers %s: %s is not a %s rules parameter (valid: %s)", it, key, g.Name, strings.Join(engine.ParamKeys(g), ", "))
		}
		if key == "seatBonus" && players < 2 {
			return nil, fmt.Errorf("--levers %s: a one-player game has no seats to compensate", it)
		}
		var lo, hi, step float64
		var why string
		if hasRange {
			var err error
			if lo, hi, step, err = parseRange(path, rng); err != nil {
				return nil, fmt.Errorf("--levers %s: %v", it, err)
			}
		} else {
			d, ok := declared[path]
			if !ok && strings.HasPrefix(path, "seatBonus[") {
				d, ok = declared["seatBonus"]
			}
			if !ok {
				return nil, fmt.Errorf("--levers %s: give its range, e.g. %s=lo..hi (%s declares ranges for: %s)", it, path, g.Name, declaredText(g, players))
			}
			lo, hi, step, why = d.Lo, d.Hi, d.Step, d.Why
		}
		if d, ok := declared[path]; ok && why == "" {
			why = d.Why
		}
		ls, err := leversOf(g, base, players, path, lo, hi, step, why)
		if err != nil {
			return nil, fmt.Errorf("--levers %s: %v", it, err)
		}
		for _, l := range ls {
			if err := add(l); err != nil {
				return nil, err
			}
		}
	}
	if len(out) > MaxLevers {
		return nil, fmt.Errorf("--levers: %d levers, more than the %d a search takes (name fewer)", len(out), MaxLevers)
	}
	n := 1.0
	for _, l := range out {
		n *= float64(len(l.Values))
	}
	if n > MaxCandidates {
		return nil, fmt.Errorf("--levers: %s combinations of values, more than the %s a search takes (narrow the ranges or name fewer levers)", text.Count(int64(n)), text.Count(MaxCandidates))
	}
	return out, nil
}

func declaredText(g engine.Game, players int) string {
	var ps []string
	for _, l := range g.Levers {
		if l.AppliesTo(players) {
			ps = append(ps, fmt.Sprintf("%s=%s..%s", l.Path, text.Trim(l.Lo, 2), text.Trim(l.Hi, 2)))
		}
	}
	if len(ps) == 0 {
		return "none"
	}
	return strings.Join(ps, ", ")
}

func slicesContains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// parseRange reads lo..hi[:step].
func parseRange(path, s string) (lo, hi, step float64, err error) {
	a, b, ok := strings.Cut(s, "..")
	if !ok {
		return 0, 0, 0, fmt.Errorf("want a range %s=lo..hi or lo..hi:step", path)
	}
	b, st, hasStep := strings.Cut(b, ":")
	if lo, err = engine.ParseFinite(path, a); err != nil {
		return
	}
	if hi, err = engine.ParseFinite(path, b); err != nil {
		return
	}
	step = 1
	if hasStep {
		if step, err = engine.ParseFinite(path, st); err != nil {
			return
		}
	}
	switch {
	case step <= 0:
		err = errors.New("the step must be positive")
	case hi < lo:
		err = fmt.Errorf("the range is reversed (%s > %s)", a, b)
	case (hi-lo)/step+1 > MaxValues:
		err = fmt.Errorf("%d values, more than the %d a lever takes", int((hi-lo)/step)+1, MaxValues)
	}
	return
}

// leversOf resolves a path and range into levers: one per seat for "seatBonus".
func leversOf(g engine.Game, base engine.Params, players int, path string, lo, hi, step float64, why string) ([]engine.LeverValues, error) {
	if path == "seatBonus" {
		var out []engine.LeverValues
		for s := 0; s < players; s++ {
			l, err := leverOf(g, base, players, fmt.Sprintf("seatBonus[%d]", s), lo, hi, step, why)
			if err != nil {
				return nil, err
			}
			out = append(out, l)
		}
		return out, nil
	}
	l, err := leverOf(g, base, players, path, lo, hi, step, why)
	if err != nil {
		return nil, err
	}
	return []engine.LeverValues{l}, nil
}

func leverOf(g engine.Game, base engine.Params, players int, path string, lo, hi, step float64, why string) (engine.LeverValues, error) {
	b, err := engine.Number(g, base, path)
	if err != nil {
		return engine.LeverValues{}, err
	}
	l := engine.LeverValues{Path: path, Base: b, Step: step, Integer: engine.IsInteger(g, path), Seat: -1, Why: why}
	if strings.HasPrefix(path, "seatBonus[") {
		s, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(path, "seatBonus["), "]"))
		if s >= players {
			return engine.LeverValues{}, fmt.Errorf("%s: there are %d seats (0..%d)", path, players, players-1)
		}
		l.Seat = s
	}
	if l.Integer && (lo != math.Trunc(lo) || step != math.Trunc(step)) {
		return engine.LeverValues{}, fmt.Errorf("%s takes whole numbers: give a whole range and step", path)
	}
	dec := max(decimals(lo), decimals(step))
	scale := math.Pow(10, float64(dec))
	seen := map[float64]bool{}
	for i := 0; ; i++ {
		x := math.Round((lo+float64(i)*step)*scale) / scale
		if x > hi+1e-9 {
			break
		}
		seen[x] = true
	}
	seen[b] = true
	for x := range seen {
		l.Values = append(l.Values, x)
	}
	sort.Float64s(l.Values)
	if len(l.Values) < 2 {
		return engine.LeverValues{}, fmt.Errorf("%s: the range holds only the rules' own value %s: nothing to search", path, text.Trim(b, 4))
	}
	// Every value must give valid rules, the other levers at their base.
	for _, x := range l.Values {
		p, err := cloneParams(g, base)
		if err != nil {
			return engine.LeverValues{}, err
		}
		if err := engine.SetNumber(g, p, path, x, players); err != nil {
			return engine.LeverValues{}, fmt.Errorf("%s=%s is outside the rules: %v", path, text.Trim(x, 4), err)
		}
		if err := p.Validate(players); err != nil {
			return engine.LeverValues{}, fmt.Errorf("%s=%s is outside the rules: %v", path, text.Trim(x, 4), err)
		}
	}
	return l, nil
}

func decimals(x float64) int {
	s := strconv.FormatFloat(x, 'f', -1, 64)
	if i := strings.IndexByte(s, '.'); i >= 0 {
		return len(s) - i - 1
	}
	return 0
}

// cloneParams is a fresh copy of p.
func cloneParams(g engine.Game, p engine.Params) (engine.Params, error) {
	return engine.ParseParams(g, engine.ParamsJSON(p))
}

// Candidate is one setting of every lever (by lever index).
type Candidate struct {
	Values []float64 `json:"values"`
	// Changed is the number of parameters changed from the rules and Distance the size of
	// the change in steps (summed over the levers): the search's cost, smallest first.
	Changed  int     `json:"changed"`
	Distance float64 `json:"distance"`
	// Name is the change in words ("rules" for none): "handSize=5 seatBonus[1]=3".
	Name string `json:"name"`
}

// Less orders candidates by cost: fewer parameters changed, then a smaller distance, then
// fewer numbers changed, then by name (a total order, so every plan is the same). The
// numbers matter for the seats' points, one parameter: at the same distance, moving one
// seat's points (the undo of a bias on that seat) comes before moving several — seat 1's
// 4 → 0 before seats 0 and 1 moving to 1 and 1.
func (c Candidate) Less(o Candidate) bool {
	if c.Changed != o.Changed {
		return c.Changed < o.Changed
	}
	if c.Distance != o.Distance {
		return c.Distance < o.Distance
	}
	if nc, no := c.numbers(), o.numbers(); nc != no {
		return nc < no
	}
	return c.Name < o.Name
}

// numbers is the count of numbers c changes: its name lists each as "path=value".
func (c Candidate) numbers() int {
	return strings.Count(c.Name, "=")
}

// SeatFamily reports whether the levers hold every seat's bonus (then bonus vectors that
// differ by a constant are the same rules: every seat starts with the same extra points)
// and returns their indices by seat.
func SeatFamily(levers []engine.LeverValues, players int) ([]int, bool) {
	idx := make([]int, players)
	for i := range idx {
		idx[i] = -1
	}
	n := 0
	for i, l := range levers {
		if l.Seat >= 0 {
			idx[l.Seat] = i
			n++
		}
	}
	return idx, n == players && players >= 2
}

// newCandidate builds the candidate of values: for a full seat family the representative,
// among the bonus vectors that differ by a constant and stay within the levers' values,
// closest to the rules (the smallest distance, then the fewest seats changed).
func newCandidate(levers []engine.LeverValues, players int, values []float64) Candidate {
	vals := append([]float64(nil), values...)
	if seats, ok := SeatFamily(levers, players); ok {
		best, bestCost := []float64(nil), [2]float64{math.Inf(1), math.Inf(1)}
		// Every shift that keeps the first seat within its values (the loop below keeps
		// those that keep every seat within): so that every form of the same starting
		// points finds the same representative, and shift-equivalent vectors are one
		// candidate whichever form they were written in.
		shifts := map[float64]bool{0: true}
		for _, v := range levers[seats[0]].Values {
			shifts[v-vals[seats[0]]] = true
		}
		keys := make([]float64, 0, len(shifts))
		for c := range shifts {
			keys = append(keys, c)
		}
		sort.Float64s(keys)
		for _, c := range keys {
			ok := true
			changed, dist := 0.0, 0.0
			for _, i := range seats {
				v := vals[i] + c
				if !contains(levers[i].Values, v) {
					ok = false
					break
				}
				if v != levers[i].Base {
					changed++
					dist += math.Abs(v-levers[i].Base) / levers[i].Step
				}
			}
			// The seats' points are one parameter: the closest form is the one at the
			// smallest distance, then with the fewest seats changed, then the smallest shift
			// (the keys ascend).
			if ok && (dist < bestCost[0] || dist == bestCost[0] && changed < bestCost[1]) {
				bestCost = [2]float64{dist, changed}
				best = make([]float64, len(seats))
				for s, i := range seats {
					best[s] = vals[i] + c
				}
			}
		}
		if best != nil {
			for s, i := range seats {
				vals[i] = best[s]
			}
		}
	}
	c := Candidate{Values: vals}
	var parts []string
	seats := false
	for i, l := range levers {
		if vals[i] == l.Base {
			continue
		}
		// The seats' starting points are one parameter (seatBonus, a vector): changing
		// several seats' bonuses is one change of it, whose distance is the steps summed.
		if l.Seat < 0 || !seats {
			c.Changed++
		}
		seats = seats || l.Seat >= 0
		c.Distance += math.Abs(vals[i]-l.Base) / l.Step
		parts = append(parts, l.Path+"="+text.Trim(vals[i], 4))
	}
	c.Name = "rules"
	if len(parts) > 0 {
		c.Name = strings.Join(parts, " ")
	}
	return c
}

func contains(xs []float64, x float64) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// leversChanged is the number of levers (seats counted one by one) whose value c changes:
// 1 for a change of one number, the one-lever effects the additive model builds on.
func leversChanged(levers []engine.LeverValues, c Candidate) int {
	n := 0
	for i, l := range levers {
		if c.Values[i] != l.Base {
			n++
		}
	}
	return n
}

// BaseCandidate is the rules themselves.
func BaseCandidate(levers []engine.LeverValues, players int) Candidate {
	v := make([]float64, len(levers))
	for i, l := range levers {
		v[i] = l.Base
	}
	return newCandidate(levers, players, v)
}

// Candidates lists every distinct candidate (shift-equivalent seat bonuses once) with at
// most maxChanged parameters changed, by cost.
func Candidates(levers []engine.LeverValues, players, maxChanged int) []Candidate {
	seen := map[string]bool{}
	var out []Candidate
	idx := make([]int, len(levers))
	vals := make([]float64, len(levers))
	for {
		changed, seats := 0, false
		for i, l := range levers {
			vals[i] = l.Values[idx[i]]
			if vals[i] != l.Base && (l.Seat < 0 || !seats) {
				changed++
				seats = seats || l.Seat >= 0
			}
		}
		if changed <= maxChanged || maxChanged < 0 {
			c := newCandidate(levers, players, vals)
			if (c.Changed <= maxChanged || maxChanged < 0) && !seen[c.Name] {
				seen[c.Name] = true
				out = append(out, c)
			}
		}
		k := len(levers) - 1
		for k >= 0 {
			idx[k]++
			if idx[k] < len(levers[k].Values) {
				break
			}
			idx[k] = 0
			k--
		}
		if k < 0 {
			break
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Less(out[j]) })
	return out
}

// Params are the rules of candidate c.
func (c Candidate) Params(g engine.Game, base engine.Params, levers []engine.LeverValues, players int) (engine.Params, error) {
	p, err := cloneParams(g, base)
	if err != nil {
		return nil, err
	}
	for i, l := range levers {
		if c.Values[i] == l.Base {
			continue
		}
		if err := engine.SetNumber(g, p, l.Path, c.Values[i], players); err != nil {
			return nil, err
		}
	}
	if err := p.Validate(players); err != nil {
		return nil, fmt.Errorf("%s: %v", c.Name, err)
	}
	return p, nil
}

// Change is what candidate c changes: the rules parameters (keys) that differ from the
// base rules, each with its new value as JSON — what summary.json's proposal lists.
func (c Candidate) Change(g engine.Game, base engine.Params, levers []engine.LeverValues, players int) (map[string]string, error) {
	p, err := c.Params(g, base, levers, players)
	if err != nil {
		return nil, err
	}
	old := map[string]string{}
	for _, kv := range engine.ParamValues(base) {
		old[kv.Key] = kv.Value
	}
	out := map[string]string{}
	for _, kv := range engine.ParamValues(p) {
		if kv.Value != old[kv.Key] && !(kv.Key == "seatBonus" && sameBonus(kv.Value, old[kv.Key])) {
			out[kv.Key] = kv.Value
		}
	}
	return out, nil
}

// sameBonus reports whether two seatBonus values are the same starting points ([] is
// zeros).
func sameBonus(a, b string) bool {
	z := func(s string) string {
		s = strings.Trim(s, "[]")
		for _, f := range strings.Split(s, ",") {
			if f != "" && f != "0" {
				return s
			}
		}
		return ""
	}
	return z(a) == z(b)
}
