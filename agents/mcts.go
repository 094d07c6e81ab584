package agents

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"sync/atomic"
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
	// Eps is, in greedy rollouts, the probability of a uniform random step instead of a
	// greedy one (epsilon-greedy: cheaper, and less predictable than pure greedy).
	Eps float64
	// Depth cuts rollouts off after that many moves (0: play to the end); the leaf is then
	// scored by the game's evaluation (see leafValue).
	Depth int
	// Scale is the evaluation's unit in the squash 1/(1+exp(−v/Scale)) that turns an
	// evaluation (score margin plus the game's Evaluator) into a reward in (0, 1).
	Scale float64
	// Prior, when positive, turns on the greedy prior: the first visit of a node creates
	// every legal child at once with its heuristic value h (the squashed evaluation one
	// move ahead), counted as Prior virtual visits of reward h (Gelly & Silver 2007;
	// progressive bias, Chaslot et al. 2008), so the search tries good-looking moves first
	// and spends few iterations on bad ones. With Prior 0 untried moves are expanded in
	// random order (plain UCT).
	Prior float64
	// Reuse keeps the subtree of the action played when the same seat decides again right
	// after it (no other seat decided in between): its statistics, gathered over
	// determinizations of the seat's earlier information set, seed the new search.
	Reuse bool
	// Sim is how rounds of secret simultaneous choices (engine.Simultaneous) are searched:
	// simRM, simDUCT (one simultaneous node per round, see simnode.go) or simSeq (as the
	// sequence the engine asks them in).
	Sim int
	// SimX is the exploration at a simultaneous node: the probability of a uniform choice
	// (regret matching and decoupled UCB alike).
	SimX float64
	// Opp is the model of the other seats' moves inside the tree (oppmodel.go): oppTree
	// (pooled UCB statistics, SO-ISMCTS) by default; OppEps and OppW are its parameters.
	Opp          int
	OppEps, OppW float64

	nodes  []node
	spare  []node       // second arena, for compacting a reused subtree
	st     engine.State // the iteration's state (a determinization of the root)
	tmp    engine.State // scratch for the prior's one-move lookahead
	buf    [MaxActions]engine.Action
	table  [tableSize]slot
	stamp  [MaxActions]uint32
	gen    uint32
	rew    []float64 // rewards by seat for the finished iteration
	out    []float64 // scratch for evaluate
	lo, hi float64   // range of the rewards seen in this decision (for normalization)
	policy greedyPolicy
	iters  int64         // iterations run since the agent was made (Searcher)
	reused int64         // decisions that started from a reused subtree (tests)
	limit  int           // arena size for this decision
	first  engine.Action // the root's first legal action (played if no child could be made)

	// Simultaneous nodes (simnode.go).
	seesPending  bool   // the oracle: a round it is asked mid-way is not rewound
	rootChoosers int    // choosers of the root's round (rootSim)
	rootSeats    uint32 // the root round's choosers, a bit per seat (rootSim)
	// notConstSum: some iteration of this search ended with rewards of the root round's two
	// choosers that do not add up to 1 (a game nobody wins, a rollout cut off and
	// evaluated): the safe-reply check, which reads the first chooser's reward as 1 − the
	// other's, would then favour the chooser asked second (safeReply).
	notConstSum bool
	simOn       bool                // the game has secret rounds and they are searched as nodes
	rootSim     bool                // the decision is in a secret round: search it from its start
	simSt       engine.Simultaneous // m.st as engine.Simultaneous (when simOn)
	recs        []simRec            // the iteration's simultaneous decisions
	recNodes    []int32             // their legal statistics children
	recSig      []float64           // the probabilities each was sampled with
	simSig      [MaxActions]float64 // scratch: sampling probabilities of a decision
	simIdx      [MaxActions]int32   // scratch: statistics child of each legal action
	pol         [MaxActions]float64 // scratch: the root's average strategy
	// The last decision's secret round, for RootValues: its seat, whether the action was
	// drawn from the mixed policy (not the safe best reply), and the policy over the
	// legal actions.
	rootSeat  int32
	rootMixed bool
	lastDrawn bool // the last Act's action was drawn from rootPol (LastMixed)
	rootLegal [MaxActions]engine.Action
	rootPol   [MaxActions]float64
	rootN     int
	worlds    []engine.State // when set, the states the iterations start from in turn (PIMC)
	// vfn, when set, is a learned value function that scores cut-off leaves and/or gives
	// the prior's heuristic in place of the game's evaluation (the expert's option v).
	vfn *valueFn
	itn int // iterations started from worlds
	// inf, when set, weighs the determinizations by the other seats' observed plays (the
	// expert's option infer, infer.go).
	inf *inference
	// early, when above 0, stops a search once its most visited root action can no
	// longer be overtaken (the expert's option early, early.go).
	early float64

	// Reuse: what the previous decision saw and played.
	prev       engine.State
	prevAction engine.Action
	prevSeat   int
	prevOK     bool
	obsA, obsB []byte

	stop *atomic.Bool // set by the runner to stop a run (stop.go); nil: never
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
	prior   float32 // heuristic value h in [0, 1] of the action for mover (with Prior > 0)
}

