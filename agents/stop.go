package agents

import "sync/atomic"

// Stoppable is implemented by agents whose decisions may run long (search): SetStop hands
// the agent a flag that its search polls (every stopPoll iterations: an atomic load, no
// allocation); once the flag is set, the decision in progress ends early with the best
// move found so far, and so does every later one. A decision cut short is not the agent's
// real play: the runner sets the flag only to stop a run (Ctrl-C, SIGTERM, SIGHUP) and
// discards the games it interrupts. SetStop reports whether the agent polls the flag (a
// wrapper only when its base does). A nil flag turns the polling off.
type Stoppable interface {
	SetStop(stop *atomic.Bool) bool
}

// SetStop gives a the stop flag if it can take it (Stoppable), reporting whether it did.
func SetStop(a Agent, stop *atomic.Bool) bool {
	if s, ok := a.(Stoppable); ok {
		return s.SetStop(stop)
	}
	return false
}

// stopPoll is how many search iterations run between two looks at the stop flag: a
// power of two, so the test is a mask; at most a few milliseconds of search in every
// game, so a stopped run ends within a second.
const stopPoll = 1024

// stopped reports whether the run the search belongs to asked it to stop.
func (m *MCTS) stopped() bool { return m.stop != nil && m.stop.Load() }

// SetStop makes the search poll stop.
func (m *MCTS) SetStop(stop *atomic.Bool) bool { m.stop = stop; return true }

// SetStop makes the K searches poll stop (each is cut short; the rest then end at once).
func (p *PIMC) SetStop(stop *atomic.Bool) bool { p.inner.stop = stop; return true }

// SetStop makes the search poll stop, whichever game's settings it takes.
func (e *Expert) SetStop(stop *atomic.Bool) bool { e.stop, e.mcts.stop = stop, stop; return true }

// SetStop passes the flag to the base.
func (n *Noisy) SetStop(stop *atomic.Bool) bool { return SetStop(n.Base, stop) }

// SetStop passes the flag to the base.
func (x *Softmax) SetStop(stop *atomic.Bool) bool { return SetStop(x.Base, stop) }

// SetStop passes the flag to the base.
func (r *Restrict) SetStop(stop *atomic.Bool) bool { return SetStop(r.Base, stop) }
