package luck

import (
	"context"
	"math"
	"os"
	"slices"
	"testing"

	"dragonlab/engine"
	_ "dragonlab/engine/dragonheart"
	"dragonlab/engine/value"
	"dragonlab/sim"
)

// A planted chance event of known effect: plantedCoin wraps a two-player game and, once
// the game is over, flips a final coin: with probability rho it throws the result away
// and gives the win to a seat picked by a fair coin (each with rho/2), else the game's
// result stands. The inner game plays exactly as without the wrapper (the coin has its own
// stream), so on the same seeds the inner games are the same games, and what the coin adds
// to the luck share is known from the inner run alone (TestPlantedCoinRaisesLuckShare).
type plantedCoin struct {
	inner   engine.State
	rho     float64
	k       int // the inner game's features per seat
	kinds   int // the inner game's kinds of chance event
	coin    engine.RNG
	over    bool // the coin is resolved: the game is over
	pending bool // the coin is the pending chance event
	winner  int  // -1: the inner result stands
	res     [2]float64
	adapt   *coinHook // the hook the inner game calls (not copied: a state's own)
}

// coinHook passes the inner game's chance events to the observer with the wrapper as
// the state.
type coinHook struct {
	w *plantedCoin
	h engine.ChanceHook
}

func (c *coinHook) BeforeChance(engine.State) { c.h.BeforeChance(c.w) }
func (c *coinHook) AfterChance(engine.State)  { c.h.AfterChance(c.w) }

func (w *plantedCoin) Players() int { return 2 }
func (w *plantedCoin) ToMove() int  { return w.inner.ToMove() }
func (w *plantedCoin) Terminal() bool {
	return w.over
}
func (w *plantedCoin) Legal(buf []engine.Action) []engine.Action { return w.inner.Legal(buf) }
func (w *plantedCoin) Apply(a engine.Action)                     { w.inner.Apply(a); w.flip(nil) }
func (w *plantedCoin) Result(out []float64) {
	if w.winner < 0 {
		w.inner.Result(out)
		return
	}
	out[0], out[1] = 0, 0
	out[w.winner] = 1
}
func (w *plantedCoin) Score(seat int) float64 { return w.inner.Score(seat) }
func (w *plantedCoin) Reset(seed uint64) {
	w.inner.Reset(seed)
	w.coin.Seed(seed ^ 0xc011)
	w.over, w.pending, w.winner = false, false, -1
	w.flip(nil)
}
func (w *plantedCoin) Reseed(seed uint64) { w.inner.Reseed(seed); w.coin.Seed(seed ^ 0xc011) }
func (w *plantedCoin) Determinize(o int, seed uint64) {
	w.inner.Determinize(o, seed)
	w.coin.Seed(seed ^ 0xc011)
}
func (w *plantedCoin) Observe(seat int, buf []byte) []byte { return w.inner.Observe(seat, buf) }
func (w *plantedCoin) CopyFrom(src engine.State) {
	s := src.(*plantedCoin)
	w.inner.CopyFrom(s.inner)
	w.rho, w.k, w.kinds, w.coin, w.over, w.pending, w.winner = s.rho, s.k, s.kinds, s.coin, s.over, s.pending, s.winner
}
func (w *plantedCoin) Clone() engine.State {
	c := &plantedCoin{inner: w.inner.Clone(), adapt: &coinHook{}}
	c.adapt.w = c
	c.CopyFrom(w)
	return c
}
func (w *plantedCoin) ActionText(a engine.Action) string { return w.inner.ActionText(a) }

// flip resolves the final coin once the inner game is over, calling h around it.
func (w *plantedCoin) flip(h engine.ChanceHook) {
	if w.over || !w.inner.Terminal() {
		return
	}
	w.pending = true
	if h != nil {
		h.BeforeChance(w)
	}
	u := w.coin.Float64()
	code := uint32(0)
	if u < w.rho {
		code = 1 + uint32(w.coin.IntN(2))
	}
	w.ForceChance(engine.ChanceOutcome{Code: code})
	if h != nil {
		h.AfterChance(w)
	}
}

