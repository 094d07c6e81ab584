package play

import (
	"fmt"
	"slices"

	"dragonlab/agents"
)

// Resume continues a saved, unfinished game exactly where it stopped: the game, rules,
// seed and seats of its header, every recorded decision replayed. The bots take their
// recorded decisions again (the same agents, the same random streams), so that from then
// on they play as they would have in the game never interrupted. c gives what a saved
// game does not hold: the hint agent, where to save, the pace.
func Resume(sg *SavedGame, c Config, con Console) (*Session, error) {
	h := sg.Header
	if sg.Final.Terminal() {
		return nil, fmt.Errorf("the saved game is over: dragonlab trace --replay shows it")
	}
	humans := 0
	fs := make([]agents.Factory, h.Players)
	for seat, spec := range h.Agents {
		if spec == Human {
			humans++
			continue
		}
		f, err := agents.Parse(spec)
		if err != nil {
			return nil, fmt.Errorf("seat %d: %w", seat, err)
		}
		fs[seat] = f
	}
	if humans == 0 {
		return nil, fmt.Errorf("no seat of the saved game is %q: it was not played with dragonlab play (trace --replay shows it)", Human)
	}
	c.Game, c.Params, c.Players, c.Seed = sg.Game, sg.Params, h.Players, h.Seed
	c.Specs, c.Factories = slices.Clone(h.Agents), fs
	c.Offer = false
	ps := &Session{Config: c, con: con, onScreen: -1, index: h.Index, revealedAt: sg.Revealed, replaying: true}
	if err := ps.deal(); err != nil {
		return nil, err
	}
	last := make([]int, h.Players) // per seat: steps up to its last decision
	var differs []int
	for i, a := range sg.Actions {
		seat := ps.s.ToMove()
		if ps.Specs[seat] != Human {
			if got := ps.bots[seat].Act(ps.s, &ps.rngs[seat]); got != a {
				differs = append(differs, i+1)
			}
		}
		ps.apply(seat, a)
		last[seat] = i + 1
	}
	for seat := range ps.Specs {
		if ps.Specs[seat] == Human && last[seat] > 0 {
			ps.seen[seat], ps.dealt[seat] = last[seat], true
		}
	}
	ps.replaying = false
	ps.resumed = len(sg.Actions)
	if sg.Revealed >= 0 {
		ps.revealNote = fmt.Sprintf("this game was revealed (every hand and pile shown) after %d decisions", sg.Revealed)
	}
	if len(differs) > 0 {
		ps.warning = fmt.Sprintf("the bots chose differently from the saved game at step %d (another dragonlab version?): "+
			"the game goes on from the saved position, but not as it would have uninterrupted", differs[0])
	}
	return ps, nil
}
