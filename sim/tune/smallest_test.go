package tune

import (
	"math"
	"math/rand/v2"
	"testing"

	"dragonlab/engine"
)

// A known truth with three seats: seat s's advantage is intrinsic[s]·f(handSize) plus
// 4 points per starting point above the seats' mean. The intrinsic advantages are
// +4, 0, −4 points, so starting points [0,1,2] make the game exactly fair: one parameter
// (the seats' starting points are one vector) at distance 3. handSize scales the
// intrinsic advantages (f = 1 − 0.25·(h − 6)), so some combinations with handSize are
// fair too, at a smaller distance but with two parameters changed.
type seatToy struct {
	players   int
	intrinsic []float64
	perPoint  float64
	scale     func(vals []float64) float64
}

func (m seatToy) adv(levers []engine.LeverValues, vals []float64) []float64 {
	b := make([]float64, m.players)
	for i, l := range levers {
		if l.Seat >= 0 {
			b[l.Seat] = vals[i]
		}
	}
	mean := 0.0
	for _, x := range b {
		mean += x / float64(m.players)
	}
	f := 1.0
	if m.scale != nil {
		f = m.scale(vals)
	}
	out := make([]float64, m.players)
	for s := range out {
		out[s] = m.intrinsic[s]*f + m.perPoint*(b[s]-mean)
	}
	return out
}

// measure plays deals on the round's seed: one winner per deal, drawn with probability
// 1/n + adv[s] from a uniform shared by every candidate of the round (common random
// numbers).
func (m seatToy) measure(s *Spec, r *Round, c Candidate) *Measure {
	cs, _ := Components(s.Targets, s.Players, s.Ladder)
	a := m.adv(s.Levers, c.Values)
	rng := rand.New(rand.NewPCG(r.Seed, 11))
	cols := unitColumns(cs)
	flat := make([]float64, int(r.Deals)*cols) // one backing array: the toy stays cheap
	ms := &Measure{Units: make([][]float64, 0, r.Deals), Index: make([]int64, 0, r.Deals)}
	for u := int64(0); u < r.Deals; u++ {
		x := rng.Float64()
		win, acc := m.players-1, 0.0
		for k := 0; k < m.players; k++ {
			acc += 1/float64(m.players) + a[k]
			if x < acc {
				win = k
				break
			}
		}
		row := flat[int(u)*cols : int(u+1)*cols]
		for _, comp := range cs {
			if comp.Kind == Fair {
				row[comp.unit] = -1 / float64(m.players)
				if comp.Seat == win {
					row[comp.unit] += 1
				}
			}
		}
		ms.Units = append(ms.Units, row)
		ms.Index = append(ms.Index, u)
	}
	return ms
}