// maxNodes caps the arena of a search (about 40 MB), time-budgeted or of more iterations
// than that; beyond it iterations keep running from the existing leaves without expanding.
// (An arena of iters+1 nodes would reserve 4 GB per agent for iters=100000000.)
const maxNodes = 1 << 20

// priorFanout bounds the children created per iteration on average with the prior (every
// legal child is created on a node's first visit): the arena holds Iters × priorFanout
// nodes, reserved once, so that decisions after the first never allocate.
const priorFanout = 24

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

// Iterations is the number of search iterations run since the agent was made.
func (m *MCTS) Iterations() int64 { return m.iters }

// Act searches and returns the most visited root action.
func (m *MCTS) Act(s engine.State, rng *engine.RNG) engine.Action {
	if m.inf == nil {
		return m.act(s, rng)
	}
	seat := s.ToMove()
	a := m.act(s, rng)
	m.inf.record(s, seat, a)
	return a
}

func (m *MCTS) act(s engine.State, rng *engine.RNG) engine.Action {
	m.lastDrawn = false
	legal := s.Legal(m.buf[:0])
	if len(legal) == 1 {
		m.prevOK = false
		return legal[0]
	}
	seat := s.ToMove()
	// A round's statistics are kept differently at the decision's own round (simnode.go):
	// a subtree is not reused as the root of one.
	reused := m.Reuse && !(m.Sim != simSeq && secretChoosers(s) >= 2) && m.reuse(s, seat)
	if reused {
		m.reused++
	}
	m.search(s, seat, rng, reused)
	var a engine.Action
	if m.rootSim {
		// A round of secret choices: the seat's safe best reply, or a draw from its purified
		// average strategy (simChoice).
		legal := s.Legal(m.buf[:0])
		a = m.first
		m.rootMixed, m.rootSeat = false, int32(seat)
		if c, ok := m.simChoice(int32(seat), legal, rng); ok {
			a = c
		}
	} else {
		gen := uint32(0)
		if reused {
			// A reused root may have children for moves the seat had in other worlds of its
			// earlier information set: only the moves legal now count.
			gen = m.mark(s.Legal(m.buf[:0]))
		}
		a = m.best(int32(seat), gen)
	}
	if m.Reuse {
		m.prev = scratchFor(m.prev, s)
		m.prev.CopyFrom(s)
		// After a secret round the tree below the seat's own action is not what follows
		// the reveal (the other choosers' nodes come first): nothing to reuse.
		m.prevAction, m.prevSeat, m.prevOK = a, seat, !m.rootSim
	}
	return a
}

// capacity is the arena size a decision may fill.
func (m *MCTS) capacity() int {
	if m.Budget > 0 {
		return maxNodes
	}
	n := min(m.Iters+1, maxNodes)
	if m.Prior > 0 {
		n = min(maxNodes, (m.Iters+1)*priorFanout)
	}
	if m.simOn {
		n = min(maxNodes, max(n, (m.Iters+1)*simFanout))
	}
	if m.Reuse {
		n *= 2 // room for the reused subtree and a full new search
	}
	return n
}

// reserve makes sure both arenas can hold n nodes, so that a search never grows them.
func (m *MCTS) reserve(n int) {
	if cap(m.nodes) < n {
		m.nodes = make([]node, 0, n)
	}
	if m.Reuse && cap(m.spare) < n {
		m.spare = make([]node, 0, n)
	}
}

