package enginetest

// Conformance checks of the optional interfaces engine.ChanceEvents (chance events) and
// engine.ValueFeatures (value features), run by Run for every game that implements them:
// the lists are well formed and fixed; observing changes nothing in the game; every event
// lists well-formed outcomes, each of which can be forced on a copy, and the outcome that
// happens is one of them; the listed probabilities are the true ones (each feature, taken
// as a value function, has chance corrections of mean zero); observing allocates nothing.

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"dragonlab/engine"
)

// runChance adds the ChanceEvents and ValueFeatures checks to Run.
func runChance(t *testing.T, name string, newState func(uint64) engine.State, o Options) {
	t.Helper()
	s := newState(1)
	if _, ok := s.(engine.ValueFeatures); ok {
		t.Run(name+"/ValueFeatures/Lists", func(t *testing.T) { checkFeatureLists(t, newState, o) })
	}
	if _, ok := s.(engine.ChanceEvents); ok {
		t.Run(name+"/Chance/Lists", func(t *testing.T) { checkChanceLists(t, newState) })
		t.Run(name+"/Chance/ObservedSameGame", func(t *testing.T) { checkObservedSameGame(t, newState, o) })
		t.Run(name+"/Chance/OutcomesListedAndExact", func(t *testing.T) { checkChanceExact(t, newState, o) })
		t.Run(name+"/Chance/ZeroAllocs", func(t *testing.T) { checkChanceAllocs(t, newState) })
	}
}

// checkFeatureLists: a version and distinct non-empty names, the same for every game with
// the same rules; every feature finite at every decision of random games.
func checkFeatureLists(t testing.TB, newState func(uint64) engine.State, o Options) {
	s := newState(1)
	vf := s.(engine.ValueFeatures)
	version, names := vf.FeatureSet()
	names = slices.Clone(names)
	if version == "" || len(names) == 0 {
		t.Fatalf("feature set %q with %d names; want a version and at least one name", version, len(names))
	}
	distinct(t, "feature", names, func(n string) bool { return n != "" })
	out := make([]float64, s.Players()*len(names))
	for g := 0; g < o.Games/4+1; g++ {
		s := newState(uint64(g) + 1)
		r := engine.NewRNG(uint64(g))
		trajectory(t, s, &r, o, func(st engine.State) {
			st.(engine.ValueFeatures).Features(out)
			for i, x := range out {
				if math.IsNaN(x) || math.IsInf(x, 0) {
					t.Fatalf("feature %s of seat %d is %v", names[i%len(names)], i/len(names), x)
				}
			}
		})
		v, n := s.(engine.ValueFeatures).FeatureSet()
		if v != version || !slices.Equal(n, names) {
			t.Fatalf("the feature set changes between games with the same rules")
		}
	}
}

// checkChanceLists: distinct non-empty kinds, at most MaxChanceKinds, the same for every
// game with the same rules; the game also has value features.
func checkChanceLists(t testing.TB, newState func(uint64) engine.State) {
	s := newState(1)
	kinds := slices.Clone(s.(engine.ChanceEvents).ChanceKinds())
	if len(kinds) == 0 || len(kinds) > engine.MaxChanceKinds {
		t.Fatalf("%d chance kinds; want 1..%d", len(kinds), engine.MaxChanceKinds)
	}
	distinct(t, "chance kind", kinds, func(n string) bool { return n != "" })
	if _, ok := s.(engine.ValueFeatures); !ok {
		t.Fatalf("chance events without value features: luck accounting needs both")
	}
	b := newState(77)
	r := engine.NewRNG(5)
	PlayRandom(b, &r, nil)
	if !slices.Equal(b.(engine.ChanceEvents).ChanceKinds(), kinds) {
		t.Fatalf("the chance kinds change between games with the same rules")
	}
}

// ChanceProbe is a ChanceHook that does what luck accounting does at every chance event:
// it lists the outcomes, forces each on a copy and reads every seat's value features
// there, and then checks that the outcome that happened is one of those listed. Per kind
// of event and feature it sums the chance corrections (feature after the event minus its
// expectation over the listed outcomes), which have mean zero when the listed
// probabilities are the true ones. Failures are kept in Failure (the first one).
//
// With PIT set it also computes, at every event, a randomized probability integral
// transform of the outcome that happened: outcomes that give the same features are one
// class, classes are ordered by their first listed outcome, and u = (listed probability
// of the classes before the one that happened) + U·(its probability), U uniform. When the
// listed probabilities are the true ones, u is uniform on [0, 1) at every event whatever
// happened before, so its deciles are equally frequent (PITBins, by kind). PIT allocates.
type ChanceProbe struct {
	Failure string
	Events  []int       // events seen, by kind
	Sum, Sq [][]float64 // by kind, [seat*k+j]: Σ correction and Σ correction²
	PIT     bool
	PITBins [][10]int // by kind: events whose u fell in each tenth of [0, 1)
	rng     engine.RNG

	scratch engine.State
	outs    []engine.ChanceOutcome
	nk      int
	feats   []float64 // [outcome*nk + seat*k + j]
	probs   []float64
	cur     []float64
	kind    int
	open    bool
}

