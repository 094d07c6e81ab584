package agents

import (
	"math"

	"dragonlab/engine"
)

// inference weighs the worlds a search determinizes by what the other seat's public plays
// say of its hand (the expert's option infer; games that implement engine.CardPlay).
//
// Determinize deals the hidden cards uniformly among the deals consistent with what the
// seat sees. But a seat that played a card told something: a greedy player with a better
// card would have played it. After each of its own decisions the agent keeps a world of
// its own of the position that followed (a Determinize of the position it saw, with its
// action applied: the public part, positions and scores, is exact; its hands are not
// used). At its next decision, when exactly one card was played since, by the seat that
// moved next (engine.CardPlay.LastPlay, public facts only), the play joins a history of
// that seat's last plays (horizon), each with the world it was made from. Then it
//
//  1. determinizes a pool of worlds;
//  2. gives each the likelihood of the history under a softmax player of temperature T:
//     going back one play at a time from the hand the world gives the seat now, the cards
//     drawn after the play (a random subset: which cards came when is latent, averaged
//     over inferSamples draws) are taken out and the played card put back, and the play's
//     probability is the softmax, over the distinct kinds of that hand, of the greedy
//     evaluation of playing each kind in the play's world (score margin plus the game's
//     heuristic one move ahead: public, so computed once per play and kind), mixed with a
//     uniform choice (weight inferEps) so that a player who is not greedy rules no hand out;
//  3. starts each search iteration from a world drawn from the pool in proportion to its
//     likelihood, with its chance stream reseeded (importance resampling: the hands follow
//     the posterior given the plays instead of the uniform prior).
//
// Everything it reads of hidden cards comes from its own determinized worlds; of the true
// state it reads only what LastPlay reads and what Observe shows, which is public. Without
// a history (the first decisions, after the other seat discarded or was skipped) the
// search determinizes uniformly, as without the option, and draws nothing more from the
// random stream.
type inference struct {
	temp    float64 // softmax temperature, in evaluation units (points)
	worlds  int     // pool size
	horizon int     // plays of the history used (most recent first)

	have  bool         // after holds the world that followed the agent's last decision
	keep  bool         // no other seat decided since: the history still holds
	after engine.State // that world
	y, z  engine.State // scratch: a hand set in a turn's world, and one play applied
	pool  []engine.State
	cum   []float64 // cumulative likelihoods of the pool
	on    bool      // the pool is in use for this decision

	hist []playTurn // the observed plays, most recent first
	nh   int        // plays in hist
	hand [64]uint8
	cur  [64]uint8
	dist [64]uint8
	buf  [MaxActions]engine.Action
	out  []float64
	obsA []byte // what the seat sees in after, and in the state it decides in
	obsB []byte
}

// playTurn is one observed play of the other seat: the kept world it was made from, the
// card's kind, the cards drawn after it, and the evaluation of playing each kind there
// relative to the played one (e^((v(k)−v(kind))/T), computed when first needed).
type playTurn struct {
	world engine.State
	kind  uint8
	drew  int
	seat  int
	ev    [256]float64
	done  [256]bool
}

// inferEps is the opponent model's weight of a uniform choice among the hand's kinds: a
// world in which an observed play was a blunder keeps a tenth of a uniform choice's
// likelihood, so that a model error (a player that is not greedy, a hidden reason) cannot
// rule out the true hand.
const inferEps = 0.1

// inferSamples is the number of draws of which hand cards were drawn when (the latent
// arrival order) averaged per world.
const inferSamples = 4

func newInference(temp float64, worlds, horizon int) *inference {
	return &inference{temp: temp, worlds: worlds, horizon: horizon, cum: make([]float64, worlds),
		pool: make([]engine.State, worlds), hist: make([]playTurn, horizon)}
}

// prepare decides whether the pool is used for the decision of seat in s, and fills it.
func (f *inference) prepare(s engine.State, seat int, rng *engine.RNG) {
	f.on = false
	cp, ok := s.(engine.CardPlay)
	if !ok {
		f.nh = 0
		return
	}
	switch {
	case f.have:
		opp, kind, drew, ok := cp.LastPlay(f.after)
		if !ok || opp == seat || drew > 8 {
			f.nh = 0
			break
		}
		if f.nh > 0 && f.hist[0].seat != opp {
			f.nh = 0
		}
		// Push the play, most recent first; the oldest falls off past the horizon.
		last := f.hist[len(f.hist)-1].world
		copy(f.hist[1:], f.hist[:len(f.hist)-1])
		t := &f.hist[0]
		t.world = scratchFor(last, s)
		t.world.CopyFrom(f.after)
		t.kind, t.drew, t.seat = kind, drew, opp
		t.done = [256]bool{}
		f.nh = min(f.nh+1, len(f.hist))
	case !f.keep:
		f.nh = 0
	default:
		// The seat decides again: its world after its action must look, to it, like s (as
		// tree reuse checks), else s is not the continuation the history belongs to.
		if cap(f.obsA) < 1<<12 {
			f.obsA, f.obsB = make([]byte, 0, 1<<12), make([]byte, 0, 1<<12)
		}
		f.obsA = f.after.Observe(seat, f.obsA[:0])
		f.obsB = s.Observe(seat, f.obsB[:0])
		if string(f.obsA) != string(f.obsB) {
			f.nh = 0
		}
	}
	f.have = false
	if f.nh == 0 {
		return
	}
	f.out = growFloats(f.out, s.Players())
	total := 0.0
	for i := range f.pool {
		f.pool[i] = scratchFor(f.pool[i], s)
		w := f.pool[i]
		w.CopyFrom(s)
		w.Determinize(seat, rng.Uint64())
		total += f.likelihood(w.(engine.CardPlay), rng)
		f.cum[i] = total
	}
	f.on = total > 0 && !math.IsInf(total, 0) && !math.IsNaN(total)
}