func (m seatToy) play(t *testing.T, s *Spec) []Played {
	t.Helper()
	var hist []Played
	for i := 0; i < 30; i++ {
		r, err := Next(s, hist)
		if err != nil {
			t.Fatal(err)
		}
		if r == nil {
			return hist
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

func threeSeatLevers() []engine.LeverValues {
	var ls []engine.LeverValues
	for s := 0; s < 3; s++ {
		ls = append(ls, engine.LeverValues{Path: "seatBonus[" + string(rune('0'+s)) + "]", Base: 0, Step: 1, Integer: true, Seat: s, Values: []float64{0, 1, 2, 3}})
	}
	return append(ls, engine.LeverValues{Path: "handSize", Base: 6, Step: 1, Integer: true, Seat: -1, Values: []float64{4, 5, 6, 7, 8}})
}

// The seats' starting points are one parameter: a vector changing two seats is a change
// of one parameter, and every such vector in range is a one-lever candidate.
func TestSeatVectorIsOneParameter(t *testing.T) {
	ls := threeSeatLevers()
	c := newCandidate(ls, 3, []float64{0, 1, 2, 6})
	if c.Changed != 1 || c.Distance != 3 {
		t.Fatalf("[0,1,2]: changed %d, distance %g; want one parameter at distance 3", c.Changed, c.Distance)
	}
	if c := newCandidate(ls, 3, []float64{0, 1, 2, 7}); c.Changed != 2 {
		t.Fatalf("[0,1,2] with handSize 7: changed %d, want 2", c.Changed)
	}
	// 4³ vectors, shifts once: 4³ − 3³ = 37 classes, one of them the rules; handSize 4.
	if n := len(OneLever(&Spec{Levers: ls, Players: 3})); n != 36+4 {
		t.Fatalf("%d one-lever changes, want 40", n)
	}
}

// Every one-lever change is screened before any combination is played, also when the
// first round has no room for all of them, and the answer is the smallest certified change:
// [0,1,2] alone, not a combination with handSize.
func TestSmallestChangeIsScreenedFirst(t *testing.T) {
	m := seatToy{players: 3, intrinsic: []float64{0.04, 0, -0.04}, perPoint: 0.04,
		scale: func(v []float64) float64 { return 1 - 0.25*(v[3]-6) }}
	for _, games := range []int64{300000} {
		s := &Spec{Game: "toy", Players: 3, Agent: "toy", Levers: threeSeatLevers(),
			Targets: []Target{{Kind: Fair, Text: "fair=2", Points: 0.02}}, Seed: 21, Games: games, Rounds: DefaultRounds, MaxChanged: 2}
		hist := m.play(t, s)
		all := map[string]bool{}
		for _, c := range OneLever(s) {
			all[c.Name] = true
		}
		seen := map[string]bool{}
		for _, h := range hist[:len(hist)-1] {
			for _, e := range h.Round.Entries {
				if e.Candidate.Changed >= 2 && len(seen) < len(all) {
					t.Fatalf("budget %d, round %d plays %s with %d of %d one-lever changes screened", games, h.Round.Index, e.Candidate.Name, len(seen), len(all))
				}
				if e.Candidate.Changed == 1 {
					seen[e.Candidate.Name] = true
				}
			}
		}
		if sc, tot := Screened(s, hist[:len(hist)-1]); sc != tot || tot != len(all) {
			t.Fatalf("budget %d: screened %d of %d", games, sc, tot)
		}
		last := hist[len(hist)-1]
		cert, err := CertifyRound(s, last.Round, last.Measures)
		if err != nil {
			t.Fatal(err)
		}
		b := cert.Best()
		a := m.adv(s.Levers, b.Candidate.Values)
		worst := 0.0
		for _, x := range a {
			worst = math.Max(worst, math.Abs(x))
		}
		if !b.Meets || b.Candidate.Changed != 1 || worst > 0.02 {
			t.Fatalf("budget %d: answer %s (changed %d, meets %v, true worst seat %.1f points); want a one-parameter change of the starting points", games, b.Candidate.Name, b.Candidate.Changed, b.Meets, 100*worst)
		}
	}
}

// Cost order in the certificate: the rules first, then one parameter, then two; a
// combination's answer names the one-parameter change certified and missed.
func TestCertificateCostOrder(t *testing.T) {
	ls := threeSeatLevers()
	row := func(vals []float64, meets bool, role string) *Row {
		return &Row{Role: role, Candidate: newCandidate(ls, 3, vals), Meets: meets}
	}
	c := &Certificate{Rules: *row([]float64{0, 0, 0, 6}, false, RoleRules),
		Pick:    row([]float64{0, 0, 1, 7}, true, RolePick),
		Smaller: row([]float64{0, 1, 2, 6}, true, RoleSmaller)}
	if b := c.Best(); b != c.Smaller {
		t.Fatalf("both meet: answer %s, want the one-parameter change", b.Candidate.Name)
	}
	c.Smaller.Meets = false
	if b := c.Best(); b != c.Pick || len(c.Missed()) != 1 || c.Missed()[0] != c.Smaller {
		t.Fatalf("the smaller change missed: answer %s, missed %v", b.Candidate.Name, c.Missed())
	}
	c.Rules.Meets = true
	if b := c.Best(); b != &c.Rules || len(c.Missed()) != 0 {
		t.Fatalf("the rules meet: answer %s", b.Candidate.Name)
	}
}

// At the same distance, moving one seat's points comes before moving several: from
// [0,4,0], seat 1's 4 → 0 (distance 4) before seats 0 and 1 at 1 and 1 (also 4).
func TestOneSeatMoveBeforeSeveralAtOneDistance(t *testing.T) {
	ls := seatLevers(3, []float64{0, 4, 0}, 6)
	undo, two := newCandidate(ls, 3, []float64{0, 0, 0}), newCandidate(ls, 3, []float64{1, 1, 0})
	if undo.Distance != two.Distance || undo.Changed != 1 || two.Changed != 1 {
		t.Fatalf("%s (%g) and %s (%g): want one parameter at one distance", undo.Name, undo.Distance, two.Name, two.Distance)
	}
	if !undo.Less(two) || two.Less(undo) {
		t.Fatalf("%s is not before %s", undo.Name, two.Name)
	}
}

// fixedMeasure is deals whose seat shares are exactly shares (the winners laid out in
// order): a search estimate known in advance.
func fixedMeasure(s *Spec, deals int, shares []float64) *Measure {
	cs, _ := Components(s.Targets, s.Players, s.Ladder)
	cols := unitColumns(cs)
	m := &Measure{}
	for u := 0; u < deals; u++ {
		x, win, acc := (float64(u)+0.5)/float64(deals), s.Players-1, 0.0
		for k, p := range shares {
			if acc += p; x < acc {
				win = k
				break
			}
		}
		row := make([]float64, cols)
		for _, comp := range cs {
			if comp.Kind == Fair {
				row[comp.unit] = -1 / float64(s.Players)
				if comp.Seat == win {
					row[comp.unit]++
				}
			}
		}
		m.Units = append(m.Units, row)
		m.Index = append(m.Index, int64(u))
	}
	return m
}

// A pick that moves several seats' points has no whole-number neighbour: the
// certification replays with it the best move of one seat's points (the undo of a bias
// on one seat), even where that move does not look certifiable — the search's deals,
// shared by every candidate, often favour a vector that offsets their own luck.
func TestVectorPickIsCertifiedWithTheBestOneSeatMove(t *testing.T) {
	ls := seatLevers(3, []float64{0, 4, 0}, 6)
	s := &Spec{Game: "toy", Players: 3, Agent: "toy", Levers: ls, Targets: []Target{{Kind: Fair, Text: "fair=2", Points: 0.02}},
		Seed: 5, Games: 100000, Rounds: DefaultRounds, MaxChanged: 1}
	third := 1.0 / 3
	played := map[string][]float64{
		"rules":                         {third - 0.06, third + 0.12, third - 0.06},
		"seatBonus[0]=1 seatBonus[1]=1": {third, third, third},                      // the lucky vector
		"seatBonus[1]=0":                {third - 0.01, third - 0.01, third + 0.02}, // the undo, off by the deals' luck
		"seatBonus[1]=1":                {third - 0.04, third + 0.035, third + 0.005},
		"seatBonus[1]=3":                {third - 0.05, third + 0.09, third - 0.04},
	}
	r := Round{Index: 0, Kind: Search, Seed: 1, Deals: 1000}
	p := Played{Round: r}
	for _, vals := range [][]float64{{0, 4, 0}, {1, 1, 0}, {0, 0, 0}, {0, 1, 0}, {0, 3, 0}} {
		c := newCandidate(ls, 3, vals)
		p.Round.Entries = append(p.Round.Entries, Entry{Candidate: c})
		p.Measures = append(p.Measures, fixedMeasure(s, 1000, played[c.Name]))
	}
	st := newState(s, []Played{p})
	st.certDeals = 20000
	pick := st.best(st.lastSearch())
	if pick.Name != "seatBonus[0]=1 seatBonus[1]=1" {
		t.Fatalf("pick %s, want the lucky vector", pick.Name)
	}
	cr := st.certify(1, pick, 20000, s.Games)
	if len(cr.Entries) != 3 || cr.Entries[2].Candidate.Name != "seatBonus[1]=0" || cr.Entries[2].Role != RoleRunnerUp {
		t.Fatalf("certified %v, want the rules, the pick and seatBonus[1]=0", cr.Entries)
	}
	// In cost order the one-seat undo comes before the pick: the answer where both meet.
	c := &Certificate{Rules: Row{Role: RoleRules, Candidate: st.base},
		Pick:     &Row{Role: RolePick, Candidate: pick, Meets: true},
		RunnerUp: &Row{Role: RoleRunnerUp, Candidate: cr.Entries[2].Candidate, Meets: true}}
	if b := c.Best(); b != c.RunnerUp {
		t.Fatalf("answer %s, want seatBonus[1]=0", b.Candidate.Name)
	}
}
