package fairness

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"dragonlab/sim"
	"dragonlab/sim/stats"
)

// twoSeats is a two-player result of games games in which seat 0 won w0 and seat 1 w1
// alone, with seating and, for replay seating, the replays' bins.
func twoSeats(games, w0, w1 int64, seating string, rep *sim.ReplayAgg) *sim.Result {
	return &sim.Result{Players: 2, Games: games, Seating: seating, Aggregate: sim.Aggregate{Games: games, NoWinner: games - w0 - w1,
		Seats: []sim.Tally{{Games: games, Wins: w0}, {Games: games, Wins: w1}}, Replays: rep}}
}

// A result with a cheating agent is labelled an upper bound wherever it is named.
func TestOracleIsLabelledAnUpperBound(t *testing.T) {
	r := &sim.Result{Game: "draco", Players: 2, Agents: []string{"oracle:c=0.7,iters=1000,reward=win,rollout=random", "random"}}
	if note := CheatNote(r); !strings.Contains(note, "Upper bound") || !strings.Contains(note, "CHEATS") {
		t.Fatalf("cheat note: %q", note)
	}
	if l := label(r, nil); !strings.Contains(l, "cheating upper bound") {
		t.Fatalf("label: %q", l)
	}
	r.Agents = []string{"mcts:iters=10", "random"}
	if CheatNote(r) != "" || strings.Contains(label(r, nil), "cheat") {
		t.Fatal("a fair result is labelled as cheating")
	}
}

// The seat advantage of self-play: for two players its variance bound is p0·p1/games
// exactly, and the replays' design effect lies within [1, K].
func TestSeatAdvantage(t *testing.T) {
	r := twoSeats(2000, 1080, 920, sim.SeatFixed, nil)
	s := SelfPlayOf(r)
	p0, p1 := s.Share[0], s.Share[1]
	want := math.Sqrt(p0 * p1 / float64(r.Games))
	if r.Aggregate.Draws == 0 && math.Abs(s.SE[0]-want) > 1e-12 {
		t.Errorf("se %g, want %g", s.SE[0], want)
	}
	if math.Abs(s.Advantage[0].Value-(p0-p1)/2) > 1e-12 {
		t.Errorf("advantage %g, want (p0-p1)/2 = %g", s.Advantage[0].Value, (p0-p1)/2)
	}
	if lo := s.Advantage[0].Value - stats.Z95Literal*s.SE[0]; s.Advantage[0].Lo != lo {
		t.Errorf("interval %+v, want the normal one at %v", s.Advantage[0], stats.Z95Literal)
	}
	// 500 deals played twice: 200 won by seat 0 both times, 200 lost both times, 100 split.
	bins := func(both, none int64) []sim.ReplayBin {
		return []sim.ReplayBin{{S: 120, Q: 7200, Deals: both}, {S: 60, Q: 3600, Deals: 100}, {S: 0, Q: 0, Deals: none}}
	}
	rep := &sim.ReplayAgg{K: 2, Seats: [][]sim.ReplayBin{bins(200, 200), bins(200, 200)}}
	rr := twoSeats(1000, 500, 500, sim.SeatReplay, rep)
	sr := SelfPlayOf(rr)
	if sr.Deff != stats.ReplayDeff(rep) || sr.Deff <= 1 || sr.Deff > 2 || sr.Replays != 2 || sr.Deals != 500 {
		t.Errorf("replays: deff %g, replays %d, deals %d", sr.Deff, sr.Replays, sr.Deals)
	}
	if want := math.Sqrt(0.25 * sr.Deff / 1000); math.Abs(sr.SE[0]-want) > 1e-12 {
		t.Errorf("replays: se %g, want %g", sr.SE[0], want)
	}
	if SelfPlayOf(nil) != nil {
		t.Error("no result analysed")
	}
}

// A run's first seat: the share over all games with its Wilson interval, the advantage
// over the fair share and the score test; its JSON is the summaries' seat record.
func TestFirstSeat(t *testing.T) {
	r := &sim.Result{Players: 2, Games: 100, Aggregate: sim.Aggregate{Games: 100, Seats: []sim.Tally{{Games: 100, Wins: 60}, {Games: 100, Wins: 40}}}}
	f := FirstSeatOf(r, 0.5)
	w := stats.Wilson(60, 100)
	if f.Seats[0].Wins != 60 || f.Seats[0].Share.Value != 0.6 || f.Seats[0].Share.N != 100 || f.Seats[0].Share.Lo != w.Lo {
		t.Errorf("seat 0: %+v", f.Seats[0])
	}
	if math.Abs(f.Advantage.Value-0.1) > 1e-15 || f.Advantage.Lo != w.Lo-0.5 || f.Advantage.Hi != w.Hi-0.5 {
		t.Errorf("advantage %+v", f.Advantage)
	}
	if _, p := stats.PropZTest(60, 100, 0.5); f.P != p {
		t.Errorf("p %v, want %v", f.P, p)
	}
	data, err := json.Marshal(f.Seats[0])
	if err != nil {
		t.Fatal(err)
	}
	var back Seat
	if err := json.Unmarshal(data, &back); err != nil || back.Wins != 60 || back.Share.N != 100 || back.Share.Hi != w.Hi || back.SE != f.Seats[0].SE {
		t.Errorf("JSON %s read back as %+v (%v)", data, back, err)
	}
	if !strings.HasPrefix(string(data), `{"wins":60,"games":100,"share":0.6,"se":`) {
		t.Errorf("JSON %s", data)
	}
}
