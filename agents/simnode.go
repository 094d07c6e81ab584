package agents

import (
	"math"
	"math/bits"

	"dragonlab/engine"
)

// Simultaneous nodes. A round of secret simultaneous choices (engine.Simultaneous: Red
// Hot's RH-9, Dragon Scales' DS-11 and DS-16) is asked by the engine one seat after the
// other, but no chooser knows the choices made before it in the round. Searched as a
// sequence, a later chooser's node sits under the earlier chooser's action: in the search
// it answers a choice it could not see, and the earlier chooser plans against an opponent
// who always counters it (strategy fusion), so the seat asked first loses whatever the
// rules say.
//
// The search treats the round instead as one simultaneous node, as in simultaneous-move
// MCTS (Lanctot, Lisý & Winands, "Monte Carlo Tree Search in Simultaneous Move Games with
// Applications to Goofspiel", CGW 2013; Lisý, Kovařík, Lanctot & Bošanský, "Convergence of
// Monte Carlo Tree Search in Simultaneous Move Games", NIPS 2013; Tak, Lanctot & Winands,
// "Monte Carlo Tree Search Variants for Simultaneous Move Games", CIG 2014):
//
//   - the node where the round starts (its first chooser to move) keeps, for every seat of
//     the round, statistics over that seat's own actions only (the children of a holder
//     child marked by mover = statMover(seat)): every chooser selects from them, whatever
//     the earlier choosers of the round picked in this iteration, so a node is keyed by what
//     its mover knows (the information before the round), as in OpenSpiel's IS-MCTS;
//   - the joint choice leads on, through ordinary nodes (one per chooser, in the order the
//     engine asks), to the subtree after the reveal; these route and count (and give the
//     joint statistics of the safety check below);
//   - a decision at such a round searches the whole round from its start: each iteration
//     determinizes the seat's view (which re-deals the earlier choosers' pending choices)
//     and rewinds the round (engine.Simultaneous.RewindRound), so the seat asked first and
//     the seat asked last search the same node;
//   - in that round (sim=rm) every chooser selects by regret matching with exploration
//     gamma, whose average strategy approaches an equilibrium of a two-player zero-sum
//     round (Hannan consistency); the sampled regrets are variance-reduced by per-action
//     baselines (simBackup) and the average is linear (iteration t weighs t), which both
//     measured to approach the biased rock-paper-scissors equilibrium in fewer
//     iterations; in the rounds after it, which get few visits each, decoupled UCB (each
//     seat's UCB1 over its own actions), which concentrates on good replies sooner: with
//     regret matching there too the search modelled later rounds as nearly random play
//     and played Red Hot worse (measured: see the README);
//   - the action played is the seat's best reply (the highest mean reward among the
//     actions it chose often) when that reply is safe — two choosers, and none of the
//     other's replies tried often holds it more than safeSlack below the mixed policy's
//     value (the round is not a guessing fight: mixing would only play worse actions);
//     otherwise it is drawn from the seat's average strategy, purified: actions whose mean
//     reward is significantly below the best one's, and actions below purifyBelow of the
//     probability, are dropped (simPolicy), so that a guessing fight (rock-paper-scissors)
//     is mixed as its equilibrium says. With sim=duct every round is decoupled UCB and the
//     choice is drawn from the visits.
//
// Inside a round a greedy rollout step is uniform (a greedy chooser asked later would
// answer the earlier choices of the iteration), and the greedy prior is not used (regret
// matching starts uniform). PIMC decides in a round with one search over its K worlds
// (pimc.go), greedy with the round played out against random choosers (greedy.go).
//
// The oracle, which sees every hidden choice, does not rewind a round it is asked in the
// middle of (it answers the choices it sees: it cheats); deeper rounds of its tree are
// simultaneous nodes like everyone's.

// Simultaneous-node modes (option sim).
const (
	simSeq  = iota // the round searched as the sequence the engine asks (the earlier behaviour)
	simRM          // regret matching per seat in the decision's round, decoupled UCB deeper (default)
	simDUCT        // decoupled UCB1 per seat in every round
)

var simModes = []string{"rm", "duct", "seq"}

// purifyBelow is the probability under which an action of the average strategy is not
// played (the rest renormalized): the early, nearly uniform iterations leave a little
// weight on every action.
const purifyBelow = 0.05

