package sim

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"dragonlab/agents"
	"dragonlab/engine"
	"dragonlab/sim/value"
)

// coinSkill is a two-player toy with exactly known luck: at the deal a chance event picks
// the mode, the coin with probability Q/4; in coin mode a second chance event, a coin
// (seat 0 wins with probability Bias/10), decides the game; in skill mode the seats each
// pick a bit and seat 0 wins if they match (matching pennies: the players' choices alone
// decide). With the value function that knows this (every unfinished position is worth
// the seats' chances before the coin), the luck of a game is its coin's correction, and
// the luck share — the share of the outcome's variance the chance events carry — is Q/4
// exactly when the coin is fair.
type coinSkillParams struct {
	Q    int `json:"q"`    // quarters: the coin decides with probability Q/4
	Bias int `json:"bias"` // tenths: in coin mode seat 0 wins with probability Bias/10
}

func (p *coinSkillParams) Validate(int) error {
	if p.Q < 0 || p.Q > 4 || p.Bias < 0 || p.Bias > 10 {
		return fmt.Errorf("q %d, bias %d out of range", p.Q, p.Bias)
	}
	return nil
}

const (
	csMode = iota // kinds
	csCoin
)

type coinSkill struct {
	q, bias  int
	coin     bool // coin mode
	picks    [2]int8
	toMove   int
	done     bool
	winner   int
	rng      engine.RNG
	hook     engine.ChanceHook
	kind     int
	resolved int // chance events resolved (for ForceChance of the pending one)
}

func (s *coinSkill) Players() int   { return 2 }
func (s *coinSkill) ToMove() int    { return s.toMove }
func (s *coinSkill) Terminal() bool { return s.done }
func (s *coinSkill) Legal(buf []engine.Action) []engine.Action {
	return append(buf[:0], 0, 1)
}
func (s *coinSkill) Apply(a engine.Action) {
	s.picks[s.toMove] = int8(a)
	if s.toMove == 0 {
		s.toMove = 1
		return
	}
	s.done = true
	s.winner = 1
	if s.picks[0] == s.picks[1] {
		s.winner = 0
	}
}
func (s *coinSkill) Result(out []float64) {
	out[0], out[1] = 0, 0
	out[s.winner] = 1
}
func (s *coinSkill) Score(seat int) float64 { return 0 }
func (s *coinSkill) Reset(seed uint64) {
	h := s.hook
	*s = coinSkill{q: s.q, bias: s.bias, hook: h}
	s.rng.Seed(seed)
	s.before(csMode)
	s.coin = s.rng.IntN(4) < s.q
	s.after()
	if s.coin {
		s.before(csCoin)
		s.setCoin(s.rng.IntN(10) >= s.bias)
		s.after()
	}
}
func (s *coinSkill) setCoin(seat1 bool) {
	s.done, s.winner = true, 0
	if seat1 {
		s.winner = 1
	}
}
func (s *coinSkill) before(kind int) {
	s.kind = kind
	if s.hook != nil {
		s.hook.BeforeChance(s)
	}
}
func (s *coinSkill) after() {
	if s.hook != nil {
		s.hook.AfterChance(s)
	}
}
func (s *coinSkill) Reseed(seed uint64)             { s.rng.Seed(seed) }
func (s *coinSkill) Determinize(_ int, seed uint64) { s.rng.Seed(seed) }
func (s *coinSkill) Observe(_ int, buf []byte) []byte {
	return fmt.Appendf(buf, "%v%v", s.coin, s.picks)
}
func (s *coinSkill) CopyFrom(src engine.State)         { *s = *src.(*coinSkill) }
func (s *coinSkill) Clone() engine.State               { c := *s; return &c }
func (s *coinSkill) ActionText(a engine.Action) string { return fmt.Sprint(a) }

func (s *coinSkill) ChanceKinds() []string { return []string{"mode", "coin"} }
func (s *coinSkill) ResetObserved(seed uint64, h engine.ChanceHook) {
	s.hook = h
	s.Reset(seed)
	s.hook = nil
}
func (s *coinSkill) ApplyObserved(a engine.Action, h engine.ChanceHook) { s.Apply(a) } // no chance
func (s *coinSkill) ChanceKind() int                                    { return s.kind }
func (s *coinSkill) ChanceOutcomes(buf []engine.ChanceOutcome) []engine.ChanceOutcome {
	buf = buf[:0]
	if s.kind == csMode {
		if s.q > 0 {
			buf = append(buf, engine.ChanceOutcome{Code: 1, Weight: float64(s.q)})
		}
		if s.q < 4 {
			buf = append(buf, engine.ChanceOutcome{Code: 0, Weight: float64(4 - s.q)})
		}
		return buf
	}
	if s.bias > 0 {
		buf = append(buf, engine.ChanceOutcome{Code: 0, Weight: float64(s.bias)})
	}
	if s.bias < 10 {
		buf = append(buf, engine.ChanceOutcome{Code: 1, Weight: float64(10 - s.bias)})
	}
	return buf
}
func (s *coinSkill) ForceChance(o engine.ChanceOutcome) {
	s.hook = nil
	if s.kind == csMode {
		s.coin = o.Code == 1
		return
	}
	s.setCoin(o.Code == 1)
}
func (s *coinSkill) FeatureSet() (string, []string) { return "coinskill/1", []string{"coin mode"} }
func (s *coinSkill) Features(out []float64) {
	c := 0.0
	if s.coin {
		c = 1
	}
	out[0], out[1] = c, -c
}

