package agents

import (
	"math"
	"strconv"
	"time"

	"dragonlab/engine"
)

// MCTS is single-observer information-set Monte Carlo tree search (SO-ISMCTS: Cowling,
// Powley & Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012).
//
// The tree is built for the seat to move (the observer) over the actions of every seat.
// Each iteration copies the state, re-deals everything the observer cannot see and reseeds
// chance (Determinize), then descends with UCB1 restricted to the actions legal in this
// determinization, using availability counts (how often a child was legal when its parent
// was visited) in place of the parent's visit count; it expands one untried action, plays
// the game out (random, or greedy rollouts), and backs up one reward per seat: each node
// keeps the reward of the seat that chose the action leading to it (max^n), so 1 to 5
// players, solitaire included, are handled alike. Actions are identified across
// determinizations by their engine.Action value (and the seat that plays it). The most
// visited root action is played.
//
// The oracle variant (Cheat) searches the true state instead of determinizations, only
// reseeding the chance stream per iteration so that it does not know future dice and
// draws: it sees every hidden card, so it is an upper bound, never a fair player.
//
// Nodes live in an arena reused from decision to decision (int32 links, no pointers):
// after the first decision a decision allocates nothing.
type MCTS struct {
	Iters  int           // iterations per decision (when Budget is 0)
	Budget time.Duration // time per decision; overrides Iters; not reproducible
	C      float64       // UCB exploration constant (rewards lie in [0, 1])
	Greedy bool          // greedy rollouts instead of uniform random ones
	Score  bool          // reward: normalized score margin instead of win share
	Cheat  bool          // oracle: search the true state (an upper bound, never fair)

	nodes  []node
	st     engine.State // the iteration's state (a determinization of the root)
	buf    [MaxActions]engine.Action
	table  [tableSize]slot
	stamp  [MaxActions]uint32
	gen    uint32
	rew    []float64 // rewards by seat for the finished iteration
	lo, hi float64   // range of the rewards seen in this decision (for normalization)
	policy greedyPolicy
}

// node is one tree node: the action that led to it and the statistics of the seat that
// chose that action (mover).
type node struct {
	sum     float64 // total reward of mover over the visits
	action  engine.Action
	parent  int32
	child   int32 // first child, or -1
	sibling int32 // next sibling, or -1
	visits  int32
	avail   int32 // times the action was legal when the parent was visited
	mover   int32
}

// maxNodes caps the arena of a time-budgeted search (about 40 MB); beyond it iterations
// keep running from the existing leaves without expanding.
const maxNodes = 1 << 20

// The set of actions legal at the node being visited: open addressing over engine.Action
// values, entries valid only for the current generation (so it is never cleared).
const (
	tableBits = 11
	tableSize = 1 << tableBits // at least twice MaxActions
)

type slot struct {
	key engine.Action
	gen uint32
	idx int32 // index in the legal list
}

func hashAction(a engine.Action) uint32 { return uint32(a) * 0x9e3779b1 >> (32 - tableBits) }

// lnTable caches the natural logarithms of small availability counts.
var lnTable [4096]float64

func init() {
	for i := 1; i < len(lnTable); i++ {
		lnTable[i] = math.Log(float64(i))
	}
}

func ln(n int32) float64 {
	if int(n) < len(lnTable) {
		return lnTable[n]
	}
	return math.Log(float64(n))
}

// Act searches and returns the most visited root action.
func (m *MCTS) Act(s engine.State, rng *engine.RNG) engine.Action {
	legal := s.Legal(m.buf[:0])
	if len(legal) == 1 {
		return legal[0]
	}
	seat := s.ToMove()
	m.st = scratchFor(m.st, s)
	m.rew = growFloats(m.rew, s.Players())
	limit := maxNodes
	if m.Budget <= 0 {
		limit = min(limit, m.Iters+1)
	}
	if cap(m.nodes) < min(limit, 1<<16) {
		m.nodes = make([]node, 0, min(limit, 1<<16))
	}
	m.nodes = append(m.nodes[:0], node{parent: -1, child: -1, sibling: -1, mover: -1})
	m.lo, m.hi = 0, 1
	if m.Score {
		m.lo, m.hi = math.Inf(1), math.Inf(-1)
	}
	var deadline time.Time
	if m.Budget > 0 {
		deadline = time.Now().Add(m.Budget)
	}
	for it := 0; ; it++ {
		if m.Budget > 0 {
			if it&7 == 0 && it > 0 && time.Now().After(deadline) {
				break
			}
		} else if it >= m.Iters {
			break
		}
		m.iterate(s, seat, rng, limit)
	}
	return m.best()
}