// simFanout bounds the nodes an iteration creates on average in a game with secret rounds
// (a round's first visit creates the statistics of every chooser's every action).
const simFanout = 32

// Bounds of one iteration's record of simultaneous decisions (beyond them a decision's
// statistics are not updated in that iteration; it is never reached in practice).
const (
	maxSimRecs     = 256
	maxSimRecNodes = 8 * MaxActions
)

// statMover is the mover field of the holder of seat's statistics at a round node, and of
// the statistics themselves.
func statMover(seat int32) int32 { return -2 - seat }

// simRec is one simultaneous decision of an iteration: the seat, its statistics children
// legal in this determinization (recNodes[start:start+n]) with the probabilities it
// sampled them with (recSig, same indices), and the index of the one chosen.
type simRec struct {
	start, n int32
	pick     int32
	seat     int32
	duct     bool // decoupled UCB statistics (else regret matching)
}

// simState prepares the simultaneous nodes of a decision: whether the game has secret
// rounds (simOn) and whether the root is one that the search rewinds (rootSim).
func (m *MCTS) simState(s engine.State) {
	m.simOn, m.rootSim, m.simSt, m.notConstSum = false, false, nil, false
	if m.Sim == simSeq {
		return
	}
	if _, ok := unwrap(s).(engine.Simultaneous); !ok {
		return
	}
	sim, ok := m.st.(engine.Simultaneous)
	if !ok {
		return // a view that does not pass the rounds on: searched as a sequence
	}
	m.simOn, m.simSt = true, sim
	if cap(m.recs) < maxSimRecs {
		m.recs = make([]simRec, 0, maxSimRecs)
		m.recNodes = make([]int32, 0, maxSimRecNodes)
		m.recSig = make([]float64, 0, maxSimRecNodes)
	}
	if seats, chosen, in := engine.SecretRound(s); in && !(m.seesPending && chosen != 0) {
		m.rootSim, m.rootChoosers, m.rootSeats = true, bits.OnesCount32(seats), seats
	}
}

// simStep makes the decision of a chooser of the round that started at node round, in st
// (the iteration's state) whose tree node is cur: the seat selects among its statistics
// at round, the action is applied, and the iteration moves to the child of cur for it,
// created if new (reported). It returns -1 when the arena is full (a random action was
// applied instead: the iteration rolls out from there).
func (m *MCTS) simStep(st engine.State, round, cur int32, rng *engine.RNG) (int32, bool) {
	legal := st.Legal(m.buf[:0])
	mover := int32(st.ToMove())
	i := m.simSelect(round, legal, mover, rng)
	if i < 0 {
		st.Apply(legal[rng.IntN(len(legal))])
		return -1, false
	}
	a := legal[i]
	st.Apply(a)
	for ch := m.nodes[cur].child; ch >= 0; ch = m.nodes[ch].sibling {
		if c := &m.nodes[ch]; c.mover == mover && c.action == a {
			return ch, false
		}
	}
	if len(m.nodes) >= m.limit {
		return -1, false
	}
	id := int32(len(m.nodes))
	m.nodes = append(m.nodes, node{action: a, parent: cur, child: -1,
		sibling: m.nodes[cur].child, avail: 1, mover: mover})
	m.nodes[cur].child = id
	return id, true
}