// NewChanceProbe builds a probe for states like s (same game, rules and players).
func NewChanceProbe(s engine.State) *ChanceProbe {
	_, names := s.(engine.ValueFeatures).FeatureSet()
	kinds := len(s.(engine.ChanceEvents).ChanceKinds())
	nk := s.Players() * len(names)
	p := &ChanceProbe{scratch: s.Clone(), outs: make([]engine.ChanceOutcome, 0, engine.MaxChanceOutcomes),
		nk: nk, feats: make([]float64, engine.MaxChanceOutcomes*nk), probs: make([]float64, engine.MaxChanceOutcomes),
		cur: make([]float64, nk), Events: make([]int, kinds), Sum: make([][]float64, kinds), Sq: make([][]float64, kinds),
		PITBins: make([][10]int, kinds), rng: engine.NewRNG(12345)}
	for k := range p.Sum {
		p.Sum[k], p.Sq[k] = make([]float64, nk), make([]float64, nk)
	}
	return p
}

func (p *ChanceProbe) fail(format string, args ...any) {
	if p.Failure == "" {
		p.Failure = fmt.Sprintf(format, args...)
	}
}

// BeforeChance lists and forces every outcome of the pending event.
func (p *ChanceProbe) BeforeChance(s engine.State) {
	if p.open {
		p.fail("BeforeChance twice without AfterChance")
	}
	p.open = true
	ce := s.(engine.ChanceEvents)
	p.kind = ce.ChanceKind()
	if p.kind < 0 || p.kind >= len(p.Events) {
		p.fail("chance kind %d beyond the %d kinds", p.kind, len(p.Events))
		p.kind = 0
	}
	p.outs = ce.ChanceOutcomes(p.outs[:0])
	if len(p.outs) == 0 || len(p.outs) > engine.MaxChanceOutcomes {
		p.fail("%s: %d outcomes; want 1..%d", ce.ChanceKinds()[p.kind], len(p.outs), engine.MaxChanceOutcomes)
		return
	}
	total := 0.0
	for i, o := range p.outs {
		if !(o.Weight > 0) || math.IsInf(o.Weight, 0) {
			p.fail("%s: outcome %d has weight %v", ce.ChanceKinds()[p.kind], o.Code, o.Weight)
		}
		for _, q := range p.outs[:i] {
			if q.Code == o.Code {
				p.fail("%s: outcome %d listed twice", ce.ChanceKinds()[p.kind], o.Code)
			}
		}
		total += o.Weight
	}
	for i, o := range p.outs {
		p.probs[i] = o.Weight / total
		p.scratch.CopyFrom(s)
		p.scratch.(engine.ChanceEvents).ForceChance(o)
		p.scratch.(engine.ValueFeatures).Features(p.feats[i*p.nk : (i+1)*p.nk])
	}
}

// AfterChance finds the outcome that happened among those listed and adds the corrections.
func (p *ChanceProbe) AfterChance(s engine.State) {
	if !p.open {
		p.fail("AfterChance without BeforeChance")
		return
	}
	p.open = false
	s.(engine.ValueFeatures).Features(p.cur)
	found := -1
	for i := range p.outs {
		if slices.Equal(p.feat(i), p.cur) {
			found = i
			break
		}
	}
	if found < 0 && len(p.outs) > 0 {
		p.fail("%s: the outcome that happened gives features that no listed outcome gives", s.(engine.ChanceEvents).ChanceKinds()[p.kind])
	}
	if p.PIT && found >= 0 {
		p.pit(found)
	}
	p.Events[p.kind]++
	for j := 0; j < p.nk; j++ {
		e := 0.0
		for i := range p.outs {
			e += p.probs[i] * p.feats[i*p.nk+j]
		}
		c := p.cur[j] - e
		p.Sum[p.kind][j] += c
		p.Sq[p.kind][j] += c * c
	}
}

func (p *ChanceProbe) feat(i int) []float64 { return p.feats[i*p.nk : (i+1)*p.nk] }

