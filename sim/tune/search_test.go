package tune

import (
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"dragonlab/engine"
)

// A known truth: a two-player game whose seat 0 advantage falls linearly with seat 1's
// starting points, a(v) = 7.6 − 3.5·v points, and whose length grows with a second lever,
// L(h) = 40 + 5·(h − 6) decisions. Each deal's outcome is drawn from a uniform fixed by
// the round's seed and the deal (common random numbers: every candidate of a round sees
// the same uniforms), so candidates compared on one round are paired as real runs are.
type toyModel struct {
	adv    func(vals []float64) float64
	length func(vals []float64) float64
}

func (m toyModel) measure(s *Spec, r *Round, c Candidate) *Measure {
	cs, _ := Components(s.Targets, s.Players, s.Ladder)
	rng := rand.New(rand.NewPCG(r.Seed, 7))
	ms := &Measure{}
	a, l := m.adv(c.Values), m.length(c.Values)
	for u := int64(0); u < r.Deals; u++ {
		x, y := rng.Float64(), rng.NormFloat64()
		d0 := -0.5
		if x < 0.5+a {
			d0 = 0.5
		}
		row := make([]float64, unitColumns(cs))
		for _, comp := range cs {
			switch comp.Kind {
			case Fair:
				row[comp.unit] = d0
				if comp.Seat == 1 {
					row[comp.unit] = -d0
				}
			case Length:
				row[comp.unit] = l + 8*y
			}
		}
		ms.Units = append(ms.Units, row)
		ms.Index = append(ms.Index, u)
	}
	return ms
}

// play runs the search to its end on the model and returns the rounds played.
func (m toyModel) play(t *testing.T, s *Spec) []Played {
	t.Helper()
	var hist []Played
	for i := 0; i < 20; i++ {
		r, err := Next(s, hist)
		if err != nil {
			t.Fatal(err)
		}
		if r == nil {
			return hist
		}
		again, _ := Next(s, hist)
		if !reflect.DeepEqual(r, again) {
			t.Fatalf("round %d: Next is not a function of the history", r.Index)
		}
		p := Played{Round: *r}
		for _, e := range r.Entries {
			p.Measures = append(p.Measures, m.measure(s, r, e.Candidate))
			p.Games += r.Deals
		}
		hist = append(hist, p)
	}
	t.Fatal("the search did not end")
	return nil
}

func seatLever(lo, hi float64) engine.LeverValues {
	l := engine.LeverValues{Path: "seatBonus[1]", Base: 0, Step: 1, Integer: true, Seat: 1}
	for v := lo; v <= hi; v++ {
		l.Values = append(l.Values, v)
	}
	return l
}

func TestSearchFindsTheFairStartingPoints(t *testing.T) {
	m := toyModel{adv: func(v []float64) float64 { return 0.076 - 0.035*v[0] }, length: func([]float64) float64 { return 40 }}
	s := &Spec{Game: "toy", Players: 2, Agent: "toy", Levers: []engine.LeverValues{seatLever(0, 6)},
		Targets: []Target{{Kind: Fair, Text: "fair=2", Points: 0.02}}, Seed: 3, Games: 80000, Rounds: DefaultRounds, MaxChanged: 1}
	hist := m.play(t, s)
	last := hist[len(hist)-1]
	cert, err := CertifyRound(s, last.Round, last.Measures)
	if err != nil {
		t.Fatal(err)
	}
	best := cert.Best()
	// a(2) = +0.6 points: the only value within ±2 (a(1) = +4.1, a(3) = −2.9).
	if best.Candidate.Values[0] != 2 || !best.Meets {
		t.Fatalf("certified %s (meets %v), want seat 1 +2", best.Candidate.Name, best.Meets)
	}
	if cert.Neighbour == nil || math.Abs(cert.Neighbour.Candidate.Values[0]-2) != 1 {
		t.Fatalf("no whole-number neighbour of the pick was certified with it: %+v", cert.Neighbour)
	}
	if cert.Family != 3 {
		t.Fatalf("family of %d claims, want 3 (one seat claim for the rules, the pick and its neighbour)", cert.Family)
	}
	for i, h := range hist[:len(hist)-1] {
		if h.Round.Seed == last.Round.Seed {
			t.Fatalf("search round %d shares the certification's seed", i)
		}
	}
	var games int64
	for _, h := range hist {
		games += h.Games
	}
	if games > s.Games {
		t.Fatalf("played %d games of a budget of %d", games, s.Games)
	}
}