// simSelect chooses, for mover, one of legal from its statistics at the round node
// (creating those it lacks) and records the decision for simBackup. It returns the index
// in legal, or -1 when the arena cannot hold the statistics.
func (m *MCTS) simSelect(round int32, legal []engine.Action, mover int32, rng *engine.RNG) int {
	holder := m.holder(round, mover, true)
	if holder < 0 {
		return -1
	}
	gen := m.mark(legal)
	sm := statMover(mover)
	idx := m.simIdx[:len(legal)]
	for ch := m.nodes[holder].child; ch >= 0; ch = m.nodes[ch].sibling {
		if i := m.lookup(m.nodes[ch].action, gen); i >= 0 && m.stamp[i] != gen {
			m.stamp[i] = gen
			idx[i] = ch
		}
	}
	for i, a := range legal {
		if m.stamp[i] == gen {
			continue
		}
		if len(m.nodes) >= m.limit {
			return -1
		}
		id := int32(len(m.nodes))
		m.nodes = append(m.nodes, node{action: a, parent: holder, child: -1,
			sibling: m.nodes[holder].child, mover: sm})
		m.nodes[holder].child = id
		setBaseline(&m.nodes[id], 0.5)
		idx[i] = id
	}
	nodes := m.nodes
	k := len(legal)
	sig := m.simSig[:k]
	m.nodes[holder].visits++
	var pick int
	duct := m.ductAt(round)
	if duct {
		pick = m.ductSelect(idx, rng)
	} else {
		total := 0.0
		for _, id := range idx {
			total += max(nodes[id].sum, 0)
		}
		gamma := m.SimX
		// σ = (1−γ)·σ_RM + γ/k, sampled by inversion. The average strategy accumulates σ,
		// exploration included: the regrets are measured against the strategies actually
		// sampled, so it is their average that approaches the equilibrium (the average of
		// σ_RM alone approaches the equilibrium of the game in which the opponents explore).
		u := rng.Float64()
		pick = -1
		for i, id := range idx {
			rm := 1 / float64(k)
			if total > 0 {
				rm = max(nodes[id].sum, 0) / total
			}
			p := (1-gamma)*rm + gamma/float64(k)
			sig[i] = p
			if pick < 0 {
				if u < p || i == k-1 {
					pick = i
				}
				u -= p
			}
			nodes[id].prior += float32(p * float64(nodes[holder].visits)) // linear averaging
		}
	}
	if len(m.recs) < cap(m.recs) && len(m.recNodes)+k <= cap(m.recNodes) {
		m.recs = append(m.recs, simRec{start: int32(len(m.recNodes)), n: int32(k), pick: int32(pick), seat: mover, duct: duct})
		m.recNodes = append(m.recNodes, idx...)
		m.recSig = append(m.recSig, sig...)
	}
	return pick
}

// ductAt reports whether the simultaneous node at round selects by decoupled UCB: with
// sim=duct every one; with sim=rm every one but the round the decision is in (see the
// header).
func (m *MCTS) ductAt(round int32) bool {
	return m.Sim == simDUCT || !(round == 0 && m.rootSim)
}

// holder is the child of the round node that holds seat's statistics (mover
// statMover(seat); its children are the statistics of the seat's actions), created when
// create is set and the arena has room; -1 if there is none.
func (m *MCTS) holder(round, seat int32, create bool) int32 {
	sm := statMover(seat)
	for ch := m.nodes[round].child; ch >= 0; ch = m.nodes[ch].sibling {
		if m.nodes[ch].mover == sm {
			return ch
		}
	}
	if !create || len(m.nodes) >= m.limit {
		return -1
	}
	id := int32(len(m.nodes))
	m.nodes = append(m.nodes, node{parent: round, child: -1, sibling: m.nodes[round].child, mover: sm})
	m.nodes[round].child = id
	return id
}

// A regret-matching statistics node keeps its action's mean reward (the baseline of the
// variance-reduced regret estimate) in the bits of its avail field, unused there.
func baseline(n *node) float64       { return float64(math.Float32frombits(uint32(n.avail))) }
func setBaseline(n *node, v float64) { n.avail = int32(math.Float32bits(float32(v))) }