// iterate runs one iteration: determinize, select, expand, roll out, back up.
func (m *MCTS) iterate(root engine.State, seat int, rng *engine.RNG, limit int) {
	st := m.st
	st.CopyFrom(root)
	if m.Cheat {
		st.Reseed(rng.Uint64())
	} else {
		st.Determinize(seat, rng.Uint64())
	}
	cur := int32(0)
	for !st.Terminal() {
		legal := st.Legal(m.buf[:0])
		next, expanded := m.descend(cur, legal, int32(st.ToMove()), rng, len(m.nodes) < limit)
		if next < 0 { // arena full and an untried action drawn: play it without a node
			st.Apply(legal[-next-1])
			break
		}
		st.Apply(m.nodes[next].action)
		cur = next
		if expanded {
			break
		}
	}
	m.rollout(st, rng)
	m.reward(st)
	for n := cur; n > 0; {
		nd := &m.nodes[n]
		nd.visits++
		nd.sum += m.rew[nd.mover]
		n = nd.parent
	}
	m.nodes[0].visits++
}

// descend handles the visit of node cur, whose state has the given legal actions (mover
// to play): it counts the availability of the legal children and either expands one
// untried legal action (chosen at random) or picks the legal child with the best UCB. It
// returns the chosen child and whether it was just created. When an untried action is
// drawn but the arena is full (canExpand false) it returns -(index in legal)-1.
func (m *MCTS) descend(cur int32, legal []engine.Action, mover int32, rng *engine.RNG, canExpand bool) (int32, bool) {
	m.gen++
	if m.gen == 0 {
		m.table = [tableSize]slot{}
		m.stamp = [MaxActions]uint32{}
		m.gen = 1
	}
	gen := m.gen
	if len(legal) > MaxActions {
		panic("agents: more legal actions than agents.MaxActions")
	}
	for i, a := range legal {
		h := hashAction(a)
		for m.table[h].gen == gen && m.table[h].key != a {
			h = (h + 1) & (tableSize - 1)
		}
		if m.table[h].gen == gen { // a duplicate in legal: never an untried action
			m.stamp[i] = gen
			continue
		}
		m.table[h] = slot{key: a, gen: gen, idx: int32(i)}
	}

	tried := 0
	best, bestVal := int32(-1), math.Inf(-1)
	scale := 1.0
	if m.hi > m.lo {
		scale = 1 / (m.hi - m.lo)
	}
	nodes := m.nodes
	for ch := nodes[cur].child; ch >= 0; ch = nodes[ch].sibling {
		c := &nodes[ch]
		if c.mover != mover {
			continue // another seat's action with the same value
		}
		h := hashAction(c.action)
		for m.table[h].gen == gen && m.table[h].key != c.action {
			h = (h + 1) & (tableSize - 1)
		}
		if m.table[h].gen != gen {
			continue // not legal in this determinization
		}
		m.stamp[m.table[h].idx] = gen
		tried++
		c.avail++
		v := float64(c.visits)
		q := 0.5
		if m.hi > m.lo {
			q = (c.sum/v - m.lo) * scale
		}
		if u := q + m.C*math.Sqrt(ln(c.avail)/v); u > bestVal {
			best, bestVal = ch, u
		}
	}
	untried := 0
	for i := range legal {
		if m.stamp[i] != gen {
			untried++
		}
	}
	if untried == 0 {
		return best, false
	}
	k := rng.IntN(untried)
	i := 0
	for ; ; i++ {
		if m.stamp[i] != gen {
			if k == 0 {
				break
			}
			k--
		}
	}
	if !canExpand {
		if best >= 0 {
			return best, false
		}
		return int32(-i - 1), false
	}
	id := int32(len(m.nodes))
	m.nodes = append(m.nodes, node{action: legal[i], parent: cur, child: -1,
		sibling: m.nodes[cur].child, avail: 1, mover: mover})
	m.nodes[cur].child = id
	return id, true
}

// rollout plays st to the end.
func (m *MCTS) rollout(st engine.State, rng *engine.RNG) {
	for !st.Terminal() {
		legal := st.Legal(m.buf[:0])
		if m.Greedy {
			st.Apply(m.policy.choose(st, legal, rng))
		} else {
			st.Apply(legal[rng.IntN(len(legal))])
		}
	}
}

