package tune

import (
	"math/rand/v2"
	"strings"
	"testing"

	"dragonlab/engine"
)

// measureAt plays a two-player toy for the certification's components: each component's
// seat advantage at its level is adv(level, values) (level "" for the measuring level),
// each level's deals drawn from uniforms of its own fixed by the round's seed.
func measureAt(s *Spec, r *Round, c Candidate, adv func(level string, v []float64) float64) *Measure {
	cs, _ := CertComponents(s)
	m := &Measure{}
	rngs := map[string]*rand.Rand{}
	for u := int64(0); u < r.Deals; u++ {
		row := make([]float64, unitColumns(cs))
		draws := map[string]float64{}
		for _, comp := range cs {
			if comp.Kind != Fair {
				continue
			}
			x, ok := draws[comp.Level]
			if !ok {
				if rngs[comp.Level] == nil {
					rngs[comp.Level] = rand.New(rand.NewPCG(r.Seed, uint64(len(comp.Level))))
				}
				x = rngs[comp.Level].Float64()
				draws[comp.Level] = x
			}
			d0 := -0.5
			if x < 0.5+adv(comp.Level, c.Values) {
				d0 = 0.5
			}
			row[comp.unit] = d0
			if comp.Seat == 1 {
				row[comp.unit] = -d0
			}
		}
		m.Units = append(m.Units, row)
		m.Index = append(m.Index, u)
	}
	return m
}

// Fair at every level: rules fair under greedy play but 6 points off under expert play do
// not meet fair=2@greedy,expert, and the change fair at both does; every seat claim at
// every level is in the family.
func TestCertifyAtEveryLevel(t *testing.T) {
	targets, err := ParseTargets([]string{"fair=2@greedy,expert"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	levers := []engine.LeverValues{seatLever(0, 4)}
	s := &Spec{Game: "toy", Players: 2, Agent: "greedy", Levers: levers, Targets: targets, Seed: 4, Games: 100000, Rounds: DefaultRounds, MaxChanged: 1,
		CertLevels: []CertLevel{{Name: "greedy", Agent: "greedy"}, {Name: "expert", Agent: "expert"}}}
	if ex := s.ExtraLevels(); len(ex) != 1 || ex[0].Name != "expert" {
		t.Fatalf("extra levels %+v, want expert alone (greedy is the measuring level)", ex)
	}
	// greedy: fair whatever seat 1's points (a flat toy); expert: 6 − 3·v points.
	adv := func(level string, v []float64) float64 {
		if level == "expert" {
			return 0.06 - 0.03*v[0]
		}
		return 0
	}
	rules, pick := BaseCandidate(levers, 2), newCandidate(levers, 2, []float64{2})
	r := Round{Kind: Certify, Seed: 77, Deals: 20000, Entries: []Entry{{Candidate: rules, Role: RoleRules}, {Candidate: pick, Role: RolePick}}}
	cert, err := CertifyRound(s, r, []*Measure{measureAt(s, &r, rules, adv), measureAt(s, &r, pick, adv)})
	if err != nil {
		t.Fatal(err)
	}
	if cert.Family != 4 {
		t.Errorf("family of %d claims, want 4 (a seat claim at each of two levels, for two rows)", cert.Family)
	}
	var greedyInside, expertInside bool
	for _, v := range cert.Rules.Values {
		switch {
		case strings.HasSuffix(v.Component.Name, "at greedy") && v.Component.Seat == 0:
			greedyInside = v.Inside
		case strings.HasSuffix(v.Component.Name, "at expert") && v.Component.Seat == 0:
			expertInside = v.Inside
		}
	}
	if !greedyInside || expertInside {
		t.Fatalf("rules: inside at greedy %v, at expert %v; want fair at greedy only", greedyInside, expertInside)
	}
	if b := cert.Best(); b != cert.Pick || !b.Meets {
		t.Fatalf("answer %s (meets %v), want seat 1 +2, fair at both levels", b.Candidate.Name, b.Meets)
	}
	// The certification's deals are paid for at every level.
	plain := *s
	plain.CertLevels = nil
	plain.Targets, _ = ParseTargets([]string{"fair=2"}, 2)
	if CertDealsFor(s, 30000, 0) >= CertDealsFor(&plain, 30000, 0) {
		t.Errorf("a certification at two levels is given as many deals as one at one level from the same budget")
	}
}

// A budget's reach: too small a budget cannot certify a fair game inside the target, and
// the budget FairReach names does (at the sizing half-width).
func TestFairReach(t *testing.T) {
	targets, _ := ParseTargets([]string{"fair=2"}, 2)
	s := &Spec{Players: 2, Levers: []engine.LeverValues{seatLever(0, 4)}, Targets: targets, Rounds: DefaultRounds, MaxChanged: 1}
	h, need := s.FairReach(12000)
	if h < 0.02 || need <= 12000 {
		t.Fatalf("12,000 games: half-width %.4f, need %d; want wider than the target and a larger budget", h, need)
	}
	if h2, need2 := s.FairReach(need); h2 > certHalfWidth*0.02*1.01 || need2 != need {
		t.Fatalf("%d games: half-width %.4f (want ≤ %.4f), need %d", need, h2, certHalfWidth*0.02, need2)
	}
}