// ductSelect is decoupled UCB1 over the seat's statistics children idx (visits and reward
// sums of the seat's own actions): an untried action first, then the best UCB value, with
// probability SimX a uniform action instead, and ties (and the untried action) drawn at
// random. The randomness matters: the choosers of a symmetric round (a throw of Dragon
// Scales) select from statistics alike, and by UCB alone they would choose alike in every
// iteration (a tie each time, so alike again) and never learn what beats what.
func (m *MCTS) ductSelect(idx []int32, rng *engine.RNG) int {
	if rng.Float64() < m.SimX {
		return rng.IntN(len(idx))
	}
	nodes := m.nodes
	n, untried := int32(0), 0
	for _, id := range idx {
		if nodes[id].visits == 0 {
			untried++
		}
		n += nodes[id].visits
	}
	if untried > 0 {
		k := rng.IntN(untried)
		for i, id := range idx {
			if nodes[id].visits == 0 {
				if k == 0 {
					return i
				}
				k--
			}
		}
	}
	scale := 1.0
	if m.hi > m.lo {
		scale = 1 / (m.hi - m.lo)
	}
	best, bestVal, ties := 0, math.Inf(-1), 0
	for i, id := range idx {
		c := &nodes[id]
		v := float64(c.visits)
		q := 0.5
		if m.hi > m.lo {
			q = (c.sum/v - m.lo) * scale
		}
		switch u := q + m.C*math.Sqrt(ln(n)/v); {
		case u > bestVal:
			best, bestVal, ties = i, u, 1
		case u == bestVal:
			ties++
			if rng.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return best
}

// simBackup updates the statistics of the iteration's simultaneous decisions with the
// rewards in m.rew: decoupled UCB's visits and reward sums, or regret matching's sampled
// regrets. These are variance-reduced (VR-MCCFR: Schmid, Burch, Lanctot, Moravčík,
// Kadlec & Bowling, AAAI 2019): each action's value is estimated by its baseline b (its
// mean reward so far) plus, for the action a chosen with probability σ(a), the
// importance-weighted correction (u − b(a))/σ(a), u the seat's reward normalized to
// [0, 1]; every legal action's regret grows by its estimate minus the σ-weighted mean
// estimate. Without the baselines the noise of u/σ inflates the positive regrets of the
// actions with the most variable payoffs, and the average strategy stays visibly away
// from the equilibrium for thousands of iterations.
func (m *MCTS) simBackup() {
	nodes := m.nodes
	scale := 1.0
	if m.hi > m.lo {
		scale = 1 / (m.hi - m.lo)
	}
	for _, r := range m.recs {
		u := m.rew[r.seat]
		ids := m.recNodes[r.start : r.start+r.n]
		c := &nodes[ids[r.pick]]
		c.visits++
		if r.duct {
			c.sum += u
			continue
		}
		if m.Score {
			u = (u - m.lo) * scale
		}
		sig := m.recSig[r.start : r.start+r.n]
		ba := baseline(c)
		corr := (u - ba) / sig[r.pick]
		v := u - ba // σ-weighted mean estimate: Σ σ(b)·b(b) + (u − b(a))
		for j, id := range ids {
			v += sig[j] * baseline(&nodes[id])
		}
		for j, id := range ids {
			est := baseline(&nodes[id])
			if j == int(r.pick) {
				est += corr
			}
			nodes[id].sum += est - v
		}
		setBaseline(c, ba+(u-ba)/float64(c.visits))
	}
}

// simPolicy writes to out[i] the seat's policy at the root for legal[i], normalized to
// sum 1, and returns false when the root holds no statistics for the seat. The policy is
// the seat's average strategy (regret matching: the strategies it sampled with; decoupled
// UCB: its visits) over the actions that are not significantly worse than the best reply
// to the other choosers' play in the search: an action whose mean reward q (a win share,
// or a reward normalized to [0, 1]) lies more than valueZ standard errors below the best
// one's is dropped. At an equilibrium every action the strategy mixes is a best reply
// (all have the same value), so a guessing fight keeps its mix; where one choice is
// better, the weight the search's first, nearly uniform iterations left on worse ones is
// not played. The standard error of a mean reward in [0, 1] over n samples is at most
// sqrt(q(1−q)/n).
func (m *MCTS) simPolicy(seat int32, legal []engine.Action, out []float64) bool {
	clear(out)
	holder := m.holder(0, seat, false)
	if holder < 0 {
		return false
	}
	gen := m.mark(legal)
	// The best reply: the highest mean reward, and its squared standard error.
	bestQ, bestV := math.Inf(-1), 0.0
	for ch := m.nodes[holder].child; ch >= 0; ch = m.nodes[ch].sibling {
		c := &m.nodes[ch]
		if c.visits == 0 || m.lookup(c.action, gen) < 0 {
			continue
		}
		if q := m.statValue(c); q > bestQ {
			bestQ, bestV = q, q*(1-q)/float64(c.visits)
		}
	}
	total := 0.0
	for ch := m.nodes[holder].child; ch >= 0; ch = m.nodes[ch].sibling {
		c := &m.nodes[ch]
		i := m.lookup(c.action, gen)
		if i < 0 || c.visits == 0 {
			continue
		}
		if q := m.statValue(c); q < bestQ-valueZ*math.Sqrt(q*(1-q)/float64(c.visits)+bestV) {
			continue // significantly worse than the best reply
		}
		w := float64(c.prior)
		if m.Sim == simDUCT {
			w = float64(c.visits)
		}
		out[i] += w
		total += w
	}
	if total <= 0 {
		return false
	}
	for i := range out {
		out[i] /= total
	}
	return true
}

// valueZ is how many standard errors below the best reply an action's mean reward must lie
// for simPolicy to drop it.
const valueZ = 2.5

// statValue is the mean reward of a statistics node (chosen at least once), in [0, 1].
func (m *MCTS) statValue(c *node) float64 {
	if m.Sim != simDUCT {
		return min(max(baseline(c), 0), 1)
	}
	q := c.sum / float64(c.visits)
	if m.Score && m.hi > m.lo {
		q = (q - m.lo) / (m.hi - m.lo)
	}
	return min(max(q, 0), 1)
}

// sampleMixed draws an index from the policy p (summing to 1) after purification: the
// entries below purifyBelow are dropped (unless all are) and the rest renormalized.
func sampleMixed(p []float64, rng *engine.RNG) int {
	kept, top := purifiedMass(p)
	if kept <= 0 {
		return top
	}
	u := rng.Float64() * kept
	last := top
	for i, x := range p {
		if x < purifyBelow {
			continue
		}
		if u < x {
			return i
		}
		u -= x
		last = i
	}
	return last // rounding
}

// purifiedMass is the probability p keeps once purified (the entries at or above
// purifyBelow) and its first largest entry: what sampleMixed draws from and
// MCTS.LastMixed reports.
func purifiedMass(p []float64) (kept float64, top int) {
	for i, x := range p {
		if x >= purifyBelow {
			kept += x
		}
		if x > p[top] {
			top = i
		}
	}
	return kept, top
}

// simChoice is the action played by seat at a root that is a secret round: its policy
// (simPolicy) sampled, or — when the round has two choosers and the seat's best reply is
// safe — that best reply. A best reply a* (the highest mean reward among the actions
// chosen often) is safe when its worst case against the other chooser's replies (each
// mean reward shrunk towards a*'s own, over the replies tried at least safeMin times) is
// not more than safeSlack below the value of the mixed policy: the round is then not a
// guessing fight (no reply punishes a*), and mixing would only play worse actions.
func (m *MCTS) simChoice(seat int32, legal []engine.Action, rng *engine.RNG) (engine.Action, bool) {
	pol := m.pol[:len(legal)]
	if !m.simPolicy(seat, legal, pol) {
		return 0, false
	}
	if a, ok := m.safeReply(seat, legal, pol); ok {
		return a, true
	}
	m.rootMixed, m.lastDrawn, m.rootN = true, true, copy(m.rootLegal[:], legal)
	copy(m.rootPol[:], pol)
	return legal[sampleMixed(pol, rng)], true
}

// simRootValues are the root values of a secret round (RootValues): the seat's own
// actions with the mean reward of its statistics. Where the action was drawn from the
// mixed policy, every action in the policy's support is valued at the mixed policy's
// value: in a guessing round the
// drawn action is worth what the mix is worth, not its own noisy mean against the best
// of the others (which would read every draw as a mistake).
func (m *MCTS) simRootValues(buf []RootValue) []RootValue {
	holder := m.holder(0, m.rootSeat, false)
	if holder < 0 {
		return buf
	}
	// The support: every action the policy plays (the draw itself comes from the purified
	// policy, a subset of it).
	in := func(i int) bool { return m.rootPol[i] > 0 }
	index := func(a engine.Action) int {
		for i := 0; i < m.rootN; i++ {
			if m.rootLegal[i] == a {
				return i
			}
		}
		return -1
	}
	mix, w := 0.0, 0.0
	if m.rootMixed {
		for ch := m.nodes[holder].child; ch >= 0; ch = m.nodes[ch].sibling {
			c := &m.nodes[ch]
			if i := index(c.action); i >= 0 && c.visits > 0 && in(i) {
				mix += m.rootPol[i] * m.statValue(c)
				w += m.rootPol[i]
			}
		}
	}
	for ch := m.nodes[holder].child; ch >= 0; ch = m.nodes[ch].sibling {
		c := &m.nodes[ch]
		if c.visits == 0 {
			continue
		}
		v := RootValue{Action: c.action, Visits: int(c.visits), Value: m.statValue(c)}
		if i := index(c.action); w > 0 && i >= 0 {
			if in(i) {
				v.Value = mix / w
			} else {
				// Left out of the mix: the average strategy plays it never, for it does
				// no better than the mix against the others' strategy. Its own mean, over
				// few visits, is noise whose maximum is biased upwards: it would read
				// every drawn action as a loss against it.
				v.Value = min(v.Value, mix/w)
			}
		}
		buf = append(buf, v)
	}
	return buf
}

const (
	safeMin    = 10   // replies tried fewer times are not counted
	safeShrink = 10   // pseudo-samples of a*'s mean in each reply's mean
	safeSlack  = 0.02 // win share a pure best reply may lose against the mix
)

// safeReply returns the seat's best reply if it is safe (see simChoice).
func (m *MCTS) safeReply(seat int32, legal []engine.Action, pol []float64) (engine.Action, bool) {
	holder := m.holder(0, seat, false)
	// worstReply reads the first chooser's reward as 1 − the other's: only where the
	// search's rewards of the two choosers always added up to 1. Elsewhere (Red Hot: games
	// nobody wins, evaluated cut-offs) the round is played mixed by both choosers alike;
	// with the check, the seat asked second won about 2.5 points more (order invariance,
	// Red Hot 2p at the expert's budget).
	if m.rootChoosers != 2 || holder < 0 || m.notConstSum {
		return 0, false
	}
	// The mixed policy's value and the best reply.
	gen := m.mark(legal)
	best, bestQ, mix := int32(-1), math.Inf(-1), 0.0
	minVisits := int32(0)
	for ch := m.nodes[holder].child; ch >= 0; ch = m.nodes[ch].sibling {
		if v := m.nodes[ch].visits; v > minVisits {
			minVisits = v
		}
	}
	minVisits /= 4 // "chosen often": at least a quarter of the most chosen action's count
	for ch := m.nodes[holder].child; ch >= 0; ch = m.nodes[ch].sibling {
		c := &m.nodes[ch]
		i := m.lookup(c.action, gen)
		if i < 0 || c.visits == 0 {
			continue
		}
		q := m.statValue(c)
		mix += pol[i] * q
		if c.visits >= max(minVisits, 1) && q > bestQ {
			best, bestQ = ch, q
		}
	}
	if best < 0 {
		return 0, false
	}
	a := m.nodes[best].action
	worst, ok := m.worstReply(seat, a, bestQ)
	if !ok || worst < mix-safeSlack {
		return 0, false
	}
	return a, true
}

// worstReply is the lowest mean reward of seat's action a against the other chooser's
// replies in the root's round (two choosers), from the joint-choice nodes below the root:
// seat's own node under the other's choice (seat asked second), or the other's node under
// seat's choice (seat asked first; its reward is then 1 − the other's: constant-sum).
func (m *MCTS) worstReply(seat int32, a engine.Action, qa float64) (float64, bool) {
	nodes := m.nodes
	worst, found := math.Inf(1), false
	shrunk := func(sum float64, n int32) float64 {
		return (sum + safeShrink*qa) / (float64(n) + safeShrink)
	}
	for ch := nodes[0].child; ch >= 0; ch = nodes[ch].sibling {
		c := &nodes[ch]
		if c.mover < 0 { // statistics holders
			continue
		}
		if c.mover == seat { // seat asked first: the other's replies below its choice
			if c.action != a {
				continue
			}
			for r := c.child; r >= 0; r = nodes[r].sibling {
				rc := &nodes[r]
				if rc.mover == seat || rc.mover < 0 || rc.visits < safeMin {
					continue
				}
				found = true
				worst = min(worst, shrunk(float64(rc.visits)-rc.sum, rc.visits))
			}
			continue
		}
		// The other chooser asked first: seat's node for a below its choice.
		for r := c.child; r >= 0; r = nodes[r].sibling {
			rc := &nodes[r]
			if rc.mover != seat || rc.action != a || rc.visits < safeMin {
				continue
			}
			found = true
			worst = min(worst, shrunk(rc.sum, rc.visits))
		}
	}
	return worst, found
}

// secretNow reports whether the iteration's state is in a secret round: a greedy rollout
// step there would answer the earlier choosers' choices it could not see, so it is
// uniform instead.
func (m *MCTS) secretNow() bool {
	seats, _, ok := m.simSt.SecretRound()
	return ok && bits.OnesCount32(seats) >= 2
}

// secretChoosers is the number of choosers of s's secret round, 0 outside one.
func secretChoosers(s engine.State) int {
	seats, _, ok := engine.SecretRound(s)
	if !ok {
		return 0
	}
	return bits.OnesCount32(seats)
}