// pit adds the probability integral transform of the event whose outcome gave the
// features of listed outcome first (the first of its class).
func (p *ChanceProbe) pit(first int) {
	class := map[uint64]int{} // hash of the features → first outcome giving them
	key := func(i int) uint64 {
		h := uint64(0)
		for _, x := range p.feat(i) {
			h ^= math.Float64bits(x + 0) // +0: -0 and 0 are one value
			h = engine.SplitMix64(&h)
		}
		return h
	}
	for i := range p.outs {
		if _, ok := class[key(i)]; !ok {
			class[key(i)] = i
		}
	}
	before, mass := 0.0, 0.0
	for i := range p.outs {
		switch c := class[key(i)]; {
		case c < first:
			before += p.probs[i]
		case c == first:
			mass += p.probs[i]
		}
	}
	u := before + p.rng.Float64()*mass
	p.PITBins[p.kind][min(int(u*10), 9)]++
}

// playObserved plays s to the end with the uniform random policy of PlayRandom (the same
// draws from r, so the same game as PlayRandom), applying through ApplyObserved with h.
func playObserved(s engine.State, r *engine.RNG, buf []engine.Action, h engine.ChanceHook) int {
	ce := s.(engine.ChanceEvents)
	n := 0
	for !s.Terminal() {
		legal := s.Legal(buf[:0])
		ce.ApplyObserved(legal[r.IntN(len(legal))], h)
		n++
	}
	return n
}

// checkObservedSameGame: the same seeds and policy give the same actions, views and
// results with ResetObserved/ApplyObserved and a probe as with Reset/Apply.
func checkObservedSameGame(t testing.TB, newState func(uint64) engine.State, o Options) {
	for i := 0; i < o.Games/4+1; i++ {
		seed := uint64(i)*17 + 3
		plain, seen := newState(seed), newState(0)
		probe := NewChanceProbe(seen)
		ce := seen.(engine.ChanceEvents)
		ce.ResetObserved(seed, probe)
		ra, rb := engine.NewRNG(uint64(i)), engine.NewRNG(uint64(i))
		var la, lb []string
		trajectoryObs(t, plain, &ra, o, &la)
		trajectoryApply(t, seen, &rb, o, &lb, func(a engine.Action) { ce.ApplyObserved(a, probe) })
		if probe.Failure != "" {
			t.Fatalf("seed %d: %s", seed, probe.Failure)
		}
		if !slices.Equal(la, lb) {
			t.Fatalf("seed %d: the game played with chance observed differs from the plain game", seed)
		}
	}
}

// checkChanceExact: over random games, every event is well formed, the outcome that
// happens is listed, and each feature, used as a value function, has chance corrections
// whose mean is zero within 5 standard errors for every kind (a wrong probability of a
// listed outcome shifts them). Every kind must happen.
func checkChanceExact(t testing.TB, newState func(uint64) engine.State, o Options) {
	s := newState(1)
	probe := NewChanceProbe(s)
	probe.PIT = true
	ce := s.(engine.ChanceEvents)
	var buf [512]engine.Action
	games := max(o.Games, 100)
	for g := 0; g < games; g++ {
		r := engine.NewRNG(uint64(g) + 1000)
		ce.ResetObserved(engine.DeriveSeed(99, uint64(g)), probe)
		playObserved(s, &r, buf[:], probe)
		if probe.Failure != "" {
			t.Fatalf("game %d: %s", g, probe.Failure)
		}
	}
	CheckCorrectionsZero(t, s, probe, 5)
	CheckPIT(t, s, probe)
}

// CheckPIT fails if, for a kind of event, the deciles of the probe's probability integral
// transforms are not equally frequent (chi-square test at the 1e-6 level: the listed
// probabilities are not those of the outcomes that happen).
func CheckPIT(t testing.TB, s engine.State, p *ChanceProbe) {
	t.Helper()
	kinds := s.(engine.ChanceEvents).ChanceKinds()
	for k, bins := range p.PITBins {
		n := 0
		for _, b := range bins {
			n += b
		}
		if n < 50 {
			continue
		}
		chi2 := 0.0
		for _, b := range bins {
			d := float64(b) - float64(n)/10
			chi2 += d * d / (float64(n) / 10)
		}
		if chi2 > 48 { // chi-square, 9 degrees of freedom: P(> 48) ≈ 2.6e-7
			t.Errorf("chance kind %q: the outcomes that happen do not follow the listed probabilities (deciles %v of %d events, chi-square %.0f)", kinds[k], bins, n, chi2)
		}
	}
}

// CheckCorrectionsZero fails if, for a kind of event and a feature, the mean chance
// correction the probe summed is more than z standard errors from zero, or if a kind
// never happened.
func CheckCorrectionsZero(t testing.TB, s engine.State, p *ChanceProbe, z float64) {
	t.Helper()
	kinds := s.(engine.ChanceEvents).ChanceKinds()
	_, names := s.(engine.ValueFeatures).FeatureSet()
	for k, n := range p.Events {
		if n == 0 {
			t.Errorf("chance kind %q never happened", kinds[k])
			continue
		}
		for j := range p.Sum[k] {
			mean := p.Sum[k][j] / float64(n)
			v := p.Sq[k][j]/float64(n) - mean*mean
			se := math.Sqrt(math.Max(v, 0) / float64(n))
			if math.Abs(mean) > z*se+1e-12 {
				t.Errorf("chance kind %q, feature %q of seat %d: mean correction %.4g over %d events is %.1f standard errors from 0",
					kinds[k], names[j%len(names)], j/len(names), mean, n, mean/se)
			}
		}
	}
}

