package sim

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"dragonlab/agents"
	"dragonlab/engine"
)

// The runner's part of the value aggregates (value.go): the changed deals of a
// substitution run, played after each deal as dealt, and the decision values read from the
// search root of the agents that report it, at every decision of the deals as dealt. The
// buffers are made once per worker: a game allocates nothing (but a histogram growing).

// valuer is a worker's state for the value aggregates.
type valuer struct {
	// substitutions
	sub    engine.Substituter // nil unless Config.Substitute
	comps  []int              // index in the game's Substitutes of each component asked for
	deltas []int
	base60 []int64 // by seat: the win share in the deal as dealt, in sixtieths

	// decision values
	classer   engine.ActionClasser  // nil unless Config.Decisions
	reporters []agents.RootReporter // by agent index; nil where the agent does not report
	nClasses  int
	legal     []engine.Action
	cls       []uint64 // classes of each legal action
	v1000     []int64  // value of each legal action in thousandths, -1 if not valued
	vals      []agents.RootValue
	lossT     []int64 // [agent·nClasses + class]: this game's class losses, summed
	lossM     []int64 // and counted
	allT      []int64 // [agent]: this game's losses against the best other action
	allM      []int64
}

// checkValue validates the value options of cfg (called by checkWhy, after the rules):
// the components are the game's, the game names action classes, and some agent reports
// its search root.
func (cfg *Config) checkValue() error {
	if cfg.Substitute == nil && !cfg.Decisions {
		return nil
	}
	s, err := cfg.Game.New(cfg.Params, cfg.Players)
	if err != nil {
		return err
	}
	if cfg.Substitute != nil {
		if err := cfg.checkSubstitution(s); err != nil {
			return err
		}
	}
	if !cfg.Decisions {
		return nil
	}
	ac, ok := s.(engine.ActionClasser)
	if !ok || len(ac.ActionClasses()) == 0 || len(ac.ActionClasses()) > 64 {
		return fmt.Errorf("game %s does not sort its actions into classes: decision values are not available for it", cfg.Game.Name)
	}
	reports := false
	for _, f := range cfg.Agents {
		rr, ok := f.New().(agents.RootReporter)
		reports = reports || ok && rr.ReportsRoot(s)
	}
	if !reports {
		var specs []string
		for _, f := range cfg.Agents {
			specs = append(specs, agents.Short(f.Spec))
		}
		return fmt.Errorf("decision values are read from a search's root values, which are win shares only with reward=win and rollouts played to the end (depth=0, e.g. expert:depth=0): no agent of %s has them in %s", strings.Join(slices.Compact(specs), ", "), cfg.Game.Name)
	}
	cfg.shape.classes = slices.Clone(ac.ActionClasses())
	return nil
}

// initValuer sizes the worker's value buffers (newWorker).
func (w *worker) initValuer() {
	cfg, v := w.cfg, &w.val
	if sub := cfg.Substitute; sub != nil {
		v.sub = w.state.(engine.Substituter) // checkSubstitution made sure
		for _, c := range sub.Components {
			v.comps = append(v.comps, slices.Index(v.sub.Substitutes(), c))
		}
		v.deltas = sub.Deltas()
		v.base60 = make([]int64, cfg.Players)
	}
	if cfg.Decisions {
		v.classer = w.state.(engine.ActionClasser) // checkValue made sure
		v.nClasses = len(cfg.shape.classes)
		v.reporters = make([]agents.RootReporter, len(w.agents))
		for j, a := range w.agents {
			if rr, ok := a.(agents.RootReporter); ok && rr.ReportsRoot(w.state) {
				v.reporters[j] = rr
			}
		}
		v.legal = make([]engine.Action, 0, agents.MaxActions)
		v.cls = make([]uint64, agents.MaxActions)
		v.v1000 = make([]int64, agents.MaxActions)
		v.vals = make([]agents.RootValue, 0, agents.MaxActions)
		v.lossT = make([]int64, len(w.agents)*v.nClasses)
		v.lossM = make([]int64, len(w.agents)*v.nClasses)
		v.allT = make([]int64, len(w.agents))
		v.allM = make([]int64, len(w.agents))
	}
}