func (w *plantedCoin) ChanceKinds() []string {
	ks := slices.Clone(w.inner.(engine.ChanceEvents).ChanceKinds())
	return append(ks, "final coin")
}
func (w *plantedCoin) ResetObserved(seed uint64, h engine.ChanceHook) {
	w.adapt.h = h
	w.inner.(engine.ChanceEvents).ResetObserved(seed, w.adapt)
	w.coin.Seed(seed ^ 0xc011)
	w.over, w.pending, w.winner = false, false, -1
	w.flip(h)
}
func (w *plantedCoin) ApplyObserved(a engine.Action, h engine.ChanceHook) {
	w.adapt.h = h
	w.inner.(engine.ChanceEvents).ApplyObserved(a, w.adapt)
	w.flip(h)
}
func (w *plantedCoin) ChanceKind() int {
	if w.pending {
		return w.kinds
	}
	return w.inner.(engine.ChanceEvents).ChanceKind()
}
func (w *plantedCoin) ChanceOutcomes(buf []engine.ChanceOutcome) []engine.ChanceOutcome {
	if !w.pending {
		return w.inner.(engine.ChanceEvents).ChanceOutcomes(buf)
	}
	return append(buf[:0], engine.ChanceOutcome{Code: 0, Weight: 1 - w.rho},
		engine.ChanceOutcome{Code: 1, Weight: w.rho / 2}, engine.ChanceOutcome{Code: 2, Weight: w.rho / 2})
}
func (w *plantedCoin) ForceChance(o engine.ChanceOutcome) {
	if !w.pending {
		w.inner.(engine.ChanceEvents).ForceChance(o)
		return
	}
	w.pending, w.over, w.winner = false, true, int(o.Code)-1
}

// FeatureSet: the inner game's features, then "seat 0 before the coin", "seat 1 before
// the coin" and "result before the coin" (0 until the inner game is over).
func (w *plantedCoin) FeatureSet() (string, []string) {
	v, names := w.inner.(engine.ValueFeatures).FeatureSet()
	return "planted-" + v, append(slices.Clone(names), "seat 0 before the coin", "seat 1 before the coin", "result before the coin")
}
func (w *plantedCoin) Features(out []float64) {
	k := w.k + 3
	if !w.inner.Terminal() {
		w.inner.(engine.ValueFeatures).Features(out[:2*w.k])
		for s := 1; s >= 0; s-- {
			copy(out[s*k:s*k+w.k], out[s*w.k:(s+1)*w.k])
			out[s*k+w.k], out[s*k+w.k+1], out[s*k+w.k+2] = 0, 0, 0
		}
		return
	}
	w.inner.Result(w.res[:])
	for s := 0; s < 2; s++ {
		clear(out[s*k : s*k+w.k])
		out[s*k+w.k], out[s*k+w.k+1], out[s*k+w.k+2] = 0, 0, w.res[s]
		out[s*k+w.k+s] = 1
	}
}

// plantedGame wraps g's two-player game with the final coin of probability rho.
func plantedGame(g engine.Game, rho float64) engine.Game {
	w := g
	w.Name = "planted-" + g.Name
	w.New = func(p engine.Params, players int) (engine.State, error) {
		in, err := g.New(p, players)
		if err != nil {
			return nil, err
		}
		_, names := in.(engine.ValueFeatures).FeatureSet()
		s := &plantedCoin{inner: in, rho: rho, k: len(names), kinds: len(in.(engine.ChanceEvents).ChanceKinds()), winner: -1, adapt: &coinHook{}}
		s.adapt.w = s
		return s, nil
	}
	return w
}