// likelihood is the probability of the observed plays with the other seat's hand in w,
// averaged over inferSamples draws of the latent arrival order: going back one play at a
// time, the cards drawn after it are a random subset of the later hand, taken out, and
// the played card is put back.
func (f *inference) likelihood(w engine.CardPlay, rng *engine.RNG) float64 {
	h := w.Hand(f.hist[0].seat, f.hand[:0])
	sum := 0.0
	for r := 0; r < inferSamples; r++ {
		cur := append(f.cur[:0], h...)
		l := 1.0
		for j := 0; j < f.nh; j++ {
			t := &f.hist[j]
			if t.drew > len(cur) {
				break
			}
			for d := 0; d < t.drew; d++ {
				i := rng.IntN(len(cur))
				cur[i] = cur[len(cur)-1]
				cur = cur[:len(cur)-1]
			}
			cur = append(cur, t.kind)
			l *= f.prob(t, cur)
		}
		sum += l
	}
	return sum / inferSamples
}

// prob is the softmax-with-uniform probability that t's seat played t.kind from hand.
func (f *inference) prob(t *playTurn, hand []uint8) float64 {
	d := f.dist[:0]
	z := 0.0
	for _, k := range hand {
		if seenBefore(d, k) {
			continue
		}
		d = append(d, k)
		z += f.rel(t, k)
	}
	return (1-inferEps)/z + inferEps/float64(len(d))
}

// seenBefore reports whether k is in h (a short scan: hands hold a few cards).
func seenBefore(h []uint8, k uint8) bool {
	for _, x := range h {
		if x == k {
			return true
		}
	}
	return false
}

// rel is e^((v(k)−v(played))/T) at turn t, where v is the greedy evaluation for the
// turn's seat of playing a card of kind k in the turn's world (the best of its plays, e.g.
// ride or stay), computed once per turn and kind.
func (f *inference) rel(t *playTurn, k uint8) float64 {
	if t.done[k] {
		return t.ev[k]
	}
	e := 1.0
	if k != t.kind {
		x := (f.value(t, k) - f.value(t, t.kind)) / f.temp
		e = math.Exp(min(x, 600))
	}
	t.ev[k], t.done[k] = e, true
	return e
}

// value is the greedy evaluation for t's seat of playing a card of kind in t's world.
func (f *inference) value(t *playTurn, kind uint8) float64 {
	f.y = scratchFor(f.y, t.world)
	f.z = scratchFor(f.z, t.world)
	f.y.CopyFrom(t.world)
	cp := f.y.(engine.CardPlay)
	h := cp.Hand(t.seat, f.hand[32:32])
	if len(h) > 0 {
		h[0] = kind // the hand keeps its size: the other cards do not change kind's plays
	}
	cp.SetHand(t.seat, h)
	best := math.Inf(-1)
	for _, a := range f.y.Legal(f.buf[:0]) {
		if k, ok := cp.PlayKind(a); !ok || k != kind {
			continue
		}
		f.z.CopyFrom(f.y)
		f.z.Apply(a)
		best = max(best, evaluate(f.z, t.seat, f.out))
	}
	if math.IsInf(best, -1) {
		best = 0 // cannot happen: kind is in the hand
	}
	return best
}

// pick is a pool world drawn in proportion to its likelihood.
func (f *inference) pick(rng *engine.RNG) engine.State {
	u := rng.Float64() * f.cum[len(f.cum)-1]
	lo, hi := 0, len(f.cum)-1
	for lo < hi {
		mid := (lo + hi) / 2
		if f.cum[mid] > u {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return f.pool[lo]
}

// record keeps the world that follows the agent's decision a in s: a Determinize of s for
// seat (a fixed seed: it draws nothing from the agent's stream) with a applied. If seat
// decides again next, nobody else did: the history stays as it is.
func (f *inference) record(s engine.State, seat int, a engine.Action) {
	f.have, f.keep = false, false
	if _, ok := s.(engine.CardPlay); !ok {
		return
	}
	f.after = scratchFor(f.after, s)
	f.after.CopyFrom(s)
	f.after.Determinize(seat, 0)
	f.after.Apply(a)
	switch {
	case f.after.Terminal():
		f.nh = 0
	case f.after.ToMove() == seat:
		f.keep = true
	default:
		f.have = true
	}
}