var coinSkillGame = engine.Game{
	Name: "coinskill", Title: "Coin or skill", Spec: "CS", MinPlayers: 2, MaxPlayers: 2,
	DefaultParams: func() engine.Params { return &coinSkillParams{Q: 2, Bias: 5} },
	New: func(p engine.Params, players int) (engine.State, error) {
		pp := p.(*coinSkillParams)
		return &coinSkill{q: pp.Q, bias: pp.Bias}, nil
	},
}

func init() { engine.Register(coinSkillGame) }

// coinSkillValue is a value function for coinSkill: seat values intercept + w·(coin mode).
func coinSkillValue(intercept [2]float64, w float64) *value.Loaded {
	return &value.Loaded{
		File: value.File{Schema: value.Schema, Game: "coinskill", Version: "coinskill/1", Fit: value.FitInfo{Seed: 999},
			Models: []value.Model{{Players: 2, Features: []string{"coin mode"}, Intercept: intercept[:], Weights: []float64{w}}}},
		Ref: value.Ref{Game: "coinskill", Version: "coinskill/1", SHA256: strings.Repeat("ab", 32), Seed: 999},
	}
}

func runCoinSkill(t testing.TB, q, bias int, seed uint64, games int64, vf *value.Loaded) *Result {
	t.Helper()
	f, err := agents.Parse("random")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), Config{Game: coinSkillGame, Params: &coinSkillParams{Q: q, Bias: bias}, Players: 2,
		Agents: []agents.Factory{f, f}, Seed: seed, Units: games, Workers: 1, Luck: vf})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestLuckShareCalibrated: the winner decided by a fair coin alone (luck share 1), by the
// players' choices alone (0), or by the coin with probability q ∈ {1/4, 1/2, 3/4} (q): the
// luck share's 95% interval covers the truth in at least 45 of 50 runs.
func TestLuckShareCalibrated(t *testing.T) {
	exact := coinSkillValue([2]float64{0.5, 0.5}, 0)
	for q := 0; q <= 4; q++ {
		truth := float64(q) / 4
		covered := 0
		for seed := uint64(1); seed <= 50; seed++ {
			res := runCoinSkill(t, q, 5, seed, 2000, exact)
			if err := res.Validate(); err != nil {
				t.Fatal(err)
			}
			l := res.Aggregate.Luck
			e := l.LuckShare()
			if mode, coin := l.KindShare(csMode), l.KindShare(csCoin); mode != 0 || math.Abs(coin-e.Value) > 1e-9 {
				t.Fatalf("q %d/4, seed %d: the mode carries %.4f and the coin %.4f of a luck share of %.4f, want 0 and all", q, seed, mode, coin, e.Value)
			}
			if q == 0 || q == 4 { // exact: no spread
				if math.Abs(e.Value-truth) > 1e-9 || e.SE > 1e-9 {
					t.Fatalf("q %d/4, seed %d: luck share %.6f ± %.6f, want exactly %.2f", q, seed, e.Value, e.SE, truth)
				}
				covered++
				continue
			}
			if e.Lo <= truth && truth <= e.Hi {
				covered++
			}
		}
		t.Logf("q %d/4: covered %d of 50", q, covered)
		if covered < 45 {
			t.Errorf("q %d/4: the luck share's interval covered %.2f in %d of 50 runs, want ≥ 45", q, truth, covered)
		}
	}
}

// TestLuckAdjustedUnbiased: with a biased coin (seat 0 wins it 6 times in 10) and a wrong
// value function, the luck-adjusted seat advantage has the raw one's expectation: over
// 40 runs the mean difference is within 3 standard errors of 0; and it is more precise.
func TestLuckAdjustedUnbiased(t *testing.T) {
	wrong := coinSkillValue([2]float64{0.8, 0.3}, 0.25)
	var diffs []float64
	var rawSE, adjSE float64
	for seed := uint64(1); seed <= 40; seed++ {
		l := runCoinSkill(t, 3, 6, seed, 2000, wrong).Aggregate.Luck
		raw, adj := l.Advantage(0, false, false), l.Advantage(0, false, true)
		diffs = append(diffs, adj.Value-raw.Value)
		rawSE += raw.SE
		adjSE += adj.SE
	}
	mean, sd := meanSD(diffs)
	if se := sd / math.Sqrt(float64(len(diffs))); math.Abs(mean) > 3*se {
		t.Errorf("adjusted − raw advantage: mean %.4f over %d runs, %.1f standard errors from 0", mean, len(diffs), mean/se)
	}
	if adjSE >= rawSE {
		t.Errorf("the adjusted advantage is not more precise: mean SE %.4f vs raw %.4f", adjSE/40, rawSE/40)
	}
}

func meanSD(x []float64) (float64, float64) {
	m := 0.0
	for _, v := range x {
		m += v
	}
	m /= float64(len(x))
	ss := 0.0
	for _, v := range x {
		ss += (v - m) * (v - m)
	}
	return m, math.Sqrt(ss / float64(len(x)-1))
}
