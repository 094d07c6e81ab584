package stats

import (
	"testing"

	"dragonlab/sim"
	"dragonlab/sim/stats/statstest"
)

func TestReplayDeff(t *testing.T) {
	// 15 deals replayed K = 3 times, in sixtieths; seat 1 mirrors seat 0:
	//
	//	deals <- c(rep(list(c(60,60,60)),4), rep(list(c(60,0,0)),3), rep(list(c(0,0,0)),5),
	//	           rep(list(c(30,60,0)),2), list(c(20,20,60)))
	//	m <- sapply(deals, mean)/60; y <- unlist(deals)/60
	//	3*var(m)/mean((y-mean(y))^2)    # 2.168065690252695
	rep := &sim.ReplayAgg{K: 3, Seats: [][]sim.ReplayBin{
		{{S: 0, Q: 0, Deals: 5}, {S: 60, Q: 3600, Deals: 3}, {S: 90, Q: 4500, Deals: 2}, {S: 100, Q: 4400, Deals: 1}, {S: 180, Q: 10800, Deals: 4}},
		{{S: 0, Q: 0, Deals: 4}, {S: 80, Q: 3200, Deals: 1}, {S: 90, Q: 4500, Deals: 2}, {S: 120, Q: 7200, Deals: 3}, {S: 180, Q: 10800, Deals: 5}},
	}}
	statstest.NearRel(t, "deff", ReplayDeff(rep), 2.168065690252695, 1e-12)
	if d := ReplayDeff(nil); d != 1 {
		t.Errorf("no replays: %v", d)
	}
	one := &sim.ReplayAgg{K: 4, Seats: [][]sim.ReplayBin{{{S: 60, Q: 1800, Deals: 1}}}}
	if d := ReplayDeff(one); d != 4 {
		t.Errorf("one deal: %v, want K", d)
	}
	// Every play of a deal alike: the deal is all that varies, deff = K.
	same := &sim.ReplayAgg{K: 2, Seats: [][]sim.ReplayBin{{{S: 0, Q: 0, Deals: 3}, {S: 120, Q: 7200, Deals: 3}}}}
	if d := ReplayDeff(same); d != 2 {
		t.Errorf("identical plays: %v, want K", d)
	}
	// Plays of a deal that always split (one win, one loss): no deal effect, deff = 1.
	split := &sim.ReplayAgg{K: 2, Seats: [][]sim.ReplayBin{{{S: 60, Q: 3600, Deals: 100}}}}
	if d := ReplayDeff(split); d != 1 {
		t.Errorf("anti-correlated plays: %v, want 1", d)
	}
}
