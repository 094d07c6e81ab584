package stats

import (
	"testing"

	"dragonlab/sim"
	"dragonlab/sim/stats/statstest"
)

func TestAnalyzePaired(t *testing.T) {
	// Two players: 10 deals won in both seat orders, 25 split, 5 lost in both, 2 split
	// with a draw in one order (total 0.5 + 1 = 1.5 = 90/60... here: 1/2 + 1 = 90).
	var h sim.Hist
	h.AddN(120, 10)
	h.AddN(60, 25)
	h.AddN(0, 5)
	h.AddN(90, 2)
	p := AnalyzePaired(h, 2)
	if p.Deals != 42 || p.Better != 12 || p.Worse != 5 || p.Ties != 25 {
		t.Fatalf("counts %+v", p)
	}
	statstest.Near(t, "sign p", p.SignP, SignTest(12, 5), 1e-15)
	wantShare := (10*1.0 + 25*0.5 + 2*0.75) / 42
	statstest.Near(t, "share", p.Share, wantShare, 1e-12)
	if !(p.NEff >= 42 && p.NEff <= 84) {
		t.Errorf("effective games %v outside [deals, games]", p.NEff)
	}
	if !p.CI.Contains(p.Share) || p.CI.Hi-p.CI.Lo <= 0 {
		t.Errorf("interval %v", p.CI)
	}
	if lb := p.LowerBound(0.90); lb >= p.Share || lb <= p.CI.Lo {
		t.Errorf("90%% lower bound %v not between the 95%% bound %v and the share %v", lb, p.CI.Lo, p.Share)
	}
	// Every deal split: zero deal variance, the interval falls back to the games.
	var tie sim.Hist
	tie.AddN(60, 50)
	q := AnalyzePaired(tie, 2)
	if q.NEff != 100 || q.Ties != 50 || q.SignP != 1 {
		t.Errorf("all ties: %+v", q)
	}
	w := Wilson(50, 100)
	statstest.Near(t, "all-ties lo", q.CI.Lo, w.Lo, 1e-12)
}

func TestHeadToHead(t *testing.T) {
	// Equal agents: 1/n alone against n−1 copies is an even match.
	for field := 1; field <= 4; field++ {
		statstest.Near(t, "even", HeadToHead(1/float64(field+1), field), 0.5, 1e-12)
	}
	// Three players, share 1/2 alone against two copies: π/π' = 2, head-to-head 2/3.
	statstest.Near(t, "3p", HeadToHead(0.5, 2), 2.0/3, 1e-12)
}