// A planted change of the length: the second lever made games 10 decisions longer; the
// length target brings it back, and the seat lever stays where it is fair.
func TestSearchBringsBackTheLength(t *testing.T) {
	hand := engine.LeverValues{Path: "handSize", Base: 8, Step: 1, Integer: true, Seat: -1, Values: []float64{4, 5, 6, 7, 8}}
	m := toyModel{adv: func([]float64) float64 { return 0 }, length: func(v []float64) float64 { return 40 + 5*(v[0]-6) }}
	s := &Spec{Game: "toy", Players: 2, Agent: "toy", Levers: []engine.LeverValues{hand},
		Targets: []Target{{Kind: Fair, Text: "fair=3", Points: 0.03}, {Kind: Length, Text: "length=40±5%", Decisions: 40, Tolerance: 0.05}},
		Seed:    5, Games: 60000, Rounds: DefaultRounds, MaxChanged: 1}
	hist := m.play(t, s)
	last := hist[len(hist)-1]
	cert, err := CertifyRound(s, last.Round, last.Measures)
	if err != nil {
		t.Fatal(err)
	}
	if b := cert.Best(); b.Candidate.Values[0] != 6 || !b.Meets {
		t.Fatalf("certified %s (meets %v), want handSize 6", b.Candidate.Name, b.Meets)
	}
}

// Nothing to change: the rules are fair, the search goes to the certification with the
// rules alone and certifies them as they are.
func TestSearchCertifiesFairRulesAsTheyAre(t *testing.T) {
	m := toyModel{adv: func(v []float64) float64 { return -0.035 * v[0] }, length: func([]float64) float64 { return 40 }}
	s := &Spec{Game: "toy", Players: 2, Agent: "toy", Levers: []engine.LeverValues{seatLever(0, 4)},
		Targets: []Target{{Kind: Fair, Text: "fair=3", Points: 0.03}}, Seed: 9, Games: 40000, Rounds: DefaultRounds, MaxChanged: 1}
	hist := m.play(t, s)
	last := hist[len(hist)-1]
	cert, _ := CertifyRound(s, last.Round, last.Measures)
	if b := cert.Best(); b.Candidate.Changed != 0 || !b.Meets || cert.Pick != nil {
		t.Fatalf("certified %s (meets %v), want the rules as they are", b.Candidate.Name, b.Meets)
	}
}

// A CPU-time budget starts with a pilot that measures a game, then plans in games.
func TestCPUBudgetStartsWithAPilot(t *testing.T) {
	s := &Spec{Game: "toy", Players: 2, Levers: []engine.LeverValues{seatLever(0, 3)}, Targets: []Target{{Kind: Fair, Text: "fair=2", Points: 0.02}},
		Seed: 1, CPU: 600, Rounds: 2, MaxChanged: 1}
	r, err := Next(s, nil)
	if err != nil || r.Kind != Pilot || len(r.Entries) != 1 {
		t.Fatalf("first round %+v, %v: want a pilot of the rules", r, err)
	}
	m := toyModel{adv: func([]float64) float64 { return 0 }, length: func([]float64) float64 { return 40 }}
	p := Played{Round: *r, Measures: []*Measure{m.measure(s, r, r.Entries[0].Candidate)}, Games: r.Deals, Seconds: float64(r.Deals) * 0.01}
	r2, err := Next(s, []Played{p})
	if err != nil || r2.Kind != Search || r2.Budget != int64(0.4*float64(60000-3*CertDealsFor(s, 60000, 0))) {
		t.Fatalf("after the pilot (0.01 s a game, 600 s: 60,000 games): %+v, %v", r2, err)
	}
}

func TestCandidatesCountSameStartingPointsOnce(t *testing.T) {
	levers := []engine.LeverValues{
		{Path: "seatBonus[0]", Base: 0, Step: 1, Integer: true, Seat: 0, Values: []float64{0, 1, 2}},
		{Path: "seatBonus[1]", Base: 0, Step: 1, Integer: true, Seat: 1, Values: []float64{0, 1, 2}},
		{Path: "seatBonus[2]", Base: 0, Step: 1, Integer: true, Seat: 2, Values: []float64{0, 1, 2}},
	}
	cs := Candidates(levers, 3, -1)
	// 27 vectors, of which [k,k,k] are the rules (3 → 1) and every other class of vectors
	// differing by a constant is one: 27 − 2 − (the 6 vectors with min 1 and max 2 that
	// repeat one with min 0) = 19.
	if len(cs) != 19 {
		var names []string
		for _, c := range cs {
			names = append(names, c.Name)
		}
		t.Fatalf("%d candidates, want 19: %s", len(cs), strings.Join(names, "; "))
	}
	if cs[0].Name != "rules" || cs[1].Changed != 1 {
		t.Fatalf("not ordered by cost: %s, %s", cs[0].Name, cs[1].Name)
	}
	// With rules that give seat 1 four points, giving seat 0 four too is the same game as
	// taking them from seat 1: one change of one seat.
	planted := []engine.LeverValues{
		{Path: "seatBonus[0]", Base: 0, Step: 1, Integer: true, Seat: 0, Values: []float64{0, 1, 2, 3, 4}},
		{Path: "seatBonus[1]", Base: 4, Step: 1, Integer: true, Seat: 1, Values: []float64{0, 1, 2, 3, 4}},
	}
	c := newCandidate(planted, 2, []float64{4, 4})
	if c.Changed != 1 || c.Distance != 4 {
		t.Fatalf("[4,4] from [0,4]: %+v", c)
	}
}

