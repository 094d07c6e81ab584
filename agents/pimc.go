package agents

import (
	"fmt"
	"math"

	"dragonlab/engine"
)

// PIMC is Perfect Information Monte Carlo search (Long, Sturtevant, Buro & Furtak,
// "Understanding the Success of Perfect Information Monte Carlo Sampling in Game Tree
// Search", AAAI 2010; Ginsberg's GIB for bridge): it draws K determinizations of the
// state for the seat to move (re-deals of everything that seat cannot see, from its own
// random stream), runs a perfect-information MCTS in each (the same search code, on the
// determinized state, reseeding only chance, with Iters/K iterations), and plays the
// action with the most root visits summed over the determinizations (or the most votes:
// one per determinization for its most visited action).
//
// It is honest: the searches see only determinizations, never the true hidden state.
// Its known weaknesses (strategy fusion: it assumes it will know the hidden cards later;
// non-locality) matter less in games with high leaf correlation and little to gain from
// hiding information, which is what Long et al. measure.
type PIMC struct {
	K     int  // determinizations per decision
	Iters int  // iterations per decision, shared among the K searches
	Votes bool // one vote per determinization instead of summed visits

	inner  MCTS // perfect-information search on a determinization (Cheat: reseed only)
	det    engine.State
	worlds []engine.State // the K determinizations of a secret round (actSecret)
	buf    [MaxActions]engine.Action
	tally  [MaxActions]float64
	value  [MaxActions]float64 // summed mean rewards, to break ties
	idx    actionIndex
}

// Iterations is the number of search iterations run since the agent was made.
func (p *PIMC) Iterations() int64 { return p.inner.iters }

// Act searches K determinizations and plays the action with the best tally.
func (p *PIMC) Act(s engine.State, rng *engine.RNG) engine.Action {
	legal := s.Legal(p.buf[:0])
	if len(legal) == 1 {
		return legal[0]
	}
	seat := s.ToMove()
	p.det = scratchFor(p.det, s)
	p.idx.set(legal)
	tally, value := p.tally[:len(legal)], p.value[:len(legal)]
	clear(tally)
	clear(value)
	if p.inner.Sim != simSeq && secretChoosers(s) >= 2 {
		return p.actSecret(s, seat, legal, rng)
	}
	per, extra := p.Iters/p.K, p.Iters%p.K
	for k := 0; k < p.K && !p.inner.stopped(); k++ {
		p.det.CopyFrom(s)
		p.det.Determinize(seat, rng.Uint64())
		p.inner.Iters = per
		if k < extra {
			p.inner.Iters++
		}
		if p.inner.Iters == 0 {
			continue
		}
		p.inner.search(p.det, seat, rng, false)
		nodes := p.inner.nodes
		bestCh := int32(-1)
		for ch := nodes[0].child; ch >= 0; ch = nodes[ch].sibling {
			c := &nodes[ch]
			i := p.idx.find(c.action)
			if i < 0 || c.visits == 0 {
				continue // cannot happen when the seat's legal moves are part of its view
			}
			mean := c.sum / float64(c.visits)
			value[i] += mean
			if !p.Votes {
				tally[i] += float64(c.visits)
			}
			if bestCh < 0 || c.visits > nodes[bestCh].visits {
				bestCh = ch
			}
		}
		if p.Votes && bestCh >= 0 {
			if i := p.idx.find(nodes[bestCh].action); i >= 0 {
				tally[i]++
			}
		}
	}
	best, bi := math.Inf(-1), 0
	for i, t := range tally {
		if t > best || t == best && value[i] > value[bi] {
			best, bi = t, i
		}
	}
	return p.buf[bi]
}

// actSecret decides in a round of secret simultaneous choices. A choice made in secret
// cannot depend on the world it is made in, so instead of one search per world (each
// answering the others' choices as if it knew its world, and each too short for the
// round's equilibrium), the K worlds share one search of all the iterations, taken in
// turn (perfect-information iterations in each, chance reseeded), with the round as one
// simultaneous node (simnode.go); the action is drawn from the seat's average strategy.
func (p *PIMC) actSecret(s engine.State, seat int, legal []engine.Action, rng *engine.RNG) engine.Action {
	if len(p.worlds) < p.K {
		p.worlds = make([]engine.State, p.K)
	}
	for k := range p.worlds[:p.K] {
		p.worlds[k] = scratchFor(p.worlds[k], s)
		p.worlds[k].CopyFrom(s)
		p.worlds[k].Determinize(seat, rng.Uint64())
	}
	p.inner.Iters = p.Iters
	p.inner.worlds, p.inner.itn = p.worlds[:p.K], 0
	p.inner.search(s, seat, rng, false)
	p.inner.worlds = nil
	if a, ok := p.inner.simChoice(int32(seat), legal, rng); ok {
		return a
	}
	return legal[0]
}

// actionIndex maps the actions of a legal list to their indices (open addressing,
// generation-stamped so it is never cleared).
type actionIndex struct {
	table [tableSize]slot
	gen   uint32
}

func (x *actionIndex) set(legal []engine.Action) {
	x.gen++
	if x.gen == 0 {
		x.table = [tableSize]slot{}
		x.gen = 1
	}
	for i, a := range legal {
		h := hashAction(a)
		for x.table[h].gen == x.gen && x.table[h].key != a {
			h = (h + 1) & (tableSize - 1)
		}
		if x.table[h].gen != x.gen {
			x.table[h] = slot{key: a, gen: x.gen, idx: int32(i)}
		}
	}
}

func (x *actionIndex) find(a engine.Action) int {
	h := hashAction(a)
	for x.table[h].gen == x.gen && x.table[h].key != a {
		h = (h + 1) & (tableSize - 1)
	}
	if x.table[h].gen != x.gen {
		return -1
	}
	return int(x.table[h].idx)
}

func init() {
	opts := []Option{
		{Name: "k", Default: "20", Doc: "determinizations per decision, 1 to 10000"},
		{Name: "combine", Default: "visits", Doc: "how the searches choose: visits (summed root visits) or votes (one per determinization for its most visited action)"},
	}
	for _, o := range mctsOptions(false) {
		if o.Name == "iters" {
			o.Doc = "search iterations per decision, shared among the k determinizations (at least k), 1 to 100000000"
		}
		if o.Name == "reuse" {
			continue // every determinization is a new game: nothing to reuse
		}
		opts = append(opts, o)
	}
	RegisterKind(Kind{
		Name: "pimc",
		Doc: "Perfect Information Monte Carlo (Long et al. 2010): k re-deals of what the seat cannot see, " +
			"a perfect-information MCTS in each (iters/k iterations, chance reseeded), the action with " +
			"the most summed visits (or votes); honest, a strong card-game baseline",
		Options: opts,
		Build: func(opts map[string]string) (func() Agent, error) {
			k, err := IntOption(opts, "k", 1, 10000)
			if err != nil {
				return nil, err
			}
			combine, err := ChoiceOption(opts, "combine", "visits", "votes")
			if err != nil {
				return nil, err
			}
			opts["reuse"] = "false"
			cfg, err := mctsConfig(opts, true)
			delete(opts, "reuse")
			if err != nil {
				return nil, err
			}
			if cfg.Iters < k {
				return nil, fmt.Errorf("option iters=%d: want at least k=%d (one iteration per determinization)", cfg.Iters, k)
			}
			canonInt(opts, "k", k)
			return func() Agent {
				p := &PIMC{K: k, Iters: cfg.Iters, Votes: combine == "votes"}
				p.inner = cfg
				return p
			}, nil
		},
	})
}