// search runs the iterations for a decision of seat in s, from a fresh root unless the
// tree was just reused.
func (m *MCTS) search(s engine.State, seat int, rng *engine.RNG, reused bool) {
	m.st = scratchFor(m.st, s)
	m.rew = growFloats(m.rew, s.Players())
	m.out = growFloats(m.out, s.Players())
	if m.Prior > 0 || m.Opp != oppTree {
		m.tmp = scratchFor(m.tmp, s)
	}
	m.simState(s)
	if m.inf != nil {
		m.inf.prepare(s, seat, rng)
	}
	m.limit = m.capacity()
	if m.Reuse && cap(m.obsA) < 1<<12 { // views vary in length during a game: reserve once
		m.obsA, m.obsB = make([]byte, 0, 1<<12), make([]byte, 0, 1<<12)
	}
	if m.Budget > 0 {
		// A time-budgeted search grows its arena as it goes (up to maxNodes).
		if cap(m.nodes) < 1<<16 {
			m.nodes = make([]node, 0, 1<<16)
		}
	} else {
		m.reserve(m.limit)
	}
	if !reused {
		m.nodes = append(m.nodes[:0], node{parent: -1, child: -1, sibling: -1, mover: -1})
	}
	m.first = s.Legal(m.buf[:0])[0]
	m.lo, m.hi = 0, 1
	if m.Score {
		m.lo, m.hi = math.Inf(1), math.Inf(-1)
	}
	var deadline time.Time
	if m.Budget > 0 {
		deadline = time.Now().Add(m.Budget)
	}
	early := m.earlyOn(reused)
	for it := 0; ; it++ {
		if m.Budget > 0 {
			if it&7 == 0 && it > 0 && time.Now().After(deadline) {
				break
			}
		} else if it >= m.Iters {
			break
		}
		if it&(stopPoll-1) == stopPoll-1 && m.stopped() {
			break
		}
		if early && it&(earlyPoll-1) == 0 && it > 0 && m.settled(int32(seat), it) {
			break
		}
		m.iterate(s, seat, rng)
		m.iters++
	}
}

// iterate runs one iteration: determinize, select, expand, roll out, back up.
func (m *MCTS) iterate(root engine.State, seat int, rng *engine.RNG) {
	st := m.st
	switch {
	case m.inf != nil && m.inf.on: // a world drawn by its likelihood (infer.go)
		st.CopyFrom(m.inf.pick(rng))
		st.Reseed(rng.Uint64())
	case len(m.worlds) > 0: // PIMC's worlds, taken in turn (pimc.go)
		st.CopyFrom(m.worlds[m.itn%len(m.worlds)])
		m.itn++
		m.chance(st, seat, rng)
	default:
		st.CopyFrom(root)
		m.chance(st, seat, rng)
	}
	if m.rootSim {
		m.simSt.RewindRound() // the whole round, from its first chooser
	}
	m.recs, m.recNodes, m.recSig = m.recs[:0], m.recNodes[:0], m.recSig[:0]
	cur := int32(0)
	round, roundNew := int32(-1), false // the node where the secret round in progress started
	for !st.Terminal() {
		if m.simOn {
			seats, chosen, ok := m.simSt.SecretRound()
			ok = ok && bits.OnesCount32(seats) >= 2
			if round >= 0 && (!ok || chosen == 0) { // the round was revealed
				round = -1
				if roundNew {
					break // a node was created in it: roll out from after the reveal
				}
			}
			if ok && chosen == 0 {
				round, roundNew = cur, false
			}
			if round >= 0 {
				next, created := m.simStep(st, round, cur, rng)
				if next < 0 {
					break
				}
				cur, roundNew = next, roundNew || created
				continue
			}
		}
		legal := st.Legal(m.buf[:0])
		var next int32
		var expanded bool
		if m.Opp != oppTree && st.ToMove() != seat {
			next, expanded = m.descendOpp(st, cur, legal, int32(st.ToMove()), rng)
		} else if m.Prior > 0 {
			next, expanded = m.descendPrior(st, cur, legal, int32(st.ToMove()), rng, m.Prior, false)
		} else {
			next, expanded = m.descend(cur, legal, int32(st.ToMove()), rng, len(m.nodes) < m.limit)
		}
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
	cut := m.rollout(st, rng)
	m.reward(st, cut)
	if m.rootSim && m.rootChoosers == 2 && !m.notConstSum {
		total := 0.0
		for seats := m.rootSeats; seats != 0; seats &= seats - 1 {
			total += m.rew[bits.TrailingZeros32(seats)]
		}
		m.notConstSum = math.Abs(total-1) > 1e-9
	}
	if len(m.recs) > 0 {
		m.simBackup()
	}
	for n := cur; n > 0; {
		nd := &m.nodes[n]
		nd.visits++
		nd.sum += m.rew[nd.mover]
		n = nd.parent
	}
	m.nodes[0].visits++
}

// chance re-deals what seat cannot see in st (the oracle: only the chance stream).
func (m *MCTS) chance(st engine.State, seat int, rng *engine.RNG) {
	if m.Cheat {
		st.Reseed(rng.Uint64())
	} else {
		st.Determinize(seat, rng.Uint64())
	}
}

// mark enters the legal actions of the node being visited into the generation's table;
// duplicates in legal are stamped at once (never an untried action).
func (m *MCTS) mark(legal []engine.Action) uint32 {
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
		if m.table[h].gen == gen {
			m.stamp[i] = gen
			continue
		}
		m.table[h] = slot{key: a, gen: gen, idx: int32(i)}
	}
	return gen
}