func TestParseTargets(t *testing.T) {
	ok := map[string]string{
		"":                           "fair=2",
		"fair=3":                     "fair=3",
		"length=60±10%":              "length=60±10%",
		"length=60+-6":               "length=60±10%",
		"luck<=0.4,skill>=3":         "luck<=40%,skill>=3",
		"skill>=2,fair=1.5":          "fair=1.5,skill>=2",
		"fair=2,length=40±5%":        "fair=2,length=40±5%",
		"luck<=35%":                  "luck<=35%",
		"fair=2, length=40 ± 5%":     "",
		"fair=2@expert,greedy":       "fair=2@greedy,expert",
		"fair=2@all,length=40±5%":    "fair=2@random,casual,greedy,expert,length=40±5%",
		"length=40±5%,fair=3@casual": "fair=3@casual,length=40±5%",
	}
	for in, want := range ok {
		var specs []string
		if in != "" {
			specs = []string{in}
		}
		ts, err := ParseTargets(specs, 2)
		if want == "" {
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		var got []string
		for _, t := range ts {
			got = append(got, t.Text)
		}
		if strings.Join(got, ",") != want {
			t.Errorf("%q: %s, want %s", in, strings.Join(got, ","), want)
		}
	}
	bad := []struct {
		in      string
		players int
		want    string
	}{
		{"fair=2,fair=3", 2, "contradictory"},
		{"length=40±5%,length=60±5%", 2, "contradictory"},
		{"fair=2,fair=2", 2, "twice"},
		{"fair=0", 2, "0 < P"},
		{"fair=60", 2, "0 < P"},
		{"fair=2", 1, "one-player"},
		{"skill>=3", 1, "one-player"},
		{"skill>=9", 2, "2 to 4"},
		{"luck<=0", 2, "between 0 and 100%"},
		{"length=40", 2, "length=L±x%"},
		{"length=40±100%", 2, "accepts any length"},
		{"speed=3", 2, "unknown target"},
		{"fair=NaN", 2, "0 < P"},
		{"fair=2@grandmaster", 2, `no level of play is named "grandmaster"`},
		{"fair=2@greedy,wizard", 2, `no level of play is named "wizard"`},
		{"fair=2@", 2, "no level of play"},
		{"fair=2@greedy,fair=3@greedy,expert", 2, "contradictory targets fair=2@greedy and fair=3@greedy,expert at greedy"},
		{"fair=2,fair=3", 2, "contradictory targets fair=2 and fair=3 at the measuring level"},
		{"fair=2@greedy,fair=3@expert", 2, "name every level in one"},
		{"length=40±5%@expert", 2, "only a fair target names levels"},
	}
	for _, b := range bad {
		_, err := ParseTargets([]string{b.in}, b.players)
		if err == nil || !strings.Contains(err.Error(), b.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q with %d players: %v, want one line saying %q", b.in, b.players, err, b.want)
		}
	}
	if _, err := ParseTargets(nil, 1); err == nil || !strings.Contains(err.Error(), "one-player") {
		t.Errorf("no target for a solitaire: %v", err)
	}
}

// A toy registered game with a number parameter and seat bonuses, for the lever tests.
type leverParams struct {
	Size      int   `json:"size"`
	SeatBonus []int `json:"seatBonus"`
	Cards     []int `json:"cards"`
}

func (p *leverParams) Validate(players int) error {
	if p.Size < 1 || p.Size > 9 {
		return errSize
	}
	return engine.CheckSeatBonus(p.SeatBonus, players)
}

var errSize = errString("size is out of range 1..9")

type errString string

func (e errString) Error() string { return string(e) }

var leverGame = engine.Game{Name: "levertoy", MinPlayers: 1, MaxPlayers: 4,
	DefaultParams: func() engine.Params { return &leverParams{Size: 5, SeatBonus: []int{}, Cards: []int{1, 2, 3}} },
	Levers:        []engine.Lever{{Path: "size", Lo: 3, Hi: 7, Step: 1, Why: "size"}, {Path: "seatBonus", Lo: 0, Hi: 2, Step: 1, Why: "bonus"}},
	New:           func(engine.Params, int) (engine.State, error) { return nil, errString("not playable") },
}

func TestParseLevers(t *testing.T) {
	g := leverGame
	base := g.DefaultParams()
	ls, err := ParseLevers(g, base, 3, []string{"auto"})
	if err != nil || len(ls) != 4 || ls[0].Path != "size" || ls[3].Path != "seatBonus[2]" || len(ls[0].Values) != 5 {
		t.Fatalf("auto: %+v, %v", ls, err)
	}
	ls, err = ParseLevers(g, base, 2, []string{"cards[1]=1..4,size=4..6:2"})
	if err != nil || len(ls) != 2 || !reflect.DeepEqual(ls[0].Values, []float64{1, 2, 3, 4}) || !reflect.DeepEqual(ls[1].Values, []float64{4, 5, 6}) {
		t.Fatalf("paths: %+v, %v", ls, err)
	}
	bad := []struct {
		in      string
		players int
		want    string
	}{
		{"sise=1..3", 2, "valid: size, seatBonus, cards"},
		{"size=4..12", 2, "outside the rules"},
		{"size=4.5..6", 2, "whole"},
		{"size=6..4", 2, "reversed"},
		{"seatBonus", 1, "one-player"},
		{"cards[7]=1..2", 2, "indices 0..2"},
		{"cards", 2, "give its range"},
		{"size=3..7,size=4..5", 2, "twice"},
		{"size=5..5", 2, "nothing to search"},
		{"size=1..100000", 2, "more than"},
	}
	for _, b := range bad {
		_, err := ParseLevers(g, base, b.players, []string{b.in})
		if err == nil || !strings.Contains(err.Error(), b.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: %v, want one line saying %q", b.in, err, b.want)
		}
	}
}

func init() { engine.Register(leverGame) }

// Rules first: where the rules meet the targets on the certification's fresh deals, the
// answer is no change even when the pick meets them too (the needless change of a search
// that drew an unlucky estimate of the rules), and the pick is the answer only where the
// rules do not meet them. Over 20 seeds of a fair toy whose pick is a fair change too,
// no change is certified in all but the rare seed where the rules' own interval reaches
// beyond the target.
func TestCertifyRulesFirst(t *testing.T) {
	levers := []engine.LeverValues{seatLever(0, 6)}
	s := &Spec{Game: "toy", Players: 2, Agent: "toy", Levers: levers,
		Targets: []Target{{Kind: Fair, Text: "fair=2", Points: 0.02}}, Seed: 3, Rounds: DefaultRounds, MaxChanged: 1}
	rules := BaseCandidate(levers, 2)
	pick := newCandidate(levers, 2, []float64{1})
	certify := func(m toyModel, seed uint64) *Certificate {
		r := Round{Kind: Certify, Seed: seed, Deals: 20000, Entries: []Entry{{Candidate: rules, Role: RoleRules}, {Candidate: pick, Role: RolePick}}}
		cert, err := CertifyRound(s, r, []*Measure{m.measure(s, &r, rules), m.measure(s, &r, pick)})
		if err != nil {
			t.Fatal(err)
		}
		return cert
	}
	fair := toyModel{adv: func([]float64) float64 { return 0 }, length: func([]float64) float64 { return 40 }}
	needless := 0
	for seed := uint64(1); seed <= 20; seed++ {
		cert := certify(fair, seed)
		if cert.Rules.Meets && cert.Best() != &cert.Rules {
			t.Fatalf("seed %d: the rules meet the targets, and the answer is %s", seed, cert.Best().Candidate.Name)
		}
		if b := cert.Best(); b.Meets && b.Candidate.Changed > 0 {
			needless++
		}
	}
	if needless > 1 {
		t.Errorf("a needless change certified on %d of 20 seeds of fair rules", needless)
	}
	// Rules 4 points off, the pick fair: the pick is the answer.
	off := toyModel{adv: func(v []float64) float64 { return 0.04 * (1 - v[0]) }, length: func([]float64) float64 { return 40 }}
	if cert := certify(off, 1); cert.Rules.Meets || cert.Best() != cert.Pick || !cert.Certified() {
		t.Fatalf("rules off by 4 points: the answer is %s (certified %v)", cert.Best().Candidate.Name, cert.Certified())
	}
}
