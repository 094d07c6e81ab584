package sim

import (
	"encoding/hex"
	"fmt"
	"math/bits"
	"slices"

	"dragonlab/engine"
)

// Validation of the luck aggregate (luck.go), like the other optional aggregates
// (extras_check.go): shapes by the names, every sum within what its games allow, the
// Cauchy–Schwarz bounds that exact integer sums of squares and products obey, and the
// totals the main aggregate also knows equal to it.

// absMul is |a|·|b| as a 128-bit number (hi, lo).
func absMul(a, b int64) (uint64, uint64) {
	ua, ub := uint64(a), uint64(b)
	if a < 0 {
		ua = uint64(-a)
	}
	if b < 0 {
		ub = uint64(-b)
	}
	return bits.Mul64(ua, ub)
}

// leqMul reports whether |a·b| ≤ |c·d| exactly.
func leqMul(a, b, c, d int64) bool {
	h1, l1 := absMul(a, b)
	h2, l2 := absMul(c, d)
	return h1 < h2 || (h1 == h2 && l1 <= l2)
}

// check validates one tally over games games.
func (t *LuckTally) check(games int64) error {
	switch {
	case t.Y < 0 || t.Y > satMul(60, games) || t.YY < 0 || t.YY > satMul(60, t.Y):
		return fmt.Errorf("outcomes %d (squares %d) in %d games", t.Y, t.YY, games)
	case t.LL < 0 || t.SS < 0 || t.DD < 0 || t.MM < 0 || t.GG < 0:
		return fmt.Errorf("a negative sum of squares")
	case !leqMul(t.Y, t.Y, games, t.YY) || !leqMul(t.L, t.L, games, t.LL) || !leqMul(t.S, t.S, games, t.SS):
		return fmt.Errorf("a sum larger than its sum of squares allows")
	case !leqMul(t.YL, t.YL, t.YY, t.LL) || !leqMul(t.YS, t.YS, t.YY, t.SS) || !leqMul(t.LS, t.LS, t.LL, t.SS) || !leqMul(t.DM, t.DM, t.DD, t.MM):
		return fmt.Errorf("a sum of products larger than its sums of squares allow")
	case !leqMul(t.G, t.G, games, t.GG) || !leqMul(t.YG, t.YG, t.YY, t.GG):
		return fmt.Errorf("a guessing sum larger than its sums of squares allow")
	case games == 0 && (t.L != 0 || t.S != 0 || t.V0 != 0 || t.G != 0):
		return fmt.Errorf("sums without games")
	}
	return nil
}

// check validates the luck aggregate against the aggregate a of players seats.
func (l *LuckAgg) check(a *Aggregate, players int) error {
	if l.Scale != LuckScale {
		return fmt.Errorf("scale %d, want %d", l.Scale, LuckScale)
	}
	if err := checkNames("chance kinds", l.Kinds, engine.MaxChanceKinds); err != nil {
		return err
	}
	if b, err := hex.DecodeString(l.Value.SHA256); err != nil || len(b) != 32 || l.Value.Game == "" || l.Value.Version == "" {
		return fmt.Errorf("the value function is not identified (game, version, sha256)")
	}
	if len(l.Events) != len(l.Kinds) {
		return fmt.Errorf("%d event tallies for %d kinds", len(l.Events), len(l.Kinds))
	}
	for k, e := range l.Events {
		if e.Events < 0 || e.Swing < 0 || len(e.Luck) != players || len(e.LuckY) != players {
			return fmt.Errorf("kind %s: %d events, swing %d, %d and %d seats", l.Kinds[k], e.Events, e.Swing, len(e.Luck), len(e.LuckY))
		}
	}
	if l.Rounds < 0 || l.GuessSwing < 0 || (l.Rounds == 0 && l.GuessSwing != 0) {
		return fmt.Errorf("%d rounds of secret choices with swing %d", l.Rounds, l.GuessSwing)
	}
	if len(l.Batches) != LuckBatches {
		return fmt.Errorf("%d batches, want %d", len(l.Batches), LuckBatches)
	}
	var games int64
	seatY, agentY := make([]int64, players), make([]int64, players)
	for b, x := range l.Batches {
		if x.Games < 0 || len(x.Seats) != players || len(x.Agents) != players {
			return fmt.Errorf("batch %d: %d games, %d seats and %d agents for %d players", b, x.Games, len(x.Seats), len(x.Agents), players)
		}
		games = satAdd(games, x.Games)
		for s := range players {
			if err := x.Seats[s].check(x.Games); err != nil {
				return fmt.Errorf("batch %d, seat %d: %v", b, s, err)
			}
			if err := x.Agents[s].check(x.Games); err != nil {
				return fmt.Errorf("batch %d, agent %d: %v", b, s, err)
			}
			seatY[s] = satAdd(seatY[s], x.Seats[s].Y)
			agentY[s] = satAdd(agentY[s], x.Agents[s].Y)
		}
	}
	if games != a.Games {
		return fmt.Errorf("the batches hold %d games, the aggregate %d", games, a.Games)
	}
	for s := range players {
		if seatY[s] != tallyShare60(&a.Seats[s]) || agentY[s] != tallyShare60(&a.Agents[s]) {
			return fmt.Errorf("seat or agent %d: win shares disagree with the aggregate", s)
		}
	}
	return nil
}

// checkLuckNames checks that the luck aggregate is of this game: its value function is
// the game's, for the engine's version of the features, and the kinds are the game's.
func (r *Result) checkLuckNames(g engine.Game, p engine.Params) error {
	l := r.Aggregate.Luck
	if l == nil {
		return nil
	}
	s, err := g.New(p, r.Players)
	if err != nil {
		return fmt.Errorf("%s rules: %v", g.Name, err)
	}
	vf, ok1 := s.(engine.ValueFeatures)
	ce, ok2 := s.(engine.ChanceEvents)
	if !ok1 || !ok2 {
		return fmt.Errorf("luck: %s has no chance events and value features", g.Name)
	}
	version, _ := vf.FeatureSet()
	switch {
	case l.Value.Game != g.Name:
		return fmt.Errorf("luck: the value function is for %s, not %s", l.Value.Game, g.Name)
	case l.Value.Version != version:
		return fmt.Errorf("luck: the value function weighs the features %s, this dragonlab's %s has %s", l.Value.Version, g.Name, version)
	case !slices.Equal(l.Kinds, ce.ChanceKinds()):
		return fmt.Errorf("luck: the chance kinds are not those of %s with these rules", g.Name)
	}
	return nil
}
