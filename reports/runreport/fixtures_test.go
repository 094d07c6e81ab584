package runreport

import (
	"encoding/json"

	"dragonlab/sim"
)

// fixture describes a synthetic result: no game is played.
type fixture struct {
	game     string
	agents   []string
	seating  string
	wins     []int64 // wins alone, per seat
	shared2  []int64 // wins shared two ways, per seat (3+ players)
	draws    int64   // every seat shares the win
	noWinner int64
	missing  int64 // games requested but not played: the result is incomplete
	seed     uint64
	params   string
	paired   bool // fill the duplicate-seating histogram
}

// result builds a consistent sim.Result from the fixture, with deterministic score and
// length histograms.
func (f fixture) result() *sim.Result {
	n := len(f.agents)
	var games int64
	for _, w := range f.wins {
		games += w
	}
	var shared int64
	for _, s := range f.shared2 {
		shared += s
	}
	games += shared/2 + f.draws + f.noWinner
	seating := f.seating
	if seating == "" {
		seating = sim.SeatFixed
	}
	params := f.params
	if params == "" {
		params = `{"handSize":5,"variant":"standard"}`
	}
	agg := sim.Aggregate{Games: games, Draws: f.draws, NoWinner: f.noWinner,
		Seats: make([]sim.Tally, n), Agents: make([]sim.Tally, n)}
	for i := range agg.Seats {
		t := &agg.Seats[i]
		t.Games = games
		t.Wins = f.wins[i]
		if f.shared2 != nil {
			t.SharedWins[2] = f.shared2[i]
		}
		if n > 1 {
			t.SharedWins[n] += f.draws
		}
		// Scores: a triangular distribution around 20+2i over the seat's games.
		for s, c := range triangle(games, 20+2*int64(i), 12) {
			t.ScoreHist.AddN(s, c)
			t.ScoreSum += c * s
			t.ScoreSumSq += c * s * s
		}
		agg.Agents[i] = *t
	}
	for d, c := range triangle(games, 55, 25) {
		agg.DecisionsHist.AddN(d, c)
		agg.DecisionsSum += c * d
		agg.DecisionsSumSq += c * d * d
	}
	if f.paired {
		// Deals of n games each: agent 0's summed share, in sixtieths.
		pattern := []int64{2, 1, 1, 0, 2, 1, 2, 0, 1, 1} // agent 0's wins in a 2-player deal
		for k := int64(0); k < games/int64(n); k++ {
			agg.Paired.Add(60 * pattern[k%10])
		}
	}
	units := games + f.missing
	if seating == sim.SeatDuplicate {
		units = (games + f.missing) / int64(n)
	}
	r := &sim.Result{
		Schema: sim.Schema, Tool: "dragonlab 0.1.0-test", Game: f.game, Players: n,
		Params: json.RawMessage(params), Agents: f.agents, Seating: seating, Seed: f.seed,
		Units: units, Games: games, Complete: f.missing == 0, Draws: f.draws, NoWinner: f.noWinner,
		Aggregate: agg,
	}
	for i, t := range agg.Seats {
		r.Seats = append(r.Seats, sim.SeatResult{Seat: i, Agent: f.agents[i], Games: t.Games, Wins: t.Wins, WinShare: t.WinShare()})
	}
	return r
}

// triangle spreads total values over center-width+1 .. center+width-1 in proportion to
// a triangle, the rounding remainder at the center.
func triangle(total, center, width int64) map[int64]int64 {
	out := map[int64]int64{}
	var weights, given int64
	for d := -width + 1; d < width; d++ {
		weights += width - max(d, -d)
	}
	for d := -width + 1; d < width; d++ {
		c := total * (width - max(d, -d)) / weights
		out[center+d] = c
		given += c
	}
	out[center] += total - given
	return out
}

// The fixtures of the tests and of the golden files.
var (
	// Two players, self-play, a clear first-player advantage.
	fxTwo = fixture{game: "dragonheart", agents: []string{"greedy", "greedy"}, wins: []int64{5600, 4300}, draws: 100, seed: 42}
	// Five players with a strong seat 1 and a weak seat 3.
	fxFive = fixture{game: "draco", agents: []string{"mcts:iters=200", "mcts:iters=200", "mcts:iters=200", "mcts:iters=200", "mcts:iters=200"},
		wins: []int64{4980, 4010, 3550, 3900, 3960}, noWinner: 12, seed: 7}
	// Three players, balanced, with two-way shared wins.
	fxThree = fixture{game: "redhot", agents: []string{"random", "random", "random"},
		wins: []int64{990, 1010, 1000}, shared2: []int64{30, 20, 10}, seed: 3}
	// A solitaire.
	fxSolo = fixture{game: "dragonscales", agents: []string{"greedy"}, wins: []int64{1234}, noWinner: 8766, seed: 11}
	// Too small to tell.
	fxTiny = fixture{game: "dragonheart", agents: []string{"random", "random"}, wins: []int64{12, 8}, seed: 5}
	// Interrupted after 3,000 of 20,000 games, different agents rotating seats.
	fxCut = fixture{game: "dragonheart", agents: []string{"mcts", "random"}, seating: sim.SeatRotate,
		wins: []int64{1520, 1480}, missing: 17000, seed: 9}
	// Duplicate seating with a paired histogram.
	fxDup = fixture{game: "dragonheart", agents: []string{"mcts", "greedy"}, seating: sim.SeatDuplicate,
		wins: []int64{2040, 1960}, seed: 13, paired: true}
)