// lookup returns the index in the marked legal list of a, or -1 if a is not legal.
func (m *MCTS) lookup(a engine.Action, gen uint32) int32 {
	h := hashAction(a)
	for m.table[h].gen == gen && m.table[h].key != a {
		h = (h + 1) & (tableSize - 1)
	}
	if m.table[h].gen != gen {
		return -1
	}
	return m.table[h].idx
}

// descend handles the visit of node cur, whose state has the given legal actions (mover
// to play): it counts the availability of the legal children and either expands one
// untried legal action (chosen at random) or picks the legal child with the best UCB. It
// returns the chosen child and whether it was just created. When an untried action is
// drawn but the arena is full (canExpand false) it returns -(index in legal)-1.
func (m *MCTS) descend(cur int32, legal []engine.Action, mover int32, rng *engine.RNG, canExpand bool) (int32, bool) {
	gen := m.mark(legal)
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
		i := m.lookup(c.action, gen)
		if i < 0 {
			continue // not legal in this determinization
		}
		m.stamp[i] = gen
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

// descendPrior is descend with the greedy prior (Prior > 0, win rewards): every legal
// action without a child gets one now, with its heuristic value h from a one-move
// lookahead in this determinization; then the legal child with the best
//
//	(sum + Prior·h)/(visits + Prior) + C·sqrt(ln(avail)/(visits + Prior))
//
// is chosen, and reported as new if it has never been visited (the iteration then rolls
// out from it). When the arena is full no child is created; with no legal child at all it
// returns -(random index in legal)-1. w is the prior's weight (Prior, or OppW at the other
// seats' nodes); fresh recomputes h of every child on this determinization at each visit
// instead of keeping the one of its first (opp=prior, oppmodel.go).
func (m *MCTS) descendPrior(st engine.State, cur int32, legal []engine.Action, mover int32, rng *engine.RNG, w float64, fresh bool) (int32, bool) {
	gen := m.mark(legal)
	best, bestVal := int32(-1), math.Inf(-1)
	for ch := m.nodes[cur].child; ch >= 0; ch = m.nodes[ch].sibling {
		c := &m.nodes[ch]
		if c.mover != mover {
			continue
		}
		i := m.lookup(c.action, gen)
		if i < 0 {
			continue
		}
		m.stamp[i] = gen
		c.avail++
		h := float64(c.prior)
		if fresh {
			h = m.heuristic(st, c.action, int(mover))
		}
		n := float64(c.visits) + w
		u := (c.sum+w*h)/n + m.C*math.Sqrt(ln(c.avail)/n)
		if u > bestVal {
			best, bestVal = ch, u
		}
	}
	for i, a := range legal {
		if m.stamp[i] == gen {
			continue
		}
		if len(m.nodes) >= m.limit {
			break
		}
		h := m.heuristic(st, a, int(mover))
		id := int32(len(m.nodes))
		m.nodes = append(m.nodes, node{action: a, parent: cur, child: -1,
			sibling: m.nodes[cur].child, avail: 1, mover: mover, prior: float32(h)})
		m.nodes[cur].child = id
		if h > bestVal { // a new child: visits 0, avail 1, so its value is h
			best, bestVal = id, h
		}
	}
	if best < 0 {
		return int32(-rng.IntN(len(legal)) - 1), false
	}
	return best, m.nodes[best].visits == 0
}

// heuristic is the squashed evaluation, for mover, of playing a in st.
func (m *MCTS) heuristic(st engine.State, a engine.Action, mover int) float64 {
	m.tmp.CopyFrom(st)
	m.tmp.Apply(a)
	if m.vfn != nil && m.vfn.prior && !m.tmp.Terminal() {
		m.vfn.values(m.tmp, m.out)
		return m.out[mover]
	}
	return m.squash(evaluate(m.tmp, mover, m.out))
}

// squash maps an evaluation (score units; ±winValue at the end) into (0, 1).
func (m *MCTS) squash(v float64) float64 {
	return 1 / (1 + math.Exp(-v/m.Scale))
}

// rollout plays st on: to the end, or for Depth moves when Depth is set. It reports
// whether it stopped before the end.
func (m *MCTS) rollout(st engine.State, rng *engine.RNG) bool {
	for d := 0; !st.Terminal(); d++ {
		if m.Depth > 0 && d >= m.Depth {
			return true
		}
		legal := st.Legal(m.buf[:0])
		if m.Greedy && (m.Eps == 0 || rng.Float64() >= m.Eps) && !(m.simOn && m.secretNow()) {
			st.Apply(m.policy.choose(st, legal, rng))
		} else {
			st.Apply(legal[rng.IntN(len(legal))])
		}
	}
	return false
}

// reward fills m.rew for the state st where the iteration stopped. At the end of the
// game: each seat's win share (1 alone, 1/k shared, 0 lost) or, with Score, its score
// margin (score minus the best opponent's; in a solitaire the score), normalized at
// selection time by the range seen in this search. At a rollout cut-off (cut): each seat's
// evaluation (score margin plus the game's Evaluator), squashed into (0, 1) for win
// rewards, raw for Score; or, with a value function for cut-offs (vfn), every seat's value.
func (m *MCTS) reward(st engine.State, cut bool) {
	if cut && m.vfn != nil && m.vfn.cut && !m.Score {
		m.vfn.values(st, m.rew)
		if w := m.vfn.w; w < 1 {
			for seat := range m.rew {
				m.rew[seat] = w*m.rew[seat] + (1-w)*m.squash(evaluate(st, seat, m.out))
			}
		}
		return
	}
	if cut {
		for seat := range m.rew {
			v := evaluate(st, seat, m.out)
			if m.Score {
				m.lo, m.hi = min(m.lo, v), max(m.hi, v)
			} else {
				v = m.squash(v)
			}
			m.rew[seat] = v
		}
		return
	}
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

// best is the most visited root child of the seat (ties: the higher mean reward, then the
// first); when gen is not 0, only among the actions marked legal in that generation.
func (m *MCTS) best(seat int32, gen uint32) engine.Action {
	nodes := m.nodes
	best := int32(-1)
	for ch := nodes[0].child; ch >= 0; ch = nodes[ch].sibling {
		if nodes[ch].mover != seat || gen != 0 && m.lookup(nodes[ch].action, gen) < 0 {
			continue
		}
		if best < 0 {
			best = ch
			continue
		}
		c, b := &nodes[ch], &nodes[best]
		if c.visits > b.visits || c.visits == b.visits && c.sum*float64(b.visits) > b.sum*float64(c.visits) {
			best = ch
		}
	}
	if best < 0 { // no child could be created (arena full): the first legal action
		return m.first
	}
	return nodes[best].action
}

// reuse makes the subtree of the previous decision's action the root, when seat decides
// again right after that action: a copy of the previous state with the action applied
// looks, to seat, exactly like s (the same Observe bytes), so no other seat has decided
// in between. The check compares only what seat sees; the subtree's statistics come from
// determinizations of seat's own earlier information set, so nothing hidden leaks in.
func (m *MCTS) reuse(s engine.State, seat int) bool {
	ok := m.prevOK && m.prevSeat == seat && len(m.nodes) > 1
	m.prevOK = false
	if !ok {
		return false
	}
	m.tmp = scratchFor(m.tmp, s)
	m.tmp.CopyFrom(m.prev)
	m.tmp.Apply(m.prevAction)
	if m.tmp.Terminal() || m.tmp.ToMove() != seat {
		return false
	}
	m.obsA = m.tmp.Observe(seat, m.obsA[:0])
	m.obsB = s.Observe(seat, m.obsB[:0])
	if string(m.obsA) != string(m.obsB) {
		return false
	}
	root := int32(-1)
	for ch := m.nodes[0].child; ch >= 0; ch = m.nodes[ch].sibling {
		if m.nodes[ch].action == m.prevAction && m.nodes[ch].mover == int32(seat) {
			root = ch
			break
		}
	}
	if root < 0 || m.nodes[root].child < 0 {
		return false
	}
	return m.compact(root)
}

// compact copies the subtree of root into the spare arena as a new tree (root at 0) and
// swaps the arenas. It refuses (false) when the subtree would leave less than half the
// arena for the new search.
func (m *MCTS) compact(root int32) bool {
	limit := m.capacity()
	if cap(m.spare) < len(m.nodes) { // only with a time budget: the arenas grow as needed
		m.spare = make([]node, 0, max(len(m.nodes), 1<<16))
	}
	out := append(m.spare[:0], m.nodes[root])
	out[0].parent, out[0].sibling, out[0].mover = -1, -1, -1
	// Breadth first: node i of out has its children copied when i is reached.
	for i := 0; i < len(out); i++ {
		first := out[i].child
		out[i].child = -1
		for ch := first; ch >= 0; ch = m.nodes[ch].sibling {
			if len(out) >= limit/2 {
				m.spare = out[:0]
				return false
			}
			nd := m.nodes[ch]
			nd.parent, nd.sibling = int32(i), out[i].child // nd.child: still the original index, remapped when nd is reached
			out[i].child = int32(len(out))
			out = append(out, nd)
		}
	}
	m.nodes, m.spare = out, m.nodes[:0]
	return true
}

// canonInt and canonFloat rewrite an option to its canonical text, so that equal specs
// ("c=.7", "c=0.70") have equal canonical forms.
func canonInt(opts map[string]string, key string, v int) { opts[key] = strconv.Itoa(v) }

func canonFloat(opts map[string]string, key string, v float64) {
	opts[key] = strconv.FormatFloat(v, 'g', -1, 64)
}

// mctsOptions are the options shared by mcts and oracle. Their defaults are plain
// IS-MCTS (the agent every earlier result names); the enhancements are opt-in, and the
// expert kind sets them per game.
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
		Option{Name: "eps", Default: "0", Doc: "with rollout=greedy: probability of a uniform random step instead of a greedy one (epsilon-greedy), 0 to 1"},
		Option{Name: "depth", Default: "0", Doc: "rollout cut-off: moves played before the leaf is scored by the game's evaluation (score margin + heuristic, squashed by scale); 0 plays to the end"},
		Option{Name: "scale", Default: "10", Doc: "evaluation unit of the squash 1/(1+exp(-v/scale)) that turns an evaluation into a reward in (0,1), for depth and prior; > 0"},
		Option{Name: "prior", Default: "0", Doc: "greedy prior: a node's first visit creates every legal child with its squashed one-move evaluation h, counted as this many virtual visits of reward h (PUCT-style progressive bias); 0 is off (plain UCT: untried moves in random order); needs reward=win"},
		Option{Name: "reuse", Default: "false", Doc: "true keeps the subtree of the action played when the same seat decides again right after it (true or false)"},
		Option{Name: "reward", Default: "win", Doc: "backed-up reward per seat: win (win share: 1, 1/k shared, 0) or score (score minus best opponent's, normalized)"},
		Option{Name: "sim", Default: "rm", Doc: "rounds of secret simultaneous choices (Red Hot, Dragon Scales): rm (each round one simultaneous node; regret matching per seat in the decision's own round, played from the average strategy where the round is a guessing fight and as the safe best reply where it is not; decoupled UCB per seat in later rounds), duct (decoupled UCB in every round, mixed choice from the visits) or seq (searched as the sequence the engine asks: later choosers answer earlier ones)"},
		Option{Name: "simx", Default: "0.1", Doc: "probability of a uniform choice at a simultaneous node (exploration of regret matching and decoupled UCB), 0.001 to 1"},
	)
}

