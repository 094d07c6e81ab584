package sim

import (
	"math"
	"math/bits"

	"dragonlab/agents"
	"dragonlab/engine"
)

// Guessing: the third part of an outcome, beside luck (the chance events) and the seats'
// own decisions. In a round of secret simultaneous choices (engine.SecretRound: Dragon
// Scales' throws DS-11, Red Hot's secret choice RH-9) a seat that plays well mixes: it
// draws its choice from a policy, and which choice the draw gives is no more the seat's
// skill than a die is. Where the chooser's policy is known (the agent says it:
// agents.Mixed), AIVAT corrects for it as for a chance event (Burch et al. 2018, the
// correction at a decision of known policy): once every chooser of the round has chosen,
// the round's guessing is, for every seat,
//
//	G = W(a) − Σ_b π(b)·W(b)
//
// a the choices drawn, b every joint choice, π(b) the product of the choosers' policies,
// and W the value just after the reveal (before the next chance event: the value expected
// over its outcomes, as the luck of that event starts from it). Each joint choice is
// tried on a copy of the round's start. G has mean zero given everything before the round,
// whatever V is: the choosers draw from π. A chooser whose agent does not say its policy
// counts as choosing its action for sure (its term is then part of its decisions), as
// does every chooser when any check below fails (a chance event inside the round, a
// chooser who is not the one the round asks) or the round has more than MaxGuessJoints
// joint choices. The round's own decision term keeps what a
// policy is worth — Σ π(b)·W(b) less the value before the round — which is the skill of
// mixing well.

// guessRound is a round of secret simultaneous choices in progress.
type guessRound struct {
	on         bool // a round has started and is not yet accounted
	need, n    int  // its choosers, the choices recorded so far
	seat       []int
	legal      [][]engine.Action // per choice: its legal actions
	pol        [][]float64       // per choice: the policy over them
	drawn      []int             // per choice: the index of the action played
	depth      []engine.State    // depth[j]: the round's start with choices 0..j−1 applied
	w, e, tmp  []float64         // by seat: the drawn W, Σ π·W, scratch
	hook       firstChance
	rounds     int64 // this game's rounds accounted (with a draw: two joint choices or more)
	swing      int64 // their swings (SwingScale)
	broken     bool  // a check failed on the copies
	total      float64
	drawnFound bool
	joints     int // joint choices tried
}

// firstChance is the hook of the copies: it keeps the value expected over the first
// chance event of two or more outcomes that follows the reveal.
type firstChance struct {
	o    *luckObserver
	done bool
	w    []float64
}

func (h *firstChance) BeforeChance(st engine.State) {
	if !h.done && h.o.expectation(st, h.w, h.o.round.tmp) {
		h.done = true
	}
}

func (h *firstChance) AfterChance(engine.State) {}

func newGuessRound(s engine.State, n int) guessRound {
	r := guessRound{seat: make([]int, n), legal: make([][]engine.Action, n), pol: make([][]float64, n),
		drawn: make([]int, n), depth: make([]engine.State, n+1), w: make([]float64, n), e: make([]float64, n),
		tmp: make([]float64, n)}
	for i := range n {
		r.legal[i] = make([]engine.Action, 0, agents.MaxActions)
		r.pol[i] = make([]float64, agents.MaxActions)
	}
	for i := range r.depth {
		r.depth[i] = s.Clone()
	}
	r.hook.w = make([]float64, n)
	return r
}

// roundBefore runs at a decision before the last decision's term closes: a round whose
// choosers have all chosen is accounted, so that its guessing comes out of the term of
// the decision that revealed it. A round left incomplete is dropped.
func (o *luckObserver) roundBefore(st engine.State) {
	r := &o.round
	if !r.on {
		return
	}
	if r.n == r.need {
		o.accountRound()
		return
	}
	if seats, chosen, ok := engine.SecretRound(st); !ok || chosen == 0 || seats == 0 {
		r.on = false
	}
}