// plantedValue is the wrapper's value function from the inner game's linear model m:
// (1−rho)·V + rho/2 while the inner game is played, and (1−rho)·result + rho/2 before the
// coin — the exact expectation over the coin, so the coin's luck is exactly its own.
func plantedValue(m *value.Model, version string, names []string, rho float64) *value.Loaded {
	pm := value.Model{Players: 2, Features: names, Intercept: make([]float64, 2)}
	for s := range pm.Intercept {
		pm.Intercept[s] = (1-rho)*m.Intercept[s] + rho/2
	}
	for _, x := range m.Weights {
		pm.Weights = append(pm.Weights, (1-rho)*x)
	}
	pm.Weights = append(pm.Weights, -(1-rho)*m.Intercept[0], -(1-rho)*m.Intercept[1], 1-rho)
	ref := value.Ref{Game: "planted-dragonheart", Version: version, SHA256: "planted", Seed: 999}
	return &value.Loaded{File: value.File{Schema: value.Schema, Game: ref.Game, Version: version, Models: []value.Model{pm}}, Ref: ref}
}

// TestPlantedCoinRaisesLuckShare: a final coin that hands the win to a random seat with
// probability rho must raise Dragonheart's luck share by exactly what it adds. From the
// inner run (the same deals, the same play) per seat: C = Cov(Y, L), V = Var(Y), and
// the coin's own variance Var(L_coin) = E[Var(Y'|Y)] = rho(1−rho)(E[Y²] − E[Y]) + rho/2 −
// rho²/4; the wrapped luck share is then Σ((1−rho)²C + Var(L_coin)) / Σ((1−rho)²V +
// Var(L_coin)). The measured share must hold it within its interval (which, on the same
// deals, only the coins' draws move).
func TestPlantedCoinRaisesLuckShare(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 2 × 2000 games with luck accounting")
	}
	const rho, games = 0.3, 2000
	g, err := engine.Lookup("dragonheart")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("testdata/dragonheart-linear.json")
	if err != nil {
		t.Fatal(err)
	}
	inV, err := value.ParseFor(g, g.DefaultParams(), data)
	if err != nil {
		t.Fatal(err)
	}
	inV = inV.For(2)
	run := func(game engine.Game, v *value.Loaded) *sim.LuckAgg {
		res, err := sim.Run(context.Background(), sim.Config{Game: game, Players: 2, Agents: randomPlayers(t, 2), Seed: 17, Units: games, Workers: 2, Luck: v})
		if err != nil {
			t.Fatal(err)
		}
		return res.Aggregate.Luck
	}
	inner := run(g, inV)
	pg := plantedGame(g, rho)
	st, err := pg.New(g.DefaultParams(), 2)
	if err != nil {
		t.Fatal(err)
	}
	version, names := st.(engine.ValueFeatures).FeatureSet()
	planted := run(pg, plantedValue(inV.Model(2), version, names, rho))

	var num, den float64
	for s := 0; s < 2; s++ {
		var tot sim.LuckTally
		var n int64
		for b := range inner.Batches {
			tot = add(tot, inner.Batches[b].Seats[s])
			n += inner.Batches[b].Games
		}
		m := tallyMoments(&tot, n)
		c, v := m.yl-m.y*m.l, m.yy-m.y*m.y
		coin := rho*(1-rho)*(m.yy-m.y) + rho/2 - rho*rho/4
		num += (1-rho)*(1-rho)*c + coin
		den += (1-rho)*(1-rho)*v + coin
	}
	want := num / den
	before, got := Share(inner), Share(planted)
	if !(got.Lo <= want && want <= got.Hi) {
		t.Fatalf("the planted coin (rho %.2f): luck share %.4f [%.4f, %.4f], want %.4f (%.4f without the coin: a raise of %.4f)", rho, got.Value, got.Lo, got.Hi, want, before.Value, want-before.Value)
	}
	if math.Abs(got.Value-before.Value) < 2*(got.Hi-got.Lo) {
		t.Fatalf("the planted coin moves the share from %.4f to %.4f only: the test cannot tell", before.Value, got.Value)
	}
	t.Logf("luck share %.4f without the coin, %.4f [%.4f, %.4f] with it; known %.4f", before.Value, got.Value, got.Lo, got.Hi, want)
}