// mctsConfig reads the MCTS options (canonicalizing them in opts) into an agent template.
func mctsConfig(opts map[string]string, cheat bool) (MCTS, error) {
	iters, err := IntOption(opts, "iters", 1, 100_000_000)
	if err != nil {
		return MCTS{}, err
	}
	ms := 0
	if _, has := opts["ms"]; has {
		if ms, err = IntOption(opts, "ms", 0, 3_600_000); err != nil {
			return MCTS{}, err
		}
		canonInt(opts, "ms", ms)
	}
	c, err := FloatOption(opts, "c", 0, 100)
	if err != nil {
		return MCTS{}, err
	}
	rollout, err := ChoiceOption(opts, "rollout", "random", "greedy")
	if err != nil {
		return MCTS{}, err
	}
	eps, err := FloatOption(opts, "eps", 0, 1)
	if err != nil {
		return MCTS{}, err
	}
	if eps > 0 && rollout != "greedy" {
		return MCTS{}, fmt.Errorf("option eps=%s needs rollout=greedy (a random rollout is all random steps)", opts["eps"])
	}
	depth, err := IntOption(opts, "depth", 0, 100000)
	if err != nil {
		return MCTS{}, err
	}
	scale, err := FloatOption(opts, "scale", 0, 1e6)
	if err != nil || scale == 0 {
		return MCTS{}, fmt.Errorf("option scale=%s: want a number above 0 and at most 1e+06", opts["scale"])
	}
	prior, err := FloatOption(opts, "prior", 0, 1e6)
	if err != nil {
		return MCTS{}, err
	}
	reuse, err := ChoiceOption(opts, "reuse", "false", "true")
	if err != nil {
		return MCTS{}, err
	}
	reward, err := ChoiceOption(opts, "reward", "win", "score")
	if err != nil {
		return MCTS{}, err
	}
	if prior > 0 && reward != "win" {
		return MCTS{}, fmt.Errorf("option prior=%s needs reward=win (the prior is a win-probability estimate)", opts["prior"])
	}
	sim, err := ChoiceOption(opts, "sim", simModes...)
	if err != nil {
		return MCTS{}, err
	}
	simx, err := FloatOption(opts, "simx", 0.001, 1)
	if err != nil {
		return MCTS{}, err
	}
	canonFloat(opts, "simx", simx)
	canonInt(opts, "iters", iters)
	canonInt(opts, "depth", depth)
	canonFloat(opts, "c", c)
	canonFloat(opts, "eps", eps)
	canonFloat(opts, "scale", scale)
	canonFloat(opts, "prior", prior)
	return MCTS{Iters: iters, Budget: time.Duration(ms) * time.Millisecond, C: c,
		Greedy: rollout == "greedy", Score: reward == "score", Cheat: cheat,
		Eps: eps, Depth: depth, Scale: scale, Prior: prior, Reuse: reuse == "true",
		Sim: simMode(sim), SimX: simx}, nil
}

// simMode is the Sim value of an option text (one of simModes).
func simMode(text string) int {
	switch text {
	case "seq":
		return simSeq
	case "duct":
		return simDUCT
	}
	return simRM
}

func buildMCTS(cheat bool) func(opts map[string]string) (func() Agent, error) {
	return func(opts map[string]string) (func() Agent, error) {
		cfg, err := mctsConfig(opts, cheat)
		if err != nil {
			return nil, err
		}
		cfg.seesPending = cheat // the oracle answers the pending secret choices it sees
		return func() Agent {
			m := cfg // a fresh copy of the template: no shared scratch
			return &m
		}, nil
	}
}

func init() {
	RegisterKind(Kind{
		Name: "mcts",
		Doc: "single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012): every iteration " +
			"re-deals what the seat cannot see and reseeds chance, UCB with availability counts, " +
			"max^n rewards for 1 to 5 players; plays the most visited action. Defaults are plain " +
			"IS-MCTS; eps, depth, prior and reuse are opt-in enhancements",
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