// checkChanceAllocs: a random game observed by a probe allocates nothing.
func checkChanceAllocs(t testing.TB, newState func(uint64) engine.State) {
	s := newState(1)
	probe := NewChanceProbe(s)
	ce := s.(engine.ChanceEvents)
	r := engine.NewRNG(3)
	var buf [512]engine.Action
	out := make([]float64, s.Players())
	seed := uint64(0)
	allocs := testing.AllocsPerRun(20, func() {
		seed++
		ce.ResetObserved(seed, probe)
		playObserved(s, &r, buf[:], probe)
		s.Result(out)
	})
	if allocs != 0 {
		t.Fatalf("an observed random game allocates %.1f times; want 0", allocs)
	}
	if probe.Failure != "" {
		t.Fatal(probe.Failure)
	}
}

// CheckChanceCodes plays games random games of s with a hook that asks, at every chance
// event, which outcome code is about to happen (next, a peek into the game's internals
// that only its own tests can write), checks that it is listed, and tests, per kind, that
// the outcomes happen with the listed probabilities: a randomized probability integral
// transform over the outcomes in listed order must have equally frequent deciles
// (chi-square at the 1e-6 level), and each outcome code must happen as often as the sum
// of its listed probabilities says, within 5 standard errors.
func CheckChanceCodes(t testing.TB, s engine.State, games int, next func(engine.State) uint32) {
	t.Helper()
	ce := s.(engine.ChanceEvents)
	h := &codeHook{next: next, rng: engine.NewRNG(7), bins: make([][10]int, len(ce.ChanceKinds())), codes: map[[2]uint32]*codeCount{}}
	var buf [512]engine.Action
	for g := 0; g < games; g++ {
		r := engine.NewRNG(uint64(g) + 500)
		ce.ResetObserved(engine.DeriveSeed(31, uint64(g)), h)
		playObserved(s, &r, buf[:], h)
		if h.failure != "" {
			t.Fatalf("game %d: %s", g, h.failure)
		}
	}
	p := &ChanceProbe{PITBins: h.bins}
	CheckPIT(t, s, p)
	for key, c := range h.codes {
		if z := (c.seen - c.want) / math.Sqrt(c.vari); c.want >= 5 && math.Abs(z) > 5 { // rare outcomes: too few to judge
			t.Errorf("chance kind %q, outcome %d: happened %.0f times, the listed probabilities say %.1f (%.1f standard errors)",
				ce.ChanceKinds()[key[0]], key[1], c.seen, c.want, z)
		}
	}
	for k, b := range h.bins {
		n := 0
		for _, x := range b {
			n += x
		}
		if n == 0 {
			t.Errorf("chance kind %q never happened", ce.ChanceKinds()[k])
		}
	}
}

type codeHook struct {
	codes   map[[2]uint32]*codeCount // by kind and code
	next    func(engine.State) uint32
	outs    []engine.ChanceOutcome
	rng     engine.RNG
	bins    [][10]int
	failure string
}

func (h *codeHook) BeforeChance(s engine.State) {
	ce := s.(engine.ChanceEvents)
	h.outs = ce.ChanceOutcomes(h.outs[:0])
	code := h.next(s)
	total, before, mass := 0.0, 0.0, -1.0
	for _, o := range h.outs {
		if o.Code == code {
			mass = o.Weight
		} else if mass < 0 {
			before += o.Weight
		}
		total += o.Weight
	}
	if mass < 0 {
		if h.failure == "" {
			h.failure = fmt.Sprintf("%s: outcome %d happens but is not listed", ce.ChanceKinds()[ce.ChanceKind()], code)
		}
		return
	}
	u := (before + h.rng.Float64()*mass) / total
	h.bins[ce.ChanceKind()][min(int(u*10), 9)]++
	for _, o := range h.outs {
		key := [2]uint32{uint32(ce.ChanceKind()), o.Code}
		c := h.codes[key]
		if c == nil {
			c = &codeCount{}
			h.codes[key] = c
		}
		q := o.Weight / total
		c.want += q
		c.vari += q * (1 - q)
		if o.Code == code {
			c.seen++
		}
	}
}

// codeCount is how often an outcome happened and the sum of its listed probabilities (and
// of their Bernoulli variances) over the events that listed it.
type codeCount struct{ seen, want, vari float64 }

func (h *codeHook) AfterChance(engine.State) {}