// reward fills m.rew for the finished game st: each seat's win share (1 alone, 1/k
// shared, 0 lost) or, with Score, its score margin (score minus the best opponent's; in a
// solitaire the score), normalized at selection time by the range seen in this search.
func (m *MCTS) reward(st engine.State) {
	if !m.Score {
		st.Result(m.rew)
		return
	}
	for seat := range m.rew {
		v := margin(st, seat)
		m.rew[seat] = v
		m.lo, m.hi = min(m.lo, v), max(m.hi, v)
	}
}

// best is the most visited root child (ties: the higher mean reward, then the first).
func (m *MCTS) best() engine.Action {
	nodes := m.nodes
	best := int32(-1)
	for ch := nodes[0].child; ch >= 0; ch = nodes[ch].sibling {
		if best < 0 {
			best = ch
			continue
		}
		c, b := &nodes[ch], &nodes[best]
		if c.visits > b.visits || c.visits == b.visits && c.sum*float64(b.visits) > b.sum*float64(c.visits) {
			best = ch
		}
	}
	return nodes[best].action
}

// canonInt and canonFloat rewrite an option to its canonical text, so that equal specs
// ("c=.7", "c=0.70") have equal canonical forms.
func canonInt(opts map[string]string, key string, v int) { opts[key] = strconv.Itoa(v) }

func canonFloat(opts map[string]string, key string, v float64) {
	opts[key] = strconv.FormatFloat(v, 'g', -1, 64)
}

// mctsOptions are the options shared by mcts and oracle.
func mctsOptions(withBudget bool) []Option {
	opts := []Option{
		{Name: "iters", Default: "1000", Doc: "search iterations (select, expand, roll out, back up) per decision, 1 to 100000000"},
	}
	if withBudget {
		opts = append(opts, Option{Name: "ms", Default: "0",
			Doc: "time per decision in milliseconds, overriding iters (0: use iters); results then depend on machine load and are NOT reproducible"})
	}
	return append(opts,
		Option{Name: "c", Default: "0.7", Doc: "UCB exploration constant (rewards lie in [0,1]), 0 to 100"},
		Option{Name: "rollout", Default: "random", Doc: "playout policy: random (uniform) or greedy (one-ply score lookahead; much slower)"},
		Option{Name: "reward", Default: "win", Doc: "backed-up reward per seat: win (win share: 1, 1/k shared, 0) or score (score minus best opponent's, normalized)"},
	)
}

func buildMCTS(cheat bool) func(opts map[string]string) (func() Agent, error) {
	return func(opts map[string]string) (func() Agent, error) {
		iters, err := IntOption(opts, "iters", 1, 100_000_000)
		if err != nil {
			return nil, err
		}
		ms := 0
		if !cheat {
			if ms, err = IntOption(opts, "ms", 0, 3_600_000); err != nil {
				return nil, err
			}
			canonInt(opts, "ms", ms)
		}
		c, err := FloatOption(opts, "c", 0, 100)
		if err != nil {
			return nil, err
		}
		rollout, err := ChoiceOption(opts, "rollout", "random", "greedy")
		if err != nil {
			return nil, err
		}
		reward, err := ChoiceOption(opts, "reward", "win", "score")
		if err != nil {
			return nil, err
		}
		canonInt(opts, "iters", iters)
		canonFloat(opts, "c", c)
		budget := time.Duration(ms) * time.Millisecond
		greedy, score := rollout == "greedy", reward == "score"
		return func() Agent {
			return &MCTS{Iters: iters, Budget: budget, C: c, Greedy: greedy, Score: score, Cheat: cheat}
		}, nil
	}
}

func init() {
	RegisterKind(Kind{
		Name: "mcts",
		Doc: "single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012): every iteration " +
			"re-deals what the seat cannot see and reseeds chance, UCB with availability counts, " +
			"max^n rewards for 1 to 5 players; plays the most visited action",
		Options: mctsOptions(true),
		Build:   buildMCTS(false),
	})
	RegisterKind(Kind{
		Name:   "oracle",
		Cheats: true,
		Doc: "CHEATS: the same MCTS searching the TRUE state — it sees every hidden card and draw " +
			"pile (only future dice are reseeded); an upper bound on skill, never a fair player",
		Options: mctsOptions(false),
		Build:   buildMCTS(true),
	})
}