// substituteUnit plays the changed deals of the deal of seed, just played as dealt (its
// outcome in w.out): per component, direction and seat, the deal with that seat's setup
// changed, with the same agent streams. It returns false when the run was stopped inside
// a game (playUnit then drops the unit).
func (w *worker) substituteUnit(seed uint64) bool {
	v := &w.val
	n := len(w.rngs)
	for seat := 0; seat < n; seat++ {
		v.base60[seat] = share60(w.out[seat])
	}
	sa := w.agg.Substitutions
	for ci, c := range v.comps {
		for di, d := range v.deltas {
			var t, m, sh int64
			for seat := 0; seat < n; seat++ {
				v.sub.SetSubstitution(seat, c, d)
				w.state.Reset(seed)
				if !v.sub.Substituted() {
					continue
				}
				if !w.playDealt(seed) {
					v.sub.SetSubstitution(0, 0, 0)
					return false
				}
				x := share60(w.out[seat])
				t += x - v.base60[seat]
				m++
				sh += x
			}
			cell := sa.Cell(ci, di)
			cell.Diff.Add(t, m)
			cell.Share60 += sh
		}
	}
	v.sub.SetSubstitution(0, 0, 0)
	return true
}

// playDealt plays the game already dealt in w.state (agent j in seat j, the agent streams
// of rotation 0) to the end, recording nothing, and leaves its outcome in w.out. It
// returns false when the run was stopped inside a decision.
func (w *worker) playDealt(seed uint64) bool {
	s := w.state
	for seat := range w.rngs {
		w.rngs[seat].Seed(agentSeed(seed, seat, 0))
	}
	for !s.Terminal() {
		seat := s.ToMove()
		a := w.agents[w.agentAt[seat]].Act(s, &w.rngs[seat])
		if w.stop != nil && w.stop.Load() {
			return false
		}
		s.Apply(a)
	}
	s.Result(w.out)
	return true
}

// startDecisions clears the game's loss sums (a game cut short by a stop leaves them
// behind).
func (v *valuer) startDecisions() {
	clear(v.lossT)
	clear(v.lossM)
	clear(v.allT)
	clear(v.allM)
}

// recordDecision reads the root values of agent j's decision a in s (before it is
// applied) into the decision tallies.
func (v *valuer) recordDecision(agg *DecisionAgg, s engine.State, j int, a engine.Action) {
	rr := v.reporters[j]
	if rr == nil {
		return
	}
	legal := s.Legal(v.legal[:0])
	if len(legal) < 2 {
		return
	}
	v.vals = rr.RootValues(v.vals[:0])
	valued, chosen := 0, -1
	for i, x := range legal {
		v.v1000[i] = -1
		if x == a {
			chosen = i
		}
	}
	for _, rv := range v.vals {
		for i, x := range legal {
			if x == rv.Action && v.v1000[i] < 0 {
				v.v1000[i] = round1000(rv.Value)
				valued++
				break
			}
		}
	}
	if chosen < 0 || v.v1000[chosen] < 0 || valued < 2 {
		return
	}
	vc := v.v1000[chosen]
	best, second, other := int64(-1), int64(-1), int64(-1)
	for i := range legal {
		x := v.v1000[i]
		if x > best {
			best, second = x, best
		} else if x > second {
			second = x
		}
		if i != chosen {
			other = max(other, x)
		}
	}
	t := &agg.Agents[j]
	gap := best - second
	critical := gap > CriticalGap
	t.Decisions++
	t.Gap.Add(gap)
	if critical {
		t.Critical++
	}
	v.allT[j] += vc - other
	v.allM[j]++
	var avail uint64
	for i, x := range legal {
		v.cls[i] = v.classer.ActionClass(x)
		avail |= v.cls[i]
	}
	for m := avail; m != 0; m &= m - 1 {
		t.Classes[bits.TrailingZeros64(m)].Available++
	}
	for m := v.cls[chosen]; m != 0; m &= m - 1 {
		k := bits.TrailingZeros64(m)
		ct := &t.Classes[k]
		ct.Chosen++
		if critical {
			ct.Critical++
		}
		out := int64(-1) // the best value outside class k
		for i := range legal {
			if v.cls[i]&(1<<k) == 0 {
				out = max(out, v.v1000[i])
			}
		}
		if out < 0 {
			continue
		}
		loss := vc - out
		v.lossT[j*v.nClasses+k] += loss
		v.lossM[j*v.nClasses+k]++
		ct.LossHist.Add(loss)
	}
}

// endDecisions closes the game's clusters of losses (one per agent and class, every game,
// empty ones included).
func (v *valuer) endDecisions(agg *DecisionAgg) {
	for j := range agg.Agents {
		t := &agg.Agents[j]
		t.Loss.Add(v.allT[j], v.allM[j])
		v.allT[j], v.allM[j] = 0, 0
		for k := range t.Classes {
			i := j*v.nClasses + k
			t.Classes[k].Loss.Add(v.lossT[i], v.lossM[i])
			v.lossT[i], v.lossM[i] = 0, 0
		}
	}
}