// roundAfter runs at a decision after the bookkeeping: a round starts at its first
// chooser.
func (o *luckObserver) roundAfter(st engine.State) {
	r := &o.round
	if r.on {
		return
	}
	seats, chosen, ok := engine.SecretRound(st)
	if !ok || chosen != 0 {
		return
	}
	r.on, r.need, r.n = true, bits.OnesCount32(seats), 0
	if r.need > len(r.seat) {
		r.on = false
		return
	}
	r.depth[0].CopyFrom(st)
}

// roundEnd accounts a complete round at the end of the game.
func (o *luckObserver) roundEnd() {
	if r := &o.round; r.on && r.n == r.need {
		o.accountRound()
	}
	o.round.on = false
}

// chose records the choice a of seat (by agent) in st, before it is applied, when st is
// in the round in progress.
func (o *luckObserver) chose(st engine.State, seat int, agent agents.Agent, a engine.Action) {
	r := &o.round
	if !r.on || r.n >= r.need {
		return
	}
	j := r.n
	legal := st.Legal(r.legal[j][:0])
	r.legal[j] = legal
	pol := r.pol[j][:len(legal)]
	r.seat[j], r.drawn[j] = seat, -1
	for i, b := range legal {
		if b == a {
			r.drawn[j] = i
		}
	}
	mixed, ok := agent.(agents.Mixed)
	if !ok || !mixed.LastMixed(legal, pol) || r.drawn[j] < 0 || pol[r.drawn[j]] <= 0 {
		clear(pol)
		if r.drawn[j] >= 0 {
			pol[r.drawn[j]] = 1
		}
	}
	r.n++
}

// MaxGuessJoints bounds the joint choices a round's guessing tries (the product of the
// choosers' supports): a larger round (five random players choosing among eight items
// each) is not accounted, its draws staying in the decisions, rather than cost more than
// the game itself many times over.
const MaxGuessJoints = 256

// accountRound adds the guessing of the round in progress to every seat.
func (o *luckObserver) accountRound() {
	r := &o.round
	r.on = false
	joints := 1
	for j := range r.n {
		k := 0
		for _, q := range r.pol[j][:len(r.legal[j])] {
			if q > 0 {
				k++
			}
		}
		if joints *= k; joints > MaxGuessJoints {
			return
		}
	}
	r.broken, r.drawnFound, r.total, r.joints = false, false, 0, 0
	clear(r.e)
	o.joint(0, 1, true)
	if r.broken || !r.drawnFound || r.total <= 0 || r.joints < 2 {
		return // no draw to account (every choice sure), or a check failed
	}
	swing := 0.0
	for i := range r.e {
		g := r.w[i] - r.e[i]/r.total
		o.g[i] += g
		swing += math.Abs(g)
	}
	r.rounds++
	r.swing += int64(math.Round(swing / 2 * SwingScale))
}

// joint tries every joint choice of choosers j and later with positive probability, from
// depth[j] reached with probability p (onPath: by the choices drawn).
func (o *luckObserver) joint(j int, p float64, onPath bool) {
	r := &o.round
	if r.broken {
		return
	}
	from, to := r.depth[j], r.depth[j+1]
	if from.Terminal() || from.ToMove() != r.seat[j] {
		r.broken = true
		return
	}
	last := j == r.n-1
	for i, q := range r.pol[j][:len(r.legal[j])] {
		if q <= 0 {
			continue
		}
		to.CopyFrom(from)
		r.hook.done = false
		to.(engine.ChanceEvents).ApplyObserved(r.legal[j][i], &r.hook)
		path := onPath && i == r.drawn[j]
		if !last {
			if r.hook.done {
				r.broken = true // chance inside the round: not a round of secret choices alone
				return
			}
			o.joint(j+1, p*q, path)
			continue
		}
		w := r.hook.w
		if !r.hook.done {
			o.value(to, r.tmp)
			w = r.tmp
		}
		for s, x := range w {
			r.e[s] += p * q * x
		}
		r.total += p * q
		r.joints++
		if path {
			copy(r.w, w)
			r.drawnFound = true
		}
	}
}
